"""Shipyard's board picture: an SVG drawn from one seat's observation (``render_svg``).

Only the view (``state.observation(seat)``, JSON round-tripped or not) and the static content
(parts, canals, wagons, employees, contracts, the board layout) are read, never a state, so
the picture cannot show more than the seat may know. Top to bottom: a header; the board, with
the action track looping around the part offer, wagons, canals, the two circles, the round
track and the stock exchange; the employee oval; the pending decision's context; one panel per
seat (the viewer's first); the viewer's secret contracts, or the final scoring.

Legal moves of the viewing seat carry ``data-action`` (see :mod:`tabletide.svg`), found by the
action's JSON. What the pending decision is about (the part, canal or wagon in hand, the circle
being turned, the route's water spaces) comes from the view's ``decision`` context
(``schema.py``); no label, log line or prompt text is ever read to draw a shape.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar

from tabletide.engine.view import seat_name
from tabletide.games.shipyard.constants import CANAL_SPACES, KEEP_AFTER_LAP, PROMPTS
from tabletide.games.shipyard.content import ITEMS, Content, geometry, load_content
from tabletide.svg import INK, PAPER, Font, Parts, Svg, action_index, memo, seat_color

View = Mapping[str, Any]
Index = dict[tuple[str, tuple[tuple[str, Any], ...]], int]


class ShipyardSvg(Svg):
    """The shared builder with Shipyard's settings: text inherits its size and ink from the
    picture's root group, and the picture lies on a paper background."""

    text_defaults: ClassVar[Mapping[str, Any]] = {}
    background: ClassVar[str | None] = "#fbfcfc"


# ---------------------------------------------------------------------------- style
W = 1200
FONT = 12
MUTED = "#566573"
GOLD = "#f1c40f"
HILITE = "#fff3c4"
RING = "#b9770e"
BAND = "#d7c4a3"
LAND = "#dcedc8"
WATER = "#5dade2"

ITEM_COLORS = {
    "sail": "#f5eee0",
    "funnel": "#566573",
    "propeller": "#b7950b",
    "crane": "#a04000",
    "cannon": "#17202a",
    "captain": "#1f618d",
    "merchant": "#d68910",
    "soldier": "#922b21",
}
GOODS = ("coal", "steel", "timber")
GOODS_COLORS = {"coal": "#212f3d", "steel": "#aab7b8", "timber": "#a0522d"}
EMPLOYEE_COLORS = {
    "brown": "#a0522d",
    "green": "#27ae60",
    "blue": "#2e86c1",
    "yellow": "#d4ac0d",
    "orange": "#e67e22",
}
SYMBOL_STYLE = {  # canal space symbol -> (letter, fill, letter ink)
    "none": ("", "#eaf2f8", INK),
    "military": ("M", "#922b21", PAPER),
    "trade": ("T", "#9a7d0a", PAPER),
    "lantern": ("L", "#f7dc6f", INK),
    "lifeboat": ("B", "#fdfefe", INK),
    "lifebuoy": ("O", "#e74c3c", PAPER),
    "riband": ("R", "#1f4e9c", PAPER),
}
PART_FILL = {"bow": "#f6ddcc", "middle": "#fcf3cf", "stern": "#d6eaf8"}
TILE_SUMMARY = {
    "Ship building": "buy up to 3 parts",
    "Canal rental": "rent one canal",
    "Equipment production": "take one equipment",
    "Crew recruitment": "take one crew",
    "Employee hiring": "hire one employee",
    "Goods purchase": "buy a wagon tile",
    "Stock exchange": "sell or swap goods",
    "Subsidy": "take 2 coins",
}
SIDE_POINT = ((0.5, 1 / 6), (5 / 6, 0.5), (0.5, 5 / 6), (1 / 6, 0.5))  # N E S W; y down
EDGE_POINT = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))


TEXT = Font(0.57, bold_em=0.63, min_chars=4)
"""Text widths close to DejaVu Sans (the widest common sans-serif)."""


def _wagon_words(goods: Sequence[str]) -> str:
    """A wagon tile's goods as the ``data-wagon`` mark: ``"(coal+steel)"``."""
    return "(" + "+".join(goods) + ")"


def _coin(svg: Svg, x: float, y: float, value: int | str) -> None:
    """A coin showing ``value``, centred on (x, y)."""
    svg.circle(x, y, 9.5, fill=GOLD, stroke="#9a7d0a")
    svg.text(x, y + 4, str(value), text_anchor="middle", font_weight="bold")


def _chip(
    svg: Svg,
    x: float,
    y: float,
    text: str,
    *,
    color: str,
    action: int | None = None,
    tip: str | None = None,
    **attrs: Any,
) -> float:
    """A rounded label with a colour dot; returns its width."""
    w = TEXT.width(text, FONT) + 26
    with svg.group(action=action, tip=tip, **attrs):
        svg.rect(
            x,
            y,
            w,
            20,
            rx=10,
            fill=HILITE if action is not None else PAPER,
            stroke=RING if action is not None else MUTED,
            stroke_width=2 if action is not None else 1,
        )
        svg.circle(x + 10, y + 10, 6, fill=color, stroke=INK, stroke_width=0.8)
        svg.text(x + 20, y + 14.5, text)
    return w


# ---------------------------------------------------------------------------- static content
@dataclass(frozen=True)
class Static:
    content: Content
    employees: dict[int, tuple[str, str, str, str]]
    """employee id -> (colour, title, item or goods, effect in our words)."""
    contract_ids: tuple[str, ...]


def _employee_texts(role: str, item: str | None, level: int | None, vp: int) -> tuple[str, str]:
    if role == "engineer":
        return "engineer", "+1 when producing"
    if role == "recruiter":
        return "recruiter", "+1 when recruiting"
    if role == "designer":
        room = "cabin" if item in ("captain", "merchant", "soldier") else "mount"
        return "designer", f"{1 if item == 'propeller' else 2} extra, no {room}"
    if role == "merchant":
        return f"merchant L{level}", f"sells +1 coin, {vp} VP"
    return role, {
        "helmsman": "ships +1 speed",
        "rigger": "+1 speed / 2 sails",
        "accountant": "circles: +2 free",
        "foreman": "oval: +3 free steps",
    }.get(role, "")


@cache
def _static() -> Static:
    c = load_content()
    employees: dict[int, tuple[str, str, str, str]] = {}
    for e in c.employees:
        vp = e.vp or (3 if e.level == 2 else 1)
        title, effect = _employee_texts(e.role, e.item, e.level, vp)
        employees[e.id] = (e.colour, title, e.item or e.goods or "", effect)
    return Static(c, employees, tuple(k.id for k in c.contracts))


_CODES = ("cab", "s/f", "prop", "crn", "cnn")
"""Cabins and mounts (sail or funnel, propeller, crane, cannon) as short codes."""


@cache
def _part_features(part_id: int) -> tuple[str, tuple[str, ...]]:
    """A part's cabins and mounts as codes (``"2cab s/f"``) and its safety features, one
    symbol per piece (drawn like the canals' O, B and L spaces)."""
    p = _static().content.parts[part_id]
    m = p.mounts
    counts = (p.cabins, m.sail_funnel, m.propeller, m.crane, m.cannon)
    codes = " ".join(f"{n}{c}" if n > 1 else c for c, n in zip(_CODES, counts, strict=True) if n)
    safety = ("lifebuoy",) * p.lifebuoys + ("lifeboat",) * p.lifeboats + ("lantern",) * p.lanterns
    return codes, safety


def _badge(svg: Svg, cx: float, cy: float, symbol: str, r: float = 7.5) -> None:
    letter, fill, ink = SYMBOL_STYLE[symbol]
    svg.circle(cx, cy, r, fill=fill, stroke=INK, stroke_width=0.8)
    svg.text(cx, cy + 4.2, letter, text_anchor="middle", fill=ink, font_weight="bold")


# ---------------------------------------------------------------------------- canal geometry
System = dict[tuple[int, int], tuple[int, int]]


@cache
def _space_points(shape: str, rotation: int) -> tuple[tuple[float, float], ...]:
    ports, links = geometry(shape, rotation)
    where = {space: SIDE_POINT[side] for side, space in ports.items()}
    return tuple(where.get(s, (0.5, 0.5)) for s in range(len(links)))


def _shape(card: int) -> str:
    return _static().content.canals[card].shape


def _system(player: View) -> System:
    return {(c["x"], c["y"]): (c["card"], c["rotation"]) for c in player["canals"]}


