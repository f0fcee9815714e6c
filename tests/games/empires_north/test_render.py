"""The Empires of the North terminal screen (``GAME.render``, Rich markup): along random 2-4 player
games, for every seat and the spectator, it shows the round, the phase, the start player, the
scores and the prompt; the action circle in its order with every disc (and its exhausted side);
the face-up islands with their raid goods and text, the decks and the ship queue; the viewer's
hand and Lookout draws with their texts; every player's goods, workers, ships, discs, hand size
and empire (exhausted marks, stored goods, upgrades, copies); at the end the final scoring by
category and the winner; and the log's tail. Hidden things stay hidden (EN-4.5, EN-9.18): no
name that is only in another seat's hand, Lookout draw or unseen discard appears in a seat's
screen or observation, the spectator sees no hand, and swapping a seat's hidden cards changes no
other screen. Every event type has a log line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text

import tabletide.games.empires_north as package
from conformance import random_walk
from tabletide.games.empires_north.constants import GOODS, RESOURCES, TILES
from tabletide.games.empires_north.present.text import render
from tabletide.games.empires_north.present.view import event_text
from tabletide.games.empires_north.state import EmpiresState

from .helpers import (
    DISTANT,
    GAME,
    NEAR,
    Effect,
    Placed,
    Ship,
    act,
    build,
    card_id,
    clear,
    find,
    give,
    hand,
    island_up,
    kind,
    new,
    run,
    tile,
)

rule = pytest.mark.rule
PHASE_WORDS = {
    "setup": "Setup",
    "lookout": "Lookout phase",
    "action": "Action phase",
    "expedition": "Expedition phase",
    "over": "Game over",
}
"""The phases a decision can be pending in (EN-4.1), and the end."""


# ------------------------------------------------------------------------------ helpers
def plain(markup: str) -> str:
    return Text.from_markup(markup).plain  # raises on broken markup


def positions(n: int, seed: int, every: int) -> Iterator[EmpiresState]:
    """States along a seeded random game: the start, every ``every`` actions, the end."""
    state = GAME.new_state(n, seed, {})
    assert isinstance(state, EmpiresState)
    yield state
    k = 0
    while not state.is_terminal():
        random_walk(state, every, seed * 10_000 + k)
        k += 1
        assert k < 5000
        yield state


def finished(n: int, seed: int) -> EmpiresState:
    *_, last = positions(n, seed, every=10_000)
    assert last.is_terminal()
    return last


def goods_words(bundle: dict[str, int]) -> list[str]:
    """How each entry of a bundle reads ("2 wood", "1 VP", "2 axes")."""
    out = []
    for good, k in bundle.items():
        name = {"vp": "VP"}.get(good, good)
        plural = "s" if k > 1 and good in ("axe", "worker") else ""
        out.append(f"{k} {name}{plural}")
    return out


def block(text: str, title: str) -> list[str]:
    """The lines of a section: the line starting with ``title`` up to the next blank line."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith(title)]
    assert len(starts) == 1, (title, len(starts))
    out = []
    for line in lines[starts[0] :]:
        if not line.strip():
            break
        out.append(line)
    return out


def player_block(text: str, p: int, you: bool) -> list[str]:
    return block(text, f"{'You' if you else 'Opponent'}: Seat {p} — ")


def screen(s: EmpiresState, seat: int | None) -> str:
    """Render for ``seat``, parse the markup, check everything every screen shows."""
    obs = s.observation(seat)
    text = plain(render(obs))
    check(s, seat, text, obs)
    return text


