"""Build-time work: the `rx.plugins` and post-build steps that write into the production build
(service worker, offline pages, script priorities, minified head scripts), and `make pages`'s
check that every page builds (page_check.py). Nothing here runs per request."""
