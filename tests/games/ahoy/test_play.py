"""Whole-game properties of Ahoy: the engine contract on random playouts, fuzzing with the
game's invariants after every step, hidden-information leaks, determinism and golden replays."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from conformance import (
    check_bad_input,
    check_game,
    check_golden,
    fuzz_seeds,
    playthrough,
    random_walk,
    views,
)
from tabletide.engine import Action, Rng, derive_seed
from tabletide.games.ahoy.constants import (
    ALLY_TOKENS,
    CUTTER,
    FAME_TO_WIN,
    FIGURES,
    FORT0,
    GOLD_TOKENS,
    MAX_ROUNDS,
    PATROL0,
    WEALTH_MAX,
)
from tabletide.games.ahoy.state import AhoyState

from .helpers import GAME

GOLDEN = Path(__file__).parent / "golden"
CI_FUZZ_GAMES = 300
LONG_FUZZ_GAMES = 3000


# ---------------------------------------------------------------------------- conformance
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_engine_contract_deep(num_players: int) -> None:
    """Every check of tests/conformance.py at every step (clone, determinize, codec, replay)."""
    check_game("ahoy", num_players, seeds=[0])


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_engine_contract_more_seeds(num_players: int) -> None:
    """The per-game checks (codec, observations, replay, returns) on more games."""
    check_game("ahoy", num_players, seeds=range(1, 4), deep=False)


# ---------------------------------------------------------------------------- fuzzing
class Watch:
    """What must never go back: fame and wealth; and the round in which 30 fame was reached."""

    def __init__(self, s: AhoyState) -> None:
        self.fame = s.fame[:]
        self.wealth = s.wealth[:]
        self.round_30 = 0


def check_invariants(s: AhoyState, w: Watch, where: str) -> None:
    for seat in range(s.num_players):
        values = s.hand[seat] + [v for _, v in s.dice[seat]]
        assert all(1 <= v <= 6 for v in values), f"{where}: seat {seat} dice {values}"
        spots = [sp for sp, _ in s.dice[seat]]
        for sp in set(spots):
            cap = s.board_spots(seat)[sp].capacity if sp < len(s.board_spots(seat)) else 1
            assert spots.count(sp) <= cap, f"{where}: seat {seat} spot {sp} holds {spots}"
            assert sp not in s.damage[seat], f"{where}: seat {seat} die on damaged spot {sp}"
        assert len(set(s.damage[seat])) == len(s.damage[seat]), f"{where}: damage twice"
        assert set(s.damage[seat]) <= set(s.own_spots(seat, ships=True)), f"{where}: damage"
        assert not any(s.dashed(seat, sp) for sp in s.damage[seat]), f"{where}: dashed hit"
        assert s.gold[seat] >= 0, f"{where}: seat {seat} gold {s.gold[seat]}"
        assert s.fame[seat] >= w.fame[seat], f"{where}: seat {seat} fame fell"
        assert len(s.cargo[seat]) <= 2 or any(
            f.kind == "overboard" and f.seat == seat for f in s.stack
        ), f"{where}: seat {seat} cargo {s.cargo[seat]}"
    if s.stack and s.stack[-1].kind == "turn":
        assert s.placed_turn <= s.quota <= 2, f"{where}: {s.placed_turn}/{s.quota} dice"
        assert not s.moves and s.fight is None, f"{where}: a move or battle left over"
    assert sum(s.gold) <= GOLD_TOKENS, f"{where}: {sum(s.gold)} gold"
    assert min(s.allies) >= 0 and s.ready >= 0 and s.ally_supply() >= 0, f"{where}: allies"
    assert s.ready + sum(s.allies) <= ALLY_TOKENS
    for f in range(FIGURES):
        assert s.fig[f] < 0 or s.fig[f] in s.cells, f"{where}: figure {f} off the map"
    assert sum(1 for f in range(FORT0, CUTTER) if s.fig[f] >= 0) <= 3
    assert sum(1 for f in range(PATROL0, FORT0) if s.fig[f] >= 0) <= 10
    assert len(s.wealth) == len(s.placed) <= 11, f"{where}: {len(s.placed)} regions"
    for r, v in enumerate(s.wealth):
        assert 1 <= v <= WEALTH_MAX, f"{where}: wealth {v}"
        assert r >= len(w.wealth) or v >= w.wealth[r], f"{where}: region {r} wealth fell"
    piles = [*s.market, *s.market_deck, *s.removed]
    for seat in range(s.num_players):
        piles += s.crew[seat] + s.cargo[seat] + s.favor[seat][0] + s.favor[seat][1]
    assert len(piles) == len(set(piles)), f"{where}: a marketplace card is in two places"
    plans = [*s.plan_hand, *s.plan_deck, *s.plan_discard]
    assert len(plans) == len(set(plans)), f"{where}: a plan card is in two places"
    if max(s.fame) >= FAME_TO_WIN and not w.round_30:
        w.round_30 = s.round
    w.fame, w.wealth = s.fame[:], s.wealth[:]


def fuzz_one(seed: int) -> int:
    num_players = 2 + seed % 3
    state = GAME.new_state(num_players, seed)
    assert isinstance(state, AhoyState)
    rng = Rng(derive_seed("fuzz", seed))
    watch = Watch(state)
    steps = 0
    while not state.is_terminal():
        where = f"{num_players}p seed {seed} step {steps}"
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        assert steps <= GAME.max_game_length, f"{where}: game too long"
        check_invariants(state, watch, where)
        assert (
            state.is_terminal() or max(state.fame) < FAME_TO_WIN or watch.round_30 == (state.round)
        ), f"{where}: the round in which 30 fame was reached did not end the game (AH-7.4)"
    # AH-7.4: the game ends at the end of the round in which someone reached 30 fame.
    assert watch.round_30 == state.round or state.round >= MAX_ROUNDS, f"seed {seed}"
    assert not any(state.hand), f"seed {seed}: the game ended mid-round"
    return steps


@pytest.mark.parametrize("chunk", range(4))
def test_fuzz_ci_sample(chunk: int) -> None:
    """300 seeded random games over 2/3/4 players with invariants after every step."""
    lengths = [fuzz_one(seed) for seed in fuzz_seeds(chunk, 4, CI_FUZZ_GAMES)]
    assert max(lengths) <= GAME.max_game_length


@pytest.mark.long
@pytest.mark.parametrize("chunk", range(20))
def test_fuzz_long(chunk: int) -> None:
    """3,000 seeded random games (``make test-long``)."""
    for seed in fuzz_seeds(chunk, 20, LONG_FUZZ_GAMES, first=10_000):
        fuzz_one(seed)


# ---------------------------------------------------------------------------- hidden information
def mid_game(num_players: int, seed: int = 4, steps: int = 120) -> AhoyState:
    state = random_walk(GAME.new_state(num_players, seed), steps, seed)
    assert isinstance(state, AhoyState)
    return state


def _delivered_game() -> AhoyState:
    """A 4-player game in progress in which both Smugglers have cards under their favor
    tokens (planted: random Smugglers seldom deliver) and the Union holds plans."""
    state = mid_game(4, seed=4, steps=120)
    assert not state.is_terminal() and state.plan_hand and state.plan_deck
    for p, token in ((1, 0), (3, 1)):
        for _ in range(2):
            state.favor[p][token].append(state.market_deck.pop())
    return state


@pytest.mark.rule("AH-5.41", "AH-6.2.4", "AH-6.3.7")
def test_plans_favor_tokens_and_decks_are_hidden() -> None:
    """Two states that differ only in what is hidden (the Union's hand and plan deck, which
    favor token each Smuggler's cards lie under, the region supply, the boxed tile, the market
    deck) look the same to every seat that may not see the difference, and to spectators."""
    state = _delivered_game()
    twin = state.clone()
    keys = {twin.plan_cards[c] for c in twin.plan_hand}
    swap = next(c for c in twin.plan_deck if twin.plan_cards[c] not in keys)
    twin.plan_deck[twin.plan_deck.index(swap)] = twin.plan_hand[0]
    twin.plan_hand[0] = swap
    for p in (1, 3):
        twin.favor[p] = [twin.favor[p][1], twin.favor[p][0]]
    twin.supply.reverse()
    twin.supply[0], twin.boxed = twin.boxed, twin.supply[0]
    twin.market_deck.reverse()
    for seat in (0, None):  # the Fleet and spectators see none of it
        assert state.observation(seat) == twin.observation(seat), f"leak to {seat}"
        assert state.events_for(seat) == twin.events_for(seat)
    for seat in (1, 2, 3):  # nor do the others, but for their own secrets
        assert blind(state, seat) == blind(twin, seat), f"leak to {seat}"
    for p in (1, 3):  # each Smuggler sees its own favor tokens, not the other's, nor plans
        assert state.observation(p) != twin.observation(p)
        other = 4 - p
        assert (
            state.observation(p)["state"]["players"][other]
            == (twin.observation(p)["state"]["players"][other])
        )
        assert "plans" not in state.observation(p)["state"]["players"][2]
    assert (
        state.observation(2)["state"]["players"][2]["plans"]
        != (twin.observation(2)["state"]["players"][2]["plans"])
    ), "the Union sees its own hand"


def blind(state: AhoyState, seat: int) -> tuple[Any, ...]:
    """What ``seat`` sees of the others' secrets: its observation without its own secrets
    (the Union's plans, a Smuggler's favor tokens, and the legal actions they shape) and its
    structured events."""
    view = copy.deepcopy(state.observation(seat))
    view.pop("legal_actions", None)
    mine = view["state"]["players"][seat]
    mine.pop("plans", None)
    mine.pop("favor", None)
    return view, state.events_for(seat)


def _set_plans(state: AhoyState, *keys: str) -> None:
    """The Union's hand becomes one card of each kind in ``keys``, taken from its hand, the
    plan deck or the discard; the cards it held go to the deck."""
    pool = state.plan_hand + state.plan_deck + state.plan_discard
    hand = [next(c for c in pool if state.plan_cards[c] == k) for k in keys]
    rest = [c for c in state.plan_hand if c not in hand]
    state.plan_deck = [c for c in state.plan_deck if c not in hand] + rest
    state.plan_discard = [c for c in state.plan_discard if c not in hand]
    state.plan_hand = sorted(hand)


def _plans_twin(state: AhoyState) -> AhoyState:
    """A twin whose Union holds other plans and will draw others: where the original holds
    Swift Approach (which can always be played) and Weapons Cache (a battle plan), the twin
    holds Stealth Attack and the Cutter, which need allies or patrols where they are, and the
    plan deck is reversed. The Smugglers' favor tokens are swapped too."""
    _set_plans(state, "swift_approach", "weapons_cache")
    twin = state.clone()
    _set_plans(twin, "stealth_attack", "cutter")
    twin.plan_deck.reverse()
    for p in (1, 3):
        twin.favor[p] = [twin.favor[p][1], twin.favor[p][0]]
    return twin


