"""Sharing and finding: link previews, search-engine data, calendar export (issue 14).

Crawlers (WhatsApp's, search engines') run no JavaScript, so everything here is in what the
server sends: `server.with_sharing` fills each page's built HTML with its own Open Graph,
Twitter and JSON-LD tags, and answers /robots.txt, /sitemap.xml and the .ics calendars, all
read from the shared content cache on each request (an admin's edit shows without a rebuild).
The builders (`tags`, `jsonld`, `sitemap`, `calendar`) are pure; `content` reads the cache.
"""