def check(s: EmpiresState, seat: int | None, text: str, obs: dict[str, Any]) -> None:
    lines = text.splitlines()
    # the header: round, phase, start player; the scores; the prompt (EN-4.1)
    head = lines[0]
    assert f"round {s.round}" in head
    assert PHASE_WORDS[s.phase] in head, (s.phase, head)
    assert f"start player Seat {s.start}" in head
    assert ("(last round)" in head) == (s.last_round and not s.next_last)
    assert ("(the next round is the last)" in head) == s.next_last
    assert lines[1] == "Scores: " + "  ".join(f"Seat {p} {v} VP" for p, v in enumerate(s.vp))
    prompt = s.prompt()
    if prompt is None:
        assert "Waiting for" not in text
    else:
        assert lines[2] == f"Waiting for Seat {prompt['seat']}: {prompt['text']}"
    check_circle(s, text)
    check_sailing(s, text)
    # the players (EN-9.18: supplies public)
    for p in range(s.num_players):
        check_player(s, p, player_block(text, p, p == seat))
    if seat is None:
        assert (
            "You: " not in text and "Your hand" not in text and "Drawn at the Lookout" not in text
        )
    else:
        check_hand(s, seat, player_block(text, seat, True))
    # the end (EN-8.2, EN-8.3)
    if s.is_terminal():
        check_final(s, text)
    else:
        assert "Final scoring" not in text and "Winner:" not in text
    # the log's tail
    assert "Log" in lines
    if obs["log"]:
        assert lines[-1] == "  " + obs["log"][-1]


def check_circle(s: EmpiresState, text: str) -> None:
    """EN-3.6 / EN-5.3: the five tiles in circle order, each with the discs on it."""
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("Action circle"))
    parts = lines[i + 1].strip().split(" ─ ")
    assert parts[-1] == f"(back to {s.circle[0].upper()})"
    shown = {part.split()[0]: sorted(part.split()[1:]) for part in parts[:-1]}
    assert [part.split()[0] for part in parts[:-1]] == [t.upper() for t in s.circle]
    expected: dict[str, list[str]] = {t.upper(): [] for t in s.circle}
    for p in range(s.num_players):
        for at, exhausted in zip(s.disc_at[p], s.disc_x[p], strict=True):
            if at >= 0:
                expected[TILES[at].upper()].append(f"●{p}{'x' if exhausted else ''}")
    assert shown == {t: sorted(v) for t, v in expected.items()}


def check_sailing(s: EmpiresState, text: str) -> None:
    """EN-2.2 / EN-3.5 / EN-5.4.5: the face-up islands, decks, discards and the ship queue."""
    lines = block(text, "Sailing board")
    for d, which in ((NEAR, "Near"), (DISTANT, "Distant")):
        top = lines.index(
            f"  {which} islands (deck {len(s.isl_deck[d])}, discard {len(s.isl_discard[d])}):"
        )
        for slot, card_i in enumerate(s.isl_up[d]):
            line = lines[top + 1 + slot]
            assert line.startswith(f"    {slot + 1}. ")
            if card_i < 0:
                assert line.endswith("(taken)")
                continue
            card = s.cards[card_i]
            assert line.startswith(f"    {slot + 1}. {card.name} raid: ")
            assert line.endswith(f" — {card.text}")
            assert ("(raid only)" in line.split(" — ")[0]) == (not card.conquerable)  # EN-GAP-3
            for words in goods_words(card.raid):
                assert words in line, (words, line)
    if s.revealed >= 0:
        assert f"  Turned up: {s.cards[s.revealed].name} raid: " in text
    else:
        assert "Turned up:" not in text
    queue = next(line for line in lines if line.startswith("  Ship queue: "))
    if not s.queue:
        assert queue == "  Ship queue: empty"
        return
    ships = []
    for i, ship in enumerate(s.queue):
        cargo = "+".join(w for w, on in (("fish", ship.fish), ("axe", ship.axe)) if on)
        common = " common" if ship.common else ""
        ships.append(f"{i + 1}. Seat {ship.owner}{common}{f' ({cargo})' if cargo else ''}")
    assert queue == "  Ship queue: " + "  ".join(ships)


