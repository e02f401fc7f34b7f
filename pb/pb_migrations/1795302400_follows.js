/// <reference path="../pb_data/types.d.ts" />

// follows: what a student follows to be told about it (issue 53): a teacher (their classes,
// notes and recordings), an O/L or A/L subject folder (new papers and notes), or jobs
// (optionally only those whose location or contract contains a word).
//
// - One relation field per kind of target, so PocketBase deletes the follow when an admin
//   deletes the teacher or folder (cascadeDelete): it simply leaves the student's list.
// - Rules: a student lists and views only their own; nobody creates, changes or deletes one
//   through the API: the site's server writes them with its superuser credential, after
//   checking the session and the cap (Limit.FOLLOWS). A deleted user's follows go with them.
// - The same thing followed twice is refused (a unique index; empty fields are stored as "").

const OWNER = '@request.auth.collectionName = "users" && @request.auth.id != "" && user = @request.auth.id';

migrate((app) => {
  const relation = (name, target, required) => new RelationField({
    name: name,
    collectionId: app.findCollectionByNameOrId(target).id,
    maxSelect: 1,
    cascadeDelete: true,
    required: !!required,
  });
  const follows = new Collection({
    type: "base",
    name: "follows",
    listRule: OWNER,
    viewRule: OWNER,
    createRule: null,
    updateRule: null,
    deleteRule: null,
  });
  follows.fields.add(relation("user", "users", true));
  follows.fields.add(new SelectField({
    name: "kind", maxSelect: 1, required: true, values: ["teacher", "ol_folder", "al_folder", "jobs"],
  }));
  follows.fields.add(relation("teacher", "Teachers", false));
  follows.fields.add(relation("ol_folder", "OLFolders", false));
  follows.fields.add(relation("al_folder", "ALFolders", false));
  follows.fields.add(new TextField({ name: "location", max: 80 }));
  follows.fields.add(new TextField({ name: "contract", max: 80 }));
  follows.fields.add(new AutodateField({ name: "created", onCreate: true, onUpdate: false }));
  follows.fields.add(new AutodateField({ name: "updated", onCreate: true, onUpdate: true }));
  follows.addIndex(
    "idx_follows_unique", true,
    "`user`, `kind`, `teacher`, `ol_folder`, `al_folder`, `location`, `contract`", "",
  );
  // The fan-out reads "who follows this teacher / folder" (issue 53's notices).
  follows.addIndex("idx_follows_teacher", false, "`teacher`", "");
  follows.addIndex("idx_follows_ol_folder", false, "`ol_folder`", "");
  follows.addIndex("idx_follows_al_folder", false, "`al_folder`", "");
  app.save(follows);
}, (app) => {
  try {
    app.delete(app.findCollectionByNameOrId("follows"));
  } catch (e) {
    // already gone
  }
});
