"""A page's first content in the HTML the server sends (sharing/first_view.py): the home page's
first news item, /booking's first room picture."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import replace

import httpx
import pytest
from reflex.istate.data import RouterData
from starlette.responses import HTMLResponse

import student_portal.pages  # noqa: F401  every page registered: sharing's page_at reads them (alone, this file saw 404s)
from student_portal.pocketbase import Collection
from student_portal.sharing import content, first_view
from student_portal.sharing.server import with_sharing
from student_portal.site_pages import SitePage
from student_portal.state import booking, shop
from student_portal.state import content as state_content
from student_portal.state.news import NewsSlide
from tests.unit.test_cache_changes import make
from tests.unit.test_sharing_server import ANSWER_WAIT_S, NEWS, SITE

# The loading face as React prerenders it (components/news.py): empty, attributes in any order.
FACE = (
    '<article aria-hidden="true"><img alt="" class="aspect-video" data-preview="news-picture" width="640"/><div>'
    '<h3 class="text-xl empty:h-7" data-preview="news-title"></h3>'
    '<p data-preview="news-excerpt" class="line-clamp-3"></p></div></article>'
)
BUILT_HOME = f"<!DOCTYPE html><html><head><title>Built</title></head><body><h3>Other</h3>{FACE}</body></html>"
SLIDE = NewsSlide(
    id="n1",
    title='A <b>"title"</b> & more',
    excerpt="<script>x()</script>",
    image_url='/files/pbc/n1/a.jpg?thumb=640x360&x="y"',
    href="/news/n1",
)


def test_the_first_slides_title_and_excerpt_fill_the_face_escaped():
    filled = first_view.with_first_news(BUILT_HOME.encode(), SLIDE).decode()
    assert (
        '<h3 class="text-xl empty:h-7" data-preview="news-title">A &lt;b&gt;&quot;title&quot;&lt;/b&gt; &amp; more</h3>'
        in filled
    )
    assert '<p data-preview="news-excerpt" class="line-clamp-3">&lt;script&gt;x()&lt;/script&gt;</p>' in filled
    assert "<h3>Other</h3>" in filled  # nothing else is touched
    picture = '<img src="/files/pbc/n1/a.jpg?thumb=640x360&amp;x=&quot;y&quot;" alt="" class="aspect-video"'
    assert picture in filled


def test_a_slide_without_a_picture_leaves_the_picture_box_grey():
    filled = first_view.with_first_news(BUILT_HOME.encode(), replace(SLIDE, image_url="")).decode()
    assert '<img alt="" class="aspect-video" data-preview="news-picture"' in filled and "src=" not in filled


def test_without_a_slide_or_a_face_the_page_stays_as_built():
    assert first_view.with_first_news(BUILT_HOME.encode(), None) == BUILT_HOME.encode()
    other = b"<html><body><h3>Jobs</h3></body></html>"
    assert first_view.with_first_news(other, SLIDE) == other


@pytest.fixture
def news_data(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[dict]]]:
    data = {Collection.NEWS: NEWS}
    cache, _, _ = make(data, ttl=0)
    for module in (content, state_content):
        monkeypatch.setattr(module, "content_cache", lambda: cache)
    pages = (SitePage("/", "Student Portal", "Home", lambda: None), SitePage("/jobs", "Jobs", "Jobs", lambda: None))
    monkeypatch.setattr(content, "site_pages", lambda: pages)
    yield data


def site(html: str = BUILT_HOME, wait_s: float = ANSWER_WAIT_S) -> httpx.AsyncClient:
    async def app(scope, receive, send):
        await HTMLResponse(html)(scope, receive, send)

    wrapped = with_sharing(app, base_url=lambda: SITE, is_built=lambda _: False, wait_s=wait_s)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=wrapped), base_url=SITE)


@pytest.mark.parametrize("path", ["/", "/si/", "/ta/"])
async def test_every_home_page_is_sent_with_the_first_active_news_item(news_data, path: str) -> None:
    async with site() as client:
        response = await client.get(path)
    assert response.status_code == 200 and response.headers["cache-control"] == "no-cache"
    assert 'data-preview="news-title">Results &quot;out&quot; &lt;now&gt;</h3>' in response.text
    assert 'data-preview="news-excerpt" class="line-clamp-3">Line one\nline two</p>' in response.text
    assert '<img src="/files/pbc_news/n1/n1.jpg?thumb=640x360" alt=""' in response.text


async def test_an_edit_shows_in_the_next_home_page_and_other_pages_are_left_alone(news_data) -> None:
    async with site() as client:
        news_data[Collection.NEWS] = [{**NEWS[0], "title": "Edited"}, *NEWS[1:]]
        assert 'data-preview="news-title">Edited</h3>' in (await client.get("/")).text
        assert 'data-preview="news-title"></h3>' in (await client.get("/jobs")).text
        news_data[Collection.NEWS] = [NEWS[1]]  # only an inactive item: the face stays empty
        assert 'data-preview="news-title"></h3>' in (await client.get("/")).text


async def test_a_slow_or_broken_backend_leaves_the_face_as_built(news_data, monkeypatch: pytest.MonkeyPatch) -> None:
    async def slow():
        await asyncio.sleep(5)

    monkeypatch.setattr(first_view, "home_news", slow)
    async with site(wait_s=0.05) as client:
        response = await client.get("/")
    assert response.status_code == 200 and 'data-preview="news-title"></h3>' in response.text

    async def broken():
        raise RuntimeError("bug")

    monkeypatch.setattr(first_view, "home_news", broken)
    async with site() as client:
        response = await client.get("/")
    assert response.status_code == 200 and 'data-preview="news-title"></h3>' in response.text


# --- /booking: the first room's picture for the address's filters ---------------------------------

# The first card of /booking's loading face as React prerenders it (components/booking.py).
ROOM_FACE = '<div aria-hidden="true"><div><img alt="" class="aspect-[8/5]" data-preview="room-picture" width="640"/>'
BUILT_BOOKING = f"<!DOCTYPE html><html><head><title>Built</title></head><body>{ROOM_FACE}</body></html>"
ROOMS = [
    {"collectionId": "pbc_hotels", "id": "h1", "name": "Lake View", "city": "kandy", "gust": 2, "image": "lake.jpg"},
    {"collectionId": "pbc_hotels", "id": "h2", "name": "Hill Top", "city": "ella", "gust": 4, "image": "hill.jpg"},
    {"collectionId": "pbc_hotels", "id": "h3", "name": "No Photo", "city": "galle", "gust": 4, "image": ""},
]
CITIES = [{"id": c, "name": c.title()} for c in ("kandy", "ella", "galle")]


def room_picture(hotel_id: str, name: str) -> str:
    return f'<img src="/files/pbc_hotels/{hotel_id}/{name}?thumb=640x400" alt="" class="aspect-[8/5]"'


def test_the_first_rooms_picture_fills_the_face_escaped() -> None:
    room = first_view.ROOM_PICTURE
    filled = first_view.with_first_picture(
        BUILT_BOOKING.encode(), room, '/files/h/1/a.jpg?thumb=640x400&x="y"'
    ).decode()
    assert '<img src="/files/h/1/a.jpg?thumb=640x400&amp;x=&quot;y&quot;" alt=""' in filled
    assert first_view.with_first_picture(BUILT_BOOKING.encode(), room, "") == BUILT_BOOKING.encode()  # a grey box


@pytest.fixture
def rooms_data(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[dict]]]:
    data = {Collection.HOTELS: ROOMS, Collection.CITYS: CITIES}
    cache, _, _ = make(data, ttl=0)
    for module in (content, state_content):
        monkeypatch.setattr(module, "content_cache", lambda: cache)
    pages = (SitePage("/booking", "Bodim", "Rooms", lambda: None),)
    monkeypatch.setattr(content, "site_pages", lambda: pages)
    yield data


@pytest.mark.parametrize(
    ("address", "first"),
    [
        ("/booking", ("h1", "lake.jpg")),
        ("/booking/", ("h1", "lake.jpg")),
        ("/si/booking?city=ella", ("h2", "hill.jpg")),
        ("/booking?guests=3", ("h2", "hill.jpg")),  # Lake View takes two
        ("/ta/booking?city=nowhere&guests=9", ("h1", "lake.jpg")),  # unknown values: all rooms, 1 guest
        ("/booking?city=kandy&city=ella", ("h2", "hill.jpg")),  # the last, as the page's state reads it
    ],
)
async def test_booking_is_sent_with_the_picture_of_the_first_room_its_filters_show(
    rooms_data, address: str, first: tuple[str, str]
) -> None:
    params = await assert_sent_with_picture(BUILT_BOOKING, address, room_picture(*first))
    # The page's own state picks the same first room for the same address.
    assert (await booking.rooms_view()).for_address(params)[0].id == first[0]


async def test_no_room_or_a_room_without_a_picture_leaves_the_grey_box(rooms_data) -> None:
    async with site(BUILT_BOOKING) as client:
        assert "src=" not in (await client.get("/booking?city=galle")).text  # its only room has no picture
        rooms_data[Collection.HOTELS] = []
        assert "src=" not in (await client.get("/booking")).text
        assert "src=" not in (await client.get("/jobs")).text  # not a page with a first room


async def test_a_slow_or_broken_backend_leaves_the_room_face_as_built(rooms_data, monkeypatch) -> None:
    await assert_face_as_built_when_slow_or_broken(monkeypatch, "rooms_view", BUILT_BOOKING, "/booking")


async def assert_face_as_built_when_slow_or_broken(monkeypatch, view: str, built: str, address: str) -> None:
    """With first_view's `view` (the page's shared view) slow, then broken: the page as built."""

    async def slow():
        await asyncio.sleep(5)

    monkeypatch.setattr(first_view, view, slow)
    async with site(built, wait_s=0.05) as client:
        response = await client.get(address)
    assert response.status_code == 200 and "src=" not in response.text

    async def broken():
        raise RuntimeError("bug")

    monkeypatch.setattr(first_view, view, broken)
    async with site(built) as client:
        response = await client.get(address)
    assert response.status_code == 200 and "src=" not in response.text


async def assert_sent_with_picture(built: str, address: str, picture: str) -> dict[str, str]:
    """The page at `address` comes with `picture` in its face; returns the address's query as
    the page's state reads it (to check the state picks the same first card)."""
    async with site(built) as client:
        response = await client.get(address)
    assert response.status_code == 200 and response.headers["cache-control"] == "no-cache"
    assert picture in response.text
    return dict(RouterData.from_router_data({"asPath": address}).url.query_parameters)


