"""What every test run shares: unit, integration and browser tests alike."""

from __future__ import annotations

from hypothesis import settings

# No deadline for a Hypothesis example (its default fails any that takes over 200 ms). That is a
# timing check, and this machine is shared and noisy: `make test` once failed an example at 307 ms
# that took 0.11 ms when run again. Timing targets live in benchmarks/ (`make bench`).
settings.register_profile("student_portal", deadline=None)
settings.load_profile("student_portal")
