"""Actions: small immutable values with a JSON form and a label for people.

An action is a *kind* (``"take_part"``) plus named integer or string parameters
(``column=2, row=0``). Equality and hashing use kind and parameters only; the label is for
display. ``Action.make("take_part", "Take bow 1 (free)", column=0, row=0)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from tabletide.engine.errors import MalformedActionError

Param = int | str


@dataclass(frozen=True, slots=True)
class Action:
    """One atomic decision. ``kind`` names it; ``params`` are sorted ``(name, value)`` pairs."""

    kind: str
    params: tuple[tuple[str, Param], ...] = ()
    label: str = field(default="", compare=False, hash=False)

    @classmethod
    def make(cls, kind: str, label: str = "", **params: Param) -> Action:
        return cls.of(kind, params, label)

    @classmethod
    def of(cls, kind: str, params: Mapping[str, Param], label: str = "") -> Action:
        """Like :meth:`make`, with the parameters as a mapping."""
        items = tuple(params.items())
        if len(items) > 1:
            items = tuple(sorted(items))
        return cls(kind, items, label or _default_label(kind, params))

    def __getitem__(self, name: str) -> Param:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    def num(self, name: str) -> int:
        """The integer parameter ``name``."""
        value = self[name]
        assert isinstance(value, int)
        return value

    def text(self, name: str) -> str:
        """The string parameter ``name``."""
        value = self[name]
        assert isinstance(value, str)
        return value

    def to_json(self) -> dict[str, Param]:
        """``{"kind": ..., **params}``; :meth:`from_json` reads it back."""
        out: dict[str, Param] = {"kind": self.kind}
        out.update(self.params)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        """Parse the JSON form. Only checks the shape; legality is the state's business.

        :raises MalformedActionError: not a mapping, no string ``kind``, or a parameter that is
            not an int or a string.
        """
        if not isinstance(data, Mapping):
            raise MalformedActionError(
                f"an action must be a JSON object, got {type(data).__name__}"
            )
        kind = data.get("kind")
        if not isinstance(kind, str) or not kind:
            raise MalformedActionError("an action needs a non-empty string field 'kind'")
        params: dict[str, Param] = {}
        for key, value in data.items():
            if key == "kind":
                continue
            if isinstance(value, bool) or not isinstance(value, int | str):
                raise MalformedActionError(
                    f"action field {key!r} must be an integer or a string, got {value!r}"
                )
            params[str(key)] = value
        return cls.of(kind, params)

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params)
        return f"Action.make({self.kind!r}{args})"

    def __str__(self) -> str:
        return self.label


def _default_label(kind: str, params: Mapping[str, Param]) -> str:
    if not params:
        return kind
    return kind + " " + " ".join(f"{k}={v}" for k, v in sorted(params.items()))


make_action = lru_cache(maxsize=1 << 15)(Action.make)
"""``make_action(kind, label, **params)``: :meth:`Action.make` with each distinct action built
once and shared. Games whose legal lists offer the same actions again and again (the same
space, the same "Done", the same raid) use it: finding the action already built costs less than
building it (sorting its parameters, a frozen dataclass). An action is immutable, and the
cache is keyed on the kind, the label and every parameter, so a shared object is exactly what a
fresh call would build. Bounded: labels may carry prices and the table's names."""
