"""The Pirates of Maracaibo terminal screen: it renders for every seat and the spectator along
random 1-4 player games with and without the modules (lines <= 120 columns, valid Rich markup);
draws the Caribbean as 9 columns x 4 rows with the start area, the Bay and Maracaibo, ships,
smuggler tiles, residence markers, card names/types/costs and the islands with their cubes and
treasure values; lists the face-up cards in words; draws the exploration track with explorers and
rivers; shows the offers, the module panels, the viewer's ship board, hideout, cards, quests,
figurehead and smuggler tiles, the other players' public information, John Silver in solo, the
final scoring breakdown and the log. Hidden things stay hidden: other seats' quests (MA-5.61),
face-down cards (MA-9.1, MA-9.5) and the decks' order change no screen that may not see them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from random import Random
from typing import Any

import pytest
from rich.text import Text

from tabletide.games.maracaibo.constants import MODULES, ROWS
from tabletide.games.maracaibo.content import load_content
from tabletide.games.maracaibo.present.text import CELL, EAST_W, LABEL, START_W, WIDTH, render
from tabletide.games.maracaibo.state import MaracaiboState

from .helpers import (
    BAY,
    COLORS,
    GAME,
    MARACAIBO,
    START,
    at,
    card_id,
    give,
    new,
    place,
    ship,
    treasure,
)

EVERY = 9
"""Render every this many actions of a random game."""
ALL_MODULES = {m: True for m in MODULES}


# ------------------------------------------------------------------------------ helpers
def positions(n: int, seed: int, options: dict[str, Any], every: int = EVERY) -> Iterator[Any]:
    """States along a seeded random game: setup, every ``every`` actions, the last one."""
    state = GAME.new_state(n, seed=seed, options=dict(options))
    assert isinstance(state, MaracaiboState)
    rng = Random(seed)
    step = 0
    yield state
    while not state.is_terminal() and step < 5000:
        state.apply(rng.choice(state.legal_actions()))
        step += 1
        if step % every == 0 or state.is_terminal():
            yield state
    assert state.is_terminal()


def finished(n: int, seed: int, options: dict[str, Any] | None = None) -> MaracaiboState:
    *_, last = positions(n, seed, options or {}, every=10**6)
    assert isinstance(last, MaracaiboState) and last.is_terminal()
    return last


def plain(out: str) -> str:
    return Text.from_markup(out).plain  # raises on broken markup


def screen(s: MaracaiboState, seat: int | None) -> str:
    return check(s.observation(seat))


def flat(text: str) -> str:
    """Whitespace-normalised text (wrapped lines joined)."""
    return " ".join(text.split())


def left_border(col: int) -> int:
    """The column of the left border of grid column ``col`` (0 the start area, 10 the east)."""
    if col == 0:
        return LABEL
    return LABEL + START_W + 1 + (col - 1) * (CELL + 1)


def rows_of(text: str) -> dict[int, tuple[int, int]]:
    """For each grid row 0..3: the range of its text lines in ``text.splitlines()``."""
    lines = text.splitlines()
    out = {}
    for r, name in enumerate("abcd"):
        first = next(i for i, line in enumerate(lines) if line.startswith(f"{name} │"))
        end = next(
            i
            for i in range(first + 1, len(lines))
            if lines[i][left_border(1) : left_border(1) + 1] in ("├", "┴")
        )
        out[r] = (first, end)
    return out


def box(text: str, col: int, row: int) -> str:
    """Everything drawn inside the grid cell of column ``col`` (1..9; 0 the start area, 10 the
    Bay / Maracaibo column) and row ``row`` (0..3)."""
    lines = [line.ljust(WIDTH) for line in text.splitlines()]
    first, end = rows_of(text)[row]
    x = left_border(col) + 1
    width = CELL if 1 <= col <= 9 else START_W if col == 0 else EAST_W
    return "\n".join(line[x : x + width] for line in lines[first:end])


def cell_of(node: int) -> tuple[int, int]:
    return node // ROWS + 1, node % ROWS


def check(obs: dict[str, Any]) -> str:
    """Render, parse the markup, and check what every screen shows."""
    out = render(obs)
    assert isinstance(out, str) and out
    text = plain(out)
    v = obs["state"]
    lines = text.splitlines()
    assert all(len(line) <= WIDTH for line in lines), max(lines, key=len)
    assert lines[0].startswith(f"Pirates of Maracaibo · round {v['round']} of 3")
    header = next(line for line in lines if line.strip().startswith("start"))
    assert header.split() == ["start", *map(str, range(1, 10)), "east"]
    for p, pl in enumerate(v["players"]):
        name = "John Silver" if pl["john"] else obs["names"][p]
        head = next(line for line in lines if line.startswith(f"{name} "))
        assert f"{pl['vp']} VP" in head
        if not pl["john"]:
            assert f"{pl['doubloons']} doubloon" in head
    seat = obs["seat"]
    heads = [line for line in lines if line.startswith(("Seat ", "John Silver ·"))]
    if seat is not None:
        assert heads[0].startswith(f"Seat {seat} (you)")
    assert sum("(you)" in h for h in heads) == (seat is not None)
    return text


# ------------------------------------------------------------------------------ everywhere
@pytest.mark.rule("MA-5.61")
@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("modules", [False, True])
def test_renders_everywhere(n: int, modules: bool) -> None:
    """Every seat and the spectator, along a whole random game: no crash, valid markup, within
    120 columns, and no seat ever sees the text of another seat's quest before the end."""
    count = 0
    for state in positions(n, seed=n + 10 * modules, options=ALL_MODULES if modules else {}):
        for seat in [*range(state.num_players), None]:
            text = screen(state, seat)
            count += 1
            if state.over:
                continue
            for p in range(state.participants):
                if p == seat:
                    continue
                for q in state.quests[p]:
                    if q not in state.quest_offer:
                        assert f"quest {q}:" not in text
    assert count > 10


