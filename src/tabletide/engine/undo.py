"""Undo as Board Game Arena allows it: a player may take back their own moves of the turn under
way, but never past a random event, never past a move that showed them something hidden, and
never past another player's move.

The engine decides this for any game without game-specific code:

* :func:`is_reversible` — was one move free of chance and of revelations? The random stream
  must not have moved, no other seat may have acted in its wake (a forced move the engine made
  for it, which can depend on that seat's secrets), and the move's outcome must look the same
  to the mover on determinized copies of the position before it (copies in which what the mover
  could not see is resampled). If it differs on a copy, the move showed the mover something it
  did not know: a card drawn from a deck, an opponent's hidden card, a face-down tile turned
  over. What the move shows *others* of the mover's own secrets (a card played from the hand)
  does not stop an undo: taking it back gives the mover nothing, as on Board Game Arena.
* :func:`undo_depth` — how many of the latest moves a seat may take back now: only while it is
  still that seat's decision, and only through an unbroken run of its own reversible moves.

A server or a terminal keeps one flag per move (computed when the move is made) and replays the
game without the taken-back moves (``seed + options + actions`` is the game).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from tabletide.engine.actions import Action
from tabletide.engine.errors import IllegalActionError
from tabletide.engine.rng import derive_seed
from tabletide.engine.state import State, with_log

SAMPLES = 8
"""Determinized copies tried. The check is a sample: a move whose outcome depends on hidden
facts in only a few of the worlds the mover thinks possible could pass it. In random games of
all five games, no move found reversible with 8 copies was found otherwise with 32."""


def is_reversible(before: State, action: Action, after: State, samples: int = SAMPLES) -> bool:
    """Whether ``action``, which took ``before`` to ``after``, may be taken back: no random
    draw happened, and no seat learned anything hidden from it. ``before`` is not changed."""
    return check_move(before, action, after, samples)[0]


class Checked(NamedTuple):
    """What :func:`check_move` found."""

    reversible: bool
    worlds: list[State] | None
    """When reversible: the copies tried, for the check of the mover's next move."""
    seen: dict[str, Any] | None
    """What the mover sees after the move, without the log (:func:`_seen`), when the check
    got as far as working it out; :func:`observation` completes it."""


def check_move(
    before: State,
    action: Action,
    after: State,
    samples: int = SAMPLES,
    worlds: list[State] | None = None,
) -> Checked:
    """:func:`is_reversible`, and the determinized copies it tried, for the next move.

    Returns the flag and, when the move is reversible, its ``samples`` copies of ``before``
    with ``action`` applied: each looks to the mover exactly as ``after`` does and drew
    nothing, so each is a determinized copy of ``after`` for the mover, as good as a fresh
    one. Pass them as ``worlds`` to the check of the mover's next move from ``after`` (the
    next move of the same run; a server checks only moves after which the mover still
    decides) and it skips the sampling (a copy of the whole state and a reshuffle of what is
    hidden, per copy); they are changed in place, so pass them once. Without ``worlds`` (the
    first move of a run, or after another seat's move, an undo or a restart) the copies are
    sampled from ``before``.

    The mover's view is compared without its ``log`` (:func:`_seen`): the lines are written
    from the events and the names, which are compared, and writing them was a fifth of the
    check."""
    if after.rng.position != before.rng.position:
        return Checked(False, None, None)
    mover = before.current_player()
    if any(e.get("seat") not in (None, mover) for e in after.events[len(before.events) :]):
        # another seat acted (a forced move), maybe because of its secrets
        return Checked(False, None, None)
    if worlds is not None and len(worlds) != samples:
        worlds = None
    seen = _seen(after, mover)
    tried: list[State] = []
    for k in range(samples):
        if worlds is not None:
            copy = worlds[k]
        else:
            copy = before.determinize(
                mover, derive_seed(before.seed, "undo", len(after.history), k)
            )
        start = copy.rng.position
        try:
            copy.apply(action)
        except IllegalActionError:  # the move depended on something the mover cannot see
            return Checked(False, None, seen)
        if copy.rng.position != start or _seen(copy, mover) != seen:
            return Checked(False, None, seen)
        tried.append(copy)
    return Checked(True, tried, seen)


def observation(
    state: State, seat: int, seen: dict[str, Any], lines: list[str] | None = None
) -> dict[str, Any]:
    """``state.observation(seat)`` from ``seen`` (:attr:`Checked.seen` of the move that led to
    ``state``, ``seat`` its mover): the log's lines are written from its events, unless the
    caller has them (``lines``: the seat's lines of those events, as a server keeps them). A
    server builds the mover's view from it instead of observing the position again."""
    if lines is None:
        lines = [state.game.event_text(e, state.names) for e in seen["events"]]
    return with_log(seen, lines)


def _seen(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` sees of ``state`` but the log's text lines (:meth:`State.observation`
    with ``log=False``): the check compares the events and names they are written from."""
    return state.observation(seat, log=False)


def undo_depth(moves: Sequence[tuple[int, bool]], current_seat: int, seat: int) -> int:
    """How many of the latest moves ``seat`` may take back; ``moves`` holds (seat that made
    it, reversible) for every move of the game in order, ``current_seat`` decides now."""
    if current_seat != seat:
        return 0
    depth = 0
    for mover, reversible in reversed(moves):
        if mover != seat or not reversible:
            break
        depth += 1
    return depth
