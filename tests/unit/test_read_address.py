"""The viewer's address (/read?c=&id=&page=&q=): built for a hit, read back safely."""

from __future__ import annotations

import pytest

from student_portal import routes
from student_portal.search.indexer import SOURCES, is_pdf, paper_of, stamp_of
from student_portal.search.pages import NOTES_ROLE, PUBLIC, SIGNED_IN
from student_portal.state.read import HIGHLIGHT_WORDS, highlight_words, page_number


def test_a_hit_links_to_the_viewer_at_its_page_with_its_words():
    assert routes.read("OL_Items", "abc123", 3, "projectile motion") == (
        "/read?c=OL_Items&id=abc123&page=3&q=projectile%20motion"
    )
    assert routes.read("Notes", "n1") == "/read?c=Notes&id=n1"
    assert "%E0%B6" in routes.read("OL_Items", "a", 1, "ප්‍රකාශ")  # Sinhala, percent-encoded


@pytest.mark.parametrize(
    ("value", "expected"),
    [("3", 3), ("1", 1), ("0", 0), ("-2", 0), ("3.5", 0), ("", 0), (None, 0), ("9" * 50, 0), ("٣", 0), (["3"], 0)],
)
def test_page_parameter_is_a_sane_positive_number_or_none(value, expected):
    assert page_number(value) == expected


def test_highlight_words_are_bounded():
    assert highlight_words("  projectile   motion ") == ["projectile", "motion"]
    assert len(highlight_words("w " * 100)) == HIGHLIGHT_WORDS


def test_which_collections_hold_papers_and_who_may_read_them():
    assert {c: s.access for c, s in SOURCES.items()} == {
        "OL_Items": PUBLIC,
        "AL_Items": PUBLIC,
        "Notes": NOTES_ROLE,
        "Class_Notes": SIGNED_IN,
    }


def test_only_pdf_files_are_papers():
    source = SOURCES["OL_Items"]
    record = {"id": "p1", "file": "paper_x1.PDF", "title": "Physics", "folder": "f1", "type": "paper", "updated": "u"}
    paper = paper_of(source, record, {"f1": "Science"})
    assert paper is not None
    assert (paper.key, paper.title, paper.stamp) == ("OL_Items/p1", "Physics", stamp_of(record))
    assert "Science" in paper.about
    assert paper_of(source, {**record, "file": "notes.docx"}, {}) is None
    assert paper_of(SOURCES["Notes"], {"id": "n", "file": "a.pdf", "external": True, "drive": "x"}, {}) is None
    assert not is_pdf(None) and not is_pdf(["a.pdf"])


def test_the_indexer_credential_never_shows_its_password():
    from student_portal.pocketbase import PocketBaseClient
    from student_portal.search.credential import Credential

    credential = Credential(PocketBaseClient("http://127.0.0.1:9"), "indexer@example.invalid", "s3cret-pass")
    assert "s3cret-pass" not in repr(credential) and "s3cret-pass" not in str(credential)


def test_page_search_access_follows_only_a_session_pocketbase_accepted():
    from student_portal.state.search import Own

    assert Own().access == {PUBLIC}
    assert Own(signed_in=True, notes=True, failed=True).access == {PUBLIC}  # the check failed: not trusted
    assert Own(signed_in=True, verified=True).access == {PUBLIC, SIGNED_IN}
    assert Own(signed_in=True, notes=True, verified=True).access == {PUBLIC, SIGNED_IN, NOTES_ROLE}
