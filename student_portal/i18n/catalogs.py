"""The translators' side of the catalogs: extract every text the code marks, and bring the
Sinhala and Tamil .po files up to date with it (`make messages`). Not used by the site itself.

Marked texts: `Message("...")` (Text's attributes), `gettext`, `ngettext`, `N_` (a text kept
for later), `Np_` (a plural pair kept for later), `level_text` (a text with the O/L or A/L
level in it) and `gettext_with` (a text with its placeholders filled).
"""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from student_portal.i18n import DOMAIN, LOCALE_DIR, po_path
from student_portal.i18n.languages import LANGUAGES, Language

PACKAGE_DIR = Path(__file__).parents[1]  # student_portal/: every module that marks texts
KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "Message": None,
    "N_": None,
    "NC_": ((1, "c"), 2),
    "Np_": (1, 2),
    "level_text": (1,),
    "gettext_with": (1,),
}
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def extract() -> Catalog:
    """Every marked text in student_portal/, as a template catalog."""
    catalog = Catalog(project="Student Portal", copyright_holder="Student Portal")
    for filename, lineno, message, comments, context in extract_from_dir(
        PACKAGE_DIR, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def update() -> None:
    """Write the template and merge it into each language's .po. New and changed texts come in
    untranslated (no fuzzy matching: Babel's guesses from similar texts were wrong more often than
    not), and the catalog test fails until a translator has done them. A file whose entries did
    not change is left alone, its header (dates, Babel's version) included."""
    template = extract()
    _write_if_changed(TEMPLATE, template)
    for language in LANGUAGES:
        if language is Language.EN:
            continue
        with po_path(language).open("rb") as po:
            catalog = read_po(po, locale=language.value)
        catalog.update(template, no_fuzzy_matching=True)
        _write_if_changed(po_path(language), catalog, ignore_obsolete=True)


def _write_if_changed(path: Path, catalog: Catalog, **options: bool) -> bool:
    """Write `catalog` to `path` unless the entries there are the same; whether it wrote."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, no_location=True, sort_output=True, **options)
    new = out.getvalue()
    if path.exists() and _entries(path.read_bytes()) == _entries(new):
        return False
    path.write_bytes(new)
    return True


def _entries(po: bytes) -> bytes:
    """A .po file without its header entry (the first one, up to the first blank line)."""
    return po.split(b"\n\n", 1)[-1]


if __name__ == "__main__":
    update()
