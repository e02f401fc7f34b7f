"""What each page tells crawlers, and the sitemap's entries, read from the shared content cache.

Everything here answers from the cache that the pages themselves use, so an admin's edit moves
the previews, the sitemap and the feeds as soon as it moves the pages. A failure to read the
backend never breaks a page: it gets its generic tags (registered title and description).
"""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from student_portal import routes
from student_portal.constants import SITE_NAME
from student_portal.i18n import gettext, localized
from student_portal.i18n.texts import Text
from student_portal.pocketbase import (
    ClientResponseError,
    Collection,
    Folder,
    Job,
    NewsItem,
    Record,
    Recording,
    Subject,
    Teacher,
    TuitionClass,
    content_cache,
)
from student_portal.routes.links import UNLISTED_ROUTES, absolute, is_private, language_versions, page_address
from student_portal.sharing import jsonld
from student_portal.sharing.calendar import CalendarClass, upcoming
from student_portal.sharing.sitemap import SitemapEntry
from student_portal.sharing.tags import PageMeta, plain_text
from student_portal.site_pages import SitePage, page_at, site_pages
from student_portal.state.content import file_url
from student_portal.utils.links import safe_url

NEWS_IMAGE_THUMB = "640x360"  # what the news page shows
AVATAR_THUMB = "256x256"
SLIDE_THUMB = "1280x480"

# Folder pages: level key -> (folders, slides, label, list page).
LEVELS = {
    routes.OL: (Collection.OL_FOLDERS, Collection.OL_SLIDES, "O/L", routes.OL_FOLDERS),
    routes.AL: (Collection.AL_FOLDERS, Collection.AL_SLIDES, "A/L", routes.AL_FOLDERS),
}

# A list page's representative picture: the first record's (collection, file field, thumb).
REPRESENTATIVE = {
    routes.HOME: (Collection.DESKTOP_SLIDES, "field", SLIDE_THUMB),
    routes.YOUTUBE: (Collection.RECORDING_SLIDES, "image", SLIDE_THUMB),
    routes.OL_FOLDERS: (Collection.OL_SLIDES, "image", SLIDE_THUMB),
    routes.AL_FOLDERS: (Collection.AL_SLIDES, "image", SLIDE_THUMB),
    routes.SHOP: (Collection.PRODUCTS, "image", "400x400"),
    routes.BOOKING: (Collection.HOTELS, "image", "640x400"),
    routes.PROFILE: (Collection.TEACHERS, "avatar", AVATAR_THUMB),
}
DEFAULT_PICTURE = REPRESENTATIVE[routes.HOME]


@dataclass(frozen=True)
class PageAnswer:
    meta: PageMeta
    status: int | None = None  # a status to answer instead of the built page's (404)


def is_content_path(path: str) -> bool:
    """/news/{id}, /class/{id}, /ol/{id}, /al/{id}: a record's page."""
    return _registered_route(path) in _RESOLVERS


def is_dynamic(route: str) -> bool:
    return "[" in route


