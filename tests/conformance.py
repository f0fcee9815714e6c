"""The engine contract, checked on random seeded playouts of any registered game.

Use from a game's tests::

    from conformance import check_game
    def test_conformance() -> None:
        check_game("shipyard", 3, seeds=range(5))

Each ``check_*`` function raises ``AssertionError`` with a message naming the game, seed and step.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from tabletide.engine import (
    Action,
    Game,
    IllegalActionError,
    Replay,
    Rng,
    State,
    derive_seed,
    load_game,
)
from tabletide.engine.view import validate_observation


def seats_of(state: State) -> list[int | None]:
    """Every seat, then the spectator (``None``)."""
    return [*range(state.num_players), None]


def views(state: State) -> list[dict[str, Any]]:
    """The observation of every seat and the spectator."""
    return [state.observation(s) for s in seats_of(state)]


def fingerprint(state: State) -> tuple[Any, ...]:
    """What must not change when a state is only looked at, cloned or determinized."""
    return (views(state), list(state.history), state.rng.position, len(state.events))


def check_decision(game: Game, state: State, where: str) -> None:
    """Legal actions, seat range, action JSON and codec bijection at a live decision."""
    assert not state.is_terminal(), where
    seat = state.current_player()
    assert 0 <= seat < state.num_players, f"{where}: current_player {seat} out of range"
    legal = state.legal_actions()
    assert legal, f"{where}: no legal actions but not terminal"
    assert legal == state.legal_actions(), f"{where}: legal_actions not deterministic"
    assert state.search_legal() == legal, f"{where}: search_legal differs from legal_actions"
    assert len(set(legal)) == len(legal), f"{where}: duplicate legal actions"
    labels = [a.label for a in legal]
    twins = sorted({lab for lab in labels if labels.count(lab) > 1})
    assert not twins, f"{where}: labels that do not tell their actions apart: {twins}"
    codes = set()
    for action in legal:
        assert game.action_from_json(action.to_json()) == action, f"{where}: JSON {action!r}"
        json.dumps(action.to_json())
        assert action.label, f"{where}: {action!r} has no label"
        code = game.encode_action(state, action)
        assert 0 <= code < game.num_distinct_actions, f"{where}: code {code} of {action!r}"
        assert game.decode_action(state, code) == action, f"{where}: decode({code})"
        codes.add(code)
    assert len(codes) == len(legal), f"{where}: codec is not injective on legal actions"


def check_observations(state: State, where: str) -> None:
    """Every view is JSON-serializable; only the deciding seat's view lists legal actions."""
    current = state.current_player()
    for seat in seats_of(state):
        view = state.observation(seat)
        try:
            json.dumps(view)
        except (TypeError, ValueError) as exc:
            raise AssertionError(f"{where}: observation({seat}) is not JSON: {exc}") from exc
        has_legal = "legal_actions" in view
        assert has_legal == (seat is not None and seat == current), (
            f"{where}: observation({seat}) legal_actions presence is wrong"
        )
        for event in state.events_for(seat):
            json.dumps(event)
        check_view_schema(state, view, f"{where}: observation({seat})")


def check_view_schema(state: State, view: Mapping[str, Any], where: str) -> None:
    """The view follows the engine's schema and the game's (``tabletide.engine.view``); the
    decision is the prompt's as data; the final scoring adds up to the scores."""
    try:
        validate_observation(state.game, view)
    except ValidationError as exc:
        raise AssertionError(f"{where} breaks its schema: {exc}") from exc
    decision, prompt = view["decision"], view["prompt"]
    if state.is_terminal():
        assert decision is None and prompt is None, f"{where}: a decision after the end"
        final = view["final_scoring"]
        assert final["totals"] == view["scores"], f"{where}: final totals are not the scores"
        for seat, values in enumerate(final["seats"]):
            assert len(values) == len(final["categories"]), f"{where}: seat {seat}'s categories"
            assert abs(sum(values) - final["totals"][seat]) < 1e-9, (
                f"{where}: seat {seat}'s categories {values} do not add up to its total"
            )
    else:
        assert "final_scoring" not in view, f"{where}: final scoring before the end"
        assert decision is not None and prompt is not None, f"{where}: no decision"
        assert (decision["kind"], decision["seat"]) == (prompt["kind"], prompt["seat"]), where


def check_clone_independence(state: State, rng: Rng, where: str) -> None:
    """Applying an action to a clone leaves the original exactly as it was."""
    before = fingerprint(state)
    twin = state.clone()
    assert fingerprint(twin) == before, f"{where}: clone differs from the original"
    twin.apply(rng.choice(twin.legal_actions()))
    assert fingerprint(state) == before, f"{where}: applying to a clone changed the original"


