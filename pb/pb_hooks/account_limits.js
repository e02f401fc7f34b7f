// Shared by account_limits.pb.js (a plain module: PocketBase loads only *.pb.js files as hooks).
// `kind` and the record name one counter; see account_limits.pb.js for the limits' meaning.

function accountMailAllowed(kind, record) {
  const MAX_MAILS = 3;
  const WINDOW_MS = 60 * 60 * 1000;
  const MAX_TRACKED = 100000;
  const PREFIX = "accountMails:";
  const store = $app.store();
  const key = PREFIX + kind + ":" + record.id;
  const now = Date.now();
  const current = store.get(key);
  if (current && current.until > now && current.count >= MAX_MAILS) {
    return { allowed: false, seconds: Math.ceil((current.until - now) / 1000) };
  }
  const next = !current || current.until <= now ? { count: 1, until: now + WINDOW_MS } : { count: current.count + 1, until: current.until };
  if (!store.setIfLessThanLimit(key, next, MAX_TRACKED)) {
    for (const k of Object.keys(store.getAll())) {
      const v = store.get(k);
      if (k.startsWith(PREFIX) && (!v || v.until <= now)) store.remove(k);
    }
    store.setIfLessThanLimit(key, next, MAX_TRACKED);
  }
  return { allowed: true, seconds: 0 };
}

module.exports = { accountMailAllowed };
