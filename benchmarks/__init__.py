"""Benchmarks of the site (tracker issue 6): `make bench`, or `python -m benchmarks.run --help`."""
