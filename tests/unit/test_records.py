"""Record models: tolerant of whatever the admin UI stored, and true to the spec's field names."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta, timezone

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from student_portal.i18n.texts import Text
from student_portal.pocketbase import PROTECTED, PUBLIC, Collection, ContentCache, PocketBaseClient, model_for
from student_portal.pocketbase import records as r
from student_portal.pocketbase.fields import (
    to_datetime,
    to_first_text,
    to_flag,
    to_id_list,
    to_number,
    to_platform,
    to_positive_int,
    to_text,
    to_text_list,
)

ALL_MODELS = sorted(
    {spec.model for spec in [*PUBLIC.values()]} | {r.Note, r.ClassNote, r.ClassRecording, r.User},
    key=lambda model: model.__name__,
)

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**400), max_value=10**400)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=50)
    | st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), max_size=3)
)
json_values = st.recursive(
    json_scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def record_dicts(model: type[r.Record]) -> st.SearchStrategy[dict]:
    """Dicts with the model's own keys (aliases) holding any JSON value, plus stray keys."""
    keys = [info.alias or name for name, info in model.model_fields.items()]
    return st.dictionaries(st.sampled_from(keys) | st.text(max_size=10), json_values, max_size=len(keys) + 2)


@pytest.mark.parametrize("model", ALL_MODELS, ids=lambda m: m.__name__)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_any_json_record_parses_without_raising(model: type[r.Record], data) -> None:
    item = data.draw(record_dicts(model))
    record = model.model_validate(item)
    for name, info in model.model_fields.items():
        value = getattr(record, name)
        annotation = str(info.annotation)
        if "str" in annotation and "list" not in annotation and "dict" not in annotation:
            assert isinstance(value, str)
            value.encode("utf-8")  # no lone surrogates reach the page
        if isinstance(value, datetime):
            assert value.tzinfo is not None
        if isinstance(value, list):
            assert all(isinstance(v, str) and v for v in value)
        if isinstance(value, float):
            assert value == value and abs(value) != float("inf")


@settings(max_examples=200, deadline=None)
@given(value=json_values)
def test_coercers_return_their_type_for_any_json(value) -> None:
    assert isinstance(to_text(value), str)
    assert isinstance(to_first_text(value), str)
    assert isinstance(to_flag(value), bool)
    number = to_number(value)
    assert number is None or (isinstance(number, float) and abs(number) < float("inf"))
    limit = to_positive_int(value)
    assert limit is None or (isinstance(limit, int) and limit >= 1)
    assert all(isinstance(t, str) and t for t in to_text_list(value))
    assert all(isinstance(t, str) and t for t in to_id_list(value))
    moment = to_datetime(value)
    assert moment is None or moment.tzinfo is not None
    assert to_platform(value) in {"youtube", "facebook", "tiktok", "other"}


@settings(max_examples=100, deadline=None)
@given(items=st.lists(json_values, max_size=10))
def test_parse_records_keeps_exactly_the_objects(items) -> None:
    parsed = r.parse_records(r.Product, items)
    assert len(parsed) == sum(isinstance(item, dict) for item in items)
    assert all(isinstance(p, r.Product) for p in parsed)


def test_parse_records_logs_skipped_items_once(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="student_portal.pocketbase.records")
    garbage = [1, "x", None, {"id": "ok"}] * 50

    assert [p.id for p in r.parse_records(r.City, garbage)] == ["ok"] * 50
    r.parse_records(r.City, garbage)

    warnings = [rec for rec in caplog.records if rec.levelno == logging.WARNING]
    assert len(warnings) == 3  # one line per reason (int, str, NoneType), not one per item
    assert all("City" in rec.getMessage() for rec in warnings)


def test_parse_records_accepts_a_non_list_without_raising() -> None:
    assert r.parse_records(r.City, None) == []  # type: ignore[arg-type]
    assert r.parse_records(r.City, 42) == []  # type: ignore[arg-type]
    assert r.parse_record(r.City, "x") is None