# ---------------------------------------------------------------------------- drawing context
@dataclass
class Ctx:
    svg: Svg
    obs: View
    v: View
    me: int | None
    decider: int | None
    kind: str | None
    context: View
    """The pending decision's public facts (``schema.py``, per kind)."""
    index: Index
    legal: list[View]
    marked: set[int] = field(default_factory=set)

    def act(self, kind: str, **fields: Any) -> int | None:
        """The index of the legal action ``kind(**fields)``, if there is one."""
        i = self.index.get((kind, tuple(sorted(fields.items()))))
        if i is not None:
            self.marked.add(i)
        return i

    def name(self, seat: int) -> str:
        """What people call ``seat`` (the view's ``"names"``)."""
        return seat_name(self.obs.get("names"), seat)

    def label(self, i: int | None) -> str | None:
        """The words of legal action ``i``, for a tooltip only."""
        return None if i is None else str(self.legal[i]["label"])

    def tip(self, i: int | None, text: str) -> str:
        """The tooltip of an element that may be legal action ``i``: the move's words, then
        the element's own full text (the page shows both on a long press of the move)."""
        label = self.label(i)
        return f"{label}\n{text}" if label and text and text != label else (label or text)


# ---------------------------------------------------------------------------- parts and canals
def _part_tile(
    ctx: Ctx,
    x: float,
    y: float,
    w: float,
    h: float,
    part: View,
    *,
    action: int | None = None,
    price: int | None = None,
) -> None:
    """A ship part (``schema.Part``): its type and number, then its features as short codes."""
    pid, kind = part["id"], str(part["type"])
    tip = ctx.tip(action, str(part["part"]) + (f" ({price} coins)" if price is not None else ""))
    _part_art(ctx.svg, x, y, w, h, pid, kind, tip, action, price)


def _draw_part(
    svg: Svg,
    x: float,
    y: float,
    w: float,
    h: float,
    pid: Any,
    kind: str,
    tip: str,
    action: int | None,
    price: int | None,
) -> None:
    """:func:`_part_tile`'s drawing, from everything it reads (drawn once per arguments)."""
    with svg.group(action=action, tip=tip, data_part=pid, class_="part"):
        fill = PART_FILL.get(kind, PAPER)
        stroke = {"stroke": RING, "stroke_width": 2.5} if action is not None else {"stroke": INK}
        if kind == "bow":
            pts = [(x + 9, y), (x + w, y), (x + w, y + h), (x + 9, y + h), (x, y + h / 2)]
        elif kind == "stern":
            pts = [(x, y), (x + w, y), (x + w - 6, y + h), (x, y + h)]
        else:
            pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        svg.polygon(pts, fill=fill, **stroke)
        short = {"middle": "mid"}.get(kind, kind)
        left = x + (11 if kind == "bow" else 5)
        if pid is None:
            svg.text(left, y + 14, short, font_weight="bold")
            svg.text(left, y + 27, "substitute", fill=MUTED)
        else:
            title = f"{short} {pid}"
            if TEXT.width(title, FONT, True) > x + w - left - (20 if price is not None else 2):
                title = f"#{pid}"
            svg.text(left, y + 14, title, font_weight="bold")
            codes, safety = _part_features(pid)
            room = x + w - left - 3
            badges = 16 * len(safety)
            if TEXT.width(codes, FONT) + badges + 4 <= room:
                lines: tuple[str, ...] = (codes,) if codes else ()
                badge_y = y + 24
            else:
                lines = TEXT.wrap(codes, room, FONT, 2, overflow="join")
                badge_y = y + 28 + 12 * len(lines)
            for k, line in enumerate(lines):
                svg.text(left, y + 28 + 12 * k, line)
            bx = left + (
                TEXT.width(lines[0], FONT) + 12 if len(lines) == 1 and badge_y == y + 24 else 8
            )
            for k, symbol in enumerate(safety):
                _badge(svg, bx + 16 * k, badge_y, symbol)
            if not codes and not safety:
                svg.text(left, y + 28, "plain", fill=MUTED)
        if price is not None:
            _coin(svg, x + w - 11, y + 11, price)


_part_art = memo(_draw_part)


def _canal_card(
    ctx: Ctx,
    x: float,
    y: float,
    size: float,
    card: int,
    rotation: int,
    *,
    marks: Mapping[int, int] | None = None,
) -> None:
    """A square canal card: land, water, and its water spaces with their symbols (letters when
    it is large enough). ``marks``: water space -> action index (drawn as a ring)."""
    svg = ctx.svg
    shape = _shape(card)
    symbols = _static().content.canals[card].spaces
    ports, links = geometry(shape, rotation)
    pts = [(x + px * size, y + py * size) for px, py in _space_points(shape, rotation)]
    svg.rect(x, y, size, size, fill=LAND, stroke="#7d6608", stroke_width=1, rx=3)
    water = max(2.0, size * 0.14)
    path = []
    for side, s in ports.items():
        ex, ey = EDGE_POINT[side]
        path.append(f"M{x + ex * size:.1f},{y + ey * size:.1f}L{pts[s][0]:.1f},{pts[s][1]:.1f}")
    for a, nbrs in enumerate(links):
        for b in nbrs:
            if a < b:
                path.append(f"M{pts[a][0]:.1f},{pts[a][1]:.1f}L{pts[b][0]:.1f},{pts[b][1]:.1f}")
    svg.path("".join(path), fill="none", stroke=WATER, stroke_width=water, stroke_linecap="round")
    r = max(3.0, size * 0.12)
    for s, sym in enumerate(symbols):
        letter, fill, ink = SYMBOL_STYLE[sym]
        cx, cy = pts[s]
        svg.circle(cx, cy, r, fill=fill, stroke=INK, stroke_width=0.8)
        if letter and size >= 56:
            svg.text(cx, cy + 4.3, letter, text_anchor="middle", fill=ink, font_weight="bold")
        if marks and s in marks:
            i = marks[s]
            svg.circle(
                cx,
                cy,
                r + 6,
                fill=GOLD,
                fill_opacity=0.15,
                stroke=RING,
                stroke_width=3,
                action=i,
                tip=ctx.label(i),
                data_water=s,
            )


def _boat(
    svg: Svg, system: System, boat: Sequence[int], ox: float, oy: float, cell: float, color: str
) -> None:
    """The seat's boat on its water space, bow pointing away from where it came from."""
    x, y, space, sx, sy, ss = boat
    if (x, y) not in system:
        return
    card, rot = system[(x, y)]
    pts = _space_points(_shape(card), rot)
    px, py = ox + (x + pts[space][0]) * cell, oy + (y + pts[space][1]) * cell
    if (sx, sy) == (x, y) and ss >= 0:
        qx, qy = ox + (x + pts[ss][0]) * cell, oy + (y + pts[ss][1]) * cell
    else:
        qx, qy = ox + (sx + 0.5) * cell, oy + (sy + 0.5) * cell
    hx, hy = px - qx, py - qy
    norm = math.hypot(hx, hy) or 1.0
    hx, hy = hx / norm, hy / norm
    nx, ny = -hy, hx
    length, width = max(12.0, cell * 0.4), max(7.0, cell * 0.2)
    tip = (px + hx * length / 2, py + hy * length / 2)
    mid = (px + hx * length / 8, py + hy * length / 8)
    back = (px - hx * length / 2, py - hy * length / 2)
    half = width / 2
    outline = [
        tip,
        (mid[0] + nx * half, mid[1] + ny * half),
        (back[0] + nx * half, back[1] + ny * half),
        (back[0] - nx * half, back[1] - ny * half),
        (mid[0] - nx * half, mid[1] - ny * half),
    ]
    svg.polygon(outline, fill=color, stroke=PAPER, stroke_width=1.5, tip="the boat, bow first")


def _fit_map(
    cells: Sequence[tuple[int, int]], x: float, y: float, w: float, h: float, max_cell: float
) -> tuple[float, float, float]:
    """Origin and cell size that centre ``cells`` in the box (cell (i, j) has its corner at
    ``(ox + i * cell, oy + j * cell)``)."""
    if not cells:
        return x, y, max_cell
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    cell = min(max_cell, w / cols, h / rows)
    return (
        x + (w - cols * cell) / 2 - min(xs) * cell,
        y + (h - rows * cell) / 2 - min(ys) * cell,
        cell,
    )


