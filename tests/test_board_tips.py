"""Every board picture has text to show on a tap (issue 25): the game page shows an element's
tooltip (its SVG ``<title>``, the nearest one from the tapped element up) on a tap, and on a
long press of a legal move. So every legal-move target has a tip, and so does every word cut
short with "…" (the tip holds the whole text)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tabletide.engine import Rng, derive_seed, load_game

NS = "{http://www.w3.org/2000/svg}"
GAMES = {"shipyard": 3, "tiny_epic_pirates": 2, "ahoy": 3, "maracaibo": 2, "empires_north": 3}
POSITIONS = 12  # pictures checked per game, spread over one random game


def pictures(name: str, players: int) -> list[tuple[int, str]]:
    """``(ply, svg)`` of the deciding seat's picture at positions spread over a random game
    (played twice with the same seed: first to count its decisions, then to draw)."""
    game = load_game(name)

    def play(draw_at: set[int]) -> tuple[int, list[tuple[int, str]]]:
        state = game.new_state(players, 11)
        rng = Rng(derive_seed("tips", name))
        decisions = 0
        drawn: list[tuple[int, str]] = []
        while not state.is_terminal():
            if decisions in draw_at:
                seat = state.current_player()
                drawn.append((len(state.history), game.render_svg(state.observation(seat))))
            decisions += 1
            state.apply(rng.choice(state.legal_actions()))
        return decisions, drawn

    total, _ = play(set())
    step = max(1, total // POSITIONS)
    return play(set(range(0, total, step)))[1][:POSITIONS]


def untipped(svg: str) -> tuple[list[str], list[str]]:
    """The legal-move targets and the cut-short words with no tip from themselves up."""
    root = ET.fromstring(svg)
    moves: list[str] = []
    cut: list[str] = []

    def walk(node: ET.Element, tipped: bool) -> None:
        tipped = tipped or any(
            child.tag == f"{NS}title" and (child.text or "").strip() for child in node
        )
        if node.get("data-action") is not None and not tipped:
            moves.append(f"{node.tag.removeprefix(NS)} data-action={node.get('data-action')}")
        if node.tag == f"{NS}text" and not tipped:
            words = "".join(node.itertext())
            if "…" in words:
                cut.append(words)
        for child in node:
            if child.tag != f"{NS}title":
                walk(child, tipped)

    for child in root:  # the <svg> itself is not a tip the page shows
        if child.tag != f"{NS}title":
            walk(child, False)
    return moves, cut


@pytest.mark.parametrize("name", list(GAMES))
def test_every_move_and_every_cut_word_on_the_board_has_a_tip(name: str) -> None:
    checked = 0
    problems: list[str] = []
    for ply, svg in pictures(name, GAMES[name]):
        moves, cut = untipped(svg)
        checked += svg.count("data-action=")
        problems += [f"ply {ply}: move {m}" for m in moves]
        problems += [f"ply {ply}: cut words {w!r}" for w in cut]
    assert checked > 0, f"{name}: no move drawn on any picture"
    assert not problems, f"{name}: no tip for {problems[:10]}"
