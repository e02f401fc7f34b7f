/// <reference path="../pb_data/types.d.ts" />

// App settings: name, rate limiting of sign-in, and the trusted proxy header.
//
// Rate limit: at most 10 password sign-ins per client address per 60 s; the 11th gets
// 429 "Too Many Requests.". The label "*:auth" matches the auth-with-password (and
// OAuth2/OTP) routes of every auth collection; PocketBase keeps a separate counter per
// collection and client IP, in a fixed window that refills once 60 s have passed since
// the last counted attempt. Superuser-authenticated requests are never limited. Our site server calls PocketBase for every
// visitor from one address, so it passes the visitor's address in X-Forwarded-For and
// PocketBase is told to trust that header (rightmost value, useLeftmostIP false).
//
// Consequence: anyone who can reach PocketBase directly can choose their own
// X-Forwarded-For. Keep PocketBase on loopback / a private network behind the site
// server (or a proxy that overwrites the header).
//
// Only the auth rule is set: PocketBase's default "/api/" rule (300 per 10 s per IP)
// would throttle the site server's shared content fetches.

migrate((app) => {
  const settings = app.settings();

  settings.meta.appName = "Student Portal";

  settings.rateLimits.enabled = true;
  settings.rateLimits.rules = [
    { label: "*:auth", audience: "", maxRequests: 10, duration: 60 },
  ];

  settings.trustedProxy.headers = ["X-Forwarded-For"];
  settings.trustedProxy.useLeftmostIP = false;

  app.save(settings);
}, (app) => {
  const settings = app.settings();

  settings.meta.appName = "Acme";
  settings.rateLimits.enabled = false;
  settings.rateLimits.rules = [
    { label: "*:auth", audience: "", maxRequests: 2, duration: 3 },
    { label: "*:create", audience: "", maxRequests: 20, duration: 5 },
    { label: "/api/batch", audience: "", maxRequests: 3, duration: 1 },
    { label: "/api/", audience: "", maxRequests: 300, duration: 10 },
  ];
  settings.trustedProxy.headers = [];
  settings.trustedProxy.useLeftmostIP = false;

  app.save(settings);
});
