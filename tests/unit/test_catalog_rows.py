"""What the catalog pages show, shaped from records: shop, recordings, jobs, rooms, resources."""

from __future__ import annotations

import datetime
from urllib.parse import parse_qs, urlsplit

import pytest

from student_portal.constants import COUNTRY_CODE, SHOP_WHATSAPP_NUMBER, Limit
from student_portal.i18n.texts import Text
from student_portal.pocketbase import Folder, FolderItem, Hotel, Job, Product, Recording
from student_portal.state.booking import hotel_card
from student_portal.state.jobs import job_card, newest_first
from student_portal.state.options import Option
from student_portal.state.recordings import recording_card, search_recordings, with_subject_names
from student_portal.state.resources import LEVELS, folder_cards, item_card
from student_portal.state.shop import product_card
from student_portal.utils.filters import filter_by_category, filter_hotels


def _prefilled_text(url: str) -> str:
    return parse_qs(urlsplit(url).query)["text"][0]


# --- shop -------------------------------------------------------------------------------------
def test_buy_now_opens_the_business_chat_with_the_product_name_prefilled() -> None:
    card = product_card(Product(id="p1", name="Pens & Pencils Combo #2 - පෑන්", price=750))
    assert urlsplit(card.buy_url).netloc == "wa.me"
    assert urlsplit(card.buy_url).path == f"/{SHOP_WHATSAPP_NUMBER}"
    # & and # would end the text early if not encoded; Sinhala must arrive as typed.
    assert "&" not in urlsplit(card.buy_url).query.split("text=", 1)[1]
    assert "#" not in card.buy_url
    assert _prefilled_text(card.buy_url) == Text.buy_message("Pens & Pencils Combo #2 - පෑන්")


def test_product_price_is_rs_or_price_unavailable() -> None:
    assert product_card(Product(id="p1", name="a", price=380)).price == "Rs 380"
    assert product_card(Product(id="p2", name="b", price=540.5)).price == "Rs 540.50"
    assert product_card(Product(id="p3", name="c")).price == Text.PRICE_UNAVAILABLE


def test_empty_category_shows_all_products_else_those_listing_the_id() -> None:
    cards = [
        product_card(Product(id="p1", name="a", categories=["c1", "c2"])),
        product_card(Product(id="p2", name="b", categories=["c2"])),
        product_card(Product(id="p3", name="c")),
    ]

    def visible(category: str) -> list[str]:  # as ShopState.visible_products filters its rows
        return [c.id for c in filter_by_category(cards, category, "categories")]

    assert visible("") == ["p1", "p2", "p3"]
    assert visible("c1") == ["p1"]
    assert visible("c2") == ["p1", "p2"]
    assert visible("unknown") == []


# --- recordings -------------------------------------------------------------------------------
def _recordings():
    cards = [
        recording_card(
            Recording(id="r1", name="Kuppi: Differential Equations", link="https://youtu.be/SzFyCmmdKTx", subject="s1")
        ),
        recording_card(
            Recording(
                id="r2", name="Kinematics - graphs", link="https://www.youtube.com/watch?v=hA6ILI8gJhe", subject="s2"
            )
        ),
        recording_card(
            Recording(id="r3", name="Broken link", link="https://www.youtube.com/watch?feature=shared", subject="gone")
        ),
    ]
    return with_subject_names(cards, SUBJECTS)


SUBJECTS = [Option("s1", "Combined Maths"), Option("s2", "Physics")]


def test_recording_subject_label_is_its_subject_name_or_unknown() -> None:
    assert [c.subject for c in _recordings()] == ["Combined Maths", "Physics", Text.SUBJECT_UNKNOWN]


def test_recording_without_a_video_id_has_no_video() -> None:
    assert [c.video_id for c in _recordings()] == ["SzFyCmmdKTx", "hA6ILI8gJhe", ""]


def test_recording_search_is_a_case_insensitive_substring_of_the_name() -> None:
    cards = _recordings()
    assert [c.id for c in search_recordings(cards, "KUPPI", "")] == ["r1"]
    assert [c.id for c in search_recordings(cards, "  graphs ", "")] == ["r2"]
    assert [c.id for c in search_recordings(cards, "", "")] == ["r1", "r2", "r3"]
    assert search_recordings(cards, "chemistry", "") == []


def test_recording_search_finds_a_subject_as_the_box_suggests() -> None:
    """The box says "e.g. Physics": a recording whose subject is Physics is found by it."""
    cards = _recordings()
    assert [c.id for c in search_recordings(cards, "physics", "", SUBJECTS)] == ["r2"]
    assert [c.id for c in search_recordings(cards, "MATHS", "", SUBJECTS)] == ["r1"]
    # Unknown is a label, not a subject: nothing has it
    assert search_recordings(cards, Text.SUBJECT_UNKNOWN, "", SUBJECTS) == []
    assert search_recordings(cards, "physics", "s1", SUBJECTS) == []


def test_recording_subject_filter_combines_with_the_search() -> None:
    cards = _recordings()
    assert [c.id for c in search_recordings(cards, "", "s2")] == ["r2"]
    assert search_recordings(cards, "kuppi", "s2") == []


