"""Tiny Epic Pirates as an SVG picture for the browser: a pure function of one seat's
observation (the JSON of ``state.observation(seat)``), never of the state.

The picture is the table: the 4x4 sea of map cards with every ship on it, the black market,
the two merchant cards, the crew row, the battle under way (or a key) and one area per ship
(helm, deckhands, gold, treasures, infamy, cargo, captain and crew). Legal moves that have a
natural place are marked ``data-action`` (see :mod:`tabletide.svg`). Nothing in this game is
secret to one seat only, so every seat sees the same table; the face-down search tokens and
the decks are drawn as backs and counts, as the view gives them.

Everything is read from typed values, never from words: the view's ``state`` and the pending
``decision`` with its context (``present/schema.py``): the battle under way with its dice, the
cards a ship may sail to, the helm spaces the captain may reach. A legal move is found by its
action's JSON. Labels, log lines and the prompt's text are only shown."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from tabletide.engine.view import seat_name
from tabletide.games.tiny_epic_pirates.constants import (
    ASSIGNMENTS,
    MAX_CARGO,
    MAX_CREW,
    MAX_GOLD,
    MAX_VOLLEY,
    MERCHANT_COLOURS,
    SIZE,
    TREASURES,
    place_name,
)
from tabletide.games.tiny_epic_pirates.content import Captain, load_content
from tabletide.svg import INK, PAPER, Font, Svg, seat_color

# ------------------------------------------------------------------------------ geometry
W = 1200
SEA_X, SEA_Y = 10, 48
CARD_W, CARD_H, GAP = 142, 152, 6
RX = SEA_X + SIZE * CARD_W + (SIZE - 1) * GAP + 12
RW = W - RX - 10
SEA_BOTTOM = SEA_Y + SIZE * CARD_H + (SIZE - 1) * GAP
PANEL_W = (W - 30) // 2
PANEL_H = 378
CREW_W, CREW_H = 140, 104

# ------------------------------------------------------------------------------ colours
LOOT_FILL = {"sugar": "#e8d5a3", "rum": "#8e44ad", "gunpowder": "#7b8a8b", "coffee": "#6e4527"}
LOOT_TEXT = {"sugar": INK, "rum": "#ffffff", "gunpowder": "#ffffff", "coffee": "#ffffff"}
MERCHANT_FILL = {"orange": "#f5a04a", "green": "#7dcea0"}
LP_COLOR = "#17202a"
NAVY_COLOR = "#0b1d51"
GOLD = "#d4ac0d"
HIGHLIGHT = "#f39c12"
CARD_SEA = "#d6eaf8"
CARD_STORM = "#b3bfc9"
MUTED = "#7f8c8d"
WOOD = "#fdf2e9"
WOOD_EDGE = "#935116"

SETUP = ("ports", "navy", "start", "side")
"""The decisions of setup (PC-3)."""
KEPT_WORDS = {"sail2": "+2 sail", "storm": "storm shield"}
KEPT_TIPS = {
    "sail2": "kept search token: +2 sail moves once",
    "storm": "kept search token: enter a storm without listing once",
}
ASSIGN_TIPS = {
    "rigging": "rigging: +1 sail move per deckhand",
    "cannons": "cannons: +1 damage per deckhand",
    "extortion": "extortion: +1 gold per deckhand when you cross the ship line",
    "repairs": "repairs: deckhands resting after listing",
}


# ------------------------------------------------------------------------------ text helpers
TEXT = Font(0.6, bold_em=0.64, min_chars=2)
"""A generous estimate of drawn widths (in a sans-serif font); a cut keeps one character."""


def fit(
    svg: Svg,
    x: float,
    y: float,
    text: str,
    max_w: float,
    *,
    size: float = 12,
    bold: bool = False,
    **attrs: Any,
) -> None:
    """One line of text, cut with an ellipsis (the whole text as its tooltip) if too wide."""
    if bold:
        attrs["font_weight"] = "bold"
    shown = TEXT.clip(text, max_w, size, bold)
    svg.text(x, y, shown, font_size=size, tip=text if shown != text else None, **attrs)


def lines(
    svg: Svg,
    x: float,
    y: float,
    text: str,
    max_w: float,
    *,
    max_lines: int = 2,
    step: float = 14,
    bold: bool = False,
    **attrs: Any,
) -> float:
    """``text`` wrapped into at most ``max_lines`` lines from baseline ``y``; returns the
    baseline of the last line drawn."""
    rows = TEXT.wrap(text, max_w, 12, max_lines, bold, overflow="join")
    for k, row in enumerate(rows):
        fit(svg, x, y + k * step, row, max_w, bold=bold, **attrs)
    return y + (len(rows) - 1) * step


def where_name(pos: int) -> str:
    return place_name(pos) if pos >= 0 else "not placed"


def bonus_words(act: Mapping[str, Any]) -> str:
    """A bonus action in a few words of our own."""
    kind = str(act["kind"])
    amount = act.get("amount", 0)
    if kind == "gold":
        return f"+{amount} gold"
    if kind == "special_trade":
        return f"{'+'.join(act.get('loot', ()))}: {amount}g"
    if kind == "exchange":
        return "swap a cube"
    if kind == "sail_navy":
        return f"move Navy ≤{amount}"
    if kind == "sail_merchant":
        return f"move merchant ≤{amount}"
    if kind == "reroll":
        return "reroll " + "/".join(f"{f}s" for f in act.get("faces", ()))
    if kind == "reorganize":
        return "reorganize"
    if kind == "sail":
        return "sail again"
    if kind == "bury":
        return "bury"
    return kind  # an order copied as a bonus action


# ------------------------------------------------------------------------------ legal moves
@dataclass
class Marks:
    """Where each legal action is drawn: element key -> index into ``legal_actions``."""

    card: dict[int, int] = field(default_factory=dict)
    burial: dict[tuple[int, int], int] = field(default_factory=dict)
    token: dict[tuple[str, int], int] = field(default_factory=dict)
    """("ship", i), ("merchant", 0/1) or ("navy", 0) on the sea."""
    merchant_card: dict[int, int] = field(default_factory=dict)
    helm: dict[int, int] = field(default_factory=dict)
    helm_hand: dict[int, int] = field(default_factory=dict)
    assign: dict[int, int] = field(default_factory=dict)
    cargo: dict[str, int] = field(default_factory=dict)
    kept: dict[str, int] = field(default_factory=dict)
    crew_row: dict[int, int] = field(default_factory=dict)
    crew_deck: int | None = None
    captain: int | None = None
    side: dict[int, int] = field(default_factory=dict)
    bonus: dict[tuple[int, int], int] = field(default_factory=dict)
    crew: dict[int, int] = field(default_factory=dict)
    panel: dict[int, int] = field(default_factory=dict)
    reroll: dict[int, int] = field(default_factory=dict)
    volley: dict[tuple[int, int], int] = field(default_factory=dict)


def find_marks(view: Mapping[str, Any]) -> Marks:
    """Map each legal action that targets a board element onto that element, by the action's
    JSON and the decision's context (never by a label)."""
    marks = Marks()
    legal = view.get("legal_actions") or []
    decision = view.get("decision")
    if not legal or not decision:
        return marks
    v = view["state"]
    seat = view.get("seat")
    ships = {s["ship"]: s for s in v["ships"]}
    me = ships.get(seat) if seat is not None else None
    decided = decision["kind"]
    ctx = decision["context"]
    routes: dict[int, int] = {}
    if decided in ("sail", "drive", "steer"):
        routes = {int(r["direction"]): int(r["to"]) for r in ctx["routes"]}
    helm_spaces: dict[int, int] = {}
    if decided == "helm":
        helm_spaces = {int(m["steps"]): int(m["space"]) for m in ctx["moves"]}
    for i, item in enumerate(legal):
        a = item["action"]
        kind = a["kind"]
        if kind in ("navy", "start", "pick"):
            marks.card.setdefault(int(a["at"]), i)
        elif kind == "ports":
            for pos in ctx["diagonals"][int(a["diagonal"])]:
                marks.card.setdefault(int(pos), i)
        elif kind == "port":
            marks.card.setdefault(int(ctx["ports"][int(a["port"])]), i)
        elif kind in ("sail", "drive", "steer"):
            if (to := routes.get(int(a["direction"]))) is not None:
                marks.card.setdefault(to, i)
        elif kind == "done" and decided == "sail" and int(ctx["at"]) >= 0:
            marks.card.setdefault(int(ctx["at"]), i)
        elif kind == "done" and decided == "drive":
            vessel = str(ctx["vessel"])
            if vessel == "navy":
                marks.token.setdefault(("navy", 0), i)
            elif vessel in MERCHANT_COLOURS:
                marks.token.setdefault(("merchant", MERCHANT_COLOURS.index(vessel)), i)
        elif kind == "bury":
            marks.burial.setdefault((int(ctx["at"]), int(a["spot"])), i)
        elif kind in ("attack_merchant", "merchant"):
            m_ = int(a["merchant"])
            marks.token.setdefault(("merchant", m_), i)
            marks.merchant_card.setdefault(m_, i)
        elif kind == "attack_ship":
            marks.token.setdefault(("ship", int(a["ship"])), i)
            marks.panel.setdefault(int(a["ship"]), i)
        elif kind == "captain":
            if (space := helm_spaces.get(int(a["steps"]))) is not None:
                marks.helm.setdefault(space, i)
        elif kind == "perform" and me is not None:
            marks.helm.setdefault(int(me["captain_at"]), i)
        elif kind in ("pay", "list"):
            source = int(a["source"])
            if source >= len(ASSIGNMENTS):
                marks.helm_hand.setdefault(source - len(ASSIGNMENTS), i)
            else:
                marks.assign.setdefault(source, i)
        elif kind in ("free", "place_hand"):
            marks.assign.setdefault(int(a["to"]), i)
        elif kind == "drop":
            marks.cargo.setdefault(str(a["loot"]), i)
        elif kind == "use_sail_token":
            marks.kept.setdefault("sail2", i)
        elif kind == "use_storm_token":
            marks.kept.setdefault("storm", i)
        elif kind == "recruit":
            marks.crew_row.setdefault(int(a["slot"]), i)
        elif kind == "refresh":
            marks.crew_deck = i
        elif kind == "mutiny":
            marks.captain = i
        elif kind == "side":
            marks.side.setdefault(int(a["side"]), i)
        elif kind == "bonus":
            marks.bonus.setdefault((int(a["card"]), int(a["index"])), i)
        elif kind == "release":
            marks.crew.setdefault(int(a["index"]), i)
        elif kind == "reroll":
            marks.reroll.setdefault(int(a["die"]), i)
        elif kind == "volley":
            marks.volley.setdefault((int(a["die"]), int(a["face"])), i)
    return marks