def check_player(s: EmpiresState, p: int, lines: list[str]) -> None:
    """A player's public information: goods, workers, ships, discs, card counts, empire."""
    clan = next(c for c in s.content.clans if c.id == s.clan[p])
    passed = " PASSED" if s.passed[p] else ""
    assert lines[0].endswith(f"Seat {p} — {clan.name} — {s.vp[p]} VP{passed}")
    assert lines[1] == "  Goods: " + ", ".join(f"{s.goods[p][g]} {g}" for g in GOODS)
    assert lines[2].startswith(
        f"  Workers: {s.workers[p]} ready, {s.tired[p]} tired ({s.workers_owned(p)} owned) · "
        f"ships: {s.ships_free(p)} of {s.ships[p]} free · discs: "
    )
    discs = [
        (TILES[at].upper() + (" (exhausted)" if x else "")) if at >= 0 else "in supply"
        for at, x in zip(s.disc_at[p], s.disc_x[p], strict=True)
    ]
    assert lines[2].endswith("discs: " + ", ".join(discs))
    counts = f"  Hand {len(s.hand[p])} · deck {len(s.deck[p])} · discard {len(s.discard[p])}"
    if s.look[p]:
        counts += f" · drawing at the Lookout: {len(s.look[p])}"
    assert lines[3] == counts
    assert lines[4] == f"  Empire ({len(s.empire[p])} cards):"
    for pos, placed in enumerate(s.empire[p]):
        check_empire_line(s, p, pos, placed, lines[5 + pos])


def check_empire_line(s: EmpiresState, p: int, pos: int, placed: Placed, line: str) -> None:
    card = s.cards[placed.card]
    assert line.startswith(f"    #{pos} {card.name} · {card.type}"), line
    assert f" — {card.text} " in line
    state = "(exhausted)" if placed.exhausted else "(ready)"
    assert f"{card.text} {state}" in line  # EN-9.7: exhausted or ready
    assert ("(acts as " in line) == (placed.acts != placed.card)  # EN-9.8
    if placed.acts != placed.card:
        assert f"(acts as {s.cards[placed.acts].name})" in line
    assert ("(upgrade under " in line) == (placed.host >= 0)  # EN-5.2.3a2
    if placed.host >= 0:
        assert f"(upgrade under #{placed.host})" in line
    stored = s.stock[p].get(pos)  # EN-9.4
    assert ("stored: " in line) == bool(stored)
    if stored:
        tail = line.split("stored: ")[1]
        for words in goods_words(stored):
            assert words in tail


def check_hand(s: EmpiresState, seat: int, lines: list[str]) -> None:
    """The viewer's own hand and Lookout draws, with every card's text (EN-4.5)."""
    top = lines.index(f"  Your hand ({len(s.hand[seat])}):")
    shown = lines[top + 1 : top + 1 + len(s.hand[seat])]
    if not s.hand[seat]:
        assert lines[top + 1] == "    (empty)"
    for c, line in zip(s.hand[seat], shown, strict=True):
        card = s.cards[c]
        assert line.startswith(f"    {card.name} · {card.type}")
        assert line.endswith(f" — {card.text}")
    looking = [i for i, line in enumerate(lines) if line.startswith("  Drawn at the Lookout")]
    assert bool(looking) == bool(s.look[seat])
    if looking:
        drawn = lines[looking[0] + 1 : looking[0] + 1 + len(s.look[seat])]
        for c, line in zip(s.look[seat], drawn, strict=True):
            card = s.cards[c]
            assert line.startswith(f"    {card.name} · {card.type}")
            assert line.endswith(f" — {card.text}")


def check_final(s: EmpiresState, text: str) -> None:
    """EN-8.2: the VP of play, 1 per empire card, 1 per 2 resources, 1 per gold, 1 per axe
    (EN-GAP-9); EN-8.3: the winner."""
    lines = block(text, "Final scoring")
    assert "play + cards + resources/2 + gold + axes = total" in lines[0]
    for p in range(s.num_players):
        m = re.fullmatch(
            rf"  Seat {p}: (\d+) \+ (\d+) \+ (\d+) \+ (\d+) \+ (\d+) = (\d+)", lines[p + 1]
        )
        assert m, lines[p + 1]
        play, cards, resources, gold, axes, total = map(int, m.groups())
        assert cards == len(s.empire[p])
        assert resources == sum(s.goods[p][r] for r in RESOURCES) // 2
        assert gold == s.goods[p]["gold"] and axes == s.goods[p]["axe"]
        assert total == s.vp[p] == s.scores()[p]
        assert play + cards + resources + gold + axes == total
        assert play == s.final[p]["play"]
    winners = s.winners()
    assert winners and all(s.vp[w] == max(s.vp) for w in winners)
    assert f"Winner: {', '.join(f'Seat {w}' for w in winners)}" in text.splitlines()