def _draw_system(
    ctx: Ctx,
    player: View,
    ox: float,
    oy: float,
    cell: float,
    marks: Mapping[tuple[int, int], Mapping[int, int]] | None = None,
) -> None:
    for c in player["canals"]:
        where = (c["x"], c["y"])
        with ctx.svg.group(
            tip=f"canal {c['canal']}, turned {c['rotation'] * 90}°", data_canal=c["card"]
        ):
            _canal_card(
                ctx,
                ox + where[0] * cell,
                oy + where[1] * cell,
                cell,
                c["card"],
                c["rotation"],
                marks=(marks or {}).get(where),
            )
    boat = player.get("boat")
    if boat:
        _boat(ctx.svg, _system(player), boat, ox, oy, cell, seat_color(player["seat"]))


# ---------------------------------------------------------------------------- header
def _header(ctx: Ctx) -> None:
    svg, obs, v = ctx.svg, ctx.obs, ctx.v
    svg.rect(0, 0, W, 30, fill="#1b4f72")
    svg.text(12, 21, "Shipyard", fill=PAPER, font_size=16, font_weight="bold")
    who = "a spectator" if ctx.me is None else ctx.name(ctx.me)
    bits = [f"as seen by {who}", f"starting player {ctx.name(v['starting_player'])}"]
    if v.get("early_end"):
        bits.append("early end: a part deck ran out")
    if v.get("final_phase"):
        bits.append("final actions and last chances")
    if obs.get("terminal"):
        bits.append("game over")
    svg.text(100, 20, " · ".join(bits), fill=PAPER)
    if ctx.kind is not None and ctx.decider is not None:
        seat = ctx.decider
        text = f"now {ctx.name(seat)}: " + PROMPTS.get(ctx.kind, ctx.kind)
        svg.circle(W - 22 - TEXT.width(text, FONT), 15, 7, fill=seat_color(seat), stroke=PAPER)
        svg.text(W - 12, 20, text, fill=PAPER, text_anchor="end")


# ---------------------------------------------------------------------------- action track
X0, Y0, X1, Y1 = 76.0, 78.0, 1124.0, 528.0  # the track's loop
TILE_W, TILE_H = 140.0, 62.0


@cache
def _slots(n: int) -> tuple[tuple[float, float], ...]:
    """Space centres, clockwise from the top left: top edge, right, bottom, left. Sides are
    spaced so that no two tiles overlap."""
    top = round(n * 0.3)
    right = (n - 2 * top + 1) // 2
    left = n - 2 * top - right
    step = (X1 - X0) / top
    lo, hi = Y0 + TILE_H + 4, Y1 - TILE_H - 4  # clear of the corner tiles

    def side(k: int, count: int) -> float:
        return lo + (hi - lo) * (k / (count - 1) if count > 1 else 0.5)

    out = [(X0 + (i + 0.5) * step, Y0) for i in range(top)]
    out += [(X1, side(k, right)) for k in range(right)]
    out += [(X1 - (i + 0.5) * step, Y1) for i in range(top)]
    out += [(X0, side(left - 1 - k, left)) for k in range(left)]
    return tuple(out)


def _track(ctx: Ctx) -> None:
    svg, v = ctx.svg, ctx.v
    n = _static().content.board.track_spaces
    slots = _slots(n)
    svg.rect(X0, Y0, X1 - X0, Y1 - Y0, rx=36, fill="none", stroke=BAND, stroke_width=24)
    for i, (px, py) in enumerate(slots):
        svg.circle(px, py, 6, fill="#7e5109" if i == n - 1 else "#f8f1e5", stroke="#7e5109")
    sx, _ = slots[0]
    svg.text(
        sx - TILE_W / 2,
        Y0 - TILE_H / 2 - 4,
        "▼ start space: a lap ends when a tile is moved here",
        font_weight="bold",
        fill="#7e5109",
    )
    svg.text(
        sx - TILE_W / 2 + 372,
        Y0 - TILE_H / 2 - 4,
        "· the action track: tiles move clockwise, the leading tile is gold",
        fill=MUTED,
    )
    chosen = ctx.context.get("tile") if ctx.kind == "menu" else None
    for t in v["track"]:
        px, py = slots[t["space"] % n]
        _tile(ctx, t, px - TILE_W / 2, py - TILE_H / 2, chosen == t["id"])


def _tile_action(ctx: Ctx, tile: int, chosen: bool) -> int | None:
    if ctx.kind == "choose_tile":
        return ctx.act("choose_tile", tile=tile)
    if ctx.kind == "final":
        return ctx.act("final_action", tile=tile)
    if ctx.kind == "menu":
        return ctx.act("main") if chosen else ctx.act("bonus", tile=tile)
    return None


def _tile(ctx: Ctx, t: View, x: float, y: float, chosen: bool) -> None:
    svg = ctx.svg
    name = str(t["tile"])
    i = _tile_action(ctx, t["id"], chosen)
    lead = bool(t["leading"])
    tip = ctx.tip(i, f"{name}: {TILE_SUMMARY.get(name, '')}")
    with svg.group(action=i, tip=tip, data_tile=t["id"], class_="tile"):
        svg.rect(
            x,
            y,
            TILE_W,
            TILE_H,
            rx=6,
            fill="#fcf3cf" if lead else PAPER,
            stroke=RING if i is not None else ("#b7950b" if lead else INK),
            stroke_width=3 if lead or i is not None else 1,
        )
        if chosen:
            svg.rect(
                x + 4,
                y + 4,
                TILE_W - 8,
                TILE_H - 8,
                rx=4,
                fill="none",
                stroke=seat_color(ctx.decider),
                stroke_width=2,
                stroke_dasharray="4 3",
            )
        bold = TEXT.width(name, FONT, True) <= TILE_W - 8
        svg.text(
            x + TILE_W / 2, y + 16, name, text_anchor="middle", font_weight="bold" if bold else None
        )
        svg.text(
            x + TILE_W / 2, y + 32, TILE_SUMMARY.get(name, ""), text_anchor="middle", fill=MUTED
        )
        for k, seat in enumerate(t["occupied_by"]):
            svg.circle(
                x + 13 + 16 * k,
                y + 47,
                7,
                fill=seat_color(seat),
                stroke=INK,
                tip=f"a figure of {ctx.name(seat)}",
            )
        if lead:
            svg.text(
                x + TILE_W - 8,
                y + 52,
                "★ leading",
                text_anchor="end",
                fill="#7e5109",
                font_weight="bold",
            )
        elif t["income"] is not None:
            svg.text(x + TILE_W - 26, y + 52, "income", text_anchor="end", fill=MUTED)
            _coin(svg, x + TILE_W - 14, y + 47, f"+{t['income']}" if t["income"] else 0)


# ---------------------------------------------------------------------------- offers (column A)
PX, PY = 154.0, 116.0  # left column inside the loop
CW, RH = 96.0, 45.0
COLS = ("bow", "left middle", "right middle", "stern")


def _offer(ctx: Ctx) -> None:
    svg, v = ctx.svg, ctx.v
    svg.text(PX, PY + 12, "Ship parts for sale", font_weight="bold", font_size=14)
    svg.text(PX + 160, PY + 12, "row 1, at the bottom, is cheapest", fill=MUTED)
    decks = v["decks"]
    mids = decks["middle"]["A"] + decks["middle"]["B"]
    gx = PX + 26
    svg.text(gx + 2, PY + 30, f"bows: {decks['bow']} left", fill=MUTED)
    svg.text(gx + CW + 2, PY + 30, f"middles: {mids} left in the deck", fill=MUTED)
    svg.text(gx + 3 * CW + 2, PY + 30, f"sterns: {decks['stern']}", fill=MUTED)
    prices = _static().content.board.part_prices
    top = PY + 36
    for row in range(5):
        ry = top + (4 - row) * RH
        _coin(svg, PX + 10, ry + 13, prices[row])
        svg.text(PX + 10, ry + 38, f"{row + 1}", text_anchor="middle", fill=MUTED)
    for col, name in enumerate(COLS):
        for row, item in enumerate(v["offer"][name]):
            cx, ry = gx + col * CW, top + (4 - row) * RH
            if item is None:
                svg.rect(
                    cx, ry, CW - 4, RH - 3, rx=4, fill="none", stroke=MUTED, stroke_dasharray="3 3"
                )
                continue
            i = ctx.act("take_part", column=col, row=row) if ctx.kind == "build" else None
            _part_tile(ctx, cx, ry, CW - 4, RH - 3, item, action=i)
    if ctx.kind == "build":
        _substitutes(ctx, gx, top)
    y = top + 5 * RH + 6
    _wagons(ctx, PX, y)
    legend = (
        "cab cabin · s/f sail or funnel mount",
        "prop, crn, cnn propeller, crane, cannon mount",
        "O lifebuoy, B lifeboat, L lantern (as on canals)",
    )
    for k, line in enumerate(legend):
        svg.text(PX, y + 70 + 14 * k, line, fill=MUTED)


