"""Shared scenario helpers for Shipyard rule tests ("build the exact position, play, assert").

Import in a test module of this package with ``from .helpers import new, take, ...``.
Keep these signatures stable: other test modules depend on them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import tabletide
from tabletide.engine import Action
from tabletide.games.shipyard.state import ShipyardState


def new(n: int, seed: int = 0, **options: Any) -> ShipyardState:
    """A fresh ``n``-player game (options, e.g. ``first_game=True``, are passed on)."""
    game = tabletide.load_game("shipyard")
    state = game.new_state(n, seed=seed, options=options or None)
    assert isinstance(state, ShipyardState)
    return state


def kind(state: ShipyardState) -> str | None:
    """The kind of the pending decision (None when the game is over)."""
    return state.stack[-1].kind if state.stack else None


def seat(state: ShipyardState) -> int:
    """The seat that decides now (-1 when the game is over)."""
    return state.current_player()


def legal_json(state: ShipyardState) -> list[dict[str, Any]]:
    return [a.to_json() for a in state.legal_actions()]


def find(state: ShipyardState, kind: str, **params: Any) -> Action | None:
    """The legal action of ``kind`` whose parameters include ``params``, or None."""
    for action in state.legal_actions():
        if action.kind != kind:
            continue
        pars = dict(action.params)
        if all(pars.get(k) == v for k, v in params.items()):
            return action
    return None


def has(state: ShipyardState, kind: str, **params: Any) -> bool:
    """Whether a legal action of ``kind`` with (at least) these parameters exists."""
    return find(state, kind, **params) is not None


def take(state: ShipyardState, kind: str, **params: Any) -> Action:
    """Apply the legal action of ``kind`` whose parameters include ``params``.

    Fails with the pending decision and every legal action listed when there is none.
    """
    action = find(state, kind, **params)
    if action is None:
        top = state.stack[-1] if state.stack else None
        where = f"{top.kind!r} of seat {top.seat}" if top else "none (game over)"
        raise AssertionError(
            f"no legal action {kind} {params}; pending decision: {where}; "
            f"legal: {legal_json(state)}"
        )
    state.apply(action)
    return action


def play_until(
    state: ShipyardState,
    predicate: Callable[[ShipyardState], bool],
    rng_seed: int = 0,
    limit: int = 5000,
) -> ShipyardState:
    """Apply random legal actions until ``predicate(state)`` holds (checked first).

    Fails if the game ends or ``limit`` actions pass without the predicate holding.
    """
    rng = random.Random(rng_seed)
    for _ in range(limit):
        if predicate(state):
            return state
        legal = state.legal_actions()
        if not legal:
            raise AssertionError("the game ended before the predicate held")
        state.apply(rng.choice(legal))
    if predicate(state):
        return state
    raise AssertionError(f"predicate not reached within {limit} actions")


def play_out(state: ShipyardState, rng_seed: int = 0, limit: int = 20000) -> ShipyardState:
    """Random legal actions until the game is over."""
    return play_until(state, lambda s: s.is_terminal(), rng_seed=rng_seed, limit=limit)


def set_track(state: ShipyardState, layout: dict[int, int], front: int | None = None) -> None:
    """Place tiles at the given distances behind the leader (the tile with distance 0).

    Every tile in ``state.tiles`` must be given; distances must be distinct and < track length.
    The leader goes on space ``front`` (default: the space the current leader stands on).
    Figures stay on their tiles (``state.figs`` names tiles, not spaces).
    """
    assert set(layout) == set(state.tiles), (
        f"layout must place exactly the tiles in play {sorted(state.tiles)}, got {sorted(layout)}"
    )
    ds = list(layout.values())
    assert len(set(ds)) == len(ds), f"two tiles on one space: {layout}"
    assert all(0 <= d < state.track_len for d in ds), f"distance out of range: {layout}"
    leaders = [t for t, d in layout.items() if d == 0]
    assert len(leaders) == 1, f"exactly one tile needs distance 0: {layout}"
    lead = leaders[0]
    if front is None:
        front = state.pos[state.lead]
    state.lead = lead
    for t, d in layout.items():
        state.pos[t] = (front - d) % state.track_len


def set_front(state: ShipyardState, front: int) -> None:
    """Rotate the whole track (keeping every distance) so the leader stands on ``front``.

    ``set_front(s, s.track_len - 1)`` makes the next phase 1 put a tile on the start space
    (space 0), i.e. completes a lap (SY-4.14)."""
    set_track(state, distances(state), front=front)


def finish_turn(state: ShipyardState, rng_seed: int = 0, limit: int = 2000) -> ShipyardState:
    """Random legal actions until the current turn is over (some seat's ``turns_taken`` grew),
    or the game is over. Stops at the first decision after that (or at the end)."""
    before = sum(state.turns_taken)
    return play_until(
        state,
        lambda s: s.is_terminal() or sum(s.turns_taken) > before,
        rng_seed=rng_seed,
        limit=limit,
    )


def to_choose(state: ShipyardState, seat: int | None = None, rng_seed: int = 0) -> ShipyardState:
    """Random legal actions until a ``choose_tile`` decision (of ``seat``, if given) is pending."""
    return play_until(
        state,
        lambda s: kind(s) == "choose_tile" and (seat is None or s.current_player() == seat),
        rng_seed=rng_seed,
    )


def to_normal_turn(state: ShipyardState, rng_seed: int = 0) -> ShipyardState:
    """Random legal actions until every seat has played its first turn(s) (SY-4.3/4.4) and a
    ``choose_tile`` decision of a normal turn is pending (phase 1 already done)."""
    return play_until(
        state,
        lambda s: kind(s) == "choose_tile" and not any(s.first_left),
        rng_seed=rng_seed,
    )


def choice_tiles(state: ShipyardState) -> set[int]:
    """The tiles offered by the pending ``choose_tile`` decision."""
    assert kind(state) == "choose_tile", f"pending decision is {kind(state)!r}"
    return {a.num("tile") for a in state.legal_actions()}


def distances(state: ShipyardState) -> dict[int, int]:
    """Every tile in play -> spaces behind the leader (the inverse of ``set_track``)."""
    front = state.pos[state.lead]
    return {t: (front - state.pos[t]) % state.track_len for t in state.tiles}


def events_of(state: ShipyardState, type_: str, seat: int | None = None) -> list[dict[str, Any]]:
    """Logged events of a type (as ``seat`` sees them; None = spectator)."""
    return [e for e in state.events_for(seat) if e["type"] == type_]
