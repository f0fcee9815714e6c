"""Whole-game properties of Empires of the North: the engine contract on random playouts for
2-4 players and every clan, fuzzing with the game's invariants after every step, hidden
information (hands, decks, the Lookout choice), determinism and golden replays."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from itertools import combinations
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
)
from tabletide.engine import Action, ConfigError, Rng, derive_seed
from tabletide.games.empires_north.constants import CLANS, END_VP, ROUND_LIMIT
from tabletide.games.empires_north.state import EmpiresState

from .helpers import GAME, act, kind

GOLDEN = Path(__file__).parent / "golden"
CI_FUZZ_GAMES = 300
LONG_FUZZ_GAMES = 3000
CLAN_SETS = [c for n in (2, 3, 4) for c in combinations(CLANS, n)]
"""Every combination of 2, 3 or 4 clans (15 + 20 + 15)."""


def clan_options(clans: tuple[str, ...]) -> dict[str, Any]:
    return {f"clan_{k + 1}": c for k, c in enumerate(clans)}


# ---------------------------------------------------------------------------- conformance
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_engine_contract_deep(num_players: int) -> None:
    """Every check of tests/conformance.py at every step (clone, determinize, codec, replay)."""
    check_game("empires_north", num_players, seeds=[0])


@pytest.mark.parametrize("clan", CLANS)
def test_engine_contract_each_clan(clan: str) -> None:
    """Each clan's cards through the per-step checks, against the clan after it."""
    rival = CLANS[(CLANS.index(clan) + 1) % len(CLANS)]
    check_game("empires_north", 2, seeds=[7], options=clan_options((clan, rival)), deep=False)


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_engine_contract_more_seeds(num_players: int) -> None:
    check_game("empires_north", num_players, seeds=range(1, 4), deep=False)


@pytest.mark.long
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_engine_contract_deep_long(num_players: int) -> None:
    """The deep checks on more games (``make test-long``)."""
    check_game("empires_north", num_players, seeds=range(10, 20))


# ---------------------------------------------------------------------------- fuzzing
class Trace:
    """What the end invariant needs: the round and phase in which 25 VP was first reached, seen
    by wrapping the score marker's move (several phases can pass inside one ``apply``)."""

    def __init__(self) -> None:
        self.reached: tuple[int, str] | None = None


@contextmanager
def tracing(trace: Trace) -> Iterator[None]:
    score = EmpiresState.score

    def watched(s: EmpiresState, p: int, k: int) -> None:
        if trace.reached is None and s.vp[p] + k >= END_VP:
            trace.reached = (s.round, s.phase)
        score(s, p, k)

    EmpiresState.score = watched  # type: ignore[method-assign]
    try:
        yield
    finally:
        EmpiresState.score = score  # type: ignore[method-assign]


def check_invariants(s: EmpiresState, before: EmpiresState, where: str) -> None:
    n = s.num_players
    for p in range(n):
        assert min(s.goods[p].values()) >= 0, f"{where}: seat {p} goods {s.goods[p]}"
        assert s.workers[p] >= 0 and s.tired[p] >= 0, f"{where}: seat {p} workers"
        for goods in s.stock[p].values():
            assert goods and min(goods.values()) > 0, f"{where}: assigned goods {goods}"
        assert 0 <= s.ships_free(p) <= s.ships[p] <= 3, f"{where}: ships of {p}"
        assert max(s.disc_uses[p]) <= 2, f"{where}: a disc used 3 times in a round"
        if s.phase != "over":
            assert s.vp[p] >= before.vp[p], f"{where}: seat {p} lost VP during play"
        # Every clan card is in exactly one place: hand, deck, discard, Lookout or empire.
        own = [pl.card for pl in s.empire[p] if s.cards[pl.card].type != "island"]
        cards = s.hand[p] + s.deck[p] + s.discard[p] + s.look[p] + own
        mine = sorted(
            i for i, c in enumerate(s.cards) if c.clan == s.clan[p] for _ in range(c.copies)
        )
        assert sorted(cards) == mine, f"{where}: seat {p}'s cards are lost or doubled"
        for pl in s.empire[p]:
            assert pl.host < 0 or s.cards[s.empire[p][pl.host].acts].type in (
                "production",
                "flex",
            ), f"{where}: an upgrade under a card that produces nothing"
    islands = [i for d in (0, 1) for i in s.isl_deck[d] + s.isl_discard[d] + s.isl_up[d]]
    islands += [pl.card for e in s.empire for pl in e if s.cards[pl.card].type == "island"]
    islands += [s.revealed] if s.revealed >= 0 else []
    expected = sorted(
        i for i, c in enumerate(s.cards) if c.type == "island" for _ in range(c.copies)
    )
    assert sorted(i for i in islands if i >= 0) == expected, f"{where}: an island is lost"
    # Exhausted cards cannot act, passed players are never targets.
    if s.stack and s.stack[-1].kind == "turn":
        p = s.stack[-1].seat
        for a in s.legal_actions():
            if a.kind == "use":
                assert not s.empire[p][a.num("pos")].exhausted, f"{where}: exhausted card used"
            if a.kind == "attack":
                q = a.num("seat")
                assert not s.passed[q], f"{where}: a passed player is attacked"
                assert not s.empire[q][a.num("pos")].exhausted, f"{where}: exhausted target"
        assert not s.passed[p], f"{where}: a passed player takes a turn"


