"""What every game's content loader shares: the marks of a record (rulebook or stand-in, the
gaps it answers), frozen validated models, and reading a package's ``content/*.json``.

A game's ``content.py`` declares its records on top of :class:`Record` (cards, tiles, boards)
or :class:`Frozen` (their parts), reads its files with :func:`read_content` and validates them
once in a cached ``load_content()``. A user who transcribes the printed components into the
same files replaces our stand-ins.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict

Provenance = Literal["rulebook", "stand-in"]
"""Where a record comes from: the rulebook, or our own design for what the rulebook leaves out."""


class Frozen(BaseModel):
    """A validated, immutable piece of content that refuses unknown keys."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Record(Frozen):
    """A component (a card, a tile, a board), marked with its provenance and the gap IDs of
    the rules spec that it answers (``SY-GAP-10b``)."""

    provenance: Provenance = "stand-in"
    gaps: tuple[str, ...] = ()


def read_content(package: str, name: str) -> dict[str, object]:
    """The JSON object in ``content/<name>`` of ``package``, without its ``_comment`` (a note
    for people editing the file)."""
    path = resources.files(package).joinpath("content").joinpath(name)
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{package} content/{name}: expected a JSON object")
    data.pop("_comment", None)
    return data
