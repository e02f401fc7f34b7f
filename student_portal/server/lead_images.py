"""The picture a slides page opens with, at an address fixed when the page is built.

The largest thing on the first screen of /youtube, /ol-folder and /al-folder is the first
slide's picture, and which one it is only becomes known when the page's data
arrives over the websocket, after the scripts. So the built page's loading face already shows
`/lead-image/<slot>/<width>`, which redirects to that picture's current thumb: the browser
fetches it while the scripts load (slow 4G: the picture is on screen about a second sooner),
and the real slide or card that replaces the face asks for the very same file, already in the
browser's cache. The redirect is read from the shared content cache on each request
(no-cache), so an edit in PocketBase moves it at once, without a rebuild.

Same rule as the states: slides without a picture are left out (`with_image`). (/shop and
/booking, whose first picture depends on the address's filters, which a fixed address cannot
carry, get theirs written into the HTML by the server: sharing/first_view.py.)
"""

from __future__ import annotations

import asyncio
import base64
from collections.abc import Callable
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route, Router
from starlette.types import ASGIApp

from student_portal import routes
from student_portal.pocketbase import ClientResponseError, Collection, ContentCache, Record, content_cache
from student_portal.server.asgi_prefix import answered_before
from student_portal.state.content import file_url
from student_portal.state.page_slides import SLIDE_THUMBS
from student_portal.utils.slots import Slot

PATH_PREFIX = routes.LEAD_IMAGE_PREFIX
NO_CACHE = {"cache-control": "no-cache"}  # the target moves with the content; the target is cached
# A cold cache on a slow PocketBase: no early picture rather than one later than the data (the
# page's `load` event, and what waits on it, would wait too). The fetch itself goes on.
LEAD_IMAGE_WAIT_S = 1.0
# When there is no first picture (none has one, an empty list, a slow or failed backend): an
# empty picture, not a 404, which every browser reports as an error in the console (Lighthouse
# best practices) and some draw as a broken image on the loading face.
NO_PICTURE = base64.b64decode("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7")  # 1x1 transparent GIF


@dataclass(frozen=True)
class LeadImage:
    collection: str
    thumbs: tuple[tuple[str, int], ...]  # (PocketBase thumb, its width), narrowest first

    @property
    def widths(self) -> tuple[int, ...]:
        return tuple(width for _, width in self.thumbs)

    def first(self, records: list[Record]) -> Record | None:
        """The first slide shown: slides without a picture are not shown at all."""
        return next((r for r in records if getattr(r, "image", "")), None)

    def thumb(self, width: int) -> str | None:
        """The PocketBase thumb served at `width`; None for a width this slot does not serve."""
        return next((thumb for thumb, served in self.thumbs if served == width), None)

    def target(self, records: list[Record], thumb: str) -> str | None:
        """The address of the first shown record's picture as `thumb`; None when there is none."""
        record = self.first(records)
        image = getattr(record, "image", "") if record is not None else ""
        return file_url(record, image, thumb) if record is not None and image else None


LEAD_IMAGES: dict[Slot, LeadImage] = {
    Slot.RECORDING_SLIDES: LeadImage(Collection.RECORDING_SLIDES, SLIDE_THUMBS),
    Slot.OL_SLIDES: LeadImage(Collection.OL_SLIDES, SLIDE_THUMBS),
    Slot.AL_SLIDES: LeadImage(Collection.AL_SLIDES, SLIDE_THUMBS),
}


def lead_image_url(slot: Slot, width: int) -> str:
    """The site-relative address the built page names (served by `with_lead_images`)."""
    return f"{PATH_PREFIX}/{slot}/{width}"


def _no_picture() -> Response:
    return Response(NO_PICTURE, media_type="image/gif", headers=NO_CACHE)


def with_lead_images(
    app: ASGIApp, cache: Callable[[], ContentCache] = content_cache, wait_s: float = LEAD_IMAGE_WAIT_S
) -> ASGIApp:
    """ASGI transform (rx.App(api_transformer=...)): answers /lead-image/ requests, hands every
    other request and the websocket straight to `app` (no extra middleware on their way)."""

    async def redirect(request: Request) -> Response:
        lead = LEAD_IMAGES.get(request.path_params["slot"])
        if lead is None:
            return Response(status_code=404, headers=NO_CACHE)
        thumb = lead.thumb(request.path_params["width"])
        if thumb is None:
            return Response(status_code=404, headers=NO_CACHE)
        try:
            async with asyncio.timeout(wait_s):  # not wait_for: it can drop a cancel (3.11)
                records = await cache().records(lead.collection)
        except (ClientResponseError, TimeoutError):  # a failure is logged once by the cache
            return _no_picture()
        target = lead.target(records, thumb)
        if target is None:
            return _no_picture()
        return RedirectResponse(target, status_code=302, headers=NO_CACHE)

    router = Router(routes=[Route(PATH_PREFIX + "/{slot}/{width:int}", redirect, methods=["GET", "HEAD"])])
    return answered_before(app, PATH_PREFIX, router)
