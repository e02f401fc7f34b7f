"""Spec 7: chat-app links with prefilled text, tel links; job and hotel numbers get +94."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from student_portal.constants import COUNTRY_CODE, SHOP_WHATSAPP_NUMBER, SUPPORT_PHONE
from student_portal.i18n.texts import Text
from student_portal.utils.phone import display_phone, is_mobile, tel_href, whatsapp_link, whatsapp_number

MOBILE_SPELLINGS = [
    "077 123 4567",
    "0771234567",
    "+94 77 123 4567",
    "94771234567",
    "0094771234567",
    "(077) 123-4567",
    "+94-77-1234567",
    "+94 (0)77 123 4567",
    "+94 077 123 4567",
    "077.123.4567",
    "077\u00a0123\u00a04567",
    " 077 123 4567 \n",
    "771234567",  # a number field that lost its leading zero
    771234567,
    94771234567,
    94771234567.0,
]

NOT_MOBILE = [
    None,
    "",
    "   ",
    "12345",
    "011 2345678",  # Colombo landline: no WhatsApp
    "0112345678",
    "081 222 3333",
    "079 123 4567",  # unallocated mobile range
    "0771234567 ext 2",
    "077 123 4567 / 071 765 4321",
    "call 0771234567",
    "+1 415 555 2671",
    "+44 7911 123456",
    "+0771234567",
    "07712345678",  # one digit too many
    "077123456",  # one digit too few
    "٠٧٧١٢٣٤٥٦٧",  # Arabic-Indic digits are not dialled here
    "０７７１２３４５６７",  # fullwidth digits
    "0771234567\x00",
    True,
    False,
    -771234567,
    77.5,
    float("nan"),
    float("inf"),
    pytest.param(10**5000, id="huge-int"),
    ["0771234567"],
    {"number": "0771234567"},
    b"0771234567",
    pytest.param("0" * 100_000, id="huge-string"),
]


@pytest.mark.parametrize("raw", MOBILE_SPELLINGS)
def test_every_way_of_writing_a_mobile_gives_whatsapp_digits(raw):
    assert whatsapp_number(raw) == "94771234567"
    assert is_mobile(raw)


@pytest.mark.parametrize("raw", NOT_MOBILE)
def test_landlines_foreign_numbers_and_junk_have_no_whatsapp_number(raw):
    assert whatsapp_number(raw) is None
    assert whatsapp_link(raw, "hi") is None
    assert not is_mobile(raw)


@pytest.mark.parametrize("prefix", ["070", "071", "072", "074", "075", "076", "077", "078"])
def test_all_mobile_operator_ranges_are_mobiles(prefix):
    assert whatsapp_number(f"{prefix} 123 4567") == f"94{prefix[1:]}1234567"


# The old hand-written rules took every 07[0-8] number for a mobile. libphonenumber's LK
# metadata (which we now follow) lists 073 and 0745-0749 as unallocated: such numbers are
# neither mobiles (no WhatsApp) nor valid numbers at all (no tel: link either).
@pytest.mark.parametrize("raw", ["073 123 4567", "0731234567", "+94 73 123 4567", "074 512 3456", "0749 999 999"])
def test_ranges_libphonenumber_lists_as_unallocated_are_not_mobiles(raw):
    assert whatsapp_number(raw) is None
    assert not is_mobile(raw)
    assert tel_href(raw) is None


def test_shop_and_support_numbers_from_constants_are_mobiles():
    assert whatsapp_number(SHOP_WHATSAPP_NUMBER) == SHOP_WHATSAPP_NUMBER
    assert whatsapp_number(SUPPORT_PHONE) == SHOP_WHATSAPP_NUMBER


@pytest.mark.parametrize(
    ("raw", "href"),
    [
        ("077 123 4567", "tel:+94771234567"),
        ("+94 77 123 4567", "tel:+94771234567"),
        ("011 234 5678", "tel:+94112345678"),
        ("0112345678", "tel:+94112345678"),
        ("+94 11 234 5678", "tel:+94112345678"),
        ("081 222 3333", "tel:+94812223333"),  # Kandy
        ("091-2234567", "tel:+94912234567"),  # Galle
        ("(037) 222 1234", "tel:+94372221234"),  # Kurunegala
        (112345678, "tel:+94112345678"),
    ],
)
def test_tel_href_dials_mobiles_and_landlines(raw, href):
    assert tel_href(raw) == href


@pytest.mark.parametrize(
    "raw",
    [None, "", "12345", "119", "1919", "0012345678", "099 123 4567", "079 123 4567", "+1 415 555 2671", "abc", 3.5],
)
def test_tel_href_refuses_junk(raw):
    assert tel_href(raw) is None


def test_whatsapp_link_without_text_has_no_query():
    assert whatsapp_link("077 123 4567") == "https://wa.me/94771234567"
    assert whatsapp_link("077 123 4567", "") == "https://wa.me/94771234567"
    assert whatsapp_link("077 123 4567", None) == "https://wa.me/94771234567"


def test_whatsapp_link_carries_the_buy_message():
    link = whatsapp_link(SHOP_WHATSAPP_NUMBER, Text.buy_message("Maths Paper 2025"))
    assert link == "https://wa.me/94771234567?text=I%20want%20to%20buy%20Maths%20Paper%202025"


@pytest.mark.parametrize(
    "text",
    [
        "Tom & Jerry",
        "#1 book",
        "C++ notes",
        "line one\nline two",
        "100% sure? yes=no",
        "මට මේක ගන්න ඕනේ",  # Sinhala
        "எனக்கு இது வேண்டும்",  # Tamil
        "emoji 📚✏️",
    ],
)
def test_whatsapp_text_survives_encoding(text):
    link = whatsapp_link("0771234567", text)
    query = urlsplit(link).query
    assert parse_qs(query) == {"text": [text]}
    assert unquote(query.removeprefix("text=")) == text
    assert not re.search(r"[\s&#+]", query.removeprefix("text="))


def test_whatsapp_text_with_lone_surrogate_does_not_raise():
    assert whatsapp_link("0771234567", "a\ud800b").startswith("https://wa.me/94771234567?text=a")


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("0771234567", "077 123 4567"),
        ("+94-77-1234567", "077 123 4567"),
        (94771234567, "077 123 4567"),
        ("0112345678", "011 234 5678"),
        ("+44 20 7946 0958", "+44 20 7946 0958"),  # foreign: shown as typed
        ("  Call   the office\t", "Call the office"),
        ("a\x00b\x1bc", "abc"),
        (None, ""),
        (True, ""),
        ([1, 2], ""),
        pytest.param(10**5000, "", id="huge-int"),
    ],
)
def test_display_phone(raw, shown):
    assert display_phone(raw) == shown


# --- properties ---------------------------------------------------------------------------

# Sri Lankan mobile NSNs as libphonenumber's LK metadata defines them (7[0-25-8]x or 74[0-4]).
# The old hand rules generated every 7[0-8]xxxxxxx, but 073 and 0745-0749 are not allocated.
mobile_nsns = st.from_regex(r"7(?:[0-25-8][0-9]|4[0-4])[0-9]{6}", fullmatch=True)
anything = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(), st.binary(), st.lists(st.integers())
)


@st.composite
def written_mobiles(draw):
    nsn = draw(mobile_nsns)
    national = "0" + nsn
    spellings = [
        national,
        nsn,
        COUNTRY_CODE + nsn,
        "+" + COUNTRY_CODE + nsn,
        "00" + COUNTRY_CODE + nsn,
        f"{national[:3]} {national[3:6]} {national[6:]}",
        f"({national[:3]}) {national[3:6]}-{national[6:]}",
        f"+{COUNTRY_CODE}-{nsn[:2]}-{nsn[2:]}",
    ]
    return nsn, draw(st.sampled_from(spellings))


@given(anything)
def test_phone_helpers_never_raise_on_any_input(raw):
    number = whatsapp_number(raw)
    assert number is None or re.fullmatch(r"947[0-8]\d{7}", number)
    href = tel_href(raw)
    assert href is None or re.fullmatch(r"tel:\+94\d{9}", href)
    assert isinstance(display_phone(raw), str)
    link = whatsapp_link(raw, raw if isinstance(raw, str) else "")
    assert link is None or link.startswith("https://wa.me/94")


@given(written_mobiles())
def test_any_spelling_of_a_mobile_normalises_to_the_same_digits(case):
    nsn, written = case
    assert whatsapp_number(written) == COUNTRY_CODE + nsn
    assert tel_href(written) == f"tel:+{COUNTRY_CODE}{nsn}"
    assert display_phone(written) == f"0{nsn[:2]} {nsn[2:5]} {nsn[5:]}"


@given(written_mobiles())
def test_normalising_is_idempotent(case):
    _, written = case
    digits = whatsapp_number(written)
    assert whatsapp_number(digits) == digits
    assert whatsapp_number(display_phone(written)) == digits
    assert tel_href(tel_href(written).removeprefix("tel:")) == tel_href(written)


@given(mobile_nsns, st.text())
def test_whatsapp_text_round_trips_for_any_text(nsn, text):
    link = whatsapp_link("0" + nsn, text)
    if not text:
        assert link == f"https://wa.me/94{nsn}"
        return
    prefix = f"https://wa.me/94{nsn}?text="
    assert link.startswith(prefix)
    encoded = link.removeprefix(prefix)
    assert re.fullmatch(r"[A-Za-z0-9_.~%-]*", encoded)
    assert unquote(encoded, errors="strict") == text.encode("utf-8", "replace").decode("utf-8")


@given(st.from_regex(r"\d{1,8}", fullmatch=True))
def test_short_digit_strings_are_never_numbers(digits):
    assert whatsapp_number(digits) is None
    assert tel_href(digits) is None
