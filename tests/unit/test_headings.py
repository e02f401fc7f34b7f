"""Stored rich text fits under the page's headings."""

from __future__ import annotations

from student_portal.utils.headings import fit_headings


def test_the_highest_heading_becomes_the_requested_level_and_order_is_kept() -> None:
    html = "<h1>Title</h1><p>x</p><h2 id=a>Part</h2><h3>Sub</h3>"
    assert fit_headings(html, 3) == "<h3>Title</h3><p>x</p><h4 id=a>Part</h4><h5>Sub</h5>"


def test_levels_stop_at_h6() -> None:
    assert fit_headings("<h1>a</h1><h5>b</h5>", 3) == "<h3>a</h3><h6>b</h6>"


def test_headings_move_up_too_and_text_without_headings_is_unchanged() -> None:
    assert fit_headings("<h3>a</h3><h4>b</h4>", 2) == "<h2>a</h2><h3>b</h3>"
    assert fit_headings("<h2>a</h2>", 2) == "<h2>a</h2>"
    assert fit_headings("<p>h1 and <b>hr</b> <hr></p>", 2) == "<p>h1 and <b>hr</b> <hr></p>"
