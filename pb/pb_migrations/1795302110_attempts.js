/// <reference path="../pb_data/types.d.ts" />

// attempts: a student's marked practice sheets (/practice, issue 51), theirs alone.
//
// - user: whose; collection + record: the paper (OL_Items or AL_Items and its id: a plain pair,
//   so a later kind of paper needs no new field); answers: the options given, JSON
//   {"1": 3, "2": 5, ...} (a blank question is left out); score, total: marked by the site's
//   server from the key as it was when the sheet opened; seconds: time taken; sheet: the sheet's
//   own id, unique per user, so a replayed or doubled submit is stored once.
// - Rules: a student lists and views only their own; nobody creates, changes or deletes one
//   through the API (the site's server writes them with its superuser credential, so a score
//   never comes from a browser). A deleted user's attempts go with them.

const OWNER = '@request.auth.collectionName = "users" && @request.auth.id != "" && user = @request.auth.id';

migrate((app) => {
  const attempts = new Collection({
    type: "base",
    name: "attempts",
    listRule: OWNER,
    viewRule: OWNER,
    createRule: null,
    updateRule: null,
    deleteRule: null,
  });
  attempts.fields.add(new RelationField({
    name: "user", collectionId: app.findCollectionByNameOrId("users").id, maxSelect: 1, cascadeDelete: true, required: true,
  }));
  attempts.fields.add(new TextField({ name: "collection", required: true, max: 100 }));
  attempts.fields.add(new TextField({ name: "record", required: true, max: 40 }));
  attempts.fields.add(new JSONField({ name: "answers", maxSize: 16 * 1024 }));
  attempts.fields.add(new NumberField({ name: "score", onlyInt: true, min: 0 }));
  attempts.fields.add(new NumberField({ name: "total", onlyInt: true, min: 0 }));
  attempts.fields.add(new NumberField({ name: "seconds", onlyInt: true, min: 0 }));
  attempts.fields.add(new TextField({ name: "sheet", required: true, max: 40 }));
  attempts.fields.add(new AutodateField({ name: "created", onCreate: true, onUpdate: false }));
  attempts.fields.add(new AutodateField({ name: "updated", onCreate: true, onUpdate: true }));
  attempts.addIndex("idx_attempts_sheet", true, "`user`, `sheet`", "");
  attempts.addIndex("idx_attempts_paper", false, "`user`, `collection`, `record`, `created`", "");
  app.save(attempts);
}, (app) => {
  try {
    app.delete(app.findCollectionByNameOrId("attempts"));
  } catch (e) {
    // already gone
  }
});
