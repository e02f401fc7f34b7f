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

module.exports = { accountMail };
