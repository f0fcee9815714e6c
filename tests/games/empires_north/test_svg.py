"""The Empires of the North board picture (``GAME.render_svg``): along random 2-4 player games,
for every seat and the spectator, the JSON view gives well-formed SVG with a 1000-wide viewBox, no
text under 10 units, nothing external, valid and only board-kind ``data-action`` marks, and the
same picture twice. Every legal action of a board kind is clickable in each decision that has one
(the turn, the Lookout, the tile decisions, the expedition and the effect decisions). A seat's
picture shows none of another seat's hidden cards and does not change when they are resampled,
and a hand-made position shows its scores, goods, cards, discs and ships.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from conformance import random_walk
from tabletide.games.empires_north.constants import STOCK_GOODS
from tabletide.games.empires_north.state import EmpiresState

from .helpers import (
    GAME,
    NEAR,
    Effect,
    Ship,
    act,
    build,
    card_id,
    clear,
    give,
    hand,
    island_up,
    kind,
    new,
    pass_all,
    run,
    tile,
)

BOARD_KINDS = frozenset(
    (
        "keep",
        "build",
        "disc",
        "move",
        "attack",
        "use",
        "boost",
        "produce",
        "host",
        "construct",
        "harvest",
        "copy",
        "refresh",
        "release",
        "relocate",
        "forward",
        "launch",
        "raid",
        "conquer",
        "top",
    )
)
"""Action kinds with a target on the board; the rest (done, pass, none, alone, sail, alt,
skip) stay in the page's list of buttons."""
SVG_NS = "{http://www.w3.org/2000/svg}"


# ------------------------------------------------------------------------------ helpers
def view_of(s: EmpiresState, seat: int | None) -> dict[str, Any]:
    """The view as the browser receives it: JSON round-tripped."""
    view: dict[str, Any] = json.loads(json.dumps(s.observation(seat)))
    return view


def picture(s: EmpiresState, seat: int | None) -> tuple[str, ET.Element, dict[str, Any]]:
    view = view_of(s, seat)
    svg = GAME.render_svg(view)
    return svg, ET.fromstring(svg), view


def marks(root: ET.Element) -> set[int]:
    return {int(e.attrib["data-action"]) for e in root.iter() if "data-action" in e.attrib}


def titles(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter(f"{SVG_NS}title")]


def with_attrs(root: ET.Element, **attrs: Any) -> list[ET.Element]:
    want = {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()}
    return [e for e in root.iter() if all(e.attrib.get(k) == v for k, v in want.items())]


def check_picture(svg: str, root: ET.Element, view: dict[str, Any]) -> None:
    """What every picture must be: sized by a viewBox, readable, self-contained, and marked
    only with legal actions of board kinds."""
    assert root.tag == f"{SVG_NS}svg"
    x, y, w, h = (float(v) for v in root.attrib["viewBox"].split())
    assert (x, y, w) == (0, 0, 1000) and h > 0
    assert "width" not in root.attrib and "height" not in root.attrib
    for e in root.iter():
        if "font-size" in e.attrib:
            assert float(e.attrib["font-size"]) >= 10, e.attrib
    assert not re.search(r"<(script|image|foreignObject)|href=|url\(|@import", svg)
    legal = view.get("legal_actions", [])
    for i in marks(root):
        assert 0 <= i < len(legal), i
        assert legal[i]["action"]["kind"] in BOARD_KINDS, legal[i]
    assert GAME.render_svg(view) == svg


def assert_all_marked(s: EmpiresState, *expected: str) -> ET.Element:
    """The decider's picture marks every legal action of a board kind; ``expected`` kinds are
    among them (so the check is not empty)."""
    seat = s.current_player()
    svg, root, view = picture(s, seat)
    check_picture(svg, root, view)
    legal = view["legal_actions"]
    kinds = {a["action"]["kind"] for a in legal}
    assert set(expected) <= kinds, (expected, kinds)
    want = {i for i, a in enumerate(legal) if a["action"]["kind"] in BOARD_KINDS}
    assert want <= marks(root), [legal[i] for i in sorted(want - marks(root))]
    return root


