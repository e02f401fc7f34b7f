"""Legacy Sinhala and Tamil fonts: text typed in Latin letters that only look Sinhala or Tamil.

Before Unicode was usable, Sri Lankan papers were typeset in fonts that draw Sinhala or Tamil
glyphs in place of ASCII and Latin-1 letters: the FM family (FM Abhaya, FM Malithi, FM
Bindumathi...: one keyboard layout, after the Wijesekara typewriter) for Sinhala, Bamini for
Tamil. A PDF made with them carries "l`.ma" where a reader sees Sinhala, so its words can never be
found unless they are converted. A text run is recognised by its font's name (`encoding_of`) and
converted with the tables below (`to_unicode`). Pure: no I/O.

How a conversion works (both scripts): the run is cut into glyph codes, longest first (a code is
one to three characters: "wd" is ආ, "f" alone is the kombu ෙ); each code becomes its Unicode
letters. The fonts draw in visual order: a vowel sign drawn before its consonant (Sinhala ෙ ෛ,
Tamil ெ ே ை) is typed before it, while Unicode stores it after the consonant (and after a
Sinhala yansaya or rakaransaya). Such a sign is held back until its consonant has been written.
Two-part vowel signs come out as their parts (ෙ + ා, ெ + ா) and Unicode's canonical composition
(NFC) joins them (ො, ொ), as a keyboard would have typed them.

The tables are the project's own, written from the fonts' keyboard layouts and checked by
tests/unit/test_legacy_fonts.py on words typed in each layout. Codes outside a table (digits,
most punctuation, spaces) are kept as they are.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

ZWJ = "\u200d"
AL = "\u0dca"  # Sinhala al-lakuna (virama)
YANSAYA = AL + ZWJ + "\u0dba"  # ්‍ය
RAKARANSAYA = AL + ZWJ + "\u0dbb"  # ්‍ර


@dataclass(frozen=True)
class LegacyEncoding:
    name: str
    glyphs: dict[str, str]  # glyph code -> Unicode, in logical order
    before_consonant: frozenset[str]  # codes of vowel signs drawn before their consonant
    consonants: frozenset[str]  # Unicode letters a held-back sign waits for
    cluster_tails: frozenset[str]  # codes that stay with the consonant before a held sign
    # (held sign, code) -> Unicode when the code directly completes the held sign's syllable,
    # unless the code after it is one of `binds_consonant` (then the code was a consonant).
    after_held: dict[tuple[str, str], str]
    binds_consonant: frozenset[str]
    # A vowel code that is a vowel and a consonant side by side: split when a sign follows it
    # (Bamini "xs" is ஔ, but "xsp" is ஒளி).
    splits: dict[str, tuple[str, str]]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_longest", max(map(len, self.glyphs)))


# --- Sinhala: the FM fonts ------------------------------------------------------------------------
_FM_CONSONANTS = {
    "l": "ක", "L": "ඛ", ".": "ග", ">": "ඝ", "X": "ඞ", "`.": "ඟ",
    "p": "ච", "P": "ඡ", "c": "ජ", "CO": "ඣ", "[": "ඤ", "{": "ඥ",
    "g": "ට", "G": "ඨ", "v": "ඩ", "V": "ඪ", "K": "ණ", "`v": "ඬ",
    ";": "ත", ":": "ථ", "o": "ද", "O": "ධ", "k": "න", "`o": "ඳ", "|": "ඳ",
    "m": "ප", "M": "ඵ", "n": "බ", "N": "භ", "u": "ම", "U": "ඹ",
    "h": "ය", "r": "ර", ",": "ල", "j": "ව", "Y": "ශ", "I": "ෂ", "i": "ස", "y": "හ", "<": "ළ", "*": "ෆ",
}  # fmt: skip
_FM_VOWELS = {
    "w": "අ", "wd": "ආ", "we": "ඇ", "wE": "ඈ", "b": "ඉ", "B": "ඊ", "W": "උ", "W!": "ඌ", "R": "ඍ",
    "t": "එ", "ta": "ඒ", "ft": "ඓ", "T": "ඔ", "Ta": "ඕ", "T!": "ඖ",
}  # fmt: skip
_FM_SIGNS = {
    "d": "\u0dcf",  # ා
    "e": "\u0dd0",  # ැ
    "E": "\u0dd1",  # ෑ
    "s": "\u0dd2",  # ි
    "S": "\u0dd3",  # ී
    "q": "\u0dd4",  # ු
    "=": "\u0dd4",
    "Q": "\u0dd6",  # ූ
    "+": "\u0dd6",
    "D": "\u0dd8",  # ෘ
    "DD": "\u0df2",  # ෲ
    "!": "\u0ddf",  # ෟ (with a kombu before the consonant: ෞ)
    "a": AL,
    "A": AL,
    "x": "\u0d82",  # ං
    "#": "\u0d83",  # ඃ
    "f": "\u0dd9",  # ෙ, drawn before the consonant
    "ff": "\u0ddb",  # ෛ, drawn before the consonant
    "H": YANSAYA,
    "%": RAKARANSAYA,
}
# Single glyphs the fonts draw for a consonant with its sign (Latin-1 codes).
_FM_LIGATURES = {
    "re": "රු", "rE": "රූ", "/": "රැ", "?": "රෑ", "¨": "ලු", "Æ": "ලූ",
    "È": "දි", "§": "දී", "ÿ": "දු", "¥": "දූ", "Þ": "දා", "±": "දැ", "ø": "ද" + RAKARANSAYA,
    "ß": "රි", "Í": "රී", "F": "ත" + AL, "J": "න" + AL, "C": "ක" + AL, "CI": "ක" + AL + "ෂ",
    "›": "ශ" + RAKARANSAYA + "\u0dd3",
    "'": ".", '"': ",",  # the full stop and comma keys draw ග and ල: the fonts move them here
}  # fmt: skip
FM = LegacyEncoding(
    name="FM (Sinhala)",
    glyphs={**_FM_CONSONANTS, **_FM_VOWELS, **_FM_SIGNS, **_FM_LIGATURES},
    before_consonant=frozenset({"f", "ff"}),
    consonants=frozenset(_FM_CONSONANTS.values()),
    cluster_tails=frozenset({"H", "%"}),
    after_held={},
    binds_consonant=frozenset(),
    splits={},
)


# --- Tamil: Bamini ------------------------------------------------------------------------------
_BAMINI_CONSONANTS = {
    "f": "க", "q": "ங", "r": "ச", "Q": "ஞ", "l": "ட", "z": "ண", "j": "த", "e": "ந", "g": "ப",
    "k": "ம", "a": "ய", "u": "ர", "y": "ல", "t": "வ", "o": "ழ", "s": "ள", "w": "ற", "d": "ன",
    "[": "ஜ", "\\": "ஷ", "]": "ஸ", "`": "ஹ",
}  # fmt: skip
_BAMINI_VOWELS = {
    "m": "அ", "M": "ஆ", ",": "இ", "<": "ஈ", "c": "உ", "C": "ஊ", "v": "எ", "V": "ஏ", "I": "ஐ",
    "x": "ஒ", "X": "ஓ", "xs": "ஔ", "/": "ஃ",
}  # fmt: skip
_BAMINI_SIGNS = {
    "h": "\u0bbe",  # ா
    "p": "\u0bbf",  # ி
    "P": "\u0bc0",  # ீ
    "{": "\u0bc1",  # ு
    "_": "\u0bc2",  # ூ
    ";": "\u0bcd",  # ் (pulli)
    "n": "\u0bc6",  # ெ, drawn before the consonant
    "N": "\u0bc7",  # ே, drawn before the consonant
    "i": "\u0bc8",  # ை, drawn before the consonant
}
# Consonants with u / uu (and டி டீ) are single glyphs in Tamil type.
_BAMINI_LIGATURES = {
    "F": "கு", "$": "கூ", "R": "சு", "#": "சூ", "L": "டு", "^": "டூ", "b": "டி", "B": "டீ",
    "Z": "ணு", "J": "து", "E": "நு", "D": "னு", "G": "பு", "K": "மு", "%": "மூ", "A": "யு",
    "U": "ரு", "&": "ரூ", "Y": "லு", "S": "ளு", "T": "வு", "O": "ழு", "*": "ழூ", "W": "று",
    "=": "ஸ" + "\u0bcd" + "ரீ",
    ">": ",",  # the comma key draws இ: the font moves the comma here
}  # fmt: skip
_UU = "\u0bc2"
BAMINI = LegacyEncoding(
    name="Bamini (Tamil)",
    glyphs={**_BAMINI_CONSONANTS, **_BAMINI_VOWELS, **_BAMINI_SIGNS, **_BAMINI_LIGATURES, "+": _UU, "}": _UU},
    before_consonant=frozenset({"n", "N", "i"}),
    consonants=frozenset(_BAMINI_CONSONANTS.values()),
    cluster_tails=frozenset(),
    # After ெ + consonant, the code of ள is also the au length mark (ெ + க + ௗ = கௌ), unless a
    # sign follows it: "nts;" is வெள் (as in வெள்ளை), "nfs" alone கௌ.
    after_held={("\u0bc6", "s"): "\u0bd7"},
    binds_consonant=frozenset({";", "h", "p", "P", "{", "_", "+", "}"}),
    splits={"xs": ("x", "s")},
)
_TAMIL_U = "\u0bc1"


# --- which fonts ----------------------------------------------------------------------------------
_SUBSET_PREFIX = re.compile(r"^/?[A-Z]{6}\+")
_FM_NAME = re.compile(r"^FM[-_ ]?[A-Z]")  # FMAbhaya, FM-Malithi, FM_Bindumathi...
_BAMINI_NAME = re.compile(r"ba+mini", re.IGNORECASE)


def encoding_of(font_name: str | None) -> LegacyEncoding | None:
    """The legacy encoding a PDF font's name (/BaseFont, maybe with a subset prefix) says, or None."""
    if not font_name:
        return None
    name = _SUBSET_PREFIX.sub("", font_name.lstrip("/"))
    if _FM_NAME.match(name):
        return FM
    if _BAMINI_NAME.search(name):
        return BAMINI
    return None


