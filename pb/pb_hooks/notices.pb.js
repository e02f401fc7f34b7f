/// <reference path="../../pb_data/types.d.ts" />

// A content manager's save becomes a notice for everyone who follows it (issue 53): a class
// added, changed (time, length, Zoom link) or cancelled (deleted); a class note or recording
// added; an O/L or A/L paper or note added; a job added. Request hooks: a save through the API
// or the admin UI tells followers; records written by migrations (the demo data, an import)
// and cascade deletes (a teacher's classes going with the teacher) tell nobody. The work is in
// notices.js; the notice is written once the save succeeded.

onRecordCreateRequest((e) => {
  e.next();
  const n = require(`${__hooks}/notices.js`);
  n.safely("class added", () => n.classChange(e.record.getString("teacher"), e.record.id, null, n.classSnapshot(e.record)));
}, "Classes");

onRecordUpdateRequest((e) => {
  const n = require(`${__hooks}/notices.js`);
  const before = n.classSnapshot(e.record.original());
  e.next();
  n.safely("class changed", () => n.classChange(e.record.getString("teacher"), e.record.id, before, n.classSnapshot(e.record)));
}, "Classes");

onRecordDeleteRequest((e) => {
  const n = require(`${__hooks}/notices.js`);
  const before = n.classSnapshot(e.record);
  const teacher = e.record.getString("teacher");
  e.next();
  n.safely("class cancelled", () => n.classChange(teacher, e.record.id, before, null));
}, "Classes");

onRecordCreateRequest((e) => {
  e.next();
  const n = require(`${__hooks}/notices.js`);
  const kind = e.record.collection().name === "Class_Notes" ? "new_class_note" : "new_class_recording";
  n.safely(kind, () => n.added(
    kind, { teacher: e.record.getString("teacher") }, e.record.collection().name, e.record.id,
    { name: e.record.getString("name") },
  ));
}, "Class_Notes", "Class_Recordings");

onRecordCreateRequest((e) => {
  e.next();
  const n = require(`${__hooks}/notices.js`);
  const name = e.record.collection().name;
  const folder = name === "OL_Items" ? "ol_folder" : "al_folder";
  if (!e.record.getString("folder")) return;
  n.safely("new item", () => n.added(
    "new_item", { [folder]: e.record.getString("folder") }, name, e.record.id,
    { title: e.record.getString("title"), type: e.record.getString("type") },
  ));
}, "OL_Items", "AL_Items");

onRecordCreateRequest((e) => {
  e.next();
  const n = require(`${__hooks}/notices.js`);
  n.safely("new job", () => n.added("new_job", {}, "Jobs", e.record.id, {
    title: e.record.getString("title"),
    company: e.record.getString("company"),
    location: e.record.getString("location"),
    contract: e.record.getString("contract"),
  }));
}, "Jobs");