# ------------------------------------------------------------------------------ everywhere
@rule("EN-4.1", "EN-9.18")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_en_9_18_renders_every_seat_and_the_spectator_along_random_games(n: int) -> None:
    """Valid markup and every public fact, at many points of two random games per count."""
    seen_phases = set()
    count = 0
    for seed in (n, 10 + n):
        for state in positions(n, seed, every=10):
            seen_phases.add(state.phase)
            for seat in [*range(n), None]:
                screen(state, seat)
                count += 1
        assert state.is_terminal()
    assert {"lookout", "action", "expedition", "over"} <= seen_phases
    assert count > 100


def test_en_9_18_game_render_is_render_of_the_observation() -> None:
    state = next(p for i, p in enumerate(positions(3, 4, every=25)) if i == 3)
    for seat in (0, 1, 2, None):
        assert GAME.render(state, seat) == render(state.observation(seat))


@rule("EN-4.1", "EN-5.1")
def test_en_4_1_the_header_shows_round_phase_start_player_and_prompt() -> None:
    s = new(2, ("glenn", "olaf"))
    text = screen(s, 1)
    head = text.splitlines()[0]
    assert "round 1 · Action phase · start player Seat 0" in head
    assert text.splitlines()[2].startswith("Waiting for Seat 0: Seat 0: your action")
    s.round, s.last_round = 4, True
    assert "round 4 (last round)" in screen(s, 0).splitlines()[0]
    s.last_round, s.next_last = False, True
    assert "(the next round is the last)" in screen(s, None).splitlines()[0]


def settle(s: EmpiresState, p: int) -> None:
    """Decline the optional extra card (EN-5.3.3) and any choice until ``p``'s turn is over."""
    while s.current_player() == p and kind(s) != "turn":
        legal = s.legal_actions()
        s.apply(next((a for a in legal if a.kind == "none"), legal[0]))


def circle_part(text: str, tile_name: str) -> list[str]:
    """The discs drawn on a tile of the circle."""
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("Action circle"))
    part = next(x for x in lines[i + 1].split(" ─ ") if x.split()[0] == tile_name.upper())
    return part.split()[1:]


@rule("EN-3.6", "EN-5.3.1", "EN-5.3.2")
def test_en_5_3_2_the_circle_shows_every_disc_on_its_tile_and_its_exhausted_side() -> None:
    s = new(2, ("glenn", "olaf"))
    give(s, 0, food=1)
    act(s, "disc", tile=tile("populate"))  # EN-5.4.2
    settle(s, 0)
    act(s, "disc", tile=tile("populate"))  # seat 1, on the same tile (EN-5.3.1)
    settle(s, 1)
    text = screen(s, None)
    assert sorted(circle_part(text, "populate")) == ["●0", "●1"]
    move = find(s, "move", disc=0)  # EN-5.3.2: 1 food, to a neighbour, exhausted side up
    assert move is not None
    to = TILES[move.num("to")]
    s.apply(move)
    settle(s, 0)
    for seat in (0, 1, None):
        text = screen(s, seat)
        assert circle_part(text, "populate") == ["●1"]
        assert circle_part(text, to) == ["●0x"]
        assert f"discs: {to.upper()} (exhausted), in supply" in text


