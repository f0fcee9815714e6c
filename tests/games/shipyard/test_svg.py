"""Shipyard's board picture (``games/shipyard/present/board.py``): along random 2-4 player
games, every seat and the spectator get a well-formed, deterministic SVG with a viewBox whose
``data-action`` marks are valid indexes; the main decisions have every legal target marked on
the board, on the right thing (the tile, the shipyard space, the part, the employee, the
contract); a seat never sees another seat's contracts; a hand-built position shows its
numbers, parts, employees, wagons and fleet."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from random import Random
from typing import Any

import pytest

from tabletide.games.shipyard import canals, voyage
from tabletide.games.shipyard.constants import COLUMN_NAMES, ITEM_INDEX, SUBSTITUTE
from tabletide.games.shipyard.state import ShipyardState
from tabletide.games.shipyard.voyage import Ship

from .helpers import new

EVERY = 23
"""Look at every seat's picture at every this many positions of a random game."""

ALL_MARKED = {
    # decision kind -> action kinds whose every legal action has a target on the board
    "choose_tile": {"choose_tile"},
    "menu": {"main", "bonus"},
    "build": {"take_part", "substitute"},
    "place": {"place_part"},
    "canal": {"take_canal"},
    "first_canal": {"first_canal"},
    "place_canal": {"place_canal"},
    "circle": {"circle"},
    "oval": {"oval"},
    "hire": {"hire"},
    "goods": {"take_wagon"},
    "exchange": {"use_tile"},
    "wagon": {"sell", "swap"},
    "launch": {"launch"},
    "fit": {"attach"},
    "discard": {"discard"},
    "final": {"final_action"},
}
LIST_ONLY = {"end_turn", "stop_building", "pass", "sail_off", "boost"}
"""Choices with no natural place on the board (the page lists them)."""

GAME_SEEDS = [(2, 11), (3, 12), (4, 13)]


def picture(state: ShipyardState, seat: int | None) -> tuple[dict[str, Any], ET.Element, str]:
    view = json.loads(json.dumps(state.observation(seat)))
    out = state.game.render_svg(view)
    return view, ET.fromstring(out), out


def marked(root: ET.Element) -> dict[int, list[ET.Element]]:
    out: dict[int, list[ET.Element]] = {}
    for e in root.iter():
        if e.get("data-action") is not None:
            out.setdefault(int(e.get("data-action", "")), []).append(e)
    return out


def decisions(n: int, seed: int) -> Iterator[tuple[int, ShipyardState]]:
    """Every decision of a seeded random game, numbered, and the final position."""
    state = new(n, seed)
    rng = Random(seed)
    step = 0
    while not state.is_terminal():
        yield step, state
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    yield step, state


def _check_picture(state: ShipyardState, seat: int | None) -> None:
    view, root, out = picture(state, seat)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    box = [float(v) for v in root.get("viewBox", "").split()]
    assert len(box) == 4 and box[2] > 0 and box[3] > 0
    assert root.get("width") is None and root.get("height") is None
    legal = view.get("legal_actions") or []
    marks = marked(root)
    for i in marks:
        assert 0 <= i < len(legal), (seat, i)
    if seat is None or seat != state.current_player():
        assert not marks
    assert state.game.render_svg(view) == out
    assert "<script" not in out and "href" not in out and "url(" not in out
    assert "<image" not in out and "@import" not in out


@pytest.mark.parametrize(("n", "seed"), GAME_SEEDS)
def test_every_seat_gets_a_valid_deterministic_picture_and_targets_are_marked(
    n: int, seed: int
) -> None:
    seen: Counter[str] = Counter()
    for step, state in decisions(n, seed):
        if step % EVERY == 0 or state.is_terminal():
            for seat in [*range(n), None]:
                _check_picture(state, seat)
        if state.is_terminal():
            break
        kind = state.stack[-1].kind
        if seen[kind] >= 4:
            continue
        seen[kind] += 1
        _check_targets(state, kind)
    assert {"choose_tile", "menu", "build", "place", "canal"} <= set(seen)


