"""<img> with its intrinsic size as HTML attributes.

`rx.el.img(width=..., height=...)` turns the two into CSS (an emotion class that beats the
Tailwind sizing classes and pins the picture at its pixel size, overflowing a phone screen).
As attributes they only tell the browser the aspect ratio, so it reserves the space before the
picture arrives (no layout shift) while the classes decide the displayed size.
"""

from __future__ import annotations

import reflex as rx


def image(src: str | rx.Var, alt: str | rx.Var, width: int, height: int, **props) -> rx.Component:
    custom_attrs = {"width": width, "height": height, **props.pop("custom_attrs", {})}
    props.setdefault("decoding", "async")
    return rx.el.img(src=src, alt=alt, custom_attrs=custom_attrs, **props)
