"""Every route of the site (spec 2 "All routes"), in one place: pages, state, components and tests
use these names instead of writing paths by hand.

Fixed paths are constants; a route with an argument has its Reflex pattern (`CLASS_PAGE`) and a
builder (`class_page(teacher_id)`). A state reads the argument with `state.address.route_arg`,
which takes it from Reflex's own route parameters (React Router matched and decoded them in the
browser), so there is no second path parser here. Pure: no Reflex import.
"""

from __future__ import annotations

from typing import Final
from urllib.parse import quote, urlencode

HOME: Final = "/"
ABOUT: Final = "/about"
COURSES: Final = "/courses"
INSTRUCTOR: Final = "/instructor"
TALENT: Final = "/talent"
SINGLE_BLOG: Final = "/single-blog"
SOCIAL: Final = "/social"
LOGIN: Final = "/login"
BOOKING: Final = "/booking"
YOUTUBE: Final = "/youtube"
PROFILE: Final = "/profile"  # tuition classes: the teacher list
CLASS_INDEX: Final = "/class"  # no teacher chosen: sends the visitor to PROFILE
SHOP: Final = "/shop"
ARTICLE: Final = "/article"
JOBS: Final = "/jobs"
NOTES: Final = "/notes"
SEARCH: Final = "/search"  # site search results: /search?q=...
SAVED: Final = "/saved"  # the signed-in visitor's saved items
# Accounts students run themselves (sign up, verify, reset, change email): not in the spec.
SIGN_UP: Final = "/sign-up"
FORGOT_PASSWORD: Final = "/forgot-password"
NOTICES: Final = "/notices"  # what changed in what the signed-in student follows (issue 53)
ACCOUNT: Final = "/account"  # the signed-in student's account: password, email, sessions
MY_STUDY: Final = "/my-study"  # the signed-in student's history and practice progress (issue 52)
# The exam tools: a Z-score estimate, and the university cut-offs of one district
# (/cut-offs?district=colombo&z=1.625&q=medicine: a shareable view).
Z_SCORE: Final = "/z-score"
CUT_OFFS: Final = "/cut-offs"

# A paper or note in the PDF viewer at a page, its words marked: /read?c=<collection>&id=<record>&page=3&q=...
READ: Final = "/read"
# A keyed MCQ paper to practise, marked on submit: /practice?c=<collection>&id=<record>
PRACTICE: Final = "/practice"
NOT_FOUND: Final = "404"  # Reflex's name for the page of unknown addresses

# Route arguments, as the patterns below declare them.
TEACHER_ID: Final = "teacher_id"
NEWS_ID: Final = "news_id"
FOLDER_ID: Final = "folder_id"

TOKEN: Final = "token"

CLASS_PAGE: Final = f"/class/[{TEACHER_ID}]"
NEWS_ITEM: Final = f"/news/[{NEWS_ID}]"
# The pages the account mails link to (PocketBase's hooks add the token: see MAIL_LINK_PREFIXES).
VERIFY_EMAIL: Final = f"/verify/[{TOKEN}]"
RESET_PASSWORD: Final = f"/reset-password/[{TOKEN}]"
CONFIRM_EMAIL: Final = f"/confirm-email/[{TOKEN}]"
# A notice mail's one-click unsubscribe (PocketBase's hook writes the link: notice_mail.pb.js).
UNSUBSCRIBE: Final = f"/unsubscribe/[{TOKEN}]"
# Mail kind (PocketBase's: verification, password_reset, email_change) -> its page, before the token.
MAIL_LINK_PREFIXES: Final = {
    "verification": "/verify/",
    "password_reset": "/reset-password/",
    "email_change": "/confirm-email/",
}

# O/L and A/L: the level key ("ol", "al") is the first part of both of its routes.
OL, AL = "ol", "al"
LEVELS: Final = (OL, AL)

