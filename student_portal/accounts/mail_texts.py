"""The account mails' texts for PocketBase's hooks: pb/pb_hooks/mail_texts.json, written from the
site's gettext catalogs so translators edit one place (the .po files).

`python -m student_portal.accounts.mail_texts` writes it (after `make messages` and translating);
tests/unit/test_account_mails.py fails while it differs from the catalogs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from student_portal import routes
from student_portal.accounts.texts import MAIL_TEXTS
from student_portal.constants import SITE_NAME
from student_portal.i18n import gettext, in_language
from student_portal.i18n.languages import LANGUAGES, language_prefix

MAIL_TEXTS_JSON = Path(__file__).resolve().parents[2] / "pb" / "pb_hooks" / "mail_texts.json"


def mail_texts() -> dict[str, Any]:
    languages: dict[str, Any] = {}
    for language in LANGUAGES:
        with in_language(language):
            words: dict[str, Any] = {"prefix": language_prefix(language)}
            for kind, parts in MAIL_TEXTS.items():
                words[kind] = {part: gettext(text) for part, text in parts.items()}
            languages[language.value] = words
    return {
        "site": SITE_NAME,
        "paths": dict(routes.MAIL_LINK_PREFIXES),
        "forgot_password": routes.FORGOT_PASSWORD,  # the "already registered" mail's link
        "languages": languages,
    }


def mail_texts_json() -> str:
    return json.dumps(mail_texts(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    MAIL_TEXTS_JSON.write_text(mail_texts_json(), encoding="utf-8")
