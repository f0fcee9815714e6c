"""The Ahoy board picture (``games/ahoy/present/board.py``): along random 2-4 player games, for
every seat and the spectator, the JSON view gives a well-formed, deterministic SVG with a viewBox
whose ``data-action`` marks are valid indexes; the main decisions have every legal target
marked on the board (spaces, figures, die spots and values, cards, tiles, the reward grid) and
the marks sit on the right thing (the space a step enters, the victim's die spot); a seat never
sees another seat's hidden plans or favor cards; a hand-built position shows its numbers."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from random import Random
from typing import Any

import pytest

from tabletide.games.ahoy.constants import DELTA
from tabletide.games.ahoy.damage import Hit
from tabletide.games.ahoy.present.view import rel
from tabletide.games.ahoy.state import AhoyState

from .helpers import GAME, give_crew, hand, new, put, start_turn

EVERY = 13
"""Look at every this many positions of a random game."""
PER_KIND = 40
"""Check at most this many decisions of one kind per game."""

ALL_MARKED = {
    # decision kind -> action kinds whose every legal action has a target on the board
    "start": {"start"},
    "step": {"step"},
    "tailwind": {"goto"},
    "goto": {"goto"},
    "deploy": {"deploy"},
    "whisper": {"island"},
    "fort": {"fort"},
    "pick_defender": {"fight"},
    "raise": {"region"},
    "favor": {"favor"},
    "explore": {"tile"},
    "tile": {"tile"},
    "hit": {"hit"},
    "repair": {"fix"},
    "harbor": {"harbor_move"},
    "evac_from": {"region"},
    "evac_to": {"region"},
    "island": {"region"},
    "region": {"region"},
    "stealth": {"target"},
    "target": {"target"},
    "officer": {"move_patrol"},
    "recruit_free": {"take"},
    "negotiate": {"take"},
    "drive": {"take"},
    "overboard": {"overboard"},
    "gunner_target": {"gunner"},
    "turn": {"recruit", "smuggle", "deliver", "plan", "mystic", "noble", "breeze", "wind", "gust"},
    "battle_plan": {"plan"},
}


def picture(state: AhoyState, seat: int | None) -> tuple[dict[str, Any], ET.Element, str]:
    view = json.loads(json.dumps(state.observation(seat)))
    out = GAME.render_svg(view)
    return view, ET.fromstring(out), out


def marked(root: ET.Element) -> dict[int, list[ET.Element]]:
    out: dict[int, list[ET.Element]] = {}
    for e in root.iter():
        if e.get("data-action") is not None:
            out.setdefault(int(e.get("data-action", "")), []).append(e)
    return out


def positions(n: int, seed: int) -> Iterator[AhoyState]:
    """States along a seeded random game: every ``EVERY``-th, and the last."""
    state = GAME.new_state(n, seed)
    assert isinstance(state, AhoyState)
    rng = Random(seed)
    step = 0
    while not state.is_terminal():
        if step % EVERY == 0:
            yield state
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    yield state


def decisions(n: int, seed: int) -> Iterator[AhoyState]:
    """Every decision of a seeded random game."""
    state = GAME.new_state(n, seed)
    assert isinstance(state, AhoyState)
    rng = Random(seed)
    while not state.is_terminal():
        yield state
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("n", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_every_seat_gets_a_valid_deterministic_picture(n: int, seed: int) -> None:
    for state in positions(n, seed):
        for seat in [*range(n), None]:
            view, root, out = picture(state, seat)
            assert root.tag == "{http://www.w3.org/2000/svg}svg"
            box = [float(v) for v in root.get("viewBox", "").split()]
            assert len(box) == 4 and box[2] > 0 and box[3] > 0
            assert root.get("width") is None and root.get("height") is None
            legal = view.get("legal_actions") or []
            for i in marked(root):
                assert 0 <= i < len(legal), (seat, i)
            if seat != state.current_player():
                assert not marked(root)
            assert GAME.render_svg(view) == out
            assert "<script" not in out and "href" not in out and "url(" not in out


@pytest.mark.parametrize(("n", "seed"), [(2, 5), (3, 6), (4, 7)])
def test_the_main_decisions_have_every_target_on_the_board(n: int, seed: int) -> None:
    seen: dict[str, int] = {}
    for state in decisions(n, seed):
        prompt = state.prompt()
        assert prompt is not None
        kind = prompt["kind"]
        if (kind not in ALL_MARKED and kind != "order") or seen.get(kind, 0) >= PER_KIND:
            continue
        seen[kind] = seen.get(kind, 0) + 1
        seat = state.current_player()
        view, root, _ = picture(state, seat)
        marks = marked(root)
        legal = [item["action"] for item in view["legal_actions"]]
        for i, action in enumerate(legal):
            if action["kind"] in ALL_MARKED.get(kind, ()):
                assert i in marks, (kind, action)
        if kind == "turn":
            _check_placements(legal, marks)
        if kind == "order":
            _check_order(state, legal, marks)
        if kind == "step":
            _check_steps(state, legal, marks)
        if kind == "hit":
            victim = state.stack[-1].record(Hit).victim
            for i, action in enumerate(legal):
                assert all(e.get("data-owner") == str(victim) for e in marks[i]), action
    assert {"turn", "step", "start"} <= set(seen)


def _check_placements(legal: list[dict[str, Any]], marks: dict[int, list[ET.Element]]) -> None:
    """Every (spot, value) a die may be placed as has a chip."""
    wanted = {(a["spot"], a["value"]) for a in legal if a["kind"] == "place"}
    chips = {(legal[i]["spot"], legal[i]["value"]) for i in marks if legal[i]["kind"] == "place"}
    assert wanted == chips
    for i in marks:
        if legal[i]["kind"] == "place":
            assert all(e.get("data-chip") == str(legal[i]["value"]) for e in marks[i])


def _check_order(
    state: AhoyState, legal: list[dict[str, Any]], marks: dict[int, list[ET.Element]]
) -> None:
    """One arrow per (patrol space, direction): patrols sharing a space move alike."""
    wanted = {(state.fig[a["fig"]], a["dir"]) for a in legal if a["kind"] == "patrol"}
    arrows = {
        (state.fig[legal[i]["fig"]], legal[i]["dir"]) for i in marks if legal[i]["kind"] == "patrol"
    }
    assert wanted == arrows


def _check_steps(
    state: AhoyState, legal: list[dict[str, Any]], marks: dict[int, list[ET.Element]]
) -> None:
    """A step is marked on the space it enters (or the unexplored space beyond the edge),
    stopping on the mover's own space."""
    here = state.fig[state.moves[-1].fig]
    for i, action in enumerate(legal):
        if action["kind"] not in ("step", "stop"):
            continue
        assert i in marks or len(legal) == 1, action  # a lone "stop" stays in the list
        at = here if action["kind"] == "stop" else here + DELTA[action["dir"]]
        x, y = rel(at)
        assert all(e.get("data-space") == f"{x},{y}" for e in marks[i]), action