def positions(n: int, seed: int, every: int) -> Iterator[EmpiresState]:
    """States along a seeded random game: the start, every ``every`` actions, the end."""
    state = GAME.new_state(n, seed, {})
    assert isinstance(state, EmpiresState)
    yield state
    k = 0
    while not state.is_terminal():
        random_walk(state, every, seed * 10_000 + k)
        k += 1
        assert k < 5000
        yield state


# ------------------------------------------------------------------------------ random games
@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_give_valid_pictures(n: int, seed: int) -> None:
    decisions: set[str] = set()
    for s in positions(n, seed, every=12):
        for seat in [None, *range(n)]:
            svg, root, view = picture(s, seat)
            check_picture(svg, root, view)
            if seat is not None and seat == s.current_player():
                legal = view["legal_actions"]
                want = {i for i, a in enumerate(legal) if a["action"]["kind"] in BOARD_KINDS}
                assert want <= marks(root), view["prompt"]
                decisions.add(view["prompt"]["kind"])
            if seat is not None and s.hand[seat]:
                assert with_attrs(root, data_area="hand", data_seat=seat)
    assert {"opening", "lookout", "turn"} <= decisions
    assert s.is_terminal()
    assert with_attrs(picture(s, None)[1], data_seat=0, data_final=s.final[0]["total"])


# ------------------------------------------------------------------------------ decisions
def test_opening_and_lookout_cards_are_clickable() -> None:
    s = GAME.new_state(3, 4, {})
    assert kind(s) == "opening"
    root = assert_all_marked(s, "keep")
    legal = view_of(s, s.current_player())["legal_actions"]
    keep = [i for i, a in enumerate(legal) if a["action"]["kind"] == "keep"]
    for i in keep:  # a Lookout card face, not only some element
        assert with_attrs(root, data_action=i, class_="card act")
    while kind(s) == "opening":
        s.apply(s.legal_actions()[0])
    assert kind(s) == "lookout"
    assert_all_marked(s, "keep")


def test_turn_marks_hand_tiles_discs_and_cards() -> None:
    s = new(2, ("glenn", "olaf"))
    clear(s, 0)
    give(s, 0, wood=2, stone=1, food=3, axe=1)
    hand(s, 0, "Highland Games", "Welcome Cottage")
    feast = build(s, 0, "Clan Feast")
    build(s, 0, "Home Pasture")
    target = build(s, 1, "Axe-Throwing Field")
    s.disc_at[0] = [tile("harvest"), -1]
    root = assert_all_marked(s, "build", "disc", "move", "attack", "use")
    legal = view_of(s, s.current_player())["legal_actions"]
    by_kind = {a["action"]["kind"]: i for i, a in enumerate(legal)}
    assert with_attrs(root, data_action=by_kind["attack"], data_seat=1, data_pos=target)
    assert with_attrs(root, data_action=by_kind["use"], data_seat=0, data_pos=feast)
    build_i = by_kind["build"]
    assert with_attrs(root, data_action=build_i, data_card=legal[build_i]["action"]["card"])
    for i, a in enumerate(legal):
        if a["action"]["kind"] == "disc":
            tile_name = ("explore", "populate", "construction", "harvest", "sail")
            name = tile_name[a["action"]["tile"]].upper()
            assert with_attrs(root, data_action=i, data_tile=name)
    # pass stays a button of the page
    assert by_kind["pass"] not in marks(root)


def test_tile_decisions_mark_hand_and_empire() -> None:
    s = new(2, ("glenn", "olaf"))
    clear(s, 0)
    build(s, 0, "Home Pasture")
    build(s, 0, "Hill Flock")
    hand(s, 0, "Kinsfolk Arrive", "Prize Ram", "Many Hands")
    act(s, "disc", tile=tile("harvest"))
    assert kind(s) == "extra"
    assert_all_marked(s, "boost", "produce")
    act(s, "produce", card=card_id("Prize Ram"))
    assert kind(s) == "host"
    root = assert_all_marked(s, "host")
    (ram,) = with_attrs(root, class_="card", data_copies=1, data_card=card_id("Prize Ram"))
    assert "being built" in "".join(ram.itertext())
    s.apply(s.legal_actions()[0])
    assert kind(s) == "harvest"
    assert_all_marked(s, "harvest")


