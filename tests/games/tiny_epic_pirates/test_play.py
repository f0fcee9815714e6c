"""Whole-game properties of Tiny Epic Pirates: the engine contract on random playouts,
fuzzing with the game's invariants after every step (solo included), hidden-information
leaks, determinism and golden replays."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance import (
    check_bad_input,
    check_game,
    check_golden,
    fuzz_seeds,
    playthrough,
    random_walk,
    seats_of,
    views,
)
from tabletide.engine import Action, Rng, derive_seed
from tabletide.games.tiny_epic_pirates import helm, orders
from tabletide.games.tiny_epic_pirates.constants import (
    CUBES_PER_TYPE,
    MAX_CARGO,
    MAX_CREW,
    MAX_GOLD,
    MAX_VOLLEY,
    NUM_LOOT,
    TREASURES,
)
from tabletide.games.tiny_epic_pirates.content import ORDERS
from tabletide.games.tiny_epic_pirates.state import PiratesState

from .helpers import GAME, act, decision, new, put

GOLDEN = Path(__file__).parent / "golden"
CI_FUZZ_GAMES = 200
LONG_FUZZ_GAMES = 2000


# ---------------------------------------------------------------------------- conformance
@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_engine_contract_deep(num_players: int) -> None:
    """Every check of tests/conformance.py at every step (clone, determinize, codec, replay);
    one game per player count (the long games of 3-4 players are capped in CI below)."""
    check_game("tiny_epic_pirates", num_players, seeds=[0] if num_players < 3 else [1])


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_engine_contract_more_seeds(num_players: int) -> None:
    """The per-game checks (codec, observations, replay, returns) on more games."""
    check_game("tiny_epic_pirates", num_players, seeds=range(2, 4), deep=False)


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_sibling_labels_differ_in_many_random_games(num_players: int) -> None:
    """At every decision of 12 random games per player count, no two legal actions share a
    label (the conformance suite checks this on fewer games, with everything else)."""
    for seed in range(100, 112):
        state = GAME.new_state(num_players, seed)
        rng = Rng(derive_seed("labels", seed))
        while not state.is_terminal():
            labels = [a.label for a in state.legal_actions()]
            twins = {lab for lab in labels if labels.count(lab) > 1}
            assert not twins, f"{num_players}p seed {seed} {state.stack[-1].kind}: {twins}"
            state.apply(rng.choice(state.legal_actions()))


def test_solo_option_needs_one_player() -> None:
    from tabletide import ConfigError

    with pytest.raises(ConfigError, match="1 player"):
        GAME.new_state(2, 0, {"solo": True})
    assert GAME.new_state(1, 0).options["solo"] is True


# ---------------------------------------------------------------------------- fuzzing
def check_invariants(s: PiratesState, infamy_before: list[int], where: str) -> None:
    for i in range(s.ships):
        top = s.lp_sheet().gold_track if i == s.lp else MAX_GOLD
        assert 0 <= s.gold[i] <= top, f"{where}: ship {i} gold {s.gold[i]}"
        assert len(s.cargo[i]) <= MAX_CARGO, f"{where}: ship {i} cargo {s.cargo[i]}"
        assert len(s.crew[i]) <= MAX_CREW, f"{where}: ship {i} crew {s.crew[i]}"
        assert 0 <= s.volley[i] <= MAX_VOLLEY, f"{where}: ship {i} volley {s.volley[i]}"
        assert s.infamy[i] >= infamy_before[i], f"{where}: ship {i} infamy fell"
        assert 0 <= s.buried[i] <= TREASURES, f"{where}: ship {i} buried {s.buried[i]}"
        on_map = sum(row.count(i) for row in s.burial)
        assert on_map == s.buried[i], f"{where}: ship {i} buried {s.buried[i]}, {on_map} on map"
        hands = sum(s.assign[i]) + sum(s.on_helm[i]) + s.spare[i]
        hands += sum(1 for f in s.stack if f.kind == "free" and f.seat == i)  # leaving the helm
        assert hands == (3 if i == s.lp else 4), f"{where}: ship {i} has {hands} deckhands"
        assert min(s.assign[i]) >= 0, f"{where}: ship {i} assignments {s.assign[i]}"
    # Every cube is somewhere: bag, market, merchants, ships (PC-2.1: 40 cubes).
    cubes = sum(s.bag) + NUM_LOOT + sum(c >= 0 for c in s.merchant_cube)
    cubes += sum(len(c) for c in s.cargo)
    pending = sum(1 for f in s.stack if f.kind == "cargo")  # a cube waiting for its ship
    assert cubes + pending == NUM_LOOT * CUBES_PER_TYPE, f"{where}: {cubes} cubes"
    crew = len(s.crew_deck) + len(s.crew_row) + sum(len(c) for c in s.crew)
    crew += sum(1 for f in s.stack if f.kind == "release")
    assert crew == len(s.content.crew), f"{where}: {crew} crew cards"
    assert sorted(s.market) == list(range(NUM_LOOT)), f"{where}: market {s.market}"


def fuzz_one(seed: int, monkeypatch: pytest.MonkeyPatch) -> int:
    num_players = 1 + seed % 4
    state = GAME.new_state(num_players, seed)
    assert isinstance(state, PiratesState)
    listing = helm.full_listing

    def navy_never_hits_hidden(s: PiratesState, ship: int) -> None:
        # The only caller besides the Navy is nobody: full listing is the Navy's (PC-5.24.4).
        assert not s.hidden[ship], f"seed {seed}: the Navy attacked hidden ship {ship}"
        assert s.navy == s.at[ship], f"seed {seed}: the Navy attacked from afar"
        listing(s, ship)

    monkeypatch.setattr(helm, "full_listing", navy_never_hits_hidden)
    rng = Rng(derive_seed("fuzz", seed))
    steps = 0
    while not state.is_terminal():
        where = f"{num_players}p seed {seed} step {steps}"
        before = state.infamy[:]
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        assert steps <= GAME.max_game_length, f"{where}: game too long"
        check_invariants(state, before, where)
    if num_players > 1:
        done = [i for i in range(num_players) if state.buried[i] == TREASURES]
        assert done or state.round > 100, f"seed {seed}: ended without a third treasure"
        turns = state.turns[:num_players]
        assert len(set(turns)) == 1, f"seed {seed}: unequal turns {turns} (PC-5.27.2)"
    return steps


@pytest.mark.parametrize("chunk", range(4))
def test_fuzz_ci_sample(chunk: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """200 seeded random games over 1/2/3/4 players with invariants after every step."""
    lengths = [fuzz_one(seed, monkeypatch) for seed in fuzz_seeds(chunk, 4, CI_FUZZ_GAMES)]
    assert max(lengths) <= GAME.max_game_length


@pytest.mark.long
@pytest.mark.parametrize("chunk", range(20))
def test_fuzz_long(chunk: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """2,000 seeded random games (``make test-long``)."""
    for seed in fuzz_seeds(chunk, 20, LONG_FUZZ_GAMES, first=10_000):
        fuzz_one(seed, monkeypatch)


# ---------------------------------------------------------------------------- hidden information
def mid_game(num_players: int, seed: int = 4, steps: int = 150) -> PiratesState:
    state = random_walk(GAME.new_state(num_players, seed), steps, seed)
    assert isinstance(state, PiratesState)
    return state


@pytest.mark.rule("PC-3.1", "PC-3.7", "PC-3.8")
@pytest.mark.parametrize("num_players", [1, 2, 4])
def test_face_down_tokens_and_decks_are_hidden(num_players: int) -> None:
    """Two states that differ only in what lies face down (search tokens on the sea and in
    the box, the merchant deck, the crew deck) look the same to every seat and spectators."""
    state = mid_game(num_players)
    twin = state.clone()
    faces = [p for p, k in enumerate(twin.search) if k >= 0]
    assert len(faces) >= 2 and twin.merchant_deck and twin.crew_deck
    kinds = {twin.search[p] for p in faces} | set(twin.token_box)
    assert len(kinds) > 1
    for p in faces:  # rotate every face-down kind to another one
        twin.search[p] = (twin.search[p] + 1) % 6
    twin.token_box.reverse()
    twin.merchant_deck.reverse()
    twin.crew_deck.reverse()
    assert views(state) == views(twin), "a face-down component leaks into an observation"
    for seat in (*range(num_players), None):
        assert state.events_for(seat) == twin.events_for(seat)
    if not state.is_terminal():
        assert [a.label for a in state.legal_actions()] == [a.label for a in twin.legal_actions()]


REVEALS = {"search": "PC-5.13.1", "merchant_card": "PC-5.15.3"}
"""Events that turn a face-down component face up for everyone: a search token flipped, the
merchant card drawn to replace a sunk one. (A crew card drawn shows in the crew row itself.)"""


def public(state: PiratesState) -> list[object]:
    """The structured table each seat and the spectator see (their observations' "state")."""
    return [state.observation(seat)["state"] for seat in seats_of(state)]


def twin_with(state: PiratesState, hidden: str) -> PiratesState:
    """A copy that differs from ``state`` only in one kind of face-down fact."""
    twin = state.clone()
    if hidden == "sea_tokens":  # every face-down token on the sea becomes another kind
        for p, k in enumerate(twin.search):
            if k >= 0:
                twin.search[p] = (k + 1) % 6
    elif hidden == "boxed_tokens":  # the tokens boxed unseen at setup, never revealed
        twin.token_box = sorted((k + 1) % 6 for k in twin.token_box)
    elif hidden == "crew_deck":  # the same top card, the unseen ones below it in another order
        twin.crew_deck[twin.crew_known : -1] = twin.crew_deck[twin.crew_known : -1][::-1]
    elif hidden == "merchant_deck":  # the same top card, another order below it
        twin.merchant_deck[:-1] = twin.merchant_deck[:-1][::-1]
    field = {"sea_tokens": "search", "boxed_tokens": "token_box"}.get(hidden, hidden)
    assert getattr(twin, field) != getattr(state, field), f"the {hidden} twin does not differ"
    return twin


def assert_same(state: PiratesState, twin: PiratesState, where: str) -> None:
    """Every seat and the spectator see the same: observation (table, log, prompt, legal
    actions), structured events, and the labels of the legal actions."""
    assert views(state) == views(twin), f"{where}: an observation differs"
    for seat in seats_of(state):
        assert state.events_for(seat) == twin.events_for(seat), f"{where}: events of {seat}"
    if not state.is_terminal():
        assert [a.label for a in state.legal_actions()] == [a.label for a in twin.legal_actions()]


def apply_both(state: PiratesState, twin: PiratesState, action: Action) -> str | None:
    """Apply ``action`` to both twins. Returns why the hidden difference became public (the
    table shows it, or a reveal event of REVEALS differs), else None; any other difference in
    the new events of a seat is a leak and fails."""
    marks = len(state.events), len(twin.events)
    state.apply(action)
    twin.apply(action)
    if public(state) != public(twin):
        return "the table shows it"
    for seat in seats_of(state):
        new_a = state.events_for(seat)[marks[0] :]
        new_b = twin.events_for(seat)[marks[1] :]
        if new_a != new_b:
            kinds = {e["type"] for e in new_a + new_b if e not in new_a or e not in new_b}
            assert len(new_a) == len(new_b) and kinds <= set(REVEALS), (
                f"{action.label}: seat {seat} is told something the table does not show: "
                f"{[e for e in new_a if e not in new_b]} vs {[e for e in new_b if e not in new_a]}"
            )
            return f"revealed by {sorted(kinds)}"
    return None


def play_twins(state: PiratesState, twin: PiratesState, seed: int, cap: int) -> tuple[int, str]:
    """Play the same random actions on both twins until their difference becomes public, the
    game ends or ``cap`` actions were played; until then they must look the same to everyone.
    Returns the actions played and why it stopped."""
    rng = Rng(derive_seed("twins", seed))
    for steps in range(cap):
        assert_same(state, twin, f"step {steps}")
        if state.is_terminal():
            return steps, "the game ended"
        why = apply_both(state, twin, rng.choice(state.legal_actions()))
        if why:
            return steps + 1, why
    assert_same(state, twin, f"step {cap}")
    return cap, "the cap"


@pytest.mark.rule("PC-3.1", "PC-3.7", "PC-3.8", "PC-5.13.1")
@pytest.mark.parametrize("hidden", ["sea_tokens", "boxed_tokens", "crew_deck", "merchant_deck"])
@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_twins_differing_face_down_look_the_same_until_it_is_revealed(
    num_players: int, hidden: str
) -> None:
    """Play two games that differ only in one face-down fact forward with the same random
    actions: no seat nor the spectator can tell them apart (observation, log, legal actions,
    structured events) until the rules turn that fact face up for everyone. The search tokens
    boxed unseen at setup are never revealed."""
    played = 0
    for seed in range(2):
        state = mid_game(num_players, seed=seed, steps=30 + 50 * seed)
        if state.is_terminal():
            continue
        twin = twin_with(state, hidden)
        steps, why = play_twins(state, twin, seed, cap=120)
        if hidden == "boxed_tokens":
            assert why in ("the game ended", "the cap"), f"seed {seed}: boxed tokens: {why}"
        played += steps
    assert played


@pytest.mark.rule("PC-5.11.2", "PC-5.13.1", "PC-5.15.3")
def test_twins_look_the_same_while_the_decks_and_tokens_are_used_unrevealed() -> None:
    """The hidden parts are used without showing what differs: a refresh deals the same top
    three crew cards, a sunk merchant is replaced by the same top card, a search flips the
    same token, while every unseen card or token below or elsewhere differs. Every event
    emitted meanwhile, for every seat and the spectator, is the same in both."""
    state = new(2)
    put(state, 0, 5)
    put(state, 1, 10)
    state.gold[0] = 5
    state.merchant_at[0] = 5
    state.merchant_slot[0] = next(m.id for m in state.content.merchants if m.damage == 2)
    state.assign[0] = [0, 9, 0, 0]  # 9 Cannons: the merchant surely sinks
    state.search[5] = 0  # a gold2 token under the ship
    twin = state.clone()
    twin.crew_deck[:-3] = twin.crew_deck[:-3][::-1]
    twin.merchant_deck[:-1] = twin.merchant_deck[:-1][::-1]
    for p, k in enumerate(twin.search):
        if k >= 0 and p != 5:
            twin.search[p] = (k + 1) % 6
    assert twin.crew_deck != state.crew_deck and twin.merchant_deck != state.merchant_deck
    top_three, merchants = state.crew_deck[-3:], len(state.merchant_deck)
    for order, steps in (("recruit", ["refresh", "done"]), ("attack", ["attack_merchant"])):
        for s in (state, twin):
            s.order = ORDERS.index(order)
            s.active = 0
            decision(s, "order", 0)
        assert_same(state, twin, order)
        for kind_ in ["perform", *steps]:
            action = next((a for a in state.legal_actions() if a.kind == kind_), None)
            if action is not None:
                assert apply_both(state, twin, action) is None, f"{order}: {kind_}"
                assert_same(state, twin, f"{order}: {kind_}")
        while state.stack and state.stack[-1].kind in ("port", "cargo"):  # the sinking's choices
            assert apply_both(state, twin, state.legal_actions()[0]) is None
    assert sorted(state.crew_row) == sorted(top_three)  # the refresh dealt the top three
    assert len(state.merchant_deck) == merchants - 1  # the sunk merchant's card was replaced
    assert [e["type"] for e in state.events].count("merchant_card") >= 1
    for s in (state, twin):
        s.order = ORDERS.index("search")
        decision(s, "order", 0)
    assert (
        apply_both(state, twin, next(a for a in state.legal_actions() if a.kind == "perform"))
        is None
    )
    assert_same(state, twin, "search")
    assert state.search[5] == twin.search[5] == -1 and state.gold == twin.gold


def test_determinize_keeps_what_is_known() -> None:
    state = mid_game(3, seed=8, steps=200)
    det = state.determinize(1, seed=99)
    assert isinstance(det, PiratesState)
    assert det.observation(1) == state.observation(1)
    assert sorted(det.merchant_deck) == sorted(state.merchant_deck)
    face_down = [p for p, k in enumerate(state.search) if k >= 0]
    assert [p for p, k in enumerate(det.search) if k >= 0] == face_down
    values = [det.content.merchants[m].value for m in det.merchant_deck]
    assert values == sorted(values, reverse=True), "the deck keeps 2s on top, 8s at the bottom"
    changed = det.crew_deck != state.crew_deck or det.search != state.search
    assert changed, "nothing hidden was resampled"


def test_determinize_keeps_the_crew_cards_seen_going_under_the_deck() -> None:
    """A refresh (PC-5.11.2) and a dismissal (PC-5.11.4) put face-up crew cards on the bottom
    of the crew deck where everyone saw them go: a determinized world keeps them there, in that
    order, and reshuffles only the cards above them, which nobody has seen."""
    state = new(2)
    state.gold[0] = 5
    row = state.crew_row[:]
    decision(state, "recruit", 0, orders.Recruit(0, False, False))
    act(state, "refresh")  # the old row goes under the deck
    assert state.crew_deck[:3] == row[::-1]
    state.crew[0] = state.crew_row[:1] + state.crew_deck[-3:]  # four crew cards aboard
    del state.crew_deck[-3:]
    held, new_card = state.crew[0][:], state.crew_row[1]
    decision(state, "release", 0, orders.Release(0, new_card))
    act(state, "release", index=2)  # the third crew card goes under the deck
    bottom = state.crew_deck[:4]
    assert bottom == [held[2], *row[::-1]]
    shuffled = set()
    for seed in range(12):
        det = state.determinize(1, seed)
        assert isinstance(det, PiratesState)
        assert det.crew_deck[:4] == bottom, f"seed {seed}: a card seen going under moved"
        assert sorted(det.crew_deck) == sorted(state.crew_deck)
        shuffled.add(tuple(det.crew_deck[4:]))
    assert len(shuffled) > 1, "the unseen cards above were not reshuffled"
    # Once every unseen card has been drawn, the deck order is entirely known.
    while len(state.crew_deck) > 4:
        state.crew_row.pop()
        orders.refill_row(state)  # the top card comes into the row
    assert state.determinize(1, 3).crew_deck == state.crew_deck


# ---------------------------------------------------------------------------- errors, determinism
def test_illegal_and_malformed_actions_leave_the_state_unchanged() -> None:
    state = mid_game(3, seed=2, steps=40)
    bad = (Action.make("pick", at=3), Action.make("bury", spot=2), Action.make("nothing"))
    check_bad_input(GAME, state, bad, {"kind": "sail", "direction": "up"})


def test_same_seed_same_game() -> None:
    a, b = mid_game(4, seed=11, steps=300), mid_game(4, seed=11, steps=300)
    assert views(a) == views(b) and a.history == b.history


# ---------------------------------------------------------------------------- golden replays
@pytest.mark.parametrize("num_players", [1, 2])
def test_golden_playthrough(num_players: int) -> None:
    """Regenerate deliberately with ``UPDATE_GOLDEN=1 make test``."""
    path = GOLDEN / f"tiny_epic_pirates_{num_players}p_seed7.txt"
    check_golden(path, playthrough("tiny_epic_pirates", num_players, 7))
