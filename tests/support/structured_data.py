"""schema.org checks for our JSON-LD: the properties Google requires for each type we publish
(developers.google.com/search/docs/appearance/structured-data: job-posting, event, article,
video, breadcrumb), and well-formed values (absolute URLs, ISO 8601 dates)."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

REQUIRED: dict[str, tuple[str, ...]] = {
    "JobPosting": ("title", "description", "datePosted", "hiringOrganization", "jobLocation"),
    "Event": ("name", "startDate", "location"),
    "NewsArticle": ("headline",),  # Google requires none; a headline is what makes it useful
    "VideoObject": ("name", "thumbnailUrl", "uploadDate"),
    "BreadcrumbList": ("itemListElement",),
}
DATES = ("datePosted", "startDate", "endDate", "uploadDate", "datePublished", "dateModified")
URLS = ("url", "mainEntityOfPage", "embedUrl", "contentUrl")


def _absolute(url: object) -> bool:
    parts = urlsplit(url) if isinstance(url, str) else None
    return bool(parts and parts.scheme in ("http", "https") and parts.netloc)


def problems(item: Any) -> list[str]:
    """What is wrong with one JSON-LD object (empty when valid)."""
    if not isinstance(item, dict):
        return [f"not an object: {item!r}"]
    kind = item.get("@type")
    found = []
    if item.get("@context") != "https://schema.org":
        found.append("@context is not https://schema.org")
    if kind not in REQUIRED:
        return [*found, f"unexpected @type {kind!r}"]
    found += [f"{kind}: {name} missing" for name in REQUIRED[kind] if item.get(name) in (None, "", [], {})]
    for name in DATES:
        if name in item:
            try:
                moment = datetime.fromisoformat(item[name])
            except (TypeError, ValueError):
                found.append(f"{kind}.{name} is not ISO 8601: {item[name]!r}")
                continue
            if moment.tzinfo is None:
                found.append(f"{kind}.{name} has no time zone")
    found += [f"{kind}.{n} is not absolute: {item[n]!r}" for n in URLS if n in item and not _absolute(item[n])]
    if kind == "Event":
        location = item.get("location", {})
        if location.get("@type") == "VirtualLocation" and not _absolute(location.get("url")):
            found.append("Event: VirtualLocation without an absolute url")
    if kind == "JobPosting":
        if not item.get("hiringOrganization", {}).get("name"):
            found.append("JobPosting: hiringOrganization.name missing")
        if not item.get("jobLocation", {}).get("address", {}).get("addressCountry"):
            found.append("JobPosting: jobLocation.address.addressCountry missing")
    if kind == "VideoObject":
        found += [f"VideoObject thumbnail not absolute: {u}" for u in item.get("thumbnailUrl", []) if not _absolute(u)]
    if kind == "BreadcrumbList":
        elements = item.get("itemListElement", [])
        if [e.get("position") for e in elements] != list(range(1, len(elements) + 1)):
            found.append("BreadcrumbList positions are not 1..n")
        found += [
            f"ListItem {e.get('position')} lacks name/item"
            for e in elements
            if not (e.get("name") and _absolute(e.get("item")))
        ]
    return found
