"""The bots' evaluation of Empires of the North (``evaluate.py``, ``game.evaluate``): exact at the
end, pure, symmetric between seats, monotone in points and material, aware of the horizon, and
good enough that the greedy bot finds the clearly better move in small scenarios.

Scenario positions are built as in the rule tests (``helpers``): seat 0 to act in round 1 with
both seats cleared; ``_no_discs`` puts both of seat 0's discs on tiles, exhausted, so that the
turn offers only what the scenario is about.
"""

from __future__ import annotations

import pickle

import pytest

from tabletide.agents import GreedyAgent, RandomAgent
from tabletide.engine import Action, Frame
from tabletide.games.empires_north.ai import evaluate as ev
from tabletide.games.empires_north.constants import RESOURCES
from tabletide.games.empires_north.expedition import Voyage
from tabletide.games.empires_north.state import EmpiresState
from tabletide.games.empires_north.turn import breakdown

from .helpers import (
    GAME,
    NEAR,
    TILES,
    Ship,
    act,
    build,
    card_id,
    clear,
    give,
    hand,
    island_up,
    kind,
    make_card,
    new,
    turn,
)


# ---------------------------------------------------------------------------------- helpers
def _random_game(num_players: int, seed: int, stop: int | None = None) -> EmpiresState:
    """A game played by random agents, to the end or until ``stop`` decisions were taken."""
    s = GAME.new_state(num_players, seed)
    agent = RandomAgent(seed)
    k = 0
    while not s.is_terminal() and (stop is None or k < stop):
        s.apply(agent.act(s))
        k += 1
    assert isinstance(s, EmpiresState)
    return s


def _midgame_positions() -> list[EmpiresState]:
    return [_random_game(n, seed, stop) for n, seed, stop in _MIDGAME]


_MIDGAME = [(2, 1, 60), (2, 2, 150), (2, 3, 260), (3, 4, 120), (3, 5, 300), (4, 6, 200)]


def _fresh(clans: tuple[str, ...] = ("glenn", "olaf")) -> EmpiresState:
    """Seat 0 to act in round 1; both seats with nothing (5 ready workers each)."""
    s = new(2, clans)
    for p in range(2):
        clear(s, p)
    s.circle = tuple(TILES)
    turn(s, 0)
    return s


def _no_discs(s: EmpiresState, p: int = 0) -> None:
    """Both of ``p``'s discs already used this round: no disc can be placed or moved."""
    s.disc_at[p] = [0, 1]
    s.disc_x[p] = [True, True]


def _greedy(s: EmpiresState, seed: int = 0) -> Action:
    return GreedyAgent(seed).act(s.determinize(s.current_player(), seed))


def _final_score(s: EmpiresState, p: int) -> int:
    return s.vp[p] + sum(breakdown(s, p).values())


# ---------------------------------------------------------------------------------- the end
@pytest.mark.parametrize(("num_players", "seed"), [(2, 11), (2, 12), (3, 13), (4, 14)])
def test_equals_the_final_score_at_the_end(num_players: int, seed: int) -> None:
    s = _random_game(num_players, seed)
    assert s.is_terminal()
    scores = s.scores()
    for p in range(num_players):
        assert GAME.evaluate(s, p) == scores[p]


def test_last_round_counts_resources_as_final_scoring_does() -> None:
    """In the last round the horizon is 0: resources score 1 VP per pair, rounded down
    (EN-8.2b), gold and axes 1 VP each, and tired workers add nothing."""
    s = _fresh()
    s.last_round = True
    s.passed[0] = True  # nothing of this round's actions is left for seat 0
    give(s, 0, wood=3, gold=2, axe=1)
    assert ev.horizon(s) == 0.0
    assert GAME.evaluate(s, 0) == pytest.approx(_final_score(s, 0))
    s.tired[0] += 3
    assert GAME.evaluate(s, 0) == pytest.approx(_final_score(s, 0))
    give(s, 0, food=1)  # a fourth resource completes the second pair
    assert GAME.evaluate(s, 0) == pytest.approx(_final_score(s, 0))


def test_horizon_shrinks_to_the_last_round() -> None:
    s = _fresh()
    early = ev.horizon(s)
    assert early >= 2.0
    s.next_last = True
    assert ev.horizon(s) == 1.0
    s.next_last, s.last_round = False, True
    assert ev.horizon(s) == 0.0


def test_material_is_worth_more_while_it_can_still_be_used() -> None:
    """A resource is worth more than the ½ VP it scores at the end while rounds remain, and
    an action card's engine counts only while rounds remain."""
    s = _fresh()
    s.passed[0] = True
    base = GAME.evaluate(s, 0)
    give(s, 0, wood=2)
    early_pair = GAME.evaluate(s, 0) - base
    build(s, 0, "Highland Games")
    early_card = GAME.evaluate(s, 0) - base - early_pair
    s.last_round = True
    late = GAME.evaluate(s, 0)
    assert early_pair > 1.0
    assert early_card > 1.5
    assert late == pytest.approx(_final_score(s, 0))


