"""The Tiny Epic Pirates board picture (``GAME.render_svg``): it parses, marks only valid legal
moves, is deterministic (with or without its fragment cache), puts every legal move of the main
decisions on the board, shows known positions as they are and draws nothing that is hidden
from every seat (the face-down search tokens, the order of the decks)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from random import Random
from typing import Any

from tabletide.games.tiny_epic_pirates.content import SEARCH_KINDS
from tabletide.games.tiny_epic_pirates.present import board
from tabletide.games.tiny_epic_pirates.state import PiratesState

from .helpers import GAME, cubes, new, put

GAMES = ((1, 0), (1, 2), (2, 1), (3, 0), (4, 2))
"""Player counts and seeds whose random games reach every decision kind marked below."""
EVERY = 53
"""Check every seat's picture every this many actions of the long multiplayer games."""
MARKED = {
    "ports": {"ports"},
    "navy": {"navy"},
    "start": {"start"},
    "side": {"side"},
    "helm": {"captain"},
    "pay": {"pay"},
    "free": {"free"},
    "list": {"list"},
    "sail": {"sail", "done", "use_sail_token"},
    "storm": {"use_storm_token"},
    "order": {"perform"},
    "cargo": {"drop"},
    "recruit": {"recruit", "refresh", "mutiny"},
    "release": {"release"},
    "target": {"attack_merchant", "attack_ship"},
    "reroll": {"reroll"},
    "volley": {"volley"},
    "port": {"port"},
    "new_hand": {"place_hand"},
    "bonus": {"bonus"},
    "bury": {"bury"},
    "pick_merchant": {"merchant"},
    "drive": {"drive", "done"},
    "steer": {"steer"},
    "pick": {"pick"},
}
"""For each decision, the legal actions that must be clickable on the board. The others
(skip, sell, exchange, reassign, brace, drop_new, end_bonus, done) are list-only."""
PER_KIND = 3
"""Pictures checked per decision kind and game in the marking test."""


def view_of(state: PiratesState, seat: int | None) -> dict[str, Any]:
    """The observation as the browser gets it: through JSON."""
    out: dict[str, Any] = json.loads(json.dumps(state.observation(seat)))
    return out


def playout(num_players: int, seed: int) -> Iterator[PiratesState]:
    """Every state of a seeded random game, the end included."""
    state = GAME.new_state(num_players, seed)
    assert isinstance(state, PiratesState)
    rng = Random(seed)
    yield state
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        yield state


def actions_on(svg: str) -> list[int]:
    root = ET.fromstring(svg)
    return [int(el.attrib["data-action"]) for el in root.iter() if "data-action" in el.attrib]


def check_picture(view: dict[str, Any]) -> str:
    svg = GAME.render_svg(view)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    box = [float(n) for n in root.attrib["viewBox"].split()]
    assert box[2] > 0 and box[3] > 0 and "width" not in root.attrib
    legal = view.get("legal_actions") or []
    for index in actions_on(svg):
        assert 0 <= index < len(legal), (index, len(legal))
    assert GAME.render_svg(view) == svg, "the same view must give the same picture"
    return svg


def test_random_games_give_valid_deterministic_pictures() -> None:
    pictures = 0
    for num_players, seed in GAMES:
        every = 5 if num_players == 1 else EVERY
        for step, state in enumerate(playout(num_players, seed)):
            if step % every and not state.is_terminal():
                continue
            for seat in [*range(num_players), None]:
                view = view_of(state, seat)
                svg = check_picture(view)
                pictures += 1
                if step % (every * 5) == 0:  # the fragment cache changes nothing
                    board.MEMO.clear()
                    assert GAME.render_svg(view) == svg
    assert pictures > 200


def test_legal_moves_of_the_main_decisions_are_on_the_board() -> None:
    seen: Counter[str] = Counter()
    for num_players, seed in GAMES:
        per_game: Counter[str] = Counter()
        for state in playout(num_players, seed):
            if state.is_terminal():
                break
            prompt = state.prompt()
            assert prompt is not None
            kind = prompt["kind"]
            if kind not in MARKED or per_game[kind] >= PER_KIND:
                continue
            per_game[kind] += 1
            seen[kind] += 1
            view = view_of(state, state.current_player())
            marked = set(actions_on(check_picture(view)))
            for i, item in enumerate(view["legal_actions"]):
                if item["action"]["kind"] in MARKED[kind]:
                    assert i in marked, f"{kind}: {item['label']} is not on the board"
    assert set(seen) == set(MARKED), f"never reached: {set(MARKED) - set(seen)}"


def test_nothing_hidden_from_every_seat_is_drawn() -> None:
    """Nothing in this game is secret to one seat only (every crew card is face up), so the
    secrets are those of the table: a twin that differs only in the face-down search tokens,
    the boxed tokens and the order of both decks gives every seat the same picture, which
    names no card still in the crew deck."""
    state = next(s for i, s in enumerate(playout(3, 0)) if i == 300)
    twin = state.clone()
    kinds = len(SEARCH_KINDS)
    twin.search = [(k + 1) % kinds if k >= 0 else k for k in twin.search]
    twin.token_box = sorted((k + 2) % kinds for k in twin.token_box)
    twin.crew_deck.reverse()
    twin.merchant_deck.reverse()
    assert twin.search != state.search and any(k >= 0 for k in state.search)
    in_deck = [state.content.crew[c].name for c in state.crew_deck]
    assert in_deck
    for seat in (0, 1, 2, None):
        svg = GAME.render_svg(view_of(state, seat))
        assert svg == GAME.render_svg(view_of(twin, seat))
        for name in in_deck:
            assert name not in svg
        for word in ("gold2", "gold3", "volley token (", "loot token"):
            assert word not in svg


