"""The framing between a student's bot process and the tournament: JSON objects, each sent as
a 4-byte big-endian length and that many bytes of UTF-8. A message longer than
:data:`MAX_MESSAGE` is refused (a bot cannot make the host read without end)."""

from __future__ import annotations

import json
import socket
import struct
from typing import Any

__all__ = ["MAX_MESSAGE", "ProtocolError", "receive", "send"]

MAX_MESSAGE = 1 << 20
"""The longest message either side accepts, in bytes (a dice view is about 3 kB)."""


class ProtocolError(Exception):
    """A message that is not one: too long, not JSON, not an object."""


def send(connection: socket.socket, message: dict[str, Any]) -> None:
    """Send ``message`` (a JSON-ready dict); raises OSError when the other side has gone."""
    data = json.dumps(message, ensure_ascii=False, default=str).encode("utf-8", "replace")
    connection.sendall(struct.pack(">I", len(data)) + data)


def _exactly(connection: socket.socket, size: int) -> bytes | None:
    chunks, left = [], size
    while left:
        chunk = connection.recv(min(left, 1 << 16))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def receive(connection: socket.socket) -> dict[str, Any] | None:
    """The next message, or None when the other side closed the connection. Raises
    ProtocolError for a message that is too long or not a JSON object, ``TimeoutError``
    (``socket.timeout``) when the socket's timeout passes first."""
    head = _exactly(connection, 4)
    if head is None:
        return None
    (size,) = struct.unpack(">I", head)
    if size > MAX_MESSAGE:
        raise ProtocolError(f"a message of {size} bytes (at most {MAX_MESSAGE})")
    body = _exactly(connection, size)
    if body is None:
        return None
    try:
        message = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ProtocolError(f"not JSON ({exc})") from None
    if not isinstance(message, dict):
        raise ProtocolError("not a JSON object")
    return message
