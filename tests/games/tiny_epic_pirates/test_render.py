"""The Tiny Epic Pirates terminal view: it renders for every seat and the spectator at many
positions of random games (solo included), shows what a player needs, parses as Rich markup and
never tells what a face-down search token is."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

import pytest
from rich.text import Text

from tabletide.games.tiny_epic_pirates.present.text import render
from tabletide.games.tiny_epic_pirates.sea import name
from tabletide.games.tiny_epic_pirates.state import PiratesState

from .helpers import GAME, new

EVERY = 23
"""Render every this many actions of a random game (every 3 in the much shorter solo game)."""
SEARCH_WORDS = ("gold2", "gold3", "sail2")
"""Search token kinds that no other part of the screen spells."""


def positions(num_players: int, seed: int) -> Iterator[PiratesState]:
    """States along a random seeded game, the first (setup) and the last (often the end)."""
    state = GAME.new_state(num_players, seed)
    assert isinstance(state, PiratesState)
    rng = Random(seed)
    step = 0
    every = 3 if num_players == 1 else EVERY
    yield state
    while not state.is_terminal() and step < 3000:
        state.apply(rng.choice(state.legal_actions()))
        step += 1
        if step % every == 0 or state.is_terminal():
            yield state


def seats(state: PiratesState) -> list[int | None]:
    return [*range(state.num_players), None]


def plain(out: str) -> str:
    return Text.from_markup(out).plain


def grid_lines(text: str) -> list[str]:
    """The cell lines of the sea grid (between the vertical borders)."""
    return [line for line in text.splitlines() if line[6:7] == "│" and line.count("│") == 5]


def cell_text(text: str, pos: int) -> str:
    """Everything drawn inside the cell of sea position ``pos``."""
    row, col = divmod(pos, 4)
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if name(row * 4) in line and "─" in line)
    out = []
    for line in lines[top + 1 :]:
        if line.count("│") != 5:
            break
        out.append(line.split("│")[col + 1])
    return "\n".join(out)


def check(obs: dict[str, Any]) -> str:
    out = render(obs)
    assert isinstance(out, str) and out
    text = plain(out)  # raises if the markup is broken
    v = obs["state"]
    seat = obs["seat"]
    for ship in v["ships"]:
        top = ship["gold_track"] if ship["legendary"] else 13
        assert f"gold {ship['gold']}/{top}" in text
        assert f"treasures {ship['buried']}/3" in text
    for loot, price in v["market"].items():
        assert f"{loot} {price}" in text
    for m in v["merchants"]:
        assert f"damage {m['card']['damage']}" in text
        assert f"value {m['card']['value']}" in text
    for crew in v["crew_row"]:
        assert crew["name"] in text
    assert f"round {v['round']}" in text
    tokens = sum(card["search_token"] for card in v["sea"])
    assert sum(line.count("?") for line in grid_lines(text)) == tokens
    if seat is not None:
        first = next(line for line in text.splitlines() if line.startswith("Seat "))
        assert first.startswith(f"Seat {seat} (you)")
    # Every cell fits: the grid stays about 100 columns wide.
    assert all(len(line) <= 100 for line in grid_lines(text))
    return text


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_renders_everywhere(num_players: int, seed: int) -> None:
    count = 0
    for state in positions(num_players, seed):
        for seat in seats(state):
            check(state.observation(seat))
            count += 1
    assert count > 10


def test_game_render_matches_render_of_observation() -> None:
    state = new(3, seed=4)
    assert GAME.render(state, 1) == render(state.observation(1))


def test_the_terminal_screen_names_the_winner() -> None:
    for num_players in (1, 2, 4):
        *_, last = positions(num_players, 5)
        if last.is_terminal():
            text = check(last.observation(None))
            assert "Game over" in text
            return
    pytest.fail("no random game ended")


def test_ships_and_features_sit_in_their_cells() -> None:
    state = new(2, seed=3)
    obs = state.observation(0)
    v = obs["state"]
    text = plain(render(obs))
    for card in v["sea"]:
        cell = cell_text(text, card["at"])
        if card["colony"]:
            assert "col" + "●" * card["colony"] in cell
        if card["market"]:
            assert f"mkt:{card['market']}" in cell
        assert ("cove" in cell) == card["cove"]
        assert ("storm" in cell) == card["storm"]
        assert ("PORT" in cell) == card["port"]
        assert ("?" in cell) == card["search_token"]
        for spot in card["burial"]:
            assert f"✝{spot['cost']}" in cell
    for ship in v["ships"]:
        tag = f"S{ship['ship']}"
        assert (f"({tag})" if ship["hidden"] else tag) in cell_text(text, ship["at"])
    assert "NAVY" in cell_text(text, v["navy"])
    for m in v["merchants"]:
        cell = cell_text(text, m["at"])
        assert f"{m['colour']} {m['loot'] or 'empty'}→{name(m['bound_for'])}" in cell


def test_search_tokens_never_reveal_their_kind() -> None:
    """Shuffling the kinds of the face-down tokens changes nothing on anyone's screen."""
    for num_players in (1, 3):
        for i, state in enumerate(positions(num_players, 11)):
            if i > 12:
                break
            before = {seat: render(state.observation(seat)) for seat in seats(state)}
            twin = state.clone()
            assert isinstance(twin, PiratesState)
            down = [p for p in range(16) if twin.search[p] >= 0]
            kinds = [twin.search[p] for p in down]
            Random(i).shuffle(kinds)
            kinds = [(k + 1) % 6 for k in kinds]  # certainly different
            for p, k in zip(down, kinds, strict=True):
                twin.search[p] = k
            for seat in seats(state):
                out = render(twin.observation(seat))
                assert out == before[seat]
                if not any(
                    ship.get("kept_tokens") for ship in twin.observation(seat)["state"]["ships"]
                ):
                    assert not any(word in out for word in SEARCH_WORDS)


