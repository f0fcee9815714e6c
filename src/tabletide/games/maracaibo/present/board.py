"""Pirates of Maracaibo as an SVG picture for the browser (``Game.render_svg``).

Drawn only from one seat's observation (JSON round-tripped) and the static content (the track,
the ship board, the hideout and the cards' printed facts), so the picture shows nothing the seat
may not know. Top to bottom:

* the header: round, whose turn, the pending decision;
* the Caribbean: the start area, the 9 x 4 grid of cards, islands and water, the Bay and
  Maracaibo, with ships, smuggler tiles, residence markers, refill tiles, coins and rubies;
* the exploration track as a snake of two lines (its branches as lanes, rivers on the arrows),
  with the explorers and the Retirement tile;
* the offers: quest deck and offer, level II deck, figurehead offer, the ruby market;
* "now": the context of the pending decision (the card being visited with its actions, the
  dice and raid actions, the one-time effects of a bought card, ...);
* the final scoring when the game is over;
* the players: the viewer's own area in full (ship board, hideout, figurehead, smuggler tiles,
  cards, residences and the secret quests), then everybody else in a compact panel.

Legal moves carry ``data-action`` (see :mod:`tabletide.svg`); which decisions are clickable on
the board is listed in ``docs/games/maracaibo.md`` ("The board in the browser").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from typing import Any

from tabletide.engine.view import seat_name
from tabletide.games.maracaibo.constants import (
    BAY,
    GRID,
    MARACAIBO,
    ROUNDS,
    ROWS,
    where,
)
from tabletide.games.maracaibo.content import COLORS, Effect, Perm, Track, load_content
from tabletide.games.maracaibo.present.text import MODULE_NAMES, final_columns
from tabletide.svg import INK, PAPER, SEA, Font, Svg, action_index, number, seat_color

View = Mapping[str, Any]

W = 1200.0
M = 8.0
CHAR = 0.6
"""A glyph's average width per unit of font size (a safe guess for sans-serif)."""
SMALL = 12.0
"""The smallest font size: 10 px when the picture is 1000 px wide."""

GRID_X = 74.0
GRID_Y = 78.0
PITCH_X = 112.0
PITCH_Y = 126.0
CELL_W = 108.0
CELL_H = 122.0
EAST_X = GRID_X + 9 * PITCH_X + 2
EAST_W = W - M - EAST_X

HIDE_W = 484.0
"""The width of the own hideout (left column of the own area)."""
JOHN_COLOR = "#566573"
DIM = "#808b96"
GLOW = "#e67e22"
LIGHT = "#f4f6f6"
TREASURE_FILL = {"gold": "#f4d03f", "emerald": "#27ae60", "pearl": "#fbfcfc"}
TREASURE_INK = {"gold": "#9a7d0a", "emerald": "#1e8449", "pearl": "#707b7c"}
DIE_NAME = {"gold": "yellow", "emerald": "green", "pearl": "white"}
CARD_FILL = {
    "location": "#d1f2eb",
    "residence": "#ebdef0",
    "crew": "#fae5d3",
    "equipment": "#d6eaf8",
    "ship": "#fcf3cf",
}
STRIPE = {
    "location": "#148f77",
    "residence": "#7d3c98",
    "crew": "#935116",
    "equipment": "#2e86c1",
    "ship": "#7d6608",
}
SLOT_FILL = {True: "#f5b7b1", False: "#fae5d3"}
"""Ship-board slots: permanent (red) or one-time (beige), as on the board."""
FILLED = "#4d5656"
WATER = "#85c1e9"
PER_WORD = {
    "buried": "buried",
    "crew": "Crew",
    "equipment": "Equipment",
    "ship": "Ship card",
    "cards": "card",
    "cards_res": "card or residence",
    "residences": "residence",
    "lightning": "one-time card",
    "river": "river",
    "quests": "quest",
    "fulfilled": "fulfilled quest",
    "gold": "gold",
    "emerald": "emerald",
    "pearl": "pearl",
    "set": "set",
    "income_d": "d income",
    "income_vp": "VP income",
    "upgrades": "ship upgrade",
}
FINAL_ROWS = (
    ("game", "VP during play"),
    ("rivers", "rivers"),
    ("doubloons", "doubloons"),
    ("card_vp", "card VP"),
    ("card_goals", "card goals"),
    ("cards", "cards"),
    ("residences", "residences"),
    ("treasure", "treasure"),
    ("buried", "buried treasure"),
    ("quests", "quests"),
    ("six_quests", "6 quests"),
    ("rubies", "rubies"),
)
SPACE_KINDS = ("upgrade_space", "residence_space", "location", "bay", "smuggle_here", "ruby")


# ------------------------------------------------------------------------------ words
def _short(e: Effect) -> str:
    """An effect in a couple of words, for small boxes (the tooltip has the long form)."""
    n = e.do
    if n == "treasure":
        if e.color == "any":
            return "treasure" if e.n == 1 else f"{e.n} treasures (one type)"
        if e.color == "die":
            return "treasure (die)"
        return str(e.color) if e.n == 1 else f"{e.n} {e.color}"
    if n == "refill":
        return f"refill {'2 ' if e.n > 1 else ''}{'any' if e.color == 'any' else e.color}"
    if n == "card":
        cat = e.category.capitalize() if e.category else "any"
        return f"{cat} card" + (f" +{e.n}" if e.n else "")
    if n == "per":
        cap = f" (max {e.cap})" if e.cap else ""
        return f"{e.n} VP/{PER_WORD[str(e.what)]}{cap}"
    if n == "raid_die":
        return f"raid {DIE_NAME[str(e.color)]} +{e.n}"
    words = {
        "vp": f"{e.n} VP",
        "doubloons": f"{e.n} d",
        "pay": f"pay {e.n}",
        "raid": "raid",
        "raid_as": f"raid as {e.n}",
        "explore": f"explore {e.n}",
        "explore_space": "explorer space",
        "bury": f"bury {e.n}" if e.n > 1 else "bury",
        "quest": "quest",
        "quest_sell": "sell quest",
        "ship_upgrade": "ship upgrade",
        "figurehead": "figurehead",
        "smuggler": "smuggler tile",
        "activate_smuggler": "activate tile",
        "residence": "residence",
        "income_vp": "VP income",
        "income_doubloons": "d income",
    }
    return words[n]


@cache
def _shorts(effects: tuple[Effect, ...]) -> str:
    return " + ".join(_short(e) for e in effects) or "-"


def _short_perm(p: Perm) -> str:
    color = f" {DIE_NAME[p.color]}" if p.color else ""
    gives = _shorts(p.gives)
    return {
        "raid_bonus": f"raid +{p.n}{color}",
        "raid_action": f"raid {p.n} → {gives}",
        "explore_bonus": f"explore +{p.n}",
        "trade": f"{p.n} step → {gives}",
        "discount": f"cost −{p.n}",
        "moves": f"sail {p.n}",
        "rerolls": f"{p.n} rerolls",
        "income": f"income +{p.n} d" + (f" +{p.vp} VP" if p.vp else ""),
    }[p.perm]


@cache
def _slot_short(i: int) -> str:
    slot = load_content().ship.slots[i]
    if slot.effects:
        if slot.effects[0].do == "pay" and len(slot.effects) == 2:
            return f"pay {slot.effects[0].n}: {_short(slot.effects[1])}"
        return _shorts(slot.effects)
    return "; ".join(_short_perm(p) for p in slot.permanent)


TEXT = Font(CHAR, min_chars=3)


def _wrap(text: str, width: float, size: float = SMALL, most: int = 2) -> tuple[str, ...]:
    """Greedy word wrap into at most ``most`` lines of ``width`` (long words hyphenated, the
    last line cut with …)."""
    return TEXT.wrap(text, width, size, most, hyphenate=True, strip=False)


def _fit(text: str, width: float, size: float = SMALL) -> str:
    return TEXT.fit(text, width, size, strip=False)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# ------------------------------------------------------------------------------ context
class Ctx:
    """What every drawing function needs: the view, the viewer and the legal actions."""

    def __init__(self, view: View) -> None:
        self.obs = view
        self.v: Mapping[str, Any] = view["state"]
        self.seat: int | None = view.get("seat")
        self.players: list[Mapping[str, Any]] = list(self.v["players"])
        self.index = action_index(view)
        self.legal: list[dict[str, Any]] = [
            dict(item["action"]) for item in view.get("legal_actions", [])
        ]
        decision = view.get("decision") or {}
        self.terminal = bool(view.get("terminal"))
        self.kind: str = "" if self.terminal else str(decision.get("kind", ""))
        self.prompt_seat: int | None = decision.get("seat")
        self.context: Mapping[str, Any] = decision.get("context") or {}
        """The pending decision's facts (``present/schema.py``, per kind)."""
        self.prompt_text: str = str((view.get("prompt") or {}).get("text", ""))
        """The prompt in words: shown, never read."""
        self.grid: dict[int, Mapping[str, Any]] = {e["node"]: e for e in self.v["grid"]}

    def act(self, kind: str, **fields: Any) -> int | None:
        return self.index.get((kind, tuple(sorted(fields.items()))))

    def of_kind(self, kind: str) -> list[tuple[int, dict[str, Any]]]:
        return [(i, a) for i, a in enumerate(self.legal) if a["kind"] == kind]

    def color(self, p: int) -> str:
        return JOHN_COLOR if self.players[p]["john"] else seat_color(p)

    def tag(self, p: int) -> str:
        return "JS" if self.players[p]["john"] else str(p)

    def who(self, p: int) -> str:
        return "John Silver" if self.players[p]["john"] else seat_name(self.obs.get("names"), p)

    def active_node(self) -> int:
        return int(self.players[int(self.v["active"])]["ship"])

    def decider(self) -> int:
        """The participant whose decision is pending (the active one if unknown)."""
        return self.prompt_seat if self.prompt_seat is not None else int(self.v["active"])


