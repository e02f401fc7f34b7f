"""What an ordinary content page shows when PocketBase fails, read from the page itself, so a new
page needs no entry in test_backend_faults.py's FACES (issue 50).

A list page written as docs/recipes.md's (`list_faces(..., error_text=gettext("... could not be
loaded ..."))` around an `rx.foreach` of cards with a `data_testid`) shows its own error text as an
alert and none of its cards. Both are found in the page's component tree, as the English page
builds it: every alert whose text is written in the page (not a state's value), and the test id of
every element an `rx.foreach` draws. A page with neither (a form, a static page) shows its heading.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from reflex_base.components.component import BaseComponent
from reflex_base.vars.base import LiteralVar, Var

from student_portal.site_pages import SitePage, site_pages
from tests.e2e import routes


@dataclass(frozen=True)
class PageFace:
    """The words of the page's own alerts, and the test ids of its repeated cards."""

    alerts: tuple[str, ...]
    cards: tuple[str, ...]

    @property
    def absent(self) -> str | None:
        """A CSS selector for the cards (none must show on the failure face), or None."""
        return ", ".join(f"[data-testid={card}]" for card in self.cards) or None


def _children(component: BaseComponent) -> Iterator[BaseComponent]:
    yield from getattr(component, "children", ()) or ()
    if type(component).__name__ == "Foreach":
        yield component._render().render_component()  # type: ignore[attr-defined]


def _walk(component: BaseComponent, in_foreach: bool = False) -> Iterator[tuple[BaseComponent, bool]]:
    yield component, in_foreach
    repeated = in_foreach or type(component).__name__ == "Foreach"
    for child in _children(component):
        if isinstance(child, BaseComponent):
            yield from _walk(child, repeated)


def _literal_text(component: BaseComponent) -> str | None:
    """The text of an element whose one child is a string written in the page, else None."""
    children = list(getattr(component, "children", ()) or ())
    if len(children) != 1:
        return None
    contents = getattr(children[0], "contents", None)
    if isinstance(contents, LiteralVar) and isinstance(value := getattr(contents, "_var_value", None), str):
        return value
    if isinstance(contents, str) and not isinstance(contents, Var):
        return contents
    return None


def face_of(page: SitePage) -> PageFace:
    """The page's alerts written in its code and its cards' test ids (English)."""
    alerts: list[str] = []
    cards: list[str] = []
    for component, repeated in _walk(page.component()):
        role = getattr(component, "role", None)
        if role is not None and str(role).strip('"') == "alert" and (text := _literal_text(component)):
            alerts.append(text)
        test_id = (getattr(component, "custom_attrs", None) or {}).get("data-testid")
        if repeated and isinstance(test_id, str) and test_id.endswith("card"):
            cards.append(test_id)
    return PageFace(tuple(dict.fromkeys(alerts)), tuple(dict.fromkeys(cards)))


def page_at_template(template: str) -> SitePage:
    """The registered page a test template (/news/{news}, /search?q=x) visits."""
    by_template = {routes.template(page.route): page for page in site_pages()}
    page = by_template.get(template.split("?", 1)[0])
    if page is None:
        raise LookupError(f"{template}: no registered page (tests/e2e/routes.py lists them)")
    return page


@functools.cache
def page_face(template: str) -> PageFace:
    """The face of the page at a test template, from its registered page."""
    return face_of(page_at_template(template))
