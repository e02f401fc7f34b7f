"""The public search index follows the shared content cache: rebuilt per list version, one source
at a time; failures reported like the pages do; each kind links where it lives."""

from __future__ import annotations

import httpx
import pytest

from student_portal.i18n import in_language
from student_portal.i18n.languages import Language
from student_portal.i18n.texts import Text
from student_portal.pocketbase import ContentCache, PocketBaseClient
from student_portal.pocketbase import records as r
from student_portal.pocketbase.collections import Collection
from student_portal.search import catalog as catalog_module
from student_portal.search import documents as d
from student_portal.search.catalog import SOURCES, Catalog
from tests.unit.test_cache_changes import Backend

KINDS = d.KIND_ORDER


def demo_data() -> dict[str, list[dict]]:
    return {
        Collection.JOBS: [{"id": "job1", "title": "Trainee Software Engineer", "company": "LankaSoft"}],
        Collection.RECORDINGS: [{"id": "rec1", "name": "Kinematics - graphs", "subject": "sub1"}],
        Collection.SUBJECTS: [{"id": "sub1", "name": "Physics"}],
        Collection.AL_ITEMS: [
            {"id": "al1", "folder": "f1", "type": "note", "title": "Formula Sheet", "varient": "Tamil Medium"}
        ],
        Collection.AL_FOLDERS: [{"id": "f1", "name": "Physics"}],
        Collection.NEWS: [
            {"id": "n1", "title": "Mahapola open", "active": True},
            {"id": "n2", "title": "Mahapola draft", "active": False},
        ],
    }


@pytest.fixture
def cache_and_backend(monkeypatch: pytest.MonkeyPatch) -> tuple[ContentCache, Backend]:
    backend = Backend(demo_data())
    cache = ContentCache(PocketBaseClient("http://pb.test", transport=httpx.MockTransport(backend)), ttl=30)
    monkeypatch.setattr(catalog_module, "content_cache", lambda: cache)
    return cache, backend


def found(index, query: str) -> list[tuple[str, str, str]]:
    return [(g.kind, h.document.title, h.document.href) for g in index.search(query, KINDS, 5) for h in g.hits]


async def test_every_source_is_indexed_with_its_joins(cache_and_backend) -> None:
    public = await Catalog().index()
    assert public.failed == ()
    assert found(public.index, "physics formula") == [(d.Kind.PAPERS, "Formula Sheet", "/al/f1?type=note")]
    assert found(public.index, "physics kinematics") == [
        (d.Kind.RECORDINGS, "Kinematics - graphs", "/youtube?q=Kinematics+-+graphs")
    ]
    assert found(public.index, "lankasoft") == [(d.Kind.JOBS, "Trainee Software Engineer", "/jobs#job-job1")]


async def test_inactive_news_is_not_findable(cache_and_backend) -> None:
    public = await Catalog().index()
    assert found(public.index, "mahapola") == [(d.Kind.NEWS, "Mahapola open", "/news/n1")]


async def test_an_admins_new_item_is_found_after_the_cache_hears_of_it(cache_and_backend) -> None:
    cache, _ = cache_and_backend
    catalog = Catalog()
    first = await catalog.index()
    untouched = first.index.segments["recordings"]
    cache.apply_event(Collection.JOBS, "create", {"id": "job2", "title": "Zoology lab assistant"})
    second = await catalog.index()
    assert found(second.index, "zoology") == [(d.Kind.JOBS, "Zoology lab assistant", "/jobs#job-job2")]
    # Only the changed source was rebuilt.
    assert second.index.segments["recordings"] is untouched
    assert second.index.segments["jobs"] is not first.index.segments["jobs"]


