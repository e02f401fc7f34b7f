// Shared by notices.pb.js: a content manager's save turned into one notice for all followers
// (pb_migrations/1795302410_notices.js says what a notice holds).
//
// A class's edits merge into its notice while that notice is not settled (the site settles it a
// few minutes after the last edit, Timing.NOTICE_SETTLE_S, and mails it then): a burst of edits
// is one notice, describing the class as it was before the first edit and as it is after the
// last; edits that undo each other leave no notice at all. A failure here is logged and never
// fails the content manager's save.

const CLASS_FIELDS = ["date", "duration", "zoom"];

function classSnapshot(record) {
  return {
    name: record.getString("name"),
    date: record.getString("date"),
    duration: record.getInt("duration"),
    zoom: record.getString("zoom"),
  };
}

function json(record, field) {
  const raw = record.getString(field);
  if (!raw || raw === "null") return null;
  try {
    return JSON.parse(raw);
  } catch (e) {
    return null;
  }
}

function sameClass(a, b) {
  return CLASS_FIELDS.every((f) => String(a[f]) === String(b[f]));
}

function pending(collection, id) {
  try {
    return $app.findFirstRecordByFilter(
      "notices", "collection = {:c} && record = {:r} && settled = false && kind != 'class_reminder'",
      { c: collection, r: id },
    );
  } catch (e) {
    return null;
  }
}

// before / after: the class's snapshot before this save and after it (null: did not exist).
function classChange(teacher, id, before, after) {
  const open = pending("Classes", id);
  let first = before;
  if (open) {
    first = open.getString("kind") === "class_added" ? null : json(open, "before");
  }
  let kind = "class_changed";
  if (!first && !after) kind = "";
  else if (!first) kind = "class_added";
  else if (!after) kind = "class_cancelled";
  else if (sameClass(first, after)) kind = "";
  if (!kind) {
    if (open) $app.delete(open);
    return;
  }
  const notice = open || new Record($app.findCollectionByNameOrId("notices"));
  notice.set("kind", kind);
  notice.set("teacher", teacher);
  notice.set("collection", "Classes");
  notice.set("record", id);
  notice.set("before", first);
  notice.set("after", after);
  notice.set("settled", false);
  notice.set("changed", new DateTime());
  $app.save(notice);
}

function added(kind, fields, collection, id, after) {
  const notice = new Record($app.findCollectionByNameOrId("notices"));
  notice.set("kind", kind);
  for (const name in fields) notice.set(name, fields[name]);
  notice.set("collection", collection);
  notice.set("record", id);
  notice.set("after", after);
  notice.set("settled", false);
  notice.set("changed", new DateTime());
  $app.save(notice);
}

function safely(what, action) {
  try {
    action();
  } catch (err) {
    $app.logger().error("notices: not written", "change", what, "error", String(err));
  }
}

module.exports = { classChange, classSnapshot, added, safely, pending };