# Not pages: answered before Reflex's app (student_portal/server/lead_images.py, file_proxy.py).
LEAD_IMAGE_PREFIX: Final = "/lead-image"
FILES_PREFIX: Final = "/files"  # /files/{collection}/{record}/{name}: PocketBase's files, via the site
# Not pages either: student_portal/sharing/server.py.
ROBOTS_TXT: Final = "/robots.txt"
SITEMAP_XML: Final = "/sitemap.xml"
CALENDAR_PREFIX: Final = "/calendar"


def _segment(value: str) -> str:
    # One path segment whatever the id holds; never raises (a lone surrogate from JSON included).
    return quote(value, safe="", errors="surrogatepass")


def class_page(teacher_id: str) -> str:
    """/class/{teacherId}: one teacher's class."""
    return f"/class/{_segment(teacher_id)}"


def news_item(news_id: str) -> str:
    """/news/{newsId}: one news item."""
    return f"/news/{_segment(news_id)}"


def verify_email(token: str) -> str:
    """/verify/{token}: the page the verification mail links to."""
    return MAIL_LINK_PREFIXES["verification"] + _segment(token)


def reset_password(token: str) -> str:
    """/reset-password/{token}: the page the password-reset mail links to."""
    return MAIL_LINK_PREFIXES["password_reset"] + _segment(token)


def unsubscribe(token: str) -> str:
    """/unsubscribe/{token}: a notice mail's one-click unsubscribe."""
    return "/unsubscribe/" + _segment(token)


def confirm_email(token: str) -> str:
    """/confirm-email/{token}: the page the email-change mail links to."""
    return MAIL_LINK_PREFIXES["email_change"] + _segment(token)


def class_calendar(class_id: str) -> str:
    """One class as an .ics file ("Add to calendar")."""
    return f"{CALENDAR_PREFIX}/class/{_segment(class_id)}.ics"


def teacher_calendar(teacher_id: str) -> str:
    """A teacher's upcoming classes as a subscribable .ics feed."""
    return f"{CALENDAR_PREFIX}/teacher/{_segment(teacher_id)}.ics"


def read(collection: str, record_id: str, page: int = 0, words: str = "") -> str:
    """/read?c=...&id=...&page=...&q=...: a document open in the viewer (a shareable address)."""
    params = {"c": collection, "id": record_id, "page": str(page) if page > 0 else "", "q": words}
    return f"{READ}?{urlencode({k: v for k, v in params.items() if v}, quote_via=quote)}"


def cut_offs(district: str = "", z: str = "", query: str = "") -> str:
    """/cut-offs?district=...&z=...&q=...: one district's cut-offs, those within `z` marked."""
    params = {"district": district, "z": z, "q": query}
    kept = {key: value for key, value in params.items() if value}
    return f"{CUT_OFFS}?{urlencode(kept, quote_via=quote)}" if kept else CUT_OFFS


def practice(collection: str, record_id: str) -> str:
    """/practice?c=...&id=...: a paper's answer sheet beside it (a shareable address)."""
    return f"{PRACTICE}?{urlencode({'c': collection, 'id': record_id}, quote_via=quote)}"


def level_folders(level: str) -> str:
    """/ol-folder or /al-folder: a level's folders."""
    return f"/{level}-folder"


def folder_pattern(level: str) -> str:
    """The Reflex route of one folder of a level: /ol/[folder_id]."""
    return f"/{level}/[{FOLDER_ID}]"


def folder(level: str, folder_id: str) -> str:
    """/ol/{folderId} or /al/{folderId}: one folder's papers and notes."""
    return f"/{level}/{_segment(folder_id)}"


def ol_folder(folder_id: str) -> str:
    return folder(OL, folder_id)


def al_folder(folder_id: str) -> str:
    return folder(AL, folder_id)


OL_FOLDERS: Final = level_folders(OL)
AL_FOLDERS: Final = level_folders(AL)
OL_FOLDER: Final = folder_pattern(OL)
AL_FOLDER: Final = folder_pattern(AL)


def route_arg_value(value: object) -> str:
    """A route argument as a state takes it (state/address.py `route_arg`): the text React Router
    matched and decoded in the browser (no trailing slash); "" when absent (/class alone, an event
    sent without the page's parameters) or a list (only a catch-all route gives one: not ours)."""
    return value if isinstance(value, str) else ""
