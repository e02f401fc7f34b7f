"""Every route of the site (spec 2 "All routes"), for tests that must visit all of them.

Routes with an id are templates: `{news}`, `{ol}`, `{al}`, `{teacher}` are filled from the data
set a test runs against (`demo_ids`, or a test's own PocketBase).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Route:
    template: str
    signed_in: bool = False  # needs a signed-in visitor (with the notes role for /notes)
    content: bool = True  # shows records from PocketBase

    def path(self, ids: dict[str, str]) -> str:
        return self.template.format(**ids)

    @property
    def id(self) -> str:
        return self.template.replace("{", "").replace("}", "")


PUBLIC_ROUTES: tuple[Route, ...] = (
    Route("/"),
    Route("/about", content=False),
    Route("/courses", content=False),
    Route("/instructor"),
    Route("/talent"),
    Route("/single-blog", content=False),
    Route("/social"),
    Route("/login", content=False),
    Route("/booking"),
    Route("/youtube"),
    Route("/profile"),
    Route("/class"),  # no teacher chosen: the teachers are listed on /profile
    Route("/shop"),
    Route("/news/{news}"),
    Route("/article"),
    Route("/ol-folder"),
    Route("/al-folder"),
    Route("/ol/{ol}"),
    Route("/al/{al}"),
    Route("/jobs"),
    # Site search results; content=False only because the hostile data set has no "physics":
    # test_hostile_content searches its payload records instead (REFLECTED).
    Route("/search?q=physics", content=False),
    Route("/no-such-page", content=False),  # the 404 page
)

SIGNED_IN_ROUTES: tuple[Route, ...] = (
    Route("/notes", signed_in=True),
    Route("/class/{teacher}", signed_in=True),
)

ALL_ROUTES: tuple[Route, ...] = PUBLIC_ROUTES + SIGNED_IN_ROUTES

# The demo seed's ids (pb/pb_migrations/*_seed_demo.js).
DEMO_IDS = {"news": "news00000000001", "ol": "olfolder0000001", "al": "alfolder0000001", "teacher": "teacher00000001"}