def fuzz_one(seed: int) -> int:
    clans = CLAN_SETS[seed % len(CLAN_SETS)]
    state = GAME.new_state(len(clans), seed, clan_options(clans))
    assert isinstance(state, EmpiresState)
    rng = Rng(derive_seed("fuzz", seed))
    trace = Trace()
    steps = 0
    with tracing(trace):
        while not state.is_terminal():
            where = f"{clans} seed {seed} step {steps}"
            before = state.clone()
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
            assert steps <= GAME.max_game_length, f"{where}: game too long"
            check_invariants(state, before, where)
    # EN-8.1: the game ends after the Expedition of the round in which 25 VP was reached, or
    # of the next round when it was reached in an Expedition.
    assert state.final, f"seed {seed}: no final scoring"
    if trace.reached is None:
        assert state.round == ROUND_LIMIT, f"seed {seed}: ended without 25 VP"
    else:
        round_, phase = trace.reached
        expected = round_ + 1 if phase == "expedition" else round_
        assert state.round == min(expected, ROUND_LIMIT), f"seed {seed}: {trace.reached}"
    return steps


@pytest.mark.parametrize("chunk", range(4))
def test_fuzz_ci_sample(chunk: int) -> None:
    """300 seeded random games over every 2-, 3- and 4-clan combination."""
    lengths = [fuzz_one(seed) for seed in fuzz_seeds(chunk, 4, CI_FUZZ_GAMES)]
    assert max(lengths) <= GAME.max_game_length


@pytest.mark.long
@pytest.mark.parametrize("chunk", range(20))
def test_fuzz_long(chunk: int) -> None:
    """3,000 seeded random games (``make test-long``)."""
    for seed in fuzz_seeds(chunk, 20, LONG_FUZZ_GAMES, first=10_000):
        fuzz_one(seed)


# ---------------------------------------------------------------------------- hidden information
def mid_game(num_players: int, seed: int = 4, steps: int = 80) -> EmpiresState:
    state = random_walk(GAME.new_state(num_players, seed), steps, seed)
    assert isinstance(state, EmpiresState) and not state.is_terminal()
    return state


def _secret_policy(state: EmpiresState, explore: bool) -> Action:
    """What the seat with the secret does in a twin game: the same *public* move in both twins.
    It keeps the first card listed at the opening and one card at each Lookout (a different
    card in each twin: only "a card was kept" is public), places a disc on EXPLORE once when
    ``explore`` (a draw from the deck), and otherwise passes; any other decision takes its
    first option (those options are public and the same in both twins)."""
    legal = state.legal_actions()
    kinds_ = [a.kind for a in legal]
    frame = state.stack[-1]
    p = frame.seat
    if frame.kind == "opening":
        return legal[0]
    if frame.kind == "lookout":
        kept_now = state.tired[p] > 0
        return legal[0] if "keep" in kinds_ and not kept_now else legal[kinds_.index("done")]
    if frame.kind == "turn":
        if explore and not any(e["type"] == "draw" and e["seat"] == p for e in state.events):
            for a in legal:
                if a.kind == "disc" and a.num("tile") == 0:  # EXPLORE
                    return a
        return legal[kinds_.index("pass")]
    return legal[0]


def play_twins(
    one: EmpiresState, two: EmpiresState, p: int, steps: int, seed: int, explore: bool = False
) -> int:
    """Play two states that differ only in seat ``p``'s hidden facts side by side: the other
    seats make the same random moves (their options must not depend on ``p``'s secrets), ``p``
    makes the same public moves (``_secret_policy``). After every step, every other seat and
    the spectator must see the same observation and the same structured events
    (``events_for``). Returns the number of steps played."""
    rng = Rng(derive_seed("twins", seed))
    watchers: list[int | None] = [q for q in range(one.num_players) if q != p]
    watchers.append(None)
    for step in range(steps):
        if one.is_terminal():
            assert two.is_terminal(), f"step {step}: one twin ended, the other did not"
            return step
        q = one.current_player()
        assert q == two.current_player(), f"step {step}: the twins wait for different seats"
        if q == p:
            a1, a2 = _secret_policy(one, explore), _secret_policy(two, explore)
            if a1.kind != "keep":
                assert a1 == a2, f"step {step}: seat {p}'s public move differs: {a1} {a2}"
        else:
            legal = one.legal_actions()
            assert legal == two.legal_actions(), f"step {step}: seat {q}'s options differ"
            assert [a.label for a in legal] == [a.label for a in two.legal_actions()]
            a1 = a2 = rng.choice(legal)
        one.apply(a1)
        two.apply(a2)
        for w in watchers:
            assert one.events_for(w) == two.events_for(w), f"step {step}: events leak to {w}"
            assert one.observation(w) == two.observation(w), f"step {step}: view leaks to {w}"
    return steps


