// Shared by sign_in_limit.pb.js (a plain module: PocketBase loads only *.pb.js files as hooks).
//
// One count of wrong passwords per account, whichever way the password was tried: a sign-in, the
// current password of a password change (`oldPassword`), the password that confirms an e-mail
// change. MAX_FAILURES wrong ones in a WINDOW_MS window (from the first) lock the account until
// the window ends; then each of those requests answers 429, even with the right password.
//
// The counts live in PocketBase's in-memory store, at most PB_SIGN_IN_TRACKED_MAX accounts
// (default 100,000) so attacker-chosen names stay bounded. A full store forgets the windows that
// ended; if it is still full, an account it does not hold is refused (429) rather than tried
// uncounted: a flood of guesses at many names must not buy unlimited guesses at one.

const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60 * 1000;
const PREFIX = "signInLimit:";

function maxTracked() {
  const configured = parseInt(String($os.getenv("PB_SIGN_IN_TRACKED_MAX") || ""), 10);
  return configured > 0 ? configured : 100000;
}

function accountKey(collection, who) {
  return PREFIX + collection.id + ":" + who;
}

// Seconds the account stays locked (0: not locked).
function lockedSeconds(key) {
  const current = $app.store().get(key);
  const now = Date.now();
  if (current && current.until > now && current.failures >= MAX_FAILURES) {
    return Math.ceil((current.until - now) / 1000);
  }
  return 0;
}

// How many accounts the store holds is kept under COUNT_KEY (PocketBase's store holds entries of
// its own too): raised atomically when one is added, set exactly whenever a full store is swept.
const COUNT_KEY = "signInLimitCount";

// Whether a failure of this account could be counted: it is held already, or there is room
// (after forgetting the windows that ended).
function roomFor(key) {
  const store = $app.store();
  const limit = maxTracked();
  if (store.has(key) || (store.get(COUNT_KEY) || 0) < limit) return true;
  const now = Date.now();
  let held = 0;
  for (const k of Object.keys(store.getAll())) {
    if (!k.startsWith(PREFIX)) continue;
    const v = store.get(k);
    if (!v || v.until <= now) store.remove(k);
    else held++;
  }
  store.set(COUNT_KEY, held);
  return held < limit;
}

function countFailure(key) {
  const store = $app.store();
  const now = Date.now();
  const current = store.get(key);
  const next = !current || current.until <= now ? { failures: 1, until: now + WINDOW_MS } : { failures: current.failures + 1, until: current.until };
  if (!current && !roomFor(key)) return;
  store.set(key, next);
  if (!current) store.setFunc(COUNT_KEY, (old) => (old || 0) + 1);
}

function clearFailures(key) {
  const store = $app.store();
  if (!store.has(key)) return;
  store.remove(key);
  store.setFunc(COUNT_KEY, (old) => Math.max(0, (old || 0) - 1));
}

// The 429 a locked account (or a full store) answers: the minutes in the message, the seconds in
// `data.retryAfter.message` (the site's ClientResponseError.locked_for_s) and Retry-After.
function tooManyAttempts(requestEvent, seconds) {
  const minutes = Math.ceil(seconds / 60);
  requestEvent.response.header().set("Retry-After", String(seconds));
  return new TooManyRequestsError("Too many attempts, try again in " + minutes + (minutes === 1 ? " minute." : " minutes."), {
    retryAfter: new ValidationError("too_many_attempts", String(seconds)),
  });
}

// Throws the 429 when the account may not try a password now: locked, or not countable.
function refuseWhenLocked(requestEvent, key) {
  const seconds = lockedSeconds(key);
  if (seconds > 0) throw tooManyAttempts(requestEvent, seconds);
  if (!roomFor(key)) throw tooManyAttempts(requestEvent, Math.ceil(WINDOW_MS / 1000));
}

module.exports = { accountKey, refuseWhenLocked, countFailure, clearFailures };