@rule("EN-3.5", "EN-5.4.5", "EN-6.8")
def test_en_5_4_5_the_sailing_board_shows_islands_taken_slots_revealed_island_and_queue() -> None:
    s = new(3, ("glenn", "olaf", "nanuuk"))
    island_up(s, NEAR, 0, "Birch Holm")
    island_up(s, DISTANT, 1, "Ore Holm")
    s.isl_up[NEAR][1] = -1
    s.revealed = card_id("Far Beacon")
    s.queue = [Ship(2, True, False), Ship(0, False, True), Ship(1, True, True, True)]
    text = screen(s, 0)
    assert "    1. Birch Holm raid: 2 wood + 1 food — " in text
    assert "    2. (taken)" in text
    assert "2. Ore Holm raid: 2 stone + 1 axe + 1 gold — " in text
    assert "Turned up: Far Beacon raid: 2 wood + 1 stone + 1 gold" in text
    queue = "Ship queue: 1. Seat 2 (fish)  2. Seat 0 (axe)  3. Seat 1 common (fish+axe)"
    assert queue in text
    assert "ships: 1 of 2 free" in "\n".join(player_block(text, 0, True))
    assert "ships: 2 of 2 free" in "\n".join(player_block(text, 1, False))  # common: not his


@rule("EN-6.3", "EN-GAP-3")
def test_en_gap_3_a_raid_only_island_is_marked_on_the_screen() -> None:
    s = new(2, ("glenn", "olaf"))
    island_up(s, NEAR, 0, "Tidal Sandbar")
    line = next(x for x in screen(s, 0).splitlines() if "Tidal Sandbar" in x)
    assert "raid only" in line.split(" — ")[0]


@rule("EN-4.5", "EN-9.18")
def test_en_4_5_your_hand_shows_every_card_with_its_text_and_opponents_show_a_count() -> None:
    s = new(2, ("glenn", "olaf"))
    clear(s, 0)
    clear(s, 1)
    hand(s, 0, "Clan Feast", "Many Hands", "Prize Ram")
    hand(s, 1, "Floki's Shipyard", "Trophy Wall")
    text = screen(s, 0)
    mine = player_block(text, 0, True)
    assert "  Your hand (3):" in mine
    for name in ("Clan Feast", "Many Hands", "Prize Ram"):
        card = s.cards[card_id(name)]
        assert any(x.startswith(f"    {name} · ") and x.endswith(card.text) for x in mine)
    assert "Floki's Shipyard" not in text and "Trophy Wall" not in text
    theirs = player_block(text, 1, False)
    assert theirs[3].startswith("  Hand 2 · deck ")
    clear(s, 0)
    assert "    (empty)" in player_block(screen(s, 0), 0, True)


@rule("EN-4.3", "EN-4.5")
def test_en_4_3_your_lookout_draws_show_only_to_you() -> None:
    s = GAME.new_state(2, 11, {"clan_1": "heidel", "clan_2": "mackinnon"})
    assert isinstance(s, EmpiresState)
    while kind(s) != "lookout":
        random_walk(s, 1, len(s.history))
    p = s.current_player()
    q = 1 - p
    assert s.look[p] and s.look[q]
    mine = player_block(screen(s, p), p, True)
    assert "  Drawn at the Lookout (keep for 1 worker each):" in mine
    for c in s.look[p]:
        assert any(x.startswith(f"    {s.cards[c].name} · ") for x in mine)
    other = screen(s, q)
    assert f"drawing at the Lookout: {len(s.look[p])}" in "\n".join(player_block(other, p, False))
    assert "Drawn at the Lookout" in other  # q's own draws
    assert "Drawn at the Lookout" not in screen(s, None)


@rule("EN-9.18", "EN-5.2.3", "EN-9.4", "EN-9.7", "EN-9.8")
def test_en_9_18_empires_show_exhausted_cards_stored_goods_upgrades_and_copies() -> None:
    s = new(2, ("nanuuk", "glenn"))
    clear(s, 0)
    igloos = build(s, 0, "Snowblock Igloos")
    net = build(s, 0, "Frost-Net Hole")
    mammoth = build(s, 0, "Frozen Mammoth", host=igloos)
    replica = build(s, 0, "Ice-Carved Replica")
    s.empire[0][replica] = s.empire[0][replica]._replace(acts=s.empire[0][net].card)
    nursery = build(s, 0, "Penguin Nursery", exhausted=True)
    s.stock[0][nursery] = {"fish": 3, "worker": 1}
    give(s, 0, fish=2, gold=1, axe=2, worker=1)
    s.tired[0] = 2
    for seat in (0, 1, None):
        text = screen(s, seat)
        lines = player_block(text, 0, seat == 0)
        assert lines[1] == "  Goods: 0 food, 0 wood, 0 stone, 0 sheep, 2 fish, 1 gold, 2 axe"
        assert lines[2].startswith("  Workers: 6 ready, 2 tired (9 owned) · ships: 2 of 2 free")
        assert lines[4] == "  Empire (5 cards):"
        assert f"#{mammoth} Frozen Mammoth" in lines[5 + mammoth]
        assert lines[5 + mammoth].endswith(f"(ready) (upgrade under #{igloos})")
        assert lines[5 + replica].endswith("(ready) (acts as Frost-Net Hole)")
        assert "(exhausted) stored: 3 fish + 1 worker" in lines[5 + nursery]
        assert lines[5 + igloos].endswith("(ready)")