# ------------------------------------------------------------------------------ the drawing
@dataclass
class Board:
    svg: Svg
    view: Mapping[str, Any]
    v: Mapping[str, Any]
    seat: int | None
    ships: dict[int, Mapping[str, Any]]
    marks: Marks
    battle: Mapping[str, Any] | None
    """The battle under way (``schema.Battle``), from the decision's context."""

    def name(self, seat: int) -> str:
        """What people call ``seat`` (the view's ``"names"``; each ship's ``"name"`` is the
        same, so the memo keys that hold a ship hold its name)."""
        return seat_name(self.view.get("names"), seat)


MEMO: dict[tuple[Any, ...], str] = {}
MEMO_SIZE = 4096
"""Drawn fragments by key. The same cards, panels and key recur in every seat's picture and
from one move to the next, so most of a picture is text drawn before. A table's pictures keep
about 150 fragments: 4096 serve the 20 Tiny Epic Pirates tables of a 100-table server (1024
were emptied again and again there)."""


def memo(b: Board, key: tuple[Any, ...], draw: Callable[..., None], *args: Any) -> None:
    """``draw(b, *args)`` the first time, then reuse its text. ``key`` must hold everything
    the drawing reads."""
    text = MEMO.get(key)
    if text is None:
        text = Svg.fragment(lambda sub: draw(replace(b, svg=sub), *args))
        if len(MEMO) >= MEMO_SIZE:
            MEMO.clear()
        MEMO[key] = text
    b.svg.raw(text)


def ship_color(ship: Mapping[str, Any]) -> str:
    return LP_COLOR if ship["legendary"] else seat_color(int(ship["ship"]))


def ship_tag(ship: Mapping[str, Any]) -> str:
    return "LP" if ship["legendary"] else f"S{ship['ship']}"


def ship_title(b: Board, ship: Mapping[str, Any]) -> str:
    if ship["legendary"]:
        return "The Legendary Pirate"
    you = " (you)" if ship["ship"] == b.seat else ""
    return b.name(int(ship["ship"])) + you


def outline(action: int | None, normal: str = INK, width: float = 1) -> dict[str, Any]:
    """Stroke attributes: a thick orange edge on a legal move."""
    if action is None:
        return {"stroke": normal, "stroke_width": width}
    return {"stroke": HIGHLIGHT, "stroke_width": 4}


def chip_width(text: str) -> float:
    return TEXT.width(text, 12) + 10


def chip(
    svg: Svg,
    x: float,
    y: float,
    text: str,
    fill: str,
    *,
    color: str = INK,
    tip: str | None = None,
    action: int | None = None,
    stroke: str = "none",
    **attrs: Any,
) -> float:
    """A rounded label 18 high with its top-left corner at (x, y); returns its width."""
    w = chip_width(text)
    with svg.group(tip=tip, action=action, **attrs):
        svg.rect(x, y, w, 18, rx=4, fill=fill, **outline(action, stroke, 1))
        svg.text(x + w / 2, y + 13, text, fill=color, text_anchor="middle")
    return w


def cube(svg: Svg, x: float, y: float, loot: str | None, size: float = 14) -> None:
    if loot is None:
        svg.rect(x, y, size, size, rx=2, fill="none", stroke=MUTED, stroke_dasharray="3,2")
    else:
        svg.rect(x, y, size, size, rx=2, fill=LOOT_FILL.get(loot, MUTED), stroke=INK)


def die(
    svg: Svg, x: float, y: float, face: int, size: float = 16, *, hit: bool = False, **attrs: Any
) -> None:
    attrs.setdefault("stroke", INK)
    svg.rect(x, y, size, size, rx=3, fill="#f9e79f" if hit else PAPER, **attrs)
    font = max(12, round(size * 0.6))
    svg.text(
        x + size / 2,
        y + size / 2 + font * 0.36,
        str(face),
        font_size=font,
        font_weight="bold",
        text_anchor="middle",
    )


