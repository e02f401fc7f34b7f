/// <reference path="../../pb_data/types.d.ts" />

// Forwarded client addresses are believed only from the site itself.
//
// The site signs visitors in from its own server and passes each visitor's address in
// X-Forwarded-For, which our settings trust (so PocketBase's per-address sign-in limit counts
// visitors, not the site). Anyone else reaching PocketBase could put a fresh address in that
// header on every request and never be limited. So before anything else runs (the rate
// limiter included), the forwarding headers of a request whose peer is not a trusted proxy are
// dropped, and PocketBase sees the peer's own address.
//
// PB_TRUSTED_PROXIES: comma-separated peer addresses of the site's servers (default: this
// machine's loopback, 127.0.0.1 and ::1, where the bundled PocketBase listens).
routerUse(
  new Middleware((e) => {
    const configured = String($os.getenv("PB_TRUSTED_PROXIES") || "127.0.0.1,::1");
    const trusted = configured.split(",").map((s) => s.trim()).filter((s) => s);
    if (trusted.indexOf(e.remoteIP()) < 0) {
      for (const name of ["X-Forwarded-For", "X-Real-IP", "Forwarded", "CF-Connecting-IP", "Fly-Client-IP"]) {
        e.request.header.del(name);
      }
    }
    return e.next();
  }, -99999, "studentPortalTrustedProxy"),
);
