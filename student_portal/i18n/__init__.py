"""Languages and texts: the three UI languages, the gettext catalogs (locale/), the shared texts
(texts.py), formatting in the visitor's language and the event middleware that sets it. No markup here."""

from student_portal.i18n.translation import (
    DOMAIN,
    LOCALE_DIR,
    N_,
    NC_,
    Message,
    Np_,
    current_language,
    format_number,
    gettext,
    gettext_with,
    in_language,
    language,
    locale,
    localized,
    ngettext,
    pgettext,
    po_path,
    translations,
)

__all__ = [
    "DOMAIN",
    "LOCALE_DIR",
    "NC_",
    "N_",
    "Message",
    "Np_",
    "current_language",
    "format_number",
    "gettext",
    "gettext_with",
    "in_language",
    "language",
    "locale",
    "localized",
    "ngettext",
    "pgettext",
    "po_path",
    "translations",
]
