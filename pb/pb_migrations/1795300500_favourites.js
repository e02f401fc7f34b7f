/// <reference path="../pb_data/types.d.ts" />

// Favourites: the items a signed-in student saved (/saved). One record per saved item.
//
// One relation field per kind of item rather than a free "kind + id" pair, so that
// - PocketBase checks the item exists, and deletes the favourite when an admin deletes the item
//   (cascadeDelete): a deleted item simply leaves the list;
// - /saved reads everything in one request with `expand`, and PocketBase applies each item
//   collection's own view rule to what it expands (a note of a user who lost the notes role is
//   no longer shown).
//
// Rules: a user lists, views, creates and deletes only their own favourites (another's view is
// 404, their list is empty); nobody updates one. Create also requires that the user may view
// the item: the `kind` names exactly one relation, the others stay empty, and the kind's clause
// repeats its collection's view rule (relation validation only checks that the id exists).

const KINDS = {
  // kind: [relation field, target collection, extra condition the item's view rule needs]
  recording: ["recording", "Recordings", ""],
  ol_item: ["ol_item", "OL_Items", ""],
  al_item: ["al_item", "AL_Items", ""],
  note: ["note", "Notes", '(@request.auth.role = "notes" || @request.auth.role = "full")'],
  class_note: ["class_note", "Class_Notes", ""],
  class_recording: ["class_recording", "Class_Recordings", ""],
  job: ["job", "Jobs", ""],
  hotel: ["hotel", "Hotels", ""],
};

const OWNER = '@request.auth.collectionName = "users" && @request.auth.id != "" && user = @request.auth.id';

function createRule() {
  const fields = Object.values(KINDS).map((k) => k[0]);
  const clauses = Object.entries(KINDS).map(([kind, [field, , extra]]) => {
    const others = fields.filter((f) => f !== field).map((f) => `${f} = ""`);
    const parts = [`kind = "${kind}"`, `${field} != ""`, ...others];
    if (extra) parts.push(extra);
    return "(" + parts.join(" && ") + ")";
  });
  return `${OWNER} && (${clauses.join(" || ")})`;
}

migrate((app) => {
  const relation = (name, target, required) => new RelationField({
    name: name,
    collectionId: app.findCollectionByNameOrId(target).id,
    maxSelect: 1,
    cascadeDelete: true,
    required: !!required,
  });

  const favourites = new Collection({
    type: "base",
    name: "Favourites",
    listRule: OWNER,
    viewRule: OWNER,
    createRule: createRule(),
    updateRule: null,
    deleteRule: OWNER,
  });
  favourites.fields.add(relation("user", "users", true));
  favourites.fields.add(new SelectField({
    name: "kind", maxSelect: 1, required: true, values: Object.keys(KINDS),
  }));
  for (const [field, target] of Object.values(KINDS)) {
    favourites.fields.add(relation(field, target, false));
  }
  favourites.fields.add(new AutodateField({ name: "created", onCreate: true, onUpdate: false }));
  favourites.fields.add(new AutodateField({ name: "updated", onCreate: true, onUpdate: true }));
  // Saving the same item twice is refused (empty relations are stored as "").
  const columns = ["user", "kind", ...Object.values(KINDS).map((k) => k[0])].map((c) => "`" + c + "`");
  favourites.addIndex("idx_favourites_unique", true, columns.join(", "), "");
  app.save(favourites);
}, (app) => {
  try {
    app.delete(app.findCollectionByNameOrId("Favourites"));
  } catch (e) {
    // already gone
  }
});