@pytest.mark.parametrize(("n", "seed", "modules"), [(1, 31, True), (2, 32, True)])
def test_renders_at_every_step(n: int, seed: int, modules: bool) -> None:
    """Whole random games rendered for every seat and the spectator after every action."""
    steps = 0
    for state in positions(n, seed, ALL_MODULES if modules else {}, every=1):
        for seat in [*range(state.num_players), None]:
            screen(state, seat)
        steps += 1
    assert steps > 50


def test_long_words_wrap_within_the_width() -> None:
    state = new(2, seed=30)
    obs = state.observation(0)
    obs["log"] = ["x" * 300, "word " * 60]
    obs["state"]["quest_offer"] = [{"quest": 0, "text": "y" * 250}]
    text = check(obs)
    assert "x" * 100 in text and text.count("y") >= 250


def test_game_render_is_render_of_the_observation() -> None:
    state = new(3, seed=4)
    assert GAME.render(state, 1) == render(state.observation(1))
    assert GAME.render(state, None) == render(state.observation(None))


@pytest.mark.rule("MA-4.2")
def test_header_shows_round_turn_and_prompt() -> None:
    state = new(2, seed=1)
    text = screen(state, 0)
    first = text.splitlines()[0]
    assert "round 1 of 3" in first and "Seat 0's turn (you)" in first
    assert "viewing as Seat 0" in first
    assert text.splitlines()[1].startswith("▶ Seat 0: sail your ship")
    assert text.splitlines()[1].endswith("(you)")
    other = screen(state, 1).splitlines()
    assert "Seat 0's turn" in other[0] and "(you)" not in other[0]
    assert "viewing as spectator" in screen(state, None).splitlines()[0]
    state.round, state.ending = 3, True
    assert "last turns of the round" in screen(state, 0).splitlines()[0].replace("\n", " ")


# ------------------------------------------------------------------------------ the Caribbean
@pytest.mark.rule("MA-3.4")
@pytest.mark.parametrize("layout", [lay.name for lay in load_content().layouts])
def test_the_grid_has_nine_columns_four_rows_and_its_cards(layout: str) -> None:
    """Every face-up card's name (its first line), type and cost sit in its own cell, on every
    layout; the islands sit in theirs."""
    state = new(2, seed=2, layout=layout)
    text = screen(state, 0)
    lines = text.splitlines()
    header = next(line for line in lines if line.strip().startswith("start"))
    for c in range(1, 10):
        x = left_border(c) + 1
        assert header[x : x + CELL].strip() == str(c)
    assert [line[0] for line in lines if line[:2] in ("a ", "b ", "c ", "d ")] == list("abcd")
    shown = 0
    for node in state.board.slots:
        card = state.cards[state.slot[node]]
        inside = box(text, *cell_of(node))
        first = inside.splitlines()[0].strip()
        assert len(first) >= min(5, len(card.name.split()[0])) and card.name.startswith(first)
        if card.type == "residence":
            assert f"res {card.cost}d" in inside
        elif card.type == "upgrade":
            short = {"crew": "crew", "equipment": "eqp", "ship": "ship"}[card.category or ""]
            assert f"{short} {card.cost}d" in inside
        else:
            assert "loc I" in inside
        shown += 1
    assert shown == 27
    for color, node in state.board.islands.items():
        assert color.upper() in box(text, *cell_of(node))


