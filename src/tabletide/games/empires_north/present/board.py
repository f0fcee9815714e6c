"""Empires of the North as an SVG picture for the browser (``GAME.render_svg``): a pure function
of one seat's observation, JSON round-tripped or not.

Top to bottom: the round and phase with the pending decision; the score board (0-30, the end at
25); the action circle (the five tiles in their order, every disc on them) beside the sailing
board (near and distant island decks, their face-up islands, the card just turned up and the
ship queue from the arrow back); the viewer's own Lookout draws and hand (only in a seat's own
picture); then every seat's area in its colour: VP, goods, workers, ships, discs in the supply,
hand / deck / discard as counts and the empire card by card (exhausted, stored goods, upgrades,
copies). Only the observation is read, so nothing a seat may not see can be drawn.

Legal moves carry ``data-action`` (see :mod:`tabletide.svg`): Lookout cards to keep, hand cards
to build or play, tiles to place a disc on, ghost discs for a move, opponents' action cards to
attack, own cards to use / harvest / host an upgrade / copy / refresh, goods on a card to
release, ships to move forward or launch, islands to raid or conquer and the island decks.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from tabletide.engine.view import seat_name
from tabletide.games.empires_north.constants import END_VP, GOODS, STOCK_GOODS, TILES
from tabletide.svg import (
    DEJAVU_SANS,
    INK,
    PAPER,
    SEA,
    Parts,
    Svg,
    action_index,
    freeze,
    memo,
    seat_color,
)

View = Mapping[str, Any]
Acts = dict[tuple[str, tuple[tuple[str, Any], ...]], int]

WIDTH = 1000
MARGIN = 10
FONT = 11
SMALL = 10
GREY = "#7f8c8d"
PALE = "#f2f3f4"
FOCUS = "#f39c12"
"""The outline of what the pending decision is about."""

GOOD_COLORS = {
    "food": "#f0b27a",
    "wood": "#a0522d",
    "stone": "#a6acaf",
    "sheep": "#fdfefe",
    "fish": "#5dade2",
    "gold": "#f4d03f",
    "axe": "#922b21",
    "worker": "#5d6d7e",
    "vp": "#8e44ad",
}
TYPE_COLORS = {
    "production": "#27ae60",
    "upgrade": "#1e8449",
    "flex": "#229954",
    "feature": "#2e86c1",
    "action": "#d4ac0d",
    "boost": "#c0392b",
    "island": "#1a5276",
}
TYPE_FILLS = {
    "production": "#e9f7ef",
    "upgrade": "#e9f7ef",
    "flex": "#e9f7ef",
    "feature": "#eaf2f8",
    "action": "#fef9e7",
    "boost": "#fdedec",
    "island": "#ebf5fb",
}
TYPE_WORDS = {
    "production": "production",
    "upgrade": "upgrade",
    "flex": "production / upgrade",
    "feature": "feature",
    "action": "action",
    "boost": "boost",
    "island": "island",
}
SHORT_TYPES = {
    "production": "prod.",
    "upgrade": "upgr.",
    "flex": "prod./upgr.",
    "feature": "feat.",
    "action": "action",
    "boost": "boost",
    "island": "island",
}
TILE_WORDS = {
    "EXPLORE": "draw 1 card",
    "POPULATE": "gain 1 worker",
    "CONSTRUCTION": "build 1 location free",
    "HARVEST": "goods of 1 location",
    "SAIL": "a ship to the queue",
}
PHASES = {
    "setup": "Setup: the opening hands",
    "lookout": "Lookout phase",
    "action": "Action phase",
    "expedition": "Expedition phase",
    "cleanup": "Cleanup",
    "over": "Game over",
}
TILE_KINDS = frozenset(("extra", "host", "construct", "harvest", "sail"))
"""Decisions taken as part of a tile's action: their context names the tile."""
SOURCED_KINDS = frozenset(("alt", "refresh", "release", "relocate", "forward", "launch"))
"""Effect decisions: their context names the empire cards the effect comes from."""


TEXT = DEJAVU_SANS
"""Text is measured per character (a generous estimate: DejaVu Sans)."""


def bundle_words(bundle: Mapping[str, int]) -> str:
    names = {"vp": "VP", "axe": "axe", "worker": "worker"}
    parts = []
    for good, k in bundle.items():
        plural = "s" if k > 1 and good in ("axe", "worker") else ""
        parts.append(f"{k} {names.get(good, good)}{plural}")
    return ", ".join(parts) or "nothing"


_DROP_EMPIRE = (
    "Starting location",
    "Pay to build",
    "Build when",
    "Play when",
    "Upgrade only",
    "Raid:",
    "Raid only",
    "Conquer bonus",
    "Build bonus",
)
_DROP_HAND = ("Starting location", "Pay to build", "Play when", "Build when")
_DROP_ISLAND = ("Raid:", "Raid only")


def _seat_of(view: View, seat: int) -> str:
    """What people call ``seat`` (the view's ``"names"``)."""
    return seat_name(view.get("names"), seat)


def _whose(view: View, seat: int | None) -> str:
    """``"Alice's "`` for a seat, ``"a "`` for nobody's."""
    return "a " if seat is None else f"{_seat_of(view, seat)}'s "


@lru_cache(maxsize=1024)
def summary(text: str, where: str) -> str:
    """The card's own text without what the face shows elsewhere or no longer matters: the
    cost on a hand card, the cost and the one-off bonus on a built card, the raid goods on an
    island."""
    drop = {"empire": _DROP_EMPIRE, "hand": _DROP_HAND, "island": _DROP_ISLAND}[where]
    kept = []
    for sentence in re.split(r"(?<=\.)\s+(?=[A-Z])", text):
        if sentence.startswith(drop):
            continue
        if where == "empire":
            sentence = sentence.removeprefix("Conquered: ").removeprefix("Feature: ")
            sentence = sentence[:1].upper() + sentence[1:]
        kept.append(sentence)
    return " ".join(kept)


# ---------------------------------------------------------------------------- small pieces
def _act(acts: Acts, kind: str, **params: Any) -> int | None:
    return acts.get((kind, tuple(sorted(params.items()))))