@pytest.mark.rule("AH-5.41", "AH-6.2.4", "AH-7.8", "AH-6.3.7")
def test_hidden_plans_and_favor_stay_hidden_while_play_goes_on() -> None:
    """The twins above (another plan in the Union's hand, other plans to draw, the Smugglers'
    favor tokens swapped) are played on with the same actions, the Union playing no plan,
    through a round end at which the Union draws plans, deliveries and battles: at every step
    each seat sees the same of the other seats' secrets, in its view and its structured
    events, and so does a spectator."""
    state = _delivered_game()
    twin = _plans_twin(state)
    assert state.plan_hand != twin.plan_hand
    rng = Rng(derive_seed("ahoy twins", 4))
    steps, unlike_draws = 0, 0
    while not state.is_terminal() and steps < 600:
        for seat in (0, None):
            where = f"step {steps}, seat {seat}"
            assert state.observation(seat) == twin.observation(seat), where
            assert state.events_for(seat) == twin.events_for(seat), where
        for seat in (1, 2, 3):
            assert blind(state, seat) == blind(twin, seat), f"step {steps}, seat {seat}"
        other = set(twin.legal_actions())
        choices = [a for a in state.legal_actions() if a in other and a.kind != "plan"]
        action = rng.choice(choices)
        before = set(state.plan_hand), set(twin.plan_hand)
        state.apply(action)
        twin.apply(action)
        steps += 1
        if len(state.plan_hand) > len(before[0]):  # the round ended: the Union drew plans
            unlike_draws += set(state.plan_hand) - before[0] != set(twin.plan_hand) - before[1]
    assert unlike_draws >= 2, "the twins' Union drew other plans, at two round ends at least"