@pytest.mark.rule("MA-3.7")
def test_long_names_are_cut_and_refill_tiles_shown() -> None:
    state = new(2, seed=0)
    name = max((c.name for c in state.cards), key=len)
    assert len(name) > 2 * CELL + 1  # it cannot fit on two lines of a cell
    node = state.board.slots[0]
    place(state, node, name)
    text = screen(state, 0)
    top, second = box(text, *cell_of(node)).splitlines()[:2]
    assert second.rstrip().endswith("…")
    shown = (top.strip() + " " + second.strip()[:-1]).replace("  ", " ")
    assert name.startswith(shown) or name.replace("-", "- ").startswith(shown)
    assert f" {name} (" in text  # the legend names it in full
    # A long hyphenated word breaks after its hyphen.
    word, card = next(
        (w, c.name)
        for c in state.cards
        for w in c.name.split()[:1]
        if len(w) > CELL and 0 < w.find("-") < CELL
    )
    place(state, node, card)
    top = box(screen(state, 0), *cell_of(node)).splitlines()[0]
    assert top.strip() == word[: word.find("-") + 1]
    refill = next(c for c, card in enumerate(state.cards) if card.refill and c in state.refill_of)
    where = next(n for n in range(36) if state.slot[n] == refill)
    color = state.refill_of[refill]
    assert f"rf:{color[0].upper()}" in box(screen(state, 0), *cell_of(where))


@pytest.mark.rule("MA-5.1", "MA-5.52")
def test_ships_smuggler_tiles_and_residence_markers_sit_in_their_cells() -> None:
    state = new(3, seed=3)
    ship(state, 0, at(2, 0) if state.slot[at(2, 0)] >= 0 else state.board.slots[-1])
    node0 = state.ship[0]
    ship(state, 1, START)
    ship(state, 2, BAY)
    smug_node = next(n for n in state.board.slots if n != node0)
    state.smug[smug_node] = 1 * 10 + 2
    home = next(n for n in state.board.slots if state.cards[state.slot[n]].type == "residence")
    state.res[state.slot[home]] = [2, 0]
    out = render(state.observation(0))
    text = check(state.observation(0))
    assert "S0" in box(text, *cell_of(node0))
    assert "S1" in box(text, 0, 0)
    assert "BAY" in box(text, 10, 0) and "S2" in box(text, 10, 0)
    assert "$1" in box(text, *cell_of(smug_node))
    assert "h2 h0" in flat(box(text, *cell_of(home)))
    assert "reverse]S0" in out and "reverse]S1" not in out  # your own ship stands out
    ship(state, 2, MARACAIBO)
    text = screen(state, 0)
    assert "MARACAIBO" in box(text, 10, 2) and "S2" in box(text, 10, 2)
    assert "S2" not in box(text, 10, 0)
    for n in state.board.slots:
        if n != node0:
            assert "S0" not in box(text, *cell_of(n))


@pytest.mark.rule("MA-7.6", "MA-5.33")
def test_islands_show_their_cubes_and_treasure_values() -> None:
    state = new(2, seed=5)
    state.islands = [1, 4, 7]  # MA-7.6: 2 / 3 / 5 VP each
    text = screen(state, 0)
    for color, cubes, value in zip(COLORS, (1, 4, 7), (2, 3, 5), strict=True):
        inside = box(text, *cell_of(state.board.islands[color]))
        assert color.upper() in inside
        assert f"{cubes} cube" in inside and f"{value} VP each" in inside
        assert f"{color} {cubes} cube" in text and f"({value} VP each)" in text
    assert "1 cube " in box(text, *cell_of(state.board.islands["gold"]))


