"""The browser tests' proxy in front of PocketBase (tests/support/backend_proxy.py): the site's
superuser sign-ins through it do not add up on the site's own address, as they would when a
module switches backends every few seconds."""

from __future__ import annotations

import httpx

from tests.integration.conftest import SUPERUSER_EMAIL, SUPERUSER_PASSWORD
from tests.support.backend_proxy import BackendProxy


def test_superuser_sign_ins_through_the_proxy_each_get_an_address_of_their_own(pocketbase) -> None:
    proxy = BackendProxy(pocketbase.port).start()
    try:
        with httpx.Client(base_url=proxy.url, timeout=10) as site:  # as the site signs in: no address given
            statuses = [
                site.post(
                    "/api/collections/_superusers/auth-with-password",
                    json={"identity": SUPERUSER_EMAIL, "password": SUPERUSER_PASSWORD},
                ).status_code
                for _ in range(12)  # PocketBase allows one address 10
            ]
    finally:
        proxy.stop()
    assert statuses == [200] * 12