@pytest.mark.rule("EN-4.5", "EN-9.18")
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_hands_and_decks_are_hidden(num_players: int) -> None:
    """Two states that differ only in a seat's hand, deck order and unseen discards look the
    same to the other seats and to spectators, in views, screens and structured events, also
    while the game goes on: the seat draws from the deck at the Lookout, keeps a different card
    and discards the rest (the ``look``, ``keep``, ``discard_look``, ``lookout`` and
    ``reshuffle`` events). The seat itself sees the difference."""
    state = mid_game(num_players)
    twin = state.clone()
    p = num_players - 1
    assert twin.hand[p] and twin.deck[p], "the position needs a hand and a deck"
    twin.hand[p][0], twin.deck[p][0] = twin.deck[p][0], twin.hand[p][0]
    twin.hand[p].sort()
    twin.deck[p].reverse()
    assert twin.hand[p] != state.hand[p], "the swap must change the hand"
    for seat in [*range(num_players - 1), None]:
        assert state.observation(seat) == twin.observation(seat), f"leak to {seat}"
        assert state.events_for(seat) == twin.events_for(seat)
        assert GAME.render(state, seat) == GAME.render(twin, seat)
    assert state.observation(p) != twin.observation(p), "the seat sees its own hand"
    before = len(state.events)
    play_twins(state, twin, p, 400, num_players)
    secret = [e for e in state.events[before:] if e["seat"] == p and "secret" in e]
    assert {e["type"] for e in secret} >= {"look", "keep", "discard_look"}, "no Lookout played"
    assert state.events_for(p) != twin.events_for(p), "the seat sees its own draws"
    for seat in [*range(num_players - 1), None]:
        assert GAME.render(state, seat) == GAME.render(twin, seat)


@pytest.mark.rule("EN-4.5", "EN-9.18", "EN-5.4.1")
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_a_draw_from_the_deck_stays_secret(num_players: int) -> None:
    """Twins that differ only in the order of a seat's deck: the seat draws with EXPLORE (a
    ``draw`` event with the card's name for the seat alone), then the Lookout; the other seats'
    and the spectator's views and events stay identical."""
    state = GAME.new_state(num_players, 40 + num_players)
    assert isinstance(state, EmpiresState)
    while kind(state) in ("opening", "lookout"):
        state.apply(state.legal_actions()[0])
    p = state.current_player()
    twin = state.clone()
    twin.deck[p] = twin.deck[p][::-1]
    assert twin.deck[p][-1] != state.deck[p][-1], "the top cards must differ"
    play_twins(state, twin, p, 300, num_players, explore=True)
    draws = [e for e in state.events if e["type"] == "draw" and e["seat"] == p]
    assert draws and draws[0]["source"] == "EXPLORE" and draws[0]["secret"]
    twin_draws = [e for e in twin.events if e["type"] == "draw" and e["seat"] == p]
    assert draws[0]["secret"] != twin_draws[0]["secret"], "the twins drew different cards"


@pytest.mark.rule("EN-3.15", "EN-4.5")
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_the_opening_keep_and_discard_stay_secret(num_players: int) -> None:
    """Twins that differ in the five cards a seat drew for its opening hand: the ``opening``
    and ``discard_look`` events name them for the seat alone."""
    state = GAME.new_state(num_players, 50 + num_players)
    assert isinstance(state, EmpiresState) and kind(state) == "opening"
    p = num_players - 1
    twin = state.clone()
    twin.look[p], twin.deck[p][:5] = twin.deck[p][:5], twin.look[p]
    assert sorted(twin.look[p]) != sorted(state.look[p])
    play_twins(state, twin, p, 200, num_players)
    opening = [e for e in state.events if e["type"] == "opening" and e["seat"] == p]
    assert opening and opening[0]["secret"] != next(
        e["secret"] for e in twin.events if e["type"] == "opening" and e["seat"] == p
    )