def test_pocketbase_dates_become_aware_datetimes() -> None:
    cls = r.TuitionClass.model_validate({"date": "2026-11-22 14:30:00.000Z", "duration": 90})
    assert cls.date == datetime(2026, 11, 22, 14, 30, tzinfo=UTC)
    assert cls.duration == 90.0
    assert r.TuitionClass.model_validate({"date": ""}).date is None
    assert r.TuitionClass.model_validate({"date": "next tuesday"}).date is None
    colombo = r.TuitionClass.model_validate({"date": "2026-11-22T20:00:00+05:30"}).date
    assert colombo is not None and colombo.utcoffset() == timedelta(hours=5, minutes=30)
    naive = r.TuitionClass.model_validate({"date": datetime(2026, 1, 1)}).date
    assert naive is not None and naive.tzinfo is UTC
    aware = datetime(2026, 1, 1, tzinfo=timezone(timedelta(hours=1)))
    assert r.TuitionClass.model_validate({"date": aware}).date == aware


def test_base_fields_use_pocketbase_names() -> None:
    record = r.City.model_validate(
        {
            "id": "abc123",
            "collectionId": "pbc_1",
            "collectionName": "Citys",
            "created": "2026-01-02 03:04:05.678Z",
            "updated": "2026-01-02 03:04:05.678Z",
            "name": "Kandy",
        }
    )
    assert (record.id, record.collection_id, record.collection_name) == ("abc123", "pbc_1", "Citys")
    assert record.created is not None and record.created.year == 2026
    assert record.model_dump(by_alias=True)["collectionId"] == "pbc_1"


def test_spec_spellings_are_the_field_names() -> None:
    assert r.Article.model_validate({"conent": "<p>x</p>"}).conent == "<p>x</p>"
    assert r.Talent.model_validate({"categorie": "cat1"}).categorie == "cat1"
    teacher = r.Teacher.model_validate({"record_backgroud": "a.png", "note_background": "b.png"})
    assert (teacher.record_backgroud, teacher.note_background) == ("a.png", "b.png")
    assert r.Hotel.model_validate({"gust": 3}).gust == 3
    assert r.FolderItem.model_validate({"varient": "2019"}).varient == "2019"
    assert r.DeviceSlide.model_validate({"field": "slide.png", "title": "T"}).field == "slide.png"
    social = r.SocialMedia.model_validate({"thumbnailUrl": "t.png"})
    assert social.thumbnail_url == "t.png"
    promo = r.ClassPromo.model_validate({"whatsappNumber": 771234567, "message": "Hi"})
    assert promo.whatsapp_number == "771234567"  # a number typed into a text field
    job = r.Job.model_validate({"postedAt": "2026-03-01 00:00:00.000Z", "phoneNumber": "077", "whatsappNumber": "078"})
    assert job.posted_at is not None and (job.phone_number, job.whatsapp_number) == ("077", "078")
    assert r.Hotel.model_validate({"reviewScore": "8.5"}).review_score == 8.5


def test_models_can_also_be_built_by_attribute_name() -> None:
    assert r.SocialMedia(thumbnail_url="t.png").thumbnail_url == "t.png"
    assert r.Job(posted_at="2026-01-01").posted_at == datetime(2026, 1, 1, tzinfo=UTC)


def test_records_are_frozen_because_the_cache_shares_them() -> None:
    product = r.Product.model_validate({"name": "Pen"})
    with pytest.raises(Exception):  # noqa: B017 - pydantic's frozen-instance error
        product.name = "Pencil"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("youtube", "youtube"),
        (" YouTube ", "youtube"),
        ("facebook", "facebook"),
        ("tiktok", "tiktok"),
        ("instagram", "other"),
        ("", "other"),
        (None, "other"),
        (3, "other"),
    ],
)
def test_unknown_social_platform_is_other(raw, expected) -> None:
    assert r.SocialMedia.model_validate({"platform": raw}).platform == expected


