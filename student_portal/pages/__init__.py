"""One module per route; importing this package registers them all."""

from student_portal.pages import booking, home, jobs, not_found, shop, social, talent, youtube  # noqa: F401