# --- jobs -------------------------------------------------------------------------------------
def test_job_contacts_call_whatsapp_with_94_and_mailto() -> None:
    card = job_card(
        Job(
            id="j1",
            title="Intern",
            phoneNumber="011 234 5678",
            whatsappNumber="077 123 4567",
            email="careers@lankasoft.lk",
        )
    )
    assert card.call_href == "tel:+94112345678"
    assert card.whatsapp_href == f"https://wa.me/{COUNTRY_CODE}771234567"
    assert card.email_href == "mailto:careers@lankasoft.lk"


def test_a_job_number_that_cannot_be_a_mobile_gets_no_whatsapp_button() -> None:
    card = job_card(Job(id="j6", title="Sales", whatsappNumber="12345", phoneNumber="", email="not an email"))
    assert (card.whatsapp_href, card.call_href, card.email_href) == ("", "", "")


def test_jobs_are_listed_newest_posted_first_undated_last() -> None:
    day = datetime.datetime(2026, 11, 20, tzinfo=datetime.UTC)
    jobs = [Job(id="old", postedAt=day - datetime.timedelta(days=9)), Job(id="none"), Job(id="new", postedAt=day)]
    assert [j.id for j in newest_first(jobs)] == ["new", "old", "none"]
    assert job_card(jobs[2]).posted == "20 Nov 2026"


# --- rooms ------------------------------------------------------------------------------------
def _hotels():
    return [
        hotel_card(
            Hotel(id="h1", city="c1", gust=2, price=9500, rating=4, reviewScore=8.2, whatsapp="0771234567"),
            {"c1": "Moratuwa"},
        ),
        hotel_card(Hotel(id="h2", city="c2", gust=1, price=7000, rating=3.5), {}),
        hotel_card(Hotel(id="h3", city="c1", price=25000, reviewScore=0), {}),  # no guest limit
    ]


def rooms_for(city: str, guests: int) -> list[str]:
    """What BookingState.visible_hotels keeps, on the rows the state builds."""
    return [h.id for h in filter_hotels(_hotels(), city, guests)]


def test_hotel_without_guest_limit_always_matches() -> None:
    for guests in Limit.GUEST_CHOICES:
        assert "h3" in rooms_for("", guests)


def test_hotel_shows_when_the_guests_are_at_most_its_limit() -> None:
    assert rooms_for("", 1) == ["h1", "h2", "h3"]
    assert rooms_for("", 2) == ["h1", "h3"]
    assert rooms_for("", 3) == ["h3"]
    assert rooms_for("c1", 2) == ["h1", "h3"]
    assert rooms_for("c2", 2) == []


def test_hotel_card_price_stars_and_review() -> None:
    h1, h2, h3 = _hotels()
    assert h1.price == "RsH 9500.00" and h1.city_name == "Moratuwa" and h1.review == "8.2" and h1.has_review
    assert h1.stars == ["full"] * 4 + ["empty"] and h1.rating == "4"
    assert h2.stars == ["full"] * 3 + ["half", "empty"] and h2.rating == "3.5"  # three and a half
    assert h3.review == Text.NO_REVIEWS and not h3.has_review and h3.rating == ""
    assert (h1.guests_label, h2.guests_label, h3.guests_label) == (
        "Up to 2 guests",
        "Up to 1 guest",
        "Any number of guests",
    )
    assert h1.whatsapp_href == "https://wa.me/94771234567" and h2.whatsapp_href == ""


# --- O/L and A/L resources --------------------------------------------------------------------
def test_folder_cards_open_the_folder_page_of_their_level() -> None:
    folders = [Folder(id="f1", name="2023 O/L"), Folder(id="f2", label="Science"), Folder(id="f3")]
    cards = folder_cards(LEVELS["ol"], folders)
    assert [(c.name, c.href) for c in cards] == [("2023 O/L", "/ol/f1"), ("Science", "/ol/f2")]
    assert folder_cards(LEVELS["al"], folders[:1])[0].href == "/al/f1"


def test_item_card_has_variant_badge_and_a_download_link() -> None:
    card = item_card(
        FolderItem(
            id="i1",
            collectionId="pbc_1",
            type="paper",
            title="Paper I",
            varient=" Sinhala Medium ",
            file="paper_abc.pdf",
            image="img.jpg",
        )
    )
    assert card.variant == "Sinhala Medium"
    assert card.download_url == "/files/pbc_1/i1/paper_abc.pdf?download=1"
    assert card.image_url == "/files/pbc_1/i1/img.jpg?thumb=400x300"
    assert item_card(FolderItem(id="i2", collectionId="pbc_1", type="note")).download_url == ""


async def test_folder_items_are_fetched_as_page_1_of_500_filtered_by_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    import httpx

    from student_portal.pocketbase import PocketBaseClient
    from student_portal.state import resources

    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"page": 1, "perPage": 500, "items": [{"id": "i1", "folder": "f1"}]})

    client = PocketBaseClient("http://pb.test", transport=httpx.MockTransport(handler))
    monkeypatch.setattr(resources, "configured_client", lambda: client)
    items = await resources.fetch_folder_items(LEVELS["al"], "f1")
    assert [i.id for i in items] == ["i1"]
    (request,) = seen
    assert request.url.path == "/api/collections/AL_Items/records"
    params = dict(request.url.params)
    assert params["page"] == "1" and params["perPage"] == str(Limit.FOLDER_ITEMS_PER_PAGE)
    assert params["filter"] == 'folder = "f1"'