def _decision(view: View) -> tuple[str | None, int | None, Mapping[str, Any]]:
    """The pending decision's kind, seat and context (``None, None, {}`` when over)."""
    decision = view.get("decision")
    if not decision or view.get("terminal"):
        return None, None, {}
    return str(decision["kind"]), int(decision["seat"]), decision.get("context") or {}


def _good_token(svg: Svg, x: float, y: float, good: str, r: float = 6.5) -> None:
    svg.circle(x, y, r, fill=GOOD_COLORS.get(good, GREY), stroke=INK, stroke_width=0.8)
    if good == "axe":
        svg.line(x - 3, y + 3, x + 3, y - 3, stroke=PAPER, stroke_width=1.6)
    elif good == "vp":
        svg.circle(x, y, 2.2, fill=PAPER)


def _chip(svg: Svg, x: float, y: float, good: str, count: int, label: str, **attrs: Any) -> float:
    """A goods token with ``count label`` beside it; returns the x after it."""
    text = f"{count} {label}"
    w = 18 + TEXT.width(text, FONT)
    with svg.group(tip=f"{count} {label}", **attrs):
        svg.rect(x, y - 9, w, 18, rx=9, fill=PAPER, stroke="#d5d8dc")
        _good_token(svg, x + 9, y, good)
        svg.text(x + 18, y + 4, text, font_size=FONT)
    return x + w + 4


def _disc(
    svg: Svg,
    x: float,
    y: float,
    seat: int,
    number: int,
    exhausted: bool,
    *,
    ghost: bool = False,
    action: int | None = None,
    tip: str = "",
) -> None:
    color = seat_color(seat)
    with svg.group(tip=tip, action=action, data_seat=seat, data_disc=number):
        if ghost:
            svg.circle(x, y, 8.5, fill=PAPER, stroke=color, stroke_width=2, stroke_dasharray="3 2")
            svg.text(x, y + 3.5, str(number), font_size=SMALL, fill=color, text_anchor="middle")
            return
        svg.circle(x, y, 8.5, fill=color, stroke=INK, stroke_width=0.8)
        if exhausted:
            svg.line(x - 5.5, y - 5.5, x + 5.5, y + 5.5, stroke=INK, stroke_width=1.6)
            svg.line(x - 5.5, y + 5.5, x + 5.5, y - 5.5, stroke=INK, stroke_width=1.6)
        svg.text(
            x,
            y + 3.5,
            str(number),
            font_size=SMALL,
            fill=PAPER,
            text_anchor="middle",
            font_weight="bold",
        )


def _ship(
    svg: Svg,
    x: float,
    y: float,
    ship: Mapping[str, Any],
    *,
    label: str = "",
    action: int | None = None,
    tip: str = "",
) -> None:
    """A ship 34 wide with its top-left at (x, y): the hull in the owner's colour (grey with a
    coloured sail for a common ship), a fish and an axe mark when it carries them."""
    color = seat_color(ship.get("owner"))
    hull = "#909497" if ship.get("common") else color
    with svg.group(tip=tip, action=action, data_seat=ship.get("owner")):
        svg.rect(
            x - 3,
            y - 2,
            40,
            36,
            rx=4,
            fill=PAPER,
            fill_opacity=0.01,
            stroke=FOCUS if action is not None else "none",
            stroke_dasharray="4 2",
        )
        svg.polygon(
            [(x, y + 20), (x + 34, y + 20), (x + 28, y + 30), (x + 6, y + 30)],
            fill=hull,
            stroke=INK,
            stroke_width=0.8,
        )
        svg.line(x + 17, y + 2, x + 17, y + 20, stroke=INK, stroke_width=1.2)
        svg.polygon(
            [(x + 17, y + 3), (x + 17, y + 18), (x + 30, y + 18)],
            fill=color,
            stroke=INK,
            stroke_width=0.6,
        )
        if ship.get("fish"):
            _good_token(svg, x + 6, y + 11, "fish", 5)
        if ship.get("axe"):
            _good_token(svg, x + 6, y + 11 if not ship.get("fish") else y - 1, "axe", 5)
        if label:
            svg.text(x + 17, y + 40, label, font_size=SMALL, text_anchor="middle")


def _card_back(
    svg: Svg,
    x: float,
    y: float,
    w: float,
    h: float,
    label: str,
    *,
    action: int | None = None,
    tip: str = "",
    fill: str = "#34495e",
) -> None:
    with svg.group(tip=tip, action=action):
        svg.rect(
            x,
            y,
            w,
            h,
            rx=5,
            fill=fill,
            stroke=INK if action is None else FOCUS,
            stroke_width=0.8 if action is None else 2.5,
        )
        svg.rect(x + 4, y + 4, w - 8, h - 8, rx=3, fill="none", stroke=PAPER, stroke_opacity=0.5)
        for k, line in enumerate(label.split("\n")):
            svg.text(
                x + w / 2,
                y + h / 2 + 4 + 13 * k - 6 * (label.count("\n")),
                line,
                font_size=FONT,
                fill=PAPER,
                text_anchor="middle",
                font_weight="bold",
            )


def _button(
    svg: Svg, x: float, y: float, w: float, text: str, action: int, color: str, tip: str
) -> None:
    with svg.group(action=action, tip=tip):
        svg.rect(x, y, w, 17, rx=8.5, fill=color, stroke=INK, stroke_width=0.8)
        svg.text(
            x + w / 2,
            y + 12.5,
            text,
            font_size=SMALL,
            fill=PAPER,
            text_anchor="middle",
            font_weight="bold",
        )


# ---------------------------------------------------------------------------- cards
HAND_W, HAND_H = 156, 118
EMP_W, EMP_H = 119, 92
ISL_W, ISL_H = 152, 112


