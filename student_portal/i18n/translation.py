"""The site's texts in the visitor's language: gettext catalogs (student_portal/i18n/locale/*/messages.po,
edited in Poedit or Weblate), compiled with Babel when first needed, and the language in effect.

Texts are resolved where they are used, in "the current language": a context variable that
site_pages.py sets while it builds a page for /si/... or /ta/..., and that the event middleware
(i18n/middleware.py) sets from the page's address before every state event. So a page's texts
are compiled into that language's page, and a state only formats messages for its visitor.

No generated file is committed or needed: the first lookup of a language compiles its .po in
memory (a few milliseconds), so a fresh clone's `make run` and `make test` see every message.
"""

from __future__ import annotations

import decimal
import gettext as _gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, overload

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from student_portal.i18n.languages import Language, in_language_path

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "messages"

current_language: ContextVar[Language] = ContextVar("current_language", default=Language.EN)


def po_path(language: Language) -> Path:
    return LOCALE_DIR / language.value / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(language: Language) -> _gettext.NullTranslations:
    """The compiled catalog of `language` (English is the source language: the msgids)."""
    if language is Language.EN:
        return _gettext.NullTranslations()
    with po_path(language).open("rb") as po:
        catalog = read_po(po, locale=language.value, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return _gettext.GNUTranslations(compiled)


@cache
def locale(language: Language) -> Locale:
    """Babel's CLDR data for dates and numbers."""
    return Locale.parse(language.value)


def language() -> Language:
    return current_language.get()


@contextmanager
def in_language(language: Language) -> Iterator[None]:
    token = current_language.set(language)
    try:
        yield
    finally:
        current_language.reset(token)


def gettext(message: str) -> str:
    """`message` (an English msgid) in the current language ("" stays "", not the catalog header)."""
    return translations(current_language.get()).gettext(message) if message else message


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, as translated in `context`: a name that is also some
    record's own text (a district, "Kandy", is also a room's city) is its own entry, so the
    search's detail line, which translates any msgid, leaves the content as authored."""
    return translations(current_language.get()).pgettext(context, message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(current_language.get()).ngettext(singular, plural, n)


def Np_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a plural pair for the catalogs; ngettext(*pair, n) reads it later."""
    return singular, plural


def NC_(context: str, message: str) -> str:
    """Marks a text in a context for the catalogs; pgettext(context, message) reads it later."""
    return message


def N_(message: str) -> str:
    """Marks a text for the catalogs without translating it now (tuples built at import time)."""
    return message


class Message:
    """A class attribute that reads as its text in the current language: `Text.LOGIN`."""

    def __init__(self, message: str) -> None:
        self.message = message

    @overload
    def __get__(self, obj: None, owner: type) -> str: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> str: ...
    def __get__(self, obj: Any, owner: Any = None) -> str:
        return gettext(self.message)


# Digits Babel may need: any float64 a PocketBase number field holds (up to ~1.8e308). The default
# decimal context (28) made a stored 1e25 raise InvalidOperation instead of showing it.
_NUMBER_DIGITS = 400


def format_number(value: float, pattern: str | None = None) -> str:
    """A number as the current language writes it (CLDR: 9,500), or in a CLDR `pattern` ("0.00")."""
    language = current_language.get()
    if type(value) is int:  # not bool, not float: -0.0 would share 0's entry
        return _formatted_int(value, pattern, language)
    return _formatted(value, pattern, language)


def _formatted(value: float, pattern: str | None, language: Language) -> str:
    with decimal.localcontext() as context:
        context.prec = _NUMBER_DIGITS
        try:
            return format_decimal(value, format=pattern, locale=locale(language))
        except (decimal.InvalidOperation, ValueError, OverflowError):  # longer still, inf, nan
            return str(value)


# Whole numbers remembered: list pages write their counts ("12 items") for every visitor, and
# Babel takes ~6 us per number; the same few recur, and CLDR's data does not change while we run.
_formatted_int = lru_cache(maxsize=4096)(_formatted)


def gettext_with(message: str, **values: Any) -> str:
    """`message` in the current language with its {placeholders} filled by `values`, which may be
    Reflex vars: formatting a var gives Reflex's marker for it, so the result is one text var."""
    return gettext(message).format_map({name: format(value) for name, value in values.items()})


def localized(path: str) -> str:
    """An English route in the current language (/login -> /si/login on a Sinhala page)."""
    return in_language_path(path, current_language.get())
