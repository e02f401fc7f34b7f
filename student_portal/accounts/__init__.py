"""Accounts students run themselves: their texts, password rules, PocketBase's answers in the
site's words, the account mails' texts (for PocketBase's hooks) and the development outbox.
No Reflex here: the state layer (state/sign_up.py, state/account.py, ...) uses these."""
