"""Build-time work: the `rx.plugins` and post-build steps that write into the production build
(service worker, offline pages, script priorities, minified head scripts). Nothing here runs per request."""