def test_a_seat_never_sees_the_union_plans_of_another() -> None:
    state = new(2)
    cards = {k: i for i, k in enumerate(state.plan_cards)}
    state.plan_hand = sorted([cards["near_miss"], cards["recruitment_drive"]])
    state.plan_deck = [c for c in state.plan_deck if c not in state.plan_hand]
    for seat in (state.fleet, None):
        _, root, out = picture(state, seat)
        assert not [e for e in root.iter() if e.get("data-plan")]
        assert "Near Miss" not in out and "Recruitment Drive" not in out
        assert "plans in hand: 2 (hidden)" in out
    _, root, out = picture(state, state.union)
    plans = {e.get("data-plan") for e in root.iter() if e.get("data-plan")}
    assert plans == {"near_miss", "recruitment_drive"}
    assert "your plans (secret)" in out


def test_a_seat_never_sees_under_which_token_another_smuggler_delivered() -> None:
    state = new(4)
    hidden = [
        c for c in state.market_deck if state.content.market[c].crew not in ("gunner", "officer")
    ]
    fleet_card, union_card = hidden[0], hidden[1]
    for c in (fleet_card, union_card):
        state.market_deck.remove(c)
    state.favor[1] = [[fleet_card], [union_card]]
    crew = state.content.crew
    keys = [k.key for k in crew]
    names = [crew[keys.index(state.content.market[c].crew)].name for c in (fleet_card, union_card)]
    _, root, out = picture(state, 1)
    tokens = {e.get("data-favor"): e for e in root.iter() if e.get("data-favor")}
    assert set(tokens) == {"fleet", "union"}
    assert tokens["fleet"].get("data-count") == "1"
    assert names[0] in "".join(tokens["fleet"].itertext())
    assert names[1] in "".join(tokens["union"].itertext())
    for seat in (0, 2, 3, None):
        _, root, out = picture(state, seat)
        area = next(e for e in root.iter() if e.get("data-faction") and e.get("data-seat") == "1")
        assert not [e for e in area.iter() if e.get("data-favor")]
        assert names[0] not in out and names[1] not in out
        assert [e.get("data-delivered") for e in area.iter() if e.get("data-delivered")] == ["2"]