def _substitutes(ctx: Ctx, gx: float, top: float) -> None:
    """A free substitute may be taken when a part type is gone from the offer (SY-5.1.9); it
    is drawn as a dashed part at the bottom of its empty column."""
    for ptype, col in (("bow", 0), ("middle", 1), ("stern", 3)):
        i = ctx.act("substitute", part=ptype)
        if i is None:
            continue
        x, y = gx + col * CW, top + 4 * RH
        with ctx.svg.group(action=i, tip=ctx.label(i), class_="part"):
            ctx.svg.rect(
                x,
                y,
                CW - 4,
                RH - 3,
                rx=4,
                fill=PART_FILL[ptype],
                stroke=RING,
                stroke_width=2.5,
                stroke_dasharray="5 3",
            )
            ctx.svg.text(x + 5, y + 14, ptype, font_weight="bold")
            ctx.svg.text(x + 5, y + 28, "substitute", fill=MUTED)


def _wagon_tile(
    ctx: Ctx,
    x: float,
    y: float,
    wagon: View,
    *,
    action: int | None = None,
    price: int | None = None,
) -> None:
    svg = ctx.svg
    goods = list(wagon["goods"])
    with svg.group(
        action=action,
        tip=ctx.tip(action, "wagon tile: " + ", ".join(goods)),
        data_wagon=_wagon_words(goods),
        class_="wagon",
    ):
        _wagon_face(svg, x, y, 74, 30, 4, 8, goods, lit=action is not None)
        if price is not None:
            _coin(svg, x + 62, y + 15, price)


def _wagon_face(
    svg: Svg,
    x: float,
    y: float,
    w: float,
    h: float,
    rx: float,
    goods_dy: float,
    goods: Sequence[str],
    *,
    lit: bool,
) -> None:
    """A wagon tile: its frame (highlighted when it is a legal move) and a square per good."""
    svg.rect(
        x,
        y,
        w,
        h,
        rx=rx,
        fill=HILITE if lit else "#f2f3f4",
        stroke=RING if lit else INK,
        stroke_width=2.5 if lit else 1,
    )
    for k, g in enumerate(goods):
        svg.rect(
            x + 5 + 15 * k,
            y + goods_dy,
            13,
            13,
            fill=GOODS_COLORS.get(g, MUTED),
            stroke=INK,
            stroke_width=0.6,
        )


def _wagons(ctx: Ctx, x: float, y: float) -> None:
    svg = ctx.svg
    svg.text(x, y + 12, "Goods wagons", font_weight="bold", font_size=14)
    lx = x + 118
    for g in GOODS:
        svg.rect(lx, y + 2, 12, 12, fill=GOODS_COLORS[g], stroke=INK, stroke_width=0.6)
        svg.text(lx + 16, y + 12, g, fill=MUTED)
        lx += 26 + TEXT.width(g, FONT)
    for slot, w in enumerate(ctx.v["wagon_offer"]):
        i = ctx.act("take_wagon", slot=slot) if ctx.kind == "goods" else None
        _wagon_tile(ctx, x + 26 + slot * 78, y + 20, w, action=i, price=w["price"])


# ---------------------------------------------------------------------------- column B
BX = 570.0


def _canal_offer(ctx: Ctx) -> None:
    svg = ctx.svg
    svg.text(BX, PY + 12, "Canals for rent", font_weight="bold", font_size=14)
    svg.text(BX + 126, PY + 12, "M military · T trade · L lantern · B lifeboat ·", fill=MUTED)
    svg.text(BX + 126, PY + 26, "O lifebuoy · R Blue Riband", fill=MUTED)
    for slot, c in enumerate(ctx.v["canal_offer"]):
        card = int(c["card"])
        i = ctx.act("take_canal", slot=slot) if ctx.kind == "canal" else None
        x, y = BX + slot * 95, PY + 32
        with svg.group(
            action=i, tip=ctx.tip(i, f"canal {c['canal']}"), data_canal=card, class_="canal"
        ):
            svg.rect(
                x - 3,
                y - 3,
                90,
                78,
                rx=5,
                fill=HILITE if i is not None else PAPER,
                stroke=RING if i is not None else "none",
                stroke_width=2.5,
            )
            _canal_card(ctx, x, y, 58, card, 0)
            _coin(svg, x + 73, y + 11, c["price"])
            svg.text(x, y + 71, f"#{card} {_shape(card)}", fill=MUTED)


def _circles(ctx: Ctx) -> None:
    top = PY + 124
    _circle(ctx, BX + 74, top, "equipment_circle", "Equipment circle")
    _circle(ctx, BX + 228, top, "crew_circle", "Crew circle")
    _rounds(ctx, BX + 316, top - 12)


def _circle(ctx: Ctx, cx: float, top: float, key: str, title: str) -> None:
    svg, circ = ctx.svg, ctx.v[key]
    items, pointer = circ["items"], circ["pointer"]
    svg.text(cx, top, title, text_anchor="middle", font_weight="bold")
    cy = top + 58
    svg.circle(cx, cy, 38, fill="#f6ddcc" if key == "equipment_circle" else "#e8daef", stroke=MUTED)
    spots = ((0.0, -40.0), (44.0, 0.0), (0.0, 40.0), (-44.0, 0.0))
    actions: dict[int, int] = {}
    if ctx.kind == "circle" and f"{ctx.context['circle']}_circle" == key:
        for steps, target in enumerate(ctx.context["targets"], start=1):
            i = ctx.act("circle", steps=steps)
            if i is not None:
                actions[target] = i
    px, py = spots[pointer]
    svg.line(
        cx, cy, cx + px * 0.62, cy + py * 0.62, stroke=INK, stroke_width=3, stroke_linecap="round"
    )
    svg.circle(cx, cy, 4, fill=INK)
    for k, item in enumerate(items):
        dx, dy = spots[k]
        i = actions.get(k)
        steps = (k - pointer) % 4 or 4
        on = k == pointer
        tip = ctx.tip(
            i, f"{item}: the pointer is here" if on else f"{item}: {steps} step(s) clockwise"
        )
        with svg.group(action=i, tip=tip, data_item=item):
            svg.rect(
                cx + dx - 31,
                cy + dy - 11,
                62,
                22,
                rx=11,
                fill=GOLD if on else (HILITE if i is not None else PAPER),
                stroke=RING if i is not None else INK,
                stroke_width=2.5 if i is not None or on else 1,
            )
            svg.text(cx + dx, cy + dy + 4.5, item, text_anchor="middle")


def _rounds(ctx: Ctx, x: float, y: float) -> None:
    svg, v = ctx.svg, ctx.v
    n = int(ctx.obs["num_players"])
    marker = v["round_marker"]
    svg.text(x, y + 12, "Round track", font_weight="bold")
    for k, value in enumerate([*range(n, 0, -1), 0]):
        bx = x + k * 32
        on = value == marker
        svg.rect(
            bx,
            y + 20,
            29,
            26,
            rx=4,
            fill=GOLD if on else PAPER,
            stroke=INK,
            stroke_width=2.5 if on else 1,
            tip="the round marker" if on else None,
        )
        svg.text(bx + 14.5, y + 38, str(value) if value else "end", text_anchor="middle")
    svg.text(x, y + 64, "laps left = the marker", fill=MUTED)
    svg.text(x, y + 80, "after a lap, at marker", fill=MUTED)
    for k, (m, keep) in enumerate(sorted(KEEP_AFTER_LAP[n].items(), reverse=True)):
        svg.text(x, y + 96 + 15 * k, f"{m}: keep {keep} blue + {keep} green", fill=MUTED)


