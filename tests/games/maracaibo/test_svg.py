"""The Pirates of Maracaibo board picture (``game.render_svg``), drawn from a JSON round-tripped
observation: it is well-formed SVG with a viewBox and readable text, deterministic, marks only
valid legal actions, puts every legal action of the main decisions on the board, shows known
money, VP, cards, treasure and ships, and never shows another seat's secrets."""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

import pytest

from tabletide.games.maracaibo.constants import MODULES
from tabletide.games.maracaibo.present import board as board_svg
from tabletide.games.maracaibo.state import MaracaiboState

from .helpers import GAME, Effect, arrive_at, at, give, new, place, run, ship, treasure

NS = "{http://www.w3.org/2000/svg}"
ALL_MODULES = {m: True for m in MODULES}
EVERY = 7
"""Check every this many actions of a random game (each seat and the spectator)."""

MARKED = {
    "draft": {"discard_quest"},
    "move": {"sail"},
    "step": {"sail", "stop"},
    "pay": {"pay"},
    "upgrade_space": {"buy"},
    "residence_space": {"build"},
    "smuggle_here": {"yes"},
    "location": {"act"},
    "bay": {"act"},
    "lightning": {"effect"},
    "color": {"color"},
    "store": {"store"},
    "reroll": {"die", "reroll"},
    "spend": {"spend"},
    "explore": {"go"},
    "bury": {"bury"},
    "quest": {"quest"},
    "quest_sell": {"sell_quest"},
    "buy": {"buy"},
    "ship_upgrade": {"slot"},
    "figurehead": {"figurehead"},
    "smuggler": {"smuggle"},
    "activate": {"activate"},
    "residence": {"build"},
    "ruby": {"yes"},
    "sell_ruby": {"sell_ruby"},
    "retire": {"build"},
}
"""For each decision: the action kinds whose every legal action is clickable on the board
(the rest — skip, done, take5, no, refresh, trade — stay in the page's list)."""
COMMON = {"move", "step", "location", "upgrade_space", "ship_upgrade"}
"""Decisions so frequent that the sweep checks only every third one."""


# ------------------------------------------------------------------------------ helpers
def view_of(state: Any, seat: int | None) -> dict[str, Any]:
    view: dict[str, Any] = json.loads(json.dumps(state.observation(seat)))
    return view


def draw(state: Any, seat: int | None) -> tuple[dict[str, Any], str]:
    view = view_of(state, seat)
    return view, GAME.render_svg(view)


def kind_of(state: Any) -> str:
    prompt = state.prompt()
    assert prompt is not None
    return str(prompt["kind"])


def marked(picture: str) -> set[int]:
    return {int(m) for m in re.findall(r'data-action="(-?\d+)"', picture)}


def expected_marks(view: dict[str, Any]) -> set[int]:
    kind = (view.get("prompt") or {}).get("kind")
    want = MARKED.get(str(kind), set())
    return {
        i for i, item in enumerate(view.get("legal_actions", [])) if item["action"]["kind"] in want
    }


def check_picture(view: dict[str, Any], picture: str) -> None:
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    box = [float(x) for x in root.attrib["viewBox"].split()]
    assert box[:2] == [0, 0] and box[2] > box[3] / 3 and box[3] > 0
    assert "width" not in root.attrib and "height" not in root.attrib
    sizes = [float(e.attrib["font-size"]) for e in root.iter() if "font-size" in e.attrib]
    assert min(sizes) * 1000 / box[2] >= 9.9  # >= ~10 px when the picture is 1000 px wide
    for bad in ("<script", "<image", "href", "url(", "@import", "<foreignObject"):
        assert bad not in picture
    legal = len(view.get("legal_actions", []))
    assert all(0 <= i < legal for i in marked(picture))


def positions(n: int, seed: int, options: dict[str, Any]) -> Iterator[MaracaiboState]:
    state = GAME.new_state(n, seed=seed, options=dict(options))
    assert isinstance(state, MaracaiboState)
    rng = Random(seed)
    step = 0
    yield state
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        step += 1
        if step % EVERY == 0 or state.is_terminal():
            yield state


def texts(picture: str) -> list[str]:
    return [e.text or "" for e in ET.fromstring(picture).iter(f"{NS}text")]


def with_attr(picture: str, name: str, value: Any) -> list[ET.Element]:
    root = ET.fromstring(picture)
    return [e for e in root.iter() if e.attrib.get(name) == str(value)]


