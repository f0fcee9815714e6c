"""Whole-game properties of Pirates of Maracaibo: the engine contract on random playouts (1-4
players, modules alone and combined), fuzzing with the game's invariants after every step,
hidden-information leaks, determinism and golden replays."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
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
from tabletide.engine import Action, Frame, Rng, derive_seed
from tabletide.games.maracaibo.constants import GRID, MODULES, ROUNDS, column
from tabletide.games.maracaibo.state import MaracaiboState

from .helpers import GAME, buried, card_id

GOLDEN = Path(__file__).parent / "golden"
CI_FUZZ_GAMES = 400
LONG_FUZZ_GAMES = 3000
ALL_MODULES = {m: True for m in MODULES}


# ---------------------------------------------------------------------------- conformance
@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_engine_contract_deep(num_players: int) -> None:
    """Every check of tests/conformance.py at every step (clone, determinize, codec, replay)."""
    check_game("maracaibo", num_players, seeds=[0])


@pytest.mark.parametrize("num_players", [1, 2, 4])
def test_engine_contract_deep_all_modules(num_players: int) -> None:
    check_game("maracaibo", num_players, seeds=[1], options=ALL_MODULES)


@pytest.mark.parametrize("module", MODULES)
def test_engine_contract_each_module(module: str) -> None:
    """The per-game checks with each module alone, solo and with 3 players."""
    for n in (1, 3):
        check_game("maracaibo", n, seeds=[2], options={module: True}, deep=False)


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_engine_contract_more_seeds(num_players: int) -> None:
    check_game("maracaibo", num_players, seeds=range(3, 5), deep=False)


@pytest.mark.long
@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_engine_contract_deep_long(num_players: int) -> None:
    """The deep checks on more games, with random module sets (``make test-long``)."""
    for seed in range(10, 20):
        check_game("maracaibo", num_players, seeds=[seed], options=random_options(seed))


# ---------------------------------------------------------------------------- fuzzing
class Watch:
    """Turn-by-turn facts the invariants need: where each ship began its turn, and how many
    turns each participant took in each round."""

    def __init__(self) -> None:
        self.start: dict[int, int] = {}
        self.turns: Counter[tuple[int, int]] = Counter()
        self.errors: list[str] = []


@contextmanager
def watching(watch: Watch) -> Iterator[None]:
    """Wrap the turn's automatic steps to see every turn begin and end (several turns can pass
    inside one ``apply``: John Silver's, or a forced move)."""
    auto = MaracaiboState.AUTO
    begin, end = auto["@turn"], auto["@end_turn"]

    def on_turn(s: MaracaiboState, f: Frame) -> None:
        watch.start[s.active] = s.ship[s.active]
        begin(s, f)

    def on_end(s: MaracaiboState, f: Frame) -> None:
        p = s.active
        if column(s.ship[p]) <= column(watch.start[p]):
            watch.errors.append(f"round {s.round}: {p} ended a move in column {column(s.ship[p])}")
        watch.turns[(s.round, p)] += 1
        end(s, f)

    auto["@turn"], auto["@end_turn"] = on_turn, on_end
    try:
        yield
    finally:
        auto["@turn"], auto["@end_turn"] = begin, end


