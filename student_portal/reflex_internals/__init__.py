"""The one door to Reflex's private modules and names: every use of one lives in this folder and is
checked at start-up (`check`), so an upgrade that moves one stops the worker naming it.
Nothing else in the site imports a Reflex private name; what Reflex offers publicly is used directly."""

from student_portal.reflex_internals.core import (
    CONNECTION_OVERLAY,
    PATCHED,
    PRIVATE_NAMES,
    ReflexInternalsChanged,
    built_pages_dir,
    check,
    check_names,
    close_socket,
    closed_tab_state,
    connection_address,
    enqueue,
    event_name,
    event_router_data,
    forget_closed_tab,
    guard_websocket,
    is_prod_mode,
    name_page_module,
    page_view_events,
    patch,
    require,
    resolve,
    socket_is_here,
    storage_var_of,
    without_connection_overlay,
)

check_names()  # before anything in the site reads one of them

__all__ = [
    "CONNECTION_OVERLAY",
    "PATCHED",
    "PRIVATE_NAMES",
    "ReflexInternalsChanged",
    "built_pages_dir",
    "check",
    "check_names",
    "close_socket",
    "closed_tab_state",
    "connection_address",
    "enqueue",
    "event_name",
    "event_router_data",
    "forget_closed_tab",
    "guard_websocket",
    "is_prod_mode",
    "name_page_module",
    "page_view_events",
    "patch",
    "require",
    "resolve",
    "socket_is_here",
    "storage_var_of",
    "without_connection_overlay",
]
