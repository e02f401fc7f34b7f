/// <reference path="../pb_data/types.d.ts" />

// Outgoing mail from the environment, applied at every start (the site's settings.py declares
// the variables; the site passes them to the PocketBase it starts, and a PocketBase run apart
// needs them in its own environment):
//   SMTP_HOST (unset: keep whatever the admin UI holds), SMTP_PORT (587), SMTP_USERNAME,
//   SMTP_PASSWORD, SMTP_TLS ("true": TLS from the first byte, as on port 465; otherwise
//   STARTTLS when the server offers it), MAIL_SENDER (the From address).
// The sender's name is the site's (pb_migrations/1795301700_accounts.js).

onBootstrap((e) => {
  e.next();
  const settings = $app.settings();
  let changed = false;
  const host = String($os.getenv("SMTP_HOST") || "").trim();
  if (host) {
    const port = parseInt(String($os.getenv("SMTP_PORT") || "587"), 10);
    settings.smtp.enabled = true;
    settings.smtp.host = host;
    settings.smtp.port = port > 0 && port < 65536 ? port : 587;
    settings.smtp.username = String($os.getenv("SMTP_USERNAME") || "");
    settings.smtp.password = String($os.getenv("SMTP_PASSWORD") || "");
    settings.smtp.tls = ["1", "true", "yes"].indexOf(String($os.getenv("SMTP_TLS") || "").toLowerCase()) >= 0;
    changed = true;
  }
  const sender = String($os.getenv("MAIL_SENDER") || "").trim();
  if (sender) {
    settings.meta.senderAddress = sender;
    changed = true;
  }
  if (changed) {
    $app.save(settings);
  }
});
