"""What wraps the app while it runs: ASGI wrappers (in the order student_portal.py installs them),
event middleware, lifespan tasks (embedded PocketBase, live updates, GC), error and log handling.
Not here: page markup (components/, pages/), build-time plugins (build/), Reflex internals (reflex_internals/)."""
