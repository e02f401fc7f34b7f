"""`make import-exam-data` against a real PocketBase: a file is loaded whole or not at all, and a
row already there gets the file's figures instead of a second record."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from student_portal.exams import import_data
from student_portal.exams.import_csv import Checked, check_csv
from student_portal.pocketbase.embedded import EmbeddedPocketBase

YEARS = (2031, 2032, 2033)  # years no demo record has: each test's own


def _records(client: httpx.Client, collection: str, year: int) -> list[dict]:
    answer = client.get(f"/api/collections/{collection}/records", params={"filter": f"year={year}", "perPage": 500})
    assert answer.status_code == 200, answer.text
    return answer.json()["items"]


@pytest.fixture
def clean_years(admin: httpx.Client) -> Iterator[None]:
    yield
    for collection in ("Exam_Statistics", "Cut_Offs"):
        for year in YEARS:
            for record in _records(admin, collection, year):
                admin.delete(f"/api/collections/{collection}/records/{record['id']}")


def _load(pocketbase: EmbeddedPocketBase, path: Path) -> tuple[Checked, dict[str, int]]:
    return import_data.load_file(path, data_dir=pocketbase.data_dir, port=pocketbase.port)


def test_a_good_file_is_loaded_and_a_second_load_updates_it(
    pocketbase: EmbeddedPocketBase, anon: httpx.Client, tmp_path: Path, clean_years
) -> None:
    path = tmp_path / "stats.csv"
    path.write_text(
        "year,stream,subject,mean,sd\n2031,Physical Science,Physics,41.5,19.8\n2031,commerce,Accounting,47,21\n"
    )
    checked, counts = _load(pocketbase, path)
    assert checked.ok and counts == {"created": 2, "updated": 0}
    stored = {r["subject"]: r for r in _records(anon, "Exam_Statistics", 2031)}  # public to read
    assert stored["Physics"]["mean"] == 41.5 and stored["Physics"]["stream"] == "physical_science"
    assert stored["Physics"]["sample"] is False  # loaded from a file: the published figures

    path.write_text("year,stream,subject,mean,sd\n2031,physical_science,Physics,40.1,18.2\n")
    checked, counts = _load(pocketbase, path)
    assert counts == {"created": 0, "updated": 1}
    stored = {r["subject"]: r for r in _records(anon, "Exam_Statistics", 2031)}
    assert len(stored) == 2 and stored["Physics"]["mean"] == 40.1 and stored["Physics"]["sd"] == 18.2


def test_a_file_with_one_bad_row_loads_nothing_and_names_it(
    pocketbase: EmbeddedPocketBase, anon: httpx.Client, tmp_path: Path, capsys, monkeypatch, clean_years
) -> None:
    path = tmp_path / "cut-offs.csv"
    path.write_text(
        "year,course,university,district,cutoff\n"
        "2032,Medicine,University of Colombo,Colombo,1.9\n"
        "2032,Engineering,University of Moratuwa,Atlantis,1.7\n"
        "2032,Law,University of Colombo,Kandy,1.5\n"
    )
    monkeypatch.setenv("POCKETBASE_DATA_DIR", str(pocketbase.data_dir))
    monkeypatch.setenv("POCKETBASE_PORT", str(pocketbase.port))
    assert import_data.main([str(path)]) == 1
    err = capsys.readouterr().err
    assert "row 3, column district: 'Atlantis' is not one of the 25 districts" in err
    assert "nothing was loaded" in err
    assert _records(anon, "Cut_Offs", 2032) == []


def test_pocketbase_saves_the_rows_in_one_transaction(
    pocketbase: EmbeddedPocketBase, admin: httpx.Client, anon: httpx.Client, clean_years
) -> None:
    # Rows that pass the file's checks but not the schema (a cut-off the schema refuses, sent
    # as if checked): the first two must not stay behind when the third is refused.
    checked = check_csv(
        b"year,course,university,district,cutoff\n2033,Medicine,UoC,Colombo,1.9\n2033,Law,UoC,Colombo,1.5\n"
    )
    checked.rows.append({"year": 2033, "course": "Arts", "university": "UoC", "district": "Colombo", "cutoff": 9})
    with pytest.raises(import_data.RefusedError, match=r"row 4 of the file.*cutoff.*nothing was loaded"):
        import_data.send(admin, checked)
    assert _records(anon, "Cut_Offs", 2033) == []


def test_only_a_superuser_may_load_figures(anon: httpx.Client, as_role) -> None:
    body = {
        "kind": "cutoffs",
        "rows": [{"year": 2033, "course": "X", "university": "Y", "district": "Colombo", "cutoff": 1}],
    }
    assert anon.post(import_data.ENDPOINT, json=body).status_code == 401
    assert as_role("full").post(import_data.ENDPOINT, json=body).status_code in (401, 403)
    assert _records(anon, "Cut_Offs", 2033) == []
