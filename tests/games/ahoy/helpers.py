"""Scenario helpers for Ahoy rule tests: "build the exact position, play it, assert". Import
with ``from .helpers import ...``. Keep these signatures stable: several test modules use them.

Spaces are named by (x, y) relative to the map's origin, as the game's log and view name them
(``P(1, 0)`` is the space east of the origin). Typical use::

    s = new(3)                               # setup done: the Fleet's first turn is pending
    sea(s, ["I.W.", "..>."], symbols="skull fish")   # replace the map (see ``sea``)
    put(s, s.fleet, 0, 0)                    # the Fleet flagship onto P(0, 0)
    hand(s, s.fleet, 3, 5)                   # its unplaced dice
    give_crew(s, s.fleet, "gunner")          # a crew card
    dice(s, 6, 2)                            # the next battle dice, in order
    start_turn(s, s.fleet)                   # the stack is the Fleet's fresh turn
    act(s, "place", die=3, spot=spot(s, s.fleet, "sail"), value=3)
    act(s, "step", dir=E)
"""

from __future__ import annotations

from typing import Any

import tabletide
from scenario import ScriptedRng, act, dice, find, kind, legal_json
from tabletide.games.ahoy import geometry, turn
from tabletide.games.ahoy.constants import (
    CREW_SPOT0,
    FIGURES,
    FORT0,
    ORIGIN,
    PATROL0,
    WIDTH,
)
from tabletide.games.ahoy.geometry import Cell
from tabletide.games.ahoy.state import AhoyState

__all__ = [
    "GAME",
    "E",
    "N",
    "P",
    "S",
    "ScriptedRng",
    "W",
    "act",
    "card_of",
    "clear_figures",
    "crew_spot",
    "dice",
    "find",
    "fort",
    "give_crew",
    "hand",
    "kind",
    "legal_json",
    "new",
    "options",
    "patrol",
    "put",
    "sea",
    "spot",
    "start_turn",
]

GAME = tabletide.load_game("ahoy")
N, E, S, W = 0, 1, 2, 3


def P(x: int, y: int) -> int:
    """The space ``(x, y)`` relative to the origin."""
    return ORIGIN + y * WIDTH + x


def new(n: int, seed: int = 0, *, setup: bool = True) -> AhoyState:
    """A fresh game; with ``setup`` every setup choice takes its first legal action, so the
    state waits at the Fleet's first turn."""
    state = GAME.new_state(n, seed=seed)
    assert isinstance(state, AhoyState)
    while setup and state.stack and state.stack[-1].kind != "turn":
        state.apply(state.legal_actions()[0])
    return state


TERRAIN = {
    ".": ("open", 0, -1),
    "I": ("island", 0, -1),
    "W": ("wreck", 1, -1),
    "H": ("harbor", 0, -1),
    "F": ("fog", 0, -1),
    "T": ("open", 1, -1),
    "^": ("current", 0, N),
    ">": ("current", 0, E),
    "v": ("current", 0, S),
    "<": ("current", 0, W),
}


