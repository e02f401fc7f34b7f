/// <reference path="../../pb_data/types.d.ts" />

// A per-account limit on password guesses, for every auth collection (users and _superusers).
//
// PocketBase's own rate limit counts per client address; an attacker with many addresses (or a
// forged X-Forwarded-For, see trusted_proxy.pb.js) still gets unlimited guesses at one account.
// Here each account (the record the identity names, else the identity itself, so an unknown
// name answers like a known one) may fail 10 times in 15 minutes from its first failure; until
// the window ends every sign-in to it, even with the right password, answers 429 with the
// minutes left (and the seconds in `data.retryAfter.message` and a Retry-After header).
// A wrong current password (`oldPassword` of a password change) and a wrong password confirming
// an e-mail change count in the same window, and a locked account refuses them too: a session
// alone (a shared phone) must not buy unlimited guesses at the password. (Issue 49.)
// A success clears the count. Counts live in memory: a restart forgives. sign_in_limit.js holds
// the counting and the limits.
//
// Handlers run in pooled JS runtimes, so everything they use is declared inside them.

onRecordAuthWithPasswordRequest((e) => {
  const limit = require(`${__hooks}/sign_in_limit.js`);
  const who = e.record ? e.record.id : String(e.identity || "").toLowerCase().slice(0, 200);
  const key = limit.accountKey(e.collection, who);
  limit.refuseWhenLocked(e.requestEvent, key); // (wrapped request event)
  try {
    e.next();
  } catch (err) {
    const status = err && err.status !== undefined ? err.status : err && err.value && err.value.status;
    if (status === 400) limit.countFailure(key);
    throw err;
  }
  limit.clearFailures(key);
});

// PATCH .../records/{id} with `oldPassword`, and POST .../confirm-email-change: the password is
// checked here against the stored record (PocketBase checks it again), before PocketBase's own
// validation, which runs before any record hook would.
routerUse(
  new Middleware((e) => {
    const method = e.request.method;
    const path = e.request.url.path;
    const update = method === "PATCH" ? /^\/api\/collections\/([^/]+)\/records\/([^/]+)\/?$/.exec(path) : null;
    const confirm = method === "POST" ? /^\/api\/collections\/([^/]+)\/confirm-email-change\/?$/.exec(path) : null;
    if (!update && !confirm) return e.next();

    let collection = null;
    try {
      collection = $app.findCollectionByNameOrId(update ? update[1] : confirm[1]);
    } catch (err) {
      collection = null;
    }
    // Only auth collections have passwords (a content manager's upload is not read twice).
    if (!collection || collection.type !== "auth") return e.next();

    const body = e.requestInfo().body || {};
    const password = String((update ? body.oldPassword : body.password) || "");
    let record = null;
    try {
      record = update
        ? $app.findRecordById(collection, update[2])
        : $app.findAuthRecordByToken(String(body.token || ""), "emailChange");
      if (!update && record.collection().id !== collection.id) record = null;
    } catch (err) {
      record = null; // no such collection, record or token: PocketBase answers as it does
    }
    if (!record || (update && !password)) return e.next();

    const limit = require(`${__hooks}/sign_in_limit.js`);
    const key = limit.accountKey(record.collection(), record.id);
    limit.refuseWhenLocked(e, key);
    if (password && !record.validatePassword(password)) {
      limit.countFailure(key);
      return e.next(); // PocketBase's own 400 for the wrong password
    }
    e.next();
    if (password) limit.clearFailures(key);
  }, -9000, "studentPortalPasswordGuesses"),
);