@pytest.mark.rule("EN-4.3", "EN-4.3b")
def test_the_lookout_choice_is_private() -> None:
    """Which cards a player keeps at the Lookout is seen by nobody else: only how many."""
    base = GAME.new_state(2, 11)
    while kind(base) == "opening":
        base.apply(base.legal_actions()[0])
    assert kind(base) == "lookout"
    p = base.current_player()
    keeps = [a for a in base.legal_actions() if a.kind == "keep"]
    assert len(keeps) >= 2, "the position needs two different cards to keep"
    one, two = base.clone(), base.clone()
    one.apply(keeps[0])
    two.apply(keeps[1])
    for s in (one, two):
        while s.current_player() == p:
            act(s, "done")
    other = 1 - p
    assert one.observation(other) == two.observation(other)
    assert one.observation(None) == two.observation(None)
    assert one.events_for(other) == two.events_for(other)
    assert one.events_for(None) == two.events_for(None)
    assert one.observation(p) != two.observation(p)
    assert one.events_for(p) != two.events_for(p)  # the seat's own "keep" names its card


def test_determinize_keeps_public_facts() -> None:
    """EN-9.18: a determinization changes only what the seat cannot see."""
    state = mid_game(4, seed=9, steps=150)
    for seat in range(4):
        det = state.determinize(seat, 5)
        assert isinstance(det, EmpiresState)
        assert det.observation(seat) == state.observation(seat)
        assert det.hand[seat] == state.hand[seat]
        for p in range(4):
            assert len(det.hand[p]) == len(state.hand[p])
            assert sorted(det.deck[p] + det.hand[p] + det.discard[p] + det.look[p]) == sorted(
                state.deck[p] + state.hand[p] + state.discard[p] + state.look[p]
            )
            # Boosts seen going to the discard pile stay there.
            for card in state.shown[p]:
                assert card in det.discard[p]


def test_determinize_keeps_a_card_chosen_to_build_in_the_hand() -> None:
    """A card chosen to be built is public while its payment is decided (EN-9.21): another
    seat's determinization keeps it in the builder's hand, so the payment still completes."""
    s = GAME.new_state(2, 3, {"clan_1": "glenn", "clan_2": "olaf"})
    assert isinstance(s, EmpiresState)
    while kind(s) in ("opening", "lookout"):
        s.apply(s.legal_actions()[0])
    p = s.current_player()
    feast = next(i for i, c in enumerate(s.cards) if c.name == "Clan Feast")
    s.hand[p] = sorted([*s.hand[p], feast])
    s.goods[p].update(wood=1, food=1, gold=2)
    act(s, "build", card=feast)
    assert kind(s) == "pay" and s.committed(p) == [feast]
    for seed in range(10):
        det = s.determinize(1 - p, seed)
        assert isinstance(det, EmpiresState) and feast in det.hand[p]
        assert det.observation(1 - p) == s.observation(1 - p)
        det.apply(det.legal_actions()[-1])
        assert feast in [pl.card for pl in det.empire[p]]


# ---------------------------------------------------------------------------- options and input
def test_bad_input_is_refused() -> None:
    """Illegal actions (a card not in hand, a disc on a tile while none is free, another seat's
    decision) and malformed JSON are refused and change nothing."""
    state = mid_game(2, seed=3, steps=30)
    bad = [
        Action.make("build", card=0),
        Action.make("disc", tile=9),
        Action.make("attack", seat=0, pos=0),
        Action.make("keep", card=1),
        Action.make("raid", slot=4),
        Action.make("pass"),
    ]
    check_bad_input(GAME, state, bad, {"kind": "disc", "tile": "harvest"})


@pytest.mark.rule("EN-3.7")
@pytest.mark.parametrize(
    ("num_players", "options", "message"),
    [
        (2, {"clan_1": "olaf", "clan_2": "olaf"}, "each clan plays once"),
        (2, {"clan_3": "glenn"}, "beyond the 2 players"),
        (3, {"clan_1": "vikings"}, "must be one of"),
        (5, {}, "2-4 players"),
        (1, {}, "2-4 players"),
    ],
)
def test_bad_options_are_refused(num_players: int, options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        GAME.new_state(num_players, 0, options)


def test_same_seed_same_game() -> None:
    a = random_walk(GAME.new_state(3, 21), 400, 3)
    b = random_walk(GAME.new_state(3, 21), 400, 3)
    assert a.history == b.history and a.observation(None) == b.observation(None)


# ---------------------------------------------------------------------------- golden replays
@pytest.mark.parametrize(
    ("num_players", "seed", "clans"),
    [(2, 1, ("glenn", "olaf")), (4, 2, ("nanuuk", "heidel", "panurjuk", "mackinnon"))],
)
def test_golden_replay(num_players: int, seed: int, clans: tuple[str, ...]) -> None:
    text = playthrough("empires_north", num_players, seed, clan_options(clans))
    check_golden(GOLDEN / f"{num_players}p_seed{seed}.txt", text)
