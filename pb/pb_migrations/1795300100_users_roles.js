/// <reference path="../pb_data/types.d.ts" />

// Extend the built-in `users` auth collection (id _pb_users_auth_):
// - `role` (basic | notes | full): notes or full may read Notes;
// - `username` (unique) so people can sign in with a user name or their email;
// - no public sign-up (accounts are made by an admin), and a user may read and update
//   only their own record and may never change their own `role`.
//   `@request.body.role:isset` also catches the `role+` / `+role` / `role-` modifiers and
//   multipart bodies (PocketBase normalises them to `role` before the rule runs; checked
//   on 0.40.6 by tests/integration/test_rules.py).

migrate((app) => {
  const users = app.findCollectionByNameOrId("users");

  users.fields.add(new SelectField({
    name: "role",
    maxSelect: 1,
    values: ["basic", "notes", "full"],
  }));
  users.fields.add(new TextField({
    name: "username",
    max: 64,
    pattern: "^[A-Za-z0-9._-]*$",
  }));
  users.addIndex("idx_users_username", true, "`username`", "`username` != ''");
  users.passwordAuth.identityFields = ["email", "username"];

  users.listRule = "id = @request.auth.id";
  users.viewRule = "id = @request.auth.id";
  users.createRule = null;
  users.updateRule = "id = @request.auth.id && @request.body.role:isset = false";
  users.deleteRule = null;

  app.save(users);
}, (app) => {
  const users = app.findCollectionByNameOrId("users");

  users.removeIndex("idx_users_username");
  users.fields.removeByName("username");
  users.fields.removeByName("role");
  users.passwordAuth.identityFields = ["email"];

  // PocketBase defaults for the users collection
  users.listRule = "id = @request.auth.id";
  users.viewRule = "id = @request.auth.id";
  users.createRule = "";
  users.updateRule = "id = @request.auth.id";
  users.deleteRule = "id = @request.auth.id";

  app.save(users);
});