def _codes(text: str, encoding: LegacyEncoding) -> list[str]:
    """`text` cut into glyph codes, longest match first; characters outside the table stand alone."""
    found: list[str] = []
    i = 0
    longest = encoding._longest  # type: ignore[attr-defined]
    while i < len(text):
        for size in range(min(longest, len(text) - i), 0, -1):
            if text[i : i + size] in encoding.glyphs:
                found.append(text[i : i + size])
                i += size
                break
        else:
            found.append(text[i])
            i += 1
    for n in range(len(found) - 2, -1, -1):
        if found[n] in encoding.splits and found[n + 1] in encoding.binds_consonant:
            found[n : n + 1] = encoding.splits[found[n]]
    return found


def to_unicode(text: str, encoding: LegacyEncoding) -> str:
    """`text` typed in `encoding`'s font, as Unicode (NFC)."""
    out: list[str] = []
    held: list[str] = []  # vowel signs drawn before a consonant not yet written
    waiting_tail = False  # a consonant was written for the held signs: its tails may follow
    codes = _codes(text, encoding)
    for n, code in enumerate(codes):
        letters = encoding.glyphs.get(code, code)
        if code in encoding.before_consonant:
            if waiting_tail:  # a new syllable begins: the held signs belong to the previous one
                out.extend(held)
                held, waiting_tail = [], False
            held.append(letters)
            continue
        if held and waiting_tail:
            if code in encoding.cluster_tails:
                out.append(letters)
                continue
            completed = encoding.after_held.get((held[-1], code))
            following = codes[n + 1] if n + 1 < len(codes) else ""
            out.extend(held)
            held, waiting_tail = [], False
            if completed is not None and following not in encoding.binds_consonant:
                out.append(completed)
                continue
        if letters == _UU and out and out[-1].endswith(_TAMIL_U):
            out[-1] = out[-1][:-1] + letters  # Bamini's lengthening stroke: கு + ூ = கூ
            continue
        out.append(letters)
        if held and letters in encoding.consonants:
            waiting_tail = True
    out.extend(held)  # after the last consonant; or a sign with none after it: kept, not lost
    return unicodedata.normalize("NFC", "".join(out))