@rule("EN-5.7")
def test_en_5_7_a_passed_player_is_marked() -> None:
    s = new(2, ("glenn", "olaf"))
    act(s, "pass")
    text = screen(s, 1)
    assert player_block(text, 0, False)[0].endswith(" VP PASSED")
    assert not player_block(text, 1, True)[0].endswith("PASSED")


# ------------------------------------------------------------------------------ the end
@rule("EN-8.2", "EN-8.3", "EN-8.4", "EN-GAP-9")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_en_8_2_the_final_scoring_by_category_and_the_winner(n: int) -> None:
    last = finished(n, 40 + n)
    assert last.phase == "over" and last.final
    for seat in [*range(n), None]:
        text = screen(last, seat)  # check_final: every category against the state
        assert "Waiting for" not in text
        assert text.splitlines()[0].split(" · ")[2] == "Game over"


@rule("EN-8.4")
def test_en_8_4_a_shared_victory_names_every_winner() -> None:
    last = finished(2, 42)
    last.vp = [30, 30]
    last.final = [dict(f, total=30) for f in last.final]
    last.empire[1] = list(last.empire[0])
    last.hand[1] = list(last.hand[0])
    last.workers[1], last.tired[1] = last.workers[0], last.tired[0]
    last.stock[1] = dict(last.stock[0])
    assert last.winners() == [0, 1]
    text = plain(GAME.render(last, None))
    assert "Winner: Seat 0, Seat 1" in text.splitlines()


# ------------------------------------------------------------------------------ hidden things
ANNOUNCED = ("build", "boost", "find", "use", "copy", "harvest", "produce", "refresh", "release")
"""Events that name a card for everybody (it is played, built, used or searched for)."""


def public_names(s: EmpiresState, seat: int | None) -> tuple[set[str], str]:
    """The card names ``seat`` may know, and every card text on its screen: the empires, the
    islands, the boosts seen discarded, the cards announced in the log, its own cards."""
    names = {c.name for c in s.cards if c.type == "island"}
    texts = [c.text for c in s.cards if c.type == "island"]
    for p in range(s.num_players):
        for pl in s.empire[p]:
            for i in (pl.card, pl.acts):
                names.add(s.cards[i].name)
                texts.append(s.cards[i].text)
        names.update(s.cards[c].name for c in s.shown[p])
    for e in s.events_for(None):
        if e["type"] in ANNOUNCED or e["type"] == "attack":
            names.add(e["card"])
        if e["type"] == "features":
            names.update(e["cards"])
        if e.get("source"):
            names.add(e["source"])
    if seat is not None:
        mine = s.hand[seat] + s.look[seat] + s.discard[seat]
        names.update(s.cards[c].name for c in mine)
        texts.extend(s.cards[c].text for c in mine)
    return names, "\n".join(texts)


def hidden_names(s: EmpiresState, seat: int | None) -> set[str]:
    """Names only in other seats' hands, Lookout draws and unseen discards (EN-4.5)."""
    secret: set[str] = set()
    for p in range(s.num_players):
        if p == seat:
            continue
        unseen = list(s.discard[p])
        for c in s.shown[p]:
            unseen.remove(c)
        # A card chosen to be built is public while its payment or host is decided; another
        # copy of it in the hand cannot be told apart by name.
        public = {s.cards[c].name for c in s.committed(p)}
        names = {s.cards[c].name for c in s.hand[p] + s.look[p] + unseen}
        secret.update(names - public)
    known, texts = public_names(s, seat)
    return {name for name in secret - known if name not in texts}


