"""`make messages` (student_portal/i18n/catalogs.py): new texts arrive untranslated, never with a
fuzzy guess from a similar one, and a catalog whose entries did not change keeps its header."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from student_portal.i18n import LOCALE_DIR, catalogs
from student_portal.i18n.languages import Language

TRANSLATED = (Language.SI, Language.TA)
NEW_TEXT = "No scholarships listed right now."  # close to "No teachers listed yet.", which is translated


@pytest.fixture
def locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the catalogs that `update` writes instead of the real ones."""
    copy = tmp_path / "locale"
    # The template is not kept in git (make messages writes it): as in a fresh clone, none yet.
    shutil.copytree(LOCALE_DIR, copy, ignore=shutil.ignore_patterns("*.pot"))
    monkeypatch.setattr(catalogs, "TEMPLATE", copy / catalogs.TEMPLATE.name)
    monkeypatch.setattr(catalogs, "po_path", lambda language: copy / language.value / "LC_MESSAGES" / "messages.po")
    return copy


def _files(root: Path) -> dict[str, bytes]:
    """The translated catalogs (the .po files, what git keeps)."""
    return {str(path.relative_to(root)): path.read_bytes() for path in sorted(root.rglob("*.po"))}


def _header(po: bytes) -> bytes:
    return po.split(b"\n\n", 1)[0]


def _read(locale: Path, language: Language):
    with (locale / language.value / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po, locale=language.value)


def test_nothing_new_leaves_every_catalog_as_it_was(locale):
    before = _files(locale)

    catalogs.update()

    assert _files(locale) == before


def test_a_new_text_comes_in_empty_and_not_fuzzy(locale, monkeypatch):
    extracted = catalogs.extract()
    extracted.add(NEW_TEXT, None, [("student_portal/pages/scholarships.py", 1)])
    monkeypatch.setattr(catalogs, "extract", lambda: extracted)
    before = {language: _read(locale, language) for language in TRANSLATED}

    catalogs.update()

    for language in TRANSLATED:
        catalog = _read(locale, language)
        message = catalog[NEW_TEXT]
        assert message is not None and message.string == "" and not message.fuzzy
        assert not [m.id for m in catalog if m.id and m.fuzzy]
        # Every translation already there is kept as it was.
        for old in before[language]:
            if old.id:
                assert catalog.get(old.id, context=old.context).string == old.string
    assert NEW_TEXT in (locale / "messages.pot").read_text()


def test_a_changed_catalog_keeps_its_header_fields_but_the_dates_and_babels_version(locale, monkeypatch):
    extracted = catalogs.extract()
    extracted.add(NEW_TEXT, None, [("student_portal/pages/scholarships.py", 1)])
    monkeypatch.setattr(catalogs, "extract", lambda: extracted)
    before = _files(locale)

    catalogs.update()

    for name, content in _files(locale).items():
        assert content != before[name], name
        assert _stable(_header(content)) == _stable(_header(before[name])), name


def _stable(header: bytes) -> list[bytes]:
    """A header's lines but the template's date and the Babel version that wrote it."""
    return [line for line in header.splitlines() if not line.startswith((b'"POT-Creation-Date:', b'"Generated-By:'))]
