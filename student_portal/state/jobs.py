"""The job market (/jobs): job cards with call, WhatsApp and email contacts, a page at a time
(/jobs?show=<cards shown>)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import ClassVar, TypeVar

import reflex as rx
from reflex.event import EventSpec

from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n import Np_
from student_portal.pocketbase import Collection, Job
from student_portal.routes.links import page_address, share_url
from student_portal.state.address import replace_address
from student_portal.state.content import file_url, public_rows, shared_view
from student_portal.state.paging import PagedList, loading_while_empty
from student_portal.utils.dates import format_date, local_day
from student_portal.utils.links import mailto_href
from student_portal.utils.phone import tel_href, whatsapp_link

T = TypeVar("T")

LOGO_THUMB = "96x96"  # Jobs.logo thumbs in the schema


@dataclass
class JobCard:
    id: str
    title: str
    company: str
    logo_url: str
    is_new: bool
    featured: bool
    posted: str  # "21 Nov 2026", "" when unknown
    posted_iso: str  # for <time datetime>
    contract: str
    location: str
    tags: list[str] = field(default_factory=list)
    call_href: str = ""
    whatsapp_href: str = ""  # "" when the number cannot be a Sri Lankan mobile: no button
    email_href: str = ""
    share_url: str = ""  # this job on /jobs (its card's anchor); WhatsApp's link is made in the browser


def job_card(job: Job) -> JobCard:
    day = local_day(job.posted_at)
    shared = share_url(f"{page_address(routes.JOBS)}#job-{job.id}") if job.id else ""
    return JobCard(
        id=job.id,
        title=job.title,
        company=job.company,
        logo_url=file_url(job, job.logo, LOGO_THUMB),
        is_new=job.new,
        featured=job.featured,
        posted=format_date(job.posted_at),
        posted_iso=day.isoformat() if day else "",
        contract=job.contract,
        location=job.location,
        tags=list(job.tags),
        call_href=tel_href(job.phone_number) or "",
        whatsapp_href=whatsapp_link(job.whatsapp_number) or "",
        email_href=mailto_href(job.email) or "",
        share_url=shared,
    )


def _posted_at(job: Job) -> datetime | None:
    return job.posted_at


def newest_first(jobs: list[T], when: Callable[[T], datetime | None] = _posted_at) -> list[T]:  # type: ignore[assignment]
    """Most recently posted first; jobs without a date keep their order, after the dated ones."""
    dated = sorted((j for j in jobs if when(j)), key=when, reverse=True)  # type: ignore[arg-type]
    return dated + [j for j in jobs if not when(j)]


def _dated_card(job: Job) -> tuple[datetime | None, JobCard]:
    """A card with its posting time, for ordering (shaped once per version of the list)."""
    return job.posted_at, job_card(job)


def _newest_first_cards(dated: list[tuple[datetime | None, JobCard]]) -> list[JobCard]:
    return [card for _, card in newest_first(dated, lambda pair: pair[0])]


async def job_cards() -> list[JobCard] | None:
    """Every job card, newest first; made once per version of the list, shared by every visitor."""
    dated = await public_rows(Collection.JOBS, Job, _dated_card)
    if dated is None:
        return None
    return shared_view((Collection.JOBS,), "newest first", lambda: _newest_first_cards(dated))


class JobsState(PagedList, rx.State):
    PAGE_SIZE: ClassVar[int] = Limit.JOBS_PAGE
    LIST_ID: ClassVar[str] = "jobs-list"
    COUNT_WORDS: ClassVar[tuple[str, str]] = Np_("{count} job", "{count} jobs")

    page: list[JobCard] = []  # the cards shown, one page at a time
    loading: bool = True
    failed: bool = False

    def _address(self) -> EventSpec:
        return replace_address(routes.JOBS, self._show_query())

    def _show_cards(self, cards: list[JobCard] | None) -> None:
        self.failed = cards is None
        self.page = self._paged(cards)
        self.loading = False

    async def _refresh_page(self) -> None:
        self._show_cards(await job_cards())

    @rx.event(background=True)
    async def load(self):
        params = dict(self.router.url.query_parameters)
        await loading_while_empty(self)
        cards = await job_cards()
        async with self:
            self.shown = self._shown_from(params)
            self._show_cards(cards)