def _band(svg: Svg, x: float, y: float, w: float, card: Mapping[str, Any], right: str) -> None:
    ctype = str(card.get("type", ""))
    svg.path(
        f"M{x} {y + 14}V{y + 5}a5 5 0 0 1 5 -5H{x + w - 5}a5 5 0 0 1 5 5V{y + 14}Z",
        fill=TYPE_COLORS.get(ctype, GREY),
    )
    icons = ", ".join(card.get("icons", []))
    room = w - 8 - (TEXT.width(right, SMALL) + 6 if right else 0)
    left = TYPE_WORDS.get(ctype, ctype) + (f" · {icons}" if icons else "")
    if TEXT.width(left, SMALL) > room:
        left = SHORT_TYPES.get(ctype, ctype) + (f" · {icons}" if icons else "")
    svg.text(x + 4, y + 11, TEXT.fit(left, room, SMALL), font_size=SMALL, fill=PAPER)
    if right:
        svg.text(
            x + w - 4,
            y + 11,
            right,
            font_size=SMALL,
            fill=PAPER,
            text_anchor="end",
            font_weight="bold",
        )


def _outline(svg: Svg, x: float, y: float, w: float, h: float) -> None:
    """The dashed mark of a card that is a legal move's target."""
    svg.rect(
        x + 2.5,
        y + 16,
        w - 5,
        h - 18.5,
        rx=3,
        fill="none",
        stroke=FOCUS,
        stroke_width=1.5,
        stroke_dasharray="5 3",
    )


def _name(svg: Svg, x: float, y: float, name: str, room: float, size: float) -> None:
    """A card's name in bold, a point smaller when that makes it fit, else cut."""
    for font in (size, size - 1):
        if TEXT.width(name, font, True) <= room:
            svg.text(x, y, name, font_size=font, font_weight="bold")
            return
    svg.text(x, y, TEXT.fit(name, room, size - 1, True), font_size=size - 1, font_weight="bold")


def hand_card(
    svg: Svg,
    x: float,
    y: float,
    card: Mapping[str, Any],
    *,
    action: int | None = None,
    verb: str = "",
    copies: int = 1,
    lit: bool = False,
) -> None:
    """A card of the viewer's hand or Lookout draw: type, name, cost, its text; ``copies``
    of it stacked."""
    ctype = str(card.get("type", ""))
    if card.get("when"):
        cost = ("Play when " if ctype == "boost" else "Build when ") + str(card["when"])
    elif card.get("cost"):
        cost = "Cost: " + bundle_words(card["cost"])
    else:
        cost = "Free to build"
    tip = f"{card['name']} — {card['text']}" + (f" ({verb})" if verb else "")
    with svg.group(
        tip=tip, action=action, data_card=card.get("card"), data_copies=copies, class_="card"
    ):
        svg.rect(
            x,
            y,
            HAND_W,
            HAND_H,
            rx=5,
            fill=TYPE_FILLS.get(ctype, PAPER),
            stroke=FOCUS if lit else INK,
            stroke_width=3 if lit else 0.8,
        )
        _band(svg, x, y, HAND_W, card, f"×{copies}" if copies > 1 else "")
        if action is not None:
            _outline(svg, x, y, HAND_W, HAND_H)
        if lit:
            svg.text(
                x + HAND_W - 5,
                y + HAND_H - 5,
                "being built",
                font_size=SMALL,
                text_anchor="end",
                fill=FOCUS,
                font_weight="bold",
            )
        _name(svg, x + 5, y + 28, str(card["name"]), HAND_W - 10, 12)
        svg.text(x + 5, y + 41, TEXT.fit(cost, HAND_W - 10, SMALL), font_size=SMALL, fill="#6c3483")
        lines = TEXT.wrap(summary(str(card["text"]), "hand"), HAND_W - 10, SMALL, 5)
        for k, line in enumerate(lines):
            svg.text(x + 5, y + 55 + 12 * k, line, font_size=SMALL)
        if verb:
            svg.text(
                x + HAND_W - 5,
                y + HAND_H - 5,
                verb,
                font_size=SMALL,
                text_anchor="end",
                fill=FOCUS,
                font_weight="bold",
            )


def island_card(
    svg: Svg,
    x: float,
    y: float,
    card: Mapping[str, Any],
    acts: Acts,
    slot: int,
) -> None:
    """A face-up (or turned-up) island: name, raid goods, what it gives conquered, and the
    raid / conquer buttons when they are legal."""
    raid = _act(acts, "raid", slot=slot)
    conquer = _act(acts, "conquer", slot=slot)
    focus = raid is not None or conquer is not None
    with svg.group(
        tip=f"{card['name']} — {card['text']}",
        data_card=card.get("card"),
        data_slot=slot,
        class_="card",
    ):
        svg.rect(
            x,
            y,
            ISL_W,
            ISL_H,
            rx=5,
            fill=TYPE_FILLS["island"],
            stroke=FOCUS if focus else INK,
            stroke_width=2.5 if focus else 0.8,
        )
        _band(svg, x, y, ISL_W, card, "")
        _name(svg, x + 5, y + 28, str(card["name"]), ISL_W - 10, 12)
        raid_text = "Raid: " + bundle_words(card.get("raid", {}))
        raid_lines = TEXT.wrap(raid_text, ISL_W - 10, SMALL, 2)
        for k, line in enumerate(raid_lines):
            svg.text(x + 5, y + 41 + 12 * k, line, font_size=SMALL, fill="#6c3483")
        if card.get("conquerable", True):
            text = summary(str(card["text"]), "island")
        else:
            text = "Raid only: it cannot be conquered."
        ty = y + 42 + 12 * len(raid_lines)
        for line in TEXT.wrap(text, ISL_W - 10, SMALL, 5 - len(raid_lines)):
            svg.text(x + 5, ty, line, font_size=SMALL)
            ty += 12
    bx = x + 4
    if raid is not None:
        _button(svg, bx, y + ISL_H - 21, 56, "raid", raid, "#1a5276", f"Raid {card['name']}")
        bx += 60
    if conquer is not None:
        _button(
            svg, bx, y + ISL_H - 21, 70, "conquer", conquer, "#922b21", f"Conquer {card['name']}"
        )


def _empire_action(acts: Acts, seat: int, viewer: int | None, pos: int) -> tuple[int | None, str]:
    """The legal action whose target is the card at ``pos`` of ``seat``'s empire, and a verb."""
    if seat != viewer:
        return _act(acts, "attack", seat=seat, pos=pos), "attack"
    for kind, verb in (
        ("use", "use"),
        ("harvest", "harvest"),
        ("host", "slide under"),
        ("copy", "copy"),
        ("refresh", "refresh"),
    ):
        i = _act(acts, kind, pos=pos)
        if i is not None:
            return i, verb
    return None, ""