def _exchange(ctx: Ctx) -> None:
    svg, v = ctx.svg, ctx.v
    ex = v["exchange"]
    x, y = BX, PY + 250
    svg.text(x, y + 10, "Stock exchange", font_weight="bold", font_size=14)
    cx, cy = x + 36, y + 66
    pointer = ex["pointer"]
    pts = [
        (
            cx + 30 * math.cos(math.radians(-90 + 60 * k)),
            cy + 30 * math.sin(math.radians(-90 + 60 * k)),
        )
        for k in range(6)
    ]
    svg.polygon(pts, fill="#fdebd0", stroke=MUTED)
    board = _static().content.board
    for k, (hx, hy) in enumerate(pts):
        on = k == pointer
        prices = ", ".join(f"{g} {p}" for g, p in board.exchange_prices[k].items())
        with svg.group(tip=f"space {k + 1}: {prices}" + (" (the pointer)" if on else "")):
            svg.circle(
                hx, hy, 10, fill=GOLD if on else PAPER, stroke=INK, stroke_width=2 if on else 1
            )
            svg.text(hx, hy + 4, str(k + 1), text_anchor="middle")
    trading = _trading_goods(ctx)
    tx = x + 82
    svg.text(tx + 66, y + 26, "sells for", fill=MUTED)
    svg.text(tx + 136, y + 26, "or swap a wagon for (an item once per tile)", fill=MUTED)
    swaps = {str(g): items for g, items in board.exchange_swaps.items()}
    for k, goods in enumerate(GOODS):
        ry = y + 32 + k * 29
        hot = goods == trading
        if hot:
            svg.rect(tx - 4, ry - 2, 400, 26, rx=5, fill=HILITE, stroke=RING)
        svg.rect(tx, ry + 4, 13, 13, fill=GOODS_COLORS[goods], stroke=INK, stroke_width=0.6)
        svg.text(tx + 18, ry + 15, goods)
        i = ctx.act("sell") if hot else None
        with svg.group(
            action=i, tip=ctx.label(i) or f"a {goods} wagon sells for {ex['prices'][goods]}"
        ):
            svg.rect(
                tx + 64,
                ry + 1,
                58,
                20,
                rx=10,
                fill=PAPER,
                stroke=RING if i is not None else INK,
                stroke_width=2 if i is not None else 1,
            )
            _coin(svg, tx + 76, ry + 11, ex["prices"][goods])
            svg.text(tx + 90, ry + 15, "sell")
        sx = tx + 134
        for item in swaps[goods]:
            j = ctx.act("swap", item=item) if hot else None
            sx += (
                _chip(svg, sx, ry + 1, item, color=ITEM_COLORS[item], action=j, tip=ctx.label(j))
                + 4
            )


def _trading_goods(ctx: Ctx) -> str | None:
    """The goods of the wagon being traded (the ``wagon`` decision's context)."""
    return str(ctx.context["goods"]) if ctx.kind == "wagon" else None


# ---------------------------------------------------------------------------- employee oval
OVAL_Y = 568.0


def _oval(ctx: Ctx) -> float:
    svg, ov = ctx.svg, ctx.v["oval"]
    pointer = int(ov["pointer"])
    svg.text(12, OVAL_Y + 14, "Employee oval", font_weight="bold", font_size=14)
    svg.text(
        130,
        OVAL_Y + 14,
        f"pointer on space {pointer + 1}; the first step is free, each further step 1 coin; "
        "Engineers and Recruiters cost 1 coin more",
        fill=MUTED,
    )
    spaces = ov["spaces"]
    cw = (W - 24) / len(spaces)
    y = OVAL_Y + 22
    steps_to: dict[int, int] = {}
    if ctx.kind == "oval":
        steps_to = {int(s): k for k, s in enumerate(ctx.context["targets"], start=1)}
    hire_at = ctx.context.get("space") if ctx.kind == "hire" else None
    for s, slots in enumerate(spaces):
        x = 12 + s * cw
        steps = steps_to.get(s)
        i = ctx.act("oval", steps=steps) if steps is not None else None
        here = s == pointer
        with svg.group(action=i, tip=ctx.label(i) or f"oval space {s + 1}", data_oval=s):
            svg.rect(
                x,
                y,
                cw - 4,
                172,
                rx=6,
                fill=HILITE if i is not None else ("#e5e8e8" if here else "#f8f9f9"),
                stroke=RING if i is not None else (INK if here else MUTED),
                stroke_width=2.5 if here or i is not None else 1,
            )
            svg.text(x + 6, y + 15, f"space {s + 1}", font_weight="bold")
            if here:
                svg.text(
                    x + cw - 10,
                    y + 15,
                    "◀ pointer",
                    text_anchor="end",
                    fill="#7e5109",
                    font_weight="bold",
                )
            for k, name in enumerate(slots):
                j = ctx.act("hire", slot=k) if s == hire_at else None
                emp = ov["employee_ids"][s][k]
                _employee(ctx, x + 4, y + 22 + k * 50, cw - 12, name, emp, action=j)
    return y + 172 + 10


def _employee(
    ctx: Ctx,
    x: float,
    y: float,
    w: float,
    name: str | None,
    emp: int | None,
    *,
    action: int | None = None,
) -> None:
    svg = ctx.svg
    if name is None or emp is None:
        svg.rect(x, y, w, 46, rx=4, fill="none", stroke=MUTED, stroke_dasharray="3 3")
        return
    effect = _static().employees[emp][3]
    _employee_art(svg, x, y, w, name, emp, action, ctx.tip(action, f"{name}: {effect}"))


def _draw_employee(
    svg: Svg, x: float, y: float, w: float, name: str, emp: int, action: int | None, tip: str
) -> None:
    """:func:`_employee`'s drawing, from everything it reads (drawn once per arguments)."""
    colour, title, what, effect = _static().employees[emp]
    with svg.group(action=action, tip=tip, data_employee=name, class_="employee"):
        svg.rect(
            x,
            y,
            w,
            46,
            rx=4,
            fill=HILITE if action is not None else PAPER,
            stroke=RING if action is not None else EMPLOYEE_COLORS[colour],
            stroke_width=2.5 if action is not None else 1.5,
        )
        svg.rect(x, y, 6, 46, fill=EMPLOYEE_COLORS[colour])
        svg.text(x + 11, y + 14, title, font_weight="bold")
        if what:
            dot = ITEM_COLORS.get(what) or GOODS_COLORS.get(what, MUTED)
            svg.circle(x + 16, y + 24, 5, fill=dot, stroke=INK, stroke_width=0.6)
            svg.text(x + 25, y + 28, what)
        svg.text(x + 11, y + 42, effect, fill=MUTED)


_employee_art = memo(_draw_employee)


# ---------------------------------------------------------------------------- decision context
def _context(ctx: Ctx, y: float) -> float:
    """A strip naming the pending decision, with what it is about (the part, canal, wagon or
    ship in hand) where there is one."""
    kind, seat = ctx.kind, ctx.decider
    if kind is None or seat is None or seat < 0:
        return y
    svg = ctx.svg
    title = PROMPTS.get(kind, kind)
    if kind == "build" and ctx.context["last_chance"]:
        title = "last chance: buy one part that completes a ship, or pass"
    handlers = {
        "place": _ctx_place,
        "first_canal": _ctx_canal,
        "place_canal": _ctx_canal,
        "route": _ctx_ship,
        "fit": _ctx_ship,
        "boost": _ctx_ship,
        "wagon": _ctx_wagon,
    }
    fn = handlers.get(kind)
    color = seat_color(seat)
    end = fn(ctx, seat, y + 30) if fn else y + 24
    svg.rect(
        8, y, W - 16, end - y + 6, rx=6, fill=color, fill_opacity=0.07, stroke=color, stroke_width=2
    )
    svg.text(20, y + 18, f"{ctx.name(seat)} decides: {title}", font_weight="bold")
    return end + 16


def _ctx_place(ctx: Ctx, seat: int, y: float) -> float:
    svg = ctx.svg
    svg.text(20, y + 24, "the part in hand:")
    _part_tile(ctx, 130, y, 110, 50, ctx.context["part"])
    svg.text(
        260,
        y + 24,
        f"goes on a highlighted space of {ctx.name(seat)}'s shipyard (below); "
        "a ship is a bow, 1 to 7 middles and a stern",
        fill=MUTED,
    )
    return y + 52


