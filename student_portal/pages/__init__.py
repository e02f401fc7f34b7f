"""One module per route; importing this package registers them all.

Every module of this folder is imported, in name order: a new page is its module and nothing
here (its `@site_page` declares it).
"""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