def element(root: ET.Element, **attrs: str) -> ET.Element:
    """The one element carrying every ``data-`` attribute given (``_`` for ``-``)."""
    found = [
        el
        for el in root.iter()
        if all(el.attrib.get("data-" + k.replace("_", "-")) == v for k, v in attrs.items())
    ]
    assert len(found) == 1, (attrs, len(found))
    return found[0]


def test_a_known_position_is_drawn_as_it_is() -> None:
    state = new(2, seed=3)
    purser = next(c.id for c in state.content.crew if c.name == "Purser Quill")
    pos = next(p for p in range(16) if state.card(p).burial)
    state.gold[1] = 7
    state.buried[1] = 2
    state.burial[pos][0] = 1
    state.cargo[1] = cubes("rum", "coffee")
    state.crew[1] = [purser]
    state.volley[1] = 2
    state.assign[1] = [2, 1, 0, 1]
    state.kept[1] = ["storm"]
    put(state, 1, 5, hidden=True)
    view = view_of(state, 0)
    root = ET.fromstring(check_picture(view))
    panel = element(root, panel="1")
    assert panel.attrib["data-seat"] == "1"
    assert element(panel, gold="7") is not None
    assert element(panel, treasures="2") is not None
    assert element(panel, volley_tokens="2") is not None
    assert element(panel, card="Purser Quill") is not None
    assert element(panel, kept="storm") is not None
    assert [el.attrib["data-cargo"] for el in panel.iter() if "data-cargo" in el.attrib] == [
        "rum",
        "coffee",
    ]
    for name, n in zip(("rigging", "cannons", "extortion", "repairs"), (2, 1, 0, 1), strict=True):
        assert element(panel, assign=f"{name}:{n}") is not None
    texts = "".join(panel.itertext())
    assert "Gold 7 / 13" in texts and "Treasures 2 / 3" in texts and "Seat 1" in texts
    assert element(root, burial=f"{pos}:0:1") is not None  # seat 1's treasure on the sea
    ship = element(root, ship="1")
    assert "hiding in the cove" in "".join(ship.itertext())
    for loot, price in view["state"]["market"].items():
        assert element(root, price=f"{loot}:{price}") is not None
    for slot, card in enumerate(view["state"]["crew_row"]):
        assert element(root, card=card["name"], where=f"row:{slot}") is not None
    # seat 0 chooses its helm move: every reachable space is clickable, nothing else
    legal = view["legal_actions"]
    assert {item["action"]["kind"] for item in legal} == {"captain"}
    mine = element(root, panel="0")
    marked = {
        el.attrib["data-helm"].split(":")[0]: int(el.attrib["data-action"])
        for el in mine.iter()
        if "data-helm" in el.attrib and "data-action" in el.attrib
    }
    assert len(marked) == len(legal)
    for i, item in enumerate(legal):
        assert marked[str(item["action"]["steps"] % 6)] == i
    assert len(actions_on(ET.tostring(root, encoding="unicode"))) == len(legal)


def test_the_battle_under_way_is_drawn_from_the_decision_not_the_log() -> None:
    """The battle panel reads the decision's context (dice, damage, the defender), so a view
    whose log lines are reworded or gone draws the same battle."""
    for state in playout(1, 0):
        decision = state.decision()
        if decision is not None and decision["kind"] in ("reroll", "volley"):
            break
    else:
        raise AssertionError("no battle decision")
    fight = state.fight
    assert fight is not None
    battle = decision["context"]["battle"]
    assert battle["attack"]["ship"] == fight.attacker and battle["attack"]["dice"] == fight.dice
    view = view_of(state, 0)
    drawn = check_picture(view)
    view["log"] = []
    assert GAME.render_svg(view) == drawn
    root = ET.fromstring(drawn)
    faces = [
        int(el.attrib["data-die"].split(":")[2])
        for el in root.iter()
        if el.attrib.get("data-die", "").startswith("attack:")
    ]
    assert faces == fight.dice


def test_the_volley_choice_is_drawn_on_the_battle_dice() -> None:
    for state in playout(1, 0):
        prompt = state.prompt()
        if prompt is not None and prompt["kind"] == "volley":
            break
    else:
        raise AssertionError("no volley decision")
    view = view_of(state, 0)
    root = ET.fromstring(check_picture(view))
    assert state.fight is not None
    faces = [
        int(el.attrib["data-die"].split(":")[2])
        for el in root.iter()
        if el.attrib.get("data-die", "").startswith("attack:")
    ]
    assert faces == state.fight.dice
    choices = {el.attrib["data-volley"] for el in root.iter() if "data-volley" in el.attrib}
    volleys = [i["action"] for i in view["legal_actions"] if i["action"]["kind"] == "volley"]
    assert choices == {f"{a['die']}:{a['face']}" for a in volleys}
