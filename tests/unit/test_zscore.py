"""The Z formula and its rounding (student_portal/exams/zscore.py), against a hand-worked example."""

from decimal import Decimal

import pytest

from student_portal.exams.zscore import Figure, Problem, estimate, parse_mark, rounded, subject_z, z_score

# The demo's 2024 physical science figures (sample figures):
# Combined Mathematics mean 38.2 sd 22.1, Physics 41.5 / 19.8, Chemistry 44.0 / 20.3.
FIGURES = {
    "Combined Mathematics": Figure.of(38.2, 22.1),
    "Physics": Figure.of(41.5, 19.8),
    "Chemistry": Figure.of(44.0, 20.3),
}


def test_the_hand_worked_example():
    # By hand: (75 - 38.2) / 22.1 = 36.8 / 22.1 = 1.66515...  -> 1.665
    #          (68 - 41.5) / 19.8 = 26.5 / 19.8 = 1.33838...  -> 1.338
    #          (82 - 44.0) / 20.3 = 38.0 / 20.3 = 1.87192...  -> 1.872
    #          Z = (1.66515 + 1.33838 + 1.87192) / 3 = 1.62515... -> 1.625
    found = estimate([("Combined Mathematics", "75"), ("Physics", "68"), ("Chemistry", "82")], FIGURES)
    assert [str(rounded(s.z)) for s in found.subjects if s.z is not None] == ["1.665", "1.338", "1.872"]
    assert found.z is not None and str(rounded(found.z)) == "1.625"
    assert found.problems == set()


def test_a_mark_below_the_mean_gives_a_negative_z():
    z = subject_z(Decimal(30), Figure(Decimal("40"), Decimal("20")))
    assert z == Decimal("-0.5")


def test_the_z_score_is_the_mean_of_the_unrounded_z_rounded_once():
    zs = [Decimal("0.0016"), Decimal("0.0016"), Decimal("0.0011")]
    # Rounding each first would give (0.002 + 0.002 + 0.001) / 3 = 0.00167 -> 0.002.
    assert rounded(z_score(zs)) == Decimal("0.001")


@pytest.mark.parametrize(
    ("value", "shown"),
    [("0.0125", "0.013"), ("-0.0125", "-0.013"), ("1.2344999", "1.234"), ("-0.0004", "0.000"), ("2", "2.000")],
)
def test_rounding_is_to_three_decimals_halves_away_from_zero_and_never_minus_zero(value, shown):
    assert str(rounded(Decimal(value))) == shown


@pytest.mark.parametrize("typed", ["101", "-1", "abc", "1e2", "50%", "7 5", "100.5", "∞"])
def test_a_mark_that_is_not_from_0_to_100_is_refused(typed):
    assert parse_mark(typed) is Problem.BAD_MARK


@pytest.mark.parametrize(("typed", "mark"), [("0", Decimal(0)), ("100", Decimal(100)), (" 72.5 ", Decimal("72.5"))])
def test_marks_from_0_to_100_are_read(typed, mark):
    assert parse_mark(typed) == mark


def test_an_out_of_range_mark_gives_no_z_and_no_z_score():
    found = estimate([("Combined Mathematics", "75"), ("Physics", "120"), ("Chemistry", "82")], FIGURES)
    assert found.subjects[1].problem is Problem.BAD_MARK and found.subjects[1].z is None
    assert found.z is None


def test_a_subject_chosen_twice_gives_neither_a_z():
    found = estimate([("Physics", "75"), ("Physics", "68"), ("Chemistry", "82")], FIGURES)
    assert [s.problem for s in found.subjects] == [Problem.TWICE, Problem.TWICE, None]
    assert found.z is None


def test_a_missing_figure_is_said_never_guessed():
    figures = dict(FIGURES, Chemistry=Figure.of(44.0, 0))  # a standard deviation of 0 cannot standardise
    found = estimate([("Combined Mathematics", "75"), ("Physics", "68"), ("Chemistry", "82")], figures)
    assert found.subjects[2].problem is Problem.NO_FIGURE and found.z is None
    found = estimate([("Combined Mathematics", "75"), ("Physics", "68"), ("Biology", "82")], FIGURES)
    assert found.subjects[2].problem is Problem.NO_FIGURE and found.z is None


def test_nothing_typed_yet_is_no_problem_to_report():
    found = estimate([("", ""), ("Physics", ""), ("Chemistry", "82")], FIGURES)
    assert [s.problem for s in found.subjects] == [Problem.NO_SUBJECT, Problem.NO_MARK, None]
    assert found.z is None
