"""Every game says who by the table's names (``state.set_names``) wherever a person reads: the
prompt, the log, the text view and the board picture. None of them says "Seat 0" then."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.text import Text

from tabletide.engine import Rng, State, load_game

NAMES = ["Alice", "Bob", "Carol", "Dave"]
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "shipyard": (3, {}),
    "tiny_epic_pirates": (2, {}),
    "ahoy": (3, {}),
    "maracaibo": (3, {}),
    "empires_north": (3, {}),
}
SEAT_WORDS = re.compile(r"\bSeat [0-9]")


def positions(name: str, num_players: int, options: dict[str, Any], seed: int) -> list[State]:
    """Some positions of a seeded random game, its last (the final screen) among them."""
    state = load_game(name).new_state(num_players, seed, options)
    state.set_names(NAMES[:num_players])
    rng = Rng(seed)
    out = [state.clone()]
    step = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        step += 1
        if step % 40 == 0:
            out.append(state.clone())
    out.append(state)
    return out


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


@pytest.mark.parametrize("name", list(GAMES))
def test_prompt_log_text_and_board_use_the_names(name: str) -> None:
    num_players, options = GAMES[name]
    game = load_game(name)
    names = NAMES[:num_players]
    seen_in_log: set[str] = set()
    prompts = 0
    for state in positions(name, num_players, options, seed=3):
        assert state.names == names  # every copy the engine made kept them
        for seat in [*range(num_players), None]:
            view = state.observation(seat)
            assert view["names"] == names
            prompt = view["prompt"]
            if prompt is not None:
                prompts += 1
                assert prompt["text"].startswith(names[prompt["seat"]]), prompt["text"]
            log = "\n".join(view["log"])
            seen_in_log |= {n for n in names if n in log}
            text = plain(game.render(state, seat))
            svg = game.render_svg(view)
            for where, words in (("prompt", str(prompt)), ("log", log), ("text", text)):
                assert not SEAT_WORDS.search(words), f"{name} {where}: {words}"
            assert not SEAT_WORDS.search(svg), f"{name} board: {SEAT_WORDS.findall(svg)}"
            if seat is not None:
                assert names[seat] in text, f"{name}: the text view of {names[seat]}"
                assert names[seat] in svg, f"{name}: the board of {names[seat]}"
            for other in names:  # every player's area is headed by its name
                assert other in text, f"{name}: {other} not in the text view"
                assert other in svg, f"{name}: {other} not on the board"
    assert prompts > 0
    assert seen_in_log == set(names), f"{name}: the log names only {sorted(seen_in_log)}"


@pytest.mark.parametrize("name", list(GAMES))
def test_names_are_presentation_only(name: str) -> None:
    """The same game, moves and pictures (but for the names) with names or without."""
    num_players, options = GAMES[name]
    game = load_game(name)
    named = game.new_state(num_players, 5, options)
    named.set_names(NAMES[:num_players])
    plain_state = game.new_state(num_players, 5, options)
    rng = Rng(5)
    for _ in range(30):
        if named.is_terminal():
            break
        legal = named.legal_actions()
        assert legal == plain_state.legal_actions()
        action = rng.choice(legal)
        named.apply(action)
        plain_state.apply(action)
        assert game.observation_tensor(named, 0) == game.observation_tensor(plain_state, 0)
    assert named.events == plain_state.events  # the structured log holds numbers only


ANY_SEAT_WORDS = re.compile(r"\b[Ss]eat [0-9]")


@pytest.mark.parametrize("name", list(GAMES))
def test_moves_and_explanations_use_the_names(name: str) -> None:
    """Every legal move's label and explanation, and every closed option's reason, as the mover
    reads them at every decision of random games, name other seats by the table's names."""
    num_players, options = GAMES[name]
    game = load_game(name)
    texts = 0
    for seed in (1, 2):
        state = game.new_state(num_players, seed, options)
        state.set_names(NAMES[:num_players])
        rng = Rng(seed)
        while not state.is_terminal():
            view = state.observation(state.current_player())
            for item in [*view["legal_actions"], *view["closed_options"]]:
                words = " ".join(str(v) for k, v in item.items() if k != "action")
                texts += 1
                assert not ANY_SEAT_WORDS.search(words), f"{name}: {words}"
            state.apply(rng.choice(state.legal_actions()))
    assert texts > 100
