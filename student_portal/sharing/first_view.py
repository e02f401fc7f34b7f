"""A page's first content in the HTML the server sends, not only after the websocket: the home
page's first news item, /booking's first room picture and /shop's first product picture.

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

/booking's largest paint on a phone is its first room's picture, which depends on the filters in
the address (?city=, ?guests=): its loading face's first card has a picture built without src,
and the server names the first room's picture for the address's filters (the same choice the
page's state makes, state/booking.py), so it loads with the HTML and the card finds it cached.
/shop likewise names its first product's picture for the address's ?category= (state/shop.py).
"""

from __future__ import annotations

import html
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Final

from student_portal import routes
from student_portal.state.booking import rooms_view
from student_portal.state.news import NewsSlide, home_news
from student_portal.state.shop import shop_view

# Values of the loading face's data-preview attributes (components/news.py).
TITLE: Final = "news-title"
# The title's `elementtiming` name: the Element Timing API reports when it is painted.
TITLE_TIMING: Final = "first-news-title"
EXCERPT: Final = "news-excerpt"
PICTURE: Final = "news-picture"  # an <img> built without src: the server names the slide's picture
ROOM_PICTURE: Final = "room-picture"  # /booking's first card, likewise
PRODUCT_PICTURE: Final = "product-picture"  # /shop's first card, likewise


def _element(tag: str, mark: str) -> re.Pattern[bytes]:
    # The built (empty) element: <h3 class=".." data-preview="news-title" ..></h3>.
    return re.compile(rf'(<{tag}\b[^>]*\bdata-preview="{mark}"[^>]*>)(</{tag}>)'.encode())


_TITLE = _element("h3", TITLE)
_EXCERPT = _element("p", EXCERPT)


def _picture(mark: str) -> re.Pattern[bytes]:
    # The built <img> without src: <img alt="" data-preview="news-picture" ../>.
    return re.compile(rf'<img\b(?![^>]*\bsrc=)(?=[^>]*\bdata-preview="{mark}")'.encode())


_PICTURES = {mark: _picture(mark) for mark in (PICTURE, ROOM_PICTURE, PRODUCT_PICTURE)}


def _filled(document: bytes, pattern: re.Pattern[bytes], text: str) -> bytes:
    escaped = html.escape(text).encode()
    return pattern.sub(lambda m: m.group(1) + escaped + m.group(2), document, count=1)


def with_first_news(document: bytes, slide: NewsSlide | None) -> bytes:
    """`document` (the built home page) with `slide`'s title, excerpt and picture in the face."""
    if slide is None:
        return document
    document = _filled(_filled(document, _TITLE, slide.title), _EXCERPT, slide.excerpt)
    # The very address the carousel's first slide asks for: it finds the picture in the cache.
    return with_first_picture(document, PICTURE, slide.image_url)


def with_first_picture(document: bytes, mark: str, url: str) -> bytes:
    """`document` with `url` as the picture its face built without src under `mark` (the news
    slide's, /booking's first room's, /shop's first product's)."""
    if not url:
        return document  # no picture: the grey box as built
    return _PICTURES[mark].sub(b'<img src="' + html.escape(url).encode() + b'"', document, count=1)


async def first_news() -> NewsSlide | None:
    """The slide the home carousel opens with; None without news or on a backend failure."""
    slides = await home_news()
    return slides[0] if slides else None


async def first_room_picture(params: Mapping[str, str]) -> str:
    """The picture of the first room /booking shows for the address's `params` ("" for none)."""
    rooms = (await rooms_view()).for_address(params)
    return rooms[0].image_url if rooms else ""


async def first_product_picture(params: Mapping[str, str]) -> str:
    """The picture of the first product /shop shows for the address's `params` ("" for none)."""
    products = (await shop_view()).for_address(params)
    return products[0].image_url if products else ""


# What fills a page's document, per English page path; found while the tags are (one wait).
Filler = Callable[[bytes], bytes]


def filler(path: str, params: Mapping[str, str]) -> Awaitable[Filler] | None:
    """How the page at `path` (English, without a trailing slash) gets its first content; None
    for a page without any."""
    if path == routes.HOME:
        return _news_filler()
    if path == routes.BOOKING:
        return _picture_filler(ROOM_PICTURE, first_room_picture(params))
    if path == routes.SHOP:
        return _picture_filler(PRODUCT_PICTURE, first_product_picture(params))
    return None


async def _news_filler() -> Filler:
    slide = await first_news()
    return lambda document: with_first_news(document, slide)


async def _picture_filler(mark: str, picture: Awaitable[str]) -> Filler:
    url = await picture
    return lambda document: with_first_picture(document, mark, url)
