"""A mixed-radix codec from actions to integers, for RL and OpenSpiel.

A game declares its action space once as a list of :class:`ActionSpec` (a kind and the range of
each parameter). Every action of that kind gets a fixed integer in
``[0, codec.size)``, independent of the state, so the map is a bijection on every state's legal
actions as long as legal actions differ in kind or parameters.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletide.engine.actions import Action, Param
from tabletide.engine.errors import IllegalActionError, MalformedActionError


@dataclass(frozen=True)
class ParamSpec:
    """A parameter: ints ``lo..lo+size-1`` or an enumeration of strings."""

    name: str
    size: int = 0
    lo: int = 0
    values: tuple[str, ...] = ()

    @property
    def cardinality(self) -> int:
        return len(self.values) if self.values else self.size

    def index(self, value: Param) -> int:
        if self.values:
            if not isinstance(value, str) or value not in self.values:
                raise MalformedActionError(f"{self.name} must be one of {list(self.values)}")
            return self.values.index(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedActionError(f"{self.name} must be an integer")
        i = value - self.lo
        if not 0 <= i < self.size:
            raise MalformedActionError(
                f"{self.name} must be in {self.lo}..{self.lo + self.size - 1}, got {value}"
            )
        return i

    def value(self, i: int) -> Param:
        return self.values[i] if self.values else self.lo + i


def ints(name: str, size: int, lo: int = 0) -> ParamSpec:
    return ParamSpec(name, size=size, lo=lo)


def enum(name: str, values: Sequence[str]) -> ParamSpec:
    return ParamSpec(name, values=tuple(values))


@dataclass(frozen=True)
class ActionSpec:
    kind: str
    params: tuple[ParamSpec, ...] = ()

    @property
    def size(self) -> int:
        n = 1
        for p in self.params:
            n *= p.cardinality
        return n


class ActionCodec:
    """Encode/decode actions of the declared kinds to ``[0, size)``."""

    def __init__(self, specs: Sequence[ActionSpec]) -> None:
        self.specs = tuple(specs)
        self._by_kind: dict[str, tuple[int, ActionSpec]] = {}
        offset = 0
        for spec in self.specs:
            if spec.kind in self._by_kind:
                raise ValueError(f"duplicate action kind {spec.kind!r}")
            self._by_kind[spec.kind] = (offset, spec)
            offset += spec.size
        self.size = offset
        self._offsets = [self._by_kind[s.kind][0] for s in self.specs]
        self._codes: dict[Action, int] = {}
        """The codes found so far (at most one entry per code: an action's code never changes)."""

    def offset(self, kind: str) -> int:
        """The first code of ``kind``."""
        return self._by_kind[kind][0]

    def kinds(self) -> list[str]:
        return [s.kind for s in self.specs]

    def check(self, action: Action) -> None:
        """Raise :class:`MalformedActionError` unless the action fits the declared space."""
        self.encode(action)

    def encode(self, action: Action) -> int:
        code = self._codes.get(action)
        if code is None:
            code = self._codes[action] = self._encode(action)
        return code

    def encode_all(self, actions: Sequence[Action]) -> list[int]:
        """:meth:`encode` of each action, in order (a legal list at every step of a learner:
        one loop with the memo at hand)."""
        codes = self._codes
        known = codes.get
        out = []
        for action in actions:
            code = known(action)
            if code is None:
                code = codes[action] = self._encode(action)
            out.append(code)
        return out

    def _encode(self, action: Action) -> int:
        try:
            offset, spec = self._by_kind[action.kind]
        except KeyError:
            raise MalformedActionError(
                f"unknown action kind {action.kind!r}; known kinds: {', '.join(self.kinds())}"
            ) from None
        names = [p.name for p in spec.params]
        given = [k for k, _ in action.params]
        if sorted(names) != given:
            raise MalformedActionError(
                f"action {action.kind!r} takes fields {sorted(names)}, got {given}"
            )
        index = 0
        for p in spec.params:
            index = index * p.cardinality + p.index(action[p.name])
        return offset + index

    def decode(self, code: int) -> Action:
        if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < self.size:
            raise IllegalActionError(f"action code must be an integer in 0..{self.size - 1}")
        k = 0
        while k + 1 < len(self.specs) and self._offsets[k + 1] <= code:
            k += 1
        spec = self.specs[k]
        rest = code - self._offsets[k]
        values: dict[str, Param] = {}
        for p in reversed(spec.params):
            rest, i = divmod(rest, p.cardinality)
            values[p.name] = p.value(i)
        return Action.of(spec.kind, values)
