"""Legacy Sinhala (FM) and Tamil (Bamini) fonts: recognised by name, converted to Unicode."""

from __future__ import annotations

import unicodedata

import pytest

from student_portal.search.legacy_fonts import BAMINI, FM, encoding_of, to_unicode

# Words as they are typed in the FM layout, and what a reader sees.
FM_WORDS = [
    ("m%ldY", "ප්‍රකාශ"),  # rakaransaya after the consonant
    ("ixYaf,aIKh", "සංශ්ලේෂණය"),  # kombu + al-lakuna around ල: ලේ
    ("Y%S ,xldj", "ශ්‍රී ලංකාව"),
    ("wdh;kh", "ආයතනය"),  # a two-code vowel (w + d)
    ("fmd;", "පොත"),  # kombu + aela-pilla: පො
    ("jsoHdj", "විද්‍යාව"),  # yansaya
    ("fN!;sl", "භෞතික"),  # kombu + gayanukitta: භෞ
    ("m%Yak", "ප්‍රශ්න"),
    ("f.!rjh", "ගෞරවය"),
]
BAMINI_WORDS = [
    ("Nfs;tp", "கேள்வி"),  # ே before its consonant; ள then pulli
    ("ntspr;rk;", "வெளிச்சம்"),  # ெ + ள followed by a sign: a consonant, not the au mark
    ("nfsutk;", "கௌரவம்"),  # ெ + க + au mark: கௌ
    ("ngsjPfk;", "பௌதீகம்"),
    ("jhtuk;", "தாவரம்"),
    ("xspr;Nru;f;if", "ஒளிச்சேர்க்கை"),  # "xs" followed by a sign is ஒ + ளி, not ஔ
    ("tpQ;Qhdk;", "விஞ்ஞானம்"),
    ("fzpjk;", "கணிதம்"),
    ("Nfhsk;", "கோளம்"),  # ே + க + ா: கோ
    ("G+", "பூ"),  # the lengthening stroke on a u ligature
    ("ig", "பை"),
]


@pytest.mark.parametrize(("typed", "unicode"), FM_WORDS)
def test_fm_words_become_the_sinhala_a_reader_sees(typed, unicode):
    assert to_unicode(typed, FM) == unicodedata.normalize("NFC", unicode)


@pytest.mark.parametrize(("typed", "unicode"), BAMINI_WORDS)
def test_bamini_words_become_the_tamil_a_reader_sees(typed, unicode):
    assert to_unicode(typed, BAMINI) == unicodedata.normalize("NFC", unicode)


def test_digits_spaces_and_unknown_characters_are_kept():
    assert to_unicode("7 ) (", FM) == "7 ) ("
    assert to_unicode("2019 ", BAMINI) == "2019 "


def test_fm_punctuation_keys_give_back_the_full_stop_and_comma():
    assert to_unicode("fmd;'", FM) == "පොත."


def test_a_sign_with_no_consonant_after_it_is_kept_not_lost():
    assert to_unicode("f", FM) == "\u0dd9"
    assert to_unicode("n", BAMINI) == "\u0bc6"


def test_sentence_in_fm_converts_word_by_word():
    assert to_unicode("m%ldY ixYaf,aIKh", FM) == "ප්‍රකාශ සංශ්ලේෂණය"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("FMAbhaya", FM),
        ("/ABCDEF+FMAbhaya", FM),
        ("FM-Malithi", FM),
        ("FMBindumathiRegular", FM),
        ("Bamini", BAMINI),
        ("/QWERTY+Baamini", BAMINI),
        ("Helvetica", None),
        ("NotoSansSinhala", None),
        ("FMono", None),
        ("", None),
        (None, None),
    ],
)
def test_legacy_fonts_are_recognised_by_name(name, expected):
    assert encoding_of(name) is expected


def test_every_converted_table_entry_is_sinhala_or_tamil_or_punctuation():
    for encoding, block in ((FM, (0x0D80, 0x0DFF)), (BAMINI, (0x0B80, 0x0BFF))):
        for code, letters in encoding.glyphs.items():
            for ch in letters:
                assert block[0] <= ord(ch) <= block[1] or ch in ".,\u200d", (encoding.name, code, letters)