def _draw_empire_face(
    svg: Svg,
    x: float,
    y: float,
    frozen: Any,
    seat: int,
    action: int | None,
    verb: str | None,
    notes: tuple[str, ...],
    stored: bool,
    focus: bool,
) -> None:
    """:func:`empire_card`'s card face, from everything it reads (drawn once per arguments)."""
    card = dict(frozen)
    pos = int(card.get("pos", 0))
    exhausted = bool(card.get("exhausted"))
    ctype = str(card.get("type", ""))
    fill = "#e5e7e9" if exhausted else TYPE_FILLS.get(ctype, PAPER)
    state = "exhausted" if exhausted else "ready"
    tip = f"{card['name']} ({state}) — {card['text']}" + (f" ({verb})" if verb else "")
    stroke, width = (FOCUS, 2.5) if focus else (INK, 0.8)
    with svg.group(
        tip=tip,
        action=action,
        data_seat=seat,
        data_card=card.get("card"),
        data_pos=pos,
        data_exhausted=int(exhausted),
        class_="card",
    ):
        svg.rect(x, y, EMP_W, EMP_H, rx=5, fill=fill, stroke=stroke, stroke_width=width)
        _band(svg, x, y, EMP_W, card, "")
        if action is not None:
            _outline(svg, x, y, EMP_W, EMP_H)
        name_room = EMP_W - 8 - (22 if exhausted else 0)
        _name(svg, x + 4, y + 27, str(card["name"]), name_room, FONT)
        if exhausted:
            svg.rect(x + EMP_W - 22, y + 17, 18, 14, rx=3, fill="#922b21")
            svg.text(
                x + EMP_W - 13,
                y + 28,
                "X",
                font_size=SMALL,
                fill=PAPER,
                text_anchor="middle",
                font_weight="bold",
            )
        room = 4 - len(notes) - (1 if stored else 0)
        lines = TEXT.wrap(summary(str(card["text"]), "empire"), EMP_W - 8, SMALL, max(room, 1))
        ty = y + 40
        for line in lines:
            svg.text(x + 4, ty, line, font_size=SMALL)
            ty += 12
        for note in notes:
            svg.text(
                x + 4,
                ty,
                TEXT.fit(note, EMP_W - 8, SMALL),
                font_size=SMALL,
                fill="#6c3483",
                font_style="italic",
            )
            ty += 12
        if verb and action is not None:
            svg.text(
                x + EMP_W - 4,
                y + EMP_H - 5,
                verb,
                font_size=SMALL,
                text_anchor="end",
                fill=FOCUS,
                font_weight="bold",
            )


_empire_face = memo(_draw_empire_face)


def empire_card(
    svg: Svg,
    x: float,
    y: float,
    card: Mapping[str, Any],
    seat: int,
    acts: Acts,
    viewer: int | None,
    names: Mapping[int, str],
    focus: bool,
) -> None:
    """A card of an empire: ready or exhausted, what a copy acts as, the host of an upgrade,
    the goods assigned to it (each a release button when that is legal)."""
    pos = int(card.get("pos", 0))
    action, verb = _empire_action(acts, seat, viewer, pos)
    notes = []
    if card.get("copies"):
        notes.append(f"acts as {card['copies']}")
    if card.get("under") is not None:
        notes.append(f"under {names.get(int(card['under']), '?')}")
    stored = card.get("stored") or {}
    face = (freeze(card), seat, action, verb, tuple(notes), bool(stored), focus)
    _empire_face(svg, x, y, *face)
    sx = x + 10
    for good, k in stored.items():
        g = STOCK_GOODS.index(good) if good in STOCK_GOODS else -1
        release = _act(acts, "release", pos=pos, good=g) if seat == viewer else None
        with svg.group(
            tip=f"{k} {good} stored on {card['name']}", action=release, data_good=good, data_count=k
        ):
            if release is not None:
                svg.rect(
                    sx - 9, y + EMP_H - 19, 30, 17, rx=8, fill=PAPER, stroke=FOCUS, stroke_width=2
                )
            _good_token(svg, sx, y + EMP_H - 10, good, 6)
            svg.text(sx + 8, y + EMP_H - 6, f"×{k}", font_size=SMALL)
        sx += 32


# ---------------------------------------------------------------------------- sections
def _header(svg: Svg, view: View, y: float) -> float:
    st = view["state"]
    phase = PHASES.get(st.get("phase", ""), str(st.get("phase", "")))
    title = f"Round {st.get('round', 1)} · {phase}"
    svg.text(MARGIN, y + 17, title, font_size=16, font_weight="bold")
    tag = ""
    if st.get("phase") == "over":
        pass
    elif st.get("last_round"):
        tag = "LAST ROUND"
    elif st.get("next_round_last"):
        tag = "the next round is the last"
    if tag:
        x = MARGIN + TEXT.width(title, 16, True) + 14
        w = TEXT.width(tag, FONT) + 14
        svg.rect(x, y + 3, w, 19, rx=9, fill="#922b21")
        svg.text(x + 7, y + 16.5, tag, font_size=FONT, fill=PAPER, font_weight="bold")
    start = int(st.get("start_player", 0))
    svg.text(
        WIDTH - MARGIN,
        y + 17,
        f"start player: {_seat_of(view, start)}",
        font_size=12,
        text_anchor="end",
        fill=seat_color(start),
        font_weight="bold",
    )
    prompt = view.get("prompt")
    _, decider, _ = _decision(view)
    if prompt and decider is not None:
        seat = decider
        text = str(prompt.get("text", ""))
        if view.get("seat") == seat:
            text = "Your decision — " + text
        svg.rect(
            MARGIN,
            y + 27,
            WIDTH - 2 * MARGIN,
            21,
            rx=4,
            fill=PALE,
            stroke=seat_color(seat),
            stroke_width=1.5,
        )
        svg.circle(MARGIN + 12, y + 37.5, 5, fill=seat_color(seat))
        svg.text(MARGIN + 23, y + 42, TEXT.fit(text, WIDTH - 2 * MARGIN - 30, 12), font_size=12)
    elif view.get("terminal"):
        winners = ", ".join(_seat_of(view, w) for w in view.get("winners", []))
        svg.text(
            MARGIN, y + 43, f"The game is over. Winner: {winners}", font_size=13, font_weight="bold"
        )
    return y + 54


