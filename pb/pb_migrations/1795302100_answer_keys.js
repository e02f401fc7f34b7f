/// <reference path="../pb_data/types.d.ts" />

// Answer keys for practising MCQ papers (/practice, issue 51). O/L and A/L items get:
// - answers: the key as typed ("1-3, 2-5, 3-1" or "3 5 1 4", x for a cancelled question),
//   refused when unreadable by pb/pb_hooks/answer_keys.pb.js;
// - explanations: optional, one per line, "12: because ...";
// - minutes: the paper's time (empty: no timer);
// - marking_scheme: a PDF (the official marking scheme or model answers);
// - questions, options: written by the hook from the key (0: no key), public, so the site can
//   draw the sheet and link "Practise" without ever holding the key for the browser.
// answers and explanations are hidden fields: only superusers (the site's server, the admin UI)
// read them; the public API and realtime events leave them out.

const KEYED = ["OL_Items", "AL_Items"];

function keyedPapers(demo, keys) {
  const physicsKey =
    "2 5 5 2 2 2 5 3 4 5 4 5 5 3 5 3 4 3 4 1 1 1 5 3 1 4 2 3 5 3 3 4 2 1 4 2 x 1 1 1 5 1 2 5 4 1 4 4 2 3";
  const physicsWhy = [
    "1: Displacement per unit time is velocity; the other four are scalars or rates of a scalar.",
    "2: The units of Planck's constant are J s, i.e. kg m^2 s^-1.",
    "5: Momentum is conserved in the collision; kinetic energy is not.",
    "12: At the top of the path the vertical velocity is zero, but the acceleration is still g downwards.",
    "37: Cancelled by the Department of Examinations (two options were correct): marked right for everyone.",
    "50: Power = work / time = (m g h) / t.",
  ].join("\n");
  const scienceKey =
    "1-1, 2-4, 3-2, 4-3, 5-4, 6-4, 7-1, 8-4, 9-1, 10-4, 11-1, 12-4, 13-1, 14-3, 15-4, 16-1, 17-3, 18-4, 19-1, 20-4, " +
    "21-3, 22-2, 23-4, 24-4, 25-2, 26-1, 27-3, 28-4, 29-3, 30-4, 31-2, 32-3, 33-3, 34-3, 35-4, 36-2, 37-4, 38-2, 39-1, 40-3";
  const keyed = (data) => {
    const key = keys.parseKey(data.answers);
    return Object.assign(data, { questions: key.answers.length, options: key.options });
  };
  return [
    ["AL_Items", [
      {
        id: demo.sid("alitem", 13),
        data: keyed({
          folder: demo.sid("alfolder", 3),
          type: "paper",
          title: "2023 Physics - Paper I (MCQ)",
          description: "50 questions, 2 hours. Practise it here and get it marked.",
          varient: "Sinhala Medium",
          answers: physicsKey,
          explanations: physicsWhy,
          minutes: 120,
        }),
        files: { file: "al_physics_paper.pdf", image: "item_paper_3.jpg", marking_scheme: "al_physics_marking_scheme.pdf" },
      },
      {
        id: demo.sid("alitem", 14),
        data: {
          folder: demo.sid("alfolder", 2),
          type: "paper",
          title: "Combined Maths - Paper II (structured)",
          description: "Structured questions with the official marking scheme.",
          varient: "English Medium",
        },
        files: { file: "al_maths_paper.pdf", image: "item_paper_1.jpg", marking_scheme: "al_maths_marking_scheme.pdf" },
      },
    ]],
    ["OL_Items", [
      {
        id: demo.sid("olitem", 13),
        data: keyed({
          folder: demo.sid("olfolder", 2),
          type: "paper",
          title: "Science - Paper I (MCQ)",
          description: "40 questions, 1 hour. Practise it here and get it marked.",
          varient: "Sinhala Medium",
          answers: scienceKey,
          minutes: 60,
        }),
        files: { file: "ol_science_paper.pdf", image: "item_paper_2.jpg" },
      },
    ]],
  ];
}

migrate((app) => {
  for (const name of KEYED) {
    const collection = app.findCollectionByNameOrId(name);
    collection.fields.add(new TextField({
      name: "answers", hidden: true, max: 4000,
      help: "Answer key: 1-3, 2-5, 3-1 ... or 3 5 1 4 ...; x for a cancelled question (right for everyone).",
    }));
    collection.fields.add(new TextField({
      name: "explanations", hidden: true, max: 50000,
      help: "Optional, one per line: 12: because ...",
    }));
    collection.fields.add(new NumberField({ name: "minutes", onlyInt: true, min: 1, max: 600, help: "The paper's time; empty: no timer." }));
    collection.fields.add(new FileField({
      name: "marking_scheme", maxSelect: 1, maxSize: 20 * 1024 * 1024, mimeTypes: ["application/pdf"],
    }));
    collection.fields.add(new NumberField({ name: "questions", onlyInt: true, min: 0, help: "Filled in from the key when saved." }));
    collection.fields.add(new NumberField({ name: "options", onlyInt: true, min: 0, help: "Filled in from the key when saved." }));
    app.save(collection);
  }
  const demo = require(`${__hooks}/demo_seed.js`);
  demo.seed(app, keyedPapers(demo, require(`${__hooks}/answer_keys.js`)));
}, (app) => {
  const demo = require(`${__hooks}/demo_seed.js`);
  demo.unseed(app, keyedPapers(demo, require(`${__hooks}/answer_keys.js`)));
  for (const name of KEYED) {
    const collection = app.findCollectionByNameOrId(name);
    for (const field of ["answers", "explanations", "minutes", "marking_scheme", "questions", "options"]) {
      collection.fields.removeByName(field);
    }
    app.save(collection);
  }
});