def _ctx_canal(ctx: Ctx, seat: int, y: float) -> float:
    svg = ctx.svg
    card = int(ctx.context["card"])
    player = ctx.v["players"][seat]
    svg.text(20, y + 14, f"the new canal #{card}")
    svg.text(20, y + 30, "(unturned)", fill=MUTED)
    _canal_card(ctx, 20, y + 38, 110, card, 0)
    bx, bw = 170.0, W - 190.0
    if ctx.kind == "first_canal":
        svg.text(
            bx,
            y + 14,
            "click the end where the boat starts; its stern points off the card",
            fill=MUTED,
        )
        marks = {}
        for side, space in geometry(_shape(card), 0)[0].items():
            i = ctx.act("first_canal", side=side)
            if i is not None:
                marks[space] = i
        _canal_card(ctx, bx + 260, y + 24, 180, card, 0, marks=marks)
        return y + 210
    boat = player.get("boat")
    if not boat:
        return y + 150
    svg.text(
        bx,
        y + 14,
        "each highlighted square shows the new canal in its four turns, left to right and top "
        "to bottom 0°, 90°, 180°, 270°",
        fill=MUTED,
    )
    cands = _canal_candidates(ctx, boat)
    cells = [(c["x"], c["y"]) for c in player["canals"]] + list(cands)
    ox, oy, cell = _fit_map(cells, bx, y + 22, bw, 300, 120)
    _draw_system(ctx, player, ox, oy, cell)
    half = cell / 2
    for (cx, cy), rots in sorted(cands.items()):
        for rot, i in sorted(rots.items()):
            qx, qy = ox + cx * cell + (rot % 2) * half, oy + cy * cell + (rot // 2) * half
            spot = f"{cx - boat[0]},{cy - boat[1]},{rot}"
            with svg.group(action=i, tip=ctx.label(i), class_="spot", data_place=spot):
                svg.rect(
                    qx + 1, qy + 1, half - 2, half - 2, fill=HILITE, stroke=RING, stroke_width=1.5
                )
                _canal_card(ctx, qx + 4, qy + 4, half - 8, card, rot)
    return y + 326


def _canal_candidates(ctx: Ctx, boat: Sequence[int]) -> dict[tuple[int, int], dict[int, int]]:
    """``place_canal`` actions by the cell they fill (they count from the boat's card)."""
    out: dict[tuple[int, int], dict[int, int]] = {}
    for i, a in enumerate(ctx.legal):
        act = a["action"]
        if act["kind"] == "place_canal":
            out.setdefault((boat[0] + act["dx"], boat[1] + act["dy"]), {})[act["rotation"]] = i
            ctx.marked.add(i)
    return out


def _ctx_ship(ctx: Ctx, seat: int, y: float) -> float:
    svg, ship = ctx.svg, ctx.v.get("ship")
    bottom = _ship_card(ctx, ship, 20, y) if ship else y + 20
    player = ctx.v["players"][seat]
    sx = 400.0
    if ctx.kind == "fit":
        svg.text(sx, y + 14, f"{ctx.name(seat)}'s supply: click an item to attach it", fill=MUTED)
        cx = sx
        for item in ITEMS:
            count = player["supply"].get(item, 0)
            if count:
                i = ctx.act("attach", item=item)
                tip = ctx.label(i) or f"{item}: no room for it on this ship"
                cx += (
                    _chip(
                        svg,
                        cx,
                        y + 24,
                        f"{item} ×{count}",
                        color=ITEM_COLORS[item],
                        action=i,
                        tip=tip,
                    )
                    + 6
                )
        svg.text(
            sx, y + 66, "equipment needs a mount of its kind (sails and funnels share", fill=MUTED
        )
        svg.text(sx, y + 82, "theirs); crew needs a cabin, except the first captain", fill=MUTED)
        bottom = max(bottom, y + 90)
    if ctx.kind == "boost":
        svg.text(sx, y + 14, "employees may add speed; choose how much in the list", fill=MUTED)
    if ctx.kind == "route" and player.get("boat"):
        svg.text(
            sx,
            y + 14,
            "click a highlighted water space to steer; a card the boat leaves is used up",
            fill=MUTED,
        )
        cells = [(c["x"], c["y"]) for c in player["canals"]]
        ox, oy, cell = _fit_map(cells, sx, y + 22, W - sx - 20, 280, 110)
        _draw_system(ctx, player, ox, oy, cell, _route_marks(ctx, player))
        bottom = max(bottom, y + 306)
    return bottom


def _route_marks(ctx: Ctx, player: View) -> dict[tuple[int, int], dict[int, int]]:
    """Each ``sail`` action on the water space it names: ``canal`` (the card id, found at its
    cell in the seat's system) and ``space`` (the index on that card)."""
    if ctx.kind != "route" or player["seat"] != ctx.decider:
        return {}
    out: dict[tuple[int, int], dict[int, int]] = {}
    for placed in player["canals"]:
        for space in range(CANAL_SPACES):
            i = ctx.act("sail", canal=placed["card"], space=space)
            if i is not None:
                out.setdefault((placed["x"], placed["y"]), {})[space] = i
    return out


def _ship_card(ctx: Ctx, ship: View, x: float, y: float) -> float:
    """The ship being fitted or sailing: its room against what is on board."""
    svg = ctx.svg
    items, mounts, safety = ship["items"], ship["mounts"], ship["safety"]
    n = int(ship["parts"])
    w = min(340.0, 44.0 * n)
    with svg.group(data_ship="pending", tip=f"the ship: {n} parts"):
        svg.polygon(
            [(x, y), (x + w, y), (x + w - 16, y + 28), (x + 18, y + 28)], fill="#a04000", stroke=INK
        )
        svg.text(
            x + w / 2, y + 19, f"{n} parts", text_anchor="middle", fill=PAPER, font_weight="bold"
        )

        def have(*names: str) -> str:
            return ", ".join(f"{items.get(k, 0)} {k}" for k in names)

        lines = [
            f"speed {ship['speed']} before any employee bonus",
            f"sail/funnel mounts {mounts['sail/funnel']}: {have('sail', 'funnel')}",
            f"propeller mounts {mounts['propeller']}: {have('propeller')}",
            f"crane mounts {mounts['crane']}: {have('crane')}; cannon mounts "
            f"{mounts['cannon']}: {have('cannon')}",
            f"cabins {ship['cabins']}: {have('captain', 'merchant', 'soldier')}",
            f"safety: {safety['lifebuoys']} lifebuoy, {safety['lifeboats']} lifeboat, "
            f"{safety['lanterns']} lantern",
        ]
        for k, line in enumerate(lines):
            svg.text(x, y + 46 + 16 * k, line, font_weight="bold" if k == 0 else None)
    return y + 46 + 16 * len(lines) - 8


def _ctx_wagon(ctx: Ctx, seat: int, y: float) -> float:
    svg = ctx.svg
    goods = _trading_goods(ctx)
    if goods is None:
        return y
    svg.rect(20, y + 4, 14, 14, fill=GOODS_COLORS[goods], stroke=INK, stroke_width=0.6)
    svg.text(40, y + 16, f"a {goods} wagon from the traded tile:")
    cx = 42 + TEXT.width(f"a {goods} wagon from the traded tile:", FONT)
    i = ctx.act("sell")
    cx += _chip(svg, cx, y + 1, "sell", color=GOLD, action=i, tip=ctx.label(i)) + 6
    for a in ctx.legal:
        if a["action"]["kind"] == "swap":
            item = a["action"]["item"]
            j = ctx.act("swap", item=item)
            cx += (
                _chip(
                    svg,
                    cx,
                    y + 1,
                    f"swap for {item}",
                    color=ITEM_COLORS[item],
                    action=j,
                    tip=ctx.label(j),
                )
                + 6
            )
    return y + 24


# ---------------------------------------------------------------------------- seat panels
PANEL_W = 588.0
CELL_W, CELL_H = 62.0, 62.0
LEFT_W = 350.0
CHIP_X = 58.0


def _seat_panels(ctx: Ctx, y: float) -> float:
    """Two panels a row: the viewer's first, then the others in turn order."""
    players = ctx.v["players"]
    n = len(players)
    me = ctx.me
    order = sorted(range(n), key=lambda p: p if me is None else (p - me) % n)
    for k in range(0, n, 2):
        pair = order[k : k + 2]
        h = max(_panel_height(players[p]) for p in pair)
        for j, p in enumerate(pair):
            _panel_part(ctx, players[p], 8 + j * (PANEL_W + 8), y, h)
        y += h + 10
    return y


def _chips(player: View) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """Rows of chips: (title, [(text, dot colour, tooltip)])."""
    supply = [
        (f"{item} ×{n}", ITEM_COLORS[item], f"{n} {item} in the shipyard supply")
        for item in ITEMS
        if (n := player["supply"].get(item, 0))
    ]
    staff = []
    for name, emp in zip(player["employees"], player["employee_ids"], strict=True):
        colour, _, _, effect = _static().employees[emp]
        staff.append((name, EMPLOYEE_COLORS[colour], f"{name}: {effect}"))
    return [("Supply", supply), ("Staff", staff)]


def _chip_rows(chips: Sequence[tuple[str, str, str]]) -> int:
    x, rows = 0.0, 1
    for text, _, _ in chips:
        w = TEXT.width(text, FONT) + 32
        if x and x + w > LEFT_W - CHIP_X:
            rows += 1
            x = 0.0
        x += w
    return rows


BODY = 26 + 8 + CELL_H + 24  # header, shipyard row and its note
MAP_H = 150.0


def _wagon_widths(player: View) -> list[float]:
    return [16 + 15 * len(w["goods"]) for w in player["wagons"]]


def _wagon_rows(player: View) -> int:
    x, rows = 0.0, 1
    for w in _wagon_widths(player):
        if x and x + w > LEFT_W - CHIP_X:
            rows += 1
            x = 0.0
        x += w
    return rows


def _fleet_height(player: View) -> float:
    return 16.0 * max(1, len(player["fleet"])) + 10


def _panel_height(player: View) -> float:
    left = sum(24 * _chip_rows(c) for _, c in _chips(player)) + 24 * _wagon_rows(player)
    return BODY + max(left, MAP_H) + 6 + _fleet_height(player)


def _panel(ctx: Ctx, player: View, x: float, y: float, h: float) -> None:
    svg, seat = ctx.svg, int(player["seat"])
    color = seat_color(seat)
    mine = seat == ctx.me
    with svg.group(data_seat=seat, data_vp=player["vp"], data_coins=player["coins"], class_="seat"):
        svg.rect(x, y, PANEL_W, h, rx=8, fill=PAPER, stroke=color, stroke_width=4 if mine else 1.5)
        _panel_header(ctx, player, x, y)
        _shipyard(ctx, player, x + 8, y + 34)
        fleet_y = y + h - _fleet_height(player)
        _details(ctx, player, x + 10, y + BODY)
        _panel_map(
            ctx,
            player,
            x + LEFT_W + 20,
            y + BODY - 2,
            PANEL_W - LEFT_W - 28,
            fleet_y - y - BODY - 2,
        )
        _fleet(ctx, player, x + 10, fleet_y)


def _panel_header(ctx: Ctx, player: View, x: float, y: float) -> None:
    svg, seat = ctx.svg, int(player["seat"])
    color = seat_color(seat)
    svg.rect(x, y, PANEL_W, 26, fill=color, fill_opacity=0.16)
    svg.rect(x, y, 8, 26, fill=color)
    title = ctx.name(seat) + (" (you)" if seat == ctx.me else "")
    svg.text(x + 16, y + 18, title, font_weight="bold", font_size=14)
    tx = x + 24 + TEXT.width(title, 14, True)
    if seat == ctx.v["starting_player"]:
        svg.text(tx, y + 18, "⚑ starts", fill=MUTED, tip="the starting player")
        tx += 70
    vp = f"{player['vp']} VP"
    svg.text(tx, y + 18, vp, font_weight="bold", data_field="vp")
    tx += TEXT.width(vp, FONT, True) + 18
    _coin(svg, tx, y + 13, player["coins"])
    svg.text(tx + 13, y + 18, "coins", data_field="coins")
    tx += 64
    held = int(player["contracts_held"])
    for k in range(held):
        svg.rect(tx + k * 7, y + 5, 12, 16, rx=2, fill="#34495e", stroke=PAPER, stroke_width=0.8)
    svg.text(tx + held * 7 + 10, y + 18, f"{held} secret contracts", fill=MUTED)
    if seat == ctx.decider:
        svg.text(
            x + PANEL_W - 10,
            y + 18,
            "▶ to decide",
            text_anchor="end",
            font_weight="bold",
            fill=color,
        )


def _shipyard(ctx: Ctx, player: View, x: float, y: float) -> None:
    svg = ctx.svg
    seat = player["seat"]
    row = player["shipyard"]
    deciding = seat == ctx.decider
    spans = [(int(a), int(b)) for a, b in player["finished_ships"]]
    launch: dict[int, int] = {}
    if deciding and ctx.kind == "launch":
        for a, b in spans:
            i = ctx.act("launch", cell=a)
            if i is not None:
                launch.update(dict.fromkeys(range(a, b + 1), i))
    step = CELL_W + 1.5
    for cell, c in enumerate(row):
        cx = x + cell * step
        if c is not None:
            _part_tile(ctx, cx, y, CELL_W, CELL_H, c, action=launch.get(cell))
            continue
        i = ctx.act("place_part", cell=cell) if deciding and ctx.kind == "place" else None
        with svg.group(action=i, tip=ctx.label(i) or f"empty space {cell + 1}", data_cell=cell):
            svg.rect(
                cx,
                y,
                CELL_W,
                CELL_H,
                rx=4,
                fill=HILITE if i is not None else "#f8f9f9",
                stroke=RING if i is not None else MUTED,
                stroke_width=2.5 if i is not None else 1,
                stroke_dasharray=None if i is not None else "4 3",
            )
            svg.text(
                cx + CELL_W / 2,
                y + 37,
                str(cell + 1),
                text_anchor="middle",
                fill=MUTED,
                font_size=14,
            )
    for a, b in spans:
        x0, x1 = x + a * step, x + (b + 1) * step - 1.5
        svg.path(
            f"M{x0:.1f},{y + CELL_H + 3}v5H{x1:.1f}v-5",
            fill="none",
            stroke=seat_color(seat),
            stroke_width=2,
        )
        svg.text(
            (x0 + x1) / 2,
            y + CELL_H + 20,
            "finished ship",
            text_anchor="middle",
            fill=seat_color(seat),
        )


def _details(ctx: Ctx, player: View, x: float, y: float) -> None:
    svg = ctx.svg
    for title, chips in _chips(player):
        svg.text(x, y + 14, title, fill=MUTED)
        cx, cy = x + CHIP_X, y
        if not chips:
            svg.text(cx, y + 14, "none", fill=MUTED)
        for text, colour, tip in chips:
            w = TEXT.width(text, FONT) + 26
            if cx > x + CHIP_X and cx + w > x + LEFT_W:
                cx, cy = x + CHIP_X, cy + 24
            cx += _chip(svg, cx, cy, text, color=colour, tip=tip) + 6
        y = cy + 24
    _player_wagons(ctx, player, x, y)


def _fleet(ctx: Ctx, player: View, x: float, y: float) -> None:
    """The ships that have sailed, with what each carries (contracts score them)."""
    svg = ctx.svg
    svg.text(x, y + 12, "Fleet", fill=MUTED)
    ships = player["fleet"]
    if not ships:
        svg.text(x + CHIP_X, y + 12, "no ship has sailed yet", fill=MUTED)
    for k, ship in enumerate(ships):
        items = ", ".join(f"{n} {i}" if n > 1 else i for i, n in ship["items"].items())
        line = f"ship {k + 1}: {ship['parts']} parts, speed {ship['speed']}; {items or 'bare'}"
        svg.text(x + CHIP_X, y + 12 + 16 * k, line, data_ship=k)


def _player_wagons(ctx: Ctx, player: View, x: float, y: float) -> None:
    svg = ctx.svg
    svg.text(x, y + 14, "Wagons", fill=MUTED)
    wagons = player["wagons"]
    if not wagons:
        svg.text(x + CHIP_X, y + 14, "none", fill=MUTED)
        return
    deciding = player["seat"] == ctx.decider and ctx.kind == "exchange"
    cx, cy = x + CHIP_X, y
    for wagon in wagons:
        goods = list(wagon["goods"])
        w = 10 + 15 * len(goods)
        if cx > x + CHIP_X and cx + w > x + LEFT_W:
            cx, cy = x + CHIP_X, cy + 24
        mark = ctx.act("use_tile", tile=wagon["id"]) if deciding else None
        with svg.group(
            action=mark,
            tip=ctx.tip(mark, "wagon tile: " + ", ".join(goods)),
            data_wagon=_wagon_words(goods),
        ):
            _wagon_face(svg, cx, cy + 1, w, 20, 3, 3.5, goods, lit=mark is not None)
        cx += w + 6


def _panel_map(ctx: Ctx, player: View, x: float, y: float, w: float, h: float) -> None:
    svg = ctx.svg
    svg.text(x, y + 14, f"Canals (sailed through {player['used_canals']})", fill=MUTED)
    svg.rect(x, y + 20, w, h - 20, rx=4, fill="#eaf2f8", stroke="#d6eaf8")
    if not player["canals"]:
        svg.text(x + w / 2, y + 20 + (h - 20) / 2, "no canal yet", text_anchor="middle", fill=MUTED)
        return
    cells = [(c["x"], c["y"]) for c in player["canals"]]
    ox, oy, cell = _fit_map(cells, x + 4, y + 24, w - 8, h - 28, 60)
    _draw_system(ctx, player, ox, oy, cell)


# ---------------------------------------------------------------------------- contracts, end
CARD_W = 190.0


def _contract(
    ctx: Ctx, x: float, y: float, card: View, colour: str, h: float, *, action: int | None = None
) -> None:
    svg = ctx.svg
    cid, text = str(card["id"]), str(card["text"])
    blue = colour == "blue"
    with svg.group(
        action=action, tip=ctx.tip(action, f"{cid}: {text}"), data_card=cid, class_="contract"
    ):
        svg.rect(
            x,
            y,
            CARD_W,
            h,
            rx=6,
            fill="#d6eaf8" if blue else "#d5f5e3",
            stroke=RING if action is not None else ("#1f618d" if blue else "#1e8449"),
            stroke_width=3 if action is not None else 1.5,
        )
        svg.text(x + 8, y + 16, f"{cid} · {colour}", font_weight="bold")
        if "vp" in card:
            svg.text(
                x + CARD_W - 8, y + 16, f"{card['vp']} VP", text_anchor="end", font_weight="bold"
            )
        for k, line in enumerate(_card_lines(text)):
            svg.text(x + 8, y + 32 + 15 * k, line)


def _card_height(texts: Sequence[str]) -> float:
    return 24 + 15 * max((len(_card_lines(t)) for t in texts), default=1)


def _card_lines(text: str) -> tuple[str, ...]:
    return TEXT.wrap(text, CARD_W - 14, FONT, 6, overflow="join")


def _my_contracts(ctx: Ctx, y: float) -> float:
    cards = ctx.v.get("my_contracts")
    if cards is None or "revealed" in ctx.v or ctx.me is None:
        return y
    svg = ctx.svg
    svg.text(
        12,
        y + 14,
        f"Your secret contracts ({ctx.name(ctx.me)}; only you see them)",
        font_weight="bold",
        font_size=14,
    )
    ids = _static().contract_ids
    h = _card_height([c["text"] for c in cards])
    for k, c in enumerate(cards):
        i = ctx.act("discard", contract=ids.index(c["id"])) if ctx.kind == "discard" else None
        _contract(
            ctx,
            12 + (k % 6) * (CARD_W + 6),
            y + 22 + (k // 6) * (h + 6),
            c,
            c["colour"],
            h,
            action=i,
        )
    return y + 22 + max(1, (len(cards) + 5) // 6) * (h + 6) + 4


def _final(ctx: Ctx, y: float) -> float:
    """The final scoring (the view's ``final_scoring``) beside each seat's revealed contracts."""
    rows = ctx.v.get("revealed")
    final = ctx.obs.get("final_scoring")
    if not rows or not final:
        return y
    svg = ctx.svg
    winners = set(ctx.obs.get("winners") or [])
    svg.text(
        12, y + 14, "Final scoring: every contract is revealed", font_weight="bold", font_size=14
    )
    y += 22
    for b in rows:
        seat = int(b["seat"])
        points = dict(zip(final["categories"], final["seats"][seat], strict=True))
        total = _points(final["totals"][seat])
        h = max(_card_height([c["text"] for c in b["contracts"]]), 62)
        with svg.group(data_seat=seat, data_total=total, class_="final"):
            svg.rect(
                8,
                y,
                W - 16,
                h + 8,
                rx=6,
                fill=seat_color(seat),
                fill_opacity=0.12,
                stroke=seat_color(seat),
            )
            crown = "  ★ winner" if seat in winners else ""
            svg.text(
                16, y + 20, f"{ctx.name(seat)}: {total} VP{crown}", font_weight="bold", font_size=14
            )
            voyages, merchants = points.get("voyages", 0), points.get("merchants", 0)
            svg.text(16, y + 38, f"voyages {_points(voyages)} ({b['ships']} ships)")
            svg.text(16, y + 54, f"merchants {_points(merchants)} · coins {b['coins']}")
            for k, c in enumerate(b["contracts"]):
                _contract(ctx, 250 + k * (CARD_W + 8), y + 4, c, str(c["colour"]), h)
        y += h + 14
    return y


def _points(value: float) -> int | float:
    """Whole points as integers (the final scoring's numbers are floats)."""
    return int(value) if float(value).is_integer() else value


# ---------------------------------------------------------------------------- parts drawn once
# The picture's big parts drawn once per what they read (svg.Parts): most recur from one move
# to the next, and in a spectator's and a waiting seat's pictures of the same position. Only
# in a picture without legal moves (a drawing that marks them also notes them in ctx.marked).
_PARTS = Parts(2048)


def _names(ctx: Ctx) -> tuple[str, ...] | None:
    names = ctx.obs.get("names")
    return None if names is None else tuple(names)


def _part(ctx: Ctx, draw: Callable[[Ctx], Any], marks: frozenset[str], *key: Any) -> Any:
    """``draw(ctx)``, a top part of the board whose inputs are ``key``; it marks legal moves
    only in decisions of the kinds ``marks`` (drawn afresh then)."""
    if ctx.legal and ctx.kind in marks:
        return draw(ctx)
    return _PARTS.draw(ctx.svg, key, draw, ctx)


TRACK_MARKS = frozenset({"choose_tile", "final", "menu"})
OFFER_MARKS = frozenset({"build", "goods"})
CANAL_MARKS = frozenset({"canal"})
CIRCLE_MARKS = frozenset({"circle"})
EXCHANGE_MARKS = frozenset({"wagon"})
OVAL_MARKS = frozenset({"oval", "hire"})
"""The decisions whose legal moves each top part marks (``ctx.act`` in it)."""
PANEL_MARKS = frozenset({"launch", "place", "exchange", "route"})
"""The decisions whose legal moves are marked in the deciding seat's panel."""


def _panel_part(ctx: Ctx, player: View, x: float, y: float, h: float) -> None:
    if ctx.legal and player["seat"] == ctx.decider and ctx.kind in PANEL_MARKS:
        _panel(ctx, player, x, y, h)
        return
    seat = player["seat"]
    key = (
        "panel",
        x,
        y,
        h,
        seat == ctx.me,
        seat == ctx.decider,
        seat == ctx.v["starting_player"],
        ctx.kind,
        _names(ctx),
        repr(player),
    )
    _PARTS.draw(ctx.svg, key, _panel, ctx, player, x, y, h)


# ---------------------------------------------------------------------------- entry point
def render_svg(view: Mapping[str, Any]) -> str:
    """Shipyard's board as ``view["seat"]`` sees it; legal moves carry ``data-action``."""
    v = view["state"]
    decision = view.get("decision")
    legal = list(view.get("legal_actions") or [])
    me = view.get("seat")
    who = "a spectator" if me is None else seat_name(view.get("names"), me)
    ctx = Ctx(
        svg=ShipyardSvg(W, 0, title=f"Shipyard board as seen by {who}"),
        obs=view,
        v=v,
        me=me,
        decider=int(decision["seat"]) if decision else None,
        kind=str(decision["kind"]) if decision else None,
        context=decision["context"] if decision else {},
        index=action_index(view) if legal else {},
        legal=legal,
    )
    svg = ctx.svg
    with svg.group(font_size=FONT, fill=INK):
        _header(ctx)
        _part(ctx, _track, TRACK_MARKS, "track", ctx.kind, repr(ctx.context), ctx.decider,
              _names(ctx), repr(ctx.v["track"]))  # fmt: skip
        _part(ctx, _offer, OFFER_MARKS, "offer", ctx.kind, repr(ctx.v["decks"]),
              repr(ctx.v["offer"]), repr(ctx.v["wagon_offer"]))  # fmt: skip
        _part(ctx, _canal_offer, CANAL_MARKS, "canals", repr(ctx.v["canal_offer"]))
        _part(ctx, _circles, CIRCLE_MARKS, "circles", ctx.kind, repr(ctx.context),
              ctx.obs["num_players"], ctx.v["round_marker"], repr(ctx.v["equipment_circle"]),
              repr(ctx.v["crew_circle"]))  # fmt: skip
        _part(ctx, _exchange, EXCHANGE_MARKS, "exchange", _trading_goods(ctx),
              repr(ctx.v["exchange"]))  # fmt: skip
        y = _part(ctx, _oval, OVAL_MARKS, "oval", ctx.kind, repr(ctx.context),
                  repr(ctx.v["oval"]))  # fmt: skip
        y = _context(ctx, y)
        y = _seat_panels(ctx, y)
        y = _my_contracts(ctx, y)
        y = _final(ctx, y)
    svg.height = y + 4
    return svg.to_string()


__all__ = ["render_svg"]
