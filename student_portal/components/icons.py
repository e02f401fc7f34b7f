"""A handful of inline SVG icons: a few hundred bytes instead of an icon pack (~39 KiB)."""

from __future__ import annotations

import reflex as rx

# 24x24 stroke paths (shapes drawn for this site, in the common outline style).
_PATHS: dict[str, list[str]] = {
    "menu": ["M4 6h16", "M4 12h16", "M4 18h16"],
    "close": ["M6 6l12 12", "M18 6L6 18"],
    "chat": ["M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.4A8 8 0 1 1 21 12z"],
    "phone": ["M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2"],
    "play": ["M8 5v14l11-7z"],
    "pencil": ["M4 20h4L19 9l-4-4L4 16z", "M14 6l4 4"],
    "minus": ["M5 12h14"],
    "clock": ["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z", "M12 7v5l3 2"],
    "chevron-left": ["M15 18l-6-6 6-6"],
    "chevron-right": ["M9 18l6-6-6-6"],
    "arrow-left": ["M19 12H5", "M12 19l-7-7 7-7"],
    "check": ["M5 12l5 5 9-10"],
    "search": ["M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z", "M21 21l-4.3-4.3"],
    "download": ["M12 3v12", "M7 10l5 5 5-5", "M5 21h14"],
    "eye": ["M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z", "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z"],
    "pause": ["M8 5v14", "M16 5v14"],
    "mail": ["M3 6h18v12H3z", "M3 6l9 7 9-7"],
    "star": ["M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z"],
    "spinner": ["M21 12a9 9 0 1 1-6.2-8.6"],
    "bell": ["M6 16V11a6 6 0 0 1 12 0v5l2 2H4z", "M10 21h4"],
    "bookmark": ["M6 3h12a1 1 0 0 1 1 1v17l-7-4-7 4V4a1 1 0 0 1 1-1z"],
    "file": ["M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z", "M14 3v5h5", "M9 13h6", "M9 17h6"],
    "map-pin": ["M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z", "M12 11.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"],
    "share": ["M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7", "M16 6l-4-4-4 4", "M12 2v13"],
    "calendar": ["M4 6h16v14H4z", "M4 10h16", "M8 3v4", "M16 3v4"],
    "briefcase": ["M3 8h18v12H3z", "M8 8V5h8v3", "M3 13h18"],
    "users": [
        "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
        "M2 21v-1a7 7 0 0 1 14 0v1",
        "M16 3.5a4 4 0 0 1 0 7.5",
        "M22 21v-1a7 7 0 0 0-4-6.3",
    ],
    "user": ["M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z", "M5 21v-1a7 7 0 0 1 14 0v1"],
    "folder": ["M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z"],
    "book": ["M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2z", "M4 21V5", "M8 7h8"],
    "moon": ["M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z"],
    "sun": [
        "M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10z",
        "M12 1v2",
        "M12 21v2",
        "M4.2 4.2l1.4 1.4",
        "M18.4 18.4l1.4 1.4",
        "M1 12h2",
        "M21 12h2",
        "M4.2 19.8l1.4-1.4",
        "M18.4 5.6l1.4-1.4",
    ],
    "external": ["M14 4h6v6", "M20 4l-9 9", "M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"],
}


SVG_STROKE_ATTRS = {
    "fill": "none",
    "stroke": "currentColor",
    "strokeWidth": "2",
    "strokeLinecap": "round",
    "strokeLinejoin": "round",
    "focusable": "false",
}


def icon(name: str, class_name: str = "size-5") -> rx.Component:
    """A decorative outline icon (hidden from screen readers: pair it with text)."""
    return rx.el.svg(
        *[rx.el.svg.path(d=d) for d in _PATHS[name]],
        view_box="0 0 24 24",
        aria_hidden="true",
        # Plain SVG attributes: as keyword props Reflex would turn them into an Emotion `css`
        # object, i.e. a generated class and style work for every icon on the page.
        custom_attrs=SVG_STROKE_ATTRS,
        class_name=class_name,
    )
