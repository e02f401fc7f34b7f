/// <reference path="../../pb_data/types.d.ts" />

// Protected files (notes) must not outlive their short-lived token in any cache: a browser's
// history or a shared cache would otherwise serve the PDF after the token expired or the
// student signed out (PocketBase's default is 30 days for every file). Public files keep it.
onFileDownloadRequest((e) => {
  if (e.fileField && e.fileField.protected) {
    // (the request event is wrapped: its response is one level down)
    e.requestEvent.response.header().set("Cache-Control", "private, no-store");
  }
  e.next();
});
