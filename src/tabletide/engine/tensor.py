"""Numeric observations for learning agents: a flat vector of floats, written segment by segment.

Each game writes what one seat may see (its :meth:`~tabletide.engine.State.observation`, nothing
more) into a :class:`TensorWriter` in ``Game.write_tensor``. The writer records the name and size
of every segment, so the layout documents itself (``tabletide tensor GAME`` prints it) and the
research APIs (``tabletide.rl``) get a fixed size per player count and options.

Conventions every game follows (see ``docs/rl.md``):

* **Seat-relative order.** Per-seat segments start with the observing seat, then the seats
  after it in turn order, so a policy learns "me" and "the next player", not "seat 2".
* **Fixed size.** The size depends only on the player count and the options; pad with zeros
  (lists of cards or tiles become fixed slots or counts per kind).
* **Scaled.** Values are roughly in [0, 1]: counts divided by a stated maximum, one-hot
  categories, bits.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

Values: TypeAlias = "array[float]"
"""A tensor's numbers: floats in one buffer, ``array("d")`` (double precision), or
``array("f")`` (single) for a game whose layout asks for it. Copying a block of them (a blank
layout, a cached static part) is a memory copy, and the research APIs read the buffer with
``numpy.frombuffer`` instead of converting number by number (which cost a quarter of a
millisecond per 12,000 values). Learners take ``float32``: a single-precision tensor is handed
to them without a conversion, and its blocks are half the bytes to copy (Ahoy's 13,360 values:
about 6 µs of a PettingZoo turn)."""

DOUBLE, SINGLE = "d", "f"
"""The two typecodes a tensor's buffer may have."""

_ZERO = {code: array(code, [0.0]) for code in (DOUBLE, SINGLE)}


def zeros(size: int, typecode: str = DOUBLE) -> Values:
    """``size`` zero values (one zero repeated: a memory fill, without the temporary
    ``bytes`` object of ``size * 8`` bytes that building from bytes needs)."""
    return _ZERO[typecode] * size


@dataclass(frozen=True)
class Segment:
    """One named run of values in an observation tensor."""

    name: str
    start: int
    size: int
    meaning: str


class TensorWriter:
    """Appends named segments of floats; :attr:`values` is the tensor, :attr:`segments` its
    layout."""

    __slots__ = ("segments", "values")

    def __init__(self) -> None:
        self.values: Values = array("d")
        self.segments: list[Segment] = []

    def _mark(self, name: str, size: int, meaning: str) -> None:
        self.segments.append(Segment(name, len(self.values) - size, size, meaning))

    def scalar(self, name: str, value: float, scale: float = 1.0, meaning: str = "") -> None:
        """One number divided by ``scale`` (its usual maximum)."""
        self.values.append(float(value) / scale)
        self._mark(name, 1, meaning or f"value / {scale:g}")

    def scalars(
        self, name: str, values: Sequence[float], scale: float = 1.0, meaning: str = ""
    ) -> None:
        """Several numbers, each divided by ``scale``."""
        self.values.extend(float(v) / scale for v in values)
        self._mark(name, len(values), meaning or f"{len(values)} values / {scale:g}")

    def onehot(self, name: str, index: int | None, size: int, meaning: str = "") -> None:
        """``size`` bits with bit ``index`` set; all zero when ``index`` is None or negative."""
        if index is not None and index >= size:
            raise ValueError(f"{name}: index {index} out of range for a one-hot of {size}")
        values = self.values
        at = len(values)
        values.frombytes(bytes(values.itemsize * size))
        if index is not None and index >= 0:
            values[at + index] = 1.0
        self._mark(name, size, meaning or f"one-hot of {size}")

    def bits(self, name: str, flags: Iterable[bool], meaning: str = "") -> None:
        """One 0/1 value per flag."""
        before = len(self.values)
        self.values.extend(1.0 if f else 0.0 for f in flags)
        self._mark(name, len(self.values) - before, meaning or "flags")

    def counts(
        self, name: str, items: Iterable[int], size: int, scale: float = 1.0, meaning: str = ""
    ) -> None:
        """How many times each index in ``range(size)`` occurs in ``items``, over ``scale``."""
        values = self.values
        at = len(values)
        values.frombytes(bytes(values.itemsize * size))
        step = 1.0 / scale
        for i in items:
            if not 0 <= i < size:
                raise IndexError(f"{name}: index {i} out of range for {size} counts")
            values[at + i] += step
        self._mark(name, size, meaning or f"counts of {size} kinds / {scale:g}")


class TensorLayout:
    """A game's tensor declared once per player count (and options): named segments at fixed
    offsets. A game fills :meth:`blank` by offset (``values[layout.off[name] + i] = x``), which
    is several times faster than a :class:`TensorWriter` call per segment, and hands the list
    to :meth:`emit`. Games subclass it to keep their own sizes beside the offsets."""

    def __init__(self, typecode: str = DOUBLE) -> None:
        self.segments: list[Segment] = []
        self.off: dict[str, int] = {}
        """Where each segment starts."""
        self.size = 0
        self.typecode = typecode
        """The buffer's typecode (:data:`DOUBLE` or :data:`SINGLE`): a single-precision
        layout writes its blocks and blank in ``array("f")`` throughout (a slice assignment
        needs one typecode), and rounds each value once, as a learner's ``float32`` would."""

    def add(self, name: str, size: int, meaning: str) -> None:
        """Declare the next segment."""
        if name in self.off:
            raise ValueError(f"segment {name!r} declared twice")
        self.off[name] = self.size
        self.segments.append(Segment(name, self.size, size, meaning))
        self.size += size

    def blank(self) -> Values:
        """A tensor of zeros of this layout's size."""
        return zeros(self.size, self.typecode)

    def emit(self, out: TensorWriter, values: Values) -> None:
        """Append ``values`` (filled from :meth:`blank`) and this layout's segments to ``out``.
        ``values`` is handed over: a writer that holds nothing yet takes the buffer itself
        instead of a copy (Ahoy's 13,360 values cost a memory copy per observation), so the
        caller must not keep or reuse it (pass a fresh :meth:`blank`, never a cached block)."""
        if len(values) != self.size:
            raise ValueError(f"a tensor of {len(values)} values for a layout of {self.size}")
        start = len(out.values)
        if start == 0:
            out.values = values
            out.segments.extend(self.segments)
        else:  # after other values: in the writer's typecode
            out.values.extend(values if values.typecode == out.values.typecode else values.tolist())
            out.segments.extend(
                Segment(g.name, g.start + start, g.size, g.meaning) for g in self.segments
            )


def seat_order(seat: int, num_players: int) -> list[int]:
    """The seats from ``seat`` on, in turn order (the order of per-seat segments)."""
    return [(seat + k) % num_players for k in range(num_players)]
