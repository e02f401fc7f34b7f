"""Counts the browser writes (assets/plural.js picks a catalog form by the CLDR category of the
count) read as the server's ngettext would write them: each catalog's Plural-Forms agrees with
CLDR's plural rule for its language, for every plural text of the catalog."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from student_portal.components.pdf_viewer import PAGE_COUNT
from student_portal.i18n import in_language, locale, ngettext, po_path
from student_portal.i18n.languages import Language
from student_portal.utils.plurals import plural_texts

COUNTS = [*range(1001), 10**6, 10**6 + 1]


def _plural_pairs(language: Language) -> list[tuple[str, str]]:
    with po_path(language).open("rb") as po:
        catalog = read_po(po, locale=language.value)
    return [tuple(message.id) for message in catalog if message.pluralizable]  # type: ignore[misc]


@pytest.mark.parametrize("language", list(Language), ids=str)
def test_the_browsers_choice_is_ngettexts(language: Language) -> None:
    pairs = _plural_pairs(Language.SI if language is Language.EN else language)
    assert PAGE_COUNT in pairs
    rule = locale(language).plural_form
    with in_language(language):
        for pair in pairs:
            by_category = plural_texts(pair)
            for n in COUNTS:
                assert by_category[rule(n)] == ngettext(*pair, n), (pair, n)


def test_one_page_and_two_pages() -> None:
    assert plural_texts(PAGE_COUNT) == {"one": "{count} page", "other": "{count} pages"}
    with in_language(Language.TA):
        texts = plural_texts(PAGE_COUNT)
        assert set(texts) == {"one", "other"} and texts["one"] != texts["other"]
