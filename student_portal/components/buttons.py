"""The site's buttons: one look for every action, on every card and page.

Three kinds, all at least 44 px (a thumb), all with the same text size:
- PRIMARY: a card's main action (Call, Download, Buy Now, View Classes), filled. WHATSAPP is
  the primary in WhatsApp green, for the actions that open a WhatsApp chat.
- SECONDARY: another action in words (Preview, Email, Open drive link, Show More, Back), outlined.
- ICON: a 44 px square for the actions every card has (Share, Save) and a note's extra link:
  its icon, with its name for screen readers and as the pointer's tooltip. Words on them would
  wrap a phone's card into three or four rows; as squares they end the card's row of actions.

`action_row` lays a card's actions out: words first, icons together last; on a 360 px phone
every card's actions fit in two rows, in English, Sinhala and Tamil (tests/e2e/test_actions.py).
"""

from __future__ import annotations

import reflex as rx

from student_portal.components.icons import icon
from student_portal.components.links import external_link, internal_link, plain_link
from student_portal.i18n.texts import Text

_FOCUS = "focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-900"
_BASE = (
    "inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-lg text-sm font-semibold "
    f"{_FOCUS} disabled:cursor-wait"
)
_WORDS = f"{_BASE} px-3 py-2 text-center"
PRIMARY = f"{_WORDS} bg-blue-700 text-white hover:bg-blue-800"
WHATSAPP = f"{_WORDS} bg-green-700 text-white hover:bg-green-800"
SECONDARY = f"{_WORDS} border border-blue-700 bg-white text-blue-800 hover:bg-blue-50"
ICON = f"{_BASE} size-11 border border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
# ICON when it is on (a saved item: aria-pressed="true")
ICON_ON = f"{_BASE} size-11 border border-blue-700 bg-blue-50 text-blue-800 hover:bg-blue-100"


def _named(label: str | rx.Var[str], icon_name: str, name: rx.Var[str] | str | None) -> list[rx.Component]:
    """Icon, visible words, and the item's name for screen readers ("Download Maths paper")."""
    children: list[rx.Component] = [icon(icon_name), rx.el.span(label)]
    if name is not None:
        children.append(rx.el.span(" ", name, class_name="sr-only"))
    return children


def action_button(
    label: str | rx.Var[str],
    icon_name: str,
    *,
    on_click,
    name: rx.Var[str] | None = None,
    style: str = SECONDARY,
    **props,
) -> rx.Component:
    """A button with words (PRIMARY or SECONDARY)."""
    return rx.el.button(*_named(label, icon_name, name), type="button", on_click=on_click, class_name=style, **props)


def action_link(
    label: str | rx.Var[str],
    icon_name: str,
    *,
    href: str | rx.Var[str],
    name: rx.Var[str] | None = None,
    style: str = SECONDARY,
    external: bool = False,
    **props,
) -> rx.Component:
    """A link that looks like a button with words: a tel:, mailto: or file address, or (`external`)
    another site in a new tab."""
    make = external_link if external else plain_link
    return make(*_named(label, icon_name, name), href=href, class_name=style, **props)


def icon_label(label: str | rx.Var[str], name: rx.Var[str] | str) -> rx.Component:
    """An ICON button's accessible name: the action and the item ("Share Maths paper")."""
    return rx.el.span(label, " ", name, class_name="sr-only")


def action_row(*words: rx.Component, icons: tuple[rx.Component, ...] = ()) -> rx.Component:
    """A card's actions: the buttons with words share out the row's width; the ICON buttons stay
    together at its end, or start the second row, right-aligned, when the words fill the first."""
    return rx.el.div(
        *words,
        rx.el.div(*icons, class_name="ml-auto flex gap-2") if icons else rx.fragment(),
        data_actions=True,
        class_name="mt-auto flex flex-wrap items-center gap-2 pt-1 [&>a]:grow [&>button]:grow",
    )


def show_more_link(href: str | rx.Var[str]) -> rx.Component:
    """Show More under a preview, to the page with the whole list."""
    return internal_link(Text.SHOW_MORE, href=href, class_name=f"{SECONDARY} self-center px-6")


def contact_link(
    label: str, href: rx.Var[str], icon_name: str, style: str, subject: rx.Var[str], *, external: bool = False
) -> rx.Component:
    """Call / WhatsApp / Email for a listing; left out when the listing has no usable value.

    `subject` (the company, the room) completes the accessible name: "Call DataX Lanka".
    """
    return rx.cond(
        href != "",
        action_link(label, icon_name, href=href, name=subject, style=style, external=external),
        rx.fragment(),
    )
