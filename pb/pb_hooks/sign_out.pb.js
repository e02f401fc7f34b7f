/// <reference path="../../pb_data/types.d.ts" />

// Signing out ends the token (the site's Logout calls this with the student's token).
//
// A PocketBase auth token is signed with the record's tokenKey and lasts 5 days (refreshed as it
// is used); PocketBase itself forgets nothing on a client's logout, so a token copied before it
// (a proxy log, a shared phone) kept opening /notes afterwards. A new tokenKey makes every token
// issued to this account until now invalid: this device and any other signs in again.
routerAdd(
  "POST",
  "/api/site/sign-out",
  (e) => {
    const record = e.auth;
    record.refreshTokenKey();
    e.app.save(record);
    return e.noContent(204);
  },
  $apis.requireAuth("users"),
);
