"""Where a client comes from, as the limits count it: its address and its network."""

from __future__ import annotations

import ipaddress


def networks(address: str) -> tuple[str, str]:
    """(the address, its network) as the rate limits count them: an IPv4 address and its
    /24; for IPv6, whose hosts each have a /64, the /64 and its /48."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address, address
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return networks(str(ip.ipv4_mapped))
        return (str(ipaddress.ip_network(f"{ip}/64", strict=False)),
                str(ipaddress.ip_network(f"{ip}/48", strict=False)))
    return str(ip), str(ipaddress.ip_network(f"{ip}/24", strict=False))