# ------------------------------------------------------------------------------ pieces
@lru_cache(maxsize=256)
def _ship_art(
    tag: str, color: str, me: bool, tip: str, seat: int, at: int, action: int | None
) -> str:
    def draw(svg: Svg) -> None:
        with svg.group(tip=tip, action=action, data_ship=seat, data_at=at):
            svg.polygon(
                [(0, 3), (28, 3), (23, 19), (5, 19)],
                fill=color,
                stroke=INK if me else PAPER,
                stroke_width=2.5 if me else 1,
            )
            svg.line(14, 3, 14, -5, stroke=INK, stroke_width=1.5)
            svg.polygon([(14, -5), (21, 1), (14, 1)], fill=PAPER, stroke=INK)
            svg.text(
                14, 16, tag, font_size=SMALL, fill=PAPER, font_weight="bold", text_anchor="middle"
            )

    return Svg.fragment(draw)


def _ship(svg: Svg, ctx: Ctx, x: float, y: float, p: int, action: int | None = None) -> None:
    """A ship token: a hull in the participant's colour with its number (yours outlined)."""
    me = p == ctx.seat
    tip = f"{ctx.who(p)}'s ship" + (" (yours)" if me else "")
    at = int(ctx.players[p]["ship"])
    svg.place(x, y, _ship_art(ctx.tag(p), ctx.color(p), me, tip, p, at, action))


def _pawn(svg: Svg, ctx: Ctx, x: float, y: float, p: int) -> None:
    me = p == ctx.seat
    with svg.group(tip=f"{ctx.who(p)}'s explorer", data_explorer=p):
        svg.circle(x, y, 9, fill=ctx.color(p), stroke=INK if me else PAPER, stroke_width=2)
        svg.text(
            x,
            y + 4,
            ctx.tag(p)[:1],
            font_size=SMALL,
            fill=PAPER,
            font_weight="bold",
            text_anchor="middle",
        )


def _cube(svg: Svg, x: float, y: float, color: str, size: float = 12, **attrs: Any) -> None:
    svg.rect(
        x,
        y,
        size,
        size,
        rx=2,
        fill=TREASURE_FILL[color],
        stroke=TREASURE_INK[color],
        stroke_width=1.2,
        **attrs,
    )


def _chip(
    svg: Svg,
    x: float,
    y: float,
    text: str,
    *,
    action: int | None = None,
    fill: str = PAPER,
    ink: str = INK,
    tip: str | None = None,
    muted: bool = False,
    **attrs: Any,
) -> float:
    """A labelled button-like box 24 high; returns its width. Its tip is its text unless
    given (a tap on the board, or a long press on a move, shows the tip)."""
    w = TEXT.width(text, SMALL) + 14
    with svg.group(tip=tip or text, action=action, **attrs):
        svg.rect(
            x,
            y,
            w,
            24,
            rx=5,
            fill=LIGHT if muted else fill,
            stroke=DIM if muted else INK,
            stroke_width=2 if action is not None else 1,
        )
        svg.text(
            x + w / 2,
            y + 16,
            text,
            font_size=SMALL,
            fill=DIM if muted else ink,
            text_anchor="middle",
        )
    return w


def _label(svg: Svg, x: float, y: float, text: str, size: float = 14, **attrs: Any) -> None:
    attrs.setdefault("font_weight", "bold")
    svg.text(x, y, text, font_size=size, **attrs)


# ------------------------------------------------------------------------------ header
def _header(svg: Svg, ctx: Ctx) -> float:
    v = ctx.v
    svg.rect(0, 0, W, 56, fill="#1b4f72")
    title = f"Pirates of Maracaibo · round {v['round']} of {ROUNDS}"
    svg.text(M + 4, 22, title, font_size=17, fill=PAPER, font_weight="bold", data_round=v["round"])
    viewer = "spectator" if ctx.seat is None else _fit(ctx.who(ctx.seat), 144, 13)
    if ctx.seat is not None:
        svg.rect(W - M - 150, 8, 150, 20, rx=4, fill=seat_color(ctx.seat))
    svg.text(W - M - 75, 23, viewer, font_size=13, fill=PAPER, text_anchor="middle")
    if ctx.terminal:
        winners = ctx.obs.get("winners") or []
        names = ", ".join(ctx.who(w) for w in winners) or ("John Silver" if v["solo"] else "nobody")
        line = f"Game over · winner: {names}"
    else:
        line = "▶ " + ctx.prompt_text
        if v["ending"]:
            line += "  ·  a ship reached Maracaibo: last turns of the round"
    svg.text(M + 4, 46, _fit(line, W - 2 * M - 8, 13), font_size=13, fill="#f9e79f")
    return 56


# ------------------------------------------------------------------------------ the Caribbean
def _cell_xy(node: int) -> tuple[float, float]:
    col, r = node // ROWS, node % ROWS
    return GRID_X + col * PITCH_X, GRID_Y + r * PITCH_Y


def _caribbean(svg: Svg, ctx: Ctx, y0: float) -> float:
    svg.raw(_sea_art(y0))
    for node in range(GRID):
        _cell(svg, ctx, node)
    _east(svg, ctx)
    for k, p in enumerate(ctx.v["start"]):
        _ship(svg, ctx, M + 14, GRID_Y + 30 + k * 30, p)
    if ctx.kind in SPACE_KINDS or ctx.kind == "pay":
        node = ctx.active_node()
        if node < GRID:
            x, y = _cell_xy(node)
            svg.rect(
                x - 3,
                y - 3,
                CELL_W + 6,
                CELL_H + 6,
                rx=6,
                fill="none",
                stroke=GLOW,
                stroke_width=4,
                data_focus=node,
            )
    return y0 + 4 * PITCH_Y + 26


@cache
def _sea_art(y0: float) -> str:
    def draw(svg: Svg) -> None:
        svg.rect(0, y0, W, 4 * PITCH_Y + 26, fill=SEA)
        for c in range(9):
            svg.text(
                GRID_X + c * PITCH_X + CELL_W / 2,
                y0 + 17,
                str(c + 1),
                font_size=13,
                font_weight="bold",
                text_anchor="middle",
            )
        svg.text(M + 2, y0 + 17, "start", font_size=SMALL, font_weight="bold")
        svg.rect(
            M,
            GRID_Y,
            GRID_X - M - 6,
            4 * PITCH_Y - 4,
            rx=6,
            fill="#d6eaf8",
            stroke=INK,
            tip="the start area: every ship begins each round here",
        )
        for r in range(ROWS):
            svg.text(
                M + 6,
                GRID_Y + r * PITCH_Y + 16,
                "abcd"[r],
                font_size=14,
                font_weight="bold",
                fill=DIM,
            )

    return Svg.fragment(draw)


