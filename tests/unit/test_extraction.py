"""Text out of PDFs made here: English, Sinhala, Tamil, a legacy font, scans and broken files."""

from __future__ import annotations

import pytest

from student_portal.search import extraction
from student_portal.search.extraction import MAX_PAGES, ExtractionError, extract_pages
from tests.support.pdfs import Page, make_pdf


def test_each_page_gives_its_own_text_in_order():
    found = extract_pages(make_pdf(["Question 1 atoms", "Question 2 waves", "Question 7 projectile motion"]))
    assert found.pages == ("Question 1 atoms", "Question 2 waves", "Question 7 projectile motion")
    assert found.total_pages == 3
    assert (found.scanned, found.blank, found.legacy_runs) == ((), (), 0)


def test_sinhala_and_tamil_unicode_text_comes_out_as_written():
    found = extract_pages(make_pdf([Page("ප්‍රකාශ සංශ්ලේෂණය", "sinhala"), Page("ஒளிச்சேர்க்கை தாவரம்", "tamil")]))
    assert found.pages == ("ප්‍රකාශ සංශ්ලේෂණය", "ஒளிச்சேர்க்கை தாவரம்")


def test_text_in_a_legacy_sinhala_font_is_remapped_to_unicode():
    found = extract_pages(make_pdf(["English first", Page("m%ldY ixYaf,aIKh", legacy_font="FMAbhaya")]))
    assert found.pages == ("English first", "ප්‍රකාශ සංශ්ලේෂණය")
    assert found.legacy_runs == 1


def test_text_in_bamini_is_remapped_to_unicode():
    found = extract_pages(make_pdf([Page("xspr;Nru;f;if", legacy_font="Bamini")]))
    assert found.pages == ("ஒளிச்சேர்க்கை",)


def test_scanned_and_blank_pages_are_counted_not_dropped():
    found = extract_pages(make_pdf(["text", Page(scan=True), Page(""), Page(scan=True)]))
    assert found.pages == ("text", "", "", "")
    assert found.scanned == (2, 4)
    assert found.blank == (3,)


@pytest.mark.parametrize("data", [b"", b"not a pdf", b"%PDF-1.4\n" + b"\x00" * 100])
def test_a_broken_file_raises_extraction_error(data):
    with pytest.raises(ExtractionError):
        extract_pages(data)


def test_a_huge_file_is_cut_at_max_pages(monkeypatch):
    monkeypatch.setattr(extraction, "MAX_PAGES", 2)
    found = extract_pages(make_pdf([f"page {n}" for n in range(5)]))
    assert found.pages == ("page 0", "page 1")
    assert found.total_pages == 5
    assert MAX_PAGES >= 100  # the real limit: a paper or a note is never cut


# --- issue 49 (suspected): the extraction process had a time limit and no memory limit -------


def _peak_and_limit() -> tuple[int, int]:
    import resource
    from pathlib import Path

    status = Path("/proc/self/status").read_text()
    peak = int(status.split("VmPeak:")[1].split()[0]) * 1024
    return peak, resource.getrlimit(resource.RLIMIT_AS)[0]


def _memory_bomb(data: bytes) -> None:
    """Stands in for a PDF whose extraction would take all the memory it is given."""
    hoard = []
    while True:
        hoard.append(bytearray(64 * 1024 * 1024))


async def test_the_extraction_process_has_a_memory_limit(monkeypatch):
    import asyncio

    from student_portal.search import extraction_process
    from student_portal.search.extraction_process import EXTRACT_MEMORY_BYTES, Extractor

    extractor = Extractor(timeout=60)
    try:
        pages = await extractor(make_pdf([Page("Question 1 is about atoms.")]))
        assert "atoms" in pages.pages[0]
        loop = asyncio.get_running_loop()
        peak, limit = await loop.run_in_executor(extractor._executor(), _peak_and_limit)
        assert limit == EXTRACT_MEMORY_BYTES
        assert peak < EXTRACT_MEMORY_BYTES // 2  # room for a real paper under the limit
        monkeypatch.setattr(extraction_process, "extract_pages", _memory_bomb)
        with pytest.raises(ExtractionError, match="MemoryError"):
            await extractor(b"%PDF-bomb")
        monkeypatch.undo()
        again = await extractor(make_pdf([Page("Question 7: a projectile.")]))  # a fresh process
        assert "projectile" in again.pages[0]
    finally:
        extractor.close(kill=True)