def sea(
    state: AhoyState,
    rows: list[str],
    *,
    symbols: str = "",
    tailwind: dict[tuple[int, int], int] | None = None,
    gold: dict[tuple[int, int], int] | None = None,
    bars: list[tuple[tuple[int, int], int]] = (),  # type: ignore[assignment]
) -> None:
    """Replace the map by ``rows`` of terrain characters from P(0, 0): ``.`` open, ``I`` island,
    ``W`` wreck (1 gold), ``H`` harbor, ``F`` fog, ``T`` treasure (1 gold), ``^ > v <``
    currents, a space ``" "`` is no map. Regions are the 2x2 blocks (region = index of the
    block in reading order, counting only blocks that have spaces); each region should hold
    one island. ``symbols`` names the islands' symbols in reading order. ``tailwind`` and
    ``gold`` override values by (x, y); ``bars`` are sandbars as ((x, y), direction).
    Wealth dice start at 1, allies at 0; figures are not moved."""
    names = symbols.split()
    blocks: dict[tuple[int, int], int] = {}
    cells: dict[int, Cell] = {}
    islands: list[tuple[int, int]] = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == " ":
                continue
            block = (y // 2, x // 2)
            if block not in blocks:
                blocks[block] = -1
            islands += [(x, y)] if ch == "I" else []
    for r, block in enumerate(sorted(blocks)):
        blocks[block] = r
    island_of: dict[int, int] = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == " ":
                continue
            terrain, g, cur = TERRAIN[ch]
            region = blocks[(y // 2, x // 2)]
            symbol = None
            if ch == "I":
                symbol = names[islands.index((x, y))] if names else "skull"
                island_of[region] = P(x, y)
            tw = (tailwind or {}).get((x, y), 0)
            g = (gold or {}).get((x, y), g)
            cells[P(x, y)] = Cell(region, terrain, symbol, tw, g, cur)
    n = len(blocks)
    missing = [r for r in range(n) if r not in island_of]
    assert not missing, f"regions {missing} have no island: every region needs one"
    state.cells = cells
    state.islands = frozenset(island_of.values())
    state.island_of = tuple(island_of.get(r, -1) for r in range(n))
    state.placed = tuple(geometry.Placement(0, 0, P(2 * bx, 2 * by)) for by, bx in sorted(blocks))
    blocked: set[tuple[int, int]] = set()
    for (x, y), d in bars:
        a = P(x, y)
        b = a + (-WIDTH, 1, WIDTH, -1)[d]
        blocked |= {(a, d), (b, (d + 2) % 4)}
    state.bars = frozenset(blocked)
    state.wealth = [1] * n
    state.allies = [0] * n


def clear_figures(state: AhoyState) -> None:
    """Every figure back to its supply (flagships off the map too)."""
    state.fig = [-1] * FIGURES


def put(state: AhoyState, fig: int, x: int, y: int) -> None:
    """Put figure ``fig`` on P(x, y) (flagships are figures 0..3 = their seat)."""
    state.fig[fig] = P(x, y)


def patrol(state: AhoyState, x: int, y: int) -> int:
    """Put a patrol from the supply on P(x, y); returns its figure."""
    f = next(f for f in range(PATROL0, FORT0) if state.fig[f] < 0)
    state.fig[f] = P(x, y)
    return f


def fort(state: AhoyState, x: int, y: int) -> int:
    f = next(f for f in range(FORT0, FORT0 + 3) if state.fig[f] < 0)
    state.fig[f] = P(x, y)
    return f


def hand(state: AhoyState, seat: int, *values: int) -> None:
    """The seat's unplaced dice."""
    state.hand[seat] = sorted(values)


def spot(state: AhoyState, seat: int, action: str) -> int:
    """The board spot of a board action ("sail", "cannons", ...)."""
    return state.spot_index(seat, action)


def card_of(state: AhoyState, crew: str) -> int:
    """The first marketplace card showing that crew."""
    return next(m.id for m in state.content.market if m.crew == crew)


def crew_spot(state: AhoyState, crew: str) -> int:
    return CREW_SPOT0 + card_of(state, crew)


def give_crew(state: AhoyState, seat: int, crew: str, card: int | None = None) -> int:
    """Move a card with that crew (wherever it is) into the seat's crew; returns the card."""
    card = card_of(state, crew) if card is None else card
    for pile in (state.market, state.market_deck, state.removed, *state.crew, *state.cargo):
        if card in pile:
            pile.remove(card)
    state.crew[seat].append(card)
    return card


def start_turn(state: AhoyState, seat: int, placed: int = 0) -> None:
    """Throw away the pending decisions and begin ``seat``'s turn (quota from its hand)."""
    state.stack.clear()
    state.moves.clear()
    state.fight = None
    state.over = False
    turn.begin_turn(state, seat)
    state.placed_turn = placed
    state.advance()


def options(state: AhoyState, kind_: str) -> list[dict[str, Any]]:
    """The parameters of every legal action of that kind."""
    return [dict(a.params) for a in state.legal_actions() if a.kind == kind_]