@pytest.mark.rule("MA-10.3", "MA-5.25")
def test_the_card_legend_lists_every_face_up_card_in_words() -> None:
    state = new(2, seed=6)
    residence = next(n for n in state.board.slots if state.cards[state.slot[n]].type == "residence")
    state.res[state.slot[residence]] = [1]
    text = flat(screen(state, 0))
    for node in state.board.slots:
        card = state.cards[state.slot[node]]
        col, row = cell_of(node)
        assert f"{col}{'abcd'[row]} {card.name} (" in text
        assert flat(card.text) in text
    assert f"{state.cards[state.slot[residence]].text} Built by Seat 1." in text


# ------------------------------------------------------------------------------ hidden cards
@pytest.mark.rule("MA-9.1", "MA-9.2")
def test_face_down_locations_hide_their_names() -> None:
    state = new(3, seed=7, uncharted_locations=True)
    down = [n for n in state.board.slots if not state.up[n]]
    assert down and all(state.cards[state.slot[n]].type == "location" for n in down)
    state.coins[down[-1]] = 3
    for seat in (0, 1, 2, None):
        text = screen(state, seat)
        for n in down:
            card = state.cards[state.slot[n]]
            assert card.name not in text and card.text not in flat(text)
            inside = box(text, *cell_of(n))
            assert "face-down" in inside and "location" in inside
            assert f"{state.coins[n]}d" in inside
        assert f"Uncharted locations: {len(down)} face down ({len(down) + 2} doubloons" in text
    # Turned face up, the card shows its name.
    n = down[0]
    state.up[n] = True
    assert state.cards[state.slot[n]].name.split()[0] in screen(state, 0)


@pytest.mark.rule("MA-9.5", "MA-9.6")
def test_face_down_upgrades_hide_their_names() -> None:
    state = new(2, seed=8, uncharted_upgrades=True)
    down = [n for n in state.board.slots if not state.up[n]]
    assert down and all(state.cards[state.slot[n]].type == "upgrade" for n in down)
    for seat in (0, 1, None):
        text = screen(state, seat)
        for n in down:
            assert state.cards[state.slot[n]].name not in text
            assert "face-down" in box(text, *cell_of(n))
        assert f"Uncharted upgrades: {len(down)} face-down card(s)" in text
        top = state.deck2[-1]
        shown = state.cards[top].name in text
        assert shown == state.deck2_up[-1]


# ------------------------------------------------------------------------------ the track
@pytest.mark.rule("MA-5.36", "MA-5.40")
def test_the_track_shows_explorers_and_rivers() -> None:
    state = new(3, seed=9)
    track = state.content.track.spaces
    state.explorer = [0, 5, 5]
    state.rivers[2] = 0b11
    text = screen(state, 0)
    flat_text = flat(text[text.index("Exploration track") :])
    five = state.observation(0)["state"]["track"][5]
    assert f" 5 {five['effects']} S1 S2 →" in flat_text
    assert "0 start S0 →" in flat_text
    assert "S1" not in flat_text.replace(f"5 {five['effects']} S1", "")
    for sp in track:
        if sp.next == (sp.id + 1,):
            arrow = "≈→" if sp.river else "→"
            assert f" {arrow} {sp.id + 1} " in f" {flat_text} "
        elif sp.next:
            targets = ",".join(("≈" if t in sp.river else "") + str(t) for t in sp.next)
            assert f"→{targets} │" in flat_text
    assert "(2 rivers)" in next(line for line in text.splitlines() if line.startswith("Seat 2"))
    assert "(0 rivers)" in next(line for line in text.splitlines() if line.startswith("Seat 1"))


# ------------------------------------------------------------------------------ quests
@pytest.mark.rule("MA-5.61")
def test_your_quests_show_only_to_you() -> None:
    state = new(3, seed=10)
    planted = next(
        q
        for q in state.quest_deck
        if sum(x.text == state.content.quests[q].text for x in state.content.quests) == 1
    )
    state.quest_deck.remove(planted)
    state.quests[1].append(planted)
    quest = state.content.quests[planted]
    owner = screen(state, 1)
    assert f"quest {planted}: {quest.text}" in flat(owner)
    assert "quests (2)" in owner
    for seat in (0, 2, None):
        text = screen(state, seat)
        assert quest.text not in flat(text) and f"quest {planted}" not in text
        block = flat(text[text.index("\nSeat 1 ") :].split("\nSeat 2 ")[0])
        assert "quests 2" in block  # only how many
    # The owner's own quests, never the others'.
    for q in state.quests[0] + state.quests[2]:
        assert f"quest {q}:" not in owner


