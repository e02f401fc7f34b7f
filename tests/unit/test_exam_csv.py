"""The checks of `make import-exam-data` (student_portal/exams/import_csv.py): each kind of bad
row is named by row number, column and why, and a file with one is not loaded at all."""

import pytest

from student_portal.exams.import_csv import check_csv

STATS_HEADER = "year,stream,subject,mean,sd\n"
CUTS_HEADER = "year,course,university,district,cutoff\n"


def _bad(text: str, encoding: str = "utf-8") -> list[tuple[int, str]]:
    checked = check_csv(text.encode(encoding))
    assert not checked.ok
    return [(bad.row, bad.column) for bad in checked.bad]


def test_a_good_statistics_file_is_read_with_its_keys():
    checked = check_csv(
        (
            "\ufeff" + STATS_HEADER + "2025,Physical Science,Physics,41.5,19.8\n2025,commerce,Accounting,47,21\n\n"
        ).encode()
    )
    assert checked.ok and checked.kind == "statistics"
    assert checked.rows[0] == {
        "year": 2025,
        "stream": "physical_science",
        "subject": "Physics",
        "mean": 41.5,
        "sd": 19.8,
    }


def test_a_good_cut_offs_file_in_another_column_order_is_read():
    checked = check_csv(
        b"district,year,cutoff,course,university\nnuwara eliya,2025,-0.1234,Arts,University of Kelaniya\n"
    )
    assert checked.ok and checked.kind == "cutoffs"
    assert checked.rows == [
        {
            "year": 2025,
            "course": "Arts",
            "university": "University of Kelaniya",
            "district": "Nuwara Eliya",
            "cutoff": -0.1234,
        }
    ]


@pytest.mark.parametrize(
    ("row", "column"),
    [
        ("2025,physical_science,Physics,,19.8", "mean"),  # empty
        ("2025,physical_science,Physics,forty,19.8", "mean"),  # not a number
        ("2025,physical_science,Physics,120,19.8", "mean"),  # out of range
        ("2025,physical_science,Physics,41.5,0", "sd"),  # a standard deviation of 0 cannot standardise
        ("2025,physical_science,Physics,41.5,nan", "sd"),  # not a finite number
        ("1999,physical_science,Physics,41.5,19.8", "year"),  # no year of ours
        ("2025.5,physical_science,Physics,41.5,19.8", "year"),  # not a whole year
        ("2025,engineering,Physics,41.5,19.8", "stream"),  # no such stream
        ("2025,physical_science," + "P" * 121 + ",41.5,19.8", "subject"),  # too long
    ],
)
def test_each_bad_statistics_value_is_named_by_row_and_column(row, column):
    assert _bad(STATS_HEADER + "2025,commerce,Accounting,47,21\n" + row + "\n") == [(3, column)]


@pytest.mark.parametrize(
    ("row", "column"),
    [
        ("2025,Medicine,University of Colombo,Atlantis,1.9", "district"),  # no such district
        ("2025,Medicine,University of Colombo,Colombo,7", "cutoff"),  # no Z-score is that high
        ("2025,,University of Colombo,Colombo,1.9", "course"),  # empty
        ("2025,Medicine,,Colombo,1.9", "university"),
    ],
)
def test_each_bad_cut_off_value_is_named_by_row_and_column(row, column):
    assert _bad(CUTS_HEADER + row + "\n") == [(2, column)]


def test_a_row_with_the_wrong_number_of_cells_is_named():
    assert _bad(STATS_HEADER + "2025,commerce,Accounting,47\n") == [(2, "")]


def test_the_same_key_twice_is_named_with_the_first_row():
    checked = check_csv((CUTS_HEADER + "2025,Medicine,UoC,Colombo,1.9\n2025,medicine,UoC,colombo,1.8\n").encode())
    assert [(b.row, b.column) for b in checked.bad] == [(3, "")] and "row 2" in checked.bad[0].why


def test_every_bad_row_is_named_not_only_the_first():
    text = STATS_HEADER + "2025,commerce,Accounting,x,21\n2025,commerce,Economics,44,21\n2025,arts,Logic,44,-1\n"
    assert _bad(text) == [(2, "mean"), (4, "sd")]


def test_a_blank_row_in_the_middle_is_named():
    assert _bad(STATS_HEADER + "2025,commerce,Accounting,47,21\n,,,,\n2025,commerce,Economics,44,21\n") == [(3, "")]


@pytest.mark.parametrize(
    "text", ["", "year,stream,subject,mean\n2025,commerce,Accounting,47\n", "year,year,subject,mean,sd\n", "a,b\n1,2\n"]
)
def test_a_file_without_a_known_header_is_refused_at_row_1(text):
    assert _bad(text) == [(1, "")]


def test_a_header_without_rows_is_refused():
    assert _bad(STATS_HEADER) == [(2, "")]


def test_a_file_that_is_not_utf8_is_named_at_its_row():
    assert _bad(STATS_HEADER + "2025,commerce,Économie,47,21\n", encoding="latin-1") == [(2, "")]


def test_a_bad_row_is_printed_as_row_column_and_why():
    checked = check_csv((STATS_HEADER + "2025,commerce,Accounting,47,x\n").encode())
    assert str(checked.bad[0]) == "row 2, column sd: 'x' is not a number"