# --- /shop: the first product's picture for the address's category --------------------------------

# The first card of /shop's loading face as React prerenders it (components/shop.py).
PRODUCT_FACE = (
    '<div aria-hidden="true"><div><img alt="" class="aspect-square" data-preview="product-picture" width="400"/>'
)
BUILT_SHOP = f"<!DOCTYPE html><html><head><title>Built</title></head><body>{PRODUCT_FACE}</body></html>"
PRODUCTS = [
    {"collectionId": "pbc_products", "id": "p1", "name": "Pen", "price": 50, "image": "pen.jpg", "categories": ["c1"]},
    {
        "collectionId": "pbc_products",
        "id": "p2",
        "name": "Book",
        "price": 380,
        "image": "book.jpg",
        "categories": ["c2"],
    },
    {"collectionId": "pbc_products", "id": "p3", "name": "Bag", "price": 900, "image": "", "categories": ["c3"]},
]
CATEGORIES = [{"id": c, "name": f"Category {c}"} for c in ("c1", "c2", "c3")]


def product_picture(product_id: str, name: str) -> str:
    return f'<img src="/files/pbc_products/{product_id}/{name}?thumb=400x400" alt="" class="aspect-square"'


@pytest.fixture
def shop_data(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[dict]]]:
    data = {Collection.PRODUCTS: PRODUCTS, Collection.CATEGORIES: CATEGORIES}
    cache, _, _ = make(data, ttl=0)
    for module in (content, state_content):
        monkeypatch.setattr(module, "content_cache", lambda: cache)
    pages = (SitePage("/shop", "Shop", "Products", lambda: None),)
    monkeypatch.setattr(content, "site_pages", lambda: pages)
    yield data


