"""What /z-score and /cut-offs make of the figures (state/zscore.py, state/cutoffs.py): the
table's order and years, a district's rows and search, the typed Z-score, texts by language."""

from decimal import Decimal

import pytest

from student_portal.exams.zscore import Figure, estimate
from student_portal.i18n import in_language
from student_portal.i18n.languages import Language
from student_portal.pocketbase import CutOff, ExamStatistic
from student_portal.state.cutoffs import _table, district_of, parse_z
from student_portal.state.zscore import _arranged, results


def _cut(year, course, district, cutoff, university="U", sample=False):
    return CutOff.model_validate(
        {
            "year": year,
            "course": course,
            "university": university,
            "district": district,
            "cutoff": cutoff,
            "sample": sample,
        }
    )


def test_the_table_has_the_latest_year_and_the_one_before_highest_first():
    view = _table(
        [
            _cut(2024, "Law", "Colombo", 1.5),
            _cut(2023, "Law", "Colombo", 1.4),
            _cut(2024, "Medicine", "Colombo", 2.1),
            _cut(2023, "Arts", "Colombo", 0.9),  # none in 2024: last
            _cut(2022, "Medicine", "Colombo", 1.0),  # two years back: not shown
            _cut(2024, "Law", "Kandy", 1.2),
            _cut(2024, "Law", "Atlantis", 3.0),  # no district of ours: left out
        ]
    )
    assert view.latest == 2024 and not view.sample
    rows = view.district_rows("Colombo")
    assert [(r.course, r.latest, r.before) for r in rows] == [
        ("Medicine", "2.1000", ""),
        ("Law", "1.5000", "1.4000"),
        ("Arts", "", "0.9000"),
    ]
    assert [r.course for r in view.district_rows("Kandy")] == ["Law"]
    assert view.district_rows("Jaffna") == []


def test_a_district_is_searched_by_course_or_university_with_typos_forgiven():
    view = _table(
        [
            _cut(2024, "Engineering", "Kandy", 1.7, "University of Peradeniya"),
            _cut(2024, "Medicine", "Kandy", 1.9, "University of Peradeniya"),
            _cut(2024, "Management", "Kandy", 1.2, "University of Sri Jayewardenepura"),
        ]
    )
    assert [r.course for r in view.matching("Kandy", "enginering")] == ["Engineering"]
    assert [r.course for r in view.matching("Kandy", "peradeniya")] == ["Medicine", "Engineering"]
    assert view.matching("Kandy", "🙂") == []
    assert len(view.matching("Kandy", "  ")) == 3


def test_sample_figures_are_said_to_be():
    assert _table([_cut(2024, "Law", "Colombo", 1.5, sample=True)]).sample


@pytest.mark.parametrize(
    ("typed", "read"),
    [("1.625", Decimal("1.625")), (" -0.5 ", Decimal("-0.5")), ("\u22121,2", Decimal("-1.2")), ("", None)],
)
def test_a_typed_z_score_is_read(typed, read):
    assert parse_z(typed) == read


@pytest.mark.parametrize("typed", ["abc", "9", "-5.1", "1e0", "nan", "inf", "1.2.3"])
def test_a_z_score_that_is_no_z_score_is_refused(typed):
    assert parse_z(typed) == "bad"


@pytest.mark.parametrize(
    ("address", "district"),
    [("colombo", "Colombo"), ("nuwara-eliya", "Nuwara Eliya"), ("NUWARA ELIYA", "Nuwara Eliya"), ("atlantis", "")],
)
def test_the_address_names_a_district_in_any_case(address, district):
    assert district_of({"district": address}) == district


def test_statistics_are_arranged_by_stream_and_year_newest_first():
    view = _arranged(
        [
            ExamStatistic.model_validate(
                {"year": 2023, "stream": "commerce", "subject": "Economics", "mean": 40, "sd": 18}
            ),
            ExamStatistic.model_validate(
                {"year": 2024, "stream": "commerce", "subject": "Accounting", "mean": 47, "sd": 0}
            ),
            ExamStatistic.model_validate({"year": 2024, "stream": "engineering", "subject": "X", "mean": 1, "sd": 1}),
        ]
    )
    assert view.streams() == ["commerce"] and view.years("commerce") == [2024, 2023]
    assert view.subjects("commerce", 2024) == {"Accounting": (None, False)}  # sd 0: no figure to use


@pytest.mark.parametrize("language", [Language.EN, Language.SI, Language.TA])
def test_results_are_written_with_babel_in_the_page_language(language):
    figures = {"Physics": Figure.of(41.5, 19.8), "Chemistry": Figure.of(44.0, 20.3), "Biology": Figure.of(45.25, 18.9)}
    with in_language(language):
        shown = results(estimate([("Physics", "68"), ("Chemistry", "82"), ("Biology", "30")], figures), 2024)
    assert [row.z for row in shown.rows] == ["1.338", "1.872", "-0.807"]
    assert shown.z == "0.801"
    assert "45.25" in shown.rows[2].figures and "18.9" in shown.rows[2].figures
    assert shown.cut_offs_href == "/cut-offs?z=0.801"
