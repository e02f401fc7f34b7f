"""What crawlers get (no JavaScript): each page kind's raw HTML carries its own Open Graph and
Twitter tags and valid JSON-LD; robots.txt and the sitemap follow an admin's change."""

from __future__ import annotations

import time
import uuid

import httpx
import pytest

from student_portal.pocketbase import Collection
from tests.e2e.routes import DEMO_IDS
from tests.support.admin import created, records, restored, update
from tests.support.structured_data import problems
from tests.unit.test_sharing_tags import HeadReader, read

BASIC_TAGS = ("og:title", "og:type", "og:site_name", "og:locale", "twitter:card", "twitter:title")


def fetch(base_url: str, path: str) -> httpx.Response:
    return httpx.get(base_url + path, follow_redirects=True, timeout=15)


def head_of(base_url: str, path: str) -> tuple[httpx.Response, HeadReader]:
    response = fetch(base_url, path)
    return response, read(response.text)


def eventually(check, timeout: float = 10.0):
    """The site's cache follows PocketBase within a moment (realtime, or its 0.3 s life here)."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result or time.monotonic() > deadline:
            return result
        time.sleep(0.2)


PAGES = [
    ("/", None, "Event"),
    ("/jobs", None, "JobPosting"),
    ("/youtube", None, "VideoObject"),
    ("/booking", None, None),
    ("/news/{news}", "article", "NewsArticle"),
    ("/class/{teacher}", "profile", "Event"),
    ("/ol/{ol}", None, "BreadcrumbList"),
    ("/al/{al}", None, "BreadcrumbList"),
]


@pytest.mark.parametrize(("template", "kind", "json_ld"), PAGES, ids=[p[0] for p in PAGES])
def test_each_page_kind_has_its_tags_and_valid_json_ld_in_the_raw_html(
    base_url: str, template: str, kind: str | None, json_ld: str | None
) -> None:
    path = template.format(**DEMO_IDS)

    # A list page's JSON-LD comes from what the site's cache already holds: on a fresh site the
    # first request starts the fetch, and the next one has it (its picture is there at once:
    # tests/integration/test_link_previews.py).
    def complete(answer: tuple[httpx.Response, HeadReader]) -> bool:
        _, head = answer
        return "og:image" in head.meta and (json_ld is None or json_ld in {i["@type"] for i in head.json_ld})

    found = eventually(lambda: (r := head_of(base_url, path)) and complete(r) and r)
    assert found, f"{path} never got its picture and JSON-LD"
    response, head = found
    assert response.status_code == 200
    for tag in BASIC_TAGS:
        assert head.meta.get(tag), f"{tag} missing"
    assert head.meta["og:url"].startswith(base_url) and head.meta.get("description")
    assert head.meta["og:type"] == (kind or "website")
    assert head.meta["og:image"].startswith("http") and head.meta["twitter:card"] == "summary_large_image"
    assert httpx.get(head.meta["og:image"], timeout=10).status_code == 200  # a picture that exists
    assert "robots" not in head.meta
    for item in head.json_ld:
        assert problems(item) == []
    if json_ld:
        assert json_ld in {item["@type"] for item in head.json_ld}


def test_content_pages_carry_their_records_values(base_url: str, admin: httpx.Client) -> None:
    news = next(n for n in records(admin, Collection.NEWS) if n["id"] == DEMO_IDS["news"])
    teacher = next(t for t in records(admin, Collection.TEACHERS) if t["id"] == DEMO_IDS["teacher"])
    folder = next(f for f in records(admin, Collection.OL_FOLDERS) if f["id"] == DEMO_IDS["ol"])
    assert head_of(base_url, f"/news/{news['id']}")[1].meta["og:title"] == news["title"]
    teacher_head = head_of(base_url, f"/class/{teacher['id']}")[1]
    assert teacher_head.meta["og:title"] == teacher["name"]
    assert "/api/files/" in teacher_head.meta["og:image"] or "/files/" in teacher_head.meta["og:image"]
    assert head_of(base_url, f"/ol/{folder['id']}")[1].meta["og:title"].startswith(folder["name"] or folder["label"])


@pytest.mark.parametrize(
    "path",
    ["/news/nosuchnews0000", "/class/nosuchteacher00", "/ol/nosuchfolder000", "/al/nosuchfolder000", "/no-such-page"],
)
def test_unknown_ids_answer_404_with_noindex(base_url: str, path: str) -> None:
    response, head = head_of(base_url, path)
    assert response.status_code == 404
    assert head.meta["robots"] == "noindex" and "og:url" not in head.meta


def test_hostile_news_gives_escaped_clipped_tags_and_follows_the_admins_edit(base_url: str, admin) -> None:
    # A text field holds at most 5,000 characters in PocketBase; the rich text holds 10,000 here.
    title = "Quotes \" ' <script>alert(1)</script>\nnew line 😀 " + "x" * 4_900
    body = f"<p>{title}</p><p>{'y' * 10_000}</p>"
    with created(admin, Collection.NEWS, title=title, content=body, active=True) as news:
        path = f"/news/{news['id']}"
        head = eventually(lambda: (h := head_of(base_url, path)[1]).meta.get("og:title", "").startswith("Quotes") and h)
        assert head, "the new news item never got its tags"
        assert "\n" not in head.meta["og:title"] and len(head.meta["og:title"]) <= 90
        assert head.meta["og:description"].startswith("Quotes") and len(head.meta["og:description"]) <= 200
        assert "<script>alert(1)" not in fetch(base_url, path).text
        assert "og:image" not in head.meta and head.meta["twitter:card"] == "summary"  # no picture
        assert [problems(item) for item in head.json_ld] == [[]]
        update(admin, Collection.NEWS, news["id"], title="Edited by the admin")
        assert eventually(lambda: head_of(base_url, path)[1].meta.get("og:title") == "Edited by the admin")


def test_robots_txt_points_at_the_sitemap_and_keeps_private_pages_out(base_url: str) -> None:
    response = fetch(base_url, "/robots.txt")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/plain")
    lines = response.text.splitlines()
    assert f"Sitemap: {base_url}/sitemap.xml" in lines
    for private in ("/login", "/notes", "/saved"):
        assert f"Disallow: {private}" in lines


def sitemap_locs(base_url: str) -> set[str]:
    text = fetch(base_url, "/sitemap.xml").text
    return {part.split("</loc>")[0] for part in text.split("<loc>")[1:]}


def test_the_sitemap_lists_public_pages_and_every_content_page(base_url: str, admin: httpx.Client) -> None:
    response = fetch(base_url, "/sitemap.xml")
    assert response.status_code == 200 and response.text.startswith("<?xml")
    locs = sitemap_locs(base_url)
    for path in ("/", "/jobs/", "/youtube/", "/ol-folder/", "/booking/"):
        assert base_url + path in locs
    assert not any("/login" in loc or "/notes" in loc or loc.endswith("/class/") for loc in locs)
    active = {n["id"] for n in records(admin, Collection.NEWS) if n["active"]}
    listed_news = {loc.rsplit("/", 1)[1] for loc in locs if "/news/" in loc}
    assert listed_news == active
    for collection, prefix in (
        (Collection.OL_FOLDERS, "/ol/"),
        (Collection.AL_FOLDERS, "/al/"),
        (Collection.TEACHERS, "/class/"),
    ):
        assert {base_url + prefix + r["id"] for r in records(admin, collection)} <= locs
    for loc in locs:  # every address answers without a redirect
        assert httpx.get(loc, timeout=15).status_code == 200, loc


def test_the_sitemap_follows_admin_changes(base_url: str, admin: httpx.Client) -> None:
    name = f"Folder {uuid.uuid4().hex[:6]}"
    with created(admin, Collection.AL_FOLDERS, name=name) as folder:
        assert eventually(lambda: f"{base_url}/al/{folder['id']}" in sitemap_locs(base_url))
    assert eventually(lambda: f"{base_url}/al/{folder['id']}" not in sitemap_locs(base_url))
    news = next(n for n in records(admin, Collection.NEWS) if n["active"])
    with restored(admin, Collection.NEWS, news, "active"):
        update(admin, Collection.NEWS, news["id"], active=False)
        assert eventually(lambda: f"{base_url}/news/{news['id']}" not in sitemap_locs(base_url))
    assert eventually(lambda: f"{base_url}/news/{news['id']}" in sitemap_locs(base_url))
