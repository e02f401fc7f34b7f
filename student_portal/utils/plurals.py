"""Counts only the browser knows (a PDF's pages, read by pdf.js), in the page's language.

The server gives the browser the catalog's forms of a plural text by CLDR plural category
("one", "other"...), and the browser picks one with `Intl.PluralRules` for the page's language
(assets/plural.js): the same choice as `ngettext` here, because each catalog's Plural-Forms
follows CLDR's rule for its language (tests/unit/test_plurals.py holds them to it).
"""

from __future__ import annotations

from student_portal.i18n import language, locale, ngettext

# Whole numbers enough to meet every category CLDR gives whole numbers (0-199 covers the rules
# by last one and two digits; a category only fractions reach is not needed for a count).
_EXAMPLES = range(200)


def plural_texts(pair: tuple[str, str]) -> dict[str, str]:
    """`pair` (an `Np_` pair, with its "{count}") in the current language, by CLDR category."""
    rule = locale(language()).plural_form
    texts: dict[str, str] = {}
    for n in _EXAMPLES:
        texts.setdefault(rule(n), ngettext(*pair, n))
    return texts