def test_construction_and_copy_are_clickable() -> None:
    s = new(2, ("mackinnon", "olaf"))
    clear(s, 0)
    build(s, 0, "Oat Croft")
    build(s, 0, "Hill Pasture")
    hand(s, 0, "Cousin's Croft", "Strathspey Hall")
    act(s, "disc", tile=tile("construction"))
    if kind(s) == "extra":
        act(s, "none")
    assert kind(s) == "construct"
    assert_all_marked(s, "construct")
    act(s, "construct", card=card_id("Cousin's Croft"))
    assert kind(s) == "copy"
    root = assert_all_marked(s, "copy")
    copier = len(s.empire[0]) - 1  # the card just built is outlined
    (card,) = with_attrs(root, data_seat=0, data_pos=copier, data_card=card_id("Cousin's Croft"))
    assert card.find(f"{SVG_NS}rect").attrib["stroke"] == "#f39c12"  # type: ignore[union-attr]


def test_effect_decisions_are_clickable() -> None:
    s = new(2, ("glenn", "olaf"))
    clear(s, 0)
    feast = build(s, 0, "Clan Feast", exhausted=True)
    fair = build(s, 0, "Wool Fair", exhausted=True)
    s.stock[0] = {feast: {"food": 2}, fair: {"sheep": 1, "worker": 1}}
    run(s, 0, Effect(do="release", n=2))
    assert kind(s) == "release"
    root = assert_all_marked(s, "release")
    legal = view_of(s, s.current_player())["legal_actions"]
    for i, a in enumerate(legal):
        if a["action"]["kind"] == "release":
            good = STOCK_GOODS[a["action"]["good"]]
            assert with_attrs(root, data_action=i, data_good=good)
    while kind(s) == "release":
        act(s, "done")
    run(s, 0, Effect(do="refresh", n=1))
    assert kind(s) == "refresh"
    assert_all_marked(s, "refresh")
    act(s, "done")
    s.disc_at[0] = [tile("sail"), -1]
    run(s, 0, Effect(do="move_disc"))
    assert kind(s) == "relocate"
    assert_all_marked(s, "relocate")
    act(s, "done")
    s.queue = [Ship(1, False, False), Ship(0, True, False), Ship(0, False, True)]
    run(s, 0, Effect(do="ship_forward"))
    assert kind(s) == "forward"
    assert_all_marked(s, "forward")
    s.apply(s.legal_actions()[0])
    run(s, 0, Effect(do="expedition"))
    assert kind(s) == "launch"
    assert_all_marked(s, "launch")


def test_expedition_islands_and_decks_are_clickable() -> None:
    s = new(2, ("glenn", "olaf"))
    island_up(s, NEAR, 0, "Puffin Skerry")
    s.queue = [Ship(0, True, True)]
    pass_all(s)
    assert kind(s) == "voyage"
    root = assert_all_marked(s, "raid", "conquer", "top")
    legal = view_of(s, s.current_player())["legal_actions"]
    for i, a in enumerate(legal):
        if a["action"]["kind"] in ("raid", "conquer"):
            assert a["action"]["slot"] < 4
            # the button sits next to its island card
            assert with_attrs(root, data_action=i)
    s.isl_deck[NEAR].append(card_id("Birch Holm"))
    act(s, "top", deck=NEAR)
    assert kind(s) == "landing"
    root = assert_all_marked(s, "raid", "conquer")
    assert with_attrs(root, data_slot=4, data_card=card_id("Birch Holm"))