def _score_track(svg: Svg, view: View, st: Mapping[str, Any], y: float) -> float:
    top = 30
    cell = (WIDTH - 2 * MARGIN - 40) / (top + 1)
    x0 = MARGIN + 40
    svg.text(MARGIN, y + 22, "VP", font_size=12, font_weight="bold")
    for v in range(top + 1):
        x = x0 + v * cell
        end = v == END_VP
        svg.rect(
            x,
            y + 4,
            cell - 1,
            28,
            fill="#fdebd0" if end else PALE,
            stroke="#922b21" if end else "#d5d8dc",
            stroke_width=1.5 if end else 0.6,
        )
        svg.text(
            x + cell / 2,
            y + 14,
            f"{v}+" if v == top else str(v),
            font_size=SMALL,
            text_anchor="middle",
            fill=GREY,
        )
    at: dict[int, list[int]] = {}
    for pl in st.get("players", []):
        at.setdefault(min(int(pl.get("vp", 0)), top), []).append(int(pl["seat"]))
    for v, seats in sorted(at.items()):
        for k, seat in enumerate(seats):
            cx = x0 + v * cell + cell / 2 + (k - (len(seats) - 1) / 2) * 7
            vp = int(st["players"][seat]["vp"])
            svg.circle(
                cx,
                y + 25,
                6,
                fill=seat_color(seat),
                stroke=INK,
                stroke_width=0.8,
                tip=f"{_seat_of(view, seat)}: {vp} VP",
                data_seat=seat,
                data_vp=vp,
            )
    return y + 38


def _focus_tile(view: View) -> str | None:
    """The tile whose action is under way, when the decision is part of one."""
    kind, _, context = _decision(view)
    if kind in TILE_KINDS:
        return str(context["tile"])
    return None


def _circle(svg: Svg, view: View, acts: Acts, x0: float, y: float) -> float:
    st = view["state"]
    circle = list(st.get("circle", []))
    svg.text(x0, y + 14, "Action circle", font_size=13, font_weight="bold")
    svg.text(x0 + 102, y + 14, "neighbouring tiles are adjacent", font_size=SMALL, fill=GREY)
    cx, cy, r = x0 + 185, y + 166, 108
    svg.circle(cx, cy, r, fill="none", stroke="#d5d8dc", stroke_width=6)
    on: dict[str, list[tuple[int, int, bool]]] = {t: [] for t in circle}
    for pl in st.get("players", []):
        for d, disc in enumerate(pl.get("discs", [])):
            if disc.get("tile") in on:
                on[disc["tile"]].append((int(pl["seat"]), d + 1, bool(disc.get("exhausted"))))
    ghosts = _ghosts(view)
    focus = _focus_tile(view)
    _, decider, _ = _decision(view)
    tw, th = 124, 62
    for k, name in enumerate(circle):
        angle = math.radians(-90 + 72 * k)
        tx, ty = cx + r * math.cos(angle) - tw / 2, cy + r * math.sin(angle) - th / 2
        t = TILES.index(name.lower()) if name.lower() in TILES else -1
        place = _act(acts, "disc", tile=t)
        lit = name == focus
        stroke = seat_color(decider) if lit else INK
        tip = f"{name}: {TILE_WORDS.get(name, '')}" + (" — place a disc here" if place else "")
        with svg.group(tip=tip, action=place, data_tile=name, class_="tile"):
            svg.rect(
                tx, ty, tw, th, rx=8, fill="#fbfcfc", stroke=stroke, stroke_width=3 if lit else 1
            )
            if place is not None:
                svg.rect(
                    tx + 3,
                    ty + 3,
                    tw - 6,
                    th - 6,
                    rx=6,
                    fill="none",
                    stroke=FOCUS,
                    stroke_width=1.5,
                    stroke_dasharray="5 3",
                )
            svg.text(
                tx + tw / 2, ty + 16, name, font_size=12, font_weight="bold", text_anchor="middle"
            )
            svg.text(
                tx + tw / 2,
                ty + 29,
                TILE_WORDS.get(name, ""),
                font_size=SMALL,
                text_anchor="middle",
                fill=GREY,
            )
            if lit:
                svg.rect(tx + tw - 34, ty - 8, 32, 14, rx=7, fill=seat_color(decider))
                svg.text(
                    tx + tw - 18,
                    ty + 2.5,
                    "now",
                    font_size=SMALL,
                    fill=PAPER,
                    text_anchor="middle",
                    font_weight="bold",
                )
        discs = on.get(name, [])
        marks = ghosts.get(t, [])
        n = len(discs) + len(marks)
        step = min(19.0, (tw - 16) / max(n - 1, 1))
        dx = tx + tw / 2 - step * (n - 1) / 2
        for seat, number, exhausted in discs:
            side = "exhausted" if exhausted else "ready"
            _disc(
                svg,
                dx,
                ty + 47,
                seat,
                number,
                exhausted,
                tip=f"{_seat_of(view, seat)}'s disc {number} ({side})",
            )
            dx += step
        for seat, number, action, tip in marks:
            _disc(svg, dx, ty + 47, seat, number, False, ghost=True, action=action, tip=tip)
            dx += step
    return cy + r + th / 2 + 6


def _ghosts(view: View) -> dict[int, list[tuple[int, int, int, str]]]:
    """Where a legal move or relocation would put a disc: tile -> (seat, disc, action, tip)."""
    out: dict[int, list[tuple[int, int, int, str]]] = {}
    seat = view.get("seat")
    for i, item in enumerate(view.get("legal_actions", [])):
        a = item["action"]
        if a.get("kind") in ("move", "relocate") and seat is not None:
            number, to = int(a["disc"]) + 1, int(a["to"])
            tip = f"disc {number} to {TILES[to].upper()}"
            out.setdefault(to, []).append((int(seat), number, i, tip))
    return out