@pytest.mark.parametrize(
    ("address", "first"),
    [
        ("/shop", ("p1", "pen.jpg")),
        ("/shop/", ("p1", "pen.jpg")),
        ("/si/shop?category=c2", ("p2", "book.jpg")),
        ("/ta/shop?category=nowhere", ("p1", "pen.jpg")),  # an unknown category: All Categories
        ("/shop?category=c1&category=c2", ("p2", "book.jpg")),  # the last, as the page's state reads it
    ],
)
async def test_shop_is_sent_with_the_picture_of_the_first_product_its_category_shows(
    shop_data, address: str, first: tuple[str, str]
) -> None:
    params = await assert_sent_with_picture(BUILT_SHOP, address, product_picture(*first))
    # The page's own state picks the same category, hence the same first card, for the address.
    assert (await shop.shop_view()).for_address(params)[0].id == first[0]


async def test_a_first_product_without_a_picture_or_no_product_leaves_the_grey_box(shop_data) -> None:
    async with site(BUILT_SHOP) as client:
        assert "src=" not in (await client.get("/shop?category=c3")).text  # its first card has no picture
        shop_data[Collection.PRODUCTS] = []
        assert "src=" not in (await client.get("/shop")).text


async def test_a_slow_or_broken_backend_leaves_the_product_face_as_built(shop_data, monkeypatch) -> None:
    await assert_face_as_built_when_slow_or_broken(monkeypatch, "shop_view", BUILT_SHOP, "/shop")
