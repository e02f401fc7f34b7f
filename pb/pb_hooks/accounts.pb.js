/// <reference path="../pb_data/types.d.ts" />

// Accounts students make themselves (see pb_migrations/1795301700_accounts.js for the rules).
//
// - A sign-up (create without superuser auth) always gets the "basic" role, whatever the body
//   said (the create rule already refuses a body naming `role` or `verified`), and a language
//   among en/si/ta; then the verification mail goes out at once, so no client has to ask.
//   A failed send is logged, not answered: the student can ask for the mail again.
// - POST /api/student-portal/sign-out-everywhere: a new token key for the signed-in account,
//   so every token issued before (every device's session) stops working.
//
// Handlers run in pooled JS runtimes, so everything they use is declared inside them.

onRecordCreateRequest((e) => {
  if (!e.hasSuperuserAuth()) {
    e.record.set("role", "basic");
    e.record.set("verified", false);
    if (["en", "si", "ta"].indexOf(e.record.getString("language")) < 0) {
      e.record.set("language", "en");
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