def test_helm_shows_captain_deckhands_and_assignments() -> None:
    state = new(2, seed=1)
    state.on_helm[0][2] = True
    state.captain[0] = 4
    obs = state.observation(0)
    ship = obs["state"]["ships"][0]
    text = plain(render(obs))
    helm = next(line for line in text.splitlines() if line.startswith("  helm:"))
    assert f"▶4 {ship['helm'][4]}" in helm
    assert f"2 {ship['helm'][2]} •" in helm
    for sp, order in enumerate(ship["helm"]):
        assert f"{sp} {order}" in helm
    for job, count in ship["assignments"].items():
        assert f"{job} {count}" in text
    assert ship["captain"] in text
    assert f"{ship['infamy_name']} (sail {ship['sail']}, {ship['dice']} dice)" in text


def test_solo_shows_the_legendary_pirate() -> None:
    state = new(1, seed=2)
    obs = state.observation(0)
    lp = next(s for s in obs["state"]["ships"] if s["legendary"])
    text = check(obs)
    assert "the Legendary Pirate" in text
    assert lp["bridge"] in text and lp["personality"] in text
    assert f"gold {lp['gold']}/{lp['gold_track']} on its track" in text
    level = lp["level"]
    assert f"{level['dice']} dice, sail {level['sail']}, hits {level['hits']}" in text
    assert f"action track space {lp['action_space'] + 1}" in text
    assert "LP" in cell_text(text, lp["at"])


def test_end_triggered_and_whose_turn() -> None:
    state = new(3, seed=0)
    text = plain(render(state.observation(2)))
    assert "Seat 0's turn" in text and "END TRIGGERED" not in text
    state.end_triggered = True
    assert "END TRIGGERED" in plain(render(state.observation(None)))


def test_markup_in_names_is_escaped() -> None:
    state = new(2, seed=0)
    obs = state.observation(0)
    obs["state"]["crew_row"][0]["name"] = "[bold]Sneaky[/bold] [red"
    obs["state"]["ships"][1]["crew"] = [{**obs["state"]["crew_row"][1], "name": "[/]"}]
    text = plain(render(obs))
    assert "[bold]Sneaky[/bold] [red" in text and "[/]" in text