def check_invariants(s: MaracaiboState, where: str) -> None:
    for p in range(s.participants):
        assert s.doubloons[p] >= 0, f"{where}: {p} has {s.doubloons[p]} doubloons"
        assert min(s.store[p]) >= 0 and min(buried(s, p)) >= 0, f"{where}: treasure"
        placed = [n for n in range(GRID) if s.smug[n] >= 0 and s.smug[n] // 10 == p]
        assert len(placed) + len(s.smug_left[p]) == 5, f"{where}: {p}'s smuggler tiles"
    for n in range(GRID):  # one smuggler tile per location, never elsewhere
        if s.smug[n] >= 0:
            assert s.slot[n] >= 0 and s.cards[s.slot[n]].type == "location", where
    for card, markers in s.res.items():  # one residence marker per player per card
        assert len(markers) == len(set(markers)), f"{where}: markers {markers} on {card}"
    figs = [f for f in s.fig if f >= 0]  # one figurehead per player, out of the offer
    assert len(figs) == len(set(figs)) and not set(figs) & set(s.fig_offer), where
    assert 1 <= s.round <= ROUNDS, f"{where}: round {s.round}"
    assert min(s.islands) >= 0, where
    cards = [c for c in s.slot if c >= 0] + s.deck2 + s.box + [c for o in s.owned for c in o]
    assert sorted(cards) == list(range(len(s.cards))), f"{where}: a card is lost or doubled"
    assert len(s.deck2) == len(s.deck2_up), where
    quests = s.quest_deck + s.quest_offer + [q for h in s.quests for q in h]
    assert sorted(quests) == list(range(len(s.content.quests))), (
        f"{where}: a quest is lost or doubled"
    )


def random_options(seed: int) -> dict[str, Any]:
    rng = Rng(derive_seed("modules", seed))
    options: dict[str, Any] = {m: rng.below(3) == 0 for m in MODULES}
    options["layout"] = rng.choice([lay.name for lay in GAME.content.layouts])
    return options


def fuzz_one(seed: int) -> int:
    num_players = 1 + seed % 4
    options = random_options(seed)
    if num_players == 1:
        options["difficulty"] = seed % 7
    watch = Watch()
    with watching(watch):
        state = GAME.new_state(num_players, seed, options)
        assert isinstance(state, MaracaiboState)
        rng = Rng(derive_seed("fuzz", seed))
        steps = 0
        while not state.is_terminal():
            where = f"{num_players}p {options} seed {seed} step {steps}"
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
            assert steps <= GAME.max_game_length, f"{where}: game too long"
            check_invariants(state, where)
            assert not watch.errors, f"{where}: {watch.errors}"
    # Three rounds, each with the same number of turns for everybody (MA-6.3).
    assert state.round == ROUNDS and state.final, f"seed {seed}"
    for r in range(1, ROUNDS + 1):
        counts = {watch.turns[(r, p)] for p in range(state.participants)}
        assert len(counts) == 1 and 0 not in counts, f"seed {seed} round {r}: turns {counts}"
    return steps


@pytest.mark.parametrize("chunk", range(4))
def test_fuzz_ci_sample(chunk: int) -> None:
    """400 seeded random games over 1-4 players and random module combinations."""
    lengths = [fuzz_one(seed) for seed in fuzz_seeds(chunk, 4, CI_FUZZ_GAMES)]
    assert max(lengths) <= GAME.max_game_length


@pytest.mark.long
@pytest.mark.parametrize("chunk", range(20))
def test_fuzz_long(chunk: int) -> None:
    """3,000 seeded random games (``make test-long``)."""
    for seed in fuzz_seeds(chunk, 20, LONG_FUZZ_GAMES, first=10_000):
        fuzz_one(seed)


# ---------------------------------------------------------------------------- hidden information
def mid_game(num_players: int, seed: int = 4, steps: int = 60, **options: Any) -> MaracaiboState:
    state = random_walk(GAME.new_state(num_players, seed, options), steps, seed)
    assert isinstance(state, MaracaiboState) and not state.is_terminal()
    return state


@pytest.mark.rule("MA-5.61", "MA-3.5", "MA-9.1", "MA-9.5")
def test_quests_decks_and_face_down_cards_are_hidden() -> None:
    """Two states that differ only in what is hidden (other players' quests, the quest deck,
    the level II deck, the box, face-down cards in the Caribbean) look the same to every seat
    that may not see the difference, and to spectators."""
    state = mid_game(3, uncharted_locations=True, uncharted_upgrades=True)
    twin = state.clone()
    # Seat 2's quests swap with cards of the deck; the decks change order.
    twin.quests[2] = sorted(twin.quest_deck[: len(twin.quests[2])])
    twin.quest_deck = sorted(state.quests[2] + state.quest_deck[len(state.quests[2]) :])
    twin.deck2[0], twin.deck2[-2] = twin.deck2[-2], twin.deck2[0]
    twin.box.reverse()
    down = [n for n in range(GRID) if twin.slot[n] >= 0 and not twin.up[n]]
    locs = [n for n in down if twin.cards[twin.slot[n]].type == "location"]
    assert len(locs) >= 2, "the position needs two face-down locations"
    a, b = locs[0], locs[1]
    twin.slot[a], twin.slot[b] = twin.slot[b], twin.slot[a]
    for seat in (0, 1, None):
        assert state.observation(seat) == twin.observation(seat), f"leak to {seat}"
        assert state.events_for(seat) == twin.events_for(seat)
    assert state.observation(2) != twin.observation(2), "seat 2 sees its own quests"


def others_see_the_same(a: MaracaiboState, b: MaracaiboState, owner: int, where: str) -> None:
    """Every seat but ``owner``, and the spectator, get the same observation, the same
    structured events and the same log text from ``a`` and ``b``."""
    for seat in [*range(a.num_players), None]:
        if seat == owner:
            continue
        events = a.events_for(seat)
        assert events == b.events_for(seat), f"{where}: events leak to {seat}"
        assert [GAME.event_text(e) for e in events] == [
            GAME.event_text(e) for e in b.events_for(seat)
        ], f"{where}: log leaks to {seat}"
        assert a.observation(seat) == b.observation(seat), f"{where}: view leaks to {seat}"


def quest_twins(state: MaracaiboState, owner: int) -> MaracaiboState:
    """A twin of ``state`` in which ``owner``'s quests are swapped with the bottom cards of the
    quest deck (cards nobody draws soon): only ``owner`` may tell the two apart."""
    twin = state.clone()
    n = len(twin.quests[owner])
    twin.quests[owner] = sorted(state.quest_deck[:n])
    twin.quest_deck = state.quests[owner][:] + state.quest_deck[n:]
    assert twin.quests[owner] != state.quests[owner]
    return twin


@pytest.mark.rule("MA-5.46", "MA-10.5.26")
def test_selling_and_drawing_quests_tell_nothing_to_the_others() -> None:
    """A quest discarded for 8 doubloons (MA-10.5.26) or drawn from the deck stays secret:
    twins that differ only in seat 1's quests look the same to seats 0 and 2 and the
    spectator, in views, log and structured events, while seat 1 sells and draws."""
    from .helpers import Effect, new, run

    state = new(3, seed=5)
    twin = quest_twins(state, 1)
    twin.quest_deck[-1], twin.quest_deck[-2] = twin.quest_deck[-2], twin.quest_deck[-1]
    sold = []
    for s in (state, twin):
        run(s, 1, Effect(do="quest_sell"), Effect(do="quest"))
        assert s.stack[-1].kind == "quest_sell"
        sell = s.legal_actions()[0]
        sold.append(sell.num("quest"))
        s.apply(sell)
        s.apply(next(a for a in s.legal_actions() if a.kind == "quest" and a.num("quest") < 0))
    assert sold[0] != sold[1] and state.quests[1] != twin.quests[1]
    others_see_the_same(state, twin, 1, "after selling and drawing")
    for s, q in zip((state, twin), sold, strict=True):
        mine = [e for e in s.events_for(1) if e["type"] == "sell_quest"]
        assert mine[-1]["secret"] == {"quest": q}  # the owner keeps it
        theirs = [e for e in s.events_for(0) if e["type"] == "sell_quest"]
        assert theirs[-1] == {"type": "sell_quest", "seat": 1}
        assert GAME.event_text(theirs[-1]) == "Seat 1 discards a quest for 8 doubloons."
        assert GAME.event_text(mine[-1]) == f"Seat 1 discards quest {q} for 8 doubloons."
    assert state.events_for(1) != twin.events_for(1)


def secret_first(legal: list[Action], rng: Rng) -> int:
    """The position of the action to play: a quest sale or a quest from the deck whenever one
    is offered, else an action that leads to one (its label speaks of a quest), so that the
    secret is used; else a random one."""
    for i, a in enumerate(legal):
        if a.kind == "sell_quest" or (a.kind == "quest" and a.num("quest") < 0):
            return i
    for i, a in enumerate(legal):
        if "quest" in a.label and a.kind not in ("quest", "discard_quest"):
            return i
    return rng.below(len(legal))


@pytest.mark.parametrize(
    ("num_players", "seed", "owner", "uses"),
    [
        (1, 0, 0, {"sell_quest", "deck"}),
        (1, 0, 1, set()),  # John Silver's quests, hidden from the player
        (2, 3, 1, {"sell_quest", "deck"}),
        (3, 17, 2, {"sell_quest", "deck"}),
        (4, 0, 3, {"deck"}),
    ],
)
def test_a_participants_quests_stay_hidden_through_the_rest_of_the_game(
    num_players: int, seed: int, owner: int, uses: set[str]
) -> None:
    """Twins that differ only in one participant's quests (John Silver's too: index 1 of the
    solo game), played forward with the same choices (by position: the owner's choices name
    different quests; sales and deck draws are preferred) until the final scoring reveals
    them: every other seat and the spectator see the same views, log and events at every
    step."""
    state = mid_game(num_players, seed=seed, steps=40, royal_orders=seed % 2 == 0)
    twin = quest_twins(state, owner)
    rng = Rng(seed)
    start, steps = len(state.events), 0
    while not state.is_terminal():
        others_see_the_same(state, twin, owner, f"step {steps}")
        legal = state.legal_actions()
        i = secret_first(legal, rng)
        state.apply(legal[i])
        twin.apply(twin.legal_actions()[i])
        steps += 1
    used = {e.get("source", e["type"]) for e in state.events[start:] if e.get("seat") == owner}
    assert uses <= used, "the owner did not sell or draw a quest: the test proves less"


def test_quest_draft_is_private() -> None:
    """MA-3.11: the discarded quest of the draft is seen only by the player who drafts."""
    state = GAME.new_state(2, 3)
    assert isinstance(state, MaracaiboState)
    twin = quest_twins(state, 0)
    drafted = state.quests[0][:]
    state.apply(state.legal_actions()[0])
    twin.apply(twin.legal_actions()[0])
    others_see_the_same(state, twin, 0, "after the draft")
    text = str([GAME.event_text(e) for e in state.events_for(1)]) + str(state.observation(1))
    secret = [e for e in state.events_for(1) if e["type"] == "draft"]
    assert secret and all("secret" not in e for e in secret)
    assert state.events_for(0)[-1].get("secret", {}).get("discarded") in drafted
    assert "quests" not in state.observation(1)["state"]["players"][0]
    assert text  # the other seat's log is readable without the secret


def test_determinize_keeps_what_is_known() -> None:
    state = mid_game(4, uncharted_locations=True, uncharted_upgrades=True)
    for seat in range(4):
        det = state.determinize(seat, seed=99)
        assert isinstance(det, MaracaiboState)
        assert det.observation(seat) == state.observation(seat)
        assert det.quests[seat] == state.quests[seat]
    det = state.determinize(0, seed=5)
    assert (det.quests[1:], det.deck2, det.quest_deck) != (
        state.quests[1:],
        state.deck2,
        state.quest_deck,
    ), "nothing hidden was resampled"


def test_determinize_solo_keeps_johns_public_state() -> None:
    state = mid_game(1, steps=30)
    det = state.determinize(0, seed=3)
    assert isinstance(det, MaracaiboState)
    assert det.observation(0) == state.observation(0)
    assert sorted(det.solo_deck) == sorted(state.solo_deck)


# ---------------------------------------------------------------------------- errors, determinism
def test_illegal_and_malformed_actions_leave_the_state_unchanged() -> None:
    state = mid_game(3, seed=2, steps=10)
    bad = (Action.make("sail", to=38), Action.make("stop"), Action.make("nothing"))
    check_bad_input(GAME, state, bad, {"kind": "sail", "to": "left"})


def test_same_seed_same_game() -> None:
    a, b = mid_game(4, seed=11, steps=150), mid_game(4, seed=11, steps=150)
    assert views(a) == views(b) and a.history == b.history


def test_named_cards_exist() -> None:
    """The rulebook's names resolve (the golden files and rule tests rely on them)."""
    state = mid_game(2, steps=1)
    for name in ("Trinidad", "Tobago", "Bonaire", "Hacienda", "Tobacco", "Ghost Ship"):
        assert state.cards[card_id(state, name)].name == name


# ---------------------------------------------------------------------------- golden replays
@pytest.mark.parametrize(
    ("num_players", "options"), [(2, {}), (1, {}), (3, {"skirmish": True, "rubies": True})]
)
def test_golden_playthrough(num_players: int, options: dict[str, Any]) -> None:
    """Regenerate deliberately with ``UPDATE_GOLDEN=1 make test``."""
    tag = "_".join(sorted(options)) or "base"
    path = GOLDEN / f"maracaibo_{num_players}p_{tag}_seed7.txt"
    check_golden(path, playthrough("maracaibo", num_players, 7, options))
