"""Title hits (the in-memory index) and page hits (the on-disk page index) as one ranking.

Pure: no Reflex, no I/O. For the kinds that hold PDFs (papers, Uni Notes, class material) a
paper found both ways is one hit: its title hit, as the title index made it (the paper itself is
what was asked for). A paper found only inside its PDF names its best page. A page
match weighs like a description match in the title index (index.TEXT_WEIGHT) times how well it
matched relative to this query's best page (BM25), so a title match ranks above a match found only
on a page, and among pages the engine's order stands.
"""

from __future__ import annotations

from collections.abc import Sequence

from student_portal.search.documents import KIND_ORDER, Kind
from student_portal.search.index import TEXT_WEIGHT, Document, Group, Hit
from student_portal.search.pages import PageHit, PageResults, paper_number

PAGE_WEIGHT = TEXT_WEIGHT
WITH_PAGES = frozenset({Kind.PAPERS, Kind.UNI_NOTES, Kind.CLASS_MATERIAL})


def _document(hit: PageHit) -> Document:
    paper = hit.paper
    return Document(paper.kind, paper.record_id, paper.title, paper.about, paper.href, paper.detail, paper.when)


def with_pages(groups: Sequence[Group], pages: PageResults, per_kind: int) -> list[Group]:
    """`groups` (title hits, each kind's best ones, more than `per_kind` where possible) with the
    page hits merged into their kinds; every group cut to `per_kind`, in the results' order."""
    found: dict[str, dict[str, Hit]] = {}
    totals: dict[str, int] = {}
    for group in groups:
        found[group.kind] = {hit.document.id: hit for hit in group.hits}
        totals[group.kind] = group.total
    # Papers found both ways count once: the page index's papers not among the title hits are added
    # (exact while the title hits are all there, i.e. up to the state's MERGE_SCAN).
    for kind, numbers in pages.papers.items():
        if kind in WITH_PAGES:
            titled = {paper_number(record_id) for record_id in found.get(kind, {})}
            totals[kind] = totals.get(kind, 0) + len(numbers - titled)
    by_page: dict[str, PageHit] = {}
    for page in pages.hits:
        if page.paper.kind not in WITH_PAGES:
            continue
        hits = found.setdefault(page.paper.kind, {})
        kept = hits.get(page.paper.record_id)
        score = PAGE_WEIGHT * page.score
        if kept is None:
            hits[page.paper.record_id] = Hit(_document(page), score, collection=page.paper.collection)
            by_page[page.paper.record_id] = page
        # Found by its title too: the title hit stands as it is (its link, its score), since the
        # paper itself is what was asked for; pages answer what only a page holds.
    merged = []
    for kind in KIND_ORDER:
        if kind not in found or not found[kind]:
            continue
        best = sorted(found[kind].values(), key=lambda hit: (-hit.score, hit.document.title))[:per_kind]
        shown = []
        for hit in best:
            best_page = by_page.get(hit.document.id) if kind in WITH_PAGES else None
            if best_page is not None:
                number, parts = best_page.shown(pages.wanted)
                hit = Hit(hit.document, hit.score, number, parts, hit.collection)
            shown.append(hit)
        merged.append(Group(kind, shown, totals.get(kind, len(shown))))
    return merged
