"""schema.org structured data (JSON-LD) for the content search engines feature: pure.

Google reads JobPosting (Google for Jobs), Event, NewsArticle, VideoObject and BreadcrumbList.
Each builder returns None when the record lacks what the type requires (a job without a title,
a class without a date, a recording without a YouTube id): no half-valid markup.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from student_portal.constants import SITE_NAME, SITE_TIME_ZONE, Limit
from student_portal.pocketbase import Job, NewsItem, Recording, TuitionClass
from student_portal.sharing.tags import clip, one_line, plain_text, texts
from student_portal.utils.youtube import EMBED_BASE, THUMBNAIL_TEMPLATE, WATCH_BASE, youtube_id

CONTEXT = "https://schema.org"
COUNTRY = "LK"
HEADLINE_CHARS = 110  # Google shows at most this much of a NewsArticle headline
DESCRIPTION_CHARS = 500

# Spec texts of a job's contract, as Google's employmentType values.
EMPLOYMENT_TYPES = {
    "full time": "FULL_TIME",
    "full-time": "FULL_TIME",
    "part time": "PART_TIME",
    "part-time": "PART_TIME",
    "contract": "CONTRACTOR",
    "contractor": "CONTRACTOR",
    "temporary": "TEMPORARY",
    "internship": "INTERN",
    "intern": "INTERN",
    "volunteer": "VOLUNTEER",
}


def _iso(moment: datetime | None) -> str:
    if moment is None:
        return ""
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return aware.astimezone(SITE_TIME_ZONE).isoformat()


def organization(site_url: str) -> dict[str, Any]:
    return {"@type": "Organization", "name": SITE_NAME, "url": site_url}


def news_article(item: NewsItem, url: str, image: str, site_url: str) -> dict[str, Any] | None:
    headline = clip(item.title, HEADLINE_CHARS)
    if not headline:
        return None
    data: dict[str, Any] = {
        "@context": CONTEXT,
        "@type": "NewsArticle",
        "headline": headline,
        "mainEntityOfPage": url,
        "url": url,
        "publisher": organization(site_url),
        "author": organization(site_url),
    }
    description = clip(item.excerpt or plain_text(item.content), DESCRIPTION_CHARS)
    if description:
        data["description"] = description
    if image:
        data["image"] = [image]
    if item.created:
        data["datePublished"] = _iso(item.created)
    if item.updated:
        data["dateModified"] = _iso(item.updated)
    return data


def job_posting(job: Job, url: str, logo: str, site_url: str) -> dict[str, Any] | None:
    """A job of /jobs. Our jobs have no text of their own, so the description says what is known."""
    title = clip(job.title, HEADLINE_CHARS)
    posted = job.posted_at or job.created
    if not title or posted is None:
        return None
    company = one_line(job.company) or SITE_NAME
    facts = [f"{title} at {company}", one_line(job.contract), one_line(job.location), ", ".join(texts(job.tags))]
    data: dict[str, Any] = {
        "@context": CONTEXT,
        "@type": "JobPosting",
        "title": title,
        "description": clip(". ".join(f for f in facts if f) + ".", DESCRIPTION_CHARS),
        "datePosted": _iso(posted),
        "hiringOrganization": {"@type": "Organization", "name": company, **({"logo": logo} if logo else {})},
        "jobLocation": {
            "@type": "Place",
            "address": {
                "@type": "PostalAddress",
                **({"addressLocality": clip(job.location, 100)} if one_line(job.location) else {}),
                "addressCountry": COUNTRY,
            },
        },
        "url": url,
        "directApply": False,
    }
    employment = EMPLOYMENT_TYPES.get(one_line(job.contract).casefold())
    if employment:
        data["employmentType"] = employment
    return data


def class_event(item: TuitionClass, teacher: str, url: str, site_url: str, join_url: str = "") -> dict[str, Any] | None:
    """A scheduled online class; `join_url` (its Zoom link, when it has one) is where one attends."""
    if item.date is None:
        return None
    name = clip(item.name, HEADLINE_CHARS) or "Class"
    data: dict[str, Any] = {
        "@context": CONTEXT,
        "@type": "Event",
        "name": name,
        "startDate": _iso(item.date),
        "eventAttendanceMode": "https://schema.org/OnlineEventAttendanceMode",
        "eventStatus": "https://schema.org/EventScheduled",
        "location": {"@type": "VirtualLocation", "url": join_url or url},
        "organizer": organization(site_url),
        "url": url,
    }
    if item.duration and item.duration > 0:
        data["endDate"] = _iso(item.date + timedelta(minutes=item.duration))
    if one_line(teacher):
        data["performer"] = {"@type": "Person", "name": clip(teacher, 100)}
        data["description"] = clip(f"{name} with {one_line(teacher)}", DESCRIPTION_CHARS)
    return data


def video_object(recording: Recording, subject: str = "") -> dict[str, Any] | None:
    video_id = youtube_id(recording.link)
    name = clip(recording.name, HEADLINE_CHARS)
    if not video_id or not name or recording.created is None:
        return None
    description = f"{name} ({one_line(subject)})" if one_line(subject) else name
    return {
        "@context": CONTEXT,
        "@type": "VideoObject",
        "name": name,
        "description": description,
        "thumbnailUrl": [THUMBNAIL_TEMPLATE.format(id=video_id)],
        "uploadDate": _iso(recording.created),
        "embedUrl": EMBED_BASE + video_id,
        "contentUrl": WATCH_BASE + video_id,
    }


def breadcrumbs(trail: list[tuple[str, str]]) -> dict[str, Any] | None:
    """[(name, absolute url), ...] from the home page down to this page."""
    items = [(clip(name, HEADLINE_CHARS), url) for name, url in trail if one_line(name) and url]
    if len(items) < 2:
        return None
    return {
        "@context": CONTEXT,
        "@type": "BreadcrumbList",
        "itemListElement": [
            {"@type": "ListItem", "position": n, "name": name, "item": url} for n, (name, url) in enumerate(items, 1)
        ],
    }


def first(items: list[dict[str, Any] | None], limit: int = Limit.JSON_LD_ITEMS) -> tuple[dict[str, Any], ...]:
    """The first `limit` built items (None ones skipped)."""
    return tuple(item for item in items if item is not None)[:limit]
