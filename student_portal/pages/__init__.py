"""One module per route; importing this package registers them all."""

from student_portal.pages import home, login, not_found, notes, social, talent  # noqa: F401