# ---------------------------------------------------------------------------------- properties
def test_evaluation_leaves_the_state_unchanged() -> None:
    for s in [*_midgame_positions(), _random_game(2, 21)]:
        before = pickle.dumps(s)
        for p in range(s.num_players):
            GAME.evaluate(s, p)
        assert pickle.dumps(s) == before


def test_evaluation_is_deterministic_and_the_same_on_a_clone() -> None:
    for s in _midgame_positions():
        for p in range(s.num_players):
            assert GAME.evaluate(s, p) == GAME.evaluate(s.clone(), p) == GAME.evaluate(s, p)


def test_equal_positions_of_different_seats_are_worth_the_same() -> None:
    s = _fresh(("heidel", "mackinnon"))
    for p in (0, 1):
        give(s, p, wood=2, fish=1, gold=1, axe=1, vp=4, worker=1)
        s.tired[p] = 2
        for name in ("Woodpile", "Barley Brewery", "Amber Strand"):
            build(s, p, card_id(name))
        s.hand[p] = sorted([card_id("Buy a Round"), card_id("Hop Garden")])
    s.stock[0] = {1: {"food": 2}}
    s.stock[1] = {1: {"food": 2}}
    s.queue = [Ship(0, True, False), Ship(1, True, False)]
    assert GAME.evaluate(s, 0) == GAME.evaluate(s, 1)
    give(s, 1, vp=1)
    assert GAME.evaluate(s, 1) > GAME.evaluate(s, 0)


@pytest.mark.parametrize(
    "extra",
    [
        {"vp": 1},
        {"food": 1},
        {"wood": 1},
        {"stone": 1},
        {"sheep": 1},
        {"fish": 1},
        {"gold": 1},
        {"axe": 1},
        {"worker": 1},
    ],
)
def test_more_points_or_material_never_lowers_it(extra: dict[str, int]) -> None:
    for s in _midgame_positions():
        if s.is_terminal():
            continue
        for p in range(s.num_players):
            before = GAME.evaluate(s, p)
            richer = s.clone()
            give(richer, p, **extra)
            after = GAME.evaluate(richer, p)
            assert after > before - 1e-9, (extra, p)
            if "vp" in extra:
                assert after >= before + 1.0 - 1e-9


def test_an_empire_card_or_a_kept_card_never_lowers_it() -> None:
    for s in _midgame_positions():
        if s.is_terminal():
            continue
        for p in range(s.num_players):
            before = GAME.evaluate(s, p)
            own = [i for i, c in enumerate(s.cards) if c.clan == s.clan[p]]
            more = s.clone()
            more.hand[p] = sorted([*more.hand[p], own[-1]])
            assert GAME.evaluate(more, p) >= before
            bigger = s.clone()
            bigger.empire[p].append(bigger.empire[p][0]._replace(host=-1))
            assert GAME.evaluate(bigger, p) >= before + 1.0 - 1e-9


def test_card_values_are_cached_per_card_table() -> None:
    """The evaluation reads a table of card values built once per card table; a state whose
    cards differ (a custom card) gets a table of its own."""
    s = _fresh()
    infos, _ = ev.table(s.cards)
    assert ev.table(s.cards)[0] is infos
    assert len(infos) == len(s.cards)
    custom = make_card(
        s,
        type="action",
        cost={"wood": 1},
        action={"effects": [[{"do": "gain", "goods": {"vp": 5}}]]},
    )
    mine, _ = ev.table(s.cards)
    assert mine is not infos
    assert mine[custom].use > infos[custom].use


def test_a_ship_in_the_queue_is_worth_its_island() -> None:
    """A queued ship keeps the value of the fish and axe paid for it (EN-5.4.5.3): a fish
    opens the richer distant islands, an axe a conquest."""
    s = _fresh()
    s.passed[0] = True
    values = []
    for fish, axe in ((False, False), (True, False), (True, True)):
        s.queue = [Ship(0, fish, axe)]
        values.append(GAME.evaluate(s, 0))
    s.queue = []
    empty = GAME.evaluate(s, 0)
    assert empty < values[0] < values[1] < values[2]
    assert values[1] - values[0] > ev.RESOURCE_RATE  # worth its fish


# ---------------------------------------------------------------------------------- scenarios
def test_greedy_uses_an_action_card_for_points_instead_of_passing() -> None:
    s = _fresh()
    _no_discs(s)
    build(s, 0, "Highland Games")  # Action: pay 1 sheep: gain 2 VP
    give(s, 0, sheep=1)
    assert _greedy(s).kind == "use"


