"""The on-disk index of page text (Tantivy): found by words, typos, other scripts; roles hold."""

from __future__ import annotations

import pytest

from student_portal.search.pages import NOTES_ROLE, PUBLIC, SIGNED_IN, PageIndex, Paper
from student_portal.search.snippets import snippet

PHYSICS = Paper("OL_Items", "p1", "papers", PUBLIC, "Physics 2019 paper", "O/L science", "/ol/f1", "O/L", 0, "a@1")
NOTE = Paper("Notes", "n1", "uni_notes", NOTES_ROLE, "Mechanics lecture", "uni notes", "/notes", "", 0, "b@1")
CLASS_NOTE = Paper("Class_Notes", "c1", "class_material", SIGNED_IN, "Waves handout", "", "/class/t", "", 0, "c@1")
PAGES = ["Question 1 is about atoms.", "Nothing to see", "Question 7: a projectile is fired. ප්‍රකාශ සංශ්ලේෂණය"]


@pytest.fixture
def index(tmp_path):
    index = PageIndex(tmp_path / "index")
    index.replace(PHYSICS, PAGES)
    index.replace(NOTE, ["The secret projectile derivation", "தாவரம் ஒளிச்சேர்க்கை"])
    index.replace(CLASS_NOTE, ["standing waves and the projectile"])
    yield index
    index.close_writer()


def _found(index, query, access=(PUBLIC,)):
    found = index.search(query, set(access))
    return [(h.paper.record_id, h.shown(found.wanted)[0]) for h in found.hits]


def _kinds(index, query, access):
    return sorted(h.paper.kind for h in index.search(query, set(access)).hits)


def test_a_word_only_on_page_3_names_page_3(index):
    assert _found(index, "fired") == [("p1", 3)]


def test_a_typo_still_finds_the_page(index):
    assert _found(index, "projectle") == [("p1", 3)]
    assert _found(index, "phisics") == [("p1", 0)]  # the title, with a typo: no page named


def test_sinhala_and_tamil_words_are_found(index):
    assert _found(index, "ප්‍රකාශ") == [("p1", 3)]
    assert _found(index, "ஒளிச்சேர்க்கை", (PUBLIC, NOTES_ROLE)) == [("n1", 2)]


def test_words_may_spread_over_title_and_page(index):
    assert _found(index, "physics projectile") == [("p1", 3)]
    assert _found(index, "physics waves") == []


def test_protected_pages_are_found_only_with_their_role(index):
    assert _found(index, "secret") == []
    assert _kinds(index, "projectile", {PUBLIC}) == ["papers"]
    assert _kinds(index, "projectile", {PUBLIC, SIGNED_IN}) == ["class_material", "papers"]
    assert _found(index, "secret", (PUBLIC, SIGNED_IN, NOTES_ROLE)) == [("n1", 1)]


def test_replacing_a_file_drops_its_old_words(index):
    index.replace(PHYSICS, ["A new file about magnetism"])
    assert _found(index, "fired") == []
    assert _found(index, "magnetism") == [("p1", 1)]


def test_removing_a_paper_removes_all_its_pages(index):
    index.remove(PHYSICS.key)
    assert _found(index, "atoms") == []
    assert PHYSICS.key not in index.files()


def test_the_index_survives_a_restart(index, tmp_path):
    index.close_writer()
    again = PageIndex(tmp_path / "index")
    assert _found(again, "fired") == [("p1", 3)]
    assert again.files()[PHYSICS.key].stamp == "a@1"


def test_scanned_pages_are_remembered_for_the_report(tmp_path):
    index = PageIndex(tmp_path / "i")
    index.replace(PHYSICS, ["text", "", ""], scanned=(2,), blank=(3,))
    record = index.files()[PHYSICS.key]
    assert (record.pages, record.scanned, record.blank) == (3, (2,), (3,))


def test_empty_or_wordless_queries_find_nothing(index):
    assert _found(index, "") == []
    assert _found(index, "!!! ???") == []


def test_hostile_query_text_is_just_words(index):
    assert _found(index, 'key:* OR access:"notes" secret') == []


def test_snippet_marks_matched_words_and_keeps_markup_as_text():
    parts = snippet("Intro <b>bold</b> then the projectile & more", ["projectile", "bold"])
    marked = [p.text for p in parts if p.marked]
    assert marked == ["bold", "projectile"]
    assert "".join(p.text for p in parts) == "Intro <b>bold</b> then the projectile & more"


def test_snippet_of_a_long_page_is_short_and_centred_on_the_match():
    text = "filler " * 200 + "the projectile question " + "tail " * 200
    parts = snippet(text, ["projectile"])
    shown = "".join(p.text for p in parts)
    assert len(shown) <= 170
    assert parts[0].text == "…" and parts[-1].text == "…"
    assert [p.text for p in parts if p.marked] == ["projectile"]


def test_no_snippet_when_no_word_of_the_page_matches():
    assert snippet("nothing relevant", ["projectile"]) == ()


def test_an_index_of_another_version_is_refused_and_made_anew_by_the_indexer(tmp_path):
    from student_portal.search.indexer import open_for_writing
    from student_portal.search.pages import OldIndexError

    index = PageIndex(tmp_path / "i")
    index.replace(PHYSICS, PAGES)
    index.close_writer()
    (tmp_path / "i" / "schema_version").write_text("0")
    with pytest.raises(OldIndexError):
        PageIndex(tmp_path / "i")
    again = open_for_writing(tmp_path / "i")
    assert _found(again, "fired") == [] and again.files() == {}


# --- issue 49, finding 2: snippets in time linear in the page, matched spans capped -----------


def test_a_page_of_one_word_repeated_has_its_matched_spans_capped():
    from student_portal.search.snippets import MAX_MATCHED_SPANS, matched_spans

    text = "x " * 10_000  # the 20,000-character page, searched for "x"
    assert len(matched_spans(text, ["x"])) == MAX_MATCHED_SPANS
    parts = snippet(text, ["x"])
    assert sum(len(p.text) for p in parts if p.text != "…") <= 160
    assert any(p.marked for p in parts)


def test_the_densest_window_is_the_one_the_plain_definition_gives():
    """densest_start (one pass) against the definition: the window starting at a match that
    holds the most matches, the first on a tie."""
    import random

    from student_portal.search.snippets import densest_start

    chance = random.Random(49)
    for _ in range(300):
        spans, at = [], 0
        for _ in range(chance.randint(1, 40)):
            at += chance.randint(1, 60)
            length = chance.randint(1, 200 if chance.random() < 0.05 else 12)
            spans.append((at, at + length))
            at += length
        width = chance.choice([20, 80, 160])
        best_start, best_count = spans[0][0], 0
        for i, (start, _) in enumerate(spans):
            count = sum(1 for s, e in spans[i:] if e <= start + width)
            if count > best_count:
                best_start, best_count = start, count
        assert densest_start(spans, width) == best_start