@pytest.mark.parametrize(
    ("stored", "limit"),
    [(0, None), ("", None), (None, None), (-2, None), ("abc", None), (4, 4), (2.0, 2), ("3", 3)],
)
def test_hotel_guest_limit_zero_or_blank_means_no_limit(stored, limit) -> None:
    assert r.Hotel.model_validate({"gust": stored}).gust == limit


def test_hotel_without_guest_limit_always_matches() -> None:
    hotel = r.Hotel.model_validate({"gust": 0})
    assert all(hotel.fits_guests(n) for n in (1, 2, 3, 4))


def test_hotel_with_limit_matches_up_to_it() -> None:
    hotel = r.Hotel.model_validate({"gust": 2})
    assert [hotel.fits_guests(n) for n in (1, 2, 3, 4)] == [True, True, False, False]


def test_missing_values_have_the_spec_texts() -> None:
    assert r.Note.model_validate({}).display_name == Text.UNTITLED_NOTE
    assert r.Note.model_validate({"name": "  "}).display_name == Text.UNTITLED_NOTE
    assert r.Note.model_validate({"name": "Calculus"}).display_name == "Calculus"
    assert r.Product.model_validate({"price": None}).price_label == Text.PRICE_UNAVAILABLE
    assert r.Product.model_validate({"price": "n/a"}).price_label == Text.PRICE_UNAVAILABLE
    assert r.Product.model_validate({"price": 1500}).price_label == "Rs 1500"
    assert r.Product.model_validate({"price": 99.5}).price_label == "Rs 99.50"
    assert r.Hotel.model_validate({"price": 2500}).price_label == "RsH 2500.00"
    assert r.Hotel.model_validate({}).price_label == Text.PRICE_UNAVAILABLE
    assert r.Hotel.model_validate({}).review_label == Text.NO_REVIEWS
    assert r.Hotel.model_validate({"reviewScore": 8.5}).review_label == "8.5"
    assert r.Teacher.model_validate({}).display_description == Text.TEACHER_DESCRIPTION_DEFAULT
    assert r.Folder.model_validate({"label": "2024 papers"}).display_name == "2024 papers"
    assert r.Folder.model_validate({"name": "Maths", "label": "x"}).display_name == "Maths"


@pytest.mark.parametrize(
    ("role", "allowed"),
    [
        ("notes", True),
        ("full", True),
        ("Full", True),
        ("basic", False),
        ("", False),
        (None, False),
        (["notes"], True),
    ],
)
def test_only_notes_and_full_roles_may_view_notes(role, allowed) -> None:
    assert r.User.model_validate({"role": role}).can_view_notes is allowed


def test_user_record_fields() -> None:
    user = r.User.model_validate(
        {
            "id": "u1",
            "email": "a@b.lk",
            "username": "amal",
            "role": "notes",
            "verified": True,
            "collectionId": "_pb_users_auth_",
            "collectionName": "users",
        }
    )
    assert (user.email, user.username, user.role, user.verified) == (
        "a@b.lk",
        "amal",
        "notes",
        True,
    )
    assert user.collection_name == "users"


def test_lists_keep_their_texts() -> None:
    assert r.Product.model_validate({"categories": ["a", "", 3, "b"]}).categories == ["a", "b"]
    assert r.Product.model_validate({"categories": "a"}).categories == ["a"]
    assert r.Job.model_validate({"tags": ["Remote", " Full time ", None]}).tags == [
        "Remote",
        "Full time",
    ]
    assert r.Job.model_validate({"tags": "Remote, Part time"}).tags == ["Remote", "Part time"]
    assert r.Job.model_validate({"tags": {"a": 1}}).tags == []


def test_single_relations_and_files_take_the_first_of_a_list() -> None:
    assert r.Recording.model_validate({"subject": ["s1", "s2"]}).subject == "s1"
    assert r.NewsItem.model_validate({"image": ["a.png"]}).image == "a.png"
    assert r.FolderItem.model_validate({"type": " Paper "}).type == "paper"