# ------------------------------------------------------------------------------ random games
GAMES: list[tuple[int, int, dict[str, Any]]] = [
    (1, 3, {}),
    (2, 4, ALL_MODULES),
    (3, 5, {"layout": "narrows"}),
    (4, 6, ALL_MODULES),
]


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_every_seat_gets_a_valid_deterministic_picture(
    n: int, seed: int, options: dict[str, Any]
) -> None:
    for state in positions(n, seed, options):
        for seat in [None, *range(n)]:
            view, picture = draw(state, seat)
            check_picture(view, picture)
            assert GAME.render_svg(copy.deepcopy(view)) == picture
            if seat is not None and seat == state.current_player():
                assert expected_marks(view) <= marked(picture), view["prompt"]
            elif "legal_actions" not in view:
                assert not marked(picture)


def test_the_cached_fragments_do_not_leak_between_pictures() -> None:
    states = [s.clone() for s in positions(3, 11, ALL_MODULES)][::7]
    views = [view_of(s, s.current_player()) for s in states if not s.is_terminal()]
    first = [GAME.render_svg(v) for v in views]
    assert [GAME.render_svg(v) for v in reversed(views)] == first[::-1]


def test_every_main_decision_marks_all_its_targets() -> None:
    """Along random games of every player count, with and without the modules: each legal
    action of the listed kinds is clickable on the board for the deciding seat."""
    seen: set[str] = set()
    for n, seed, options in [*GAMES, (2, 7, {}), (4, 8, {"uncharted_upgrades": True})]:
        state = GAME.new_state(n, seed=seed, options=options)
        rng = Random(seed + 100)
        step = 0
        while not state.is_terminal():
            kind = kind_of(state)
            step += 1
            if kind not in COMMON or step % 3 == 0:
                view, picture = draw(state, state.current_player())
                assert expected_marks(view) <= marked(picture), (kind, view["legal_actions"])
                seen.add(kind)
            state.apply(rng.choice(state.legal_actions()))
    main = {"draft", "move", "step", "location", "bay", "upgrade_space", "ship_upgrade"}
    main |= {"explore", "reroll", "spend", "store", "color", "quest", "figurehead", "smuggler"}
    main |= {"buy", "bury", "lightning", "residence_space", "ruby", "sell_ruby"}
    assert main <= seen


def test_pay_activate_residence_and_quest_sell_are_clickable() -> None:
    s = new(3)
    s.doubloons[0] = 1
    ship(s, 1, at(1, 0))
    ship(s, 2, at(1, 0))
    arrive_at(s, 0, at(1, 0))
    assert kind_of(s) == "pay"
    view, picture = draw(s, 0)
    assert expected_marks(view) == {0, 1} <= marked(picture)
    for q in (1, 2):  # each seat's ship on the card and its title bar
        idx = next(i for i, a in enumerate(view["legal_actions"]) if a["action"]["seat"] == q)
        assert len(with_attr(picture, "data-action", idx)) >= 2

    s = new(2)
    loc = next(n for n in range(36) if s.slot[n] >= 0 and s.cards[s.slot[n]].type == "location")
    s.smug[loc] = 0 * 10 + 2
    run(s, 0, Effect(do="activate_smuggler"))
    view, picture = draw(s, 0)
    assert kind_of(s) == "activate" and expected_marks(view) <= marked(picture)

    s = new(2)
    s.doubloons[0] = 40
    run(s, 0, Effect(do="residence"))
    view, picture = draw(s, 0)
    assert kind_of(s) == "residence"
    assert len(expected_marks(view)) >= 4 and expected_marks(view) <= marked(picture)

    run(s, 0, Effect(do="quest_sell"))
    view, picture = draw(s, 0)
    assert kind_of(s) == "quest_sell" and expected_marks(view) <= marked(picture)


def test_a_sail_marks_exactly_the_reachable_spaces() -> None:
    s = new(2)
    view, picture = draw(s, 0)
    sails = {a["action"]["to"]: i for i, a in enumerate(view["legal_actions"])}
    for node, i in sails.items():
        (cell,) = [e for e in with_attr(picture, "data-node", node) if e.tag == f"{NS}g"]
        assert cell.attrib["data-action"] == str(i)
    assert marked(picture) == set(sails.values())
    _, other = draw(s, 1)  # not seat 1's turn: nothing to click
    assert not marked(other)


# ------------------------------------------------------------------------------ secrets
def test_another_seats_quests_never_show() -> None:
    s = new(2, seed=3)
    mine, theirs = set(s.quests[0]), set(s.quests[1])
    secret = next(q for q in theirs if q not in mine and q not in s.quest_offer)
    text = s.content.quests[secret].summary
    for seat in (0, None):
        _, picture = draw(s, seat)
        assert text not in picture
        assert not with_attr(picture, "data-quest", secret)
    _, own = draw(s, 1)  # the owner sees it, marked as secret
    assert text in own and with_attr(own, "data-quest", secret)
    assert "your secret quests (1)" in texts(own)