def test_determinize_keeps_what_is_known() -> None:
    state = _delivered_game()
    for seat in range(4):
        det = state.determinize(seat, seed=99)
        assert isinstance(det, AhoyState)
        assert det.observation(seat) == state.observation(seat)
        assert sorted([*det.supply, det.boxed]) == sorted([*state.supply, state.boxed])
        assert len(det.plan_hand) == len(state.plan_hand)
    det = state.determinize(0, seed=5)
    assert (det.plan_hand, det.supply, det.market_deck) != (
        state.plan_hand,
        state.supply,
        state.market_deck,
    ), "nothing hidden was resampled"


# ---------------------------------------------------------------------------- errors, determinism
def test_illegal_and_malformed_actions_leave_the_state_unchanged() -> None:
    state = mid_game(3, seed=2, steps=40)
    bad = (Action.make("fort", region=9), Action.make("stop"), Action.make("nothing"))
    check_bad_input(GAME, state, bad, {"kind": "step", "dir": "up"})


def test_same_seed_same_game() -> None:
    a, b = mid_game(4, seed=11, steps=300), mid_game(4, seed=11, steps=300)
    assert views(a) == views(b) and a.history == b.history


# ---------------------------------------------------------------------------- golden replays
@pytest.mark.parametrize("num_players", [2, 4])
def test_golden_playthrough(num_players: int) -> None:
    """Regenerate deliberately with ``UPDATE_GOLDEN=1 make test``."""
    path = GOLDEN / f"ahoy_{num_players}p_seed7.txt"
    check_golden(path, playthrough("ahoy", num_players, 7))