@pytest.mark.rule("MA-5.61")
def test_the_spectator_sees_no_quest() -> None:
    state = new(4, seed=11)
    text = flat(screen(state, None))
    for p in range(4):
        for q in state.quests[p]:
            assert f"quest {q}:" not in text
            if sum(x.text == state.content.quests[q].text for x in state.content.quests) == 1:
                assert state.content.quests[q].text not in text
    assert "quests (" not in text


@pytest.mark.rule("MA-5.61", "MA-9.1", "MA-9.5")
def test_the_observation_itself_holds_no_hidden_name() -> None:
    """Not just the screen: the view a seat receives (also what bots and the API read) names no
    face-down card and no other seat's quest."""
    state = new(3, seed=27, uncharted_locations=True, uncharted_upgrades=True)
    down = [state.cards[state.slot[n]] for n in state.board.slots if not state.up[n]]
    assert down
    for seat in (0, 1, None):
        blob = json.dumps(state.observation(seat))
        for card in down:
            assert card.name not in blob and card.id not in blob
        for p in range(3):
            if p != seat:
                for q in state.quests[p]:
                    assert state.content.quests[q].text not in blob


@pytest.mark.rule("MA-5.61", "MA-9.5")
def test_hidden_things_change_no_other_screen() -> None:
    """Swapping seat 1's quests with deck cards, and reordering the quest deck and the level II
    deck, changes only seat 1's screen."""
    state = new(3, seed=12)
    twin = state.clone()
    twin.quest_deck.reverse()
    twin.deck2.reverse()
    k = len(twin.quests[1])
    assert k
    twin.quests[1], twin.quest_deck[:k] = sorted(twin.quest_deck[:k]), twin.quests[1]
    for seat in (0, 2, None):
        assert render(state.observation(seat)) == render(twin.observation(seat))
    assert render(state.observation(1)) != render(twin.observation(1))


@pytest.mark.rule("MA-5.61", "MA-7.8")
def test_quests_are_revealed_at_final_scoring() -> None:
    last = finished(3, seed=13)
    text = flat(screen(last, None))
    for p in range(3):
        for q in last.quests[p]:
            assert f"quest {q}" in text and last.content.quests[q].text in text


# ------------------------------------------------------------------------------ your boards
@pytest.mark.rule("MA-5.48", "MA-5.49")
def test_your_ship_board_shows_filled_slots_and_thresholds() -> None:
    state = new(2, seed=14)
    state.slots[0] = 0b10011  # slots 1, 2 and 5
    text = screen(state, 0)
    board = state.content.ship
    mine = text[: text.index("\nSeat 1 ")]
    for i in range(len(board.slots)):
        mark = "■" if i in (0, 1, 4) else "□"
        assert f"{mark}{i + 1} " in mine
    for z, t in enumerate(board.thresholds):
        assert f"zone {z + 2} ({t}+):" in mine
    other = screen(state, 1)
    assert "ship upgrades 3 (slots 1, 2, 5)" in other
    assert "■1 " not in other


@pytest.mark.rule("MA-5.35", "MA-5.41", "MA-5.42")
def test_your_hideout_shows_each_section() -> None:
    state = new(2, seed=15)
    treasure(state, 0, "gold", 2)
    state.bonus[0][0] = 0b1  # one gold on its first bonus space
    state.buried_at[0][1] = (1 << 2) - 1  # two buried emeralds
    text = screen(state, 0)
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("  hideout"))
    gold = flat(" ".join(lines[start + 1 : start + 3]))
    assert gold.startswith("gold total 3 │ above the line 3: bonus spaces ■")
    emerald_at = next(i for i in range(start, len(lines)) if lines[i].startswith("    emerald"))
    emerald = flat(" ".join(lines[emerald_at : emerald_at + 2]))
    assert "total 2" in emerald and "buried 2: ■" in emerald
    buried = emerald[emerald.index("buried 2:") :]
    assert (
        buried.count("■") == 2
        and buried.count("□") == len(state.content.hideout.emerald.buried) - 2
    )
    other = flat(screen(state, 1))
    assert "gold 3 · emerald 2 (2 buried) · pearl 0" in other


