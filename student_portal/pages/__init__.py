"""One module per route; importing this package registers them all."""

from student_portal.pages import (  # noqa: F401
    about,
    article,
    booking,
    courses,
    home,
    instructor,
    jobs,
    news,
    not_found,
    resource_folders,
    resource_items,
    shop,
    single_blog,
    social,
    talent,
    youtube,
)
