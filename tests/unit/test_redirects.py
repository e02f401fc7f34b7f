"""After sign-in the visitor returns to a page of this site, never to another site."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from student_portal.utils.redirects import safe_redirect_path


@pytest.mark.parametrize("path", ["/notes", "/class/teacher00000001", "/youtube?q=maths&subject=x", "/"])
def test_a_page_of_this_site_is_kept(path: str) -> None:
    assert safe_redirect_path(path) == path


@pytest.mark.parametrize(
    "value",
    [
        None,
        "",
        "notes",
        "https://evil.example/",
        "//evil.example/x",
        "/\\evil.example",
        "javascript:alert(1)",
        "/login",
        "/login/",
        "/login?next=/x",
        " //evil.example",
        "/a\nb",
        42,
    ],
)
def test_anything_else_falls_back_to_home(value: object) -> None:
    assert safe_redirect_path(value) == "/"


@given(st.text(max_size=80))
def test_the_result_is_always_a_local_path(value: str) -> None:
    path = safe_redirect_path(value)
    assert path.startswith("/") and not path.startswith("//") and "\\" not in path
