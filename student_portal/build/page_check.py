"""`make pages`: every registered page built in every language, in seconds, without a frontend build.

A Reflex mistake in a page (an `rx.foreach` card function with a second parameter, which Reflex
fills with the row's index; a Python built-in given a Var) passes ruff and mypy and used to show
only when the whole site was built, as "site exited early" in a browser test. Here each page of
site_pages' list is evaluated as the app's compile evaluates it (Reflex's
`compile_unevaluated_page`: the page function called with its language set, the meta tags added)
and rendered to its React code (`compile_page`), with no Node, no Vite and no PocketBase. Each
failure names the page, its language, Reflex's message and the line of ours it came from.

    python -m student_portal.build.page_check            # every page
    python -m student_portal.build.page_check /jobs /    # those (English routes, as declared)
"""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from reflex.app import UnevaluatedPage
from reflex.compiler import compiler

from student_portal import site_pages
from student_portal.i18n.languages import Language

PROJECT_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class PageFailure:
    page: str  # the route as declared (English)
    language: Language
    route: str  # the route Reflex compiles: /si/jobs
    error: Exception

    @property
    def where(self) -> str:
        """The innermost line of the project's own code in the error's traceback, if any."""
        for frame in reversed(traceback.extract_tb(self.error.__traceback__)):
            path = Path(frame.filename).resolve()
            if path.is_relative_to(PROJECT_ROOT) and ".venv" not in path.parts:
                return f"{path.relative_to(PROJECT_ROOT)}:{frame.lineno} in {frame.name}"
        return ""

    def __str__(self) -> str:
        message = str(self.error).strip() or repr(self.error)
        lines = [f"page {self.page!r} ({self.language.value}, {self.route}): {type(self.error).__name__}: {message}"]
        lines += [f"  {note}" for note in getattr(self.error, "__notes__", ())]
        if self.where:
            lines.append(f"  at {self.where}")
        return "\n".join(lines)


def check(made: site_pages.Registration) -> None:
    """Evaluate one page in one language and render it to React code; raises what Reflex raises."""
    page = UnevaluatedPage(component=made.component, route=made.route, title=made.title, description=made.description)
    component = compiler.compile_unevaluated_page(made.route, page)
    compiler.compile_page(made.route, component)


def check_pages(pages: Iterable[site_pages.SitePage]) -> list[PageFailure]:
    """Every language of every page in `pages`: the failures, in page order."""
    failures = []
    for page in pages:
        for made in site_pages.registrations(page):
            try:
                check(made)
            except Exception as error:
                failures.append(PageFailure(page.route, made.language, made.route, error))
    return failures


def registered_pages(routes: Iterable[str] = ()) -> list[site_pages.SitePage]:
    """The pages site_pages knows once every page module is imported (those at `routes`, if given)."""
    import student_portal.pages  # noqa: F401 - each page module declares its @site_page

    wanted = list(routes)
    pages = site_pages.site_pages()
    unknown = [route for route in wanted if site_pages.page_at(route) is None]
    if unknown:
        raise SystemExit(f"no page declared at {', '.join(unknown)} (routes as declared: /jobs, /news/[news_id])")
    return [page for page in pages if not wanted or page.route in wanted]


def main(argv: list[str] | None = None) -> int:
    started = time.monotonic()
    pages = registered_pages(sys.argv[1:] if argv is None else argv)
    failures = check_pages(pages)
    for failure in failures:
        print(failure, file=sys.stderr)
    seconds = time.monotonic() - started
    languages = len(site_pages.registrations(pages[0])) if pages else 0
    if failures:
        broken = sorted({failure.page for failure in failures})
        print(f"{len(broken)} of {len(pages)} pages broken ({', '.join(broken)}), {seconds:.0f} s", file=sys.stderr)
        return 1
    print(f"{len(pages)} pages x {languages} languages built, {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
