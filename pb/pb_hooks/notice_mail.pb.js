/// <reference path="../../pb_data/types.d.ts" />

// Notices by mail (issue 53). The site's server writes each mail's words (in the student's
// language) and sends it through PocketBase's mail settings (mail_settings.pb.js), so notices go
// out exactly as the account mails do. PocketBase adds what only it can sign: a one-click
// unsubscribe link for that student and list (a JWT signed with the users collection's
// verification secret, good for 90 days), put where the text says {unsubscribe} and in the
// List-Unsubscribe header. The link's page (/unsubscribe/{token}, signed out) sends the token
// back to the second route, which sets that student's choice for that list to "none".
// The work is in notice_mail.js.

routerAdd("POST", "/api/student-portal/notice-mail", (e) => {
  try {
    return require(`${__hooks}/notice_mail.js`).sendNoticeMail(e);
  } catch (err) {
    $app.logger().error("notice mail not sent", "error", String(err));
    throw new BadRequestError("notice mail not sent: " + String(err).slice(0, 200));
  }
}, $apis.requireSuperuserAuth());

routerAdd("POST", "/api/student-portal/deliveries", (e) => {
  return require(`${__hooks}/notice_mail.js`).writeDeliveries(e);
}, $apis.requireSuperuserAuth());

routerAdd("POST", "/api/student-portal/deliveries-sent", (e) => {
  return require(`${__hooks}/notice_mail.js`).markSent(e);
}, $apis.requireSuperuserAuth());

routerAdd("POST", "/api/student-portal/unsubscribe", (e) => {
  return require(`${__hooks}/notice_mail.js`).unsubscribe(e);
});
