"""Every state function that turns records into rows survives any record (issue 7), and so
do the helpers underneath (YouTube ids, phone numbers, dates, filters, links, sanitiser).

Records with missing, null, wrong-typed, 1 MB and unicode-heavy fields go through the models
and then through each state's row shaping, the way the content cache and the pages use them.
Nothing may raise; every text a row sends to the browser must be valid UTF-8; every address a
row carries must be one the page may link to; the spec's default texts fill the gaps.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any
from urllib.parse import unquote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n.texts import Text
from student_portal.pocketbase import PUBLIC, ContentCache, PocketBaseClient
from student_portal.pocketbase import records as r
from student_portal.pocketbase.cache import _Entry
from student_portal.state import (
    articles,
    booking,
    class_page,
    instructors,
    jobs,
    news,
    notes,
    options,
    page_slides,
    profile,
    recordings,
    resources,
    schedule,
    shop,
    slides,
    social,
    talents,
)
from student_portal.state.auth import dump_stored_auth, parse_stored_auth
from student_portal.utils import dates, phone, youtube
from student_portal.utils.filters import filter_by_category, filter_hotels, matches_search, search_by_name, take
from student_portal.utils.links import mailto_href, safe_href, safe_url
from student_portal.utils.sanitize import clean_html, plain_text
from student_portal.utils.schedule import classes_on_day, day_label
from tests.support.odd_values import HUGE_TEXTS, field_values, huge_text, record_dicts, unicode_heavy_text

# Addresses a row may hold: PocketBase files and web pages, phone and mail links, our routes.
SAFE_PREFIXES = ("https://", "http://", "tel:", "mailto:", "/", "webcal://")  # webcal: teachers' feeds

PROPERTY = settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


def _records(model: type[r.Record], data: st.DataObject, max_size: int = 4) -> list[Any]:
    items = data.draw(st.lists(record_dicts(model), max_size=max_size))
    return r.parse_records(model, items)


def _strings(value: Any):
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value):
        for item in dataclasses.fields(value):
            yield from _strings(getattr(value, item.name))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)


def _check_rows(rows: list[Any]) -> None:
    """What every row sent to a browser must be."""
    for row in rows:
        assert dataclasses.is_dataclass(row)
        for text in _strings(row):
            text.encode("utf-8")  # a lone surrogate would break the websocket message
        for item in dataclasses.fields(row):
            value = getattr(row, item.name)
            if isinstance(value, str) and value and item.name.endswith(("url", "href", "link")):
                assert value.startswith(SAFE_PREFIXES), (item.name, value[:80])
                assert "javascript:" not in value.lower()


@PROPERTY
@given(data=st.data())
def test_catalog_rows_never_raise(data: st.DataObject) -> None:
    products = [shop.product_card(p) for p in _records(r.Product, data)]
    _check_rows(products)
    assert all(p.price == Text.PRICE_UNAVAILABLE or p.price.startswith("Rs ") for p in products)
    filter_by_category(products, data.draw(field_values), "categories")

    cities = options.usable([options.option(c) for c in _records(r.City, data)])
    _check_rows(cities)
    hotels = [booking.hotel_card(h, {c.value: c.label for c in cities}) for h in _records(r.Hotel, data)]
    _check_rows(hotels)
    assert all(len(h.stars) == Limit.RATING_MAX for h in hotels)
    assert all(h.review == Text.NO_REVIEWS or h.has_review for h in hotels)
    filter_hotels(hotels, data.draw(field_values), data.draw(field_values))

    job_rows = [jobs.job_card(j) for j in jobs.newest_first(_records(r.Job, data))]
    _check_rows(job_rows)

    subjects = options.usable([options.option(s) for s in _records(r.Subject, data)])
    cards = recordings.with_subject_names([recordings.recording_card(x) for x in _records(r.Recording, data)], subjects)
    _check_rows(cards)
    assert all(card.subject for card in cards)  # a name, or Unknown
    recordings.search_recordings(cards, data.draw(unicode_heavy_text), data.draw(unicode_heavy_text))


@PROPERTY
@given(data=st.data())
def test_resource_rows_never_raise(data: st.DataObject) -> None:
    for level in resources.LEVELS.values():
        _check_rows(resources.folder_cards(level, _records(r.Folder, data)))
    _check_rows([resources.item_card(item) for item in _records(r.FolderItem, data)])
    _check_rows(page_slides.with_image([page_slides.page_slide(s) for s in _records(r.ContentSlide, data)]))


@PROPERTY
@given(data=st.data())
def test_home_rows_never_raise(data: st.DataObject) -> None:
    news_items = news.active_news(_records(r.NewsItem, data))
    _check_rows([news.news_slide(item) for item in news_items])
    assert all(item.active for item in news_items)
    _check_rows([articles.article_body(a) for a in _records(r.Article, data, max_size=2)])
    _check_rows([talents.talent_card(t) for t in _records(r.Talent, data)])
    _check_rows([social.social_card(s) for s in _records(r.SocialMedia, data)])
    _check_rows([slides._desktop_slide(s) for s in _records(r.DeviceSlide, data)])

    rows = [schedule.class_row(c) for c in _records(r.TuitionClass, data)]
    _check_rows(rows)
    teachers = [schedule.teacher_card(t) for t in _records(r.Teacher, data)]
    _check_rows(teachers)
    wanted = schedule.class_teacher_ids(rows)
    assert len(wanted) == len(set(wanted))
    for day in {row.day for row in rows} | {data.draw(unicode_heavy_text)}:
        classes_on_day(rows, day)
        day_label(day)


@PROPERTY
@given(data=st.data())
def test_tuition_and_document_rows_never_raise(data: st.DataObject) -> None:
    teachers = _records(r.Teacher, data)
    _check_rows([profile.teacher_card(t) for t in teachers])
    _check_rows([class_page.teacher_header(t) for t in teachers])
    _check_rows([instructors.instructor_card(t) for t in teachers])
    assert all(class_page.teacher_header(t).description for t in teachers)  # else "A grade"
    _check_rows([profile.promo_card(p) for p in _records(r.ClassPromo, data)])

    note_rows, note_files = notes.note_rows(_records(r.Note, data))
    class_rows, class_files = class_page.class_note_rows(_records(r.ClassNote, data))
    for rows, files in ((note_rows, note_files), (class_rows, class_files)):
        _check_rows(rows)
        assert all(row.name.strip() for row in rows)  # a name, or Untitled Note
        assert set(files) <= {row.id for row in rows}
        search_by_name(rows, data.draw(unicode_heavy_text))
    videos = class_page.video_rows(_records(r.ClassRecording, data))
    _check_rows(videos)
    assert all(len(video.video_id) == Limit.YOUTUBE_ID_LENGTH for video in videos)
    take(videos, data.draw(field_values))


@PROPERTY
@given(
    token=st.one_of(unicode_heavy_text, field_values.filter(lambda v: isinstance(v, str))),
    record=st.dictionaries(st.text(max_size=10), field_values, max_size=6),
)
def test_stored_sessions_round_trip_or_read_as_none(token: str, record: dict) -> None:
    try:
        token.encode("utf-8")
    except UnicodeEncodeError:
        return  # the browser's storage never holds lone surrogates
    stored = parse_stored_auth(dump_stored_auth(token, record))
    assert stored is None or stored.token == token
    parse_stored_auth(token)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.data_too_large])
@given(value=st.one_of(huge_text, unicode_heavy_text, field_values))
def test_helpers_take_huge_and_unicode_heavy_values(value: Any) -> None:
    """The YouTube id extractor, the phone normaliser, the date helpers, the filters, the link
    checks and the sanitiser: the right type back, never an exception, for any stored value."""
    video = youtube.youtube_id(value)
    assert video is None or youtube.is_video_id(video)
    assert phone.whatsapp_number(value) is None or phone.whatsapp_number(value).isdigit()
    assert phone.tel_href(value) is None or phone.tel_href(value).startswith("tel:")
    assert isinstance(phone.display_phone(value), str)
    link = phone.whatsapp_link("0771234567", value)
    assert link is not None and link.startswith("https://wa.me/")
    moment = dates.parse_pb_datetime(value)
    assert moment is None or moment.tzinfo is not None
    assert isinstance(dates.format_date(value), str) and isinstance(dates.format_clock(value), str)
    dates.local_day(value)
    dates.parse_iso_day(value)
    assert isinstance(matches_search(value, value), bool)
    filter_by_category([{"categories": value}], value, "categories")
    filter_hotels([{"city": value, "gust": value}], value, value)
    take([value], value)
    for href in (safe_url(value), safe_href(value), mailto_href(value)):
        assert href is None or href.startswith(("http://", "https://", "tel:", "mailto:"))
    assert isinstance(clean_html(value), str) and isinstance(plain_text(value, 160), str)


def test_a_megabyte_of_text_is_searched_and_cleaned_in_reasonable_time() -> None:
    """One huge record must not stall the server for every visitor (generous bound: CI is slow)."""
    started = time.perf_counter()
    for text in HUGE_TEXTS:
        matches_search(text, "needle")
        clean_html(text)
        plain_text(text, 160)
        youtube.youtube_id(text)
        phone.whatsapp_number(text)
        dates.parse_pb_datetime(text)
        safe_href(text)
    assert time.perf_counter() - started < 20


@PROPERTY
@given(data=st.data(), action=st.sampled_from(["create", "update", "delete", "", "upsert"]))
def test_realtime_events_with_odd_records_never_break_the_shared_cache(data: st.DataObject, action: str) -> None:
    """A realtime event carries whatever the admin saved; the cache every visitor shares must
    stay a sorted list of parsed records."""
    collection = data.draw(st.sampled_from(sorted(PUBLIC)))
    model = PUBLIC[collection].model
    cache = ContentCache(PocketBaseClient("http://127.0.0.1:9"), ttl=30)
    cache._entries[collection] = _Entry(tuple(_records(model, data)), 0.0)
    for _ in range(3):
        cache.apply_event(collection, action, data.draw(record_dicts(model)))
    held = cache.cached(collection)
    assert held is not None and all(isinstance(record, model) for record in held)


@PROPERTY
@given(data=st.data())
def test_route_builders_keep_any_id_in_one_segment(data: st.DataObject) -> None:
    """An id from a record (or an address) becomes one path segment that reads back as the id."""
    record_id = data.draw(unicode_heavy_text)
    for build, prefix in ((routes.class_page, "/class/"), (routes.news_item, "/news/"), (routes.ol_folder, "/ol/")):
        path = build(record_id)
        assert path.startswith(prefix)
        segment = path.removeprefix(prefix)
        assert "/" not in segment and "?" not in segment and "#" not in segment
        assert unquote(segment, errors="surrogatepass") == record_id