def _east(svg: Svg, ctx: Ctx) -> None:
    v = ctx.v
    svg.raw(
        _east_art(
            tuple(v["bay_actions"]),
            str(v["maracaibo_effects"]),
            ctx.act("sail", to=BAY),
            ctx.act("sail", to=MARACAIBO),
        )
    )
    for k, p in enumerate(v["bay"]):
        _ship(svg, ctx, EAST_X + 8 + (k % 3) * 31, GRID_Y + 96 + (k // 3) * 30, p)
    y = GRID_Y + 2 * PITCH_Y
    for k, p in enumerate(v["maracaibo"]):
        _ship(svg, ctx, EAST_X + 8 + (k % 3) * 31, y + 96 + (k // 3) * 30, p)


@lru_cache(maxsize=64)
def _east_art(bay: tuple[str, ...], mara: str, bay_act: int | None, mara_act: int | None) -> str:
    def draw(svg: Svg) -> None:
        h = 2 * PITCH_Y - 4
        with svg.group(tip="The Bay: " + " and ".join(bay), action=bay_act, data_node=BAY):
            svg.rect(EAST_X, GRID_Y, EAST_W, h, rx=8, fill="#a9cce3", stroke=INK, stroke_width=1.5)
            svg.text(EAST_X + 8, GRID_Y + 20, "BAY", font_size=15, font_weight="bold")
            for k, text in enumerate(bay):
                svg.text(EAST_X + 8, GRID_Y + 40 + k * 15, _fit(text, EAST_W - 12), font_size=SMALL)
        y = GRID_Y + 2 * PITCH_Y
        with svg.group(
            tip=f"Maracaibo: {mara} for every arrival", action=mara_act, data_node=MARACAIBO
        ):
            svg.rect(EAST_X, y, EAST_W, h, rx=8, fill="#f9e79f", stroke=INK, stroke_width=1.5)
            svg.text(EAST_X + 8, y + 20, "MARACAIBO", font_size=14, font_weight="bold")
            for k, line in enumerate(_wrap(mara, EAST_W - 12, most=3)):
                svg.text(EAST_X + 8, y + 40 + k * 15, line, font_size=SMALL)
        mid = EAST_X + EAST_W / 2
        svg.polygon([(mid - 8, y - 1), (mid + 8, y - 1), (mid, y - 11)], fill=INK)

    return Svg.fragment(draw)


def _cell_action(ctx: Ctx, node: int) -> int | None:
    """The legal action whose natural target is this card cell."""
    for kind in ("sail", "buy", "build"):
        a = ctx.act(kind, **{"to" if kind == "sail" else "at": node})
        if a is not None:
            return a
    if ctx.kind == "step" and ctx.active_node() == node:
        return ctx.act("stop")
    return None


def _cell(svg: Svg, ctx: Ctx, node: int) -> None:
    e = ctx.grid[node]
    kind = e["kind"]
    if kind == "water":
        svg.raw(_water_art(node))
        return
    if kind == "island":
        color = str(e["island"])
        island = ctx.v["islands"][color]
        action = ctx.act("color", c=COLORS.index(color)) if ctx.kind == "color" else None
        svg.raw(_island_art(node, color, int(island["cubes"]), int(island["value"]), action))
        return
    if e.get("empty"):
        state = "empty"
    elif e.get("blank"):
        state = "blank"
    elif e.get("face_down"):
        state = "down_location" if e.get("face_down_type") else "down"
    else:
        state = ""
    card = int(e.get("card", -1))
    rows = _piece_rows(e)
    svg.raw(_card_art(node, card, state, _cell_action(ctx, node), e.get("refill"), rows))
    _pieces(svg, ctx, node, e, rows)


def _markers(e: Mapping[str, Any]) -> int:
    return (
        bool(e.get("refill"))
        + ("smuggler" in e)
        + len(e.get("residents", []))
        + bool(e.get("coins"))
        + bool(e.get("ruby_supply"))
    )


def _piece_rows(e: Mapping[str, Any]) -> int:
    """How many rows of pieces a card cell needs at its bottom (ships left, markers right)."""
    ships, markers = len(e["ships"]), _markers(e)
    if not ships and not markers:
        return 0
    return 1 if ships * 26 + markers * 21 + 4 <= CELL_W else 2


@cache
def _water_art(node: int) -> str:
    def draw(svg: Svg) -> None:
        x, y = _cell_xy(node)
        svg.rect(x, y, CELL_W, CELL_H, rx=6, fill=WATER, tip=f"open water ({where(node)})")
        for k in range(3):
            yy = y + 35 + k * 25
            svg.path(
                f"M{x + 18} {yy} q 12 -8 24 0 t 24 0 t 24 0",
                fill="none",
                stroke=PAPER,
                stroke_width=2,
            )

    return Svg.fragment(draw)


@lru_cache(maxsize=512)
def _island_art(node: int, color: str, cubes: int, value: int, action: int | None) -> str:
    def draw(svg: Svg) -> None:
        x, y = _cell_xy(node)
        with svg.group(
            tip=f"{color} island: {cubes} cubes; each {color} is worth {value} VP at the end",
            action=action,
            data_island=color,
            data_cubes=cubes,
        ):
            svg.rect(x, y, CELL_W, CELL_H, rx=6, fill=WATER)
            svg.path(
                f"M{x + 10} {y + 70} q 10 -52 44 -50 q 40 0 46 46 q 2 40 -44 44 q -50 2 -46 -40 z",
                fill="#f5cba7",
                stroke="#b9770e",
                stroke_width=1.5,
            )
            svg.text(
                x + CELL_W / 2,
                y + 36,
                color.upper(),
                font_size=13,
                font_weight="bold",
                fill=TREASURE_INK[color],
                text_anchor="middle",
            )
            shown = min(cubes, 8)
            for k in range(shown):
                _cube(svg, x + 22 + (k % 4) * 17, y + 44 + (k // 4) * 16, color)
            if cubes > shown:
                svg.text(x + 96, y + 70, f"+{cubes - shown}", font_size=SMALL, text_anchor="middle")
            svg.text(
                x + CELL_W / 2,
                y + 100,
                f"{cubes} left · {value} VP",
                font_size=SMALL,
                text_anchor="middle",
                font_weight="bold",
            )

    return Svg.fragment(draw)


@lru_cache(maxsize=4096)
def _card_art(
    node: int, card: int, state: str, action: int | None, refill: str | None, rows: int
) -> str:
    """A card cell: its face (from the content, by the card the view names) or its back;
    ``rows`` rows at the bottom are kept free for the pieces."""

    def draw(svg: Svg) -> None:
        x, y = _cell_xy(node)
        attrs: dict[str, Any] = {"data_node": node}
        if card >= 0:
            attrs["data_card"] = card
        with svg.group(action=action, tip=_cell_tip(node, card, state, refill), **attrs):
            if state:
                _back(svg, x, y, state)
            else:
                _face(svg, x, y, card, y + CELL_H - 3 - 21 * rows)

    return Svg.fragment(draw)


def _cell_tip(node: int, card: int, state: str, refill: str | None) -> str:
    at = where(node)
    if state == "empty":
        return f"{at}: refilled once the card's effects are done"
    if state == "blank":
        return f"{at}: a face-down level I card (5 doubloons when you stop here)"
    if state:
        return f"{at}: a face-down " + ("location" if state == "down_location" else "card")
    c = load_content().cards[card]
    level = "I" * c.level
    kind = {"location": f"location {level}", "residence": f"residence, cost {c.cost}"}.get(
        c.type, f"{c.category} card {level}, cost {c.cost}"
    )
    extra = f" VP {c.vp}; income {c.income_d} d, {c.income_vp} VP." if c.type == "upgrade" else ""
    if refill:
        extra += f" Refill tile: {refill}."
    return f"{c.name} ({at}) — {kind}. {c.text}{extra}"


def _back(svg: Svg, x: float, y: float, state: str) -> None:
    svg.rect(x, y, CELL_W, CELL_H, rx=6, fill="#34495e", stroke=INK)
    svg.rect(x + 6, y + 6, CELL_W - 12, CELL_H - 12, rx=4, fill="none", stroke="#85929e")
    text = {
        "empty": ["refilling"],
        "blank": ["face down", "(level I)"],
        "down_location": ["face down", "location"],
    }.get(state, ["face down"])
    for k, line in enumerate(text):
        svg.text(
            x + CELL_W / 2, y + 50 + k * 15, line, font_size=13, fill=PAPER, text_anchor="middle"
        )


def _face(svg: Svg, x: float, y: float, card: int, limit: float) -> None:
    c = load_content().cards[card]
    key = c.category if c.category else c.type
    svg.rect(x, y, CELL_W, CELL_H, rx=6, fill=CARD_FILL[key], stroke=INK)
    svg.rect(x, y, CELL_W, 17, rx=6, fill=STRIPE[key])
    head = (
        key.capitalize()
        if c.level == 1
        else ("Equip." if key == "equipment" else key.capitalize()) + " II"
    )
    svg.text(x + 5, y + 13, head, font_size=SMALL, fill=PAPER, font_weight="bold")
    if c.type != "location":
        svg.text(
            x + CELL_W - 5,
            y + 13,
            f"{c.cost}d",
            font_size=SMALL,
            fill=PAPER,
            font_weight="bold",
            text_anchor="end",
        )
    name = _wrap(c.name, CELL_W - 8, 13, 2)
    for k, line in enumerate(name):
        svg.text(x + 4, y + 32 + k * 15, line, font_size=13, font_weight="bold")
    ty = y + 32 + len(name) * 15
    extra = ""
    if c.type == "upgrade":
        bits = [f"{c.vp} VP"] if c.vp else []
        bits += [f"+{c.income_d}d"] if c.income_d else []
        bits += [f"+{c.income_vp}VP"] if c.income_vp else []
        extra = _fit(" ".join(bits), CELL_W - 8)
    most = max(1, int((limit - 3 - ty) // 14) + 1 - (1 if extra else 0))
    lines = _wrap(c.text, CELL_W - 8, SMALL, most)
    for k, line in enumerate(lines):
        svg.text(x + 4, ty + k * 14, line, font_size=SMALL)
    if extra:
        svg.text(
            x + 4,
            ty + len(lines) * 14,
            extra,
            font_size=SMALL,
            fill=STRIPE[key],
            font_weight="bold",
        )


def _pieces(svg: Svg, ctx: Ctx, node: int, e: Mapping[str, Any], rows: int) -> None:
    """Ships along the bottom of a card, its markers on the right (a row higher when the
    bottom row is full)."""
    x, y = _cell_xy(node)
    for k, p in enumerate(e["ships"]):
        _ship(svg, ctx, x + 2 + k * 26, y + CELL_H - 22, p, ctx.act("pay", seat=p))
    mx, my = x + CELL_W - 2, y + CELL_H - 21 * rows
    if e.get("refill"):
        color = e["refill"]
        mx -= 20
        with svg.group(
            tip=f"refill tile: a {color} cube goes onto its island at each visit", data_refill=color
        ):
            svg.rect(mx, my, 18, 18, rx=3, fill=TREASURE_FILL[color], stroke=INK)
            svg.text(mx + 9, my + 14, "+", font_size=13, font_weight="bold", text_anchor="middle")
    if "smuggler" in e:
        sm = e["smuggler"]
        owner = int(sm["owner"])
        mx -= 20
        action = None
        if owner == ctx.seat:
            action = ctx.act("activate", at=node)
            if ctx.kind == "smuggle_here" and ctx.active_node() == node:
                action = ctx.act("yes")
        with svg.group(
            tip=f"{ctx.who(owner)}'s smuggler tile: {sm['text']}",
            action=action,
            data_smuggler=owner,
        ):
            svg.rect(mx, my, 18, 18, rx=2, fill=ctx.color(owner), stroke=INK)
            svg.text(
                mx + 9,
                my + 14,
                "$",
                font_size=13,
                fill=PAPER,
                font_weight="bold",
                text_anchor="middle",
            )
    for p in reversed(e.get("residents", [])):
        mx -= 18
        svg.polygon(
            [(mx, my + 8), (mx + 8, my), (mx + 16, my + 8), (mx + 16, my + 18), (mx, my + 18)],
            fill=ctx.color(p),
            stroke=INK,
            tip=f"{ctx.who(p)} built this residence",
            data_resident=p,
        )
    if e.get("coins"):
        mx -= 22
        with svg.group(tip=f"{e['coins']} doubloons lie on this card"):
            svg.circle(mx + 10, my + 9, 10, fill="#f7dc6f", stroke="#9a7d0a")
            svg.text(mx + 10, my + 13, str(e["coins"]), font_size=SMALL, text_anchor="middle")
    if e.get("ruby_supply"):
        mx -= 20
        action = ctx.act("yes") if ctx.kind == "ruby" and ctx.active_node() == node else None
        svg.polygon(
            [(mx + 9, my), (mx + 18, my + 9), (mx + 9, my + 18), (mx, my + 9)],
            fill="#c0392b",
            stroke=INK,
            tip="ruby supply",
            action=action,
        )


# ------------------------------------------------------------------------------ the track
@cache
def _track_shape(track: Track) -> tuple[dict[int, tuple[int, float]], int]:
    """Each space's (depth, lane) and the greatest depth: depth = the longest path from the
    start; lanes split at a branch and meet again where the arms join."""
    depth = {s.id: 0 for s in track.spaces}
    lanes: dict[int, list[float]] = {s.id: [] for s in track.spaces}
    lane: dict[int, float] = {}
    for s in track.spaces:
        lane[s.id] = sum(lanes[s.id]) / len(lanes[s.id]) if lanes[s.id] else 0.0
        k = len(s.next)
        spread = 1.0 if lane[s.id] == 0 else 0.5
        for j, t in enumerate(s.next):
            depth[t] = max(depth[t], depth[s.id] + 1)
            lanes[t].append(lane[s.id] + (j - (k - 1) / 2) * spread if k > 1 else lane[s.id])
    return {i: (depth[i], lane[i]) for i in depth}, max(depth.values())


BOX_W = 98.0
BOX_H = 46.0
LANE_H = 50.0
TRACK_GAP = 34.0
TRACK_H = 24 + 2 * (LANE_H + BOX_H) + TRACK_GAP + 10


@cache
def _track_pos() -> dict[int, tuple[float, float]]:
    """The centre of each track space, relative to the track band: a snake of two lines."""
    shape, top = _track_shape(load_content().track)
    half = (top + 2) // 2
    pitch = (W - 2 * M) / half
    row_h = LANE_H + BOX_H
    pos = {}
    for sid, (d, lane) in shape.items():
        line = 0 if d < half else 1
        col = d if line == 0 else (half - 1) - (d - half)
        pos[sid] = (
            M + col * pitch + pitch / 2,
            24 + line * (row_h + TRACK_GAP) + row_h / 2 + lane * LANE_H,
        )
    return pos


def _track(svg: Svg, ctx: Ctx, y0: float) -> float:
    svg.place(0, y0, _track_base())
    pos = _track_pos()
    retire = ctx.v.get("retirement")
    for entry in ctx.v["track"]:
        sid = int(entry["space"])
        cx, cy = pos[sid]
        svg.place(
            cx - BOX_W / 2,
            y0 + cy - BOX_H / 2,
            _space_art(sid, str(entry["effects"]), ctx.act("go", to=sid), retire == sid),
        )
        for k, p in enumerate(entry["explorers"]):
            _pawn(svg, ctx, cx - BOX_W / 2 + 10 + k * 16, y0 + cy + BOX_H / 2, p)
    return y0 + TRACK_H


@cache
def _track_base() -> str:
    track = load_content().track
    pos = _track_pos()
    river_no = {
        (s.id, t): no for s in track.spaces for t, no in zip(s.river, s.river_no, strict=True)
    }

    def draw(svg: Svg) -> None:
        svg.rect(0, 0, W, TRACK_H, fill="#fef9e7")
        _label(svg, M, 17, "Exploration track")
        svg.text(
            M + 150,
            17,
            "explorers go right along the top line, then left along the "
            "bottom one; blue zigzag = a river",
            font_size=SMALL,
            fill=DIM,
        )
        for s in track.spaces:
            for t in s.next:
                _track_edge(svg, pos[s.id], pos[t], river_no.get((s.id, t)))

    return Svg.fragment(draw)


def _track_edge(
    svg: Svg, a: tuple[float, float], b: tuple[float, float], river: int | None
) -> None:
    (ax, ay), (bx, by) = a, b
    if abs(ay - by) > LANE_H * 1.5:  # the turn from the top line to the bottom one
        x1, y1, x2, y2 = ax, ay + BOX_H / 2, bx, by - BOX_H / 2
    else:
        sign = 1 if bx > ax else -1
        x1, y1, x2, y2 = ax + sign * BOX_W / 2, ay, bx - sign * BOX_W / 2, by
    svg.line(x1, y1, x2, y2, stroke=INK, stroke_width=2)
    dx, dy = x2 - x1, y2 - y1
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    svg.polygon(
        [
            (x2, y2),
            (x2 - 8 * ux - 4 * uy, y2 - 8 * uy + 4 * ux),
            (x2 - 8 * ux + 4 * uy, y2 - 8 * uy - 4 * ux),
        ],
        fill=INK,
    )
    if river is not None:
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        pts = []
        for k in range(5):
            off, wob = (k - 2) * 6, (3 if k % 2 else -3)
            pts.append(f"{number(mx - uy * off + ux * wob)} {number(my + ux * off + uy * wob)}")
        svg.path(
            "M" + " L".join(pts),
            fill="none",
            stroke="#2874a6",
            stroke_width=4,
            tip=f"river {river + 1}",
        )


@lru_cache(maxsize=256)
def _space_art(sid: int, effects: str, action: int | None, retire: bool) -> str:
    track = load_content().track
    space = track.spaces[sid] if sid < len(track.spaces) else None
    text = _shorts(space.effects) if space and space.effects else "start"

    def draw(svg: Svg) -> None:
        with svg.group(
            tip=f"space {sid}: {effects or 'the start'}"
            + (" · the Retirement tile lies here" if retire else ""),
            action=action,
            data_space=sid,
        ):
            svg.rect(
                0,
                0,
                BOX_W,
                BOX_H,
                rx=6,
                fill="#fdebd0" if sid else "#d5f5e3",
                stroke=INK,
                stroke_width=1.2,
            )
            svg.text(4, 13, str(sid), font_size=SMALL, fill=DIM)
            lines = _wrap(text, BOX_W - 6, SMALL, 2)
            base = 31 if len(lines) == 1 else 26
            for k, line in enumerate(lines):
                svg.text(BOX_W / 2, base + k * 14, line, font_size=SMALL, text_anchor="middle")
        if retire:
            svg.rect(BOX_W - 20, 2, 18, 16, rx=3, fill="#7d3c98", tip="Retirement tile")
            svg.text(
                BOX_W - 11,
                15,
                "R",
                font_size=SMALL,
                fill=PAPER,
                text_anchor="middle",
                font_weight="bold",
            )

    return Svg.fragment(draw)


# ------------------------------------------------------------------------------ offers
def _offers(svg: Svg, ctx: Ctx, y0: float) -> float:
    v = ctx.v
    svg.rect(0, y0, W, 112, fill="#eaf2f8")
    y = y0 + 22
    _label(svg, M, y - 5, "Quests")
    _pile(
        svg,
        M,
        y,
        62,
        str(v["quest_deck"]),
        "quest deck",
        ctx.act("quest", quest=-1),
        data_pile="quests",
    )
    x = M + 70
    qw = 196.0 if len(v["quest_offer"]) <= 2 else 162.0
    for q in v["quest_offer"]:
        quest = int(q["quest"])
        art = _quest_art(quest, str(q["text"]), qw, ctx.act("quest", quest=quest), -1, False, False)
        svg.place(x, y, art)
        x += qw + 6
    x += 8
    _label(svg, x, y - 5, "Level II")
    top = v.get("level2_top")
    _pile(svg, x, y, 70, str(v["level2"]), "level II deck", None, data_pile="level2")
    if top is not None:
        svg.text(
            x + 35,
            y + 72,
            _fit(top["name"], 66),
            font_size=SMALL,
            fill=PAPER,
            text_anchor="middle",
            tip=f"face-up top card: {top['name']}: {top['text']}",
        )
    x += 86
    _label(svg, x, y - 5, "Figureheads (3 d each)")
    figs = list(v["figureheads"])
    fw = min(124.0, (W - M - x) / max(1, len(figs)) - 6)
    for f in figs:
        svg.place(x, y, _fig_art(int(f["fig"]), fw, ctx.act("figurehead", fig=f["fig"])))
        x += fw + 6
    if not figs:
        svg.text(x, y + 40, "(none left)", font_size=SMALL, fill=DIM)
    y0 += 112
    if v["modules"]:
        y0 = _modules(svg, ctx, y0)
    return y0


@lru_cache(maxsize=1024)
def _quest_art(
    quest: int, text: str, w: float, action: int | None, owner: int, secret: bool, done: bool
) -> str:
    """A quest card: the offer's (owner -1) or a participant's."""

    def draw(svg: Svg) -> None:
        h = 80 if owner < 0 else 46
        attrs: dict[str, Any] = {"data_quest": quest}
        if owner >= 0:
            attrs["data_owner"] = owner
        tip = f"quest {quest}: {text}" + (" — fulfilled now" if done else "")
        with svg.group(tip=tip, action=action, **attrs):
            svg.rect(
                0,
                0,
                w,
                h,
                rx=5,
                fill="#fef5e7",
                stroke=INK,
                stroke_dasharray="5 3" if secret else None,
            )
            if owner < 0:
                svg.text(6, 15, f"quest {quest}", font_size=SMALL, fill=DIM)
            top = 30 if owner < 0 else 14
            for k, line in enumerate(_wrap(text, w - 26, SMALL, 4 if owner < 0 else 3)):
                svg.text(6, top + k * 14, line, font_size=SMALL)
            if done:
                svg.circle(w - 12, 12, 8, fill="#27ae60")
                svg.text(w - 12, 16, "✓", font_size=SMALL, fill=PAPER, text_anchor="middle")

    return Svg.fragment(draw)


@lru_cache(maxsize=256)
def _fig_art(fig: int, w: float, action: int | None) -> str:
    f = load_content().figureheads[fig]

    def draw(svg: Svg) -> None:
        with svg.group(tip=f"{f.letter} {f.name}: {f.text}", action=action, data_figurehead=fig):
            svg.rect(0, 0, w, 80, rx=6, fill="#f6ddcc", stroke=INK)
            name = _wrap(f"{f.letter} · {f.name}", w - 10, SMALL, 2)
            for k, line in enumerate(name):
                svg.text(6, 16 + k * 14, line, font_size=SMALL, font_weight="bold")
            top = 18 + 14 * len(name)
            for k, line in enumerate(_wrap(_fig_short(fig), w - 10, SMALL, 5 - len(name))):
                svg.text(6, top + k * 14, line, font_size=SMALL)

    return Svg.fragment(draw)


@cache
def _fig_short(i: int) -> str:
    f = load_content().figureheads[i]
    if f.special == "whale":
        return "refresh the quest offer; +1 d income per quest"
    if f.special == "poseidon":
        return "bury onto its 4 bonus spaces"
    return "; ".join([_short_perm(p) for p in f.permanent] + [_short(e) for e in f.effects])


def _pile(
    svg: Svg,
    x: float,
    y: float,
    w: float,
    count: str,
    what: str,
    action: int | None,
    **attrs: Any,
) -> None:
    with svg.group(tip=f"{what}: {count} cards (face down)", action=action, **attrs):
        svg.rect(x + 4, y + 4, w, 80, rx=6, fill="#1b2631")
        svg.rect(x, y, w, 80, rx=6, fill="#2e4053", stroke=INK)
        svg.text(
            x + w / 2,
            y + 36,
            count,
            font_size=18,
            fill=PAPER,
            font_weight="bold",
            text_anchor="middle",
        )
        svg.text(x + w / 2, y + 54, "cards", font_size=SMALL, fill="#d5dbdb", text_anchor="middle")


def _modules(svg: Svg, ctx: Ctx, y0: float) -> float:
    v = ctx.v
    mods = list(v["modules"])
    h = 34.0 + (34 if "rubies" in mods else 0)
    svg.rect(0, y0, W, h, fill="#f4ecf7")
    names = ", ".join(MODULE_NAMES.get(m, m) for m in mods)
    svg.text(M, y0 + 20, _fit(f"Modules: {names}", W - 2 * M, 13), font_size=13)
    if "rubies" in mods:
        y = y0 + 32
        _label(svg, M, y + 16, "Ruby market", 13)
        x = M + 100
        for i, space in enumerate(v["ruby_market"]):
            taken = bool(space["taken"])
            x += (
                _chip(
                    svg,
                    x,
                    y,
                    f"{i + 1}: {_ruby_short(i)}" + (" (taken)" if taken else ""),
                    action=ctx.act("sell_ruby", space=i),
                    muted=taken,
                    fill="#fadbd8",
                    tip=f"ruby market space {i + 1}: {space['text']}",
                    data_market=i,
                )
                + 6
            )
        sold_out = ctx.act("sell_ruby", space=-1)
        if sold_out is not None:
            _chip(svg, x, y, "sell for 2 VP", action=sold_out, fill="#fadbd8", data_market=-1)
    return y0 + h


# ------------------------------------------------------------------------------ "now"
def _context(svg: Svg, ctx: Ctx, y0: float) -> float:
    if ctx.terminal or not ctx.kind:
        return y0
    y = y0 + 6
    body = _CONTEXT.get(ctx.kind)
    scratch = Svg(0, 0)
    bottom = body(scratch, ctx, M + 10, y + 34) if body else None
    hint = HINTS.get(ctx.kind) if ctx.legal else None
    if hint and not body:
        scratch.text(M + 10, y + 52, f"({hint})", font_size=13, fill=DIM)
        bottom = y + 58
    h = max(70.0 if body else 34.0, (bottom or 0) - y + 8)
    svg.rect(
        M, y, W - 2 * M, h, rx=8, fill="#fef9e7", stroke=GLOW, stroke_width=3, data_context=ctx.kind
    )
    mine = " (you)" if ctx.seat is not None and ctx.prompt_seat == ctx.seat else ""
    svg.text(
        M + 10,
        y + 21,
        _fit("Now: " + ctx.prompt_text + mine, W - 40, 14),
        font_size=14,
        font_weight="bold",
    )
    svg.raw(scratch.markup())
    return y + h + 4


def _ctx_space(svg: Svg, ctx: Ctx, x: float, y: float) -> None:
    """A location's or the Bay's action groups as buttons (grey: done or not possible)."""
    node = int(ctx.context["at"])
    name = "The Bay" if node == BAY else str(ctx.grid.get(node, {}).get("name", "this location"))
    groups = [list(g) for g in ctx.context["groups"]]
    svg.text(x, y + 17, _fit(name, 180, 13) + ":", font_size=13, font_weight="bold")
    x += min(190.0, TEXT.width(name, 13) + 16)
    acting = bool(ctx.legal)
    for g, alts in enumerate(groups):
        if g:
            svg.text(x + 2, y + 17, "and", font_size=SMALL, fill=DIM)
            x += 34
        for i, text in enumerate(alts):
            if i:
                svg.text(x + 2, y + 17, "or", font_size=SMALL, fill=DIM)
                x += 22
            action = ctx.act("act", group=g, alt=i)
            x += (
                _chip(
                    svg,
                    x,
                    y,
                    text,
                    action=action,
                    muted=acting and action is None,
                    fill="#d1f2eb",
                    data_group=f"{g}:{i}",
                )
                + 6
            )


def _ctx_lightning(svg: Svg, ctx: Ctx, x: float, y: float) -> None:
    """The gained card's one-time effects (the decision's context names the card)."""
    name = str(ctx.context["name"])
    svg.text(x, y + 17, _fit(name, 200, 13) + ":", font_size=13, font_weight="bold")
    x += min(210.0, TEXT.width(name, 13) + 16)
    for i, text in enumerate(ctx.context["effects"]):
        action = ctx.act("effect", i=i)
        x += (
            _chip(
                svg,
                x,
                y,
                text,
                action=action,
                muted=bool(ctx.legal) and action is None,
                fill="#fcf3cf",
                data_effect=i,
            )
            + 8
        )


def _ctx_reroll(svg: Svg, ctx: Ctx, x: float, y: float) -> None:
    """The three dice and, for the raider, each die's strength (the decision's context)."""
    dice = [int(d) for d in ctx.context["dice"]]
    strength = (
        {i: str(v) for i, v in enumerate(ctx.context["strengths"])} if ctx.of_kind("die") else {}
    )
    svg.text(x, y + 17, "Dice:", font_size=13, font_weight="bold")
    x += 48
    for i, color in enumerate(COLORS):
        tip = f"the {DIE_NAME[color]} die: {dice[i]}" + (
            f" (strength {strength[i]}, {color} treasure)" if i in strength else ""
        )
        with svg.group(tip=tip, action=ctx.act("die", die=i), data_die=i, data_value=dice[i]):
            svg.rect(x, y - 2, 30, 30, rx=6, fill=TREASURE_FILL[color], stroke=INK, stroke_width=2)
            svg.text(
                x + 15, y + 19, str(dice[i]), font_size=17, font_weight="bold", text_anchor="middle"
            )
        if i in strength:
            svg.text(x + 36, y + 17, f"→ strength {strength[i]}", font_size=SMALL)
        x += 140
    reroll = ctx.act("reroll")
    if reroll is not None:
        _chip(svg, x, y, "reroll all", action=reroll, fill="#d6eaf8")


def _ctx_spend(svg: Svg, ctx: Ctx, x: float, y: float) -> None:
    color = str(ctx.context["color"])
    left = str(ctx.context["strength"])
    if color in TREASURE_FILL:
        svg.rect(
            x,
            y - 2,
            30,
            30,
            rx=6,
            fill=TREASURE_FILL[color],
            stroke=INK,
            stroke_width=2,
            tip=f"the raid's die: {DIE_NAME[color]} ({color} treasure)",
        )
    svg.text(
        x + 38,
        y + 17,
        f"strength {left}" if left else "strength",
        font_size=13,
        font_weight="bold",
        data_strength=left,
    )
    x += 130
    for raid in ctx.context["actions"]:
        rid, source = int(raid["action"]), str(raid["source"])
        action = ctx.act("spend", action=rid)
        gives = _shorts(tuple(Effect.model_validate(e) for e in raid["gives"]))
        x += (
            _chip(
                svg,
                x,
                y,
                f"{raid['strength']}: {gives}",
                action=action,
                muted=bool(ctx.legal) and action is None,
                fill="#fadbd8",
                tip=f"{source}: spend {raid['strength']} strength for {gives}",
                data_raid=rid,
            )
            + 6
        )


def _ctx_color(svg: Svg, ctx: Ctx, x: float, y: float) -> None:
    purpose = str(ctx.context["purpose"]).replace("_", " ") if ctx.legal else "choose"
    svg.text(x, y + 17, purpose.capitalize() + ":", font_size=13, font_weight="bold")
    x += TEXT.width(purpose, 13) + 20
    for i, color in enumerate(COLORS):
        cubes = ctx.v["islands"][color]["cubes"]
        x += (
            _chip(
                svg,
                x,
                y,
                f"{color} (island {cubes})",
                action=ctx.act("color", c=i),
                fill=TREASURE_FILL[color],
                data_color=i,
            )
            + 8
        )


def _ctx_pay(svg: Svg, ctx: Ctx, x: float, y: float) -> None:
    svg.text(x, y + 17, "Pay 1 doubloon to:", font_size=13, font_weight="bold")
    x += 140
    for i, a in ctx.of_kind("pay"):
        q = int(a["seat"])
        x += _chip(svg, x, y, ctx.who(q), action=i, fill=ctx.color(q), ink=PAPER, data_seat=q) + 8


def _ctx_smuggler(svg: Svg, ctx: Ctx, x: float, y: float) -> float | None:
    """Where each smuggler tile left may go: one button per (tile, location)."""
    by_tile: dict[int, list[tuple[int, int]]] = {}
    for i, a in ctx.of_kind("smuggle"):
        by_tile.setdefault(int(a["tile"]), []).append((int(a["at"]), i))
    if not by_tile:
        svg.text(x, y + 17, "a smuggler tile goes onto a location", font_size=13)
        return None
    texts = ctx.v["smuggler_tiles"]
    col_w = (W - 2 * M - 20) / len(by_tile)
    bottom = y + 30
    for k, (tile, spots) in enumerate(sorted(by_tile.items())):
        cx = x + k * col_w
        svg.text(
            cx,
            y + 4,
            _fit(_smuggler_short(tile, int(ctx.v["smuggler_sides"][tile])), col_w - 8),
            font_size=SMALL,
            font_weight="bold",
            tip=texts[tile],
        )
        sx, sy = cx, y + 10
        for node, i in spots:
            w = TEXT.width(where(node), SMALL) + 10
            if sx + w > cx + col_w - 4:
                sx, sy = cx, sy + 23
            with svg.group(
                action=i,
                tip=f"tile '{texts[tile]}' on {where(node)}",
                data_tile=tile,
                data_node=node,
            ):
                svg.rect(sx, sy, w, 20, rx=4, fill="#fdedec", stroke=INK)
                svg.text(sx + w / 2, sy + 14, where(node), font_size=SMALL, text_anchor="middle")
            sx += w + 3
            bottom = max(bottom, sy + 22)
    return bottom


@cache
def _ruby_short(i: int) -> str:
    return _shorts(load_content().places.ruby_market[i])


@cache
def _smuggler_short(tile: int, side: int) -> str:
    """A smuggler tile's side (``view["smuggler_sides"]``) in short words."""
    return _shorts(load_content().smugglers[tile][side].effects)


def _ctx_explore(svg: Svg, ctx: Ctx, x: float, y: float) -> None:
    trades = [
        f"give up {t['steps']} step(s) for {t['gives']} ({t['source']})"
        for t in ctx.context["trades"]
    ]
    text = "choose the space where your explorer stops (on the track above)"
    if not ctx.legal:
        text = "the explorer moves along the track"
    if trades and ctx.legal:
        text += "; or first: " + "; ".join(trades)
    svg.text(x, y + 17, _fit(text, W - 40, 13), font_size=13)


def _ctx_store(svg: Svg, ctx: Ctx, x: float, y: float) -> None:
    color = _store_color(ctx)
    what = f"the new {color}" if color else "the new treasure"
    svg.text(
        x,
        y + 17,
        f"Put {what} on a bonus space of your hideout (below), or store it without a bonus.",
        font_size=13,
    )


_CONTEXT: dict[str, Callable[[Svg, Ctx, float, float], float | None]] = {
    "location": _ctx_space,
    "bay": _ctx_space,
    "lightning": _ctx_lightning,
    "reroll": _ctx_reroll,
    "spend": _ctx_spend,
    "color": _ctx_color,
    "pay": _ctx_pay,
    "smuggler": _ctx_smuggler,
    "explore": _ctx_explore,
    "store": _ctx_store,
}
HINTS = {
    "draft": "click the quest to discard in your area below",
    "move": "click the space where your ship ends its move",
    "step": "click the next space, or your ship's own space to stop there",
    "upgrade_space": "click the card to buy it, or take 5 doubloons from the list",
    "residence_space": "click the residence to build it",
    "smuggle_here": "click your smuggler tile on this card to activate it",
    "bury": "click a free space below the burial line of the treasure to bury (or Poseidon's)",
    "quest": "click a quest of the offer, or the quest deck for its top card",
    "quest_sell": "click the quest to discard in your area below",
    "buy": "click a card in the Caribbean",
    "ship_upgrade": "click a free slot of your ship board below",
    "figurehead": "click a figurehead of the offer",
    "activate": "click one of your smuggler tiles in the Caribbean",
    "residence": "click a residence in the Caribbean",
    "retire": "click a residence in the Caribbean (half price)",
    "ruby": "click the ruby on your ship's card to take it",
    "sell_ruby": "click a space of the ruby market",
}
"""Where to click, for the deciding seat, when the context box has nothing else to show."""


def _store_color(ctx: Ctx) -> str | None:
    """The treasure type a ``store`` decision places (the decision's context), for the seat
    that places it."""
    if ctx.kind != "store" or ctx.seat is None or not ctx.legal:
        return None
    return str(ctx.context["color"])


# ------------------------------------------------------------------------------ final scoring
def _final(svg: Svg, ctx: Ctx, y0: float) -> float:
    if not ctx.terminal:
        return y0
    finals = final_columns(ctx.obs) or [{} for _ in ctx.players]
    keys = [k for k, _ in FINAL_ROWS if any(k in f for f in finals)]
    keys += sorted({k for f in finals for k in f} - {k for k, _ in FINAL_ROWS})
    labels = dict(FINAL_ROWS)
    h = 40 + (len(keys) + 2) * 17
    svg.rect(M, y0 + 6, W - 2 * M, h, rx=8, fill="#fef9e7", stroke=GLOW, stroke_width=3)
    _label(svg, M + 10, y0 + 26, "Final scoring")
    col0, colw = M + 200, 150.0
    y = y0 + 46
    for p in range(len(ctx.players)):
        svg.text(
            col0 + p * colw + colw / 2,
            y,
            ctx.who(p),
            font_size=13,
            font_weight="bold",
            fill=ctx.color(p),
            text_anchor="middle",
        )
    for k in [*keys, "total"]:
        y += 17
        bold = "bold" if k == "total" else None
        svg.text(M + 20, y, labels.get(k, k), font_size=SMALL, font_weight=bold)
        for p, f in enumerate(finals):
            value = sum(f.values()) if k == "total" else f.get(k, 0)
            svg.text(
                col0 + p * colw + colw / 2,
                y,
                str(value),
                font_size=SMALL,
                text_anchor="middle",
                font_weight=bold,
                data_final=f"{p}:{k}",
            )
    return y0 + h + 12


# ------------------------------------------------------------------------------ players
def _players(svg: Svg, ctx: Ctx, y0: float) -> float:
    y = y0 + 4
    others = list(range(len(ctx.players)))
    if ctx.seat is not None:
        y = _own(svg, ctx, ctx.seat, y) + 6
        others.remove(ctx.seat)
    half = (W - 2 * M - 8) / 2
    for k in range(0, len(others), 2):
        row = others[k : k + 2]
        bottoms = [_compact(svg, ctx, p, M + j * (half + 8), y, half) for j, p in enumerate(row)]
        y = max(bottoms) + 6
    return y


def _bar(svg: Svg, ctx: Ctx, p: int, x: float, y: float, w: float) -> None:
    """A participant's title bar: money, VP, income, rivers (and, when wide, where the ship
    and the explorer are)."""
    pl = ctx.players[p]
    wide = w > 700
    d, vp = pl["income"]
    facts = {
        "doubloons": "" if pl["john"] else f"{pl['doubloons']} d",
        "vp": f"{pl['vp']} VP",
        "income": "" if pl["john"] else (f"income {d} d {vp} VP" if wide else f"inc {d}d {vp}VP"),
        "ship": f"ship {_node_word(int(pl['ship']))}",
        "explorer": f"explorer {pl['explorer']}",
        "rivers": _count(int(pl["rivers"]), "river"),
        "rubies": f"{pl['rubies']} rubies" if "rubies" in ctx.v["modules"] else "",
        "retired": "retired" if pl.get("retired") else "",
        "turn": "▶ to play" if not ctx.terminal and int(ctx.v["active"]) == p else "",
    }
    tip = ", ".join(text for text in facts.values() if text)
    if not wide:
        facts["ship"] = facts["explorer"] = ""
    svg.rect(
        x, y, w, 26, rx=5, fill=ctx.color(p), data_seat=p, action=ctx.act("pay", seat=p), tip=tip
    )
    bits = [ctx.who(p) + (" (you)" if p == ctx.seat else "")]
    bits += [text for text in facts.values() if text]
    svg.text(
        x + 8,
        y + 18,
        _fit(" · ".join(bits), w - 12, 13),
        font_size=13,
        fill=PAPER,
        font_weight="bold",
        data_vp=pl["vp"],
        data_doubloons=pl["doubloons"],
    )


def _node_word(node: int) -> str:
    return {GRID: "start", BAY: "Bay", MARACAIBO: "Maracaibo"}.get(node) or where(node)


def _own(svg: Svg, ctx: Ctx, p: int, y0: float) -> float:
    w = W - 2 * M
    _bar(svg, ctx, p, M, y0, w)
    y = y0 + 32
    filled = tuple(sorted(int(i) for i in ctx.players[p]["slots"]))
    slots = len(ctx.v["ship_board"]["slots"])
    actions = tuple(ctx.act("slot", i=i) for i in range(slots))
    svg.place(M, y, _ship_board_art(filled, actions, w))
    y += 74
    left = _hideout(svg, ctx, p, M, y)
    right = _own_right(svg, ctx, p, M + HIDE_W + 14, y, w - HIDE_W - 14)
    bottom = max(left, right) + 6
    svg.rect(
        M - 4,
        y0 - 4,
        w + 8,
        bottom - y0 + 8,
        rx=8,
        fill="none",
        stroke=ctx.color(p),
        stroke_width=3,
    )
    return bottom + 4


@lru_cache(maxsize=1024)
def _ship_board_art(filled: tuple[int, ...], actions: tuple[int | None, ...], w: float) -> str:
    board = load_content().ship

    def draw(svg: Svg) -> None:
        svg.text(0, 20, "Ship", font_size=13, font_weight="bold")
        svg.text(0, 36, "board", font_size=13, font_weight="bold")
        gap = 12.0
        zones = max(s.zone for s in board.slots) + 1
        sw = (w - 52 - gap * (zones - 1)) / len(board.slots) - 2
        sx, zone = 52.0, 0
        for i, s in enumerate(board.slots):
            if s.zone != zone:
                zone = s.zone
                need = board.thresholds[zone - 1]
                svg.line(
                    sx + gap / 2 - 1,
                    -2,
                    sx + gap / 2 - 1,
                    56,
                    stroke=INK,
                    stroke_width=3,
                    stroke_dasharray="4 3",
                )
                svg.text(
                    sx + gap / 2,
                    68,
                    f"{need}+",
                    font_size=SMALL,
                    font_weight="bold",
                    text_anchor="middle",
                    tip=f"the slots right of this line open with {need} cubes left of it",
                )
                sx += gap
            full = i in filled
            permanent = bool(s.permanent)
            tip = f"slot {i + 1}: {_slot_text(i)}" + (" (permanent)" if permanent else "")
            with svg.group(
                tip=tip + (" — filled" if full else ""),
                action=actions[i],
                data_slot=i,
                data_filled=int(full),
            ):
                svg.rect(
                    sx, 0, sw, 54, rx=4, fill=FILLED if full else SLOT_FILL[permanent], stroke=INK
                )
                for k, line in enumerate(_wrap(_slot_short(i), sw - 6, SMALL, 3)):
                    svg.text(
                        sx + sw / 2,
                        15 + k * 14,
                        line,
                        font_size=SMALL,
                        fill=PAPER if full else INK,
                        text_anchor="middle",
                    )
                if full:
                    svg.rect(sx + sw - 14, 40, 11, 11, fill="#bdc3c7", stroke=PAPER)
            sx += sw + 2

    return Svg.fragment(draw)


@cache
def _slot_text(i: int) -> str:
    slot = load_content().ship.slots[i]
    if slot.effects:
        return ", ".join(_short(e) for e in slot.effects)
    return "; ".join(_short_perm(p) for p in slot.permanent)


def _hideout(svg: Svg, ctx: Ctx, p: int, x: float, y: float) -> float:
    pl = ctx.players[p]
    _label(svg, x, y + 12, "Hideout", 13)
    svg.text(
        x + 70, y + 12, "bonus spaces, stored ┆ burial line ┆ buried", font_size=SMALL, fill=DIM
    )
    y += 18
    store_color = _store_color(ctx)
    hideout = ctx.v["hideout"]
    most = max(len(hideout[c]["bonus"]) + len(hideout[c]["buried"]) for c in COLORS)
    pitch = min(66.0, (HIDE_W - 72 - 56 - 10) / most)
    for c, color in enumerate(COLORS):
        t = pl["treasure"][color]
        layout = ctx.v["hideout"][color]
        mine = store_color == color
        bonus_actions = tuple(
            ctx.act("store", space=k) if mine else None for k in range(len(layout["bonus"]))
        )
        row = _hideout_row_art(
            p,
            color,
            tuple(layout["bonus"]),
            tuple(layout["buried"]),
            tuple(sorted(int(k) for k in t["bonus"])),
            int(t["above"]),
            tuple(sorted(int(k) for k in t["burial"])),
            int(t["total"]),
            bonus_actions,
            ctx.act("store", space=-1) if mine else None,
            tuple(
                ctx.act("bury", color=c, on="hideout", space=k)
                for k in range(len(layout["buried"]))
            ),
            pitch,
        )
        svg.place(x, y, row)
        y += 48
    fig = pl.get("figurehead_info")
    if fig and fig.get("special") == "poseidon":
        y = _poseidon(svg, ctx, p, x, y)
    return y


@lru_cache(maxsize=2048)
def _hideout_row_art(
    p: int,
    color: str,
    bonus: tuple[str, ...],
    spaces: tuple[str, ...],
    taken: tuple[int, ...],
    stored: int,
    buried: tuple[int, ...],
    total: int,
    bonus_actions: tuple[int | None, ...],
    store_action: int | None,
    bury_actions: tuple[int | None, ...],
    pitch: float,
) -> str:
    def draw(svg: Svg) -> None:
        svg.rect(0, 0, HIDE_W, 44, rx=5, fill="#fbfcfc", stroke=TREASURE_INK[color])
        svg.text(6, 18, color, font_size=13, font_weight="bold", fill=TREASURE_INK[color])
        svg.text(6, 35, f"{total} total", font_size=SMALL, data_total=f"{p}:{color}")
        bx = 72.0
        for k, text in enumerate(bonus):
            _space(
                svg,
                bx,
                pitch - 3,
                text,
                k in taken,
                color,
                bonus_actions[k],
                f"bonus space {k + 1}: {text}",
                data_bonus=f"{color}:{k}",
            )
            bx += pitch
        with svg.group(
            tip=f"{stored} {color} stored without a bonus", action=store_action, data_store=color
        ):
            svg.rect(bx, 4, 50, 36, rx=4, fill="#eaeded", stroke=DIM)
            if not stored:
                svg.text(bx + 25, 26, "stored", font_size=SMALL, fill=DIM, text_anchor="middle")
            for k in range(min(stored, 6)):
                _cube(svg, bx + 4 + (k % 3) * 14, 8 + (k // 3) * 14, color, 11)
            if stored > 6:
                svg.text(bx + 25, 38, str(stored), font_size=SMALL, text_anchor="middle")
        bx += 56
        svg.line(bx, 2, bx, 42, stroke=INK, stroke_width=2.5, stroke_dasharray="5 3")
        bx += 6
        for k, text in enumerate(spaces):
            _space(
                svg,
                bx,
                pitch - 3,
                text,
                k in buried,
                color,
                bury_actions[k],
                f"buried space {k + 1}: {text}",
                data_buried=f"{color}:{k}",
            )
            bx += pitch

    return Svg.fragment(draw)


def _space(
    svg: Svg,
    x: float,
    w: float,
    text: str,
    full: bool,
    color: str,
    action: int | None,
    tip: str,
    **attrs: Any,
) -> None:
    with svg.group(
        tip=tip + (" (taken)" if full else ""), action=action, data_full=int(full), **attrs
    ):
        svg.rect(x, 4, w, 36, rx=4, fill="#d5dbdb" if full else "#f2f3f4", stroke=INK)
        if full:  # the cube covers the space; its bonus stays readable below it
            _cube(svg, x + w / 2 - 8, 7, color, 16)
            svg.text(
                x + w / 2,
                36,
                _fit(_hideout_short(text), w - 4),
                font_size=SMALL,
                text_anchor="middle",
                fill=DIM,
            )
            return
        lines = _wrap(_hideout_short(text), w - 4, SMALL, 2)
        for k, line in enumerate(lines):
            svg.text(
                x + w / 2,
                (26 if len(lines) == 1 else 19) + k * 13,
                line,
                font_size=SMALL,
                text_anchor="middle",
            )


def _hideout_short(text: str) -> str:
    """The view's words for a hideout bonus, shortened to fit a space."""
    swaps = (
        ("a cube onto the ", "refill "),
        (" island", ""),
        (" doubloons", " d"),
        ("a ship upgrade", "ship upgrade"),
        ("no bonus", "-"),
        ("a quest", "quest"),
    )
    for old, new in swaps:
        text = text.replace(old, new)
    return text


def _poseidon(svg: Svg, ctx: Ctx, p: int, x: float, y: float) -> float:
    pl = ctx.players[p]
    svg.text(x + 6, y + 16, "Poseidon", font_size=13, font_weight="bold")
    bx = x + 80
    names = ("5 d", "4 VP", "upgrade", "treasure")
    tips = ("5 doubloons", "4 VP", "a ship upgrade", "a treasure of your choice")
    for k, (name, tip) in enumerate(zip(names, tips, strict=True)):
        occupant = int(pl["poseidon"][k])
        with svg.group(tip=f"Poseidon space {k + 1}: {tip}", data_poseidon=k):
            svg.rect(bx, y, 96, 24, rx=4, fill="#d6eaf8", stroke=INK)
            svg.text(bx + 6, y + 16, name, font_size=SMALL)
            if occupant >= 0:
                _cube(svg, bx + 78, y + 6, COLORS[occupant], 12)
        for c in range(3):
            action = ctx.act("bury", color=c, on="poseidon", space=k)
            if action is not None:
                with svg.group(action=action, tip=f"bury a {COLORS[c]} here"):
                    _cube(svg, bx + 4 + c * 30, y + 28, COLORS[c], 20)
        bx += 102
    return y + 52


def _own_right(svg: Svg, ctx: Ctx, p: int, x: float, y: float, w: float) -> float:
    pl = ctx.players[p]
    fig = pl.get("figurehead_info")
    svg.place(x, y, _own_fig_art(int(fig["fig"]) if fig else -1))
    tiles = tuple(int(t) for t in pl["smugglers_left"])
    sides = tuple(int(ctx.v["smuggler_sides"][t]) for t in tiles)
    art = _smugglers_art(tiles, sides, tuple(pl["smuggler_texts"]), ctx.color(p), w - 178)
    svg.place(x + 178, y, art)
    y += 66
    y = _card_chips(svg, ctx, p, x, y, w, full=True)
    y = _residences(svg, ctx, p, x, y, w)
    return _quests(svg, ctx, p, x, y, w)


@lru_cache(maxsize=16)
def _own_fig_art(fig: int) -> str:
    f = load_content().figureheads[fig] if fig >= 0 else None

    def draw(svg: Svg) -> None:
        tip = f"figurehead {f.letter} {f.name}: {f.text}" if f else "no figurehead yet"
        with svg.group(tip=tip, data_fig=fig):
            svg.rect(0, 0, 170, 58, rx=6, fill="#f6ddcc" if f else LIGHT, stroke=INK)
            svg.text(6, 15, "figurehead", font_size=SMALL, fill=DIM)
            if f:
                svg.text(6, 31, f"{f.letter} · {f.name}", font_size=13, font_weight="bold")
                svg.text(6, 48, _fit(_fig_short(fig), 160), font_size=SMALL)
            else:
                svg.text(6, 36, "none", font_size=13)

    return Svg.fragment(draw)


@lru_cache(maxsize=256)
def _smugglers_art(
    tiles: tuple[int, ...], sides: tuple[int, ...], texts: tuple[str, ...], color: str, w: float
) -> str:
    def draw(svg: Svg) -> None:
        svg.text(0, 12, f"smuggler tiles left ({len(tiles)})", font_size=SMALL, fill=DIM)
        tw = w / 5 - 4
        for k, (tile, side, text) in enumerate(zip(tiles, sides, texts, strict=True)):
            sx = k * (tw + 4)
            with svg.group(tip=f"smuggler tile: {text}", data_tile=tile):
                svg.rect(sx, 18, tw, 40, rx=4, fill=color, stroke=INK)
                for j, line in enumerate(_wrap(_smuggler_short(tile, side), tw - 6, SMALL, 2)):
                    svg.text(
                        sx + tw / 2,
                        33 + j * 14,
                        line,
                        font_size=SMALL,
                        fill=PAPER,
                        text_anchor="middle",
                    )

    return Svg.fragment(draw)


def _card_chips(svg: Svg, ctx: Ctx, p: int, x: float, y: float, w: float, *, full: bool) -> float:
    cards = ctx.players[p]["cards"]
    svg.text(x, y + 12, f"upgrade cards ({len(cards)})", font_size=SMALL, fill=DIM)
    y += 16
    per_row = 4
    cw = (w - (per_row - 1) * 4) / per_row
    ch = 44.0 if full else 30.0
    for k, c in enumerate(cards):
        svg.place(
            x + (k % per_row) * (cw + 4),
            y + (k // per_row) * (ch + 4),
            _card_chip_art(int(c["card"]), p, full, cw),
        )
    rows = (len(cards) + per_row - 1) // per_row
    return y + rows * (ch + 4) + 2


@lru_cache(maxsize=2048)
def _card_chip_art(card: int, owner: int, full: bool, cw: float) -> str:
    c = load_content().cards[card]
    key = c.category or c.type
    facts = [key, f"{c.vp} VP"]
    if c.income_d or c.income_vp:
        facts.append(f"inc {c.income_d}d {c.income_vp}VP")

    def draw(svg: Svg) -> None:
        tip = f"{c.name} ({key}, {c.vp} VP, income {c.income_d} d {c.income_vp} VP): {c.text}"
        with svg.group(tip=tip, data_card=card, data_owner=owner):
            svg.rect(
                0,
                0,
                cw,
                44 if full else 30,
                rx=4,
                fill=CARD_FILL[key],
                stroke=STRIPE[key],
                stroke_width=1.5,
            )
            svg.text(5, 14, _fit(c.name, cw - 10), font_size=SMALL, font_weight="bold")
            if full:
                svg.text(5, 28, _fit(c.text, cw - 10), font_size=SMALL)
                svg.text(5, 41, _fit(" · ".join(facts), cw - 10), font_size=SMALL, fill=STRIPE[key])
            else:
                svg.text(5, 27, _fit(" · ".join(facts), cw - 10), font_size=SMALL, fill=STRIPE[key])

    return Svg.fragment(draw)


def _residences(svg: Svg, ctx: Ctx, p: int, x: float, y: float, w: float) -> float:
    names = list(ctx.players[p]["residences"])
    if not names:
        return y
    lines = _wrap("residences: " + ", ".join(names), w, SMALL, 2)
    for k, line in enumerate(lines):
        svg.text(x, y + 13 + k * 14, line, font_size=SMALL, data_residences=p)
    return y + 6 + 14 * len(lines)


def _quests(svg: Svg, ctx: Ctx, p: int, x: float, y: float, w: float) -> float:
    pl = ctx.players[p]
    quests = pl.get("quests")
    if quests is None:
        count = int(pl["quest_count"])
        svg.text(x, y + 13, f"quests: {count} (hidden)", font_size=SMALL, fill=DIM)
        for k in range(count):
            svg.rect(
                x + 110 + k * 14,
                y + 2,
                12,
                16,
                rx=2,
                fill="#7e5109",
                stroke=INK,
                tip="a quest card (face down)",
            )
        return y + 22
    secret = p == ctx.seat and not ctx.terminal
    head = "your secret quests" if secret else "quests"
    svg.text(x, y + 13, f"{head} ({len(quests)})", font_size=SMALL, fill=DIM)
    y += 18
    qw = min(230.0, (w - 8) / 3)
    for k, q in enumerate(quests):
        quest = int(q["quest"])
        action = ctx.act("discard_quest", quest=quest)
        if action is None:
            action = ctx.act("sell_quest", quest=quest)
        svg.place(
            x + (k % 3) * (qw + 4),
            y + (k // 3) * 50,
            _quest_art(quest, str(q["text"]), qw, action, p, secret, bool(q["fulfilled"])),
        )
    return y + (len(quests) + 2) // 3 * 50


def _compact(svg: Svg, ctx: Ctx, p: int, x: float, y0: float, w: float) -> float:
    """Another participant's public area, in half the width."""
    pl = ctx.players[p]
    _bar(svg, ctx, p, x, y0, w)
    y = y0 + 30
    if pl["john"]:
        y = _john(svg, ctx, p, x, y, w)
    else:
        fig = pl.get("figurehead_info")
        filled = tuple(sorted(int(i) for i in pl["slots"]))
        svg.place(x, y, _mini_ship_art(p, filled, int(fig["fig"]) if fig else -1, w))
        y += 28
    treasure = tuple(
        (int(t["above"]) + len(t["bonus"]), len(t["bonus"]), int(t["buried"]), int(t["total"]))
        for t in (pl["treasure"][c] for c in COLORS)
    )
    smugglers = () if pl["john"] else tuple(pl["smuggler_texts"])
    svg.place(x, y, _mini_treasure_art(p, treasure, smugglers, bool(pl["john"]), w))
    y += 22
    y = _card_chips(svg, ctx, p, x, y, w, full=False)
    y = _residences(svg, ctx, p, x, y, w)
    y = _quests(svg, ctx, p, x, y, w)
    svg.rect(
        x - 2, y0 - 2, w + 4, y - y0 + 6, rx=6, fill="none", stroke=ctx.color(p), stroke_width=2
    )
    return y + 4


@lru_cache(maxsize=2048)
def _mini_ship_art(p: int, filled: tuple[int, ...], fig: int, w: float) -> str:
    board = load_content().ship

    def draw(svg: Svg) -> None:
        svg.text(0, 15, "ship", font_size=SMALL, fill=DIM)
        sx, zone = 36.0, 0
        for i, s in enumerate(board.slots):
            if s.zone != zone:
                zone = s.zone
                svg.line(sx + 2, 0, sx + 2, 22, stroke=INK, stroke_width=2)
                sx += 6
            full = i in filled
            svg.rect(
                sx,
                1,
                24,
                20,
                rx=3,
                fill=FILLED if full else SLOT_FILL[bool(s.permanent)],
                stroke=INK,
                tip=f"slot {i + 1}: {_slot_text(i)}" + (" — filled" if full else ""),
                data_slot=f"{p}:{i}",
                data_filled=int(full),
            )
            sx += 26
        f = load_content().figureheads[fig] if fig >= 0 else None
        text = f"{f.letter} {f.name}" if f else "no figurehead"
        svg.text(
            sx + 6,
            15,
            _fit(text, w - sx - 6),
            font_size=SMALL,
            font_weight="bold" if f else None,
            tip=f"figurehead: {f.text}" if f else "no figurehead",
        )

    return Svg.fragment(draw)


@lru_cache(maxsize=2048)
def _mini_treasure_art(
    p: int,
    treasure: tuple[tuple[int, int, int, int], ...],
    smugglers: tuple[str, ...],
    john: bool,
    w: float,
) -> str:
    def draw(svg: Svg) -> None:
        tx = 0.0
        for color, (above, bonus, buried, total) in zip(COLORS, treasure, strict=True):
            with svg.group(
                tip=f"{color}: {above} above the burial line ({bonus} on bonus "
                f"spaces), {buried} buried",
                data_total=f"{p}:{color}",
            ):
                svg.text(
                    tx,
                    14,
                    f"{color} {total}",
                    font_size=SMALL,
                    fill=TREASURE_INK[color],
                    font_weight="bold",
                )
                cx = tx + TEXT.width(f"{color} {total}", SMALL) + 4
                for k in range(min(above, 5)):
                    _cube(svg, cx + k * 12, 4, color, 10)
                cx += min(above, 5) * 12 + 2
                svg.line(cx, 2, cx, 18, stroke=INK, stroke_dasharray="3 2")
                cx += 4
                for k in range(min(buried, 4)):
                    _cube(svg, cx + k * 12, 4, color, 10)
            tx += (w - 150) / 3
        if not john:
            svg.text(
                w - 4,
                14,
                f"{len(smugglers)} smuggler tiles left",
                font_size=SMALL,
                text_anchor="end",
                fill=DIM,
                tip="; ".join(smugglers) or "none",
            )

    return Svg.fragment(draw)


def _john(svg: Svg, ctx: Ctx, p: int, x: float, y: float, w: float) -> float:
    pl = ctx.players[p]
    svg.text(x, y + 14, "raid & explore level", font_size=SMALL, fill=DIM)
    lx = x + 130
    for k, lv in enumerate(pl["john_levels"]):
        here = k == pl["john_space"]
        svg.rect(
            lx,
            y + 1,
            22,
            18,
            rx=3,
            fill=JOHN_COLOR if here else LIGHT,
            stroke=INK,
            tip=f"space {k + 1}: level {lv}" + (" (John is here)" if here else ""),
        )
        svg.text(
            lx + 11,
            y + 14,
            str(lv),
            font_size=SMALL,
            fill=PAPER if here else INK,
            text_anchor="middle",
        )
        lx += 24
    fig = pl.get("figurehead_info")
    svg.text(
        lx + 10,
        y + 14,
        f"deck {ctx.v['solo_deck']} · {ctx.v['solo_revealed']} revealed"
        + (f" · {fig['name']}" if fig else ""),
        font_size=SMALL,
        fill=DIM,
    )
    y += 24
    svg.text(x, y + 14, "solo ship", font_size=SMALL, fill=DIM)
    order = [slot for col in pl["john_board"] for slot in col]
    sx = x + 66
    sw = min(48.0, (w - 70) / max(1, len(order)) - 2)
    for k, slot in enumerate(order):
        full = k < int(pl["john_slots"])
        svg.rect(
            sx,
            y + 1,
            sw,
            20,
            rx=3,
            fill=FILLED if full else LIGHT,
            stroke=INK,
            tip=f"solo slot {k + 1}: {slot}" + (" — filled" if full else ""),
            data_slot=f"{p}:{k}",
            data_filled=int(full),
        )
        svg.text(
            sx + sw / 2,
            y + 15,
            slot[:3],
            font_size=SMALL,
            text_anchor="middle",
            fill=PAPER if full else INK,
        )
        sx += sw + 2
    return y + 28


# ------------------------------------------------------------------------------ the picture
def render_svg(view: View) -> str:
    """The board as ``view["seat"]`` sees it (see the module docstring)."""
    ctx = Ctx(view)
    svg = Svg(W, 100, title="Pirates of Maracaibo board")
    y = _header(svg, ctx)
    y = _caribbean(svg, ctx, y)
    y = _track(svg, ctx, y)
    y = _offers(svg, ctx, y)
    y = _context(svg, ctx, y)
    y = _final(svg, ctx, y)
    y = _players(svg, ctx, y)
    svg.height = y + M
    return svg.to_string()


__all__ = ["render_svg"]
