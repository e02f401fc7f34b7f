/// <reference path="../../pb_data/types.d.ts" />

// A per-account limit on password sign-in, for every auth collection (users and _superusers).
//
// PocketBase's own rate limit counts per client address; an attacker with many addresses (or a
// forged X-Forwarded-For, see trusted_proxy.pb.js) still gets unlimited guesses at one account.
// Here each account (the record the identity names, else the identity itself, so an unknown
// name answers like a known one) may fail MAX_FAILURES times in a WINDOW_MS window that starts
// with its first failure; until the window ends every sign-in to it, even with the right
// password, answers 429 with the minutes left (and the seconds in `data.retryAfter.message` and a
// Retry-After header).
// A success clears the count. Counts live in memory: a restart forgives.
//
// Handlers run in pooled JS runtimes, so everything they use is declared inside them.

onRecordAuthWithPasswordRequest((e) => {
  const MAX_FAILURES = 10;
  const WINDOW_MS = 15 * 60 * 1000;
  const MAX_TRACKED = 100000; // accounts counted at once: attacker-chosen names stay bounded
  const PREFIX = "signInLimit:";

  const store = $app.store();
  const who = e.record ? e.record.id : String(e.identity || "").toLowerCase().slice(0, 200);
  const key = PREFIX + e.collection.id + ":" + who;
  const now = Date.now();

  const current = store.get(key);
  if (current && current.until > now && current.failures >= MAX_FAILURES) {
    const seconds = Math.ceil((current.until - now) / 1000);
    const minutes = Math.ceil(seconds / 60);
    e.requestEvent.response.header().set("Retry-After", String(seconds)); // (wrapped request event)
    throw new TooManyRequestsError(
      "Too many attempts, try again in " + minutes + (minutes === 1 ? " minute." : " minutes."),
      { retryAfter: new ValidationError("too_many_attempts", String(seconds)) },
    );
  }

  try {
    e.next();
  } catch (err) {
    const status = err && err.status !== undefined ? err.status : err && err.value && err.value.status;
    if (status === 400) {
      const fresh = !current || current.until <= now;
      const next = fresh ? { failures: 1, until: now + WINDOW_MS } : { failures: current.failures + 1, until: current.until };
      if (!store.setIfLessThanLimit(key, next, MAX_TRACKED)) {
        // Full: forget windows that ended, then count this one.
        for (const k of Object.keys(store.getAll())) {
          const v = store.get(k);
          if (k.startsWith(PREFIX) && (!v || v.until <= now)) store.remove(k);
        }
        store.setIfLessThanLimit(key, next, MAX_TRACKED);
      }
    }
    throw err;
  }
  if (current) store.remove(key);
});
