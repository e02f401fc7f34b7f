/// <reference path="../pb_data/types.d.ts" />

// Addresses are kept lower-case from now on (pb_hooks/accounts.pb.js, issue 49 finding 4):
// the older records are brought along. Two accounts whose addresses differ only in case
// ("FULL@Demo.lk" beside "full@demo.lk") are not merged: the one that is not lower-case keeps
// its address, and each such pair is reported in PocketBase's log (its output and the admin UI's
// Logs) for a person to decide which account is the real one.

migrate((app) => {
  for (const name of ["users", "_superusers"]) {
    const records = app.findAllRecords(name);
    const byAddress = {};
    for (const record of records) {
      byAddress[record.email()] = record;
    }
    for (const record of records) {
      const email = record.email();
      const lower = email.trim().toLowerCase();
      if (email === lower) continue;
      const holder = byAddress[lower];
      if (holder && holder.id !== record.id) {
        const line = `accounts: ${name} ${record.id} <${email}> and ${holder.id} <${lower}> differ only in case: left as they are, decide which is real`;
        console.log(line);
        app.logger().warn(line, "collection", name, "recordId", record.id, "otherId", holder.id);
        continue;
      }
      delete byAddress[email];
      record.setEmail(lower);
      app.unsafeWithoutHooks().saveNoValidate(record);
      byAddress[lower] = record;
    }
  }
}, (app) => {
  // Nothing to undo: a lower-case address is the same address.
});
