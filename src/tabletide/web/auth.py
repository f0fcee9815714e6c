"""Invitation tokens: made with :mod:`secrets`, stored only as their SHA-256.

A token is 32 random bytes (URL-safe base64, 43 characters). It travels in the URL *fragment*
of an invitation link (``/t/TABLE#TOKEN``), which browsers never send to the server, then in an
``Authorization: Bearer`` header (REST) or the first WebSocket message, never in a URL the
server sees, so it does not end up in access logs.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass

TOKEN_BYTES = 32
TABLE_ID_BYTES = 9
_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{20,100}$")
_TABLE_ID_SHAPE = re.compile(r"^[A-Za-z0-9_-]{6,32}$")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def hash_token(token: str) -> str:
    """The stored form of a token. Tokens carry 256 random bits, so a plain SHA-256 is as
    good as a slow password hash here and lets the server look a token up by its hash."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_shape_ok(token: str) -> bool:
    return bool(_TOKEN_SHAPE.match(token))


def table_id_ok(table_id: str) -> bool:
    return bool(_TABLE_ID_SHAPE.match(table_id))


def bearer_token(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header, or None."""
    if not header:
        return None
    scheme, _, value = header.strip().partition(" ")
    if not value.strip():
        return None
    if scheme.lower() == "player":  # ``Authorization: Player KEY`` (issue 25: players.py)
        return "player:" + value.strip()
    if scheme.lower() != "bearer":
        return None
    return value.strip()


@dataclass(frozen=True)
class Viewer:
    """Who is asking: a seat of a table, or a spectator (``seat is None``)."""

    table_id: str
    seat: int | None
    token_hash: str

    @property
    def role(self) -> str:
        return "spectator" if self.seat is None else "player"
