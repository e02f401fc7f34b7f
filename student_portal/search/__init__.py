"""Site search: the catalog of what can be found, its index and the ranking of a query's hits.
Read by state/search.py; knows nothing of pages or markup."""
