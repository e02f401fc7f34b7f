"""The exam tools (/z-score, /cut-offs): streams and districts, the Z-score formula and the
CSV checks of `make import-exam-data`. Pure but for `import_data` (which talks to PocketBase);
no Reflex here."""
