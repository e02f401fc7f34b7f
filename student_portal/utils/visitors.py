"""One visitor's address as every per-address limit counts it (issue 49, finding 5).

An IPv6 line (a home, a phone, a VPS) is given a whole /64, so counting each IPv6 address apart
gives one visitor 2**64 fresh allowances: IPv6 visitors are counted per /64 (its first address),
in the site's own limits (server/event_guard.py) and in the address it forwards to PocketBase,
whose per-address rate limits then count the /64 too. IPv4 addresses (and IPv4 written as IPv6,
::ffff:a.b.c.d) stay as they are. Pure: no Reflex, no I/O.
"""

from __future__ import annotations

import ipaddress

IPV6_PREFIX = 64


def visitor_address(address: str | None) -> str | None:
    """The address a visitor is counted by: IPv4 as it is, IPv6 as its /64; None when `address`
    is no IP address."""
    if not address:
        return None
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, IPV6_PREFIX), strict=False).network_address)
    return str(ip)
