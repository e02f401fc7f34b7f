/// <reference path="../pb_data/types.d.ts" />

// The exam tools' figures (/z-score, /cut-offs), kept by content managers: public to read,
// written by superusers only (the admin UI, or `make import-exam-data FILE=...`, which goes
// through pb/pb_hooks/exam_data.pb.js in one transaction).
//
// - Exam_Statistics: per year, stream and subject, the mean and standard deviation of the raw
//   marks, as the Department of Examinations publishes them.
// - Cut_Offs: per year, course (with its university) and district, the cut-off Z-score the
//   University Grants Commission publishes.
// Each key is unique (an import replaces a row's figures instead of adding a second one).
// `sample` marks figures that are not official: the demo's, shown with a warning.
//
// Names have no length limit here (the CSV checks have one): what the admin UI lets through, the
// pages show whole.
// Streams and districts are fixed keys (the site translates their names); subjects, courses and
// universities are shown as the content has them.

const STREAMS = ["physical_science", "biological_science", "commerce", "arts", "technology"];
const DISTRICTS = [
  "Colombo", "Gampaha", "Kalutara", "Kandy", "Matale", "Nuwara Eliya", "Galle", "Matara",
  "Hambantota", "Jaffna", "Kilinochchi", "Mannar", "Vavuniya", "Mullaitivu", "Batticaloa",
  "Ampara", "Trincomalee", "Kurunegala", "Puttalam", "Anuradhapura", "Polonnaruwa", "Badulla",
  "Monaragala", "Ratnapura", "Kegalle",
];

// Sample figures for the demo (2024, with the year before for the cut-offs): made up to look
// like the published ones, NOT the official figures (every record says sample: true).
function examData() {
  const demo = require(`${__hooks}/demo_seed.js`);
  const statistics = [
    ["physical_science", "Combined Mathematics", 38.2, 22.1],
    ["physical_science", "Physics", 41.5, 19.8],
    ["physical_science", "Chemistry", 44.0, 20.3],
    ["physical_science", "Information & Communication Technology", 46.1, 17.5],
    ["biological_science", "Biology", 45.3, 18.9],
    ["biological_science", "Chemistry", 43.1, 20.0],
    ["biological_science", "Physics", 40.2, 19.1],
    ["biological_science", "Agricultural Science", 48.0, 16.2],
    ["commerce", "Accounting", 47.5, 21.0],
    ["commerce", "Business Studies", 50.2, 16.8],
    ["commerce", "Economics", 44.6, 18.4],
    ["commerce", "Information & Communication Technology", 45.0, 17.9],
  ].map(([stream, subject, mean, sd], i) => ({
    id: demo.sid("examstat", i + 1),
    data: { year: 2024, stream: stream, subject: subject, mean: mean, sd: sd, sample: true },
  }));
  const courses = [
    ["Medicine", "University of Colombo", 1.92],
    ["Medicine", "University of Peradeniya", 1.88],
    ["Dental Surgery", "University of Peradeniya", 1.79],
    ["Engineering", "University of Moratuwa", 1.74],
    ["Engineering", "University of Peradeniya", 1.68],
    ["Computer Science", "University of Colombo School of Computing", 1.61],
    ["Management", "University of Sri Jayewardenepura", 1.21],
    ["Commerce", "University of Kelaniya", 1.12],
    ["Biological Science", "University of Jaffna", 0.98],
    ["Physical Science", "University of Ruhuna", 0.87],
  ];
  const districts = [["Colombo", 0.153], ["Kandy", 0.042], ["Jaffna", -0.261]];
  const cutOffs = [];
  for (const [year, shift] of [[2023, -0.037], [2024, 0]]) {
    for (const [district, offset] of districts) {
      for (const [course, university, base] of courses) {
        cutOffs.push({
          id: demo.sid("cutoff", cutOffs.length + 1),
          data: {
            year: year, course: course, university: university, district: district,
            cutoff: Math.round((base + offset + shift) * 10000) / 10000, sample: true,
          },
        });
      }
    }
  }
  return [["Exam_Statistics", statistics], ["Cut_Offs", cutOffs]];
}

migrate((app) => {
  const common = (name, fields, indexes) => new Collection({
    type: "base",
    name: name,
    listRule: "",
    viewRule: "",
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { type: "number", name: "year", required: true, onlyInt: true, min: 2000, max: 2100 },
      ...fields,
      { type: "bool", name: "sample" },
      { type: "autodate", name: "created", onCreate: true, onUpdate: false },
      { type: "autodate", name: "updated", onCreate: true, onUpdate: true },
    ],
    indexes: indexes,
  });
  app.save(common("Exam_Statistics", [
    { type: "select", name: "stream", required: true, maxSelect: 1, values: STREAMS },
    { type: "text", name: "subject", required: true },
    // A number field's "required" refuses 0: the mean may be 0 in principle, so it is not.
    { type: "number", name: "mean", min: 0, max: 100 },
    { type: "number", name: "sd", required: true, min: 0.01, max: 100 },
  ], ["CREATE UNIQUE INDEX idx_exam_statistics_key ON Exam_Statistics (year, stream, subject)"]));
  app.save(common("Cut_Offs", [
    { type: "text", name: "course", required: true },
    { type: "text", name: "university", required: true },
    { type: "select", name: "district", required: true, maxSelect: 1, values: DISTRICTS },
    // Not required: a cut-off of exactly 0 is a real one (required would refuse it).
    { type: "number", name: "cutoff", min: -5, max: 5 },
  ], [
    "CREATE UNIQUE INDEX idx_cut_offs_key ON Cut_Offs (year, course, university, district)",
    "CREATE INDEX idx_cut_offs_district ON Cut_Offs (district, year)",
  ]));
  require(`${__hooks}/demo_seed.js`).seed(app, examData());
}, (app) => {
  app.delete(app.findCollectionByNameOrId("Cut_Offs"));  // their records go with them
  app.delete(app.findCollectionByNameOrId("Exam_Statistics"));
});