def header(b: Board) -> None:
    svg, v, view = b.svg, b.v, b.view
    bits = [f"Round {v['round']}"]
    decided = (view.get("decision") or {}).get("kind")
    if decided in SETUP:
        bits.append("setting up")
    elif view.get("terminal"):
        winners = view.get("winners") or []
        names = ", ".join(b.name(w) for w in winners) or "the Legendary Pirate"
        bits.append(f"Game over: {names} won")
    elif v.get("active") is None:
        bits.append("the Legendary Pirate's turn")
    else:
        active = b.ships[int(v["active"])]
        order = active["helm"][active["captain_at"]]
        bits.append(f"{b.name(int(v['active']))}'s turn (captain on {order})")
    if v.get("end_triggered") and not view.get("terminal"):
        bits.append("LAST ROUND")
    svg.rect(0, 0, W, 40, fill="#1b2631")
    fit(svg, 12, 26, " · ".join(bits), W * 0.55, size=16, bold=True, fill=PAPER)
    prompt = view.get("prompt")
    right = "viewing as " + ("a spectator" if b.seat is None else b.name(b.seat))
    if prompt and not view.get("terminal"):
        right = str(prompt["text"])
    fit(svg, W - 12, 26, right, W * 0.42, size=13, fill="#f9e79f", text_anchor="end")


# ------------------------------------------------------------------------------ the sea
def card_xy(pos: int) -> tuple[float, float]:
    r, c = divmod(pos, SIZE)
    return SEA_X + c * (CARD_W + GAP), SEA_Y + r * (CARD_H + GAP)


def card_tip(card: Mapping[str, Any]) -> str:
    bits = [f"{place_name(card['at'])} {card['name']}"]
    if card["colony"]:
        bits.append(f"colony: plunder {card['colony']} cube{'s' if card['colony'] > 1 else ''}")
    if card["market"]:
        bits.append(f"market buying {card['market']}")
    if card["cove"]:
        bits.append("cove: hide here")
    if card["storm"]:
        bits.append("storm: entering makes you list")
    if card["port"]:
        bits.append("merchant port")
    if card["search_token"]:
        bits.append("a face-down search token")
    return "; ".join(bits)


@cache
def card_layout(
    name: str, colony: int, market: str | None, cove: bool, storm: bool, burials: int
) -> tuple[
    tuple[str, ...],
    tuple[tuple[str, str, str, float, float], ...],
    tuple[tuple[float, float], ...],
    float,
]:
    """Where things go on a map card, relative to its corner: the name's lines, the feature
    chips (text, fill, ink, x, y), the burial spots and the top of the ships' rows."""
    rows = TEXT.wrap(name, CARD_W - 12, 12, 2, overflow="join")
    items: list[tuple[str, str, str]] = []
    if colony:
        items.append(("colony " + "●" * colony, "#f6ddcc", INK))
    if market:
        items.append((f"{market} market", LOOT_FILL[market], LOOT_TEXT[market]))
    if cove:
        items.append(("cove", "#a3e4d7", INK))
    if storm:
        items.append(("storm", "#424949", PAPER))
    x, y = 6.0, 32 + 13 * (len(rows) - 1) + 6.0
    chips = []
    for text, fill, ink in items:
        w = chip_width(text)
        if x + w > CARD_W - 4:
            x, y = 6.0, y + 21
        chips.append((text, fill, ink, x, y))
        x += w + 4
    spots = []
    for _ in range(burials):
        if x + 46 > CARD_W - 4:
            x, y = 6.0, y + 21
        spots.append((x, y))
        x += 50
    below = y + (21 if items or burials else 0) + 4
    return rows, tuple(chips), tuple(spots), below


def layout_of(card: Mapping[str, Any]) -> tuple[Any, ...]:
    return card_layout(
        str(card["name"]),
        int(card["colony"]),
        card["market"],
        bool(card["cove"]),
        bool(card["storm"]),
        len(card["burial"]),
    )


def draw_card(b: Board, card: Mapping[str, Any]) -> None:
    pos = int(card["at"])
    x, y = card_xy(pos)
    action = b.marks.card.get(pos)
    below = layout_of(card)[3]
    burials = tuple(int(spot["treasure"]) for spot in card["burial"])
    marks = tuple(b.marks.burial.get((pos, k)) for k in range(len(burials)))
    owners = tuple(ship_title(b, b.ships[o]) if o in b.ships else "" for o in burials)
    with b.svg.group(action=action, data_pos=pos, tip=card_tip(card)):
        key = ("card", repr(card), action, marks, owners)
        memo(b, key, draw_card_body, card, action)
        draw_vessels(b, pos, x, y + below)


def draw_card_body(b: Board, card: Mapping[str, Any], action: int | None) -> None:
    """Everything on a map card but the ships."""
    svg = b.svg
    pos = int(card["at"])
    x, y = card_xy(pos)
    spots = layout_of(card)[2]
    fill = CARD_STORM if card["storm"] else CARD_SEA
    svg.rect(x, y, CARD_W, CARD_H, rx=7, fill=fill, **outline(action, "#5d6d7e", 1.5))
    draw_card_face(b, card)
    if card["search_token"]:
        svg.circle(x + CARD_W - 14, y + 14, 10, fill="#6c3483", stroke=PAPER, stroke_width=1.5)
        svg.text(x + CARD_W - 14, y + 19, "?", fill=PAPER, font_weight="bold", text_anchor="middle")
    for spot, burial in enumerate(card["burial"]):
        draw_burial(b, pos, spot, burial, x + spots[spot][0], y + spots[spot][1])


def draw_card_face(b: Board, card: Mapping[str, Any]) -> None:
    """The printed part of a map card: its place, name and features."""
    svg = b.svg
    pos = int(card["at"])
    x, y = card_xy(pos)
    rows, chips, _, _ = layout_of(card)
    if card["port"]:
        svg.rect(
            x + 4,
            y + 4,
            CARD_W - 8,
            CARD_H - 8,
            rx=5,
            fill="none",
            stroke=INK,
            stroke_width=2,
            stroke_dasharray="6,3",
        )
        svg.rect(x + 50, y + 4, 42, 16, rx=3, fill=INK)
        svg.text(x + 71, y + 16, "PORT", fill=PAPER, font_weight="bold", text_anchor="middle")
    svg.text(x + 7, y + 16, place_name(pos), font_weight="bold", fill="#34495e")
    for k, row in enumerate(rows):
        fit(svg, x + 7, y + 32 + 13 * k, row, CARD_W - 12, font_style="italic", fill="#1b2631")
    for text, fill, ink, cx, cy in chips:
        chip(svg, x + cx, y + cy, text, fill, color=ink)


def draw_burial(
    b: Board, pos: int, spot: int, burial: Mapping[str, Any], x: float, y: float
) -> None:
    svg = b.svg
    owner = int(burial["treasure"])
    action = b.marks.burial.get((pos, spot))
    if owner >= 0:
        who = ship_title(b, b.ships[owner]) if owner in b.ships else "a pirate"
        tip = f"{who}: treasure buried here"
        fill, ink, dash = ship_color(b.ships[owner]) if owner in b.ships else MUTED, PAPER, None
    else:
        tip = f"burial spot: costs {burial['cost']} gold"
        fill, ink, dash = "#fef9e7", WOOD_EDGE, None if action is not None else "3,2"
    with svg.group(action=action, tip=tip, data_burial=f"{pos}:{spot}:{owner}"):
        svg.rect(x, y, 46, 18, rx=4, fill=fill, stroke_dasharray=dash, **outline(action, WOOD_EDGE))
        svg.line(x + 5, y + 4, x + 15, y + 14, stroke=ink, stroke_width=2.5)
        svg.line(x + 15, y + 4, x + 5, y + 14, stroke=ink, stroke_width=2.5)
        label = f"{burial['cost']}" + ("★" if owner >= 0 else "g")
        svg.text(x + 31, y + 14, label, fill=ink, font_weight="bold", text_anchor="middle")