# ------------------------------------------------------------------------------ secrets
def test_no_seat_sees_another_seats_hidden_cards() -> None:
    s = new(3, ("glenn", "olaf", "heidel"))
    clear(s, 1)
    hand(s, 1, "Signal Beacon")
    s.look[1] = [card_id("Grinding Circle")]
    s.deck[1].append(card_id("Trophy Wall"))
    secret = ("Signal Beacon", "Grinding Circle", "Trophy Wall")
    for seat in (None, 0, 2):
        svg = GAME.render_svg(view_of(s, seat))
        for name in secret:
            assert name not in svg, (seat, name)
    own = GAME.render_svg(view_of(s, 1))
    assert "Signal Beacon" in own and "Grinding Circle" in own  # the owner sees them
    assert "Trophy Wall" not in own  # nobody sees a deck


@pytest.mark.parametrize("n", [2, 4])
def test_pictures_do_not_change_when_hidden_facts_are_resampled(n: int) -> None:
    for k, s in enumerate(positions(n, 7, every=40)):
        for seat in range(n):
            other = s.determinize(seat, 100 + k)
            assert GAME.render_svg(view_of(other, seat)) == GAME.render_svg(view_of(s, seat))


# ------------------------------------------------------------------------------ content
def test_a_known_position_is_drawn() -> None:
    s = new(3, ("glenn", "olaf", "heidel"))
    clear(s, 0)
    give(s, 0, wood=3, gold=2, vp=7)
    feast = build(s, 0, "Clan Feast", exhausted=True)
    s.stock[0] = {feast: {"food": 2}}
    hand(s, 0, "Wool Fair", "Wool Fair", "Fair Winds")
    s.disc_at[1] = [tile("sail"), -1]
    s.disc_x[1] = [True, False]
    s.queue = [Ship(2, True, False)]
    s.vp[2] = 31
    svg, root, view = picture(s, 0)
    check_picture(svg, root, view)
    # scores: the track and the seat's area
    assert with_attrs(root, data_seat=0, data_vp=7, data_area="player")
    assert with_attrs(root, data_seat=2, data_vp=31)
    # goods and workers
    assert with_attrs(root, data_seat=0, data_good="wood", data_count=3)
    assert with_attrs(root, data_seat=0, data_good="gold", data_count=2)
    assert with_attrs(root, data_seat=0, data_good="stone", data_count=0)
    assert with_attrs(root, data_seat=0, data_good="worker", data_count=5)
    # an exhausted card with goods on it
    (card,) = with_attrs(root, data_seat=0, data_pos=feast, data_card=card_id("Clan Feast"))
    assert card.attrib["data-exhausted"] == "1"
    assert "2 food stored on Clan Feast" in titles(root)
    # the hand, copies stacked, and the opponents' hands as counts only
    (wool,) = with_attrs(root, data_card=card_id("Wool Fair"), data_copies=2)
    assert "Wool Fair" in "".join(wool.itertext())
    assert with_attrs(root, data_card=card_id("Fair Winds"), data_copies=1)
    assert with_attrs(root, data_seat=1, data_pile="hand", data_count=len(s.hand[1]))
    # discs, ships, islands
    assert "Seat 1's disc 1 (exhausted)" in titles(root)
    assert with_attrs(root, data_seat=1, data_disc=1)
    assert "1. Seat 2's ship with a fish" in titles(root)
    texts = " ".join(e.text or "" for e in root.iter(f"{SVG_NS}text"))
    for d in (0, 1):
        for i in s.isl_up[d]:
            assert with_attrs(root, data_card=i)
    assert "Round 1 · Action phase" in texts
    assert "Your decision" in texts
    spectator = GAME.render_svg(view_of(s, None))
    assert "Your hand" not in spectator and "Wool Fair" not in spectator


def test_the_end_shows_the_final_scoring_and_winner() -> None:
    *_, s = positions(2, 3, every=10_000)
    assert s.is_terminal()
    svg, root, view = picture(s, None)
    check_picture(svg, root, view)
    for p, f in enumerate(s.final):
        assert with_attrs(root, data_seat=p, data_final=f["total"])
    texts = " ".join(e.text or "" for e in root.iter(f"{SVG_NS}text"))
    assert "WINNER" in texts and "Game over" in texts
