import pytest

from student_portal.i18n.languages import Language, english_page, language_of_path


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/", Language.EN),
        ("", Language.EN),
        ("/youtube", Language.EN),
        ("/si", Language.SI),
        ("/si/", Language.SI),
        ("/si/youtube?subject=Maths", Language.SI),
        ("/ta/notes", Language.TA),
        ("/ta?x=1", Language.TA),
        ("/single-blog", Language.EN),
        ("/sia", Language.EN),
        ("/tamil", Language.EN),
        ("/news/si", Language.EN),
    ],
)
def test_language_of_path(path, expected):
    assert language_of_path(path) is expected


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/", "/"),
        ("", "/"),
        ("/si", "/"),
        ("/ta/", "/"),
        ("/shop", "/shop"),
        ("/si/shop/", "/shop"),
        ("/ta/shop?show=8#top", "/shop"),
        ("/si?x=1", "/"),
        ("/sia/shop", "/sia/shop"),
        ("/talent/", "/talent"),
    ],
)
def test_english_page_is_what_a_state_compares_with_a_route(path, expected):
    assert english_page(path) == expected
