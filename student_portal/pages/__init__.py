"""One module per route; importing this package registers them all."""

from student_portal.pages import home, not_found, social, talent  # noqa: F401
