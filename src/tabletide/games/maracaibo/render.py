"""The terminal screen (placeholder until the full view lands)."""

from __future__ import annotations

import json
from typing import Any


def render(obs: dict[str, Any]) -> str:
    return json.dumps(obs["state"], indent=1)[:4000]
