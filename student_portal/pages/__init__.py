"""One module per route; importing this package registers them all."""

from student_portal.pages import (  # noqa: F401
    about,
    article,
    booking,
    class_page,
    courses,
    home,
    instructor,
    jobs,
    login,
    news,
    not_found,
    notes,
    profile,
    resource_folders,
    resource_items,
    shop,
    single_blog,
    social,
    talent,
    youtube,
)