def draw_vessels(b: Board, pos: int, x: float, y: float) -> None:
    """Every ship on the card at ``pos``, in rows."""
    tokens: list[tuple[float, str, int]] = []
    for ship in b.v["ships"]:
        if ship["at"] == pos:
            tokens.append((38, "ship", int(ship["ship"])))
    if b.v["navy"] == pos:
        tokens.append((50, "navy", 0))
    for m, merchant in enumerate(b.v["merchants"]):
        if merchant["at"] == pos:
            tokens.append((66, "merchant", m))
    cx, cy = x + 6, y
    for w, kind, key in tokens:
        if cx + w > x + CARD_W - 4:
            cx, cy = x + 6, cy + 25
        if kind == "ship":
            draw_pirate(b, b.ships[key], cx, cy)
        elif kind == "navy":
            draw_navy(b, cx, cy)
        else:
            draw_merchant(b, key, b.v["merchants"][key], cx, cy)
        cx += w + 4


def hull(x: float, y: float, w: float) -> list[tuple[float, float]]:
    return [(x, y), (x + w, y), (x + w - 6, y + 20), (x + 6, y + 20)]


def ring(svg: Svg, x: float, y: float, w: float, action: int | None) -> None:
    if action is not None:
        svg.rect(x - 3, y - 3, w + 6, 26, rx=5, fill="none", stroke=HIGHLIGHT, stroke_width=3)


def draw_pirate(b: Board, ship: Mapping[str, Any], x: float, y: float) -> None:
    svg = b.svg
    i = int(ship["ship"])
    color = ship_color(ship)
    mine = i == b.seat
    hidden = bool(ship["hidden"])
    action = b.marks.token.get(("ship", i))
    tip = ship_title(b, ship) + (" hiding in the cove" if hidden else "")
    with svg.group(action=action, tip=tip, data_ship=i):
        ring(svg, x, y, 38, action)
        svg.polygon(
            hull(x, y, 38),
            fill=PAPER if hidden else color,
            stroke=INK if mine else color,
            stroke_width=3 if mine else 1.5,
            stroke_dasharray="4,2" if hidden else None,
        )
        svg.text(
            x + 19,
            y + 15,
            ship_tag(ship),
            fill=color if hidden else PAPER,
            font_weight="bold",
            text_anchor="middle",
        )


def draw_navy(b: Board, x: float, y: float) -> None:
    svg = b.svg
    action = b.marks.token.get(("navy", 0))
    with svg.group(action=action, tip="the Royal Navy", data_navy=1):
        ring(svg, x, y, 50, action)
        svg.polygon(hull(x, y, 50), fill=NAVY_COLOR, stroke=GOLD, stroke_width=2)
        svg.text(x + 25, y + 15, "NAVY", fill=PAPER, font_weight="bold", text_anchor="middle")


def draw_merchant(b: Board, m: int, merchant: Mapping[str, Any], x: float, y: float) -> None:
    svg = b.svg
    colour = str(merchant["colour"])
    action = b.marks.token.get(("merchant", m))
    loot = merchant["loot"]
    dest = int(merchant["bound_for"])
    tip = f"{colour} merchant carrying {loot or 'nothing'}, bound for {place_name(dest)}"
    with svg.group(action=action, tip=tip, data_merchant=colour):
        ring(svg, x, y, 66, action)
        svg.polygon(hull(x, y, 66), fill=MERCHANT_FILL.get(colour, MUTED), stroke=INK)
        cube(svg, x + 8, y + 3, loot, 13)
        r, c = divmod(dest, SIZE)
        svg.text(
            x + 42,
            y + 15,
            f"→{r + 1},{c + 1}" if dest >= 0 else "",
            font_weight="bold",
            text_anchor="middle",
        )


# ------------------------------------------------------------------------------ the right column
SHOP_BOTTOM = SEA_Y + 88 + 112 + 20 + CREW_H + 8
"""The top of the battle panel or key, below the market, merchants and crew row."""


def draw_shop(b: Board) -> None:
    """The market, the merchant cards and the crew row, top right."""
    y = draw_market(b, RX, SEA_Y)
    y = draw_merchants(b, RX, y)
    y = draw_crew_row(b, RX, y)
    assert y == SHOP_BOTTOM


def draw_market(b: Board, x: float, y: float) -> float:
    svg, v = b.svg, b.v
    h = 80
    svg.rect(x, y, RW, h, rx=8, fill="#f4ecf7", stroke="#6c3483", stroke_width=1.5)
    svg.text(x + 10, y + 18, "Black market: gold per cube sold", font_weight="bold", font_size=13)
    svg.text(
        x + RW - 10,
        y + 18,
        f"loot bag: {v['bag']} cubes",
        fill="#4a235a",
        text_anchor="end",
        data_bag=v["bag"],
    )
    prices = sorted(v["market"].items(), key=lambda item: -int(item[1]))
    bw = (RW - 20) / 4
    for k, (loot, price) in enumerate(prices):
        bx = x + 10 + k * bw
        with svg.group(tip=f"{loot} sells for {price} gold a cube", data_price=f"{loot}:{price}"):
            svg.rect(bx, y + 26, bw - 8, 46, rx=6, fill=PAPER, stroke="#6c3483")
            svg.text(
                bx + 18,
                y + 59,
                str(price),
                font_size=24,
                font_weight="bold",
                text_anchor="middle",
                fill="#4a235a",
            )
            cube(svg, bx + 34, y + 40, str(loot), 18)
            svg.text(bx + 57, y + 54, str(loot))
    return y + h + 8


def draw_merchants(b: Board, x: float, y: float) -> float:
    svg, v = b.svg, b.v
    h = 104
    deck_w = 84
    cw = (RW - deck_w - 16) / 2
    for m, merchant in enumerate(v["merchants"]):
        draw_merchant_card(b, m, merchant, x + m * (cw + 8), y, cw, h)
    dx = x + 2 * (cw + 8)
    with svg.group(tip="the merchant deck, face down", data_deck=f"merchant:{v['merchant_deck']}"):
        svg.rect(dx, y, deck_w, h, rx=6, fill="#7e5109", stroke=INK)
        svg.rect(dx + 6, y + 6, deck_w - 12, h - 12, rx=4, fill="none", stroke="#f5cba7")
        svg.text(dx + deck_w / 2, y + 42, "merchant", fill=PAPER, text_anchor="middle")
        svg.text(dx + deck_w / 2, y + 56, "deck", fill=PAPER, text_anchor="middle")
        svg.text(
            dx + deck_w / 2,
            y + 82,
            str(v["merchant_deck"]),
            fill=PAPER,
            font_size=20,
            font_weight="bold",
            text_anchor="middle",
        )
    return y + h + 8


def draw_merchant_card(
    b: Board, m: int, merchant: Mapping[str, Any], x: float, y: float, w: float, h: float
) -> None:
    svg = b.svg
    colour = str(merchant["colour"])
    card = merchant["card"]
    action = b.marks.merchant_card.get(m)
    upto = int(card["infamy_upto"])
    tip = f"{colour} merchant's card: more than {card['damage']} damage sinks it"
    with svg.group(action=action, data_merchant_card=f"{colour}:{card['damage']}", tip=tip):
        svg.rect(x, y, w, h, rx=6, fill=PAPER, **outline(action, INK, 1.5))
        svg.rect(x + 1, y + 1, w - 2, 22, rx=6, fill=MERCHANT_FILL.get(colour, MUTED))
        svg.text(x + 8, y + 16, f"{colour.capitalize()} merchant", font_weight="bold")
        svg.circle(x + w - 16, y + 12, 11, fill=INK)
        svg.text(
            x + w - 16,
            y + 17,
            str(card["value"]),
            fill=PAPER,
            font_weight="bold",
            text_anchor="middle",
        )
        svg.text(x + 8, y + 40, f"fights with {card['damage']} damage", font_weight="bold")
        svg.text(x + 8, y + 56, f"sink it: +{card['gold']} gold")
        svg.text(x + 8, y + 72, f"+1 infamy with 1-{upto} players" if upto else "no infamy")
        cube(svg, x + 8, y + h - 23, merchant["loot"], 14)
        where = "waits for the ports"
        if merchant["at"] >= 0:
            where = (
                f"at {place_name(int(merchant['at']))} → {place_name(int(merchant['bound_for']))}"
            )
        fit(svg, x + 28, y + h - 11, where, w - 36, fill="#34495e")


