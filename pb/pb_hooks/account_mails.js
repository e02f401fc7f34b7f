// Shared by account_mails.pb.js: writes one account mail's subject and body (HTML and text).

function escapeHtml(text) {
  return String(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function accountMail(kind, e) {
  const texts = JSON.parse(toString($os.readFile(`${__hooks}/mail_texts.json`)));
  const language = texts.languages[e.record.getString("language")] ? e.record.getString("language") : "en";
  const words = texts.languages[language];
  const mail = words[kind];
  const site = String($os.getenv("DEPLOY_URL") || $app.settings().meta.appURL || "").replace(/\/+$/, "");
  const token = String((e.meta && e.meta.token) || "");
  const link = site + words.prefix + texts.paths[kind] + encodeURIComponent(token);
  const email = kind === "email_change" && e.meta && e.meta.newEmail ? e.meta.newEmail : e.record.email();
  const fill = (text) => String(text).split("{site}").join(texts.site).split("{email}").join(email);

  e.message.subject = fill(mail.subject);
  e.message.text = [fill(mail.intro), link, fill(mail.ignore), texts.site].join("\n\n") + "\n";
  e.message.html =
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">` +
    `<p>${escapeHtml(fill(mail.intro))}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(fill(mail.action))}</a></p>` +
    `<p style="word-break:break-all">${escapeHtml(link)}</p>` +
    `<p>${escapeHtml(fill(mail.ignore))}</p>` +
    `<p>${escapeHtml(texts.site)}</p></body></html>`;
}


// A sign-up with an address that already has an account (accounts.pb.js): checked as a new
// account would be (any other field's error answers the same), then answered as one (200, a
// record of the same shape that is never saved), while the owner is mailed "you already have an
// account" with a link to choose a new password, at most 3 an hour (account_limits.js).
function answerAsSignedUp(e, owner) {
  const body = e.requestInfo().body || {};
  const record = e.record;
  const random = (n) => $security.randomStringWithAlphabet(n, "abcdefghijklmnopqrstuvwxyz0123456789");
  record.setEmail("signup-" + random(20) + "@student-portal.invalid"); // unique: only the other fields speak
  record.set("id", random(15));
  if (String(body.password || "") !== String(body.passwordConfirm || "")) {
    throw new BadRequestError("Failed to create record.", {
      passwordConfirm: new ValidationError("validation_values_mismatch", "Values don't match."),
    });
  }
  try {
    $app.validate(record);
  } catch (err) {
    throw new BadRequestError("Failed to create record.", err && err.value !== undefined ? err.value : err);
  }
  const { accountMailAllowed } = require(`${__hooks}/account_limits.js`);
  if (accountMailAllowed("alreadyRegistered", owner).allowed) {
    try {
      sendAlreadyRegistered(owner);
    } catch (err) {
      $app.logger().error("sign-up: already-registered mail not sent", "recordId", owner.id, "error", String(err));
    }
  }
  const now = new DateTime();
  record.setRaw("created", now);
  record.setRaw("updated", now);
  record.setEmail(owner.email());
  record.hide("password", "tokenKey");
  return e.json(200, record);
}

function sendAlreadyRegistered(owner) {
  const texts = JSON.parse(toString($os.readFile(`${__hooks}/mail_texts.json`)));
  const language = texts.languages[owner.getString("language")] ? owner.getString("language") : "en";
  const words = texts.languages[language];
  const mail = words.already_registered;
  const site = String($os.getenv("DEPLOY_URL") || $app.settings().meta.appURL || "").replace(/\/+$/, "");
  const link = site + words.prefix + texts.forgot_password;
  const fill = (text) => String(text).split("{site}").join(texts.site).split("{email}").join(owner.email());
  const meta = $app.settings().meta;
  const message = new MailerMessage({
    from: { address: meta.senderAddress, name: meta.senderName },
    to: [{ address: owner.email() }],
    subject: fill(mail.subject),
    text: [fill(mail.intro), link, fill(mail.ignore), texts.site].join("\n\n") + "\n",
    html:
      `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">` +
      `<p>${escapeHtml(fill(mail.intro))}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(fill(mail.action))}</a></p>` +
      `<p style="word-break:break-all">${escapeHtml(link)}</p>` +
      `<p>${escapeHtml(fill(mail.ignore))}</p>` +
      `<p>${escapeHtml(texts.site)}</p></body></html>`,
  });
  $app.newMailClient().send(message);
}

module.exports = { accountMail, answerAsSignedUp };
