"""The home page's first news item in the HTML the server sends, not only after the websocket.

Reflex prerenders pages with their states' defaults, so `/` was built with a grey news box and
its first news title appeared only once the scripts had loaded, the websocket had opened and
the page's load event had answered (~2 s on slow 4G, against ~0.5 s for a static page). The news
section's loading face (components/news.py) is the first slide's shape with an empty title,
excerpt and picture marked `data-preview`; on each request for `/` (any language) the server
writes the first slide's title, excerpt and picture address into them, escaped, from the shared
content cache (an edit in PocketBase shows on the next request, no rebuild). The elements carry
React's `suppressHydrationWarning`: hydration keeps what the server sent (React 19 does not
patch a text mismatch it was told to expect) until the carousel with the same slide replaces
the face. No news, a slow or failed backend: the face stays as built (grey bars and box).
"""

from __future__ import annotations

import html
import re
from typing import Final

from student_portal.state.news import NewsSlide, home_news

# Values of the loading face's data-preview attributes (components/news.py).
TITLE: Final = "news-title"
EXCERPT: Final = "news-excerpt"
PICTURE: Final = "news-picture"  # an <img> built without src: the server names the slide's picture


def _element(tag: str, mark: str) -> re.Pattern[bytes]:
    # The built (empty) element: <h3 class=".." data-preview="news-title" ..></h3>.
    return re.compile(rf'(<{tag}\b[^>]*\bdata-preview="{mark}"[^>]*>)(</{tag}>)'.encode())


_TITLE = _element("h3", TITLE)
_EXCERPT = _element("p", EXCERPT)
_PICTURE = re.compile(rf'<img\b(?![^>]*\bsrc=)(?=[^>]*\bdata-preview="{PICTURE}")'.encode())


def _filled(document: bytes, pattern: re.Pattern[bytes], text: str) -> bytes:
    escaped = html.escape(text).encode()
    return pattern.sub(lambda m: m.group(1) + escaped + m.group(2), document, count=1)


def with_first_news(document: bytes, slide: NewsSlide | None) -> bytes:
    """`document` (the built home page) with `slide`'s title, excerpt and picture in the face."""
    if slide is None:
        return document
    document = _filled(_filled(document, _TITLE, slide.title), _EXCERPT, slide.excerpt)
    if slide.image_url:
        # The very address the carousel's first slide asks for: it finds the picture in the cache.
        document = _PICTURE.sub(b'<img src="' + html.escape(slide.image_url).encode() + b'"', document, count=1)
    return document


async def first_news() -> NewsSlide | None:
    """The slide the home carousel opens with; None without news or on a backend failure."""
    slides = await home_news()
    return slides[0] if slides else None
