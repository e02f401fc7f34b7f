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
    headers: { "List-Unsubscribe": `<${link}>` },
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

module.exports = { sendNoticeMail, unsubscribe };
