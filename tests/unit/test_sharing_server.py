"""The sharing ASGI wrapper (student_portal/sharing/server.py) over a mocked PocketBase: each
page's tags filled in per request, 404 + noindex for unknown ids, robots, sitemap, calendars."""

from __future__ import annotations

import gzip
from collections.abc import Iterator

import httpx
import icalendar
import pytest
from starlette.responses import HTMLResponse, Response

from student_portal.i18n import in_language
from student_portal.i18n.languages import Language, language_of_path, language_prefix
from student_portal.i18n.texts import Text
from student_portal.pocketbase import Collection
from student_portal.sharing import content
from student_portal.sharing.server import with_sharing
from student_portal.site_pages import SitePage
from tests.unit.test_cache_changes import make
from tests.unit.test_sharing_tags import read

SITE = "https://portal.test"
BUILT = (
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Built</title>'
    '<meta content="favicon.ico" property="og:image"/></head><body><div id="root"></div></body></html>'
)

NEWS = [
    {
        "id": "n1",
        "collectionId": "pbc_news",
        "title": 'Results "out" <now>',
        "excerpt": "Line one\nline two",
        "image": "n1.jpg",
        "active": True,
        "created": "2026-11-01 04:00:00.000Z",
    },
    {"id": "n2", "collectionId": "pbc_news", "title": "Draft", "active": False, "created": "2026-11-02 04:00:00.000Z"},
]
TEACHERS = [
    {
        "id": "t1",
        "collectionId": "pbc_t",
        "name": "Dr. Perera",
        "description": "",
        "avatar": "",
        "created": "2026-11-01 04:00:00.000Z",
    }
]
CLASSES = [
    {
        "id": "c1",
        "collectionId": "pbc_c",
        "name": "Vectors",
        "date": "2099-01-05 13:30:00.000Z",
        "duration": 60,
        "teacher": "t1",
        "zoom": "https://zoom.us/j/1",
        "created": "2026-11-01 04:00:00.000Z",
    },
    {
        "id": "c2",
        "collectionId": "pbc_c",
        "name": "Undated",
        "date": "",
        "teacher": "t1",
        "created": "2026-11-01 04:00:00.000Z",
    },
]
FOLDERS = [{"id": "f1", "collectionId": "pbc_f", "name": "2023 O/L", "created": "2026-11-01 04:00:00.000Z"}]


@pytest.fixture
def data(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[dict]]]:
    data = {
        Collection.NEWS: NEWS,
        Collection.TEACHERS: TEACHERS,
        Collection.CLASSES: CLASSES,
        Collection.OL_FOLDERS: FOLDERS,
        Collection.AL_FOLDERS: [],
    }
    cache, _, _ = make(data, ttl=0)
    monkeypatch.setattr(content, "content_cache", lambda: cache)
    pages = [
        ("/", "Home"),
        ("/jobs", "Job Market"),
        ("/login", "Sign in"),
        ("/news/[news_id]", "News"),
        ("/ol/[folder_id]", "O/L papers"),
        ("/class/[teacher_id]", "Tuition Classes"),
        ("404", "Page not found"),
        ("/class", "Tuition Classes"),
        ("/verify/[token]", "Verify your email"),
    ]
    declared = tuple(
        SitePage(route, f"{title} | Student Portal", f"About {title}", lambda: None) for route, title in pages
    )
    monkeypatch.setattr(content, "site_pages", lambda: declared)
    yield data


# How long the wrapper waits for a record before it sends generic tags (1 s in production): generous,
# since what is tested is what it sends, not how fast a busy machine reads a mocked cache (1 s
# once ran out beside the browser tests).
ANSWER_WAIT_S = 30.0


def built_site(gzipped: bool = False, built_files: tuple[str, ...] = ()):
    async def app(scope, receive, send):
        if scope["path"] == "/nowhere":
            response: Response = HTMLResponse(BUILT, status_code=404)
        elif scope["path"] == "/data.json":
            response = Response("{}", media_type="application/json")
        elif gzipped:
            response = Response(
                gzip.compress(BUILT.encode()),
                media_type="text/html",
                headers={"content-encoding": "gzip", "etag": '"built"'},
            )
        else:
            response = HTMLResponse(BUILT, headers={"etag": '"built"'})
        await response(scope, receive, send)

    wrapped = with_sharing(app, base_url=lambda: SITE, is_built=lambda path: path in built_files, wait_s=ANSWER_WAIT_S)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=wrapped), base_url=SITE)


