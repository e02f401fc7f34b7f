/// <reference path="../pb_data/types.d.ts" />

// Retired and draft news (active = false) are hidden from the public by PocketBase itself, not
// only by the site's pages: an anonymous list or view no longer returns them (issue 16).
//
// Live updates stay correct without a privileged subscriber: switching an item off is an
// update the public may no longer see, so PocketBase would send no event and every site worker
// would keep showing it; pb_hooks/news_retired.pb.js announces it to News subscribers as a
// delete (its id only). Switching an item on is a normal update the public now sees.

migrate((app) => {
  const news = app.findCollectionByNameOrId("News");
  news.listRule = "active = true";
  news.viewRule = "active = true";
  app.save(news);
}, (app) => {
  const news = app.findCollectionByNameOrId("News");
  news.listRule = "";
  news.viewRule = "";
  app.save(news);
});