def check_determinize(state: State, seed: int, where: str) -> None:
    """Determinizing keeps the original intact and the deciding seat's view and choices."""
    seat = state.current_player()
    before = fingerprint(state)
    twin = state.determinize(seat, seed)
    assert fingerprint(state) == before, f"{where}: determinize changed the original"
    assert twin.observation(seat) == state.observation(seat), (
        f"{where}: determinize changed what seat {seat} sees"
    )
    assert twin.legal_actions() == state.legal_actions(), f"{where}: determinize changed choices"


def check_illegal_action(game: Game, state: State, where: str) -> None:
    """An action of the game's space that is not legal now raises and changes nothing."""
    legal = set(state.legal_actions())
    for code in range(game.num_distinct_actions):
        action = game.codec.decode(code)
        if action not in legal:
            before = fingerprint(state)
            with pytest.raises(IllegalActionError):
                state.apply(action)
            assert fingerprint(state) == before, f"{where}: illegal {action!r} changed the state"
            return


def check_bad_input(
    game: Game, state: State, actions: Sequence[Action], malformed: dict[str, Any]
) -> None:
    """Each of ``actions`` that is not legal now, and the ``malformed`` JSON action, raise
    :class:`IllegalActionError`; the state (views, history, random stream, stack) is unchanged."""
    before = (views(state), list(state.history), state.rng.position, list(state.stack))
    for bad in actions:
        if bad in state.legal_actions():
            continue
        with pytest.raises(IllegalActionError):
            state.apply(bad)
    with pytest.raises(IllegalActionError):
        game.action_from_json(malformed)
    assert before == (views(state), list(state.history), state.rng.position, list(state.stack))


def check_end(game: Game, state: State, steps: int, where: str) -> None:
    """Terminal facts: no actions, seat -1, returns in [-1, 1] summing to 0, winners, length.
    A 1-player game (a solo game against rules) returns +1 for a win and -1 for a loss."""
    assert state.is_terminal(), where
    assert state.current_player() == -1, f"{where}: current_player at the end"
    assert state.legal_actions() == [], f"{where}: legal actions at the end"
    returns = state.returns()
    assert len(returns) == state.num_players, where
    assert all(-1.0 <= r <= 1.0 for r in returns), f"{where}: returns {returns}"
    winners = state.winners()
    assert all(0 <= w < state.num_players for w in winners), f"{where}: {winners}"
    if state.num_players == 1:
        assert returns == [1.0 if winners else -1.0], f"{where}: solo returns {returns}"
    else:
        assert abs(sum(returns)) < 1e-9, f"{where}: returns {returns} do not sum to 0"
        assert winners, f"{where}: no winner"
    assert steps <= game.max_game_length, (
        f"{where}: {steps} decisions > max_game_length {game.max_game_length}"
    )
    with pytest.raises(IllegalActionError):
        state.apply(game.codec.decode(0))


def check_replay(state: State, where: str) -> None:
    """seed + options + actions, through JSON, reproduce the same game."""
    replay = Replay.from_json(json.loads(json.dumps(Replay.from_state(state).to_json())))
    again = replay.play()
    assert again.history == state.history, f"{where}: replay history differs"
    assert views(again) == views(state), f"{where}: replay observations differ"
    assert again.scores() == state.scores(), f"{where}: replay scores differ"


def check_playout(
    name: str,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    deep: bool = True,
) -> State:
    """Play one random game with every check at every step; the final state.

    ``deep=False`` skips the per-step clone, determinize and illegal-action checks (faster).
    """
    game = load_game(name)
    state = game.new_state(num_players, seed, options)
    rng = Rng(derive_seed(seed, "conformance"))
    steps = 0
    while not state.is_terminal():
        where = f"{name} {num_players}p seed {seed} step {steps}"
        assert steps < game.max_game_length, f"{where}: longer than max_game_length"
        check_decision(game, state, where)
        check_observations(state, where)
        if deep:
            check_clone_independence(state, rng, where)
            check_determinize(state, derive_seed(seed, "det", steps), where)
            check_illegal_action(game, state, where)
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    where = f"{name} {num_players}p seed {seed} end"
    check_observations(state, where)
    check_end(game, state, steps, where)
    check_replay(state, where)
    return state


