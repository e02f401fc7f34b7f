"""Every anchor of the site is made here, one function per kind of target.

- `internal_link`: one of our routes (student_portal/routes/__init__.py), in the language of the page
  being built (/youtube becomes /si/youtube on a Sinhala page): React Router navigation, no
  full page load.
- `external_link`: leaves the site: new tab, no opener, no referrer.
- `plain_link`: tel:, mailto:, a file download or an in-page #fragment: a plain <a>. React
  Router resolved "#main" against the route ("/jobs/#main" on /jobs), so it navigated instead of
  jumping within the page.
"""

from __future__ import annotations

import reflex as rx

from student_portal.i18n import current_language
from student_portal.i18n.languages import in_language_path, language_prefix
from student_portal.utils.links import EXTERNAL_LINK_REL


def localized_href(href: str | rx.Var) -> str | rx.Var:
    """An English route (or a state var holding one) in the current language."""
    prefix = language_prefix(current_language.get())
    if not prefix:
        return href
    if isinstance(href, rx.Var):
        return rx.Var.create(prefix) + href.to(str)
    return in_language_path(href, current_language.get()) if href.startswith("/") else href


def internal_link(*children: rx.Component | str, href: str | rx.Var, **props) -> rx.Component:
    return rx.el.a(*children, href=localized_href(href), **props)  # rx.el.a is React Router's <Link>


def external_link(*children: rx.Component | str, href: str | rx.Var, **props) -> rx.Component:
    return rx.el.a(*children, href=href, target="_blank", rel=EXTERNAL_LINK_REL, **props)


def plain_link(*children: rx.Component | str, href: str | rx.Var, **props) -> rx.Component:
    return rx.el.A.create(*children, href=href, **props)
