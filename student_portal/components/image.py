"""<img> with its intrinsic size as HTML attributes.

`rx.el.img(width=..., height=...)` turns the two into CSS (an emotion class that beats the
Tailwind sizing classes and pins the picture at its pixel size, overflowing a phone screen).
As attributes they only tell the browser the aspect ratio, so it reserves the space before the
picture arrives (no layout shift) while the classes decide the displayed size.

Pictures are lazy unless `eager`: the one that may be the largest thing in view when a page
opens (a page's first slide, the first row of products) loads at once and first
(fetchpriority="high"), since it only becomes known when the page's data arrives; its lazy
siblings in a carousel or grid ask for "low", so they do not share the bandwidth it needs.
"""

from __future__ import annotations

import reflex as rx

from student_portal.server.lead_images import LEAD_IMAGES, lead_image_url
from student_portal.utils.slots import Slot


def image(
    src: str | rx.Var, alt: str | rx.Var, width: int, height: int, *, eager: bool | rx.Var[bool] = False, **props
) -> rx.Component:
    custom_attrs = {"width": width, "height": height, **props.pop("custom_attrs", {})}
    if isinstance(eager, rx.Var):
        props["loading"] = rx.cond(eager, "eager", "lazy")
        custom_attrs["fetchPriority"] = rx.cond(eager, "high", "low")
    else:
        props["loading"] = "eager" if eager else "lazy"
        if eager:
            custom_attrs["fetchPriority"] = "high"
    props.setdefault("decoding", "async")
    return rx.el.img(src=src, alt=alt, custom_attrs=custom_attrs, **props)


def lead_image(slot: Slot, width: int, height: int, *, sizes: str | None = None, **props) -> rx.Component:
    """The page's first picture in its loading face, at an address the built HTML already knows
    (student_portal/server/lead_images.py). Decorative here (alt=""): the real slide that replaces the
    face carries the name. Without a picture the slot answers an empty one."""
    widths = LEAD_IMAGES[slot].widths
    if len(widths) > 1:
        props["src_set"] = ", ".join(f"{lead_image_url(slot, w)} {w}w" for w in widths)
        props["sizes"] = sizes
    return image(src=lead_image_url(slot, widths[-1]), alt="", width=width, height=height, eager=True, **props)


def from_server(mark: str) -> dict[str, str | bool]:
    """Attributes of a loading face's element the server fills for each request (student_portal/
    sharing/first_view.py finds it by `mark`), whose server-sent text or picture hydration keeps."""
    return {"data-preview": mark, "suppressHydrationWarning": True}


def server_picture(mark: str, width: int, height: int, class_name: str) -> rx.Component:
    """A face's picture built without src (a grey box): the server names the picture the page
    opens with, and hydration keeps it. Decorative (alt=""): what replaces the face names it."""
    return image(
        src="", alt="", width=width, height=height, eager=True, class_name=class_name, custom_attrs=from_server(mark)
    )
