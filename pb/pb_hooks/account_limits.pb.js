/// <reference path="../pb_data/types.d.ts" />

// Per-account limits on account mails, beside PocketBase's per-address rate limits
// (pb_migrations/1795301700_accounts.js) and its own two-minute pause between two mails of one
// kind to one account. Many addresses can still name one account: here each account gets at
// most MAX_MAILS verification or password-reset mails (each kind counted apart) in WINDOW_MS.
//
// Past the limit the request answers exactly as a sent one (204) but sends nothing: an unknown
// address answers 204 too, so the answer never tells whether an account exists. An email
// change is asked for by the signed-in owner, who may be told: 429 with the minutes left.
// Counts live in memory: a restart forgives.

onRecordRequestVerificationRequest((e) => {
  const { accountMailAllowed } = require(`${__hooks}/account_limits.js`);
  if (e.record && !accountMailAllowed("verification", e.record).allowed) {
    return e.noContent(204);
  }
  e.next();
}, "users");

onRecordRequestPasswordResetRequest((e) => {
  const { accountMailAllowed } = require(`${__hooks}/account_limits.js`);
  if (e.record && !accountMailAllowed("passwordReset", e.record).allowed) {
    return e.noContent(204);
  }
  e.next();
}, "users");

onRecordRequestEmailChangeRequest((e) => {
  const { accountMailAllowed } = require(`${__hooks}/account_limits.js`);
  const answer = e.record ? accountMailAllowed("emailChange", e.record) : { allowed: true };
  if (!answer.allowed) {
    const minutes = Math.ceil(answer.seconds / 60);
    e.requestEvent.response.header().set("Retry-After", String(answer.seconds)); // (wrapped request event)
    throw new TooManyRequestsError("Too many emails for this account, try again in " + minutes + " minutes.", {
      retryAfter: new ValidationError("too_many_mails", String(answer.seconds)),
    });
  }
  e.next();
}, "users");
