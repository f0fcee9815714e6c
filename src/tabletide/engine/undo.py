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

from tabletide.engine.actions import Action
from tabletide.engine.errors import IllegalActionError
from tabletide.engine.rng import derive_seed
from tabletide.engine.state import State

SAMPLES = 8
"""Determinized copies tried. The check is a sample: a move whose outcome depends on hidden
facts in only a few of the worlds the mover thinks possible could pass it. In random games of
all five games, no move found reversible with 8 copies was found otherwise with 32."""


def is_reversible(before: State, action: Action, after: State, samples: int = SAMPLES) -> bool:
    """Whether ``action``, which took ``before`` to ``after``, may be taken back: no random
    draw happened, and no seat learned anything hidden from it. ``before`` is not changed."""
    if after.rng.position != before.rng.position:
        return False
    mover = before.current_player()
    if any(e.get("seat") not in (None, mover) for e in after.events[len(before.events) :]):
        return False  # another seat acted (a forced move), maybe because of its secrets
    seen = after.observation(mover)
    for k in range(samples):
        copy = before.determinize(mover, derive_seed(before.seed, "undo", len(after.history), k))
        start = copy.rng.position
        try:
            copy.apply(action)
        except IllegalActionError:  # the move depended on something the mover cannot see
            return False
        if copy.rng.position != start or copy.observation(mover) != seen:
            return False
    return True


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