def _check_targets(state: ShipyardState, kind: str) -> None:
    """Every action of the decision's board-kinds is marked, on the right element; every route
    action on the water space it names (``canal`` card id, ``space`` on that card)."""
    seat = state.current_player()
    view, root, _ = picture(state, seat)
    marks = marked(root)
    legal = [item["action"] for item in view["legal_actions"]]
    wanted = ALL_MARKED.get(kind, set())
    for i, action in enumerate(legal):
        if action["kind"] in wanted:
            assert i in marks, (kind, action)
        if action["kind"] in LIST_ONLY:
            assert i not in marks, (kind, action)
    if kind == "route":
        assert all(i in marks for i, a in enumerate(legal) if a["kind"] == "sail"), legal
    v = view["state"]
    for i, elements in marks.items():
        _check_mark(v, legal[i], elements)
    if kind in ("route", "first_canal"):
        _check_water(state, root, legal, marks)


def _check_mark(v: dict[str, Any], action: dict[str, Any], elements: list[ET.Element]) -> None:
    kind = action["kind"]
    if kind in ("choose_tile", "final_action", "bonus"):
        assert all(e.get("data-tile") == str(action["tile"]) for e in elements), action
    elif kind == "place_part":
        assert all(e.get("data-cell") == str(action["cell"]) for e in elements), action
    elif kind == "take_part":
        part = v["offer"][COLUMN_NAMES[action["column"]]][action["row"]]["part"]
        pid = part.split("#")[1].split(":")[0]
        assert all(e.get("data-part") == pid for e in elements), action
    elif kind == "hire":
        name = v["oval"]["spaces"][v["oval"]["pointer"]][action["slot"]]
        assert all(e.get("data-employee") == name for e in elements), action
    elif kind == "place_canal":
        spot = f"{action['dx']},{action['dy']},{action['rotation']}"
        assert all(e.get("data-place") == spot for e in elements), action
    elif kind == "discard":
        ids = {c["id"] for c in v["my_contracts"]}
        assert all(e.get("data-card") in ids for e in elements), action


def _check_water(
    state: ShipyardState,
    root: ET.Element,
    legal: list[dict[str, Any]],
    marks: dict[int, list[ET.Element]],
) -> None:
    """A steering option is marked on the water space it enters, on the right card; a first
    canal's start on the end space of that side."""
    seat = state.current_player()
    parents = {child: parent for parent in root.iter() for child in parent}
    frame = state.stack[-1]
    if frame.kind == "route":
        route = frame.record(voyage.Route)
        speed, done = route.speed, route.moves_made
        options = voyage.route_options(state, seat, speed - done)
        system = state.canals[seat]
        named = [(a["canal"], a["space"]) for a in legal if a["kind"] == "sail"]
        assert named == [(system[(x, y)][0], space) for x, y, space in options]
    for i, action in enumerate(legal):
        for e in marks.get(i, []):
            if frame.kind == "route":
                assert e.get("data-water") == str(action["space"]), action
                holder = parents[e]
                while holder.get("data-canal") is None:
                    holder = parents[holder]
                assert holder.get("data-canal") == str(action["canal"]), action
            else:
                ports, _ = canals.geometry(
                    state.content.canals[frame.record(canals.NewCanal).card].shape, 0
                )
                assert e.get("data-water") == str(ports[action["side"]]), action


def _walk_to(state: ShipyardState, kind: str, rng_seed: int, limit: int = 4000) -> bool:
    rng = Random(rng_seed)
    for _ in range(limit):
        if state.is_terminal():
            return False
        if state.stack[-1].kind == kind:
            return True
        state.apply(rng.choice(state.legal_actions()))
    return False


@pytest.mark.parametrize("kind", ["route", "place_canal", "first_canal", "fit", "launch"])
def test_rarer_decisions_have_their_targets_on_the_board(kind: str) -> None:
    """Voyages, canal placement and launching come up late in random games: find each."""
    for seed in range(40):
        state = new(2 + seed % 3, seed)
        if _walk_to(state, kind, seed):
            _check_targets(state, kind)
            _check_picture(state, state.current_player())
            _check_picture(state, None)
            return
    pytest.fail(f"no {kind} decision in 40 random games")


