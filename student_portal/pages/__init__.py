"""One module per route; importing this package registers them all."""

from student_portal.pages import (  # noqa: F401
    class_page,
    home,
    login,
    not_found,
    notes,
    profile,
    social,
    talent,
)