@pytest.mark.rule("MA-5.47", "MA-10.1", "MA-10.2")
def test_your_cards_figurehead_and_smuggler_tiles() -> None:
    state = new(2, seed=16)
    texts = [c.text for c in state.cards]
    name = next(
        c.name
        for c in state.cards
        if c.type == "upgrade" and texts.count(c.text) == 1 and c.level == 1
    )
    card = state.cards[give(state, 0, name)]
    state.fig[0] = f = next(f for f in range(12) if f not in state.fig_offer)
    fig = state.content.figureheads[f]
    state.smug_left[0].remove(2)
    mine = flat(screen(state, 0))
    assert f"{card.name} ({card.category}, cost {card.cost}" in mine
    assert card.text in mine
    assert f"figurehead {fig.letter} {fig.name}: {fig.text}" in mine
    assert "smuggler tiles left (4)" in mine
    theirs = flat(screen(state, 1))
    assert f"upgrade cards (1): {card.name} ({card.category})" in theirs
    assert card.text not in theirs
    assert f"figurehead {fig.letter} {fig.name}" in theirs and fig.text not in theirs
    assert "smuggler tiles left 4" in theirs


@pytest.mark.rule("MA-6.5")
def test_other_players_public_information() -> None:
    state = new(3, seed=17)
    state.doubloons[2], state.vp[2] = 1, 23
    treasure(state, 2, "pearl", 3)
    home = next(n for n in state.board.slots if state.cards[state.slot[n]].type == "residence")
    state.res[state.slot[home]] = [2]
    text = screen(state, 0)
    head = next(line for line in text.splitlines() if line.startswith("Seat 2 "))
    assert "1 doubloon ·" in head and "23 VP" in head
    assert "ship at start" in head and "explorer space 0" in head
    block = flat(text[text.index("\nSeat 2 ") :])
    assert "pearl 3" in block and f"quests {len(state.quests[2])}" in block
    assert f"residences: {state.cards[state.slot[home]].name}" in block


# ------------------------------------------------------------------------------ offers, modules
@pytest.mark.rule("MA-3.12", "MA-5.46")
def test_the_quest_and_figurehead_offers() -> None:
    state = new(2, seed=18)
    state.quest_offer = [state.quest_deck.pop(), state.quest_deck.pop()]
    text = flat(screen(state, 1))
    for q in state.quest_offer:
        assert f"quest {q}: {state.content.quests[q].text}" in text
    assert f"quest deck: {len(state.quest_deck)} cards" in text
    for f in state.fig_offer:
        fig = state.content.figureheads[f]
        assert f"{fig.letter} {fig.name}: {fig.text}" in text
    gone = [f for f in range(12) if f not in state.fig_offer]
    for f in gone:
        assert (
            f"{state.content.figureheads[f].letter} {state.content.figureheads[f].name}:"
            not in text
        )
    assert f"Level II deck {len(state.deck2)} cards" in text


@pytest.mark.rule("MA-9.15", "MA-9.16", "MA-9.17")
def test_the_ruby_panel() -> None:
    state = new(2, seed=19, rubies=True)
    state.ruby_market = 0b100
    state.rubies[1] = 2
    text = screen(state, 0)
    for name in ("Bonaire", "Tobago"):
        node = next(n for n in state.board.slots if state.slot[n] == card_id(state, name))
        col, row = cell_of(node)
        assert f"{name} ({col}{'abcd'[row]})" in text
        assert "ruby" in box(text, col, row)
    market = flat(text[text.index("Ruby market:") :])
    assert "3 ■ taken" in market and "1 □" in market and "2 □" in market
    assert "rubies 2" in next(ln for ln in text.splitlines() if ln.startswith("Seat 1 "))


@pytest.mark.rule("MA-9.19", "MA-9.21")
def test_the_retirement_panel() -> None:
    state = new(3, seed=20, retirement=True)
    state.retired[1] = True
    text = flat(screen(state, 0))
    space = state.content.track.retirement
    assert f"Retirement tile on track space {space}" in text
    assert "markers still on it: Seat 0, Seat 2" in text
    assert f" {space} " in text and "[R]" in text
    assert "Retirement" not in flat(screen(new(3, seed=20), 0))


@pytest.mark.rule("MA-9.9", "MA-9.13")
def test_every_module_is_named() -> None:
    state = new(2, seed=21, **ALL_MODULES)
    text = screen(state, 0)
    line = next(ln for ln in text.splitlines() if ln.startswith("Modules"))
    for name in ("Retirement", "Royal Orders", "Rubies", "Pirate Skirmish"):
        assert name in line
    assert "Pirate Skirmish: ending on a card with other ships starts a skirmish" in text
    assert "Modules none" in screen(new(2, seed=21), 0)