def _sailing(svg: Svg, view: View, acts: Acts, x0: float, y: float) -> float:
    st = view["state"]
    height = 20 + 2 * (ISL_H + 22) + 60
    svg.rect(x0 - 6, y, WIDTH - MARGIN - x0 + 6, height, rx=8, fill=SEA, fill_opacity=0.45)
    svg.text(x0, y + 14, "Sailing board", font_size=13, font_weight="bold")
    islands = st.get("islands", {})
    ry = y + 20
    for d, which in enumerate(("near", "distant")):
        isl = islands.get(which, {})
        deck = int(isl.get("deck", 0))
        discards = isl.get("discard", [])
        svg.text(
            x0,
            ry + 11,
            f"{which.capitalize()} islands · discard {len(discards)}",
            font_size=SMALL,
            fill=INK,
            tip=", ".join(discards) or "no island raided",
        )
        top = _act(acts, "top", deck=d)
        _card_back(
            svg,
            x0,
            ry + 16,
            62,
            ISL_H,
            f"{which}\ndeck\n{deck}",
            action=top,
            tip=f"{which} island deck: {deck} cards"
            + (" — take the top card" if top is not None else ""),
            fill="#1a5276" if d == 0 else "#154360",
        )
        for i, card in enumerate(isl.get("face_up", [])):
            x = x0 + 70 + i * (ISL_W + 8)
            if card is None:
                svg.rect(
                    x, ry + 16, ISL_W, ISL_H, rx=5, fill="none", stroke=GREY, stroke_dasharray="4 3"
                )
                svg.text(
                    x + ISL_W / 2,
                    ry + 16 + ISL_H / 2,
                    "taken",
                    font_size=SMALL,
                    fill=GREY,
                    text_anchor="middle",
                )
            else:
                island_card(svg, x, ry + 16, card, acts, d * 2 + i)
        ry += ISL_H + 22
    _turned_up(svg, view, acts, x0 + 70 + 2 * (ISL_W + 8) + 4, y + 20)
    _queue(svg, view, acts, x0, ry + 2)
    return y + height


def _turned_up(svg: Svg, view: View, acts: Acts, x: float, y: float) -> None:
    st = view["state"]
    w = WIDTH - MARGIN - 6 - x
    card = st.get("revealed")
    kind, seat, context = _decision(view)
    if kind in ("voyage", "landing") and seat is not None:
        ship = context["ship"]
        svg.text(x, y + 11, "At sea", font_size=SMALL, fill=INK)
        _ship(svg, x + 4, y + 16, ship, tip=f"{_seat_of(view, seat)}'s ship is choosing an island")
        text = f"{_seat_of(view, seat)}'s ship chooses an island"
        for k, line in enumerate(TEXT.wrap(text, w - 44, SMALL, 3)):
            svg.text(x + 44, y + 28 + 12 * k, line, font_size=SMALL)
    if card is not None:
        svg.text(x, y + 70, "Turned up:", font_size=SMALL, fill=INK)
        island_card(svg, x + (w - ISL_W) / 2, y + 76, card, acts, 4)


def _queue(svg: Svg, view: View, acts: Acts, x0: float, y: float) -> None:
    st = view["state"]
    svg.text(x0, y + 11, "Ship queue (the first sails first)", font_size=SMALL)
    svg.polygon(
        [
            (x0, y + 22),
            (x0 + 22, y + 22),
            (x0 + 22, y + 16),
            (x0 + 34, y + 28),
            (x0 + 22, y + 40),
            (x0 + 22, y + 34),
            (x0, y + 34),
        ],
        fill="#922b21",
    )
    queue = st.get("queue", [])
    if not queue:
        svg.text(x0 + 44, y + 32, "no ship yet", font_size=SMALL, fill=GREY)
    for i, ship in enumerate(queue):
        action = _act(acts, "forward", ship=i)
        verb = "overtake the ship ahead"
        if action is None:
            action, verb = _act(acts, "launch", ship=i), "sail to the islands now"
        cargo = [w for w, on in (("a fish", ship.get("fish")), ("an axe", ship.get("axe"))) if on]
        tip = (
            f"{i + 1}. {_whose(view, ship.get('owner'))}"
            f"{'common ' if ship.get('common') else ''}ship"
            + (f" with {' and '.join(cargo)}" if cargo else "")
            + (f" — {verb}" if action is not None else "")
        )
        _ship(svg, x0 + 42 + i * 44, y + 14, ship, label=str(i + 1), action=action, tip=tip)


def _own(svg: Svg, view: View, acts: Acts, y: float) -> float:
    """The viewer's secrets: the cards drawn to keep and the hand."""
    seat = view.get("seat")
    you = view["state"].get("you")
    if seat is None or you is None:
        return y
    looking = you.get("looking", [])
    if looking:
        opening = _decision(view)[0] == "opening"
        title = (
            "Your first cards: keep 3 of them, free (the rest are discarded)"
            if opening
            else "Drawn at the Lookout: each card you keep tires 1 worker"
        )
        y = _card_row(svg, view, acts, looking, y, title, "#fef5e7", "keep", "keep")
    hand = you.get("hand", [])
    title = (
        f"Your hand — {len(hand)} card{'s' * (len(hand) != 1)}, secret from the others"
        if hand
        else "Your hand is empty"
    )
    return _card_row(svg, view, acts, hand, y, title, PALE, "", "", _building(view, hand))


def _building(view: View, hand: Sequence[Mapping[str, Any]]) -> int | None:
    """The card of the viewer's hand being built while its host or its payment is still to be
    chosen (a "host" or "pay" decision of the viewer)."""
    kind, seat, context = _decision(view)
    if seat != view.get("seat") or kind not in ("host", "pay") or "card" not in context:
        return None
    return int(context["card"])


def _hand_action(acts: Acts, card: int) -> tuple[int | None, str]:
    for kind, verb in (
        ("build", "build"),
        ("boost", "play"),
        ("produce", "build"),
        ("construct", "build free"),
    ):
        i = _act(acts, kind, card=card)
        if i is not None:
            return i, verb
    return None, ""


