"""PocketBase access for the site: client, errors, record models, collections, content cache.

Knows nothing of Reflex; the state layer imports from here. Every record model of records.py is
importable from here (`from student_portal.pocketbase import Job`): a new model needs no line in
this file, nor does a new collection (collections.py declares it once).
"""

from student_portal.pocketbase.cache import ContentCache, content_cache, sort_records
from student_portal.pocketbase.client import PocketBaseClient, configured_client, public_base_url
from student_portal.pocketbase.collections import (
    DECLARED,
    PROTECTED,
    PUBLIC,
    Collection,
    CollectionSpec,
    Declared,
    model_for,
)
from student_portal.pocketbase.errors import ClientResponseError, is_rate_limited
from student_portal.pocketbase.filters import filter_eq, filter_literal
from student_portal.pocketbase.records import *  # noqa: F403 - every model, Record, parse_record(s)
from student_portal.pocketbase.results import AuthResult, ListResult

# The names besides the models (which come with records' star import above).
__all__ = [
    "DECLARED",
    "PROTECTED",
    "PUBLIC",
    "AuthResult",
    "ClientResponseError",
    "Collection",
    "CollectionSpec",
    "ContentCache",
    "Declared",
    "ListResult",
    "PocketBaseClient",
    "configured_client",
    "content_cache",
    "filter_eq",
    "filter_literal",
    "is_rate_limited",
    "model_for",
    "public_base_url",
    "sort_records",
]