async def test_a_joined_list_changing_rebuilds_its_users(cache_and_backend) -> None:
    cache, _ = cache_and_backend
    catalog = Catalog()
    await catalog.index()
    cache.apply_event(Collection.SUBJECTS, "update", {"id": "sub1", "name": "Applied Mechanics"})
    public = await catalog.index()
    assert found(public.index, "mechanics kinematics") == [
        (d.Kind.RECORDINGS, "Kinematics - graphs", "/youtube?q=Kinematics+-+graphs")
    ]


async def test_unchanged_lists_are_not_rebuilt(cache_and_backend) -> None:
    catalog = Catalog()
    first = await catalog.index()
    second = await catalog.index()
    assert all(second.index.segments[name] is first.index.segments[name] for name in first.index.segments)


async def test_a_backend_failure_is_reported_and_nothing_stale_is_served(cache_and_backend) -> None:
    cache, backend = cache_and_backend
    catalog = Catalog()
    await catalog.index()
    backend.failing = True
    cache.invalidate()
    public = await catalog.index()
    assert set(public.failed) == {s.name for s in SOURCES}
    assert len(public.index) == 0


def test_links_use_the_list_pages_own_address_parameters() -> None:
    hotel = r.Hotel(id="h1", name="Kandy Lake View", city="c1", price=11000)
    product = r.Product(id="p1", name="Calculator", categories=["cat3", "cat1"])
    teacher = r.Teacher(id="t1", name="Dr. Nuwan Perera")
    lesson = r.TuitionClass(id="k1", name="Vectors", teacher="t1")
    assert d.room(hotel, {"c1": "Kandy"}).href == "/booking?city=c1#hotel-h1"
    assert d.product(product, {"cat3": "Electronics"}).href == "/shop?category=cat3#product-p1"
    assert d.teacher(teacher).href == "/class/t1"
    assert d.tuition_class(lesson, {"t1": "Dr. Nuwan Perera"}).href == "/class/t1"
    paper = r.FolderItem(id="i1", folder="f1", type="paper", title="Paper I")
    assert d.folder_item(paper, "ol", "O/L", {"f1": "Maths"}).href == "/ol/f1"


def test_an_article_is_titled_by_its_first_heading() -> None:
    article = r.Article(id="a1", conent="<h1>Bodim life</h1><p>A <b>survival</b> guide.</p>")
    doc = d.article(article)
    assert (doc.title, doc.href) == ("Bodim life", "/article#article-a1")
    assert "survival guide" in doc.text


def test_protected_documents_link_to_their_pages_and_never_to_files() -> None:
    note = r.Note(id="n1", name="Engineering Maths", file="secret_abc.pdf")
    class_note = r.ClassNote(id="c1", name="Integration", teacher="t1", file="x.pdf")
    assert d.uni_note(note).href == "/notes?q=Engineering+Maths"  # the notes page, searched for it
    assert d.class_note(class_note, {"t1": "Dr. Nuwan"}).href == "/class/t1"
    assert "secret" not in repr(d.uni_note(note))


def test_the_state_bounds_what_it_keeps_of_a_query() -> None:
    from student_portal.constants import Limit
    from student_portal.state.search import bounded, box_text, search_url

    assert bounded("  physics  ") == "physics"
    assert len(bounded("x" * 10_000)) == Limit.SEARCH_QUERY_MAX
    assert bounded(None) == "" and box_text(42) == ""
    assert box_text("physics ") == "physics "  # the space the visitor just typed stays in the box
    assert search_url("a&b=c <d>") == "/search?q=a%26b%3Dc+%3Cd%3E"


async def test_the_same_words_on_the_same_index_are_answered_from_memory(cache_and_backend) -> None:
    cache, _ = cache_and_backend
    catalog = Catalog()
    public = await catalog.index()
    first = catalog.search(public, "Physics  formula", 5)
    assert catalog.search(await catalog.index(), "physics FORMULA", 5) is first
    cache.apply_event(Collection.AL_ITEMS, "create", {"id": "al2", "folder": "f1", "title": "Physics formula list"})
    fresh = catalog.search(await catalog.index(), "physics formula", 5)
    assert fresh is not first
    assert sorted(h.document.title for h in fresh[0].hits) == ["Formula Sheet", "Physics formula list"]


