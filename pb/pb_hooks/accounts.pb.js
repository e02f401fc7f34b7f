/// <reference path="../pb_data/types.d.ts" />

// Accounts students make themselves (see pb_migrations/1795301700_accounts.js for the rules).
//
// - A sign-up (create without superuser auth) always gets the "basic" role, whatever the body
//   said (the create rule already refuses a body naming `role` or `verified`), and a language
//   among en/si/ta; then the verification mail goes out at once, so no client has to ask.
//   A failed send is logged, not answered: the student can ask for the mail again.
// - A sign-up with an address that already has an account answers as a new account does (200,
//   a record of the same shape, never saved) and mails the account's owner "you already have an
//   account" instead, at most 3 an hour (account_limits.js): the answer never tells whether an
//   address has an account, as /forgot-password never does (issue 49, finding 3).
// - Addresses are kept lower-case (users and superusers alike, however saved: sign-up, the admin
//   UI, an email change), so "FULL@Demo.lk" is the account "full@demo.lk": one account per
//   address, and signing in or changing to an address ignores its case (issue 49, finding 4;
//   pb_migrations/1795302000_lowercase_emails.js brought the older records along).
// - POST /api/student-portal/sign-out-everywhere: a new token key for the signed-in account,
//   so every token issued before (every device's session) stops working.
//
// Handlers run in pooled JS runtimes, so everything they use is declared inside them.

onRecordCreate((e) => {
  const email = e.record.email();
  if (email !== email.trim().toLowerCase()) e.record.setEmail(email.trim().toLowerCase());
  e.next();
}, "users", "_superusers");

onRecordUpdate((e) => {
  const email = e.record.email();
  if (email !== email.trim().toLowerCase()) e.record.setEmail(email.trim().toLowerCase());
  e.next();
}, "users", "_superusers");

// An identity typed with capitals finds the account by its (lower-case) address.
onRecordAuthWithPasswordRequest((e) => {
  const identity = String(e.identity || "").trim();
  if (!e.record && identity.indexOf("@") > 0 && (!e.identityField || e.identityField === "email")) {
    try {
      e.record = $app.findAuthRecordByEmail(e.collection, identity.toLowerCase());
    } catch (err) {
      // no such account: PocketBase answers 400 as for any unknown identity
    }
  }
  e.next();
});

onRecordRequestEmailChangeRequest((e) => {
  const wanted = String(e.newEmail || "").trim().toLowerCase();
  let holder = null;
  try {
    holder = $app.findAuthRecordByEmail(e.collection, wanted);
  } catch (err) {
    holder = null;
  }
  if (holder) {
    // PocketBase's own answer for an address in use (its check compares the case as typed).
    throw new BadRequestError("An error occurred while validating the submitted data.", {
      newEmail: new ValidationError("validation_invalid_new_email", "Invalid new email address."),
    });
  }
  e.newEmail = wanted;
  e.next();
}, "users");

onRecordCreateRequest((e) => {
  if (!e.hasSuperuserAuth()) {
    e.record.set("role", "basic");
    e.record.set("verified", false);
    if (["en", "si", "ta"].indexOf(e.record.getString("language")) < 0) {
      e.record.set("language", "en");
    }
    const email = e.record.email().trim().toLowerCase();
    let owner = null;
    try {
      owner = email ? $app.findAuthRecordByEmail(e.collection, email) : null;
    } catch (err) {
      owner = null;
    }
    if (owner) {
      return require(`${__hooks}/account_mails.js`).answerAsSignedUp(e, owner);
    }
  }
  e.next();
  if (!e.hasSuperuserAuth() && !e.record.verified()) {
    try {
      $mails.sendRecordVerification($app, e.record);
    } catch (err) {
      $app.logger().error("sign-up: verification mail not sent", "recordId", e.record.id, "error", String(err));
    }
  }
}, "users");

routerAdd("POST", "/api/student-portal/sign-out-everywhere", (e) => {
  const record = e.auth;
  record.refreshTokenKey();
  $app.save(record);
  return e.noContent(204);
}, $apis.requireAuth("users"));
