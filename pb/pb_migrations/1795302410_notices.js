/// <reference path="../pb_data/types.d.ts" />

// notices: what changed, once per change, for everyone who follows it (issue 53). Written by
// PocketBase's own hooks (pb_hooks/notices.pb.js) when a content manager saves a class, a class
// note or recording, an O/L or A/L paper or note, or a job; and class reminders by the site's
// server. Never one per follower: a student's bell and /notices pick the notices of what they
// follow (the site's server, from its shared cache).
//
// - kind: class_added, class_changed, class_cancelled, class_reminder, new_class_note,
//   new_class_recording, new_item, new_job. before / after: what the site needs to describe it
//   (a class's name, date, duration and Zoom link before the change and after it; an item's
//   title and type; a job's title, company, location and contract), in Colombo time and the
//   reader's language at reading time (student_portal/notices/describe.py).
// - teacher / ol_folder / al_folder: whose it is (cascadeDelete: a deleted teacher or folder
//   takes its notices); collection + record: the record changed.
// - changed: when it happened (the last edit merged into it); the bell and the order use it.
// - settled: false while edits to the same record still merge into it (a burst of edits is one
//   notice); the site settles it a few minutes after the last edit, then mails it.
// - Public to read: every notice describes public content (the schedule, folders, jobs are
//   public); nobody writes them through the API.
//
// users get: notices_seen (when they last opened /notices), mail_classes and mail_other (none,
// now, daily, weekly; "" is the default: class changes at once, the rest weekly). Written by the
// site's server only (the users update rule refuses them from a browser).

function demoNotices() {
  const demo = require(`${__hooks}/demo_seed.js`);
  const at = (days, hour) => {
    const d = new Date();
    d.setUTCHours(hour, 30, 0, 0);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().replace("T", " ");
  };
  return [
    ["notices", [
      {
        id: demo.sid("notice", 1),
        data: {
          kind: "class_changed", teacher: demo.sid("teacher", 1), collection: "Classes", record: demo.sid("class", 9),
          before: { name: "Combined Maths - Theory: Vectors", date: at(3, 3), duration: 120, zoom: "" },
          after: { name: "Combined Maths - Theory: Vectors", date: at(4, 4), duration: 120, zoom: "" },
          settled: true, changed: at(-1, 5),
        },
      },
      {
        id: demo.sid("notice", 2),
        data: {
          kind: "new_item", ol_folder: demo.sid("olfolder", 1), collection: "OL_Items", record: "",
          after: { title: "2025 Paper I", type: "paper" }, settled: true, changed: at(-2, 6),
        },
      },
      {
        id: demo.sid("notice", 3),
        data: {
          kind: "new_job", collection: "Jobs", record: demo.sid("job", 1),
          after: { title: "Trainee Software Engineer", company: "LankaSoft Solutions (Pvt) Ltd", location: "Colombo 03", contract: "Full Time" },
          settled: true, changed: at(-3, 7),
        },
      },
    ]],
  ];
}

migrate((app) => {
  const relation = (name, target) => new RelationField({
    name: name, collectionId: app.findCollectionByNameOrId(target).id, maxSelect: 1, cascadeDelete: true,
  });
  const notices = new Collection({
    type: "base",
    name: "notices",
    listRule: "",
    viewRule: "",
    createRule: null,
    updateRule: null,
    deleteRule: null,
  });
  notices.fields.add(new SelectField({
    name: "kind", maxSelect: 1, required: true,
    values: [
      "class_added", "class_changed", "class_cancelled", "class_reminder",
      "new_class_note", "new_class_recording", "new_item", "new_job",
    ],
  }));
  notices.fields.add(relation("teacher", "Teachers"));
  notices.fields.add(relation("ol_folder", "OLFolders"));
  notices.fields.add(relation("al_folder", "ALFolders"));
  notices.fields.add(new TextField({ name: "collection", max: 60 }));
  notices.fields.add(new TextField({ name: "record", max: 40 }));
  notices.fields.add(new JSONField({ name: "before", maxSize: 4096 }));
  notices.fields.add(new JSONField({ name: "after", maxSize: 4096 }));
  notices.fields.add(new BoolField({ name: "settled" }));
  // When the change happened (its last edit): settling a notice updates it, and must not make
  // it new again for students who saw it.
  notices.fields.add(new DateField({ name: "changed" }));
  notices.fields.add(new AutodateField({ name: "created", onCreate: true, onUpdate: false }));
  notices.fields.add(new AutodateField({ name: "updated", onCreate: true, onUpdate: true }));
  notices.addIndex("idx_notices_record", false, "`collection`, `record`, `settled`", "");
  // One reminder per class (the site's scheduler may run on several workers at once).
  notices.addIndex("idx_notices_reminder", true, "`record`", "kind = 'class_reminder'");
  app.save(notices);

  const users = app.findCollectionByNameOrId("users");
  const choices = ["none", "now", "daily", "weekly"];
  users.fields.add(new DateField({ name: "notices_seen" }));
  users.fields.add(new SelectField({ name: "mail_classes", maxSelect: 1, values: choices }));
  users.fields.add(new SelectField({ name: "mail_other", maxSelect: 1, values: choices }));
  const refuse = ["notices_seen", "mail_classes", "mail_other"].map((f) => `@request.body.${f}:isset = false`);
  users.updateRule = `${users.updateRule} && ${refuse.join(" && ")}`;
  app.save(users);

  require(`${__hooks}/demo_seed.js`).seed(app, demoNotices());
}, (app) => {
  try {
    app.delete(app.findCollectionByNameOrId("notices"));
  } catch (e) {
    // already gone
  }
  const users = app.findCollectionByNameOrId("users");
  for (const f of ["notices_seen", "mail_classes", "mail_other"]) users.fields.removeByName(f);
  users.updateRule = users.updateRule.split(" && @request.body.notices_seen:isset")[0];
  app.save(users);
});
