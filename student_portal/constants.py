"""Every text, timing and limit the spec names, in one place (later the translation table).

Plain Python, no Reflex: the PocketBase client, the state and the tests all import it.
"""

from __future__ import annotations

from typing import Final
from zoneinfo import ZoneInfo

from student_portal import routes

SITE_NAME: Final = "Student Portal"
# og:locale of link previews (language_TERRITORY): English, Sri Lanka.
SITE_LOCALE: Final = "en_LK"

# Students are in Sri Lanka: a class belongs to the Colombo calendar day it starts on.
SITE_TIME_ZONE: Final = ZoneInfo("Asia/Colombo")

# Site-open flag, fixed true by the spec: the maintenance banner is never shown.
SITE_OPEN: Final = True

# Business contact numbers (international form, digits only, as wa.me wants them).
SHOP_WHATSAPP_NUMBER: Final = "94771234567"
SUPPORT_PHONE: Final = "+94 77 123 4567"
COUNTRY_CODE: Final = "94"

VIDEO_CHANNEL_URL: Final = "https://www.youtube.com/@studentportal.lk"
CHAT_CHANNEL_URL: Final = "https://whatsapp.com/channel/0029VaStudentPortalLk"
CHAT_GROUP_URL: Final = "https://chat.whatsapp.com/StudentPortalLkGroup"
SOCIAL_NETWORK_URL: Final = "https://www.facebook.com/studentportal.lk"
SHORT_VIDEO_URL: Final = "https://www.tiktok.com/@studentportal.lk"


class Timing:
    """Milliseconds, from spec section 9."""

    ARTICLE_ADVANCE_MS: Final = 7000
    NEWS_AUTOPLAY_MS: Final = 3000
    NEWS_SPEED_MS: Final = 500
    PAGE_CAROUSEL_AUTOPLAY_MS: Final = 3000
    PAGE_CAROUSEL_TRANSITION_MS: Final = 500
    DEFAULT_CAROUSEL_INTERVAL_MS: Final = 5000
    REALTIME_CONNECT_TIMEOUT_MS: Final = 15000
    REALTIME_RECONNECT_INTERVALS_MS: Final = (200, 300, 500, 1000, 1200, 1500, 2000)
    SOCIAL_EMBED_RETRY_MS: Final = 5000
    SCRIPT_CHUNK_LOAD_TIMEOUT_MS: Final = 120000
    # Ours, not the spec's: how long the site waits for PocketBase before saying so.
    BACKEND_TIMEOUT_S: Final = 5.0
    # Ours: a sign-in token (PocketBase default life 5 days) is renewed when less than this
    # is left, on the next page that checks the session.
    TOKEN_REFRESH_MARGIN_S: Final = 24 * 60 * 60


class NavItem:
    """One entry of the main navigation: full label, short label for phones (or None)."""

    def __init__(self, title: str, url: str, short_title: str | None = None) -> None:
        self.title = title
        self.url = url
        self.short_title = short_title


# The eight entries of spec "Main navigation". Phones show only the last four, short-labelled.
NAVIGATION: Final = (
    NavItem("Home", routes.HOME),
    NavItem("Recordings", routes.YOUTUBE),
    NavItem("Uni Notes", routes.NOTES),
    NavItem("Tuition Classes", routes.PROFILE),
    NavItem("O/L Api", routes.OL_FOLDERS, "O/L"),
    NavItem("A/L Api", routes.AL_FOLDERS, "A/L"),
    NavItem("Job Market", routes.JOBS, "Jobs"),
    NavItem("Bodim", routes.BOOKING, "Bodim"),
)

# Phones show these four tabs, in the spec's order, beside the menu toggle.
PHONE_TAB_URLS: Final = (routes.BOOKING, routes.OL_FOLDERS, routes.AL_FOLDERS, routes.JOBS)

# Home hero: the four shortcut buttons (spec "Home page") and the five social channels.
HOME_SHORTCUTS: Final = (
    ("Find Recordings", routes.YOUTUBE),
    ("Find Notes", routes.NOTES),
    ("Find Tuition Class", routes.PROFILE),
    ("Shop", routes.SHOP),
)
SOCIAL_CHANNELS: Final = (
    ("WhatsApp Channel", CHAT_CHANNEL_URL),
    ("WhatsApp Group", CHAT_GROUP_URL),
    ("YouTube", VIDEO_CHANNEL_URL),
    ("Facebook", SOCIAL_NETWORK_URL),
    ("TikTok", SHORT_VIDEO_URL),
)

