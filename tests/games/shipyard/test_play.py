"""Whole-game properties of Shipyard: the engine contract on random playouts, fuzzing with the
game's invariants after every step, hidden-information leaks, and a golden replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance import check_bad_input, check_game, check_golden, fuzz_seeds, playthrough
from tabletide import load_game
from tabletide.engine import Action, Rng, derive_seed
from tabletide.games.shipyard.building import row_is_legal, row_types
from tabletide.games.shipyard.constants import KEEP_AFTER_LAP, STARTING_WAGON
from tabletide.games.shipyard.state import ShipyardState

GAME = load_game("shipyard")
GOLDEN = Path(__file__).parent / "golden"
CI_FUZZ_GAMES = 200  # at least 200 seeded games in every `make test` (the CI bar)
LONG_FUZZ_GAMES = 2000


# ---------------------------------------------------------------------------- conformance
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_engine_contract_deep(num_players: int) -> None:
    """Every check of tests/conformance.py at every step (clone, determinize, codec, replay)."""
    check_game("shipyard", num_players, seeds=range(2))


def test_engine_contract_first_game_option() -> None:
    check_game("shipyard", 3, seeds=[5], options={"first_game": True}, deep=False)


# ---------------------------------------------------------------------------- fuzzing
def expected_keep(state: ShipyardState) -> int:
    """Contracts of each colour a seat holds for the current round marker (SY-4.15)."""
    keep = 3
    for marker, k in KEEP_AFTER_LAP[state.num_players].items():
        if state.marker <= marker:
            keep = min(keep, k)
    return keep


def check_invariants(state: ShipyardState, last_scores: list[float], where: str) -> None:
    assert min(state.coins) >= 0, f"{where}: negative coins {state.coins}"
    scores = state.scores()
    assert all(a >= b for a, b in zip(scores, last_scores, strict=True)), f"{where}: VP fell"
    if not state.final:  # the last chance places parts by its own rule (SY-7.5)
        for seat, row in enumerate(state.row):
            assert row_is_legal(row_types(state, row)), f"{where}: seat {seat} row {row}"
    # SY-GAP-5c: the 14 deck tiles are always somewhere, each once; starting tiles (our extra
    # copies) are only ever held, never in the deck, the offer or the discard pile.
    held = [t for tiles in state.wagons for t in tiles]
    circulating = state.wagon_deck + state.wagon_offer + state.wagon_discard
    assert STARTING_WAGON not in circulating, f"{where}: a starting tile is in circulation"
    assert held.count(STARTING_WAGON) <= state.num_players, f"{where}: extra starting tile"
    deck_tiles = sorted(circulating + [t for t in held if t != STARTING_WAGON])
    assert deck_tiles == list(range(len(state.content.wagons.deck))), (
        f"{where}: wagons {deck_tiles}"
    )
    pending = any(f.kind in ("discard", "@scoring") for f in state.stack)
    if not pending and not state.is_terminal():
        keep = expected_keep(state)
        for seat in range(state.num_players):
            colours = [state.content.contracts[i].colour for i in state.contracts[seat]]
            assert colours.count("blue") == colours.count("green") == keep, (
                f"{where}: seat {seat} holds {colours}, expected {keep} of each"
            )
    if state.is_terminal():
        for seat in range(state.num_players):
            assert len(state.contracts[seat]) == 2, f"{where}: ends with {state.contracts[seat]}"


def fuzz_one(seed: int) -> int:
    num_players = 2 + seed % 3
    state = GAME.new_state(num_players, seed)
    assert isinstance(state, ShipyardState)
    rng = Rng(derive_seed("fuzz", seed))
    last = state.scores()
    steps = 0
    while not state.is_terminal():
        where = f"{num_players}p seed {seed} step {steps}"
        legal = state.legal_actions()
        assert legal, f"{where}: no legal action"
        state.apply(rng.choice(legal))
        steps += 1
        assert steps <= GAME.max_game_length, f"{where}: game too long"
        check_invariants(state, last, where)
        last = state.scores()
    return steps


@pytest.mark.parametrize("chunk", range(4))
def test_fuzz_ci_sample(chunk: int) -> None:
    """200 seeded random games over 2/3/4 players with invariants after every step."""
    lengths = [fuzz_one(seed) for seed in fuzz_seeds(chunk, 4, CI_FUZZ_GAMES)]
    assert max(lengths) <= GAME.max_game_length


@pytest.mark.long
@pytest.mark.parametrize("chunk", range(20))
def test_fuzz_long(chunk: int) -> None:
    """2,000 seeded random games (``make test-long``)."""
    for seed in fuzz_seeds(chunk, 20, LONG_FUZZ_GAMES, first=10_000):
        fuzz_one(seed)


# ---------------------------------------------------------------------------- hidden information
def _mid_game(num_players: int = 3, seed: int = 4, steps: int = 120) -> ShipyardState:
    state = GAME.new_state(num_players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, ShipyardState)
    return state


@pytest.mark.rule("SY-2.3")
def test_contracts_are_secret_from_other_seats() -> None:
    """Two states that differ only in seat 1's contracts (and in deck order) look the same to
    seat 0 and to spectators: views, log and action labels."""
    state = _mid_game()
    twin = state.clone()
    blue_box = [i for i in twin.contract_box if twin.content.contracts[i].colour == "blue"]
    held_blue = [i for i in twin.contracts[1] if twin.content.contracts[i].colour == "blue"]
    twin.contracts[1] = sorted(set(twin.contracts[1]) - {held_blue[0]} | {blue_box[0]})
    twin.contract_box = [i for i in twin.contract_box if i != blue_box[0]] + [held_blue[0]]
    twin.part_decks[0].reverse()
    twin.canal_deck.reverse()
    for seat in (0, 2, None):
        assert state.observation(seat) == twin.observation(seat), f"seat {seat} sees a difference"
        assert state.events_for(seat) == twin.events_for(seat)
    assert state.observation(1) != twin.observation(1), "the owner must see their own contracts"
    labels = [a.label for a in state.legal_actions()]
    assert labels == [a.label for a in twin.legal_actions()]


def _assert_same_to(
    state: ShipyardState, twin: ShipyardState, observers: list[int | None], where: str
) -> None:
    """Views, structured events and (on the observer's turn) action labels are identical."""
    for seat in observers:
        assert state.events_for(seat) == twin.events_for(seat), f"{where}: events of {seat}"
        assert state.observation(seat) == twin.observation(seat), f"{where}: view of {seat}"
    if state.current_player() in observers:
        labels = [a.label for a in state.legal_actions()]
        assert labels == [a.label for a in twin.legal_actions()], f"{where}: labels"


def _twin_action(state: ShipyardState, twin: ShipyardState, action: Action) -> Action:
    """The twin's counterpart of ``action``: the same, except that a discard of the k-th held
    contract of a colour discards the twin's k-th held contract of that colour."""
    if action.kind != "discard":
        return action
    seat = state.current_player()
    cards = state.content.contracts
    colour = cards[action.num("contract")].colour
    mine = sorted(i for i in state.contracts[seat] if cards[i].colour == colour)
    theirs = sorted(i for i in twin.contracts[seat] if cards[i].colour == colour)
    twin_card = theirs[mine.index(action.num("contract"))]
    return next(a for a in twin.legal_actions() if a.params == (("contract", twin_card),))


@pytest.mark.rule("SY-2.3", "SY-4.15", "SY-GAP-11c")
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_other_seats_contracts_never_reach_a_view_or_an_event(num_players: int) -> None:
    """Twins dealt different contracts for seat 1 (a blue and a green card swapped with the
    unused ones, or with seat 2's in a 4-player game, where none are left over) are played
    through the whole game, the scheduled discards included, until the contracts are
    revealed: every other seat and the spectator see the same views, events and labels."""
    state = GAME.new_state(num_players, 30 + num_players)
    assert isinstance(state, ShipyardState)
    twin = state.clone()
    changed = {1}
    for colour in ("blue", "green"):
        held = [i for i in twin.contracts[1] if twin.content.contracts[i].colour == colour]
        spare = [i for i in twin.contract_box if twin.content.contracts[i].colour == colour]
        if spare:
            twin.contract_box[twin.contract_box.index(spare[0])] = held[0]
        else:
            spare = [i for i in twin.contracts[2] if twin.content.contracts[i].colour == colour]
            twin.contracts[2] = sorted([*twin.contracts[2], held[0]])
            twin.contracts[2].remove(spare[0])
            changed.add(2)
        twin.contracts[1] = sorted([*twin.contracts[1], spare[0]])
        twin.contracts[1].remove(held[0])
    # The twin's deal, as its setup would have logged it.
    twin.events = [
        {
            **e,
            "secret": {
                "contracts": [twin.content.contracts[i].id for i in twin.contracts[e["seat"]]]
            },
        }
        if e["type"] == "deal" and e["seat"] in changed
        else e
        for e in twin.events
    ]
    observers: list[int | None] = [p for p in range(num_players) if p not in changed]
    observers.append(None)
    assert state.observation(1) != twin.observation(1)
    rng = Rng(num_players)
    discards = steps = 0
    while not state.is_terminal():
        where = f"{num_players}p step {steps}"
        _assert_same_to(state, twin, observers, where)
        action = rng.choice(state.legal_actions())
        discards += action.kind == "discard"
        twin.apply(_twin_action(state, twin, action))
        state.apply(action)
        steps += 1
    assert twin.is_terminal()
    assert discards >= 4 * num_players  # every scheduled discard was played through
    assert state.events_for(0)[-1]["type"] == "game_end"


@pytest.mark.rule("SY-2.3", "SY-3.2")
@pytest.mark.parametrize("num_players", [2, 4])
def test_deck_orders_never_reach_a_view_or_an_event(num_players: int) -> None:
    """Twins that differ in the order of the lower half of every face-down deck (ship parts,
    wagons, canals) look the same to every seat and the spectator, events included, for as long
    as no card of those lower halves has been laid out."""
    state = GAME.new_state(num_players, 40 + num_players)
    assert isinstance(state, ShipyardState)
    twin = state.clone()
    lower: list[int] = []
    for deck in (*twin.part_decks, twin.wagon_deck, twin.canal_deck):
        h = len(deck) // 2
        if deck is twin.part_decks[1]:  # keep the bottom middle group below the top one
            bottom_group = twin.content.parts[deck[0]].group
            h = min(h, sum(1 for p in deck if twin.content.parts[p].group == bottom_group))
        deck[:h] = deck[:h][::-1]
        lower.append(h)
    assert state.part_decks != twin.part_decks and state.canal_deck != twin.canal_deck

    def decks(s: ShipyardState) -> list[list[int]]:
        return [*s.part_decks, s.wagon_deck, s.canal_deck]

    everyone: list[int | None] = [*range(num_players), None]
    rng = Rng(num_players)
    steps = 0
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.apply(action)
        twin.apply(action)
        steps += 1
        if any(len(d) < h for d, h in zip(decks(state), lower, strict=True)):
            break  # a card of a reordered half may have been laid out
        _assert_same_to(state, twin, everyone, f"{num_players}p step {steps}")
    assert steps > 50


@pytest.mark.rule("SY-4.15", "SY-2.3")
def test_discarded_contracts_stay_secret() -> None:
    state = GAME.new_state(2, 9)
    rng = Rng(1)
    while not any(e["type"] == "discard" for e in state.events):
        state.apply(rng.choice(state.legal_actions()))
    text = json.dumps([state.observation(0), state.events_for(0)])
    own = {state.content.contracts[i].id for i in state.contracts[0] + state.discarded[0]}
    for i in state.discarded[1] + state.contracts[1]:
        card = state.content.contracts[i].id
        assert card in own or f'"{card}"' not in text, f"seat 0 can read {card} of seat 1"


def test_determinize_resamples_only_what_is_hidden() -> None:
    state = _mid_game(4, seed=8, steps=200)
    det = state.determinize(2, seed=99)
    assert isinstance(det, ShipyardState)
    assert det.contracts[2] == state.contracts[2]
    assert det.observation(2) == state.observation(2)  # what seat 2 knows is unchanged
    for seat in range(4):
        assert len(det.contracts[seat]) == len(state.contracts[seat])
    others = [sorted(det.contracts[s]) for s in (0, 1, 3)]
    assert others != [sorted(state.contracts[s]) for s in (0, 1, 3)], "nothing resampled"
    assert state.rng.position != det.rng.position


# ---------------------------------------------------------------------------- errors
def test_illegal_and_malformed_actions_leave_the_state_unchanged() -> None:
    state = _mid_game(3, seed=2, steps=40)
    bad = (
        Action.make("choose_tile", tile=7),  # Subsidy is not in a 3-player game
        Action.make("discard", contract=0),
        Action.make("no_such_action"),
    )
    check_bad_input(GAME, state, bad, {"kind": "take_part", "column": "left"})


# ---------------------------------------------------------------------------- golden replay
@pytest.mark.parametrize("num_players", [2, 4])
def test_golden_playthrough(num_players: int) -> None:
    """Regenerate deliberately with ``UPDATE_GOLDEN=1 make test``."""
    path = GOLDEN / f"shipyard_{num_players}p_seed7.txt"
    check_golden(path, playthrough("shipyard", num_players, 7))
