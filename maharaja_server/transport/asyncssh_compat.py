"""What the server relies on in asyncssh beyond its documented API, in one place.

asyncssh documents its connections' methods for applications (``create_process``,
``get_extra_info``, ``close``...), not ``send_packet``, through which every packet goes.
``tests/server/test_asyncssh_compat.py`` checks each use below against the installed
asyncssh and fails naming what to recheck when a new version changes it.

- ``send_no_ignore_packets``: asyncssh puts an empty SSH_MSG_IGNORE before every packet
  it sends once the keys are set (OpenSSH's old countermeasure against CBC's known-IV
  attacks; asyncssh has no setting to turn it off). The server offers no CBC mode
  (ssh.CIPHERS), so each was a packet padded, encrypted, MACed and sent for nothing:
  half the packets of a session's redraws, on the server and on every client. The
  connection's own ``send_packet`` is wrapped (an attribute of that connection, which
  asyncssh's ``self.send_packet`` finds first); no class is changed.
"""

from __future__ import annotations

from typing import Any

import asyncssh
from asyncssh.constants import MSG_IGNORE

EMPTY_STRING = bytes(4)  # an SSH string of length 0: the ignore packets' whole payload


def send_no_ignore_packets(conn: asyncssh.SSHServerConnection) -> None:
    """From now on ``conn`` sends no empty SSH_MSG_IGNORE (see the module)."""
    send = conn.send_packet

    def send_packet(pkttype: int, *args: bytes, **kwargs: Any) -> None:
        if pkttype == MSG_IGNORE and args == (EMPTY_STRING,):
            return
        send(pkttype, *args, **kwargs)

    conn.send_packet = send_packet  # type: ignore[method-assign]  # this connection's only