def draw_crew_row(b: Board, x: float, y: float) -> float:
    svg, v = b.svg, b.v
    svg.text(x + 2, y + 14, "Crew for hire", font_weight="bold", font_size=13)
    row = v["crew_row"]
    for slot in range(3):
        cx = x + slot * (CREW_W + 8)
        if slot < len(row):
            draw_crew_card(
                b, row[slot], cx, y + 20, action=b.marks.crew_row.get(slot), where=f"row:{slot}"
            )
        else:
            svg.rect(
                cx, y + 20, CREW_W, CREW_H, rx=6, fill="none", stroke=MUTED, stroke_dasharray="4,3"
            )
    dx = x + 3 * (CREW_W + 8)
    dw = RW - 3 * (CREW_W + 8)
    action = b.marks.crew_deck
    tip = "the crew deck, face down" + ("; pay 1 gold to refresh the row" if action else "")
    with svg.group(action=action, tip=tip, data_deck=f"crew:{v['crew_deck']}"):
        svg.rect(dx, y + 20, dw, CREW_H, rx=6, fill="#1a5276", **outline(action, INK))
        svg.rect(dx + 6, y + 26, dw - 12, CREW_H - 12, rx=4, fill="none", stroke="#aed6f1")
        svg.text(dx + dw / 2, y + 54, "crew deck", fill=PAPER, text_anchor="middle")
        svg.text(
            dx + dw / 2,
            y + 82,
            str(v["crew_deck"]),
            fill=PAPER,
            font_size=20,
            font_weight="bold",
            text_anchor="middle",
        )
        if action is not None:
            svg.text(dx + dw / 2, y + 104, "refresh: 1 gold", fill=PAPER, text_anchor="middle")
    return y + 20 + CREW_H + 8


def draw_dice(svg: Svg, face: Mapping[str, Any], x: float, y: float) -> float:
    """The die symbols and automatic hits of a card; returns the x after them."""
    for f in face.get("dice", ()):
        die(svg, x, y, int(f))
        x += 19
    if face.get("hits"):
        x += (
            chip(
                svg,
                x + 2,
                y - 1,
                f"+{face['hits']} hit",
                "#c0392b",
                color=PAPER,
                tip="automatic hits in every battle",
            )
            + 4
        )
    if not face.get("dice") and not face.get("hits"):
        svg.text(x, y + 13, "no dice", fill=MUTED, font_style="italic")
        x += 50
    return x


def draw_bonus_row(
    b: Board,
    row: Mapping[str, Any] | None,
    x: float,
    y: float,
    left: float,
    right: float,
    *,
    card: int | None,
) -> float:
    """A bonus row's trigger and action chips from (x, y), wrapping back to ``left``;
    returns the y of the last row. ``card`` is the ``bonus`` action's card number."""
    svg = b.svg
    if not row:
        svg.text(x, y + 13, "no bonus row", fill=MUTED, font_style="italic")
        return y
    trigger = str(row["trigger"])
    x += (
        chip(
            svg,
            x,
            y,
            f"on {trigger}",
            "#d5d8dc",
            tip=f"active when the captain stands on {trigger}",
        )
        + 4
    )
    for j, act in enumerate(row["actions"]):
        words = bonus_words(act)
        if x + chip_width(words) > right:
            x, y = left, y + 21
        action = b.marks.bonus.get((card, j)) if card is not None else None
        x += (
            chip(
                svg,
                x,
                y,
                words,
                "#fcf3cf",
                stroke=WOOD_EDGE,
                action=action,
                tip=f"bonus action: {words}",
                data_bonus=f"{card}:{j}",
            )
            + 4
        )
    return y


def draw_crew_card(
    b: Board,
    card: Mapping[str, Any],
    x: float,
    y: float,
    *,
    action: int | None = None,
    where: str = "",
    bonus_card: int | None = None,
) -> None:
    svg = b.svg
    with svg.group(
        action=action, data_card=card["name"], data_where=where or None, tip=f"crew: {card['name']}"
    ):
        svg.rect(x, y, CREW_W, CREW_H, rx=6, fill=WOOD, **outline(action, WOOD_EDGE, 1.2))
        name_y = lines(svg, x + 6, y + 15, str(card["name"]), CREW_W - 12, bold=True)
        draw_dice(svg, card, x + 6, name_y + 5)
        draw_bonus_row(
            b, card.get("bonus"), x + 6, name_y + 26, x + 6, x + CREW_W - 4, card=bonus_card
        )


# ------------------------------------------------------------------------------ the battle
def draw_battle(b: Board, battle: Mapping[str, Any], x: float, y: float, h: float) -> None:
    """The battle under way, from the decision's context (``schema.Battle``)."""
    svg = b.svg
    svg.rect(x, y, RW, h, rx=8, fill="#fdedec", stroke="#922b21", stroke_width=2.5)
    attack = battle["attack"]
    attacker = b.ships.get(int(attack["ship"]))
    if attacker is None:
        return
    merchant = battle["merchant"]
    defender = b.ships.get(int(battle["defender"])) if battle["defender"] is not None else None
    if merchant:
        foe = f"the {merchant} merchant"
    elif defender is not None:
        foe = ship_title(b, defender).replace("The Legendary", "the Legendary")
    else:
        foe = "?"
    fit(
        svg,
        x + 12,
        y + 24,
        f"Battle: {ship_title(b, attacker)} attacks {foe}",
        RW - 24,
        size=16,
        bold=True,
        fill="#922b21",
    )
    svg.text(
        x + 12,
        y + 42,
        "yellow dice match a die symbol on the ship's cards; small dice: spend a volley token",
        fill=MUTED,
    )
    decision = b.view.get("decision") or {}
    chooser = decision.get("context", {}).get("ship")
    row_y = battle_row(b, attacker, attack, x + 12, y + 54, "attack", choosing=chooser)
    if merchant:
        lines(
            svg,
            x + 12,
            row_y + 18,
            f"The {merchant} merchant fights with "
            f"{battle['merchant_damage']} damage: more sinks it, as much is a draw.",
            RW - 24,
            bold=True,
        )
    elif defender is not None:
        defence = battle["defence"]
        if defence is not None:
            battle_row(b, defender, defence, x + 12, row_y + 6, "defence", choosing=chooser)
        else:
            svg.text(
                x + 12, row_y + 18, f"{ship_title(b, defender)} rolls next.", font_weight="bold"
            )