def test_face_down_cards_never_show() -> None:
    s = new(2, seed=5, uncharted_upgrades=True, uncharted_locations=True)
    down = [n for n in range(36) if s.slot[n] >= 0 and not s.up[n]]
    assert down
    for seat in (0, 1, None):
        _, picture = draw(s, seat)
        for n in down:
            card = s.cards[s.slot[n]]
            assert card.name not in picture
            assert not with_attr(picture, "data-card", s.slot[n])
        assert "face down" in texts(picture)


# ------------------------------------------------------------------------------ content
def test_known_money_vp_cards_treasure_and_ships_show() -> None:
    s = new(2, seed=1)
    s.doubloons[0], s.vp[0] = 17, 23
    s.doubloons[1], s.vp[1] = 4, 9
    tobacco = give(s, 0, "Tobacco")
    treasure(s, 0, "gold", 2)
    s.buried_at[1][2] = 0b1
    trinidad = place(s, at(3, 0), "Trinidad")
    ship(s, 1, at(3, 0))
    s.islands[1] = 6
    _, picture = draw(s, 0)
    bar0 = with_attr(picture, "data-vp", 23)
    assert bar0 and bar0[0].attrib["data-doubloons"] == "17"
    title = bar0[0].text or ""
    assert "17 d" in title and "23 VP" in title and "(you)" in title
    assert with_attr(picture, "data-vp", 9)[0].attrib["data-doubloons"] == "4"
    chips = [e for e in with_attr(picture, "data-card", tobacco) if e.get("data-owner") == "0"]
    assert chips and "Tobacco" in "".join(chips[0].itertext())
    (gold,) = with_attr(picture, "data-total", "0:gold")
    assert gold.text == "2 total"
    pearl = with_attr(picture, "data-total", "1:pearl")[0]
    assert "pearl 1" in "".join(pearl.itertext())
    (cell,) = [e for e in with_attr(picture, "data-card", trinidad) if e.get("data-node")]
    assert cell.attrib["data-node"] == str(at(3, 0)) and "Trinidad" in "".join(cell.itertext())
    assert [e.attrib["data-at"] for e in with_attr(picture, "data-ship", 1)] == [str(at(3, 0))]
    (emerald,) = with_attr(picture, "data-island", "emerald")
    assert emerald.attrib["data-cubes"] == "6"
    assert "quests: 1 (hidden)" in texts(picture)
    assert "Pirates of Maracaibo · round 1 of 3" in texts(picture)


def test_the_final_scoring_shows_every_category() -> None:
    *_, last = positions(3, 9, {})
    view, picture = draw(last, 1)
    check_picture(view, picture)
    for p, pl in enumerate(view["state"]["players"]):
        (total,) = with_attr(picture, "data-final", f"{p}:total")
        assert total.text == str(sum(pl["final"].values())) == str(pl["vp"])
    assert any(t.startswith("Game over") for t in texts(picture))


def test_the_solo_picture_shows_john_silver() -> None:
    s = new(1, seed=2)
    view, picture = draw(s, 0)
    check_picture(view, picture)
    assert "John Silver · 0 VP · 0 rivers" in texts(picture)
    assert with_attr(picture, "data-ship", 1)  # John's ship in the start area


def test_the_picture_reads_only_the_view() -> None:
    source = Path(board_svg.__file__).read_text()
    assert "state import" not in source and "MaracaiboState" not in source


@pytest.mark.rule("MA-5.41")
def test_the_hideout_shows_the_taken_burial_spaces_and_each_free_one_buries_there() -> None:
    s = new(2, seed=1)
    treasure(s, 0, "emerald", 1)
    s.buried_at[0][1] = 0b1000  # only the 4th emerald space is taken
    run(s, 0, Effect(do="bury"))
    view, picture = draw(s, 0)
    spaces = {e.attrib["data-buried"]: e for e in with_attr_prefix(picture, "data-buried")}
    assert [spaces[f"emerald:{k}"].attrib["data-full"] for k in range(4)] == ["0", "0", "0", "1"]
    legal = view["legal_actions"]
    for k in range(3):  # a free space is the action that buries there
        i = int(spaces[f"emerald:{k}"].attrib["data-action"])
        assert legal[i]["action"] == {"kind": "bury", "color": 1, "on": "hideout", "space": k}
    assert "data-action" not in spaces["emerald:3"].attrib
    text = GAME.render(s, 0)
    assert "□" in text and "buried 1: □" in " ".join(text.split())


def with_attr_prefix(picture: str, name: str) -> list[ET.Element]:
    return [e for e in ET.fromstring(picture).iter() if name in e.attrib]
