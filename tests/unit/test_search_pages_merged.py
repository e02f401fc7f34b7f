"""Title hits and page hits ranked together (search/combined.py)."""

from __future__ import annotations

from student_portal.search.combined import PAGE_WEIGHT, with_pages
from student_portal.search.documents import Kind
from student_portal.search.index import Document, Group, Hit
from student_portal.search.pages import PUBLIC, PageHit, PageResults, Paper, paper_number


def _paper(record_id: str, title: str) -> Paper:
    return Paper("OL_Items", record_id, Kind.PAPERS, PUBLIC, title, "", f"/ol/f#{record_id}")


def _results(hits: list[PageHit], wanted: tuple[str, ...]) -> PageResults:
    papers: dict[str, set[int]] = {}
    for hit in hits:
        papers.setdefault(hit.paper.kind, set()).add(paper_number(hit.paper.record_id))
    return PageResults(hits, wanted, papers)


def _title_hit(record_id: str, title: str, score: float) -> Hit:
    return Hit(Document(Kind.PAPERS, record_id, title, href=f"/ol/f#{record_id}"), score)


def test_a_title_match_ranks_above_a_match_found_only_on_a_page():
    titles = [Group(Kind.PAPERS, [_title_hit("t1", "Projectile motion notes", 1.0)], 1)]
    pages = _results([PageHit(_paper("p1", "Physics 2019"), 3, "Q7: a projectile", 1.0)], ("projectile",))
    (group,) = with_pages(titles, pages, 10)
    assert [h.document.id for h in group.hits] == ["t1", "p1"]
    assert group.total == 2
    assert group.hits[1].score == PAGE_WEIGHT
    assert (group.hits[1].page, [p.text for p in group.hits[1].parts if p.marked]) == (3, ["projectile"])
    assert group.hits[1].collection == "OL_Items"


def test_a_paper_found_by_title_and_page_is_its_title_hit_once():
    titles = [Group(Kind.PAPERS, [_title_hit("p1", "Physics 2019", 0.9)], 1)]
    pages = _results([PageHit(_paper("p1", "Physics 2019"), 3, "physics: a projectile", 1.0)], ("physics",))
    (group,) = with_pages(titles, pages, 10)
    assert group.total == 1
    hit = group.hits[0]
    assert (hit.document.id, hit.score, hit.page, hit.document.href) == ("p1", 0.9, 0, "/ol/f#p1")


def test_a_page_without_the_words_names_no_page():
    pages = _results([PageHit(_paper("p1", "Physics 2019"), 1, "nothing here", 1.0)], ("physics",))
    (group,) = with_pages([], pages, 10)
    assert (group.hits[0].page, group.hits[0].parts) == (0, ())


def test_groups_are_cut_to_what_is_shown_and_keep_the_results_order():
    titles = [
        Group(Kind.RECORDINGS, [Hit(Document(Kind.RECORDINGS, f"r{n}", f"R {n}"), 1.0 - n / 10) for n in range(5)], 7),
        Group(Kind.PAPERS, [_title_hit("t1", "Paper", 0.5)], 1),
    ]
    pages = _results([PageHit(_paper(f"p{n}", f"P {n}"), 1, "x", 1.0 - n / 10) for n in range(4)], ("x",))
    recordings, papers = with_pages(titles, pages, 2)
    assert (recordings.kind, len(recordings.hits), recordings.total) == (Kind.RECORDINGS, 2, 7)
    assert (papers.kind, len(papers.hits), papers.total) == (Kind.PAPERS, 2, 5)


def test_papers_beyond_those_read_still_count_once():
    titles = [Group(Kind.PAPERS, [_title_hit("t1", "Paper", 0.9), _title_hit("p1", "Both", 0.8)], 2)]
    hit = PageHit(_paper("p1", "Both"), 1, "x", 1.0)
    numbers = {paper_number(i) for i in ("p1", "p2", "p3")}  # p2, p3 matched but were not read
    (group,) = with_pages(titles, PageResults([hit], ("x",), {Kind.PAPERS: numbers}), 10)
    assert group.total == 4  # t1, p1 (both ways, once), p2, p3


# --- issue 49, finding 2: one search stalled a worker's event loop for seconds ----------------


async def test_the_shown_pages_snippets_are_made_off_the_event_loop(monkeypatch):
    """While the merge runs (here a stand-in that takes 0.2 s without the GIL), the event loop
    goes on serving others: the ticker below runs meanwhile."""
    import asyncio
    import threading
    import time

    from student_portal.state import search as search_state

    where: list[int] = []

    def slow_merge(titles, pages, per_kind):
        where.append(threading.get_ident())
        time.sleep(0.2)
        return with_pages(titles, pages, per_kind)

    monkeypatch.setattr(search_state, "with_pages", slow_merge)
    ticks = 0

    async def ticker():
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    page = PageHit(_paper("p1", "Physics 2019"), 3, "x " * 10_000, 1.0)
    running = asyncio.create_task(ticker())
    await asyncio.sleep(0)
    before = ticks
    (group,) = await search_state.shown_groups([], _results([page], ("x",)), 10)
    running.cancel()
    assert where and where[0] != threading.get_ident()
    assert ticks - before > 10  # the loop was free while the snippet was made
    assert group.hits[0].page == 3