# ------------------------------------------------------------------------------ solo
@pytest.mark.rule("MA-8.4", "MA-8.6", "MA-8.24")
def test_john_silver_in_solo() -> None:
    state = new(1, seed=22)
    state.john_level, state.john_slots = 3, 2
    state.vp[state.john] = 17
    text = screen(state, 0)
    lines = text.splitlines()
    head = next(ln for ln in lines if ln.startswith("John Silver ·"))
    assert "17 VP" in head and "doubloon" not in head
    levels = state.content.solo.levels
    block = flat(text[text.index("\nJohn Silver ·") :])
    assert f"raid & exploration level {levels[3]}" in block
    marks = " ".join(f"[{lv}]" if k == 3 else str(lv) for k, lv in enumerate(levels))
    assert f"(track: {marks})" in block
    order = [slot for col in state.content.solo.board for slot in col]
    assert f"solo ship board (2/{len(order)} filled): ■{order[0]} ■{order[1]} □{order[2]}" in block
    assert f"solo deck {len(state.solo_deck)} cards" in block
    assert "JS" in box(text, 0, 0)  # John's ship waits in the start area
    assert f"quest {state.quests[state.john][0]}:" not in text  # his quest is face down


# ------------------------------------------------------------------------------ the end
@pytest.mark.rule("MA-7.1", "MA-7.6", "MA-7.7", "MA-7.8", "MA-7.10")
@pytest.mark.parametrize("n", [1, 3])
def test_the_final_scoring_breakdown(n: int) -> None:
    last = finished(n, seed=23 + n)
    for seat in [*range(last.num_players), None]:
        text = screen(last, seat)
        lines = text.splitlines()
        top = lines.index("Final scoring")
        names = lines[top + 1].split("  ")
        names = [w.strip() for w in names if w.strip()]
        expect = [
            "John Silver" if p == last.john else f"Seat {p}" for p in range(last.participants)
        ]
        assert names == expect
        rows = {}
        for line in lines[top + 2 :]:
            if not line.startswith("  ") or line.startswith("  ·"):
                break
            label, *values = line.rsplit(None, last.participants)
            rows[label.strip()] = values
        assert rows["total"] == [str(last.vp[p]) for p in range(last.participants)]
        assert len(rows) == len({k for f in last.final for k in f}) + 1
        for p in range(
            last.participants
        ):  # every category is a row: the column adds up to the total
            parts = [
                int(vals[p]) for label, vals in rows.items() if label != "total" and vals[p] != "–"
            ]
            assert sum(parts) == last.vp[p]
        assert rows["VP scored during play"] == [
            str(last.final[p]["game"]) for p in range(last.participants)
        ]
        assert rows["treasure"] == [
            str(last.final[p]["treasure"]) for p in range(last.participants)
        ]
        assert rows["quests"] == [str(last.final[p]["quests"]) for p in range(last.participants)]
        if n > 1:
            assert rows["buried treasure"] == [str(f["buried"]) for f in last.final]
        else:  # John has no doubloons and no buried bonus
            assert rows["doubloons (1 VP per 5)"][last.john] == "–"
        end = lines[-1]
        assert end.startswith("Game over.")
        if n == 1:
            won = last.vp[0] > last.vp[1]
            assert ("You beat John Silver." in end) == won
        else:
            winners = ", ".join(f"Seat {w}" for w in last.winners())
            assert end.endswith(f"Winner: {winners}")
        assert "to play" not in text and "▶" not in text


def test_no_final_scoring_before_the_end() -> None:
    state = new(2, seed=25)
    text = screen(state, 0)
    assert "Final scoring" not in text and "Game over" not in text


# ------------------------------------------------------------------------------ the log
def test_the_log_tail_is_shown_and_escaped() -> None:
    state = new(2, seed=26)
    obs = state.observation(0)
    obs["log"] = [*obs["log"], *(f"event number {i}" for i in range(12)), "[bold]Sneaky[/] [red"]
    text = check(obs)
    lines = text.splitlines()
    top = next(i for i, ln in enumerate(lines) if ln.startswith("Log"))
    tail = lines[top + 1 :]
    assert tail[-1] == "  · [bold]Sneaky[/] [red"
    assert tail[0] == "  · event number 3"
    assert "event number 2" not in text
    real = state.observation(1)["log"][-1]
    assert flat(real) in flat(screen(state, 1))
