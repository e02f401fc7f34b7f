/// <reference path="../../pb_data/types.d.ts" />

// PocketBase's own scheduled backups, set from the environment at every start (so a deploy's
// configuration, not a click in the admin UI, decides them; docs/operations-backups.md).
//
// PB_BACKUP_CRON: when (PocketBase's cron syntax, UTC); default "30 21 * * *", 03:00 in Colombo.
//   "off" turns the schedule off.
// PB_BACKUP_KEEP: how many scheduled backups are kept (older ones are deleted); default 7.
// PB_BACKUP_S3_BUCKET (and _REGION, _ENDPOINT, _ACCESS_KEY, _SECRET, _FORCE_PATH_STYLE): keep
//   backups on S3-compatible storage instead of pb_data/backups (production).
//
// Every archive (scheduled, `make backup`, the admin UI's) leaves out what the site keeps in the
// data folder beside PocketBase's own data, secrets a backup has no need of (issue 49, finding 7):
// the search indexer's superuser password (.paper-indexer-password: the site makes a new one
// when it is missing), PocketBase's output log (pocketbase.log: it holds the superuser-installer
// link) and the development outbox (outbox/: its mails hold reset links); the site's start lock
// too. Each is the site's, not PocketBase's: a restore needs none of them.
onBackupCreate((e) => {
  e.exclude = [...e.exclude, ".paper-indexer-password", "pocketbase.log", "outbox", ".embedded.lock"];
  e.next();
});
onBootstrap((e) => {
  e.next();
  const env = (name, fallback) => String($os.getenv(name) || fallback);
  const settings = e.app.settings();
  const cron = env("PB_BACKUP_CRON", "30 21 * * *").trim();
  settings.backups.cron = cron === "off" ? "" : cron;
  settings.backups.cronMaxKeep = Math.max(1, parseInt(env("PB_BACKUP_KEEP", "7"), 10) || 7);
  const bucket = env("PB_BACKUP_S3_BUCKET", "").trim();
  settings.backups.s3.enabled = bucket !== "";
  if (bucket) {
    settings.backups.s3.bucket = bucket;
    settings.backups.s3.region = env("PB_BACKUP_S3_REGION", "");
    settings.backups.s3.endpoint = env("PB_BACKUP_S3_ENDPOINT", "");
    settings.backups.s3.accessKey = env("PB_BACKUP_S3_ACCESS_KEY", "");
    settings.backups.s3.secret = env("PB_BACKUP_S3_SECRET", "");
    settings.backups.s3.forcePathStyle = ["1", "true", "yes"].indexOf(env("PB_BACKUP_S3_FORCE_PATH_STYLE", "").toLowerCase()) >= 0;
  }
  try {
    e.app.save(settings);
  } catch (err) {
    // A wrong backup setting must not keep the site's content from being served: say so loudly.
    console.error("backups: settings refused, scheduled backups are NOT configured: " + err);
  }
});
