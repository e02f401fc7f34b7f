/// <reference path="../pb_data/types.d.ts" />

// deliveries: one notice to be mailed to one student (issue 53), so that a student is never
// mailed the same notice twice (unique per user and notice) and a failed mail is never lost:
// it stays pending with its attempts and next try (back-off), then failed, visible in the admin
// UI. Written and read by the site's server only (no API rules).
//
// - mode: now (mailed as soon as the notice settles), daily or weekly (a digest);
// - state: pending, sent, failed; attempts, next_try, sent_at, error (the last failure).

migrate((app) => {
  const relation = (name, target) => new RelationField({
    name: name, collectionId: app.findCollectionByNameOrId(target).id, maxSelect: 1, cascadeDelete: true, required: true,
  });
  const deliveries = new Collection({
    type: "base",
    name: "deliveries",
    listRule: null,
    viewRule: null,
    createRule: null,
    updateRule: null,
    deleteRule: null,
  });
  deliveries.fields.add(relation("user", "users"));
  deliveries.fields.add(relation("notice", "notices"));
  deliveries.fields.add(new SelectField({ name: "mode", maxSelect: 1, required: true, values: ["now", "daily", "weekly"] }));
  deliveries.fields.add(new SelectField({ name: "state", maxSelect: 1, required: true, values: ["pending", "sent", "failed"] }));
  deliveries.fields.add(new NumberField({ name: "attempts", onlyInt: true, min: 0 }));
  deliveries.fields.add(new DateField({ name: "next_try" }));
  deliveries.fields.add(new DateField({ name: "sent_at" }));
  deliveries.fields.add(new TextField({ name: "error", max: 500 }));
  deliveries.fields.add(new AutodateField({ name: "created", onCreate: true, onUpdate: false }));
  deliveries.fields.add(new AutodateField({ name: "updated", onCreate: true, onUpdate: true }));
  deliveries.addIndex("idx_deliveries_once", true, "`user`, `notice`", "");
  deliveries.addIndex("idx_deliveries_due", false, "`state`, `mode`, `next_try`", "");
  app.save(deliveries);
}, (app) => {
  try {
    app.delete(app.findCollectionByNameOrId("deliveries"));
  } catch (e) {
    // already gone
  }
});
