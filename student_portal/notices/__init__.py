"""Notices (issue 53): describing a change, choosing whom it concerns, mailing it."""
