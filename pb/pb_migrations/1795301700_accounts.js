/// <reference path="../pb_data/types.d.ts" />

// Accounts students make themselves (sign up, verify, reset, change email) and their requests
// for access to Uni Notes.
//
// users:
// - anyone may create an account, but never with a `role` or `verified` in the body (the
//   `:isset` check also catches `role+`, `+role` and multipart bodies, as for updates); the
//   role is set to "basic" by pb_hooks/accounts.pb.js. `verified` becomes true only through the
//   mailed link (confirm-verification), or by a superuser.
// - `language` (en, si, ta): the language the student signed up in; the mails' texts and the
//   site links in them follow it (pb_hooks/account_mails.pb.js).
// - only verified accounts sign in (authRule): an unverified one with the right password gets
//   403, a wrong password stays 400, so the answer tells nothing to someone without it.
// - the password's length is written here (8-71, bcrypt's limit) because the site shows it
//   before submitting (student_portal/accounts/passwords.py, checked by an integration test).
//
// Access_Requests: "ask for access" on /notes. The owner creates and reads their own; nobody
// but a superuser updates or deletes (granting is a content manager's act in the admin UI).
// One request per user and access (a unique index): asking twice answers "already asked".
//
// Rate limits per client address (the site forwards each visitor's address, see
// 1795300200_settings.js): sign-ups, verification, password-reset and email-change mails.
// Limits per account are in pb_hooks/account_limits.pb.js.

const OWNER = '@request.auth.collectionName = "users" && @request.auth.id != "" && user = @request.auth.id';

const ACCOUNT_RATE_LIMITS = [
  { label: "users:create", audience: "@guest", maxRequests: 5, duration: 600 },
  { label: "*:requestVerification", audience: "", maxRequests: 5, duration: 600 },
  { label: "*:requestPasswordReset", audience: "", maxRequests: 5, duration: 600 },
  { label: "*:requestEmailChange", audience: "", maxRequests: 5, duration: 600 },
  { label: "*:confirmPasswordReset", audience: "", maxRequests: 10, duration: 600 },
  { label: "*:confirmVerification", audience: "", maxRequests: 10, duration: 600 },
  { label: "*:confirmEmailChange", audience: "", maxRequests: 10, duration: 600 },
];

migrate((app) => {
  const users = app.findCollectionByNameOrId("users");
  users.fields.add(new SelectField({ name: "language", maxSelect: 1, values: ["en", "si", "ta"] }));
  const password = users.fields.getByName("password");
  password.min = 8;
  password.max = 71;
  users.createRule = "@request.body.role:isset = false && @request.body.verified:isset = false";
  users.updateRule =
    "id = @request.auth.id && @request.body.role:isset = false && @request.body.verified:isset = false";
  users.authRule = "verified = true";
  app.save(users);

  const requests = new Collection({
    type: "base",
    name: "Access_Requests",
    listRule: OWNER,
    viewRule: OWNER,
    createRule: OWNER,
    updateRule: null,
    deleteRule: null,
  });
  requests.fields.add(new RelationField({
    name: "user",
    collectionId: users.id,
    maxSelect: 1,
    cascadeDelete: true,
    required: true,
  }));
  requests.fields.add(new SelectField({ name: "access", maxSelect: 1, required: true, values: ["notes"] }));
  requests.fields.add(new AutodateField({ name: "created", onCreate: true, onUpdate: false }));
  requests.fields.add(new AutodateField({ name: "updated", onCreate: true, onUpdate: true }));
  requests.addIndex("idx_access_requests_unique", true, "`user`, `access`", "");
  app.save(requests);

  const settings = app.settings();
  settings.meta.senderName = "Student Portal";
  const labels = ACCOUNT_RATE_LIMITS.map((rule) => rule.label);
  settings.rateLimits.rules = [
    ...settings.rateLimits.rules.filter((rule) => labels.indexOf(rule.label) < 0),
    ...ACCOUNT_RATE_LIMITS,
  ];
  app.save(settings);
}, (app) => {
  const settings = app.settings();
  const labels = ACCOUNT_RATE_LIMITS.map((rule) => rule.label);
  settings.rateLimits.rules = settings.rateLimits.rules.filter((rule) => labels.indexOf(rule.label) < 0);
  app.save(settings);

  try {
    app.delete(app.findCollectionByNameOrId("Access_Requests"));
  } catch (e) {
    // already gone
  }

  const users = app.findCollectionByNameOrId("users");
  users.fields.removeByName("language");
  users.createRule = null;
  users.updateRule = "id = @request.auth.id && @request.body.role:isset = false";
  users.authRule = "";
  app.save(users);
});
