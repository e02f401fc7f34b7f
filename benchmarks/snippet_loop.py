"""How long one search's snippets hold a worker's event loop (issue 49, finding 2):
`python -m benchmarks.snippet_loop` (no site, no PocketBase).

Ten papers (a results page's worth of one kind) each found on a hostile page: 20,000 characters
of one word repeated and searched for ("x x x ...", the issue's script), and a page of 10,000
distinct words each within a typo of the query (every word costs a Levenshtein comparison). The
site's own merge (state/search.py shown_groups) runs while a ticker sleeps 1 ms at a time: the
longest gap between its ticks is how long any other visitor of that worker waited.
"""

from __future__ import annotations

import asyncio
import time

from student_portal.search.documents import Kind
from student_portal.search.pages import PUBLIC, PageHit, PageResults, Paper, paper_number

PAGES = {
    "one word repeated, query x": ("x " * 10_000, ("x",)),
    "10,000 near-miss words, query physics": (" ".join(f"physic{n}s" for n in range(10_000)), ("physics",)),
}


def _results(text: str, wanted: tuple[str, ...]) -> PageResults:
    hits = [
        PageHit(Paper("OL_Items", f"p{n}", Kind.PAPERS, PUBLIC, f"Paper {n}", "", f"/ol/f#p{n}"), 1, text, 1.0)
        for n in range(10)
    ]
    return PageResults(hits, wanted, {Kind.PAPERS: {paper_number(h.paper.record_id) for h in hits}})


async def _longest_gap(results: PageResults) -> tuple[float, float]:
    from student_portal.search import snippets
    from student_portal.state import search

    snippets.word_matches.cache_clear()
    snippets._fold.cache_clear()
    gaps: list[float] = []

    async def ticker() -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    running = asyncio.create_task(ticker())
    await asyncio.sleep(0.01)
    started = time.perf_counter()
    if hasattr(search, "shown_groups"):
        await search.shown_groups([], results, 10)
    else:  # the code before issue 49: the merge ran in run_search, on the loop
        search.with_pages([], results, 10)
    took = time.perf_counter() - started
    await asyncio.sleep(0.01)
    running.cancel()
    return max(gaps) - 0.001, took


def main() -> None:
    for name, (text, wanted) in PAGES.items():
        gap, took = asyncio.run(_longest_gap(_results(text, wanted)))
        print(f"{name}: results in {took * 1000:.1f} ms, event loop held at most {gap * 1000:.1f} ms")


if __name__ == "__main__":
    main()