@pytest.mark.parametrize("gzipped", [False, True])
async def test_a_news_page_carries_its_own_escaped_tags_and_json_ld(data, gzipped: bool) -> None:
    async with built_site(gzipped) as client:
        response = await client.get("/news/n1")
    assert response.status_code == 200 and "etag" not in response.headers
    head = read(response.text)
    assert head.meta["og:title"] == 'Results "out" <now>' and head.meta["og:type"] == "article"
    assert head.meta["og:description"] == "Line one line two"
    assert head.meta["og:url"] == f"{SITE}/news/n1"
    assert head.meta["og:image"] == f"{SITE}/files/pbc_news/n1/n1.jpg?thumb=640x360"  # the site serves files
    assert "Built" not in response.text and "favicon.ico" not in response.text
    (article,) = head.json_ld
    assert article["@type"] == "NewsArticle" and article["headline"] == 'Results "out" <now>'


@pytest.mark.parametrize("path", ["/news/n2", "/news/missing", "/class/nobody", "/ol/nofolder", "/nowhere"])
async def test_unknown_or_unpublished_ids_answer_404_with_noindex(data, path: str) -> None:
    async with built_site() as client:
        response = await client.get(path)
    assert response.status_code == 404
    assert read(response.text).meta["robots"] == "noindex"


@pytest.mark.parametrize("path", ["/verify/any-token", "/verify/any-token/", "/si/verify/any-token"])
async def test_a_mailed_links_page_answers_for_any_token_and_is_never_indexed(data, path: str) -> None:
    """The token is checked by the page itself (an expired one says so): the address is the page."""
    async with built_site() as client:
        response = await client.get(path)
    assert response.status_code == 200
    assert read(response.text).meta["robots"] == "noindex"


async def test_an_admin_edit_shows_in_the_next_preview(data) -> None:
    async with built_site() as client:
        assert read((await client.get("/news/n1")).text).meta["og:title"] == 'Results "out" <now>'
        data[Collection.NEWS] = [{**NEWS[0], "title": "Edited title"}]
        assert read((await client.get("/news/n1")).text).meta["og:title"] == "Edited title"


async def test_teacher_and_folder_pages(data) -> None:
    async with built_site() as client:
        teacher = read((await client.get("/class/t1")).text)
        folder = read((await client.get("/ol/f1")).text)
    assert teacher.meta["og:title"] == "Dr. Perera" and teacher.meta["og:description"] == "A grade"
    assert "og:image" not in teacher.meta and teacher.meta["twitter:card"] == "summary"  # no avatar
    assert [e["@type"] for e in teacher.json_ld] == ["Event"]  # the undated class has no event
    assert folder.meta["og:title"].startswith("2023 O/L")
    (crumbs,) = folder.json_ld
    assert [i["name"] for i in crumbs["itemListElement"]] == ["Student Portal", "O/L Api", "2023 O/L"]


async def test_other_responses_pass_untouched(data) -> None:
    async with built_site() as client:
        response = await client.get("/data.json")
    assert response.text == "{}"


async def test_robots_points_at_the_sitemap_and_keeps_private_pages_out(data) -> None:
    async with built_site() as client:
        robots = (await client.get("/robots.txt")).text
    assert f"Sitemap: {SITE}/sitemap.xml" in robots
    assert "Disallow: /login" in robots and "Disallow: /saved" in robots and "Disallow: /notes" in robots
    assert "Disallow: /si/login" in robots and "Disallow: /ta/notes" in robots
    assert "Disallow: /calendar/" in robots and "Disallow: /si/calendar/" in robots