@rule("EN-4.5", "EN-9.18", "EN-4.3")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_en_4_5_no_hidden_card_name_reaches_another_seats_screen_or_observation(n: int) -> None:
    """Along a random game: the screen, the observation and the events a seat may read name no
    card that is only in another seat's hand, Lookout draw or unseen discard."""
    checked = 0
    lookout = 0
    for state in positions(n, 20 + n, every=2):
        for seat in [*range(n), None]:
            names = hidden_names(state, seat)
            if not names:
                continue
            obs = state.observation(seat)
            text = render(obs)  # the markup: names are never split by a tag (plain is slow)
            blob = json.dumps(obs, ensure_ascii=False)
            log = json.dumps(state.events_for(seat), ensure_ascii=False)  # the events themselves
            for name in names:
                assert name not in text, (seat, name)
                assert name not in blob, (seat, name)
                assert name not in log, (seat, name)
            checked += len(names)
            lookout += any(state.look[p] for p in range(n) if p != seat)
    assert checked > 500 and lookout > 5


@rule("EN-4.5", "EN-9.18")
def test_en_4_5_the_spectator_sees_no_hand_at_all() -> None:
    for state in positions(3, 31, every=15):
        obs = state.observation(None)
        assert "you" not in obs["state"] and "legal_actions" not in obs
        text = plain(render(obs))
        assert "Your hand" not in text and "Drawn at the Lookout" not in text
        assert "You: " not in text
        for p in range(3):
            assert f"Opponent: Seat {p} — " in text
    in_hand = hidden_names(state, None)
    assert in_hand  # the test looked at something


@rule("EN-4.5", "EN-9.18", "EN-4.3")
def test_en_4_5_a_hand_lookout_draw_and_unseen_discard_stay_with_their_seat() -> None:
    s = new(3, ("glenn", "olaf", "nanuuk"))
    for p in range(3):
        clear(s, p)
    hand(s, 1, "Floki's Shipyard")
    s.look[1] = [card_id("Trophy Wall")]
    s.discard[1] = [card_id("Signal Beacon"), card_id("Longship Crew")]
    s.shown[1] = [card_id("Longship Crew")]  # a boost everybody saw played
    for seat in (0, 2, None):
        obs = s.observation(seat)
        text = plain(render(obs))
        blob = json.dumps(obs, ensure_ascii=False)
        for name in ("Floki's Shipyard", "Trophy Wall", "Signal Beacon"):
            assert name not in text and name not in blob, (seat, name)
        assert "Longship Crew" in blob  # seen discards are public
    own = plain(render(s.observation(1)))
    for name in ("Floki's Shipyard", "Trophy Wall"):
        assert name in own
    assert "Signal Beacon" in json.dumps(s.observation(1))


@rule("EN-4.5", "EN-9.18")
def test_en_4_5_swapping_a_seats_hidden_cards_changes_no_other_screen() -> None:
    state = next(p for i, p in enumerate(positions(3, 12, every=30)) if i == 2)
    twin = state.clone()
    p = 1
    pool = twin.hand[p] + twin.look[p] + twin.deck[p]
    assert len({twin.cards[c].name for c in pool}) > 1
    pool = pool[::-1]
    sizes = (len(twin.hand[p]), len(twin.look[p]))
    twin.hand[p] = sorted(pool[: sizes[0]])
    twin.look[p] = sorted(pool[sizes[0] : sizes[0] + sizes[1]])
    twin.deck[p] = pool[sizes[0] + sizes[1] :]
    assert twin.hand[p] != state.hand[p]
    for seat in (0, 2, None):
        assert state.observation(seat)["state"] == twin.observation(seat)["state"]
        assert GAME.render(state, seat) == GAME.render(twin, seat)
    assert GAME.render(state, p) != GAME.render(twin, p)


