/// <reference path="../../pb_data/types.d.ts" />

// What every migration with demo records shares (pb/pb_migrations/), loaded with
//   const demo = require(`${__hooks}/demo_seed.js`);
// (a plain .js file: PocketBase runs only *.pb.js files here as hooks).
//
// The conventions such a migration follows, and why:
// - Demo records come with a migration: the one that makes their collection, or a new one.
//   Migrations run once per database: records added to an applied migration would never reach
//   a database that already ran it.
// - PB_SKIP_DEMO_SEED=1 (or true, yes) before a production database's first start, and in the
//   tests' empty PocketBase (tests/support/pocketbases.py): `seed` adds nothing, and the
//   migration is still recorded as applied.
// - Record ids are fixed and readable, 15 characters a-z0-9: sid("job", 3) = "job000000000003".
// - Files come from pb/pb_seed (small generated images and PDFs, tools/make_seed_files.py),
//   found from $PB_SEED_DIR, the --migrationsDir argument (its sibling pb_seed/), the hooks dir
//   (__hooks/../pb_seed, __hooks/../pb/pb_seed) or the working directory (pb/pb_seed, pb_seed).
//
// `data` is a list of [collection, records] in save order (relation targets first); a record is
// {id, data: {field: value}, files: {field: "file in pb_seed"}, password: "for auth records"}.

function skipped() {
  const skip = String($os.getenv("PB_SKIP_DEMO_SEED") || "").toLowerCase();
  return skip === "1" || skip === "true" || skip === "yes";
}

function sid(prefix, n) {
  const digits = String(n);
  return prefix + "0".repeat(15 - prefix.length - digits.length) + digits;
}

function findSeedDir() {
  const candidates = [];
  const env = $os.getenv("PB_SEED_DIR");
  if (env) candidates.push(env);

  const cwd = $os.getwd();
  const abs = (p) => ($filepath.isAbs(p) ? p : $filepath.join(cwd, p));
  const args = $os.args || [];
  for (let i = 0; i < args.length; i++) {
    const a = String(args[i]);
    let dir = "";
    if ((a === "--migrationsDir" || a === "-migrationsDir") && i + 1 < args.length) dir = String(args[i + 1]);
    else if (a.indexOf("--migrationsDir=") === 0) dir = a.slice("--migrationsDir=".length);
    if (dir) candidates.push($filepath.join(abs(dir), "..", "pb_seed"));
  }
  candidates.push($filepath.join(__hooks, "..", "pb_seed"));
  candidates.push($filepath.join(__hooks, "..", "pb", "pb_seed"));
  candidates.push($filepath.join(cwd, "pb", "pb_seed"));
  candidates.push($filepath.join(cwd, "pb_seed"));

  for (const dir of candidates) {
    try {
      $os.stat($filepath.join(dir, "README.md"));
      return dir;
    } catch (e) {
      // try the next one
    }
  }
  throw new Error("seed files not found (tried " + candidates.join(", ") + "); set PB_SEED_DIR");
}

// The migration's up: save every record of `data`, unless PB_SKIP_DEMO_SEED is set.
function seed(app, data) {
  if (skipped()) {
    console.log("PB_SKIP_DEMO_SEED set: no demo data added");
    return;
  }
  let seedDir = "";
  for (const [collectionName, records] of data) {
    const collection = app.findCollectionByNameOrId(collectionName);
    for (const r of records) {
      const record = new Record(collection);
      record.set("id", r.id);
      for (const key of Object.keys(r.data || {})) {
        record.set(key, r.data[key]);
      }
      for (const field of Object.keys(r.files || {})) {
        seedDir = seedDir || findSeedDir();
        record.set(field, $filesystem.fileFromPath($filepath.join(seedDir, r.files[field])));
      }
      if (r.password) {
        record.setPassword(r.password);
        record.set("verified", true);
        record.set("emailVisibility", false);
      }
      app.save(record);
    }
  }
}

// The migration's down: delete the records of `data` that are still there, and their files.
function unseed(app, data) {
  const filePaths = [];
  for (const [collectionName, records] of [...data].reverse()) {
    for (const r of records) {
      let record;
      try {
        record = app.findRecordById(collectionName, r.id);
      } catch (e) {
        continue; // not there (never seeded, or already deleted by hand)
      }
      filePaths.push(record.baseFilesPath() + "/");
      app.delete(record);
    }
  }
  // PocketBase removes a deleted record's files in the background after the commit;
  // a short-lived `migrate down` process can exit first, so remove them here too.
  const fsys = app.newFilesystem();
  try {
    for (const prefix of filePaths) {
      fsys.deletePrefix(prefix);
    }
  } finally {
    fsys.close();
  }
}

module.exports = { skipped, sid, findSeedDir, seed, unseed };
