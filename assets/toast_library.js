// sonner, behind assets/toaster.js's import(): this file names its chunk (toast_library-<hash>.js),
// so the service worker can precache it (tools/build_service_worker.mjs) and a toast still shows
// when the connection has dropped before any toast was asked for.
export * from "sonner";