# ------------------------------------------------------------------------------ the log
def logged_types() -> set[str]:
    """Every event type the game's modules log."""
    out = set()
    for path in Path(package.__file__).parent.glob("*.py"):
        out.update(re.findall(r"\.log\(\s*\"(\w+)\"", path.read_text(encoding="utf-8")))
    return out


def rare_events() -> list[dict[str, Any]]:
    """Events random games seldom show, made on purpose."""
    s = new(2, ("olaf", "glenn"))
    s.queue = [Ship(1, False, False), Ship(0, True, False)]
    run(s, 0, Effect(do="ship_forward"))  # EN-9.15: one ship can, so it does
    assert s.queue[0].owner == 0
    run(s, 0, Effect(do="ship", n=3))  # EN-11.13
    name = s.cards[s.deck[0][0]].name
    run(s, 0, Effect(do="find", card=name))  # EN-9.10
    pos = build(s, 0, "Victory Feast", exhausted=True)
    run(s, 0, Effect(do="refresh"))
    act(s, "refresh", pos=pos)  # EN-9.7
    s.stock[0][pos] = {"wood": 1}
    run(s, 0, Effect(do="release"))
    act(s, "release", pos=pos, good=GOODS.index("wood"))  # EN-9.5
    run(s, 0, Effect(do="move_disc"))  # no disc used: nothing to do
    s.disc_at[0][0] = tile("harvest")
    run(s, 0, Effect(do="move_disc"))
    act(s, "relocate", disc=0, to=tile("sail"))  # EN-9.14
    run(s, 0, Effect(do="expedition"))
    act(s, "launch", ship=0)  # EN-5.8
    act(s, "skip")
    run(s, 0, Effect(do="rouse"), Effect(do="gift", goods={"food": 1}))
    run(s, 0, Effect(do="tile", tile="populate"))
    s.vp[1] = 24
    s.phase = "expedition"
    run(s, 1, Effect(do="gain", goods={"vp": 1}))  # EN-8.1(b)
    assert s.next_last
    s.vp[0] = 24
    s.phase = "action"
    run(s, 0, Effect(do="gain", goods={"vp": 2}))  # EN-8.1(a)
    assert s.last_round
    return s.events


@rule("EN-9")
def test_en_9_every_event_type_has_a_log_line_and_hides_its_secret() -> None:
    types = logged_types()
    assert len(types) > 30
    events: list[tuple[list[dict[str, Any]], list[dict[str, Any]]]] = []
    seen: set[str] = set()
    extra = rare_events()
    events.append((extra, [{k: v for k, v in e.items() if k != "secret"} for e in extra]))
    seen.update(e["type"] for e in extra)
    for seed in range(30):
        state = finished(2 + seed % 3, 100 + seed)
        events.append((state.events, state.events_for(None)))
        seen.update(e["type"] for e in state.events)
        if seed >= 3 and types <= seen:
            break
    assert types <= seen, f"never seen: {types - seen}"
    for full, public in events:
        for own, shown in zip(full, public, strict=True):
            for e in (own, shown):
                line = GAME.event_text(e)
                assert isinstance(line, str) and line.strip(), e
                assert line == event_text(e)
                who = "" if e.get("seat") is None else f"Seat {e['seat']}"
                assert line != f"{e['type']} {who}".strip(), e  # a real sentence
            secret = own.get("secret")
            if secret:
                names = [secret] if isinstance(secret, str) else secret
                mine = GAME.event_text(own)
                for name in names:
                    assert name in mine, own
                others = GAME.event_text(shown)
                rest = json.dumps({k: v for k, v in own.items() if k != "secret"})
                for name in names:
                    assert name in rest or name not in others, own


@rule("EN-9")
def test_en_9_18_the_log_tail_is_shown_and_escaped() -> None:
    s = new(2, ("glenn", "olaf"))
    obs = s.observation(0)
    obs["log"] = [*obs["log"], *(f"event number {i}" for i in range(12)), "[bold]Sneaky[/] [red"]
    text = plain(render(obs))
    lines = text.splitlines()
    top = lines.index("Log")
    assert lines[top + 1 :][-1] == "  [bold]Sneaky[/] [red"
    assert "  event number 1" in lines and "  event number 0" not in lines
