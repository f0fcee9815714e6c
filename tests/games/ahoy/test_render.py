"""The Ahoy terminal view: it renders for every seat and the spectator along random 2-4 player
games, shows each player's faction, fame and gold, the market and every region's wealth, draws
terrain, pieces, region borders and sandbars in the right boxes, stays within 200 columns, parses
as Rich markup, puts the viewer's block first and never shows another seat's secrets (AH-5.41)."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

import pytest
from rich.text import Text

from tabletide.games.ahoy import geometry
from tabletide.games.ahoy.constants import CUTTER, GUNBOAT, ORIGIN
from tabletide.games.ahoy.present.text import FACTION_NAMES, LABEL, MAX_MAP, render
from tabletide.games.ahoy.present.view import rel
from tabletide.games.ahoy.state import AhoyState

from .helpers import GAME, E, S, fort, give_crew, new, patrol, put, sea, spot

EVERY = 37
"""Render every this many actions of a random game."""


def positions(num_players: int, seed: int) -> Iterator[AhoyState]:
    """States along a seeded random game: setup, every ``EVERY`` actions, the last one."""
    state = GAME.new_state(num_players, seed)
    assert isinstance(state, AhoyState)
    rng = Random(seed)
    step = 0
    yield state
    while not state.is_terminal() and step < 4000:
        state.apply(rng.choice(state.legal_actions()))
        step += 1
        if step % EVERY == 0 or state.is_terminal():
            yield state


def seats(state: AhoyState) -> list[int | None]:
    return [*range(state.num_players), None]


def plain(out: str) -> str:
    return Text.from_markup(out).plain  # raises on broken markup


def grid(text: str) -> tuple[list[str], dict[int, int], dict[int, int]]:
    """The map's lines (padded to one width), the index of each row's first line by y, and
    the column of the left border of each space by x."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("The map"))
    end = next(i for i in range(top, len(lines)) if lines[i].startswith("  SKULL an island"))
    xs = [int(word[2:]) for word in lines[top + 1].split()]
    body = lines[top + 2 : end]
    width = max(len(line) for line in body)
    pitch = (width - LABEL - 1) // len(xs)
    assert width == LABEL + pitch * len(xs) + 1
    rows = {
        int(line[:LABEL].strip()[2:]): i
        for i, line in enumerate(body)
        if line[:LABEL].strip().startswith("y=")
    }
    return (
        [line.ljust(width) for line in body],
        rows,
        {x: LABEL + k * pitch for k, x in enumerate(xs)},
    )


def box(text: str, x: int, y: int) -> str:
    """Everything drawn inside the box of space (x, y)."""
    body, rows, cols = grid(text)
    end = rows.get(y + 1, len(body)) - 1
    right = cols.get(x + 1, len(body[0]) - 1)
    return "\n".join(line[cols[x] + 1 : right] for line in body[rows[y] : end])


def check(obs: dict[str, Any]) -> str:
    out = render(obs)
    assert isinstance(out, str) and out
    text = plain(out)
    v = obs["state"]
    seat = obs["seat"]
    lines = text.splitlines()
    heads = [line for line in lines if line.startswith("Seat ")]
    assert len(heads) == len(v["players"])
    for p in v["players"]:
        head = next(line for line in heads if line.startswith(f"Seat {p['seat']} · "))
        assert FACTION_NAMES[p["faction"]] in head
        assert f"fame {p['fame']} · gold {p['gold']}" in head
        assert f"dice in hand: {' '.join(map(str, p['hand'])) or 'none'}" in head
    if seat is not None:  # the viewer's own block first, marked
        assert heads[0].startswith(f"Seat {seat} · ") and "(you)" in heads[0]
        assert sum("(you)" in h for h in heads) == 1
    else:
        assert [h.split(" · ")[0] for h in heads] == [f"Seat {p}" for p in range(len(heads))]
    for card in v["market"]:
        assert card["name"] in text
    for r in v["regions"]:  # the wealth die in the table and on the island
        row = next(line for line in lines if line.startswith(f"  r{r['region']} "))
        assert f"[{r['wealth']}]" in row.split()
        assert r["name"] in row
        x, y = r["island"]
        assert f"{r['symbol'].upper()} [{r['wealth']}]" in " ".join(box(text, x, y).split())
    assert f"round {v['round']}" in lines[0]
    body, _, _ = grid(text)
    assert body and all(len(line) <= MAX_MAP for line in body)
    legend = [line for line in lines if line.startswith("  ") and "wreck (1 damage)" in line]
    assert legend and all(len(line) <= 160 for line in legend)
    return text