def test_flags_accept_only_clear_truths() -> None:
    assert r.NewsItem.model_validate({"active": True}).active is True
    assert r.NewsItem.model_validate({"active": "true"}).active is True
    assert r.NewsItem.model_validate({"active": None}).active is False
    assert r.NewsItem.model_validate({"active": "no"}).active is False
    assert r.Note.model_validate({"external": 1}).external is True


def test_every_collection_has_a_model() -> None:
    names = [v for k, v in vars(Collection).items() if k.isupper()]
    assert len(names) == len(set(names))
    for name in names:
        assert issubclass(model_for(name), r.Record)
    assert set(PUBLIC).isdisjoint(PROTECTED)
    assert {
        Collection.NOTES,
        Collection.CLASS_NOTES,
        Collection.CLASS_RECORDINGS,
        Collection.USERS,
        Collection.FAVOURITES,
        Collection.ATTEMPTS,
        Collection.HISTORY,
        Collection.ACCESS_REQUESTS,
        Collection.FOLLOWS,
    } == PROTECTED


async def test_the_shared_cache_asks_pocketbase_for_the_spec_section_7_orders() -> None:
    asked: dict[str, str | None] = {}

    async def pocketbase(request: httpx.Request) -> httpx.Response:
        asked[request.url.path.split("/")[3]] = request.url.params.get("sort", "").split(",")[0]  # then ",id"
        item = {"id": "item00000000001", "title": "t"}
        return httpx.Response(200, json={"page": 1, "perPage": 500, "totalItems": 1, "totalPages": 1, "items": [item]})

    cache = ContentCache(PocketBaseClient("http://pb.test", transport=httpx.MockTransport(pocketbase)))
    wanted = {
        Collection.PRODUCTS: "created",
        Collection.CATEGORIES: "created",
        Collection.CLASSES: "created",
        Collection.TEACHERS: "created",
        Collection.SUBJECTS: "-created",
        Collection.RECORDINGS: "-created",
    }
    for collection in wanted:
        await cache.records(collection)
    assert asked == {
        "Products": "created",
        "Categories": "created",
        "Classes": "created",
        "Teachers": "created",
        "Subjects": "-created",
        "Recordings": "-created",
    }  # the spec's collection names
    assert all(isinstance(item, r.FolderItem) for item in await cache.records(Collection.OL_ITEMS))


def test_a_zero_price_or_review_score_is_pocketbases_blank_number() -> None:
    # PocketBase has no null numbers: a price or score left blank in the admin UI reads 0.
    assert r.Product.model_validate({"price": 0}).price_label == Text.PRICE_UNAVAILABLE
    assert r.Hotel.model_validate({"price": 0}).price_label == Text.PRICE_UNAVAILABLE
    assert r.Hotel.model_validate({"reviewScore": 0}).review_label == Text.NO_REVIEWS
    assert r.Hotel.model_validate({"reviewScore": 0.5}).review_label == "0.5"


def test_huge_values_do_not_raise() -> None:
    huge_text = "අ" * 1_000_000
    job = r.Job.model_validate({"title": huge_text, "tags": ["x"] * 10_000, "postedAt": "9" * 5000, "new": 10**5000})
    assert len(job.title) == 1_000_000 and len(job.tags) == 10_000
    assert job.posted_at is None and job.new is False
    hotel = r.Hotel.model_validate({"gust": 10**5000, "price": "1" * 5000, "rating": 1e308 * 10})
    assert hotel.price is None and hotel.rating is None
    assert hotel.gust is None and hotel.fits_guests(4)  # nonsense limit = no limit
    assert r.ClassPromo.model_validate({"whatsappNumber": 10**5000}).whatsapp_number == ""


def test_relation_ids_never_carry_lone_surrogates() -> None:
    # Found by tests/unit/test_odd_values.py: a row with one broke the page's state message.
    product = r.Product.model_validate({"categories": ["\ud800", "c1"]})
    for category in product.categories:
        category.encode("utf-8")
    assert r.Product.model_validate({"categories": "\udfff"}).categories == ["?"]