# ---------------------------------------------------------------------------- secrets
def test_a_seat_never_sees_another_seats_contracts() -> None:
    state = new(3, seed=4)
    theirs = [state.content.contracts[i] for i in state.contracts[1] if i not in state.contracts[0]]
    assert theirs
    for seat in (0, 2, None):
        _, root, out = picture(state, seat)
        shown = {e.get("data-card") for e in root.iter() if e.get("data-card")}
        for card in theirs:
            assert card.id not in shown and card.id not in out
            assert card.text not in out
    _, root, out = picture(state, 1)
    shown = {e.get("data-card") for e in root.iter() if e.get("data-card")}
    assert {card.id for card in theirs} <= shown
    assert all(card.text.split()[-1] in out for card in theirs)
    assert "6 secret contracts" in out


def test_at_the_end_every_contract_is_revealed() -> None:
    state = new(2, seed=3)
    rng = Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    _, root, _ = picture(state, None)
    shown = {e.get("data-card") for e in root.iter() if e.get("data-card")}
    held = {state.content.contracts[i].id for seat in range(2) for i in state.contracts[seat]}
    assert held == shown
    totals = {e.get("data-seat"): e.get("data-total") for e in root.iter() if e.get("data-total")}
    assert totals == {str(s): str(v) for s, v in enumerate(state.vp)}


# ---------------------------------------------------------------------------- content
def test_a_hand_built_position_shows_its_numbers() -> None:
    state = new(3, seed=2)
    state.coins[1], state.vp[1] = 17, 23
    state.supply[1][ITEM_INDEX["sail"]] = 2
    state.supply[1][ITEM_INDEX["captain"]] = 1
    state.employees[1] = [0, 14]  # engineer (sail), helmsman
    state.row[1][0] = 0  # bow 0
    state.row[1][4] = SUBSTITUTE + 2  # a substitute stern
    items = [0] * 8
    items[ITEM_INDEX["captain"]] = 2
    items[ITEM_INDEX["crane"]] = 1
    state.fleet[1] = [Ship((0, 20, 84), tuple(items))]
    state.wagons[1] = [14, 3]
    state.canals[1] = {(0, 0): (5, 0), (1, 0): (2, 1)}
    state.boat[1] = (0, 0, 1, 0, 0, 0)
    state.used_count[1] = 3
    _, root, out = picture(state, 0)
    panel = next(e for e in root.iter() if e.get("data-seat") == "1" and e.get("data-vp"))
    assert (panel.get("data-vp"), panel.get("data-coins")) == ("23", "17")
    texts = ["".join(e.itertext()) for e in panel.iter("{http://www.w3.org/2000/svg}text")]
    assert "23 VP" in texts and "17" in texts
    assert "sail ×2" in texts and "captain ×1" in texts
    assert "ship 1: 3 parts, speed 1; crane, 2 captain" in texts
    assert "Canals (sailed through 3)" in texts
    assert "substitute" in texts
    assert "engineer (sail)" in texts and "helmsman" in texts
    parts = {e.get("data-part") for e in panel.iter() if e.get("data-part")}
    assert parts == {"0"}
    wagons = [e.get("data-wagon") for e in panel.iter() if e.get("data-wagon")]
    assert wagons == ["(coal+steel+timber)", state.describe_wagon(3)]
    cards = {e.get("data-canal") for e in panel.iter() if e.get("data-canal")}
    assert cards == {"5", "2"}
    # the part offer and the employee oval show what the view says
    offer = {e.get("data-part") for e in root.iter() if e.get("class") == "part"}
    assert {str(p) for col in state.offer for p in col if 0 <= p < SUBSTITUTE} <= offer
    oval = {e.get("data-employee") for e in root.iter() if e.get("data-employee")}
    assert oval == {state.employee_name(st[-1]) for sp in state.oval for st in sp if st}
    assert "Seat 0 (you)" in out