# ------------------------------------------------------------------------------ everywhere
@pytest.mark.parametrize("num_players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1])
def test_renders_everywhere(num_players: int, seed: int) -> None:
    count = 0
    for state in positions(num_players, seed):
        for seat in seats(state):
            check(state.observation(seat))
            count += 1
    assert count > 20


def test_game_render_is_render_of_the_observation() -> None:
    state = new(3, seed=4)
    assert GAME.render(state, 1) == render(state.observation(1))


def test_setup_screen_shows_the_pending_start() -> None:
    state = GAME.new_state(2, seed=1)
    assert isinstance(state, AhoyState)
    text = check(state.observation(0))
    assert "▶ Seat 0: place your flagship (you)" in text
    assert "flagship not placed" in text


def test_game_over_names_the_winner() -> None:
    *_, last = positions(2, 3)
    assert last.is_terminal()
    text = check(last.observation(None))
    winners = last.winners()
    assert "Game over." in text
    tail = text.splitlines()[-1]
    for w in winners:
        assert f"Seat {w} ({last.faction[w].title()})" in tail
    assert "to play" not in text


def test_battle_under_way_is_shown() -> None:
    for num_players, seed in ((4, 3), (3, 1), (2, 2)):
        state = GAME.new_state(num_players, seed)
        assert isinstance(state, AhoyState)
        rng = Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            f = state.fight
            if f is not None and f.defender >= 0:
                text = check(state.observation(None))
                x, y = state.observation(None)["state"]["fight"]["at"]
                assert f"Battle at ({x},{y}):" in text
                assert "BATTLE" in box(text, x, y)
                return
    pytest.fail("no random game had a battle")


# ------------------------------------------------------------------------------ the map
def _built() -> AhoyState:
    """A hand-built 3-player map: four regions, a current, a sandbar across each edge kind."""
    state = new(3)
    sea(
        state,
        ["I>.I", "^.HW", "FI.I", "..T."],
        symbols="skull fish star shell",
        tailwind={(1, 1): 4},
        bars=[((0, 1), E), ((2, 0), S)],
    )
    state.fig = [-1] * len(state.fig)
    return state


@pytest.mark.rule("AH-5.25")
def test_terrain_currents_and_sandbars_are_drawn() -> None:
    state = _built()
    text = check(state.observation(0))
    body, rows, cols = grid(text)
    assert "→→→" in box(text, 1, 0)
    assert "↑↑↑" in box(text, 0, 1)
    assert "harbor" in box(text, 2, 1)
    assert "wreck 1g" in box(text, 3, 1)
    assert "fog" in box(text, 0, 2)
    assert "1g" in box(text, 2, 3)
    assert "w4" in box(text, 1, 1)
    assert "SKULL [1]" in box(text, 0, 0) and "FISH [1]" in box(text, 3, 0)
    # The sandbar between (0,1) and (1,1): the border left of (1,1) on each line of row y=1.
    row = rows[1]
    assert body[row][cols[1]] == "≈"
    assert body[row][cols[2]] == "┃"  # regions 0 and 1 meet: a heavy border
    assert body[rows[0]][cols[1]] == "│"  # inside region 0: a light border
    # The sandbar between (2,0) and (2,1): the horizontal border above row y=1, under x=2.
    above = body[row - 1]
    assert set(above[cols[2] + 1 : cols[3]]) == {"≈"}
    assert set(above[cols[0] + 1 : cols[1]]) == {"─"}
    assert set(body[rows[2] - 1][cols[0] + 1 : cols[1]]) == {"━"}  # regions 0 and 2
    # Empty lattice points stay blank: nothing left of the map on a y=0 line.
    assert not body[rows[0]][:LABEL].replace("y=0", "").strip()


def test_pieces_sit_in_their_boxes() -> None:
    state = _built()
    put(state, state.fleet, 0, 0)
    put(state, state.union, 0, 0)
    put(state, 1, 3, 3)
    for _ in range(3):
        patrol(state, 2, 1)
    patrol(state, 3, 3)
    fort(state, 1, 2)
    put(state, CUTTER, 2, 3)
    put(state, GUNBOAT, 2, 3)
    state.allies[1] = 3
    state.wealth[2] = 5
    text = check(state.observation(1))
    assert "F U" in box(text, 0, 0)
    assert "p×3" in box(text, 2, 1)
    assert "S1" in box(text, 3, 3) and "p" in box(text, 3, 3).split()
    assert "fort" in box(text, 1, 2) and "STAR [5]" in box(text, 1, 2)
    assert "cutter" in box(text, 2, 3) and "gunboat" in box(text, 2, 3)
    assert "allies 3" in box(text, 3, 0) and "r1" in box(text, 3, 0)
    for x in range(4):
        for y in range(4):
            if (x, y) != (0, 0):
                assert "F" not in box(text, x, y).split()


@pytest.mark.rule("AH-7.2", "AH-7.3")
def test_region_table_shows_control_and_who_scores() -> None:
    state = _built()
    put(state, state.fleet, 0, 0)  # region 0: Fleet 2 (flagship) + 1 patrol
    patrol(state, 1, 1)
    state.allies[0] = 2  # Union 2 allies on region 0's island: 3 to 2
    state.wealth[0] = 4
    state.allies[1] = 1  # region 1: Union 1 to 0
    put(state, state.union, 2, 2)  # region 3 (bottom right): Union flagship 1, a patrol 1
    patrol(state, 3, 3)
    text = check(state.observation(None))
    rows = {line.split()[0]: line for line in text.splitlines() if line.startswith("  r")}
    assert "3:2 → Fleet +4" in rows["r0"]
    assert "0:1 → Union +1" in rows["r1"]
    assert "0:0 → tie, no score" in rows["r2"]
    assert "1:1 → tie, no score" in rows["r3"]


def test_a_wide_map_still_fits() -> None:
    """Twelve regions in one row (24 spaces across): the boxes narrow to stay under 200
    columns, islands and wealth dice still shown."""
    state = new(2)
    sea(state, ["I." * 12, ".." * 12])
    state.wealth = [1 + r % 6 for r in range(12)]
    text = check(state.observation(0))
    body, _, _ = grid(text)
    assert all(len(line) <= 200 for line in body)
    assert len(body[1]) > 150, "the map uses the room it has"


# ------------------------------------------------------------------------------ the players
def test_die_spots_show_dice_requirements_and_damage() -> None:
    state = new(3)
    fleet = state.fleet
    state.dice[fleet] = [(spot(state, fleet, "sail"), 4), (spot(state, fleet, "cannons"), 6)]
    state.dice[fleet].append((spot(state, fleet, "cannons"), 5))
    state.damage[fleet] = [spot(state, fleet, "bombard")]
    card = give_crew(state, fleet, "shipwright")
    text = check(state.observation(fleet))
    assert "Sail: 4" in text
    assert "Cannons (5-6): 6 5" in text
    assert "Bombard (4): DAMAGED" in text
    assert "Repair (2, dashed): ·" in text
    assert "Shipwright: ·" in text
    assert state.content.crew[7].text in text, "your crew's text"
    assert f"patrols {len(state.patrols_in_supply())}/10 · forts 3/3" in text
    other = check(state.observation(1))
    assert "Shipwright (" in other and state.content.crew[7].text not in other
    assert state.card(card).symbol in other


def test_smuggler_block_cargo_favor_and_reward_grid() -> None:
    state = new(3)
    smuggler = 1
    state.cargo[smuggler] = [state.market_deck.pop()]
    under_fleet = state.market_deck.pop()
    state.favor[smuggler][0] = [under_fleet]
    state.white[smuggler], state.black[smuggler] = 0, 4
    cargo = state.card(state.cargo[smuggler][0])
    own = check(state.observation(smuggler))
    assert f"cargo (1/2): {cargo.cargo} → {cargo.cargo_symbol} island" in own
    name = state.observation(smuggler)["state"]["players"][smuggler]["favor"]["fleet"][0]["name"]
    assert f"under your Fleet favor token: {name}" in own
    assert "under your Union favor token: none" in own
    grid_rows = [line for line in own.splitlines() if line.startswith("    │")]
    assert len(grid_rows) == 3
    top_left = state.content.reward_grid.spaces[0]
    assert f"○ {top_left.amount} {top_left.kind}" in grid_rows[0] and "● nothing" in grid_rows[1]
    for seat in (0, 2, None):
        text = check(state.observation(seat))
        assert "delivered under its favor tokens: 1 cards" in text
        assert "favor token:" not in text


@pytest.mark.rule("AH-5.41", "AH-6.2.4")
def test_the_unions_plans_show_only_to_the_union() -> None:
    state = new(3)
    near_miss = state.plan_cards.index("near_miss")  # the only Near Miss card
    for pile in (state.plan_deck, state.plan_hand, state.plan_discard):
        if near_miss in pile:
            pile.remove(near_miss)
    state.plan_deck += state.plan_hand
    state.plan_hand = [near_miss]
    name = next(p for p in state.content.plans if p.key == "near_miss")
    union = check(state.observation(state.union))
    assert f"plan {name.name}: {name.text}" in union
    for seat in (state.fleet, 1, None):
        text = check(state.observation(seat))
        assert name.name not in text and name.text not in text
        assert "plans in hand 1" in text


@pytest.mark.rule("AH-5.41", "AH-6.3.7")
def test_hidden_things_change_no_other_screen() -> None:
    """Swapping the favor tokens of a Smuggler, the Union's hand with its deck, the region
    supply and the market deck changes no screen that may not see it."""
    state = new(4, seed=2)
    for p, token in ((1, 0), (3, 1)):
        state.favor[p][token] = [state.market_deck.pop(), state.market_deck.pop()]
    twin = state.clone()
    keys = {twin.plan_cards[c] for c in twin.plan_hand}
    swap = next(c for c in twin.plan_deck if twin.plan_cards[c] not in keys)
    twin.plan_deck[twin.plan_deck.index(swap)] = twin.plan_hand[0]
    twin.plan_hand[0] = swap
    for p in (1, 3):
        twin.favor[p] = [twin.favor[p][1], twin.favor[p][0]]
    twin.supply.reverse()
    twin.market_deck.reverse()
    for seat in (0, None):
        assert render(state.observation(seat)) == render(twin.observation(seat))
    for p in (1, 3):
        assert render(state.observation(p)) != render(twin.observation(p))
        assert render(state.observation(4 - p)) != render(twin.observation(4 - p))
    assert render(state.observation(2)) != render(twin.observation(2))
    # Each Smuggler sees only its own tokens, the Union only its own plans.
    smuggler = plain(render(state.observation(1)))
    assert smuggler.count("favor token:") == 2


def test_log_tail_and_markup_are_escaped() -> None:
    state = new(2, seed=0)
    obs = state.observation(0)
    obs["log"] = [*obs["log"], "[bold]Sneaky[/bold] [red"]
    obs["state"]["market"][0]["name"] = "[/]"
    text = plain(render(obs))
    assert text.splitlines()[-1] == "  · [bold]Sneaky[/bold] [red"
    assert "[/]" in text


@pytest.mark.rule("AH-5.16", "AH-5.17")
def test_the_tile_to_place_is_drawn_in_its_four_turns() -> None:
    """While a region tile waits to be placed, all seats see it turned 0°, 90°, 180° and 270°,
    each picture matching where the choices put its island."""
    state = GAME.new_state(3, 5)
    assert isinstance(state, AhoyState)
    rng = Random(5)
    while state.stack[-1].kind not in ("explore", "tile"):
        state.apply(rng.choice(state.legal_actions()))
    tile = state.content.regions[state.drawn]
    symbol = tile.cells[tile.island].symbol
    assert symbol is not None
    for seat in seats(state):
        text = check(state.observation(seat))
        lines = text.splitlines()
        top = next(i for i, line in enumerate(lines) if line.startswith("The region tile to place"))
        assert tile.name in lines[top]
        labels = lines[top + 1]
        pictures = lines[top + 2 : top + 11]
        for k in range(4):
            left = labels.index(f"turned {90 * k}°")
            assert pictures[0][left] == "┏"
            ix, iy = rel(geometry.cell_pos(ORIGIN, k, tile.island))
            box_ = [
                line[left + 1 + 13 * ix : left + 13 * (ix + 1)]
                for line in pictures[1 + 4 * iy : 4 + 4 * iy]
            ]
            assert symbol.upper() in box_[0]
            others = [
                line[left + 1 + 13 * x : left + 13 * (x + 1)]
                for x in (0, 1)
                for line in pictures[1:8]
                if x != ix
            ]
            assert not any(symbol.upper() in o for o in others)
    state.apply(state.legal_actions()[0])
    assert "The region tile to place" not in plain(render(state.observation(0)))
