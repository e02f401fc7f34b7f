"""Site search: the header box with its suggestions, and the results page (/search?q=...).

The query is text a visitor typed (or put in an address): it is cut to Limit.SEARCH_QUERY_MAX
characters, matched in memory by student_portal.search (never turned into a PocketBase filter)
and shown back as text (React escapes it). Public content comes from the shared index that
follows the content cache; Uni Notes and class material from lists fetched with the visitor's
own token, kept in this visitor's state only, refreshed every OWN_REFRESH_S and whenever
PocketBase reports another role for the visitor (asked on every search: a role taken away
reaches search at once).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from dataclasses import dataclass, field

import reflex as rx

from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n import gettext, localized
from student_portal.i18n.texts import Text
from student_portal.pocketbase import ClientResponseError
from student_portal.search.catalog import (
    SEARCHED_COLLECTIONS,
    SOURCES,
    catalog,
    merged,
    protected_documents,
    search_own,
)
from student_portal.search.combined import with_pages
from student_portal.search.documents import KIND_LABELS, Kind, shown_price
from student_portal.search.index import Document, Group, Hit, best_hits, query_words
from student_portal.search.pages import NOTES_ROLE, PUBLIC, SIGNED_IN, PageResults, shared_index
from student_portal.state.address import replace_address
from student_portal.state.auth import AuthState, forget_on_logout, verified_session
from student_portal.state.content import backend_failures
from student_portal.state.live import live
from student_portal.utils.dates import format_date
from student_portal.utils.query import page_url

log = logging.getLogger(__name__)

SEARCH_PATH = routes.SEARCH
OWN_REFRESH_S = 60.0  # how long a visitor's own notes list is reused between searches
# Title hits asked of each kind before they are merged with page hits and cut to what is shown.
MERGE_SCAN = 200


def bounded(text: object) -> str:
    """A query as the state keeps it: text, outer spaces trimmed, at most SEARCH_QUERY_MAX long."""
    return text.strip()[: Limit.SEARCH_QUERY_MAX].strip() if isinstance(text, str) else ""


def box_text(text: object) -> str:
    """What a search box holds, as typed (a trailing space is the start of the next word): only
    its length is bounded."""
    return text[: Limit.SEARCH_QUERY_MAX] if isinstance(text, str) else ""


def search_url(query: str) -> str:
    return page_url(SEARCH_PATH, {"q": bounded(query)})


@dataclass
class SnippetPart:
    text: str
    marked: bool = False  # drawn inside <mark>


@dataclass
class SearchHit:
    title: str
    href: str
    detail: str = ""
    kind: str = ""  # the group's label, for suggestions
    page: str = ""  # "page 3" when the words were found inside the PDF
    snippet: list[SnippetPart] = field(default_factory=list)
    practice_href: str = ""  # a keyed paper: "Practise" beside its link


@dataclass
class SearchGroup:
    kind: str
    label: str
    total: int
    hits: list[SearchHit] = field(default_factory=list)
    more_href: str = ""  # the list page narrowed to the query, when it has a search


_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def _detail_part(part: str) -> str:
    if (price := shown_price(part)) is not None:
        return price
    return format_date(part) if _ISO_DAY.fullmatch(part) else gettext(part)


def _detail(detail: str) -> str:
    """A hit's detail line in the visitor's language. The index is shared by every visitor and
    built in English: its words ("Kuppi Recordings · Maths") are msgids, its dates ISO days and
    its prices numbers, both written here in the site's style, and a record's own text (a
    subject, a teacher's name) is no msgid and stays as authored."""
    return " · ".join(_detail_part(part) for part in detail.split(" · ")) if detail else detail


def _hit(hit: Hit, query: str = "") -> SearchHit:
    doc = hit.document
    inside = hit.page > 0 and bool(hit.collection)
    return SearchHit(
        title=doc.title,
        # Found inside the PDF: the viewer at that page, the words marked there.
        href=routes.read(hit.collection, doc.id, hit.page, query) if inside else doc.href,
        detail=_detail(doc.detail),
        kind=gettext(KIND_LABELS.get(doc.kind, "")) if doc.kind in KIND_LABELS else "",
        page=Text.found_on_page(hit.page) if inside else "",
        snippet=[SnippetPart(part.text, part.marked) for part in hit.parts] if inside else [],
        practice_href=doc.practice,
    )


def _more_href(kind: str, query: str) -> str:
    return page_url(routes.YOUTUBE, {"q": query}) if kind == Kind.RECORDINGS else ""


def search_groups(groups: list[Group], query: str) -> list[SearchGroup]:
    return [
        SearchGroup(
            kind=g.kind,
            label=gettext(KIND_LABELS[g.kind]),
            total=g.total,
            hits=[_hit(h, query) for h in g.hits],
            more_href=_more_href(g.kind, query) if g.total > len(g.hits) else "",
        )
        for g in groups
    ]


@dataclass
class Outcome:
    groups: list[Group] = field(default_factory=list)
    failed: bool = False  # nothing could be searched
    partly_failed: bool = False
    signed_in: bool = False


@forget_on_logout
class OwnDocumentsState(rx.State):
    """Backend only: this visitor's protected documents for search, and whose they are."""

    _documents: list[Document] = []
    _token: str = ""
    _role: str = ""  # the role PocketBase reported when they were fetched
    _at: float = 0.0


# (the visitor's token, their own documents when still fresh, else None, the role they were
# fetched for); "" when signed out.
OwnSnapshot = tuple[str, list[Document] | None, str]


async def own_snapshot(state: rx.State) -> OwnSnapshot:
    """What this visitor's own documents are now; call holding `state`'s lock (one lock per
    search: it is taken anyway to write the query)."""
    stored = (await state.get_state(AuthState))._session()
    own = await state.get_state(OwnDocumentsState)
    if stored is None:
        own._documents, own._token, own._role = [], "", ""
        return "", [], ""
    if own._token == stored.token and time.time() - own._at < OWN_REFRESH_S:
        return stored.token, list(own._documents), own._role
    return stored.token, None, ""


@dataclass
class Own:
    documents: list[Document] = field(default_factory=list)
    signed_in: bool = False  # holds a session (not asked to sign in)
    notes: bool = False  # a checked role that opens Uni Notes
    failed: bool = False
    verified: bool = False  # PocketBase accepted the session for this search

    @property
    def access(self) -> set[str]:
        """Whose pages of the page index this visitor may find (search/pages.py): only what a
        session PocketBase accepted allows."""
        if not self.verified:
            return {PUBLIC}
        return {PUBLIC, SIGNED_IN} | ({NOTES_ROLE} if self.notes else set())


async def _own_documents(state: rx.State, snapshot: OwnSnapshot) -> Own:
    """The snapshot's documents while PocketBase reports the role they were fetched for, else
    fetched afresh with the visitor's token (a role taken away reaches the next search)."""
    token, documents, role = snapshot
    if not token:
        return Own()
    try:
        session = await verified_session(state)
    except ClientResponseError as error:
        backend_failures.failed("session check", error)
        return Own(signed_in=True, failed=True)
    if session is None:
        return Own()
    notes = session.user.can_view_notes
    if documents is not None and session.user.role == role:
        return Own(documents, True, notes, verified=True)
    documents, failed = await protected_documents(session.token, notes)
    if not failed:
        async with state:
            own = await state.get_state(OwnDocumentsState)
            own._documents, own._token, own._at = documents, session.token, time.time()
            own._role = session.user.role
    return Own(documents, True, notes, failed, verified=True)


async def _pages(query: str, access: set[str]) -> tuple[PageResults, bool]:
    """Page hits from the on-disk index (in a thread: the engine's work is not the event loop's)."""
    try:
        index = shared_index()
        return (await asyncio.to_thread(index.search, query, access) if index else PageResults()), False
    except Exception:
        log.exception("search inside papers failed")
        return PageResults(), True


async def shown_groups(titles: list[Group], pages: PageResults, per_kind: int) -> list[Group]:
    """Title and page hits as one ranking, the shown pages' snippets made (in a thread: a page's
    words are read in Python, and no page may hold the event loop, issue 49)."""
    if not pages.hits:
        return with_pages(titles, pages, per_kind)
    return await asyncio.to_thread(with_pages, titles, pages, per_kind)


async def run_search(state: rx.State, query: str, per_kind: int, snapshot: OwnSnapshot) -> Outcome:
    """Search public content and the visitor's own documents; never raises for the backend."""
    if not query_words(query):
        return Outcome()
    public = await catalog().index()
    own = await _own_documents(state, snapshot)
    scan = max(per_kind, MERGE_SCAN)
    titles = merged(
        catalog().search(public, query, scan), search_own(own.documents, query, scan) if own.documents else []
    )
    everything_failed = len(public.failed) == len(SOURCES)
    # PocketBase not answering: no page hits either (they would lead to files it cannot serve).
    pages, pages_failed = await _pages(query, own.access) if not everything_failed else (PageResults(), False)
    groups = await shown_groups(titles, pages, per_kind)
    return Outcome(
        groups=groups,
        failed=everything_failed and not groups,
        partly_failed=bool(public.failed) or own.failed or pages_failed,
        signed_in=own.signed_in,
    )


class SearchState(rx.State):
    """The header's search box: its text and the suggestions under it."""

    query: str = ""
    suggestions: list[SearchHit] = []

    @rx.var
    def all_results_href(self) -> str:
        return search_url(self.query)

    @rx.event(background=True)
    async def suggest(self, value: str):
        query = bounded(value)
        async with self:
            self.query = box_text(value)
            snapshot = await own_snapshot(self)
        try:
            outcome = await run_search(self, query, Limit.SEARCH_SUGGESTIONS, snapshot)
        except Exception:
            log.exception("search suggestions failed")
            outcome = Outcome(failed=True)
        hits = [_hit(hit, query) for hit in best_hits(outcome.groups, Limit.SEARCH_SUGGESTIONS)]
        async with self:
            if bounded(self.query) == query:  # a later keystroke's answer wins
                self.suggestions = hits

    @rx.event
    def submit(self, form: dict):
        """The header or results form (with script): open the results page, a new history entry."""
        return rx.redirect(localized(search_url(form.get("q", ""))))


class Phase:
    IDLE = "idle"  # no query yet
    LOADING = "loading"
    READY = "ready"
    EMPTY = "empty"
    FAILED = "failed"


@live(*SEARCHED_COLLECTIONS, handler="refresh")
class SearchPageState(rx.State):
    query: str = ""  # the text in the page's box
    shown_query: str = ""  # what the results below are for
    groups: list[SearchGroup] = []
    phase: str = Phase.IDLE
    partly_failed: bool = False
    sign_in_for_notes: bool = False

    @rx.var
    def no_results_text(self) -> str:
        return Text.no_results_for(self.shown_query)

    @rx.var
    def loading(self) -> bool:
        return self.phase == Phase.LOADING

    def _loading_face(self, query: str) -> None:
        # Results already shown stay while the next ones come (no flashing while typing).
        if not query:
            self.phase = Phase.IDLE
        elif self.phase != Phase.READY:
            self.phase = Phase.LOADING

    async def _search(self, query: str, snapshot: OwnSnapshot) -> None:
        try:
            outcome = await run_search(self, query, Limit.SEARCH_RESULTS_PER_KIND, snapshot)
        except Exception:
            log.exception("search failed")
            outcome = Outcome(failed=True)
        async with self:
            if bounded(self.query) != query:  # the visitor typed on meanwhile
                return
            self.shown_query = query
            self.groups = search_groups(outcome.groups, query)
            self.partly_failed = outcome.partly_failed and not outcome.failed
            self.sign_in_for_notes = bool(query_words(query)) and not outcome.signed_in and not outcome.failed
            if not query:
                self.phase = Phase.IDLE
            elif outcome.failed:
                self.phase = Phase.FAILED
            else:
                self.phase = Phase.READY if outcome.groups else Phase.EMPTY

    @rx.event(background=True)
    async def load(self):
        async with self:
            query = bounded(self.router.url.query_parameters.get("q", ""))
            self.query, self.phase = query, Phase.IDLE
            self._loading_face(query)
            snapshot = await own_snapshot(self)
        await self._search(query, snapshot)

    @rx.event(background=True)
    async def set_query(self, value: str):
        query = bounded(value)
        async with self:
            self.query = box_text(value)
            self._loading_face(query)
            snapshot = await own_snapshot(self)
        yield replace_address(SEARCH_PATH, {"q": query})
        await self._search(query, snapshot)

    @rx.event(background=True)
    async def refresh(self):
        """Live updates: content changed; search again, without a loading face."""
        async with self:
            query = bounded(self.query)
            snapshot = await own_snapshot(self)
        await self._search(query, snapshot)