# Routes below a section highlight that section's tab.
NAV_SECTION_PREFIXES: Final = (
    (routes.folder(routes.OL, ""), routes.OL_FOLDERS),
    (routes.folder(routes.AL, ""), routes.AL_FOLDERS),
    (routes.CLASS_INDEX, routes.PROFILE),
)


class Limit:
    SWIPE_THRESHOLD_PX: Final = 5
    DESKTOP_BREAKPOINT_PX: Final = 700
    RECORDINGS_PREVIEW: Final = 4
    HOME_SHOP_PREVIEW: Final = 2
    TALENTS_MAX: Final = 3
    CLASS_NOTES_MAX: Final = 5
    CLASS_RECORDINGS_MAX: Final = 6
    SKELETON_CARDS: Final = 4
    PROMO_PER_PAGE: Final = 15
    FOLDER_ITEMS_PER_PAGE: Final = 500
    GUEST_CHOICES: Final = (1, 2, 3, 4)
    RATING_MAX: Final = 5
    REVIEW_SCORE_MAX: Final = 10
    DEFAULT_PAGE_SIZE: Final = 30
    FULL_LIST_BATCH: Final = 500
    # Long lists: cards in the first page and added by each "Show more" (issue 17). Whole rows
    # in every grid (1, 2 or 3 columns); each keeps a 390 px phone under 2,500 DOM nodes.
    RECORDINGS_PAGE: Final = 24
    FOLDER_ITEMS_PAGE: Final = 24
    NOTES_PAGE: Final = 20
    JOBS_PAGE: Final = 20
    ROOMS_PAGE: Final = 12
    SHOP_PAGE: Final = 24
    ARTICLES_PAGE: Final = 12
    TALENTS_PAGE: Final = 12
    # Home carousels draw every slide they hold: the newest this many (in the spec's order).
    HOME_NEWS_MAX: Final = 12
    HOME_ARTICLES_MAX: Final = 12
    COOKIE_EXPORT_LIMIT_BYTES: Final = 4096
    YOUTUBE_ID_LENGTH: Final = 11
    # What one browser tab may make the server keep (issue 16): anything longer is cut or refused.
    CAROUSEL_MAX_SLIDES: Final = 1000
    SEARCH_TEXT_MAX_CHARS: Final = 100  # search boxes, and ?q= in an address
    CHOICE_MAX_CHARS: Final = 100  # a dropdown's value (a city, a subject, a category id)
    SIGN_IN_FIELD_MAX_CHARS: Final = 256  # an email or user name, a password
    # Link previews (issue 14): WhatsApp shows about this much of a title and a description.
    SHARE_TITLE_CHARS: Final = 90
    SHARE_DESCRIPTION_CHARS: Final = 200
    # JSON-LD items a list page describes (a catalog of thousands would swell every page view).
    JSON_LD_ITEMS: Final = 20
    CLASS_REMINDER_MINUTES: Final = 15
    STATS: Final = (("63", "Students Enrolled"), ("20", "Total Courses"), ("4", "Online Learners"))
    # Site search (ours): what the state keeps of a query, hits per group, suggestions.
    SEARCH_QUERY_MAX: Final = 100
    SEARCH_RESULTS_PER_KIND: Final = 10
    SEARCH_SUGGESTIONS: Final = 6


class StorageKey:
    AUTH: Final = "pocketbase_auth"
    AUTH_COOKIE: Final = "pb_auth"
    REDIRECT: Final = "redirect"
    PENDING_SAVE: Final = "pending_save"  # "kind:id" a signed-out visitor tapped Save on