async def test_the_sitemap_lists_public_pages_and_published_content(data) -> None:
    async with built_site() as client:
        response = await client.get("/sitemap.xml")
    assert response.headers["content-type"].startswith("application/xml")
    locs = set(response.text.split("<loc>")[i].split("</loc>")[0] for i in range(1, response.text.count("<loc>") + 1))
    english = {"/", "/jobs/", "/news/n1", "/ol/f1", "/class/t1"}
    # Every page in English, Sinhala and Tamil, each entry naming the other two (hreflang).
    assert locs == {f"{SITE}{prefix}{path}" for prefix in ("", "/si", "/ta") for path in english}
    assert f'<xhtml:link rel="alternate" hreflang="ta" href="{SITE}/ta/news/n1"/>' in response.text
    assert f'<xhtml:link rel="alternate" hreflang="x-default" href="{SITE}/jobs/"/>' in response.text


async def test_calendars_one_class_a_teachers_feed_and_unknowns(data) -> None:
    async with built_site() as client:
        one = await client.get("/calendar/class/c1.ics")
        feed = await client.get("/calendar/teacher/t1.ics")
        undated = await client.get("/calendar/class/c2.ics")
        nobody = await client.get("/calendar/teacher/nobody.ics")
    assert one.headers["content-type"].startswith("text/calendar")
    (event,) = icalendar.Calendar.from_ical(one.content).walk("VEVENT")
    assert event.decoded("dtstart").strftime("%Y-%m-%d %H:%M") == "2099-01-05 19:00"  # Colombo
    assert "Dr. Perera" in str(event["description"])
    assert [str(e["summary"]) for e in icalendar.Calendar.from_ical(feed.content).walk("VEVENT")] == ["Vectors"]
    assert undated.status_code == 404 and nobody.status_code == 404


@pytest.mark.parametrize("language", [Language.SI, Language.TA], ids=str)
async def test_a_calendar_from_a_sinhala_or_tamil_page_writes_the_sites_texts_in_that_language(
    data, language: Language
) -> None:
    prefix = language_prefix(language)
    async with built_site() as client:
        one = await client.get(f"{prefix}/calendar/class/c1.ics")
        feed = await client.get(f"{prefix}/calendar/teacher/t1.ics")
        nobody = await client.get(f"{prefix}/calendar/teacher/nobody.ics")
        page = (await client.get(f"{prefix}/class/t1")).text
        english = (await client.get("/calendar/class/c1.ics")).content
    assert one.headers["content-type"].startswith("text/calendar") and nobody.status_code == 404
    (event,) = icalendar.Calendar.from_ical(one.content).walk("VEVENT")
    (alarm,) = event.walk("VALARM")
    with in_language(language):
        teacher_line, zoom = Text.teacher_line("Dr. Perera"), Text.JOIN_ON_ZOOM
        reminder, feed_name = Text.class_reminder("Vectors"), Text.teacher_calendar_name("Dr. Perera")
    assert str(event["summary"]) == "Vectors"  # the class's own name, as authored
    assert str(event["description"]) == f"{teacher_line}\n{zoom}: https://zoom.us/j/1"
    assert str(alarm["description"]) == reminder and "starts in" not in reminder
    assert str(icalendar.Calendar.from_ical(feed.content)["x-wr-calname"]) == feed_name
    assert event.decoded("dtstart") == icalendar.Calendar.from_ical(english).walk("VEVENT")[0].decoded("dtstart")
    # The page's link preview names the feed of its own language.
    assert f'type="text/calendar" title="{feed_name}" href="{SITE}{prefix}/calendar/teacher/t1.ics"' in page


@pytest.mark.parametrize("path", ["/si/old-page.html", "/ta/paper.pdf", "/si/assets/gone.js"])
async def test_a_file_name_under_si_or_ta_that_the_build_lacks_is_that_languages_404(data, path: str) -> None:
    # Reflex answers it with its page shell, status 200 and lang "en" (the catch-all /si/ page).
    language = language_of_path(path)
    async with built_site() as client:
        response = await client.get(path)
    with in_language(language):
        title = Text.PAGE_NOT_FOUND
    assert response.status_code == 404 and f'<html lang="{language.value}">' in response.text
    assert read(response.text).title.startswith(title) and read(response.text).meta["robots"] == "noindex"


async def test_a_built_file_under_si_and_english_file_names_pass_untouched(data) -> None:
    async with built_site(built_files=("/si/offline.html",)) as client:
        built = await client.get("/si/offline.html")
        english = await client.get("/old-page.html")
    assert built.status_code == 200 and built.text == BUILT
    assert english.text == BUILT  # Reflex's own 404 answers an English file name
