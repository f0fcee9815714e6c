"""Empires of the North rule tests for the spec's overview and component rules (EN-1, EN-2),
the shared parts of the table at setup (EN-3.1, EN-3.2, EN-3.11), the absent Production phase
(EN-4.7) and the list of actions of a turn (EN-5.1.2): what a player can see and do, checked on
built positions through the public API (observations, legal actions)."""

from __future__ import annotations

import pytest

from tabletide.engine import ConfigError
from tabletide.games.empires_north.state import EmpiresState

from .helpers import (
    GAME,
    NEAR,
    Ship,
    act,
    build,
    clear,
    give,
    kind,
    kinds,
    make_card,
    new,
    pass_all,
    tile,
    turn,
)

rule = pytest.mark.rule

VP = [[{"do": "gain", "goods": {"vp": 1}}]]


def _views(s: EmpiresState) -> list[dict]:  # type: ignore[type-arg]
    """Every seat's and the spectator's view of the table (the ``state`` part)."""
    return [s.observation(seat)["state"] for seat in [*range(s.num_players), None]]


def _next_round(s: EmpiresState) -> None:
    """Everybody passes, nobody sails; then nobody keeps a card at the Lookout."""
    pass_all(s)
    while kind(s) == "lookout":
        act(s, "done")
    assert kind(s) == "turn"


# ---------------------------------------------------------------------------- EN-1
@rule("EN-1.1", "EN-2.9")
def test_en_1_1_two_to_four_players_and_no_solo_game() -> None:
    """2-4 players, one of the four colours each (EN-2.9: 2 discs and a clan tile for tired
    workers); the solo rules are not in the seed, so 1 player is refused, as are 5."""
    for n in (2, 3, 4):
        s = GAME.new_state(n, 0)
        assert isinstance(s, EmpiresState) and s.num_players == n
        assert all(len(s.disc_at[p]) == 2 and s.tired[p] == 0 for p in range(n))
    for n in (1, 5):
        with pytest.raises(ConfigError, match="2-4 players"):
            GAME.new_state(n, 0)


@rule("EN-1.4", "EN-8.1")
def test_en_1_4_open_number_of_rounds_until_someone_reaches_25() -> None:
    """No round count ends the game: rounds follow one another while nobody has 25 VP; the
    round in which a player reaches 25 is the last."""
    s = new()
    clear(s, 0)
    clear(s, 1)
    for _ in range(7):
        _next_round(s)
    assert s.round == 8 and not s.last_round and not s.is_terminal()
    turn(s, 0)
    pos = build(s, 0, make_card(s, type="action", action={"effects": VP}))
    s.vp[0] = 24
    act(s, "use", pos=pos)
    assert s.vp[0] == 25 and s.last_round
    pass_all(s)
    assert s.is_terminal() and s.round == 8


@rule("EN-1.5", "EN-4.7", "EN-7.2")
def test_en_1_5_no_production_phase_no_worker_action_goods_kept_in_cleanup() -> None:
    """Between rounds, production locations give nothing (only HARVEST and building do), goods
    are not discarded, and no action sends workers for a resource or a card."""
    s = new()
    clear(s, 0)
    clear(s, 1)
    build(s, 0, "Kailyard")  # a food location
    give(s, 0, wood=2, gold=1, axe=1)
    give(s, 1, stone=3)
    goods = [dict(g) for g in s.goods]
    assert set(kinds(s)) == {"disc", "pass"}  # five ready workers, but no worker action
    _next_round(s)
    assert s.round == 2 and s.goods == goods  # nothing produced, nothing discarded
    turn(s, 0)
    act(s, "disc", tile=tile("harvest"))  # the only way to the food
    assert s.goods[0]["food"] == 1


# ---------------------------------------------------------------------------- EN-2 / EN-3 the table
@rule("EN-2.2", "EN-3.2", "EN-3.5")
def test_en_2_2_the_sailing_board_is_seen_by_everybody() -> None:
    """The sailing board holds the near and the distant deck, two face-up islands under each,
    and the ship queue from the arrow; every seat and the spectator see the same board."""
    s = new(3, ("glenn", "olaf", "nanuuk"))
    boards = [(v["islands"], v["queue"]) for v in _views(s)]
    assert all(b == boards[0] for b in boards)
    islands, queue = boards[0]
    for which in ("near", "distant"):
        assert len(islands[which]["face_up"]) == 2 and all(islands[which]["face_up"])
        assert islands[which]["deck"] > 0
    assert islands["near"]["face_up"][0]["name"] == s.cards[s.isl_up[NEAR][0]].name
    assert queue == []
    clear(s, 0)
    act(s, "disc", tile=tile("sail"))  # nothing to carry: the ship sails at once
    assert s.queue == [Ship(0, False, False)]
    for view in _views(s):
        assert view["queue"] == [{"owner": 0, "fish": False, "axe": False, "common": False}]


@rule("EN-3.1", "EN-2.8", "EN-3.10", "EN-5.2.6")
def test_en_3_1_every_score_is_visible_to_all() -> None:
    """One score marker per player, from 0, on a board everybody sees; VP move it at once."""
    s = new(3, ("glenn", "olaf", "nanuuk"))
    for view in _views(s):
        assert [pl["vp"] for pl in view["players"]] == [0, 0, 0]
    pos = build(s, 0, make_card(s, type="action", action={"effects": VP}))
    act(s, "use", pos=pos)
    for view in _views(s):
        assert [pl["vp"] for pl in view["players"]] == [1, 0, 0]


@rule("EN-3.11", "EN-9.23", "EN-9.3")
def test_en_3_11_goods_come_from_and_go_back_to_the_common_supply() -> None:
    """Paid goods go back to the common supply (nobody else gets them), paid workers go to the
    clan tile (tired), and gains come from the common supply, which never runs out
    (EN-GAP-1). No stand-in card removes goods from a card, the other half of EN-9.23."""
    s = new()
    clear(s, 0)
    clear(s, 1)
    give(s, 1, wood=1, stone=1)
    card = make_card(s, type="action", cost={"wood": 2, "worker": 1}, action={"effects": VP})
    s.hand[0] = [card]
    give(s, 0, wood=2)
    act(s, "build", card=card)
    assert s.goods[0]["wood"] == 0 and (s.workers[0], s.tired[0]) == (4, 1)
    assert s.goods[1] == {**s.goods[1], "wood": 1, "stone": 1}  # the opponent got nothing
    for p in (0, 1):  # a gain never lacks tokens
        s.gain(p, {"wood": 500, "gold": 500})
    assert s.goods[0]["wood"] == 500 and s.goods[1]["wood"] == 501


@rule("EN-5.1.2", "EN-5.1")
def test_en_5_1_2_a_turn_offers_the_four_actions_and_pass() -> None:
    """Build a location, use an action disc (place one, or move a placed one), attack, use
    your own action card, or pass: nothing else."""
    s = new()
    clear(s, 0)
    clear(s, 1)
    build(s, 1, make_card(s, type="action", action={"effects": VP}))  # a target
    mine = build(s, 0, make_card(s, type="action", action={"effects": VP}))
    card = make_card(s, type="action", cost={"stone": 1}, action={"effects": VP})
    s.hand[0] = [card]
    give(s, 0, stone=1, food=1, axe=1)
    act(s, "disc", tile=tile("populate"))
    act(s, "disc", tile=tile("populate"))  # seat 1 (not passed: it may be attacked)
    assert kind(s) == "turn" and s.current_player() == 0
    assert set(kinds(s)) == {"build", "disc", "move", "attack", "use", "pass"}
    assert next(a for a in s.legal_actions() if a.kind == "use")["pos"] == mine