def test_greedy_builds_an_engine_card_early_instead_of_passing() -> None:
    """Building Highland Games costs 1 wood and 1 stone: worth 1 VP at the end and 2 VP per
    sheep every round; the final-score count alone sees 1 VP for 1 VP of resources."""
    s = _fresh()
    _no_discs(s)
    hand(s, 0, "Highland Games")
    give(s, 0, wood=1, stone=1, sheep=2)
    action = _greedy(s)
    assert action.kind == "build"
    assert action.num("card") == card_id("Highland Games")


def test_greedy_harvests_the_richest_location() -> None:
    s = _fresh()
    for name in ("Kailyard", "Birch Wood"):
        build(s, 0, name)
    host = build(s, 0, "Home Pasture")
    build(s, 0, "Prize Ram", host=host)  # Home Pasture now gives 2 sheep and 1 VP
    act(s, "disc", tile=TILES.index("harvest"))
    if kind(s) == "extra":
        act(s, "none")
    assert kind(s) == "harvest"
    action = _greedy(s)
    assert action.num("pos") == host


def test_greedy_keeps_cards_at_the_lookout_while_the_game_is_young() -> None:
    s = _fresh()
    s.phase = "lookout"
    s.look[0] = sorted([card_id("Highland Games"), card_id("Many Hands")])
    s.stack = [Frame("turn", 1), Frame("lookout", 0)]
    assert kind(s) == "lookout"
    assert _greedy(s).kind == "keep"


def test_greedy_sends_a_ship_with_an_axe_to_conquer_a_rich_island() -> None:
    """Expedition: conquering Amber Strand (1 VP as an empire card and an action that pays
    1 gold and 1 VP every round) beats raiding a near island for a few goods."""
    s = _fresh()
    island_up(s, NEAR, 0, "Tidal Sandbar")
    island_up(s, NEAR, 1, "Puffin Skerry")
    s.isl_up[1] = [card_id("Amber Strand"), card_id("Drifting Berg")]
    s.isl_deck, s.isl_discard = [[], []], [[], []]  # no face-down top card to gamble on
    s.stack = [Frame("turn", 1), Frame("voyage", 0, Voyage(Ship(0, True, True)))]
    s.phase = "expedition"
    action = _greedy(s)
    assert action.kind == "conquer"
    assert action.num("slot") == 2  # the first distant slot


def test_greedy_scores_rather_than_hoards_in_the_last_round() -> None:
    """In the last round a pair of fish scores 1 VP at the end; the Fish Drying Racks turn the
    pair into 3 VP now, and there is no later round to keep them for."""
    s = _fresh(("panurjuk", "olaf"))
    _no_discs(s)
    build(s, 0, "Fish Drying Racks")  # Action: pay 2 fish: gain 3 VP
    give(s, 0, fish=2)
    s.last_round = True
    assert _greedy(s).kind == "use"


def test_resources_count_by_pairs_only_at_the_end() -> None:
    """Mid-game a single resource has value (it can still be spent); the final scoring only
    counts pairs."""
    s = _fresh()
    s.passed[0] = True
    base = GAME.evaluate(s, 0)
    give(s, 0, food=1)
    assert GAME.evaluate(s, 0) > base
    s.last_round = True
    s.goods[0]["food"] = 1
    assert sum(s.goods[0][r] for r in RESOURCES) == 1
    assert GAME.evaluate(s, 0) == pytest.approx(_final_score(s, 0))


def test_a_pending_payment_is_worth_the_position_paid_with_the_fewest_gold() -> None:
    """At a ``pay`` decision the card is still in the hand and nothing is paid; the evaluation
    looks at a copy paid with the first option (the fewest gold), so that choosing to build is
    worth what building does; the state itself is untouched."""
    s = _fresh()
    _no_discs(s)
    hand(s, 0, "Highland Games")
    give(s, 0, wood=1, stone=1, sheep=2, gold=2)
    act(s, "build", card=card_id("Highland Games"))
    assert kind(s) == "pay"
    paid = s.clone()
    act(paid, "pay", gold_wood=0, gold_stone=0)
    before = s.observation(0)
    for seat in (0, 1):
        assert ev.evaluate(s, seat) == ev.evaluate(paid, seat)
    assert s.observation(0) == before and kind(s) == "pay"


def test_greedy_pays_with_the_resource_and_keeps_the_gold() -> None:
    """Gold is worth more than a resource (a wildcard, 1 VP at the end): greedy offered the
    choice (EN-9.21) pays the wood."""
    s = _fresh()
    _no_discs(s)
    hand(s, 0, "Highland Games")
    give(s, 0, wood=1, stone=1, sheep=2, gold=1)
    act(s, "build", card=card_id("Highland Games"))
    assert kind(s) == "pay" and len(s.legal_actions()) == 3
    action = _greedy(s)
    assert action.kind == "pay" and action.label == "Pay 1 wood + 1 stone"
