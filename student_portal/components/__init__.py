"""Reusable UI: functions that return `rx.Component`s (cards, header, dialogs, buttons), drawn from
state vars and texts. No fetching, no state classes: a page composes these; state lives in state/."""