def check_game(
    name: str,
    num_players: int,
    seeds: Iterable[int] = range(5),
    options: Mapping[str, Any] | None = None,
    *,
    deep: bool = True,
) -> None:
    """Run :func:`check_playout` for each seed."""
    for seed in seeds:
        check_playout(name, num_players, seed, options, deep=deep)


def random_walk(state: State, steps: int, seed: int) -> State:
    """Play up to ``steps`` random legal actions on ``state`` (fewer if the game ends); a
    position for tests that need a game in progress."""
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def fuzz_seeds(chunk: int, chunks: int, games: int, first: int = 0) -> range:
    """The seeds of one of ``chunks`` equal parts of ``games`` fuzz games numbered from
    ``first`` (a fuzz test is split into parametrized chunks so that ``-n 2`` spreads it)."""
    per = games // chunks
    return range(first + chunk * per, first + (chunk + 1) * per)


# ---------------------------------------------------------------------------- golden replays
def playthrough(
    name: str,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    samples: int = 4,
) -> str:
    """A readable record of a seeded random game: every action with its seat, the spectator's
    log, the result, and what each seat and the spectator see at ``samples`` steps spread over
    the game (the first, evenly between, and the end; stable JSON with sorted keys, as in
    OpenSpiel's playthrough files), so that a leak or a view change shows in review. The replay
    of the game must reproduce it."""
    game = load_game(name)
    state = game.new_state(num_players, seed, options)
    rng = Rng(derive_seed("golden", seed))
    lines = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        lines.append(f"{len(state.history):4d} seat {state.current_player()}: {action.label}")
        state.apply(action)
    lines.append("--- log (spectator) ---")
    lines += [game.event_text(e) for e in state.events_for(None)]
    lines.append(f"scores {state.scores()} winners {state.winners()} returns {state.returns()}")
    lines += _replayed_views(Replay.from_state(state), state.history, samples)
    return "\n".join(lines) + "\n"


def _replayed_views(replay: Replay, history: Sequence[Action], samples: int) -> list[str]:
    """Replay the game (through its JSON actions, as a saved game is) and record every seat's
    and the spectator's observation at ``samples`` points of it; the replay must end with the
    same history as the game it was made from."""
    total = len(replay.actions)
    marks = {round(i * total / (samples - 1)) for i in range(samples)}
    lines = []
    state = None
    for step, state in enumerate(replay.states()):
        if step in marks:
            for seat in seats_of(state):
                who = "spectator" if seat is None else f"seat {seat}"
                lines.append(f"--- view after {step} of {total} actions: {who} ---")
                lines.append(json.dumps(state.observation(seat), sort_keys=True, indent=1))
    assert state is not None and state.history == list(history), "the replay differs"
    return lines


def check_golden(path: Path, text: str) -> None:
    """A behaviour change shows up as a diff of the golden file in review. To accept a
    deliberate change: ``UPDATE_GOLDEN=1 make test``."""
    if os.environ.get("UPDATE_GOLDEN") or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text, f"{path.name} differs from this run"


def check_tensor(
    game_name: str,
    num_players: int,
    seeds: Iterable[int],
    options: Mapping[str, Any] | None = None,
    every: int = 7,
) -> None:
    """The observation tensor over random playouts: a fixed size for the player count and
    options, finite numbers, the state untouched, and for every seat the same tensor on any
    determinization for that seat (so nothing hidden from it is encoded)."""
    import math

    game = load_game(game_name)
    size = game.tensor_size(num_players, options)
    layout = game.tensor_layout(num_players, options)
    assert sum(s.size for s in layout) == size
    assert all(s.size > 0 and s.name for s in layout), f"{game_name}: empty or unnamed segment"
    for seed in seeds:
        state = game.new_state(num_players, seed, options)
        rng = Rng(derive_seed(seed, "tensor"))
        step = 0
        while True:
            where = f"{game_name} {num_players}p {dict(options or {})} seed {seed} step {step}"
            if step % every == 0 or state.is_terminal():
                before = fingerprint(state)
                for seat in range(num_players):
                    tensor = game.observation_tensor(state, seat)
                    assert len(tensor) == size, f"{where}: seat {seat} size {len(tensor)}"
                    assert all(math.isfinite(v) for v in tensor), f"{where}: not finite"
                    det = state.determinize(seat, rng.next_u64())
                    assert game.observation_tensor(det, seat) == tensor, (
                        f"{where}: seat {seat}'s tensor changes with what is hidden from it"
                    )
                assert fingerprint(state) == before, f"{where}: writing the tensor changed it"
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
            step += 1