@functools.cache
def _patterns(routes_: tuple[str, ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each route with an argument (/verify/[token]) as a pattern of its addresses."""
    return tuple(
        (re.compile("^" + re.sub(r"\\\[[^/]*?\\\]", "[^/]+", re.escape(route)) + "$"), route)
        for route in routes_
        if is_dynamic(route)
    )


def _registered_route(path: str) -> str | None:
    """The registered route answering `path`: itself, or the route with an argument it fills."""
    if page_at(path) is not None:
        return path
    patterns = _patterns(tuple(page.route for page in site_pages()))  # made once per list of pages
    return next((route for pattern, route in patterns if pattern.match(path)), None)


def short_title(page: SitePage) -> str:
    """ "Job Market" of "Job Market | Student Portal": previews name the site apart."""
    return page.title.removesuffix(f" | {SITE_NAME}")


def normalise(path: str) -> str:
    return path.rstrip("/") or "/"


async def _records(collection: str) -> list[Record]:
    return await content_cache().records(collection)


async def _record(collection: str, record_id: str) -> Record | None:
    try:
        record = await content_cache().record(collection, record_id)
    except ClientResponseError as error:
        if error.is_not_found:
            return None
        raise
    return record if record.id == record_id else None  # never another record for this address


def _picture(site_url: str, record: Record | None, field: str, thumb: str) -> str:
    name = getattr(record, field, "") if record is not None else ""
    return absolute(site_url, file_url(record, name, thumb)) if record is not None and name else ""


def _held(collection: str, *, prefetch: bool = True) -> list[Record]:
    """What the cache holds now, without fetching ([] when nothing yet).

    A list page's JSON-LD never holds back its HTML: the page's own data load fills the cache on
    every view, and realtime keeps it current, so only a crawler's first request to a fresh
    worker goes without it (and starts the fetch for the next one). Its picture is awaited
    (`_first_picture`): a link preview made once has no second chance.
    """
    cache = content_cache()
    held = cache.cached(collection)
    if held is None and prefetch:
        task = asyncio.ensure_future(cache.records(collection))
        task.add_done_callback(lambda t: t.cancelled() or t.exception())  # a failure is the cache's to log
        _prefetches.add(task)
        task.add_done_callback(_prefetches.discard)
    return held or []


_prefetches: set[asyncio.Future[list[Record]]] = set()  # kept referenced until done


async def _first_picture(site_url: str, collection: str, field: str, thumb: str) -> str:
    """The first record's picture: awaited, not only what the cache holds, so the first request
    after a start (a link shared then) gets a preview with its picture too. The page's own data
    load fetches the same list, and the cache shares one fetch between them."""
    records = [r for r in await _records(collection) if getattr(r, field, "")]
    return _picture(site_url, records[0], field, thumb) if records else ""


def not_found() -> PageAnswer:
    info = page_at(routes.NOT_FOUND)
    return PageAnswer(
        PageMeta(title=Text.PAGE_NOT_FOUND, description=info.description if info else "", noindex=True), 404
    )


def _generic(path: str, site_url: str, route: str) -> PageMeta:
    info = page_at(route)
    return PageMeta(
        title=short_title(info) if info else SITE_NAME,
        description=info.description if info else "",
        page_description=info.description if info else "",
        url=absolute(site_url, path if info is None or is_dynamic(info.route) else page_address(path)),
        noindex=is_private(path),
    )


def generic_answer(path: str, site_url: str) -> PageAnswer:
    """The page's registered title and description, when its content cannot be read in time."""
    path = normalise(path)
    return PageAnswer(_generic(path, site_url, _registered_route(path) or path))


async def page_answer(path: str, site_url: str) -> PageAnswer:
    """The tags for the page at `path` (None status: keep the built page's)."""
    path = normalise(path)
    route = _registered_route(path)
    if route is None or path == routes.NOT_FOUND:
        return not_found()
    meta = _generic(path, site_url, route)
    resolve = _RESOLVERS.get(route)
    if resolve is not None:  # a record's page: its own tags, or 404 for an unknown id
        try:
            found = await resolve(path.rpartition("/")[2], meta, site_url)
        except (ClientResponseError, TimeoutError):
            return PageAnswer(meta)  # the backend failed: nothing says the id is unknown
        return not_found() if found is None else PageAnswer(found)
    if is_dynamic(route):  # a mailed link's page (/verify/<token>): any token gets the page
        return PageAnswer(meta)
    try:
        return PageAnswer(await _list_page(path, site_url, meta))
    except (ClientResponseError, TimeoutError):
        return PageAnswer(meta)


async def _news(news_id: str, generic: PageMeta, site_url: str) -> PageMeta | None:
    item = await _record(Collection.NEWS, news_id)
    if not isinstance(item, NewsItem) or not item.active:  # inactive news is not published
        return None
    image = _picture(site_url, item, "image", NEWS_IMAGE_THUMB)
    article = jsonld.news_article(item, generic.url, image, absolute(site_url, routes.HOME))
    return replace(
        generic,
        title=item.title or generic.title,
        description=item.excerpt or plain_text(item.content) or generic.description,
        image=image,
        image_alt=item.title,
        kind="article",
        json_ld=(article,) if article else (),
    )


async def _teacher(teacher_id: str, generic: PageMeta, site_url: str) -> PageMeta | None:
    teacher = await _record(Collection.TEACHERS, teacher_id)
    if not isinstance(teacher, Teacher):
        return None
    classes = [c for c in await _records(Collection.CLASSES) if isinstance(c, TuitionClass)]
    mine = [c for c in classes if c.teacher == teacher.id]
    events = jsonld.first([_event(c, teacher.name, generic.url, site_url) for c in _soonest(mine)])
    feed = absolute(site_url, localized(routes.teacher_calendar(teacher.id)))  # the page's language
    return replace(
        generic,
        title=teacher.name or generic.title,
        description=teacher.display_description,
        image=_picture(site_url, teacher, "avatar", AVATAR_THUMB),
        image_alt=teacher.name,
        kind="profile",
        json_ld=events,
        feeds=((Text.teacher_calendar_name(teacher.name), feed),),
    )


async def _folder(folder_id: str, generic: PageMeta, site_url: str, *, level: str) -> PageMeta | None:
    folders, slides, label, list_path = LEVELS[level]
    folder = await _record(folders, folder_id)
    if not isinstance(folder, Folder):
        return None
    name = folder.display_name or f"{label} folder"
    trail = [
        (SITE_NAME, absolute(site_url, routes.HOME)),
        (f"{label} Api", absolute(site_url, page_address(list_path))),
        (name, generic.url),
    ]
    crumbs = jsonld.breadcrumbs(trail)
    return replace(
        generic,
        title=f"{name} | " + gettext("{level} papers and notes").format(level=gettext(label)),
        image=await _first_picture(site_url, slides, "image", SLIDE_THUMB),
        image_alt=name,
        json_ld=(crumbs,) if crumbs else (),
    )


# A record's page (a registered route with its id) -> what reads that record's tags.
_RESOLVERS: dict[str, Callable[[str, PageMeta, str], Awaitable[PageMeta | None]]] = {
    routes.NEWS_ITEM: _news,
    routes.CLASS_PAGE: _teacher,
    routes.OL_FOLDER: functools.partial(_folder, level=routes.OL),
    routes.AL_FOLDER: functools.partial(_folder, level=routes.AL),
}


def _soonest(classes: list[TuitionClass]) -> list[TuitionClass]:
    by_id = {c.id: c for c in classes}
    return [by_id[c.id] for c in upcoming(map(calendar_class_of, classes), datetime.now().astimezone())]


def calendar_class_of(item: TuitionClass, teacher: str = "") -> CalendarClass:
    return CalendarClass(item.id, item.name, item.date, item.duration, teacher, item.zoom, item.updated)


def _event(item: TuitionClass, teacher: str, url: str, site_url: str) -> dict[str, Any] | None:
    join = safe_url(item.zoom) or ""
    return jsonld.class_event(
        item, teacher, url, absolute(site_url, routes.HOME), join if join.startswith("http") else ""
    )


async def _list_page(path: str, site_url: str, meta: PageMeta) -> PageMeta:
    collection, field, thumb = REPRESENTATIVE.get(path, DEFAULT_PICTURE)
    meta = replace(meta, image=await _first_picture(site_url, collection, field, thumb))
    if path == routes.JOBS:
        jobs = [j for j in _held(Collection.JOBS) if isinstance(j, Job)]
        home = absolute(site_url, routes.HOME)
        postings = [jsonld.job_posting(j, meta.url, _picture(site_url, j, "logo", "96x96"), home) for j in jobs]
        return replace(meta, json_ld=jsonld.first(postings))
    if path == routes.YOUTUBE:
        subjects = {s.id: s.name for s in _held(Collection.SUBJECTS) if isinstance(s, Subject)}
        recordings = [r for r in _held(Collection.RECORDINGS) if isinstance(r, Recording)]
        return replace(
            meta, json_ld=jsonld.first([jsonld.video_object(r, subjects.get(r.subject, "")) for r in recordings])
        )
    if path == routes.HOME:
        classes = [c for c in _held(Collection.CLASSES) if isinstance(c, TuitionClass)]
        # Names only if already held: the schedule fetches its teachers itself, in its own time.
        held = _held(Collection.TEACHERS, prefetch=False)
        teachers = {t.id: t.name for t in held if isinstance(t, Teacher)}
        events = [
            _event(
                c,
                teachers.get(c.teacher, ""),
                absolute(site_url, routes.class_page(c.teacher) if c.teacher else routes.HOME),
                site_url,
            )
            for c in _soonest(classes)
        ]
        return replace(meta, json_ld=jsonld.first(events))
    return meta


def _folder_path(level: str, record: Record) -> str:
    return routes.folder(level, record.id)


def _in_every_language(site_url: str, path: str, lastmod: Any = None, *, built: bool = True) -> list[SitemapEntry]:
    """A page's entries in English, Sinhala and Tamil, each naming the others (hreflang)."""
    versions = language_versions(site_url, path, built=built)
    return [SitemapEntry(url, lastmod, versions) for language, url in versions if language != "x-default"]


async def sitemap_entries(site_url: str) -> list[SitemapEntry]:
    """Every public page: the fixed ones, then each active news item, O/L and A/L folder and
    teacher's class page. A collection that cannot be read is left out this time."""
    entries = [
        entry
        for info in site_pages()
        if not is_dynamic(info.route) and info.route not in UNLISTED_ROUTES and not is_private(info.route)
        for entry in _in_every_language(site_url, info.route)
    ]

    async def listed(collection: str, path: Callable[[Record], str], keep: Callable[[Record], bool]) -> None:
        try:
            records = await _records(collection)
        except (ClientResponseError, TimeoutError):
            return
        entries.extend(
            entry
            for r in records
            if r.id and keep(r)
            for entry in _in_every_language(site_url, path(r), r.updated or r.created, built=False)
        )

    await listed(Collection.NEWS, lambda r: routes.news_item(r.id), lambda r: isinstance(r, NewsItem) and r.active)
    for level, (folders, *_rest) in LEVELS.items():
        await listed(folders, functools.partial(_folder_path, level), lambda r: isinstance(r, Folder))
    await listed(Collection.TEACHERS, lambda r: routes.class_page(r.id), lambda r: isinstance(r, Teacher))
    return entries


async def teacher_feed(teacher_id: str) -> tuple[str, list[CalendarClass]] | None:
    """A teacher's name and upcoming classes; None for an unknown teacher."""
    teacher = await _record(Collection.TEACHERS, teacher_id)
    if not isinstance(teacher, Teacher):
        return None
    classes = [c for c in await _records(Collection.CLASSES) if isinstance(c, TuitionClass) and c.teacher == teacher.id]
    now = datetime.now().astimezone()
    return teacher.name, upcoming([calendar_class_of(c, teacher.name) for c in classes], now)


async def one_class(class_id: str) -> CalendarClass | None:
    """One class with its teacher's name, for "Add to calendar"; None when unknown or undated."""
    item = await _record(Collection.CLASSES, class_id)
    if not isinstance(item, TuitionClass) or item.date is None:
        return None
    teacher = await _record(Collection.TEACHERS, item.teacher) if item.teacher else None
    return calendar_class_of(item, teacher.name if isinstance(teacher, Teacher) else "")
