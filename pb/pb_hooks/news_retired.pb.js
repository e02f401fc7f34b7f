/// <reference path="../../pb_data/types.d.ts" />

// A News item switched off (active true -> false) leaves what the public may see (the rule in
// pb_migrations/1795301600_news_public_only_active.js), so PocketBase sends its subscribers no
// event for it. Tell them it is gone: a "delete" carrying only the record's id and collection,
// on the topics a subscriber may hold (the whole collection, or that record). Nothing of the
// retired item's content goes out.
onRecordAfterUpdateSuccess((e) => {
  e.next();
  const original = e.record.original();
  if (!original || !original.getBool("active") || e.record.getBool("active")) {
    return;
  }
  const record = {
    id: e.record.id,
    collectionId: e.record.collection().id,
    collectionName: e.record.collection().name,
  };
  const clients = $app.subscriptionsBroker().clients();
  for (const topic of [record.collectionName + "/*", record.collectionName + "/" + record.id]) {
    const message = new SubscriptionMessage({ name: topic, data: JSON.stringify({ action: "delete", record: record }) });
    for (const id in clients) {
      if (clients[id].hasSubscription(topic)) {
        clients[id].send(message);
      }
    }
  }
}, "News");
