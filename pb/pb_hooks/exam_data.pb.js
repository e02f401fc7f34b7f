/// <reference path="../pb_data/types.d.ts" />

// POST /api/student-portal/exam-data (superusers only): the rows of one checked CSV file
// (student_portal/exams/import_csv.py, `make import-exam-data FILE=...`) saved in ONE transaction,
// so a file is loaded whole or not at all. A row whose key (year, stream, subject; or year,
// course, university, district) is already there gets the file's figures; the others are added.
// Body: {"kind": "statistics" | "cutoffs", "rows": [{...}, ...]}; answer {"created": n, "updated": n},
// or 400 {"message", "row"} (row: 1-based among the rows) when PocketBase refuses one, nothing saved.
//
// Handlers run in pooled JS runtimes, so everything they use is declared inside them.

routerAdd("POST", "/api/student-portal/exam-data", (e) => {
  const KINDS = {
    statistics: {
      collection: "Exam_Statistics",
      key: ["year", "stream", "subject"],
      fields: ["year", "stream", "subject", "mean", "sd"],
    },
    cutoffs: {
      collection: "Cut_Offs",
      key: ["year", "course", "university", "district"],
      fields: ["year", "course", "university", "district", "cutoff"],
    },
  };
  const body = e.requestInfo().body || {};
  const kind = KINDS[body.kind];
  const rows = body.rows;
  if (!kind || !Array.isArray(rows) || rows.length === 0) {
    return e.json(400, { message: "expected {kind: statistics|cutoffs, rows: [...]}", row: 0 });
  }
  const counts = { created: 0, updated: 0 };
  let failedRow = 0;
  try {
    e.app.runInTransaction((txApp) => {
      const collection = txApp.findCollectionByNameOrId(kind.collection);
      const filter = kind.key.map((name) => `${name} = {:${name}}`).join(" && ");
      rows.forEach((row, index) => {
        failedRow = index + 1;
        const params = {};
        for (const name of kind.key) params[name] = row[name];
        let record;
        try {
          record = txApp.findFirstRecordByFilter(kind.collection, filter, params);
          counts.updated++;
        } catch (notFound) {
          record = new Record(collection);
          counts.created++;
        }
        for (const name of kind.fields) record.set(name, row[name]);
        record.set("sample", false); // loaded from a file: the published figures
        txApp.save(record);
      });
    });
  } catch (err) {
    return e.json(400, { message: String(err), row: failedRow });
  }
  return e.json(200, counts);
}, $apis.requireSuperuserAuth());
