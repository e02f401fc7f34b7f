/// <reference path="../pb_data/types.d.ts" />

// history: what a signed-in student watched and read (/my-study, the home page's Continue row,
// issue 52), theirs alone.
//
// - user: whose; kind: "video" (a YouTube recording: record is its 11-character id, collection
//   empty) or "document" (a paper or note in the viewer: collection + record, as attempts name a
//   paper); title: as the page showed it; position: seconds reached in a recording, or the page
//   reached in a document; duration: a recording's length in seconds (0 when not known).
//   One entry per student and thing (a unique index): watching again moves the same entry.
// - Rules: a student lists and views only their own; nobody creates, changes or deletes one
//   through the API (the site's server writes them with its superuser credential after checking
//   the student's session, so the owner is never taken from a browser). A deleted user's history
//   goes with them.

const OWNER = '@request.auth.collectionName = "users" && @request.auth.id != "" && user = @request.auth.id';

migrate((app) => {
  const history = new Collection({
    type: "base",
    name: "history",
    listRule: OWNER,
    viewRule: OWNER,
    createRule: null,
    updateRule: null,
    deleteRule: null,
  });
  history.fields.add(new RelationField({
    name: "user", collectionId: app.findCollectionByNameOrId("users").id, maxSelect: 1, cascadeDelete: true, required: true,
  }));
  history.fields.add(new SelectField({ name: "kind", required: true, maxSelect: 1, values: ["video", "document"] }));
  history.fields.add(new TextField({ name: "collection", max: 100 }));
  history.fields.add(new TextField({ name: "record", required: true, max: 40 }));
  history.fields.add(new TextField({ name: "title", max: 300 }));
  history.fields.add(new NumberField({ name: "position", onlyInt: true, min: 0 }));
  history.fields.add(new NumberField({ name: "duration", onlyInt: true, min: 0 }));
  history.fields.add(new AutodateField({ name: "created", onCreate: true, onUpdate: false }));
  history.fields.add(new AutodateField({ name: "updated", onCreate: true, onUpdate: true }));
  history.addIndex("idx_history_thing", true, "`user`, `kind`, `collection`, `record`", "");
  history.addIndex("idx_history_recent", false, "`user`, `kind`, `updated`", "");
  app.save(history);
}, (app) => {
  try {
    app.delete(app.findCollectionByNameOrId("history"));
  } catch (e) {
    // already gone
  }
});
