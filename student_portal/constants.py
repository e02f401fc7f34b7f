"""Every timing, limit, storage key and fixed address the spec names, in one place; the texts live in
i18n/texts.py. Plain Python, no Reflex: the PocketBase client, the state and the tests all import it.
"""

from __future__ import annotations

from typing import Final
from zoneinfo import ZoneInfo

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
    # Notices (issue 53): a class's edits merge into one notice until none came for this long;
    # then it is mailed. The site's notice mailer looks every NOTICE_TICK_S.
    NOTICE_SETTLE_S: Final = 120
    NOTICE_TICK_S: Final = 60
    CLASS_REMINDER_BEFORE_S: Final = 60 * 60  # a followed teacher's class: told this long before
    # A failed notice mail is tried again after each of these in turn, then marked failed.
    NOTICE_MAIL_BACKOFF_S: Final = (60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600)
    DIGEST_DAILY_S: Final = 24 * 3600  # a digest goes once its oldest notice waited this long
    DIGEST_WEEKLY_S: Final = 7 * 24 * 3600
    # Ours: a sign-in token (PocketBase default life 5 days) is renewed when less than this
    # is left, on the next page that checks the session.
    TOKEN_REFRESH_MARGIN_S: Final = 24 * 60 * 60
    # Ours: a tab's state stays in the worker's memory (or in Redis) this long after its
    # websocket closed (a phone changing networks reconnects within it); back later, its page is
    # built again from its address and browser storage, as after a restart. Reflex alone keeps it
    # an hour: with 30 s a closed tab still left 12 KB (the states of the last 30 s of visitors),
    # with 10 s 3 KB (issue 38: at most 10 KB; make bench --only tabs).
    CLOSED_TAB_KEPT_S: Final = 10.0
    # Ours: with Redis, an event waits this long for a free connection of a full pool
    # (Limit.REDIS_CONNECTIONS) before it fails; Reflex requires less than its 10 s state lock.
    REDIS_POOL_WAIT_S: Final = 8
    # Ours (issue 52): a playing recording's position is saved after this many seconds of
    # playing, and on pause, at its end and when the page is left: 3 small writes a minute at most.
    HISTORY_SAVE_EVERY_S: Final = 20
    # Ours: the server writes one thing's place at most this often per tab, whatever a browser sends.
    HISTORY_MIN_SAVE_GAP_S: Final = 2.0
    # Ours: a student's session checked for a history save holds this long (a save every 20 s
    # would otherwise ask PocketBase twice each time); signing out forgets it at once.
    HISTORY_SESSION_CHECK_S: Final = 300
    # Ours: PocketBase allows 10 password sign-ins per address and collection, counted until a
    # minute passes with none (pb_migrations/1795300200_settings.js). The server's superuser
    # sign-ins (indexer, practice, mailer, the index rebuild command) share 127.0.0.1's count, so
    # in background work a refused one is tried again every SUPERUSER_SIGN_IN_RETRY_S for up to
    # this long (the minute, and a margin), then reported; a visitor's tap does not wait.
    SUPERUSER_SIGN_IN_PATIENCE_S: Final = 75.0
    SUPERUSER_SIGN_IN_RETRY_S: Final = 5.0
    # Ours: `make dev`'s "compiling" note loads its address again this often until the page is
    # there (the backend's reload to compile it takes a few seconds).
    DEV_COMPILING_RETRY_MS: Final = 1500


