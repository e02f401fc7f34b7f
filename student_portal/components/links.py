"""Links without Radix Themes: client-side routing for our pages, safe attributes for others."""

from __future__ import annotations

import reflex as rx
from reflex_components_core.react_router.dom import ReactRouterLink

EXTERNAL_LINK_REL = "noopener noreferrer"  # TEMP until utils.links lands


def internal_link(*children: rx.Component | str, href: str | rx.Var, **props) -> rx.Component:
    """A link to one of our routes: React Router navigation, no full page load."""
    return ReactRouterLink.create(*children, to=href, **props)


def external_link(*children: rx.Component | str, href: str | rx.Var, **props) -> rx.Component:
    """A link that leaves the site: new tab, no opener, no referrer."""
    return rx.el.a(*children, href=href, target="_blank", rel=EXTERNAL_LINK_REL, **props)
