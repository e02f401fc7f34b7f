/// <reference path="../pb_data/types.d.ts" />

// The account mails (verification, password reset, email change) in the student's language,
// with links to the site's own pages (not PocketBase's), replacing the collection's templates.
//
// Texts come from mail_texts.json, written from the site's gettext catalogs by
// `python -m student_portal.accounts.mail_texts` (a unit test keeps it in step). The language
// is the one stored on the account at sign-up (`language`); the site's address is DEPLOY_URL,
// which the site passes to the PocketBase it starts (else PocketBase's own application URL).

onMailerRecordVerificationSend((e) => {
  require(`${__hooks}/account_mails.js`).accountMail("verification", e);
  e.next();
}, "users");

onMailerRecordPasswordResetSend((e) => {
  require(`${__hooks}/account_mails.js`).accountMail("password_reset", e);
  e.next();
}, "users");

onMailerRecordEmailChangeSend((e) => {
  require(`${__hooks}/account_mails.js`).accountMail("email_change", e);
  e.next();
}, "users");