def _card_row(
    svg: Svg,
    view: View,
    acts: Acts,
    cards: Sequence[Mapping[str, Any]],
    y: float,
    title: str,
    fill: str,
    kind: str,
    verb: str,
    lit: int | None = None,
) -> float:
    """A row of the viewer's cards, copies of a card stacked as one face with a count."""
    color = seat_color(view.get("seat"))
    stacks: dict[int, list[Mapping[str, Any]]] = {}
    for card in cards:
        stacks.setdefault(int(card["card"]), []).append(card)
    per_row = int((WIDTH - 2 * MARGIN + 7) // (HAND_W + 7))
    rows = math.ceil(len(stacks) / per_row)
    height = 26 + rows * (HAND_H + 8) if cards else 26
    area = "look" if kind else "hand"
    svg.rect(
        MARGIN - 4,
        y,
        WIDTH - 2 * MARGIN + 8,
        height,
        rx=8,
        fill=fill,
        stroke=color,
        stroke_width=1.5,
        data_seat=view.get("seat"),
        data_area=area,
    )
    svg.text(MARGIN + 2, y + 16, title, font_size=12, font_weight="bold", fill=color)
    for k, (index, copies) in enumerate(stacks.items()):
        x = MARGIN + 2 + (k % per_row) * (HAND_W + 7)
        cy = y + 24 + (k // per_row) * (HAND_H + 8)
        if kind:
            action, shown = _act(acts, kind, card=index), verb
        else:
            action, shown = _hand_action(acts, index)
        if len(copies) > 1:
            svg.rect(
                x + 4, cy - 3, HAND_W, HAND_H, rx=5, fill="#d5d8dc", stroke=INK, stroke_width=0.6
            )
        hand_card(
            svg,
            x,
            cy,
            copies[0],
            action=action,
            verb=shown if action is not None else "",
            copies=len(copies),
            lit=index == lit,
        )
    return y + height + 8


def _stats(svg: Svg, view: View, pl: Mapping[str, Any], y: float) -> None:
    seat = int(pl["seat"])
    x: float = MARGIN + 4
    goods = pl.get("goods", {})
    for good in GOODS:
        x = _chip(
            svg,
            x,
            y,
            good,
            int(goods.get(good, 0)),
            good,
            data_seat=seat,
            data_good=good,
            data_count=int(goods.get(good, 0)),
        )
    x += 6
    ready, tired = int(pl.get("workers", 0)), int(pl.get("tired", 0))
    x = _chip(
        svg, x, y, "worker", ready, "ready", data_seat=seat, data_good="worker", data_count=ready
    )
    x = _chip(
        svg, x, y, "worker", tired, "tired", data_seat=seat, data_good="tired", data_count=tired
    )
    x += 6
    free, ships = int(pl.get("ships_free", 0)), int(pl.get("ships", 0))
    with svg.group(tip=f"ships: {free} of {ships} at home", data_seat=seat, data_ships=ships):
        svg.polygon(
            [(x, y - 1), (x + 18, y - 1), (x + 15, y + 6), (x + 3, y + 6)],
            fill=seat_color(seat),
            stroke=INK,
            stroke_width=0.6,
        )
        svg.polygon([(x + 9, y - 10), (x + 9, y - 2), (x + 16, y - 2)], fill=seat_color(seat))
        svg.text(x + 22, y + 4, f"{free}/{ships} ships", font_size=FONT)
    x += 26 + TEXT.width(f"{free}/{ships} ships", FONT) + 6
    for d, disc in enumerate(pl.get("discs", [])):
        if not disc.get("tile"):
            _disc(
                svg,
                x + 8,
                y,
                seat,
                d + 1,
                bool(disc.get("exhausted")),
                tip=f"disc {d + 1} in the supply",
            )
            x += 20


def _piles(svg: Svg, view: View, pl: Mapping[str, Any], x: float, y: float) -> None:
    """Hand, Lookout draw, deck and discard pile as card backs with counts, in the seat's
    header band from ``x``."""
    seen = pl.get("discard_seen", [])
    piles = [
        ("hand", int(pl.get("hand", 0)), "cards in hand"),
        ("deck", int(pl.get("deck", 0)), "cards in the draw deck"),
        ("discard", int(pl.get("discard", 0)), "discarded"),
    ]
    if pl.get("looking"):
        piles.insert(1, ("drawing", int(pl["looking"]), "cards drawn, not yet kept"))
    for label, n, words in piles:
        text = f"{label} {n}"
        tip = f"{n} {words}"
        if label == "discard" and seen:
            tip += "; boosts played: " + ", ".join(seen)
        with svg.group(tip=tip, data_seat=pl["seat"], data_pile=label, data_count=n):
            svg.rect(x, y - 10, 9, 13, rx=2, fill="none", stroke=PAPER, stroke_width=1.2)
            svg.text(x + 13, y, text, font_size=FONT, fill=PAPER)
        x += 13 + TEXT.width(text, FONT) + 10


def _player(
    svg: Svg, view: View, acts: Acts, pl: Mapping[str, Any], y: float, focus: set[int]
) -> float:
    st = view["state"]
    seat = int(pl["seat"])
    viewer = view.get("seat")
    color = seat_color(seat)
    empire = _empire_order(pl.get("empire", []))
    per_row = int((WIDTH - 2 * MARGIN + 3) // (EMP_W + 3))
    rows = max(1, math.ceil(len(empire) / per_row))
    height = 56 + rows * (EMP_H + 4) + 4
    scoring = view.get("final_scoring")
    if scoring:
        height += 16
    svg.rect(
        MARGIN - 4,
        y,
        WIDTH - 2 * MARGIN + 8,
        height,
        rx=8,
        fill=PAPER,
        stroke=color,
        stroke_width=2,
        data_seat=seat,
        data_area="player",
        data_vp=pl.get("vp"),
    )
    svg.path(
        f"M{MARGIN - 4} {y + 24}V{y + 8}a8 8 0 0 1 8 -8H{WIDTH - MARGIN - 4}a8 8 0 0 1 8 8"
        f"V{y + 24}Z",
        fill=color,
    )
    title = f"{_seat_of(view, seat)} · {pl.get('clan_name', '')}"
    if viewer == seat:
        title = "You · " + title
    svg.text(MARGIN + 4, y + 17, title, font_size=13, fill=PAPER, font_weight="bold")
    tags = []
    if st.get("start_player") == seat:
        tags.append("start player")
    if pl.get("passed") and st.get("phase") == "action":
        tags.append("PASSED")
    if seat in (view.get("winners") or []):
        tags.append("WINNER")
    tags.append(f"{pl.get('vp', 0)} VP")
    svg.text(
        WIDTH - MARGIN - 2,
        y + 17,
        "  ·  ".join(tags),
        font_size=13,
        fill=PAPER,
        text_anchor="end",
        font_weight="bold",
        data_seat=seat,
        data_vp=pl.get("vp"),
    )
    _stats(svg, view, pl, y + 38)
    _piles(svg, view, pl, MARGIN + 24 + TEXT.width(title, 13, True), y + 16.5)
    ey = y + 52
    if scoring and seat < len(scoring["seats"]):
        points = dict(zip(scoring["categories"], scoring["seats"][seat], strict=True))
        total = int(scoring["totals"][seat])
        line = (
            f"Final scoring: {int(points['play'])} on the board + {int(points['cards'])} cards + "
            f"{int(points['resources'])} for resources + {int(points['gold'])} gold + "
            f"{int(points['axes'])} axes = {total} VP"
        )
        svg.text(
            MARGIN + 4,
            ey + 10,
            line,
            font_size=12,
            font_weight="bold",
            data_seat=seat,
            data_final=total,
        )
        ey += 16
    names = {int(c.get("pos", -1)): str(c.get("name", "")) for c in empire}
    if not empire:
        svg.text(MARGIN + 4, ey + 20, "(no cards in the empire)", font_size=SMALL, fill=GREY)
    for k, card in enumerate(empire):
        x = MARGIN + (k % per_row) * (EMP_W + 3)
        cy = ey + (k // per_row) * (EMP_H + 4)
        lit = seat == _decision(view)[1] and card.get("pos") in focus
        empire_card(svg, x, cy, card, seat, acts, viewer, names, lit)
    return y + height + 8


def _empire_order(empire: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Empire cards in position order, each upgrade right after the location it is under."""
    under: dict[int, list[Mapping[str, Any]]] = {}
    top = []
    for card in empire:
        if card.get("under") is not None:
            under.setdefault(int(card["under"]), []).append(card)
        else:
            top.append(card)
    out: list[Mapping[str, Any]] = []
    for card in top:
        out.append(card)
        out.extend(under.pop(int(card.get("pos", -1)), []))
    for rest in under.values():
        out.extend(rest)
    return out


def _focus_cards(view: View) -> set[int]:
    """The positions in the decider's empire of the cards the pending decision is about: the
    cards an effect decision comes from, the copy location just built, the card whose use is
    being paid for."""
    kind, _, context = _decision(view)
    if kind in SOURCED_KINDS:
        return {int(pos) for pos in context["source_pos"]}
    if kind == "copy" or (kind == "pay" and "pos" in context):
        return {int(context["pos"])}
    return set()


def _seat_order(view: View) -> list[int]:
    n = len(view["state"].get("players", []))
    seat = view.get("seat")
    first = int(seat) if seat is not None else 0
    return [(first + k) % n for k in range(n)]


def render_svg(view: View) -> str:
    """The board of ``view`` (``state.observation(seat)``, or the spectator's) as SVG."""
    st = view["state"]
    acts: Acts = action_index(view)
    parts = Svg(WIDTH, 10, title="Imperial Settlers: Empires of the North")
    y = _header(parts, view, 6)
    y = _score_part(parts, view, st, y)
    board_y = y + 4
    bottom = _circle(parts, view, acts, MARGIN, board_y)
    bottom = max(bottom, _sailing_part(parts, view, acts, 400, board_y))
    y = _own(parts, view, acts, bottom + 10)
    focus = _focus_cards(view)
    players = st.get("players", [])
    for seat in _seat_order(view):
        y = _player_part(parts, view, acts, players[seat], y, focus)
    parts.height = y + 2
    return parts.to_string()


# ------------------------------------------------------------------------------ parts drawn once
# The picture's big parts drawn once per what they read (svg.Parts): most recur from one move
# to the next, and in a spectator's and a waiting seat's pictures of the same position. A part
# is drawn afresh in a picture with legal moves (its key would have to hold them).
_PARTS = Parts(2048)


def _names(view: View) -> tuple[str, ...] | None:
    names = view.get("names")
    return None if names is None else tuple(names)


def _score_part(svg: Svg, view: View, st: Mapping[str, Any], y: float) -> float:
    vps = tuple((pl.get("seat"), pl.get("vp")) for pl in st.get("players", []))
    key = ("score", y, _names(view), vps)
    result: float = _PARTS.draw(svg, key, _score_track, svg, view, st, y)
    return result


def _sailing_part(svg: Svg, view: View, acts: Acts, x0: float, y: float) -> float:
    if acts:
        return _sailing(svg, view, acts, x0, y)
    st = view["state"]
    key = (
        "sailing",
        x0,
        y,
        _names(view),
        repr(_decision(view)),
        repr(st.get("islands", {})),
        repr(st.get("revealed")),
        repr(st.get("queue", [])),
    )
    result: float = _PARTS.draw(svg, key, _sailing, svg, view, acts, x0, y)
    return result


def _player_part(
    svg: Svg, view: View, acts: Acts, pl: Mapping[str, Any], y: float, focus: set[int]
) -> float:
    seat = int(pl["seat"])
    if acts and (view.get("seat") == seat or any(k[0] == "attack" for k in acts)):
        return _player(svg, view, acts, pl, y, focus)  # legal moves marked in the area
    st = view["state"]
    key = (
        "player",
        y,
        view.get("seat") == seat,
        _names(view),
        st.get("start_player") == seat,
        st.get("phase"),
        seat in (view.get("winners") or []),
        repr(view.get("final_scoring")),
        tuple(sorted(focus)) if seat == _decision(view)[1] else None,
        repr(pl),
    )
    result: float = _PARTS.draw(svg, key, _player, svg, view, acts, pl, y, focus)
    return result
