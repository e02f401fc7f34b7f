"""One module per route; importing this package registers them all."""

from student_portal.pages import (  # noqa: F401
    booking,
    home,
    jobs,
    not_found,
    resource_folders,
    resource_items,
    shop,
    social,
    talent,
    youtube,
)