def test_a_known_position_shows_its_numbers() -> None:
    state = new(3)
    state.fame = [12, 7, 31]
    state.gold = [3, 0, 5]
    give_crew(state, 1, "gunner")
    state.cargo[1] = [next(c for c in state.market_deck if c not in state.crew[1])]
    state.market_deck.remove(state.cargo[1][0])
    hand(state, 0, 2, 5, 5)
    state.wealth[0] = 4
    state.allies[1] = 3
    state.damage[2] = [1]
    put(state, 0, 0, 0)
    start_turn(state, 0)
    view, root, out = picture(state, 0)
    seats = {e.get("data-seat"): e for e in root.iter() if e.get("data-faction")}
    assert set(seats) == {"0", "1", "2"}
    for seat, fame, gold in ((0, 12, 3), (1, 7, 0), (2, 31, 5)):
        head = next(e for e in seats[str(seat)].iter() if e.get("data-fame") is not None)
        assert (head.get("data-fame"), head.get("data-gold")) == (str(fame), str(gold))
        assert f"fame {fame} · gold {gold}" in "".join(head.itertext())
        track = [e for e in root.iter() if e.get("data-fame-seat") == str(seat)]
        assert [e.get("data-fame") for e in track] == [str(fame)]
    dice = [e.get("data-die", "") for e in seats["0"].iter() if e.get("data-die")]
    assert sorted(dice) == ["2", "5", "5"]
    crew = [e for e in seats["1"].iter() if e.get("data-crew") == "gunner"]
    assert crew and "Gunner" in "".join(crew[0].itertext())
    cargo = [e for e in seats["1"].iter() if e.get("data-cargo")]
    assert [e.get("data-cargo") for e in cargo] == [state.content.market[state.cargo[1][0]].cargo]
    hurt = [e.get("data-spot") for e in seats["2"].iter() if e.get("data-damaged")]
    assert hurt == ["1"]
    wealth = {
        e.get("data-region"): e.get("data-wealth") for e in root.iter() if e.get("data-wealth")
    }
    assert wealth["0"] == "4" and wealth["1"] == "1"
    assert "◆3" in "".join(e for e in root.itertext())
    market = [e.get("data-card") for e in root.iter() if e.get("data-crew") and e.get("data-card")]
    for card in view["state"]["market"]:
        assert str(card["card"]) in market
    assert "round 1" in out and "YOU" in "".join(seats["0"].itertext())