class Text:
    """User-facing strings of the spec, verbatim."""

    # Layout
    MAINTENANCE_BANNER: Final = (
        "Warning: Site is temporarily shut down Please contact the administrator to restore access."
    )
    LOGIN: Final = "Login"
    LOGOUT: Final = "Logout"
    LOGGING_OUT: Final = "Logging out..."
    PAGE_NOT_FOUND: Final = "Page not found"

    # Login
    SIGN_IN: Final = "Sign in"
    SIGNING_IN: Final = "Signing in..."
    LOGIN_FAILED: Final = "Login failed. Please check your credentials."
    IDENTITY_LABEL: Final = "User name or email"
    PASSWORD_LABEL: Final = "Password"
    SIGN_IN_HEADING: Final = "Sign in to Student Portal"
    TOO_MANY_ATTEMPTS: Final = "Too many sign-in attempts. Please try again in a minute."
    BACKEND_UNAVAILABLE: Final = "The server is not answering right now. Please try again in a moment."

    # Header dialog (spec: exists, sends nothing)
    DIALOG_LOGIN_TAB: Final = "Login"
    DIALOG_SIGN_UP_TAB: Final = "Sign Up"
    EMAIL_LABEL: Final = "Email"
    CONFIRM_PASSWORD_LABEL: Final = "Confirm password"
    CANCEL: Final = "Cancel"
    SUBMIT: Final = "Submit"

    # Notes
    UNI_NOTES: Final = "Uni Notes"
    SEARCH_NOTES: Final = "Search notes"
    PREVIEW: Final = "Preview"
    OPEN_DRIVE_LINK: Final = "Open in Drive"
    OPEN_LINK: Final = "Open link"
    CLOSE: Final = "Close"
    UNAUTHORIZED_DETAIL: Final = "Your account does not include Uni Notes. Ask the administrator for the notes role."
    UNAUTHORIZED: Final = "Unauthorized"
    LOADING_NOTES: Final = "Loading notes..."
    NO_NOTES_FOUND: Final = "No notes found"
    FAILED_TO_LOAD_NOTES: Final = "Failed to load notes. Please try again later."
    CLASS_NOTES_FAILED: Final = "Failed to load notes. Displaying sample data."
    # What the class page shows instead: we never display invented notes (see state/class_page.py).
    CLASS_NOTES_LOAD_FAILED: Final = "Failed to load notes. Please try again later."
    UNTITLED_NOTE: Final = "Untitled Note"
    FAILED_FILE_PREVIEW: Final = "Failed to fetch file preview"
    FAILED_FILE_DOWNLOAD: Final = "Failed to download file"

    # Recordings
    ERROR_LOADING_VIDEOS: Final = "Error loading videos. Please try again later."
    NO_VIDEOS_FOUND: Final = "No videos found"
    SUBJECT_UNKNOWN: Final = "Unknown"
    KUPPI_RECORDINGS: Final = "Kuppi Recordings"
    SHOW_MORE: Final = "Show More"
    SHOW_MORE_ROWS: Final = "Show more"  # the button under a long list that adds the next page

    # Home
    WELCOME: Final = "Welcome to Student Portal"
    WELCOME_LEAD: Final = (
        "Kuppi recordings, uni notes, tuition classes and past papers for Sri Lankan students, in one place."
    )
    FOLLOW_US: Final = "Follow us"
    SLIDES: Final = "Highlights"
    SOCIAL: Final = "Our channels"
    ARTICLES: Final = "Articles"
    CHOOSE_DAY: Final = "Choose a day"
    LATEST_NEWS: Final = "Latest News"
    READ_MORE: Final = "Read More"
    CLASS_SCHEDULE: Final = "Class Schedule"
    LOADING_SCHEDULE: Final = "Loading schedule..."
    NO_CLASSES_TODAY: Final = "No classes scheduled today."
    LOADING_TEACHER: Final = "Loading teacher..."
    JOIN_ZOOM_CLASS: Final = "Join Zoom Class"
    SHOP_HEADING: Final = "යාළුවන්ගේ කඩේ"  # "the friends' shop"
    ALL_CATEGORIES: Final = "All Categories"
    WE_ARE_PROUD: Final = "We Are Proud"
    NO_ARTICLES: Final = "No articles available"
    TALENTS: Final = "Talents"

    # Carousel and video controls (ours: accessible names the spec leaves unnamed)
    PAUSE_SLIDESHOW: Final = "Pause slideshow"
    PLAY_SLIDESHOW: Final = "Play slideshow"
    PLAY_VIDEO: Final = "Play video"

    # Shop and listings
    PRICE_UNAVAILABLE: Final = "Price Unavailable"
    BUY_NOW: Final = "Buy Now"
    NO_REVIEWS: Final = "No reviews"
    NO_ITEMS_FOUND: Final = "No items found."
    NO_JOBS: Final = "No jobs available."
    NO_ROOMS: Final = "No Rooms available at the moment."
    ALL_CITIES: Final = "All Cities"
    ALL: Final = "All"
    LOADING: Final = "Loading..."
    ARTICLE_NOT_FOUND: Final = "Article not found"
    WHATSAPP_US: Final = "WhatsApp Us"
    NO_PRODUCTS: Final = "No products found."  # ours: the spec's shop shows an empty grid

    # Recordings page
    SEARCH_RECORDINGS: Final = "Search recordings"
    SUBJECT: Final = "Subject"

    # O/L and A/L resources
    PAPER: Final = "Paper"
    NOTES: Final = "Notes"
    DOWNLOAD: Final = "Download"
    RESOURCE_TYPE: Final = "Resource type"
    MEDIUM: Final = "Medium"
    USE_DARK_THEME: Final = "Dark theme"
    USE_LIGHT_THEME: Final = "Light theme"
    MEDIUM_ALL: Final = "All"
    MEDIUM_SINHALA: Final = "Sinhala"
    MEDIUM_TAMIL: Final = "Tamil"
    MEDIUM_ENGLISH: Final = "English"

    # Jobs and rooms
    JOB_MARKET: Final = "Job Market"
    # Ours: the spec has no words for these failures; "no jobs" would be untrue.
    JOBS_FAILED: Final = "Could not load jobs. Please try again later."
    ROOMS_FAILED: Final = "Could not load rooms. Please try again later."
    FOLDERS_FAILED: Final = "Could not load folders. Please try again later."
    ITEMS_FAILED: Final = "Could not load this folder. Please try again later."
    TEACHERS_FAILED: Final = "Could not load the teachers. Please try again later."
    NO_TEACHERS: Final = "No teachers listed yet."
    CALL: Final = "Call"
    WHATSAPP: Final = "WhatsApp"
    EMAIL: Final = "Email"
    NEW: Final = "New"
    FEATURED: Final = "Featured"
    BODIM: Final = "Bodim"
    CITY: Final = "City"
    GUESTS: Final = "Guests"
    BOOK_A_ROOM: Final = "Book a Room"
    ROOM_TYPES: Final = ("None", "Single", "Double", "Suite")

    # Static tuition course cards (sample data)
    COURSE_RATING: Final = "4.50 (2)"
    JOIN_NOW: Final = "Join Now"
    KNOW_DETAILS: Final = "Know Details"
    VIEW_CLASSES: Final = "View Classes"
    TEACHER_DESCRIPTION_DEFAULT: Final = "A grade"
    TUITION_CLASSES: Final = "Tuition Classes"
    PROMOTION: Final = "Promotion"
    CLASS_NOTES: Final = "Class Notes"
    CLASS_RECORDINGS: Final = "Class Recordings"
    BACK: Final = "Back"
    LOADING_CLASS: Final = "Loading class..."
    CLASS_LOAD_FAILED: Final = "Failed to load this class. Please try again later."
    TEACHER_NOT_FOUND: Final = "Teacher not found"
    TEACHER_NOT_FOUND_DETAIL: Final = "This class link is old or mistyped."
    ALL_TEACHERS: Final = "See all teachers"
    TEACHERS_LOAD_FAILED: Final = "Failed to load teachers. Please try again later."

    # Sharing and calendars (issue 14)
    SHARE: Final = "Share"
    ADD_TO_CALENDAR: Final = "Add to calendar"
    SUBSCRIBE_TO_CLASSES: Final = "Subscribe to classes"
    CALENDAR_FEED: Final = "Calendar link (.ics)"
    CALENDAR_FEED_HINT: Final = "Your calendar app shows this teacher's upcoming classes and keeps them up to date."
    DEFAULT_CLASS_NAME: Final = "Class"
    JOIN_ON_ZOOM: Final = "Join on Zoom"

    # Site search (ours; the spec has none)
    SEARCH: Final = "Search"
    SEARCH_LABEL: Final = "Search the site"
    SEARCH_PLACEHOLDER: Final = "Search papers, recordings, jobs..."
    SEARCH_HINT: Final = "Type what you are looking for: a subject, a paper, a teacher, a job or a room."
    SEARCHING: Final = "Searching..."
    SEARCH_FAILED: Final = "Search is not available right now. Please try again later."
    SEARCH_PARTLY_FAILED: Final = "Some sections could not be searched right now; these are the results from the rest."
    SEARCH_SIGN_IN_FOR_NOTES: Final = "Sign in to search Uni Notes and class material."
    SEE_ALL_RESULTS: Final = "See all results"
    SEARCH_GROUPS: Final = (
        "Recordings",
        "O/L and A/L papers and notes",
        "Uni Notes",
        "Tuition teachers",
        "Tuition classes",
        "Class notes and recordings",
        "Jobs",
        "Rooms",
        "News",
        "Articles",
        "Shop",
    )

    # Backend client (spec section 8)
    CLIENT_DEFAULT_ERROR: Final = "Something went wrong while processing your request."
    CLIENT_MISSING_ID: Final = "Missing required record id."
    CLIENT_NOT_FOUND: Final = "The requested resource wasn't found."
    CLIENT_ABORTED: Final = "The request was autocancelled."
    CLIENT_TIMEOUT: Final = "The server took too long to answer."
    CLIENT_UNREACHABLE: Final = "The server could not be reached."

    # Saved items (/saved) and offline (not in the spec: our own words)
    SAVED: Final = "Saved"
    SAVE: Final = "Save"
    SAVED_TITLE: Final = "Saved items"
    SAVED_INTRO: Final = "What you saved, on every device you sign in on."
    NOTHING_SAVED: Final = "Nothing saved yet. Tap Save on a recording, paper, note, job or room to keep it here."
    LOADING_SAVED: Final = "Loading saved items..."
    SAVED_LOAD_FAILED: Final = "Could not load your saved items. Please try again later."
    SAVE_FAILED: Final = "Could not save this item. Please try again."
    PDF_LOADING: Final = "Loading document..."
    PDF_FAILED: Final = "This document cannot be shown here. Use Download to open it."
    PDF_PAGES: Final = "pages"
    PDF_PAGE: Final = "Page"
    PDF_ZOOM_IN: Final = "Zoom in"
    PDF_ZOOM_OUT: Final = "Zoom out"
    PDF_FIT: Final = "Fit to width"
    KEEP_OFFLINE: Final = "Keep offline"
    KEPT_OFFLINE: Final = "Kept offline"
    OPEN: Final = "Open"
    REMOVE: Final = "Remove"

    @staticmethod
    def no_results_for(query: str) -> str:
        return f'No results for "{query}"'

    @staticmethod
    def results_for(query: str) -> str:
        return f'Results for "{query}"'

    @staticmethod
    def account_locked(minutes: int) -> str:
        """Login, after too many wrong passwords for one account (pb_hooks/sign_in_limit.pb.js)."""
        return f"Too many attempts, try again in {minutes} minute{'' if minutes == 1 else 's'}."

    @staticmethod
    def previous_item(noun: str) -> str:
        return f"Previous {noun}"

    @staticmethod
    def next_item(noun: str) -> str:
        return f"Next {noun}"

    @staticmethod
    def share_label(title: str) -> str:
        return f"Share {title}".strip()

    @staticmethod
    def teacher_calendar_name(teacher: str) -> str:
        return f"{teacher} classes · {SITE_NAME}" if teacher else f"Classes · {SITE_NAME}"

    @staticmethod
    def class_reminder(name: str) -> str:
        return f"{name} starts in {Limit.CLASS_REMINDER_MINUTES} minutes"

    @staticmethod
    def teacher_line(teacher: str) -> str:
        return f"Teacher: {teacher}"

    @staticmethod
    def buy_message(product_name: str) -> str:
        return f"I want to buy {product_name}"

    @staticmethod
    def join_message(course_title: str) -> str:
        return f"I would like to join the {course_title} class"