def battle_row(
    b: Board,
    ship: Mapping[str, Any],
    side: Mapping[str, Any],
    x: float,
    y: float,
    role: str,
    *,
    choosing: int | None,
) -> float:
    """One side's dice (``schema.BattleSide``; rerolls and volley faces clickable for the
    ship that chooses, when the viewer is that ship); returns the y below."""
    svg = b.svg
    dice = [int(f) for f in side["dice"]]
    words = f"{ship_title(b, ship)}, {role}: damage {side['damage']}"
    svg.rect(x, y, 14, 14, rx=2, fill=ship_color(ship))
    svg.text(x + 20, y + 12, words, font_weight="bold", font_size=13)
    marks = {int(f) for f in side["symbols"]}
    mine = choosing == ship["ship"] == b.seat
    dy = y + 22
    for i, face in enumerate(dice):
        dx = x + i * 186
        action = b.marks.reroll.get(i) if mine and role == "attack" else None
        tip = f"die {i + 1}: {face}" + (", a match" if face in marks else "")
        with svg.group(action=action, data_die=f"{role}:{i}:{face}", tip=tip):
            if action is not None:
                svg.rect(
                    dx - 4, dy - 4, 52, 52, rx=8, fill="none", stroke=HIGHLIGHT, stroke_width=3
                )
            die(svg, dx, dy, face, 44, hit=face in marks, stroke_width=2)
        if not mine:
            continue
        for f in range(1, 7):
            act = b.marks.volley.get((i, f))
            if act is None:
                continue
            fx = dx + 54 + ((f - 1) % 3) * 25
            fy = dy + ((f - 1) // 3) * 24
            with svg.group(
                action=act, tip=f"volley token: set die {i + 1} to {f}", data_volley=f"{i}:{f}"
            ):
                die(svg, fx, fy, f, 20, hit=f in marks, stroke=HIGHLIGHT, stroke_width=2)
    return dy + 54


def draw_key(b: Board, x: float, y: float, h: float) -> None:
    svg = b.svg
    svg.rect(x, y, RW, h, rx=8, fill="#f8f9f9", stroke="#aab7b8")
    svg.text(x + 12, y + 20, "Key", font_weight="bold", font_size=13)
    ly = y + 48
    entries = (
        "a pirate ship in its player's colour; black edge: yours; white: in a cove",
        "the Royal Navy: it chases whoever crosses the ship line",
        "a merchant: the cube it carries and the port it sails for",
        "a face-down search token",
        "a burial spot and its cost in gold (★: a treasure lies there)",
        "the helm: move 1-5 spaces; passing 5 → 0 crosses the ship line",
    )
    for k, words in enumerate(entries):
        top = ly - 15
        if k == 0:
            svg.polygon(hull(x + 12, top, 38), fill=seat_color(0))
            svg.text(x + 31, ly, "S0", fill=PAPER, font_weight="bold", text_anchor="middle")
        elif k == 1:
            svg.polygon(hull(x + 12, top, 50), fill=NAVY_COLOR, stroke=GOLD)
            svg.text(x + 37, ly, "NAVY", fill=PAPER, font_weight="bold", text_anchor="middle")
        elif k == 2:
            svg.polygon(hull(x + 12, top, 50), fill=MERCHANT_FILL["orange"], stroke=INK)
            cube(svg, x + 19, top + 3, "rum", 13)
        elif k == 3:
            svg.circle(x + 37, ly - 5, 10, fill="#6c3483")
            svg.text(x + 37, ly, "?", fill=PAPER, font_weight="bold", text_anchor="middle")
        elif k == 4:
            svg.rect(
                x + 12, top, 50, 18, rx=4, fill="#fef9e7", stroke=WOOD_EDGE, stroke_dasharray="3,2"
            )
            svg.text(x + 37, ly - 1, "7g", fill=WOOD_EDGE, font_weight="bold", text_anchor="middle")
        else:
            svg.rect(x + 12, top - 2, 50, 22, rx=3, fill=PAPER, stroke=INK)
            svg.text(x + 37, ly, "0 hide", text_anchor="middle")
        fit(svg, x + 72, ly, words, RW - 84)
        ly += 28
    svg.text(x + 12, ly, "Loot:", font_weight="bold")
    lx = x + 56
    for loot in LOOT_FILL:
        cube(svg, lx, ly - 12, loot, 14)
        svg.text(lx + 18, ly, loot)
        lx += 32 + TEXT.width(loot, 12)
    ly += 26
    v = b.v
    ports = " and ".join(place_name(int(p)) for p in v["ports"] if p >= 0) or "not chosen yet"
    navy = place_name(int(v["navy"])) if v["navy"] >= 0 else "not placed yet"
    svg.text(x + 12, ly, f"Ports: {ports} · the Navy: {navy}")


# ------------------------------------------------------------------------------ ship areas
def draw_panels(b: Board, y: float) -> None:
    ships = sorted(b.v["ships"], key=lambda s: (s["ship"] != b.seat, s["ship"]))
    m = b.marks
    terminal = bool(b.view.get("terminal"))
    for k, ship in enumerate(ships):
        row, col = divmod(k, 2)
        x, top = 10 + col * (PANEL_W + 10), y + row * (PANEL_H + 10)
        i = int(ship["ship"])
        on_turn = b.v.get("active") == i or (ship["legendary"] and b.v.get("active") is None)
        mine = i == b.seat
        moves = (m.helm, m.helm_hand, m.assign, m.cargo, m.kept, m.captain, m.side, m.bonus, m.crew)
        won = i in (b.view.get("winners") or [])
        key = ("panel", repr(ship), x, top, mine, on_turn and not terminal, won, m.panel.get(i))
        memo(b, (*key, repr(moves) if mine else ""), draw_panel, ship, x, top)


def draw_panel(b: Board, ship: Mapping[str, Any], x: float, y: float) -> None:
    svg = b.svg
    i = int(ship["ship"])
    color = ship_color(ship)
    mine = i == b.seat
    on_turn = (b.v.get("active") == i) or (ship["legendary"] and b.v.get("active") is None)
    action = b.marks.panel.get(i)
    with svg.group(data_seat=None if ship["legendary"] else i, data_panel=i):
        svg.rect(
            x,
            y,
            PANEL_W,
            PANEL_H,
            rx=8,
            fill="#fef9e7" if mine else "#fbfcfc",
            stroke=color,
            stroke_width=5 if mine else 2.5,
        )
        with svg.group(action=action, tip=f"attack {ship_title(b, ship)}" if action else None):
            svg.rect(x, y, PANEL_W, 28, rx=8, fill=color, **outline(action, color))
            title = ship_title(b, ship).replace(" (you)", " — YOUR SHIP")
            svg.text(x + 12, y + 20, title, fill=PAPER, font_weight="bold", font_size=15)
        where = f"at {where_name(int(ship['at']))}" if ship["at"] >= 0 else "not on the sea yet"
        if ship["hidden"]:
            where += " · hiding in a cove"
        if on_turn and not b.view.get("terminal"):
            where = "▶ on turn · " + where
        if i in (b.view.get("winners") or []):
            where = "★ WINNER · " + where
        svg.text(x + PANEL_W - 12, y + 19, where, fill=PAPER, font_weight="bold", text_anchor="end")
        draw_helm(b, ship, x + 8, y + 36)
        draw_assignments(b, ship, x + 8, y + 88)
        draw_hold(b, ship, x + 8, y + 140)
        rx, rw = x + 366, PANEL_W - 376
        draw_gold(b, ship, rx, y + 36, rw)
        draw_treasures(b, ship, rx, y + 74)
        if ship["legendary"]:
            draw_lp_level(b, ship, rx, y + 104, rw)
            draw_lp_sheets(b, ship, x + 8, y + 192, PANEL_W - 16)
        else:
            draw_infamy(b, ship, rx, y + 104, rw)
            draw_captain(b, ship, x + 8, y + 192, PANEL_W - 16)
        draw_crew(b, ship, x + 8, y + 266)


def draw_helm(b: Board, ship: Mapping[str, Any], x: float, y: float) -> None:
    svg = b.svg
    mine = int(ship["ship"]) == b.seat
    color = ship_color(ship)
    hands = set(ship["helm_deckhands"])
    bw, bh = 56, 44
    svg.rect(x, y - 2, 4, bh + 4, fill="#c0392b")  # the ship line, just before Hide
    for sp, order in enumerate(ship["helm"]):
        bx = x + 8 + sp * (bw + 2)
        here = sp == ship["captain_at"]
        action = b.marks.helm.get(sp) if mine else None
        tip = f"helm space {sp}: {order}" + (" (the captain stands here)" if here else "")
        with svg.group(action=action, tip=tip, data_helm=f"{sp}:{order}"):
            svg.rect(bx, y, bw, bh, rx=5, fill=color if here else PAPER, **outline(action))
            ink = PAPER if here else INK
            svg.text(bx + 5, y + 15, str(sp), fill=ink, font_weight="bold")
            fit(svg, bx + bw / 2, y + 36, str(order), bw - 4, fill=ink, text_anchor="middle")
            if here:
                pawn(svg, bx + bw - 12, y + 3, INK)
        if ship["legendary"] and 0 < sp <= len(ship.get("targets", ())):
            target = str(ship["targets"][sp - 1])
            tcolor = MERCHANT_FILL.get(target, seat_color(0))
            who = "your ship" if target == "you" else f"the {target} merchant"
            svg.rect(
                bx + 31,
                y + 5,
                10,
                10,
                fill=tcolor,
                stroke=INK,
                tip=f"a die roll of {sp}: it goes after {who}",
            )
        if sp in hands:
            hand_action = b.marks.helm_hand.get(sp) if mine else None
            with svg.group(
                action=hand_action, tip="a deckhand who skipped this space", data_helm_hand=sp
            ):
                if hand_action is not None:
                    svg.circle(bx + 22, y + 10, 10, fill="none", stroke=HIGHLIGHT, stroke_width=3)
                svg.circle(bx + 22, y + 10, 6, fill=color, stroke=INK, stroke_width=1.5)


def pawn(svg: Svg, x: float, y: float, color: str) -> None:
    """A small captain pawn with its top-left corner at (x, y)."""
    svg.circle(x + 4, y + 4, 4, fill=color, stroke=PAPER)
    svg.polygon(
        [(x, y + 16), (x + 8, y + 16), (x + 6, y + 7), (x + 2, y + 7)], fill=color, stroke=PAPER
    )


def draw_assignments(b: Board, ship: Mapping[str, Any], x: float, y: float) -> None:
    svg = b.svg
    mine = int(ship["ship"]) == b.seat
    color = ship_color(ship)
    bw, bh = 84, 44
    for a, name in enumerate(ASSIGNMENTS):
        bx = x + a * (bw + 3)
        n = int(ship["assignments"][name])
        action = b.marks.assign.get(a) if mine else None
        with svg.group(
            action=action, tip=f"{ASSIGN_TIPS[name]} ({n} here)", data_assign=f"{name}:{n}"
        ):
            svg.rect(
                bx,
                y,
                bw,
                bh,
                rx=5,
                fill="#eaf2f8" if name != "repairs" else "#f2f3f4",
                **outline(action, "#5d6d7e"),
            )
            svg.text(bx + bw / 2, y + 15, name, font_weight="bold", text_anchor="middle")
            for k in range(min(n, 5)):
                svg.circle(bx + 13 + k * 14, y + 30, 5.5, fill=color, stroke=INK)
            if n > 5:
                svg.text(bx + bw - 4, y + 35, f"×{n}", text_anchor="end", font_weight="bold")


def draw_hold(b: Board, ship: Mapping[str, Any], x: float, y: float) -> None:
    """Cargo, volley tokens and kept search tokens."""
    svg = b.svg
    mine = int(ship["ship"]) == b.seat
    svg.text(x, y + 15, "Cargo", font_weight="bold")
    cargo = list(ship["cargo"])
    marked: set[str] = set()
    for k in range(MAX_CARGO):
        cx = x + 46 + k * 26
        loot = str(cargo[k]) if k < len(cargo) else None
        action = None
        if mine and loot is not None and loot not in marked:
            action = b.marks.cargo.get(loot)
            marked.add(loot)
        with svg.group(
            action=action, tip=f"a {loot} cube" if loot else "room for a cube", data_cargo=loot
        ):
            if action is not None:
                svg.rect(cx - 3, y - 1, 26, 26, rx=4, fill="none", stroke=HIGHLIGHT, stroke_width=3)
            cube(svg, cx, y + 2, loot, 20)
    if ship["legendary"]:
        return
    vx = x + 140
    svg.text(vx, y + 15, "Volley", font_weight="bold", data_volley_tokens=ship["volley"])
    for k in range(MAX_VOLLEY):
        filled = k < int(ship["volley"])
        svg.circle(
            vx + 60 + k * 24,
            y + 11,
            9,
            fill="#c0392b" if filled else "none",
            stroke="#c0392b",
            stroke_dasharray=None if filled else "3,2",
            tip="accurate volley token: sets one die to any face",
        )
    ky = y + 30
    svg.text(x, ky + 14, "Kept", font_weight="bold")
    kx = x + 46
    for kind in ship["kept_tokens"]:
        action = b.marks.kept.get(kind) if mine else None
        kx += (
            chip(
                svg,
                kx,
                ky,
                KEPT_WORDS.get(kind, kind),
                "#e8daef",
                action=action,
                tip=KEPT_TIPS.get(kind),
                data_kept=kind,
            )
            + 4
        )
    if not ship["kept_tokens"]:
        svg.text(kx, ky + 14, "no search tokens kept", fill=MUTED, font_style="italic")


def draw_gold(b: Board, ship: Mapping[str, Any], x: float, y: float, w: float) -> None:
    svg = b.svg
    top = int(ship["gold_track"]) if ship["legendary"] else MAX_GOLD
    gold = int(ship["gold"])
    tip = "it buries a treasure on reaching the top" if ship["legendary"] else "gold, at most 13"
    svg.text(
        x, y + 14, f"Gold {gold} / {top}", font_weight="bold", font_size=14, data_gold=gold, tip=tip
    )
    seg = w / max(top, 1)
    for k in range(top):
        svg.rect(
            x + k * seg,
            y + 20,
            seg - 2,
            10,
            rx=2,
            fill=GOLD if k < gold else "#eaecee",
            stroke="#9a7d0a",
            stroke_width=0.8,
        )


def draw_treasures(b: Board, ship: Mapping[str, Any], x: float, y: float) -> None:
    svg = b.svg
    buried = int(ship["buried"])
    svg.text(
        x,
        y + 15,
        f"Treasures {buried} / {TREASURES}",
        font_weight="bold",
        font_size=14,
        data_treasures=buried,
    )
    for k in range(TREASURES):
        cx = x + 136 + k * 24
        if k < buried:
            svg.rect(cx, y + 2, 20, 16, rx=3, fill=WOOD_EDGE, stroke=INK)
            svg.rect(cx, y + 2, 20, 6, rx=2, fill="#b9770e", stroke=INK)
            svg.rect(cx + 7, y + 7, 6, 5, fill=GOLD)
        else:
            svg.rect(cx, y + 2, 20, 16, rx=3, fill="none", stroke=MUTED, stroke_dasharray="3,2")


def draw_infamy(b: Board, ship: Mapping[str, Any], x: float, y: float, w: float) -> None:
    svg = b.svg
    level = int(ship["infamy"])
    levels = int(ship["infamy_levels"])
    fit(
        svg,
        x,
        y + 13,
        f"Infamy {level + 1}/{levels}: {ship['infamy_name']}",
        w,
        bold=True,
        data_infamy=level,
    )
    svg.text(x, y + 33, f"sail {ship['sail']} · {ship['dice']} dice")
    px = x + 100
    for k in range(levels):
        svg.circle(
            px + k * 16, y + 28, 6, fill="#922b21" if k <= level else PAPER, stroke="#922b21"
        )
        if k == 2 and ship["spare_deckhand"]:
            svg.circle(
                px + k * 16,
                y + 28,
                3.5,
                fill=ship_color(ship),
                stroke=PAPER,
                tip="the 4th deckhand waits here until this level",
            )
    if ship["spare_deckhand"]:
        svg.text(x, y + 52, "4th deckhand waits on level 3", fill=MUTED)


def captain_card(name: str) -> Captain | None:
    for card in load_content().captains:
        if card.name == name:
            return card
    return None


def draw_captain(b: Board, ship: Mapping[str, Any], x: float, y: float, w: float) -> None:
    """The captain card: both sides, the one in play bright, the other faded."""
    svg = b.svg
    mine = int(ship["ship"]) == b.seat
    action = b.marks.captain if mine else None
    content = captain_card(str(ship["captain"]))
    current = int(ship["captain_side"])
    tip = "captain card" + ("; call a mutiny to flip it" if action is not None else "")
    with svg.group(action=action, data_captain=f"{ship['captain']}:{current}", tip=tip):
        svg.rect(x, y, w, 68, rx=6, fill=WOOD, **outline(action, WOOD_EDGE, 1.2))
        mutiny = "mutiny called: the card stays" if ship["mutiny"] else "mutiny not called yet"
        fit(svg, x + 8, y + 15, f"Captain {ship['captain']}", w - 200, bold=True)
        svg.text(x + w - 8, y + 15, mutiny, fill=MUTED, text_anchor="end")
        sides: list[Mapping[str, Any]] = []
        if content is not None:
            sides = [side.model_dump() for side in content.sides]
        if not 0 <= current < len(sides):
            sides = [
                {
                    "dice": ship["captain_dice"],
                    "hits": ship["captain_hits"],
                    "bonus": ship["captain_bonus"],
                }
            ]
            current = 0
        for s, face in enumerate(sides):
            draw_side(b, ship, face, s, s == current, x + 8, y + 22 + s * 22, w - 16)


def draw_side(
    b: Board,
    ship: Mapping[str, Any],
    face: Mapping[str, Any],
    side: int,
    in_play: bool,
    x: float,
    y: float,
    w: float,
) -> None:
    svg = b.svg
    mine = int(ship["ship"]) == b.seat
    action = b.marks.side.get(side) if mine else None
    faded = not in_play and not (mine and b.marks.side)
    tip = f"side {'AB'[side]}" + (" (in play)" if in_play else "")
    with svg.group(
        action=action, tip=tip, opacity=0.45 if faded else None, data_side=f"{side}:{int(in_play)}"
    ):
        if action is not None:
            svg.rect(x - 4, y - 2, w + 8, 21, rx=4, fill="none", stroke=HIGHLIGHT, stroke_width=3)
        svg.rect(x, y, 18, 18, rx=3, fill=ship_color(ship) if in_play else PAPER, stroke=INK)
        svg.text(
            x + 9,
            y + 13,
            "AB"[side],
            fill=PAPER if in_play else INK,
            font_weight="bold",
            text_anchor="middle",
        )
        after = draw_dice(svg, face, x + 24, y + 1)
        card = 0 if mine and in_play else None
        draw_bonus_row(b, face.get("bonus"), max(after, x + 96) + 6, y, x, x + w, card=card)


def draw_lp_level(b: Board, ship: Mapping[str, Any], x: float, y: float, w: float) -> None:
    svg = b.svg
    level = ship["level"]
    fit(
        svg,
        x,
        y + 13,
        f"{level['dice']} dice · sail {level['sail']} · +{level['hits']} hits",
        w,
        bold=True,
    )
    fit(svg, x, y + 31, f"Captain: {ship['bridge']}", w)
    fit(svg, x, y + 49, f"Personality: {ship['personality']}", w)


def draw_lp_sheets(b: Board, ship: Mapping[str, Any], x: float, y: float, w: float) -> None:
    """The solo pirate's bridge bonuses and its action track (marker on the current space)."""
    svg = b.svg
    dice = " ".join(map(str, ship["bridge_dice"]))
    bonuses = "; ".join(
        f"{bo['trigger']}: "
        + ", ".join(f"+{bo[k]} {k}" for k in ("sail", "hits", "gold") if bo.get(k))
        for bo in ship["bridge_bonuses"]
    )
    fit(svg, x, y + 12, f"Captain dice {dice} · bonuses on {bonuses or 'none'}", w, bold=True)
    track = ship["action_track"]
    n = max(len(track), 1)
    bw = (w - (n - 1) * 4) / n
    for k, space in enumerate(track):
        bx = x + k * (bw + 4)
        here = k == int(ship["action_space"])
        words = " + ".join(space["orders"])
        tip = f"action space {k + 1}: {words}" + (" (the marker)" if here else "")
        with svg.group(tip=tip, data_track=f"{k}:{int(here)}"):
            svg.rect(bx, y + 20, bw, 46, rx=4, fill=LP_COLOR if here else PAPER, stroke=INK)
            ink = PAPER if here else INK
            for line_no, order in enumerate(space["orders"][:2]):
                fit(
                    svg,
                    bx + bw / 2,
                    y + 36 + line_no * 14,
                    str(order),
                    bw - 6,
                    fill=ink,
                    text_anchor="middle",
                )
            if space["hits"]:
                svg.text(
                    bx + bw - 4,
                    y + 63,
                    f"+{space['hits']} hit",
                    fill="#e74c3c",
                    text_anchor="end",
                    font_weight="bold",
                )


def draw_crew(b: Board, ship: Mapping[str, Any], x: float, y: float) -> None:
    svg = b.svg
    mine = int(ship["ship"]) == b.seat
    crew = ship["crew"]
    for k in range(MAX_CREW):
        cx = x + k * (CREW_W + 3)
        if k < len(crew):
            action = b.marks.crew.get(k) if mine else None
            draw_crew_card(
                b,
                crew[k],
                cx,
                y,
                action=action,
                where=f"crew:{ship['ship']}:{k}",
                bonus_card=k + 1 if mine else None,
            )
        else:
            svg.rect(
                cx, y, CREW_W, CREW_H, rx=6, fill="none", stroke="#ccd1d1", stroke_dasharray="4,3"
            )
            svg.text(
                cx + CREW_W / 2,
                y + CREW_H / 2 + 4,
                "crew slot",
                fill="#aab7b8",
                text_anchor="middle",
            )


# ------------------------------------------------------------------------------ entry point
def render_svg(view: Mapping[str, Any]) -> str:
    """The table as ``view["seat"]`` sees it (see the module docstring)."""
    v = view["state"]
    ships = {int(s["ship"]): s for s in v["ships"]}
    rows = (len(ships) + 1) // 2
    height = SEA_BOTTOM + 12 + rows * (PANEL_H + 10)
    svg = Svg(W, height, title="Tiny Epic Pirates table")
    decision = view.get("decision")
    battle = decision["context"].get("battle") if decision else None
    b = Board(svg, view, v, view.get("seat"), ships, find_marks(view), battle)
    svg.rect(0, 0, W, height, fill="#eef3f7")
    header(b)
    for card in v["sea"]:
        draw_card(b, card)
    m = b.marks
    shop = [v[k] for k in ("market", "bag", "merchants", "merchant_deck", "crew_row", "crew_deck")]
    memo(b, ("shop", repr(shop), repr((m.merchant_card, m.crew_row, m.crew_deck))), draw_shop)
    y = SHOP_BOTTOM
    if battle is not None:
        draw_battle(b, battle, RX, y, SEA_BOTTOM - y)
    else:
        rest = SEA_BOTTOM - y
        key = ("key", y, tuple(v["ports"]), v["navy"])
        memo(b, key, draw_key, RX, y, rest)
    draw_panels(b, SEA_BOTTOM + 12)
    return svg.to_string()
