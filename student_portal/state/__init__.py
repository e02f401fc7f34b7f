"""`rx.State` classes by concern: what a page shows and the events that change it, read through
pocketbase/'s content cache and client. No markup (that is components/), no PocketBase HTTP details."""