def test_a_visitors_own_documents_are_searched_apart_and_merged_in_page_order() -> None:
    from student_portal.search.catalog import merged, search_own

    own = [d.uni_note(r.Note(id="n1", name="Physics lecture notes"))]
    public = [g for g in _public_groups()]
    groups = merged(public, search_own(own, "physics", 5))
    assert [g.kind for g in groups] == [d.Kind.PAPERS, d.Kind.UNI_NOTES]


def _public_groups():
    from student_portal.search.index import SearchIndex, Segment

    paper = d.folder_item(r.FolderItem(id="i1", folder="f1", type="paper", title="Physics I"), "al", "A/L", {})
    return SearchIndex({"al": Segment([paper])}).search("physics", d.KIND_ORDER, 5)


async def test_a_hit_past_a_list_pages_first_page_asks_for_enough_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    from student_portal.constants import Limit

    page = Limit.JOBS_PAGE
    jobs = [
        {"id": f"job{n}", "title": f"Opening {n}", "postedAt": f"2026-01-01 00:00:{n:02d}.000Z"}
        for n in range(page + 5)
    ]
    rooms = [
        {"id": f"h{n}", "name": f"Room {n}", "city": "c1" if n % 2 else "c2"} for n in range(2 * Limit.ROOMS_PAGE + 2)
    ]
    backend = Backend({Collection.JOBS: jobs, Collection.HOTELS: rooms})
    cache = ContentCache(PocketBaseClient("http://pb.test", transport=httpx.MockTransport(backend)), ttl=30)
    monkeypatch.setattr(catalog_module, "content_cache", lambda: cache)
    public = await Catalog().index()
    href = {h.document.title: h.document.href for g in public.index.search("opening", KINDS, 100) for h in g.hits}
    assert href[f"Opening {page + 4}"] == "/jobs#job-job24"  # the newest: on the first page
    assert href["Opening 0"] == f"/jobs?show={2 * page}#job-job0"  # the oldest: on the second
    rooms_href = {h.document.title: h.document.href for g in public.index.search("room", KINDS, 100) for h in g.hits}
    # Counted within its city's list, as /booking?city= shows it.
    assert rooms_href["Room 1"] == "/booking?city=c1#hotel-h1"
    last = 2 * Limit.ROOMS_PAGE + 1
    assert rooms_href[f"Room {last}"] == f"/booking?city=c1&show={2 * Limit.ROOMS_PAGE}#hotel-h{last}"


@pytest.mark.parametrize(
    ("language", "room", "product"),
    [
        (Language.EN, "Kandy · RsH 11000.00", "Rs 1250 · Electronics"),
        (Language.SI, "Kandy · රු. 11000.00", "රු. 1250 · Electronics"),
    ],
)
def test_prices_in_a_hits_detail_are_written_in_the_visitors_language(language, room, product) -> None:
    """The index is built once, in English, for every language: its prices are kept as numbers."""
    from student_portal.state.search import _detail

    hotel = d.room(r.Hotel(id="h1", name="Lake View", city="c1", price=11000), {"c1": "Kandy"})
    item = d.product(r.Product(id="p1", name="Calculator", price=1250, categories=["c3"]), {"c3": "Electronics"})
    free = d.product(r.Product(id="p2", name="Pen", categories=["c3"]), {"c3": "Electronics"})
    odd = d.room(r.Hotel(id="h2", name="Odd", city="c1", price=-5), {"c1": "Kandy"})
    with in_language(language):
        assert (_detail(hotel.detail), _detail(item.detail)) == (room, product)
        assert _detail(free.detail) == f"{Text.PRICE_UNAVAILABLE} · Electronics"
        assert _detail(odd.detail) == f"Kandy · {r.room_price(-5)}"  # as its card writes it, no token
