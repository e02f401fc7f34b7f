"""Reflex's toast provider with sonner fetched for the first toast only (assets/toaster.js): the
same <Toaster/> and `refs.__toast` as rx.toast.provider(), minus ~10 KB gzipped and a long task
on every page view. Passed as rx.App(toaster=...)."""

from __future__ import annotations

import reflex as rx

# The sonner release Reflex 0.10.1's own toast provider uses.
SONNER = "sonner@2.0.8"


class LazyToaster(rx.Component):
    library = rx.asset("toaster.js").importable_path
    lib_dependencies: list[str] = [SONNER]
    tag = "LazyToaster"

    # rx.toast.provider()'s defaults; the theme follows the page's colour mode in the module.
    rich_colors: rx.Var[bool]
    expand: rx.Var[bool]
    position: rx.Var[str]
    close_button: rx.Var[bool]


def lazy_toaster() -> rx.Component:
    return LazyToaster.create(rich_colors=True, expand=True, position="bottom-right", close_button=False)