class Limit:
    # Ours: Redis connections each of a worker's two Redis clients (states, tab tokens) may open.
    # Reflex's pool is unbounded: one burst of 500 visitors left a worker with 941 connections,
    # idle ever after, and Redis refuses clients past its maxclients (10,000 by default). With 64,
    # 500 at once on one worker still pass without an error (docs/operations.md, "Connection limits").
    REDIS_CONNECTIONS: Final = 64
    # Ours: tabs whose browser-storage values a worker keeps to rebuild a state Redis lost
    # (reflex_internals/browser_storage.py), about 1 KB each; the longest unwritten go first.
    TABS_WITH_KEPT_STORAGE: Final = 20_000
    # Ours: with Redis, the visitors' events a worker runs at once under their state locks; the
    # rest wait before taking theirs (reflex_internals/redis_layout.py says why). 32 x ~8 ms of CPU
    # keeps a lock well under Reflex's 1 s warning even with two workers on one core; 16 cost 8 %
    # more CPU per visitor in bursts of 500 (python -m benchmarks.capacity, docs/history.md).
    STATE_EVENTS_AT_ONCE: Final = 32
    SWIPE_THRESHOLD_PX: Final = 5
    DESKTOP_BREAKPOINT_PX: Final = 700
    # react-player is imported when a video comes this close to the viewport (or is pointed at,
    # focused, tapped): far enough ahead of a scroll for the small chunk to arrive first.
    VIDEO_PLAYER_NEAR_PX: Final = 400
    # The same for the home page's month calendar (react-calendar, ~8 KB), below the fold on a phone.
    CALENDAR_NEAR_PX: Final = 400
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
    # Recordings: 12, eight screens of video cards on a phone; a first view of /youtube then
    # costs the same whether the catalog holds 15 recordings or 20,000.
    RECORDINGS_PAGE: Final = 12
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
    # Site search (ours): what the state keeps of a query, hits per group, suggestions.
    SEARCH_QUERY_MAX: Final = 100
    SEARCH_RESULTS_PER_KIND: Final = 10
    SEARCH_SUGGESTIONS: Final = 6
    # What a tab's browser storage may hand the server (issue 36): real values are an auth item
    # of about 1 KB (a ~300-character token and the record's few fields, a 256-character email
    # at most) and a pending save "kind:id" under 80 characters. Longer ones are refused.
    AUTH_ITEM_MAX_CHARS: Final = 2048
    PENDING_SAVE_MAX_CHARS: Final = 80
    NOTICES_SHOWN: Final = 50  # the newest notices /notices lists
    FOLLOWS: Final = 100  # teachers, folders and job searches one student may follow (issue 53)
    PRACTICE_EARLIER_ATTEMPTS: Final = 10  # a paper's earlier attempts listed on /practice
    # History (issue 52): the home page's Continue row, a page of /my-study's lists, the
    # attempts /my-study reads for its charts (newest first) and the points one chart draws.
    CONTINUE_ROW: Final = 3
    MY_STUDY_PAGE: Final = 12
    MY_STUDY_ATTEMPTS: Final = 500
    PRACTICE_CHART_POINTS: Final = 20
    HISTORY_TITLE_MAX_CHARS: Final = 300
    # A student's history keeps their newest entries (recordings and documents together); the
    # server deletes the oldest beyond this when it makes a new one.
    HISTORY_MAX_ENTRIES: Final = 500
    # The recordings one ask for a signed-in student's places may name (a page of /youtube is
    # 12, a saved list more), and the places a tab keeps (the newest asked or watched).
    PLACES_ASKED: Final = 60
    PLACES_KEPT: Final = 200
    # Events a websocket connection, and all connections from one visitor address, may send:
    # a burst, then this many a second (a page view is 1-3 events, a tap 1, typing in search
    # one per pause). Beyond that they are dropped; a connection that keeps sending is closed.
    CONNECTION_EVENTS_BURST: Final = 60
    CONNECTION_EVENTS_PER_S: Final = 10.0
    ADDRESS_EVENTS_BURST: Final = 600
    ADDRESS_EVENTS_PER_S: Final = 100.0
    DROPPED_EVENTS_BEFORE_CLOSE: Final = 200
    # Full tracebacks of failing events written a minute; past it one line each, then a count.
    TRACEBACKS_PER_MINUTE: Final = 10
    ERROR_LINES_PER_MINUTE: Final = 60


class StorageKey:
    AUTH: Final = "pocketbase_auth"
    AUTH_COOKIE: Final = "pb_auth"
    REDIRECT: Final = "redirect"
    PENDING_SAVE: Final = "pending_save"  # "kind:id" a signed-out visitor tapped Save on
    # practice:<collection>:<record>: a sheet's answers until submitted (assets/answer_sheet.js)
    PRACTICE_SHEET_PREFIX: Final = "practice:"
    # Progress saved while offline, sent once the connection returns (assets/youtube_player.js).
    HISTORY_PENDING: Final = "history_pending"
    # A document's page reached while offline, sent the same way (assets/page_progress.js).
    HISTORY_PENDING_PAGES: Final = "history_pending_pages"
