"""The terminal view of a Tiny Epic Pirates observation (placeholder, being written)."""

from __future__ import annotations

import json
from typing import Any


def render(view: dict[str, Any]) -> str:
    return json.dumps(view["state"], indent=1)
