/// <reference path="../pb/pb_data/types.d.ts" />

// A large, realistic catalog for measuring the site at size (issue 17): never part of the demo
// data. benchmarks/large_catalog.py copies this file next to the schema migrations of a
// throw-away PocketBase, which applies it on start (one transaction, a few seconds to a minute).
//
// LARGE_CATALOG_SCALE (env, default 1) multiplies every count; the browser tests use a small
// fraction so they stay quick. At 1: 20,000 recordings over 40 subjects, 10,000 O/L and A/L
// items over 40 folders, 2,000 jobs, 1,000 rooms over 25 cities, 2,000 products, 1,000 notes,
// 500 news and 500 articles. Records have no files (pictures would only copy one image
// thousands of times); their texts vary as real ones do. Ids are deterministic, so tests and
// benchmarks can name records.

migrate((app) => {
  const scale = Number($os.getenv("LARGE_CATALOG_SCALE") || "1") || 1;
  const count = (n) => Math.max(1, Math.round(n * scale));
  const id = (prefix, n) => {
    const digits = String(n);
    return prefix + "0".repeat(15 - prefix.length - digits.length) + digits;
  };
  const pick = (list, n) => list[n % list.length];

  const TOPICS = [
    "Differential Equations", "Complex Numbers", "Matrices", "Kinematics", "Electromagnetism",
    "Fluid Dynamics", "Organic Chemistry", "Electrochemistry", "Python Functions", "Computer Networks",
    "Microeconomics", "Macroeconomics", "Financial Accounting", "Cost Accounting", "Statistics",
    "Linear Algebra", "Thermodynamics", "Genetics", "Cell Biology", "Data Structures",
  ];
  const PARTS = ["Part 1", "Part 2", "Part 3", "revision", "past paper discussion", "කුප්පි", "முழு பாடம்"];
  const CITIES = [
    "Colombo", "Kandy", "Galle", "Jaffna", "Kurunegala", "Matara", "Negombo", "Anuradhapura", "Ratnapura",
    "Badulla", "Trincomalee", "Batticaloa", "Moratuwa", "Peradeniya", "Nugegoda", "Kelaniya", "Gampaha",
    "Kalutara", "Hambantota", "Polonnaruwa", "Vavuniya", "Matale", "Nuwara Eliya", "Chilaw", "Ampara",
  ];
  const MEDIUMS = ["Sinhala Medium", "Tamil Medium", "English Medium"];
  const VIDEO_IDS = ["qwK8jZfALhL", "SzFyCmmdKTx", "p_TkSF2RCdK", "hA6ILI8gJhe", "b-lk777PZnK", "LShuQjOud_-"];

  const save = (name, n, fill) => {
    const collection = app.findCollectionByNameOrId(name);
    for (let i = 1; i <= n; i++) {
      const record = new Record(collection);
      record.set("id", id(fill.prefix, i));
      const data = fill.data(i);
      for (const key in data) record.set(key, data[key]);
      app.saveNoValidate(record);
    }
  };

  const subjects = count(40);
  save("Subjects", subjects, { prefix: "lcsubject", data: (i) => ({ name: pick(TOPICS, i) + " " + Math.ceil(i / TOPICS.length) }) });
  save("Recordings", count(20000), {
    prefix: "lcrec",
    data: (i) => ({
      name: pick(TOPICS, i * 7) + " - " + pick(PARTS, i) + " #" + i,
      link: "https://www.youtube.com/watch?v=" + pick(VIDEO_IDS, i),
      subject: id("lcsubject", (i % subjects) + 1),
    }),
  });

  const folders = Math.max(2, count(40));
  const perLevel = Math.ceil(folders / 2);
  for (const [level, items, prefix] of [["OLFolders", "OL_Items", "lcol"], ["ALFolders", "AL_Items", "lcal"]]) {
    save(level, perLevel, { prefix: prefix + "folder", data: (i) => ({ name: pick(TOPICS, i) + " papers " + i }) });
    save(items, Math.ceil(count(10000) / 2), {
      prefix: prefix + "item",
      data: (i) => ({
        folder: id(prefix + "folder", (i % perLevel) + 1),
        type: i % 3 === 0 ? "note" : "paper",
        title: (i % 3 === 0 ? "Short note: " : "Past paper ") + pick(TOPICS, i) + " " + (2000 + (i % 25)),
        description: "Questions and model answers, " + pick(MEDIUMS, i),
        varient: pick(MEDIUMS, i),
      }),
    });
  }

  save("Jobs", count(2000), {
    prefix: "lcjob",
    data: (i) => ({
      title: pick(["Trainee", "Junior", "Intern", "Part-time", "Assistant"], i) + " " + pick(["Software Engineer", "Accountant", "Tutor", "Designer", "Data Analyst", "Sales Executive"], i * 3),
      company: "Company " + (i % 400),
      new: i % 5 === 0,
      featured: i % 17 === 0,
      postedAt: new Date(Date.UTC(2026, 0, 1) + i * 3600 * 1000).toISOString().replace("T", " "),
      contract: pick(["Full Time", "Part Time", "Internship", "Contract"], i),
      location: pick(CITIES, i),
      phoneNumber: "07" + String(10000000 + i).slice(-8),
      whatsappNumber: "07" + String(20000000 + i).slice(-8),
      email: "jobs" + i + "@example.lk",
      tags: [pick(TOPICS, i), pick(CITIES, i)],
    }),
  });

  const cities = Math.min(CITIES.length, count(25));
  save("Citys", cities, { prefix: "lccity", data: (i) => ({ name: CITIES[i - 1] }) });
  save("Hotels", count(1000), {
    prefix: "lchotel",
    data: (i) => ({
      name: "Boarding " + i + ", " + pick(CITIES, i % cities),
      city: id("lccity", (i % cities) + 1),
      gust: i % 5,
      rating: (i % 10) / 2,
      price: 5000 + (i % 40) * 500,
      reviewScore: (i % 100) / 10,
      contact: "07" + String(30000000 + i).slice(-8),
      whatsapp: "07" + String(40000000 + i).slice(-8),
    }),
  });

  const categories = 12;
  save("Categories", categories, { prefix: "lccategory", data: (i) => ({ name: "Category " + i }) });
  save("Products", count(2000), {
    prefix: "lcproduct",
    data: (i) => ({
      name: pick(["Past paper book", "Calculator", "Notebook", "Pen set", "Revision guide"], i) + " " + i,
      price: 100 + (i % 50) * 20,
      categories: [id("lccategory", (i % categories) + 1)],
    }),
  });

  save("Notes", count(1000), {
    prefix: "lcnote",
    data: (i) => ({ name: pick(TOPICS, i) + " lecture notes " + i, external: true, drive: "https://drive.google.com/file/d/lc" + i }),
  });
  save("News", count(500), {
    prefix: "lcnews",
    data: (i) => ({
      title: "Exam news " + i,
      excerpt: "Results, timetables and scholarships: update " + i,
      active: i % 2 === 0,
      content: "<p>Update " + i + " for students.</p>",
    }),
  });
  save("Articles", count(500), {
    prefix: "lcarticle",
    data: (i) => ({ conent: "<h2>Study guide " + i + "</h2><p>" + pick(TOPICS, i) + ": how to plan your revision.</p>" }),
  });
}, () => {
  // A throw-away data directory: nothing to undo.
});
