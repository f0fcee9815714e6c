"""Labels of Empires of the North's actions: every legal action of a decision tells itself apart
from its siblings in words (``tests/conformance.py::check_decision`` checks it on random games).

Where an empire holds two cards of one name, every decision that targets a card in play names
which one by its place in empire order ("the 2nd Grinding Circle"), and a pair of face-up
islands of one name by board order (near 1, near 2, distant 1, distant 2). A lone card keeps
its plain name.
"""

from __future__ import annotations

import pytest

from tabletide.engine import Frame
from tabletide.games.empires_north.effects import ordinal
from tabletide.games.empires_north.expedition import Voyage
from tabletide.games.empires_north.state import EmpiresState

from .helpers import (
    NEAR,
    Effect,
    Ship,
    act,
    build,
    clear,
    give,
    hand,
    island_up,
    kind,
    make_card,
    new,
    resume,
    run,
    tile,
    turn,
)

rule = pytest.mark.rule


def _fresh(clans: tuple[str, ...]) -> EmpiresState:
    s = new(2, clans)
    for p in range(2):
        clear(s, p)
    turn(s, 0)
    return s


def _labels(s: EmpiresState, kind_: str) -> dict[int, str]:
    """``pos`` (or ``slot``) -> label of the legal actions of that kind."""
    out = {}
    for a in s.legal_actions():
        if a.kind == kind_:
            params = dict(a.params)
            out[int(params.get("pos", params.get("slot", -1)))] = a.label
    return out


def _assert_distinct(s: EmpiresState) -> None:
    labels = [a.label for a in s.legal_actions()]
    assert len(set(labels)) == len(labels), labels


def test_ordinals_read_as_words() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
    ]


@rule("EN-5.6.1", "EN-5.6.2")
def test_two_copies_of_an_action_card_are_used_as_the_1st_and_the_2nd() -> None:
    """Using your own action card (EN-5.6): each ready copy is its own choice."""
    s = _fresh(("olaf", "glenn"))
    first = build(s, 0, "Grinding Circle")
    build(s, 0, "Kailyard")
    second = build(s, 0, "Grinding Circle")
    give(s, 0, wood=2)
    assert _labels(s, "use") == {
        first: "Use the 1st Grinding Circle",
        second: "Use the 2nd Grinding Circle",
    }
    _assert_distinct(s)
    act(s, "use", pos=second)
    assert s.empire[0][second].exhausted and not s.empire[0][first].exhausted
    act(s, "pass")  # seat 1
    # the label names the copy by its place even when the other one cannot be chosen
    assert _labels(s, "use") == {first: "Use the 1st Grinding Circle"}


def test_a_lone_card_keeps_its_plain_name() -> None:
    s = _fresh(("olaf", "glenn"))
    pos = build(s, 0, "Grinding Circle")
    give(s, 0, wood=1)
    assert _labels(s, "use") == {pos: "Use Grinding Circle"}


def test_attacks_on_two_copies_name_the_copy_and_its_owner() -> None:
    s = _fresh(("olaf", "glenn"))
    a = build(s, 1, "Clan Feast")
    b = build(s, 1, "Clan Feast")
    give(s, 0, axe=1)
    assert _labels(s, "attack") == {
        a: "Attack Seat 1's 1st Clan Feast (1 axe)",
        b: "Attack Seat 1's 2nd Clan Feast (1 axe)",
    }
    _assert_distinct(s)


def test_harvest_and_host_name_the_copy_of_a_production_location() -> None:
    s = _fresh(("mackinnon", "glenn"))
    one = build(s, 0, "Granite Quarry")
    two = build(s, 0, "Granite Quarry")
    act(s, "disc", tile=tile("harvest"))
    assert kind(s) == "harvest"
    assert _labels(s, "harvest") == {
        one: "Harvest the 1st Granite Quarry (1 stone + 1 sheep)",
        two: "Harvest the 2nd Granite Quarry (1 stone + 1 sheep)",
    }
    _assert_distinct(s)
    # an upgrade sharing the stone may go under either copy
    s2 = _fresh(("mackinnon", "glenn"))
    one = build(s2, 0, "Granite Quarry")
    two = build(s2, 0, "Granite Quarry")
    upgrade = make_card(s2, type="upgrade", when="harvest", produce={"stone": 1})
    s2.hand[0].append(upgrade)
    act(s2, "disc", tile=tile("harvest"))
    act(s2, "produce", card=upgrade)
    assert kind(s2) == "host"
    assert _labels(s2, "host") == {
        one: "Slide it under the 1st Granite Quarry",
        two: "Slide it under the 2nd Granite Quarry",
    }


def test_copy_refresh_and_release_name_the_copy() -> None:
    s = _fresh(("mackinnon", "glenn"))
    one = build(s, 0, "Family Trust")
    two = build(s, 0, "Family Trust")
    # a copy location whose condition is an action card (Partners' Share)
    hand(s, 0, "Partners' Share")
    give(s, 0, stone=1, gold=1)
    act(s, "build", card=s.hand[0][0])
    assert kind(s) == "copy"
    assert _labels(s, "copy") == {
        one: "Copy the 1st Family Trust",
        two: "Copy the 2nd Family Trust",
    }
    _assert_distinct(s)
    # refresh and release on both copies
    s2 = _fresh(("mackinnon", "glenn"))
    one = build(s2, 0, "Family Trust", exhausted=True)
    two = build(s2, 0, "Family Trust", exhausted=True)
    s2.stock[0] = {one: {"gold": 1}, two: {"gold": 1}}
    run(s2, 0, Effect(do="refresh", n=1))
    assert _labels(s2, "refresh") == {
        one: "Refresh the 1st Family Trust",
        two: "Refresh the 2nd Family Trust",
    }
    act(s2, "done")
    run(s2, 0, Effect(do="release", n=1))
    assert _labels(s2, "release") == {
        one: "Release 1 gold from the 1st Family Trust",
        two: "Release 1 gold from the 2nd Family Trust",
    }
    _assert_distinct(s2)


def test_two_face_up_islands_of_one_name_are_the_1st_and_the_2nd() -> None:
    s = _fresh(("olaf", "glenn"))
    island_up(s, NEAR, 0, "Ewe Island")
    island_up(s, NEAR, 1, "Ewe Island")
    s.stack = [Frame("voyage", 0, Voyage(Ship(0, False, True)))]
    resume(s)
    assert kind(s) == "voyage"
    raids = _labels(s, "raid")
    assert raids[0].startswith("Raid the 1st Ewe Island (") and raids[1].startswith(
        "Raid the 2nd Ewe Island ("
    )
    assert _labels(s, "conquer") == {
        0: "Conquer the 1st Ewe Island",
        1: "Conquer the 2nd Ewe Island",
    }
    _assert_distinct(s)
