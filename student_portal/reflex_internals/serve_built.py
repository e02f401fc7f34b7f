"""Serve the production build already in the web folder, without compiling or building it again:
what `reflex run --env prod` does once its build step is over (reflex/reflex.py `_run_prod`).

Reflex has no command for this: `reflex run --env prod` always compiles and builds first, and
`--backend-only` serves no pages. The browser tests use it to serve one build from every test
worker and to restart a site in another server layout (Redis) without building it again
(tests/support/site.py). Run it from the project folder: `python -m
student_portal.reflex_internals.serve_built PORT`. Its Reflex names are in PRIVATE_NAMES, checked
when this folder is imported."""

from __future__ import annotations

import sys

from student_portal.reflex_internals.core import resolve


def serve_built(port: int) -> None:
    """Serve `.web` (or REFLEX_WEB_WORKDIR) as built, frontend and backend on `port`."""
    from reflex import constants
    from reflex.config import get_config

    environment = resolve("reflex_base.environment").environment
    environment.REFLEX_ENV_MODE.set(constants.Env.PROD)
    environment.REFLEX_SKIP_COMPILE.set(True)  # the workers import the app without compiling it
    config = get_config()
    config._set_persistent(frontend_port=port, backend_port=port)  # as `reflex run` sets them
    resolve("reflex.utils.exec").run_backend_prod(
        config.backend_host, port, config.loglevel.subprocess_level(), mount_frontend_compiled_app=True
    )


if __name__ == "__main__":
    serve_built(int(sys.argv[1]))
