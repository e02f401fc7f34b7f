"""The job market (/jobs): job cards with call, WhatsApp and email contacts."""

from __future__ import annotations

from dataclasses import dataclass, field

import reflex as rx

from student_portal.pocketbase import Collection, Job
from student_portal.state.content import file_url, public_rows
from student_portal.utils.dates import format_date, local_day
from student_portal.utils.links import mailto_href
from student_portal.utils.phone import tel_href, whatsapp_link

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


def job_card(job: Job) -> JobCard:
    day = local_day(job.posted_at)
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
    )


def newest_first(jobs: list[Job]) -> list[Job]:
    """Most recently posted first; jobs without a date keep their order, after the dated ones."""
    dated = sorted((j for j in jobs if j.posted_at), key=lambda j: j.posted_at, reverse=True)
    return dated + [j for j in jobs if not j.posted_at]


class JobsState(rx.State):
    jobs: list[JobCard] = []
    loading: bool = True
    failed: bool = False

    @rx.event(background=True)
    async def load(self):
        async with self:
            self.loading = not self.jobs
        jobs = await public_rows(Collection.JOBS, Job, lambda job: job)
        async with self:
            self.failed = jobs is None
            self.jobs = [job_card(job) for job in newest_first(jobs or [])]
            self.loading = False
