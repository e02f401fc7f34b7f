// Shared by notice_mail.pb.js (a handler sees only what it requires).

const LISTS = { classes: "mail_classes", other: "mail_other" };
const UNSUBSCRIBE_S = 90 * 24 * 3600;

function unsubscribeSecret() {
  return $app.findCollectionByNameOrId("users").verificationToken.secret + ":unsubscribe";
}

function sendNoticeMail(e) {
  const body = e.requestInfo().body || {};
  const list = String(body.list || "");
  if (!LISTS[list]) throw new Error("unknown list");
  const user = $app.findRecordById("users", String(body.user || ""));
  const token = $security.createJWT({ id: user.id, list: list, type: "unsubscribe" }, unsubscribeSecret(), UNSUBSCRIBE_S);
  const site = String($os.getenv("DEPLOY_URL") || $app.settings().meta.appURL || "").replace(/\/+$/, "");
  const prefix = { si: "/si", ta: "/ta" }[user.getString("language")] || "";
  const link = `${site}${prefix}/unsubscribe/${token}`;
  const fill = (text) => String(text || "").split("{unsubscribe}").join(link);
  const meta = $app.settings().meta;
  $app.newMailClient().send(new MailerMessage({
    from: { address: meta.senderAddress, name: meta.senderName },
    to: [{ address: user.email() }],
    subject: String(body.subject || ""),
    text: fill(body.text),
    html: fill(body.html),
    // RFC 8058: a mail app's own Unsubscribe button POSTs to the link (server/one_click_unsubscribe.py).
    headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  }));
  return e.json(200, { sent: true });
}

function unsubscribe(e) {
  const body = e.requestInfo().body || {};
  const refused = () => new BadRequestError("invalid or expired link");
  let claims;
  try {
    claims = $security.parseJWT(String(body.token || ""), unsubscribeSecret());
  } catch (err) {
    throw refused();
  }
  if (!claims || claims.type !== "unsubscribe" || !LISTS[claims.list]) throw refused();
  let user;
  try {
    user = $app.findRecordById("users", String(claims.id));
  } catch (err) {
    throw refused(); // the account is gone
  }
  user.set(LISTS[claims.list], "none");
  $app.save(user);
  return e.json(200, { list: claims.list });
}

// One notice's deliveries, in one transaction (10,000 followers: ten requests, not 10,000): a
// delivery already written (unique per user and notice) is left as it is.
function writeDeliveries(e) {
  const body = e.requestInfo().body || {};
  const notice = String(body.notice || "");
  const nextTry = String(body.next_try || "");
  const rows = Array.isArray(body.deliveries) ? body.deliveries : [];
  let written = 0;
  $app.runInTransaction((txApp) => {
    const collection = txApp.findCollectionByNameOrId("deliveries");
    for (const row of rows) {
      const record = new Record(collection);
      record.set("user", String(row.user || ""));
      record.set("notice", notice);
      record.set("mode", String(row.mode || ""));
      record.set("state", "pending");
      record.set("attempts", 0);
      record.set("next_try", nextTry);
      try {
        txApp.save(record);
        written++;
      } catch (err) {
        // already written, or its student or notice is gone meanwhile
      }
    }
  });
  return e.json(200, { written: written });
}

// The deliveries of one mail that went, marked sent together.
function markSent(e) {
  const body = e.requestInfo().body || {};
  const ids = Array.isArray(body.ids) ? body.ids.map(String) : [];
  const at = String(body.sent_at || "");
  $app.runInTransaction((txApp) => {
    for (const id of ids) {
      try {
        const record = txApp.findRecordById("deliveries", id);
        record.set("state", "sent");
        record.set("sent_at", at);
        txApp.save(record);
      } catch (err) {
        // gone meanwhile (its notice or student deleted)
      }
    }
  });
  return e.json(200, { marked: ids.length });
}

module.exports = { sendNoticeMail, unsubscribe, writeDeliveries, markSent };
