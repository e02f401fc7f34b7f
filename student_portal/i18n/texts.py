"""The texts the site writes in more than one place, or that name a spec's words verbatim: one
home for them, translated through the catalogs (locale/). A text used by one module only is marked
where it is used (`gettext`, `N_`), which `make messages` extracts the same way.
"""

from __future__ import annotations

from typing import Final

from student_portal.constants import SITE_NAME, Limit
from student_portal.i18n.translation import N_, Message, format_number, gettext, ngettext


class Text:
    """User-facing strings of the spec, verbatim."""

    # The home page's figures (spec "We Are Proud"): a number and what it counts.
    STATS: Final = ((63, N_("Students Enrolled")), (20, N_("Total Courses")), (4, N_("Online Learners")))

    # Layout
    MAINTENANCE_BANNER = Message(
        "Warning: Site is temporarily shut down Please contact the administrator to restore access."
    )
    LOGIN = Message("Login")
    LOGOUT = Message("Logout")
    LOGGING_OUT = Message("Logging out...")
    PAGE_NOT_FOUND = Message("Page not found")
    # The toast while the page cannot reach the server (components/connection.py).
    CONNECTION_LOST = Message("Cannot connect to the server.")
    CONNECTION_LOST_DETAIL = Message("Check your internet connection. The page reconnects by itself.")
    # The toast when an event handler breaks on the server (backend_errors.py).
    BACKEND_ERROR = Message("Something went wrong on our side. Please reload the page and try again.")

    # Login
    SIGN_IN = Message("Sign in")
    SIGNING_IN = Message("Signing in...")
    LOGIN_FAILED = Message("Login failed. Please check your credentials.")
    IDENTITY_LABEL = Message("User name or email")
    PASSWORD_LABEL = Message("Password")
    SIGN_IN_HEADING = Message("Sign in to Student Portal")
    TOO_MANY_ATTEMPTS = Message("Too many sign-in attempts. Please try again in a minute.")
    BACKEND_UNAVAILABLE = Message("The server is not answering right now. Please try again in a moment.")

    # Header dialog (spec: exists, sends nothing)
    DIALOG_LOGIN_TAB = Message("Login")
    DIALOG_SIGN_UP_TAB = Message("Sign Up")
    EMAIL_LABEL = Message("Email")
    CONFIRM_PASSWORD_LABEL = Message("Confirm password")
    CANCEL = Message("Cancel")
    SUBMIT = Message("Submit")

    # Notes
    UNI_NOTES = Message("Uni Notes")
    SEARCH_NOTES = Message("Search notes")
    PREVIEW = Message("Preview")
    OPEN_DRIVE_LINK = Message("Open in Drive")
    OPEN_LINK = Message("Open link")
    CLOSE = Message("Close")
    UNAUTHORIZED_DETAIL = Message("Your account does not include Uni Notes. Ask the administrator for the notes role.")
    UNAUTHORIZED = Message("Unauthorized")
    LOADING_NOTES = Message("Loading notes...")
    NO_NOTES_FOUND = Message("No notes found")
    FAILED_TO_LOAD_NOTES = Message("Failed to load notes. Please try again later.")
    CLASS_NOTES_FAILED = Message("Failed to load notes. Displaying sample data.")
    # What the class page shows instead: we never display invented notes (see state/class_page.py).
    CLASS_NOTES_LOAD_FAILED = Message("Failed to load notes. Please try again later.")
    UNTITLED_NOTE = Message("Untitled Note")
    FAILED_FILE_PREVIEW = Message("Failed to fetch file preview")
    FAILED_FILE_DOWNLOAD = Message("Failed to download file")

    # Recordings
    ERROR_LOADING_VIDEOS = Message("Error loading videos. Please try again later.")
    NO_VIDEOS_FOUND = Message("No videos found")
    SUBJECT_UNKNOWN = Message("Unknown")
    KUPPI_RECORDINGS = Message("Kuppi Recordings")
    SHOW_MORE = Message("Show More")
    SHOW_MORE_ROWS = Message("Show more")  # the button under a long list that adds the next page

    # Home
    WELCOME = Message("Welcome to Student Portal")
    WELCOME_LEAD = Message(
        "Kuppi recordings, uni notes, tuition classes and past papers for Sri Lankan students, in one place."
    )
    FOLLOW_US = Message("Follow us")
    SLIDES = Message("Highlights")
    SOCIAL = Message("Our channels")
    ARTICLES = Message("Articles")
    CHOOSE_DAY = Message("Choose a day")
    # Stands in the calendar's box until its script is here (components/calendar.py).
    SHOW_CALENDAR = Message("Show the calendar")
    CALENDAR_FAILED = Message("Could not load the calendar. Check your internet connection and try again.")
    LATEST_NEWS = Message("Latest News")
    READ_MORE = Message("Read More")
    CLASS_SCHEDULE = Message("Class Schedule")
    LOADING_SCHEDULE = Message("Loading schedule...")
    NO_CLASSES_TODAY = Message("No classes scheduled today.")
    LOADING_TEACHER = Message("Loading teacher...")
    JOIN_ZOOM_CLASS = Message("Join Zoom Class")
    SHOP_HEADING: Final = "යාළුවන්ගේ කඩේ"  # "the friends' shop"
    ALL_CATEGORIES = Message("All Categories")
    WE_ARE_PROUD = Message("We Are Proud")
    NO_ARTICLES = Message("No articles available")
    TALENTS = Message("Talents")

    # Carousel and video controls (ours: accessible names the spec leaves unnamed)
    PAUSE_SLIDESHOW = Message("Pause slideshow")
    PLAY_SLIDESHOW = Message("Play slideshow")
    PLAY_VIDEO = Message("Play video")

    # Shop and listings
    PRICE_UNAVAILABLE = Message("Price Unavailable")
    BUY_NOW = Message("Buy Now")
    NO_REVIEWS = Message("No reviews")
    NO_ITEMS_FOUND = Message("No items found.")
    NO_JOBS = Message("No jobs available.")
    NO_ROOMS = Message("No Rooms available at the moment.")
    ALL_CITIES = Message("All Cities")
    ALL = Message("All")
    LOADING = Message("Loading...")
    ARTICLE_NOT_FOUND = Message("Article not found")
    WHATSAPP_US = Message("WhatsApp Us")
    NO_PRODUCTS = Message("No products found.")  # ours: the spec's shop shows an empty grid

    # Recordings page
    SEARCH_RECORDINGS = Message("Search recordings")
    SUBJECT = Message("Subject")

    # O/L and A/L resources
    PAPER = Message("Paper")
    NOTES = Message("Notes")
    DOWNLOAD = Message("Download")
    RESOURCE_TYPE = Message("Resource type")
    MEDIUM = Message("Medium")
    USE_DARK_THEME = Message("Dark theme")
    USE_LIGHT_THEME = Message("Light theme")
    MEDIUM_ALL = Message("All")
    MEDIUM_SINHALA = Message("Sinhala")
    MEDIUM_TAMIL = Message("Tamil")
    MEDIUM_ENGLISH = Message("English")

    # Jobs and rooms
    JOB_MARKET = Message("Job Market")
    # Ours: the spec has no words for these failures; "no jobs" would be untrue.
    JOBS_FAILED = Message("Could not load jobs. Please try again later.")
    ROOMS_FAILED = Message("Could not load rooms. Please try again later.")
    FOLDERS_FAILED = Message("Could not load folders. Please try again later.")
    ITEMS_FAILED = Message("Could not load this folder. Please try again later.")
    TEACHERS_FAILED = Message("Could not load the teachers. Please try again later.")
    NO_TEACHERS = Message("No teachers listed yet.")
    CALL = Message("Call")
    WHATSAPP: Final = "WhatsApp"
    EMAIL = Message("Email")
    NEW = Message("New")
    FEATURED = Message("Featured")
    BODIM = Message("Bodim")
    CITY = Message("City")
    GUESTS = Message("Guests")
    BOOK_A_ROOM = Message("Book a Room")
    ROOM_TYPES: Final = (N_("None"), N_("Single"), N_("Double"), N_("Suite"))

    # Static tuition course cards (sample data)
    COURSE_RATING: Final = "4.50 (2)"
    JOIN_NOW = Message("Join Now")
    KNOW_DETAILS = Message("Know Details")
    VIEW_CLASSES = Message("View Classes")
    TEACHER_DESCRIPTION_DEFAULT = Message("A grade")
    TUITION_CLASSES = Message("Tuition Classes")
    PROMOTION = Message("Promotion")
    CLASS_NOTES = Message("Class Notes")
    CLASS_RECORDINGS = Message("Class Recordings")
    BACK = Message("Back")
    LOADING_CLASS = Message("Loading class...")
    CLASS_LOAD_FAILED = Message("Failed to load this class. Please try again later.")
    TEACHER_NOT_FOUND = Message("Teacher not found")
    TEACHER_NOT_FOUND_DETAIL = Message("This class link is old or mistyped.")
    ALL_TEACHERS = Message("See all teachers")
    TEACHERS_LOAD_FAILED = Message("Failed to load teachers. Please try again later.")

    # Sharing and calendars (issue 14)
    SHARE = Message("Share")
    ADD_TO_CALENDAR = Message("Add to calendar")
    SUBSCRIBE_TO_CLASSES = Message("Subscribe to classes")
    CALENDAR_FEED = Message("Calendar link (.ics)")
    CALENDAR_FEED_HINT = Message("Your calendar app shows this teacher's upcoming classes and keeps them up to date.")
    DEFAULT_CLASS_NAME = Message("Class")
    JOIN_ON_ZOOM = Message("Join on Zoom")

    # Site search (ours; the spec has none)
    SEARCH = Message("Search")
    SEARCH_LABEL = Message("Search the site")
    SEARCH_PLACEHOLDER = Message("Search papers, recordings, jobs...")
    # The header's narrow box (w-44 at 1,280 px): the long hint was cut mid-word in every language.
    SEARCH_PLACEHOLDER_SHORT = Message("Search...")
    SEARCH_HINT = Message("Type what you are looking for: a subject, a paper, a teacher, a job or a room.")
    SEARCHING = Message("Searching...")
    SEARCH_FAILED = Message("Search is not available right now. Please try again later.")
    SEARCH_PARTLY_FAILED = Message(
        "Some sections could not be searched right now; these are the results from the rest."
    )
    SEARCH_SIGN_IN_FOR_NOTES = Message("Sign in to search Uni Notes and class material.")
    SEE_ALL_RESULTS = Message("See all results")
    SEARCH_GROUPS: Final = (
        N_("Recordings"),
        N_("O/L and A/L papers and notes"),
        N_("Uni Notes"),
        N_("Tuition teachers"),
        N_("Tuition classes"),
        N_("Class notes and recordings"),
        N_("Jobs"),
        N_("Rooms"),
        N_("News"),
        N_("Articles"),
        N_("Shop"),
    )

    # Backend client (spec section 8)
    CLIENT_DEFAULT_ERROR = Message("Something went wrong while processing your request.")
    CLIENT_MISSING_ID = Message("Missing required record id.")
    CLIENT_NOT_FOUND = Message("The requested resource wasn't found.")
    CLIENT_ABORTED = Message("The request was autocancelled.")
    CLIENT_TIMEOUT = Message("The server took too long to answer.")
    CLIENT_UNREACHABLE = Message("The server could not be reached.")

    # Saved items (/saved) and offline (not in the spec: our own words)
    SAVED = Message("Saved")
    SAVE = Message("Save")
    SAVED_TITLE = Message("Saved items")
    SAVED_INTRO = Message("What you saved, on every device you sign in on.")
    NOTHING_SAVED = Message("Nothing saved yet. Tap Save on a recording, paper, note, job or room to keep it here.")
    LOADING_SAVED = Message("Loading saved items...")
    SAVED_SIGN_IN = Message("Sign in to see the recordings, papers, notes, jobs and rooms you saved.")
    SAVED_LOAD_FAILED = Message("Could not load your saved items. Please try again later.")
    SAVE_FAILED = Message("Could not save this item. Please try again.")
    # My study (/my-study, issue 52): its faces, which the fault tests expect.
    MY_STUDY_LOADING = Message("Loading your study...")
    MY_STUDY_FAILED = Message("Could not load your study history. Please try again later.")
    MY_STUDY_EMPTY = Message("Nothing yet: start with a recording or a past paper.")
    MY_STUDY_SIGN_IN = Message("Sign in to continue where you left off and to see your practice scores.")
    PDF_LOADING = Message("Loading document...")
    PDF_FAILED = Message("This document cannot be shown here. Use Download to open it.")
    PDF_PAGE = Message("Page")
    PDF_ZOOM_IN = Message("Zoom in")
    PDF_ZOOM_OUT = Message("Zoom out")
    PDF_FIT = Message("Fit to width")
    KEEP_OFFLINE = Message("Keep offline")
    KEPT_OFFLINE = Message("Kept offline")
    OPEN = Message("Open")
    REMOVE = Message("Remove")
    # Search inside papers (ours)
    READ_NOT_FOUND = Message("This document is not available.")
    READ_SIGN_IN = Message("Sign in to open this document.")
    READ_NOT_ALLOWED = Message("Your account cannot open this document.")
    READ_LOADING = Message("Opening document...")
    DOCUMENT = Message("Document")
    # The exam tools (/z-score, /cut-offs): their failure faces, which the fault tests expect.
    EXAM_FIGURES_FAILED = Message("The exam figures could not be loaded. Please try again later.")
    CUT_OFFS_FAILED = Message("The cut-offs could not be loaded. Please try again later.")
    # Practice (/practice, the cards of keyed papers)
    PRACTISE = Message("Practise")
    MARKING_SCHEME = Message("Marking scheme")
    PRACTICE_FAILED = Message("The answer sheet could not be opened. Please try again later.")
    PRACTICE_NO_KEY = Message("This paper has no answer key yet.")

    @staticmethod
    def found_on_page(page: int) -> str:
        """A search hit inside a PDF: where the words are."""
        return gettext("page {page}").format(page=format_number(page))

    @staticmethod
    def no_results_for(query: str) -> str:
        return gettext('No results for "{query}"').format(query=query)

    @staticmethod
    def results_for(query: str) -> str:
        return gettext('Results for "{query}"').format(query=query)

    @staticmethod
    def account_locked(minutes: int) -> str:
        """Login, after too many wrong passwords for one account (pb_hooks/sign_in_limit.pb.js)."""
        return ngettext(
            "Too many attempts, try again in {minutes} minute.",
            "Too many attempts, try again in {minutes} minutes.",
            minutes,
        ).format(minutes=minutes)

    @staticmethod
    def previous_item(noun: str) -> str:
        return gettext("Previous {item}").format(item=noun)

    @staticmethod
    def next_item(noun: str) -> str:
        return gettext("Next {item}").format(item=noun)

    @staticmethod
    def share_label(title: str) -> str:
        return gettext("Share {title}").format(title=title).strip()

    @staticmethod
    def teacher_calendar_name(teacher: str) -> str:
        if teacher:
            return gettext("{teacher} classes · {site}").format(teacher=teacher, site=SITE_NAME)
        return gettext("Classes · {site}").format(site=SITE_NAME)

    @staticmethod
    def class_reminder(name: str) -> str:
        minutes = format_number(Limit.CLASS_REMINDER_MINUTES)
        return gettext("{name} starts in {minutes} minutes").format(name=name, minutes=minutes)

    @staticmethod
    def teacher_line(teacher: str) -> str:
        return gettext("Teacher: {teacher}").format(teacher=teacher)

    @staticmethod
    def buy_message(product_name: str) -> str:
        return gettext("I want to buy {product}").format(product=product_name)

    @staticmethod
    def join_message(course_title: str) -> str:
        return gettext("I would like to join the {course} class").format(course=course_title)
