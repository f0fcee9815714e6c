"""Ahoy's board picture for the browser: a pure function of one seat's observation.

The picture holds what lies on the table: the fame track, the map (terrain, sandbars, region
borders, wealth dice, control points, every figure, allies and forts), the region tile being
placed, the battle under way, the market and one area per seat (dice, die spots, crew, cargo,
the Union's plans and ship cards, the Smugglers' reward grid and favor tokens). Only the
observation is read, plus the public component files (names, card summaries, board spots), so a
seat's picture cannot show what the seat may not know: another seat's Union plans are card
backs, another Smuggler's delivered cards a count.

Legal moves with a natural place on the table carry ``data-action`` (see :mod:`tabletide.svg`):
spaces, figures, die spots, dice, cards, reward-grid spaces, favor tokens, wealth dice and the
placements of a drawn tile. A move is found by its action's fields, never its label; the facts
of a decision that are not fields of the table (which figure is moving and where each step goes,
whose die spot a damage token goes on, where a current takes a figure) are read from the
decision's context (``view["decision"]["context"]``, schemas in :mod:`.schema`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar

from tabletide.engine.view import seat_name
from tabletide.games.ahoy.constants import CREW_SPOT0, ORIGIN, SHIP_SPOT0, WIDTH
from tabletide.games.ahoy.content import load_content
from tabletide.svg import INK, PAPER, SEA, Font, Parts, Svg, freeze, memo, seat_color

View = Mapping[str, Any]
Entry = Mapping[str, Any]
XY = tuple[int, int]
Chip = tuple[int, int, int, int]
"""A placement drawn under a die spot: (value, die, gold, action index)."""

W = 1200.0
"""The picture's width in user units: 12-unit text stays 10 px on a 1000 px page."""
LEFT = (10.0, 680.0)
RIGHT = (705.0, 485.0)
MAP_MAX = (650.0, 620.0)
SMALL = 12
TINY = 11
CARD_W = 152.0
CHIP_ROW = 32
DELTAS: tuple[XY, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIRS = ("north", "east", "south", "west")
OX, OY = ORIGIN % WIDTH, ORIGIN // WIDTH
NONE: dict[str, Any] = {"pointer_events": "none"}

FACTION = {"fleet": "Fleet", "union": "Union", "smuggler": "Smuggler"}
FACTION_LONG = {"fleet": "Bluefin Squadron", "union": "Mollusk Union", "smuggler": "Smuggler"}
TERRAIN_FILL = {
    "open": SEA,
    "island": SEA,
    "wreck": "#a9cce3",
    "harbor": "#d5d8dc",
    "fog": "#e5e8e8",
    "current": "#85c1e9",
}
TERRAIN_WORD = {"wreck": "wreck", "harbor": "harbor", "fog": "fog"}
OFF_MAP = "#eef3f7"
SAND = "#f3dfa2"
GOLD = "#f1c40f"
WEALTH = "#1f618d"
ALLY = "#f4d03f"
DAMAGE = "#c0392b"
HILITE = "#e67e22"
MUTED = "#566573"
BROWN = "#6e2c00"
TEAL = "#0e6251"
COST = {0: "die", 1: "1 gold", 2: "2 gold"}
NEED = {"any": "any", "even": "even", "5-6": "5-6"}
GRID_TEXT = {"none": "start", "tile": "new tile", "recruit": "free crew"}
CREW_ACTION = {
    "mystic": "mystic",
    "noble": "naive_noble",
    "breeze": "whispering_breeze",
    "wind": "wind_sailors",
    "gust": "mysterious_gust",
}
"""Free crew actions by the crew card that offers them."""

CREW_SHORT = {
    "battering_ram": "Push a damaged enemy 1 space",
    "buccaneer": "After a win: discard to strip 2 crew",
    "gunner": "Flagship wins deal +1 damage",
    "helmsman": "Flagship ignores shipwreck damage",
    "chronicler": "End of turn: 1 gold if a rival shares your region",
    "merchant": "1 gold when anchoring in a harbor",
    "thief": "2 gold for each battle won",
    "shipwright": "Die here: repair all your damage",
    "sea_witch": "Sail off an edge, come back on the far side",
    "sea_wolf": "Ignore or steer strong currents",
    "mystic": "Take 1 damage to deal 1 in your region",
    "naive_noble": "Discard: steal a card from a nearby flagship",
    "sailor": "Die here: move your flagship 1-3",
    "monkey": "After a repair: deal 1 damage nearby",
    "assistant_gunner": "Die on Cannons: battle anywhere in your region",
    "diver": "Shipwreck treasure pays 1 more gold",
    "lookout": "Steer through fog like a current",
    "fence": "Each gold turns a die by up to 2",
    "officer": "Die here: move up to 2 patrols 1-2",
    "persuasive_ally": "Die here: move 2 allies to another island",
    "rum_guzzler": "Once a battle: take 1 damage to reroll",
    "fisher": "Die here: move 1-2, collect every treasure",
    "brawlers": "+1 to every battle roll",
    "elder": "End of turn: 1 gold if nothing is damaged",
    "whispering_breeze": "2 gold: jump to any tailwind space",
    "wind_sailors": "1 gold: jump to the twin island",
    "envoy": "Pay 1 gold to skip a battle you start",
    "mysterious_gust": "Discard: move anywhere",
}
PLAN_SHORT = {
    "evacuation": "Spread one island's allies elsewhere",
    "swift_approach": "Cannons die +2, then ride the wind",
    "stealth_attack": "Remove 2 patrols where you have allies",
    "recruitment_drive": "Recruit an island's symbol for free",
    "weapons_cache": "Battle: add your Ready allies",
    "secret_weapon": "Battle: roll 2 dice, +1 damage on a win",
    "near_miss": "Battle: ignore it",
    "cutter": "Launch the cutter (costs 2 allies)",
    "gunboat": "Launch the gunboat (costs 2 allies)",
}
BOARD_SHORT = {
    "sail": "move 1-2",
    "tailwind": "to a mark",
    "cannons": "load",
    "repair": "fix 2",
    "bombard": "clear",
    "order": "patrols",
    "deploy": "patrol",
    "whisper": "4 allies",
    "uprising": "allies",
    "persuasion": "+4 ready",
    "fast_sail": "move=die",
    "negotiation": "recruit",
}
BOARD_TEXT = {
    "sail": "move your flagship 1 or 2 spaces (the Fleet may leave a patrol, the Union place "
    "or gain 2 allies)",
    "tailwind": "jump to a tailwind mark showing the die's value",
    "cannons": "load your cannons: the die adds to your battles this round",
    "repair": "repair 2 damage",
    "bombard": "remove every ally from your flagship's region",
    "order": "move up to 4 patrols 1 space each",
    "deploy": "place a patrol on or next to your flagship",
    "whisper": "place 1 ally on each of up to 4 islands",
    "uprising": "place up to 4 Ready allies in your flagship's region",
    "persuasion": "gain 4 Ready allies when your flagship is on an island",
    "fast_sail": "move your flagship as many spaces as the die shows",
    "negotiation": "recruit from the market by removing an ally",
}
SHIP_TEXT = {
    "cutter": "Sail 1-3 or Tailwind; allies count double in its region",
    "gunboat": "Sail 1-2 or Tailwind; always loaded, +3 in its battles",
}


# ------------------------------------------------------------------------------ the picture
class AhoySvg(Svg):
    """The shared builder with Ahoy's settings: float attributes to 0.1 unit, and a paper
    background under the picture."""

    decimals: ClassVar[int] = 1
    background: ClassVar[str | None] = "#fbfcfc"


TEXT = Font(0.58, min_chars=4)
"""A rough width of text in a sans-serif font (lines hold at least 4 characters)."""
CUT = Font(0.6, min_chars=2)
"""Text cut to fit is measured a little wider, to be safe."""


def _wrap(text: str, width: float, size: float, lines: int = 2) -> tuple[str, ...]:
    """Greedy word wrap into at most ``lines`` lines (the last one cut with " …")."""
    out = TEXT.wrap(text, width, size, overflow="join")
    if len(out) <= lines:
        return out
    return (*out[: lines - 1], CUT.clip(out[lines - 1] + " …", width, size))


def _rel(pos: int) -> XY:
    return pos % WIDTH - OX, pos // WIDTH - OY


def _xy(at: Sequence[int]) -> XY:
    return int(at[0]), int(at[1])


def _name(at: XY) -> str:
    return f"({at[0]},{at[1]})"


def _who(view: View, seat: int) -> str:
    """A seat by its name (the view's ``"names"``) and its faction."""
    faction = view["state"]["players"][seat]["faction"]
    return f"{seat_name(view.get('names'), seat)} ({FACTION[faction]})"


@cache
def _crew_info() -> dict[str, tuple[str, str]]:
    """Crew key -> (kind in words, our rules text)."""
    kinds = {"die": "die action", "free": "free action", "passive": "passive"}
    return {c.key: (kinds[c.kind], c.text) for c in load_content().crew}


@cache
def _plans() -> dict[str, tuple[str, str, str, tuple[int, ...]]]:
    """Plan key -> (name, timing, our rules text, the ids of its cards)."""
    out: dict[str, tuple[str, str, str, tuple[int, ...]]] = {}
    k = 0
    for plan in load_content().plans:
        out[plan.key] = (plan.name, plan.timing, plan.text, tuple(range(k, k + plan.count)))
        k += plan.count
    return out


@cache
def _board_spot(faction: str, spot: int) -> tuple[str, str]:
    """(action, requirement) of a board die spot."""
    spots = load_content().board(faction).spots
    return (spots[spot].action, spots[spot].need) if spot < len(spots) else ("", "any")


# ------------------------------------------------------------------------------ the moves
@dataclass
class Marks:
    """Where each legal action is drawn: a target of the table -> index into
    ``legal_actions``."""

    labels: list[str] = field(default_factory=list)
    cells: dict[XY, int] = field(default_factory=dict)
    ghosts: dict[XY, int] = field(default_factory=dict)
    """Spaces off the map a step explores."""
    figs: dict[int, int] = field(default_factory=dict)
    arrows: dict[tuple[XY, int], int] = field(default_factory=dict)
    """(space, direction) -> the Order's patrol move across that edge."""
    chips: dict[int, list[Chip]] = field(default_factory=dict)
    spots: dict[tuple[int, int], int] = field(default_factory=dict)
    """(seat, die spot) -> damage, repair or harbor move."""
    dice: dict[int, int] = field(default_factory=dict)
    recruit: dict[int, int] = field(default_factory=dict)
    smuggle: dict[int, int] = field(default_factory=dict)
    cards: dict[tuple[int, int], int] = field(default_factory=dict)
    """(seat, market card) -> an action on a crew or cargo card in a seat's area."""
    plans: dict[int, int] = field(default_factory=dict)
    grid: dict[int, int] = field(default_factory=dict)
    favor: dict[int, int] = field(default_factory=dict)
    wealth: dict[int, int] = field(default_factory=dict)
    tiles: dict[tuple[XY, int], int] = field(default_factory=dict)
    """(corner space, quarter turns) -> a placement of the drawn region tile."""
    mover: XY | None = None
    victim: int | None = None

    def tip(self, i: int | None) -> str:
        return self.labels[i] if i is not None and 0 <= i < len(self.labels) else ""

    def both(self, i: int | None, text: str) -> str:
        """The tooltip of an element that may be legal action ``i``: the move's words, then
        the element's own full text (the page shows both on a long press of the move)."""
        label = self.tip(i)
        return f"{label}\n{text}" if label and text and text != label else (label or text)


def marks_for(view: View) -> Marks:
    """Where to draw each legal action of ``view`` (nothing when it is not the seat's turn)."""
    items = view.get("legal_actions") or []
    m = Marks(labels=[str(item.get("label", "")) for item in items])
    if not items:
        return m
    v = view["state"]
    decision = view.get("decision") or {}
    kind = decision.get("kind", "")
    context: Entry = decision.get("context") or {}
    seat = view.get("seat")
    me = v["players"][seat] if isinstance(seat, int) else None
    acts = [(i, dict(item["action"])) for i, item in enumerate(items)]
    if kind in ("step", "current") and context.get("at") is not None:
        m.mover = _xy(context["at"])
    if kind == "hit":
        m.victim = int(context["victim"])
    gold_to_turn = [int(g) for g in context.get("gold_to_turn", ())]
    best: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    figs = {int(f["fig"]): _xy(f["at"]) for f in v["figures"]}
    for i, a in acts:
        k = a["kind"]
        if k == "place":
            _mark_place(best, a, i, gold_to_turn)
        elif k in ("start", "deploy", "goto", "gunner", "step", "stop", "current"):
            _mark_space(m, context, a, i)
        elif k == "patrol" and int(a["fig"]) in figs:
            m.arrows.setdefault((figs[int(a["fig"])], int(a["dir"])), i)
        elif k in ("move_patrol", "fight", "target"):
            m.figs.setdefault(int(a["fig"]), i)
        elif k in ("region", "island", "fort"):
            _mark_region(m, v, int(a["region"]), i, kind == "raise")
        else:
            _mark_card(m, me, seat, a, i)
    for (spot, value), (gold, _, die, i) in sorted(best.items()):
        m.chips.setdefault(spot, []).append((value, die, gold, i))
    return m


def _mark_place(
    best: dict[tuple[int, int], tuple[int, int, int, int]],
    a: Entry,
    i: int,
    gold_to_turn: Sequence[int],
) -> None:
    """One chip per (spot, value): the die that needs the least gold (the decision's context
    gives the gold to turn a die by each number of pips), then turns least."""
    die, spot, value = int(a["die"]), int(a["spot"]), int(a["value"])
    pips = abs(value - die)
    gold = gold_to_turn[pips] if pips < len(gold_to_turn) else pips
    rank = (gold, pips, die, i)
    if (spot, value) not in best or rank < best[(spot, value)]:
        best[(spot, value)] = rank


def _mark_space(m: Marks, context: Entry, a: Entry, i: int) -> None:
    """A move onto a space: its own ``at``, or where the decision's context says a step or a
    current's choice goes (a step off the map is a ghost space, to explore)."""
    k = a["kind"]
    if k in ("start", "deploy", "goto", "gunner"):
        m.cells.setdefault(_rel(int(a["at"])), i)
    elif k == "step":
        for step in context.get("steps", ()):
            if int(step["dir"]) == int(a["dir"]):
                to = _xy(step["to"])
                (m.ghosts if step["explores"] else m.cells).setdefault(to, i)
    elif k == "stop" and m.mover is not None:
        m.cells.setdefault(m.mover, i)
    elif k == "current":
        for option in context.get("options", ()):
            if int(option["dir"]) == int(a["dir"]):
                m.cells.setdefault(_xy(option["to"]), i)


def _mark_region(m: Marks, v: Entry, region: int, i: int, raise_: bool) -> None:
    if raise_:
        m.wealth.setdefault(region, i)
        return
    for r in v["regions"]:
        if r["region"] == region:
            m.cells.setdefault(_xy(r["island"]), i)


def _mark_card(m: Marks, me: Entry | None, seat: Any, a: Entry, i: int) -> None:
    k = a["kind"]
    if k in ("recruit", "take"):
        m.recruit.setdefault(int(a["card"]), i)
    elif k == "smuggle":
        m.smuggle.setdefault(int(a["card"]), i)
    elif k in ("deliver", "overboard") and isinstance(seat, int):
        m.cards.setdefault((seat, int(a["card"])), i)
    elif k == "steal":
        m.cards.setdefault((int(a["seat"]), int(a["card"])), i)
    elif k in CREW_ACTION and me is not None:
        for c in me["crew"]:
            if c["crew"] == CREW_ACTION[k]:
                m.cards.setdefault((int(me["seat"]), int(c["card"])), i)
                break
    elif k == "plan":
        m.plans.setdefault(int(a["card"]), i)
    elif k == "pay_die":
        m.dice.setdefault(int(a["die"]), i)
    elif k in ("hit", "fix", "harbor_move"):
        owner = m.victim if k == "hit" else seat
        if isinstance(owner, int):
            m.spots.setdefault((owner, int(a["spot"])), i)
    elif k == "grid":
        if a.get("take") or int(a["to"]) not in m.grid:
            m.grid[int(a["to"])] = i
    elif k == "favor":
        m.favor.setdefault(int(a["token"]), i)
    elif k == "tile":
        m.tiles.setdefault((_rel(int(a["origin"])), int(a["rot"])), i)


# ------------------------------------------------------------------------------ icons
def _symbol(svg: Svg, cx: float, cy: float, s: float, symbol: str | None, color: str) -> None:
    """A small drawing of an island or card symbol, about ``2 s`` across."""
    fill: dict[str, Any] = {"fill": color, **NONE}
    line: dict[str, Any] = {"stroke": color, "stroke_width": s * 0.2, "fill": "none", **NONE}
    if symbol == "skull":
        svg.circle(cx, cy - s * 0.15, s * 0.62, **fill)
        svg.rect(cx - s * 0.35, cy + s * 0.3, s * 0.7, s * 0.45, rx=s * 0.1, **fill)
        for ex in (-0.25, 0.25):
            svg.circle(cx + ex * s, cy - s * 0.15, s * 0.16, fill=PAPER, **NONE)
    elif symbol == "sword":
        svg.line(cx - s * 0.7, cy + s * 0.7, cx + s * 0.7, cy - s * 0.7, **line)
        svg.line(cx - s * 0.7, cy + s * 0.1, cx - s * 0.1, cy + s * 0.7, **line)
    elif symbol == "fish":
        svg.path(
            f"M{cx - s * 0.75:.1f},{cy:.1f} Q{cx - s * 0.1:.1f},{cy - s * 0.65:.1f} "
            f"{cx + s * 0.45:.1f},{cy:.1f} Q{cx - s * 0.1:.1f},{cy + s * 0.65:.1f} "
            f"{cx - s * 0.75:.1f},{cy:.1f}Z",
            **fill,
        )
        tail = [(cx + s * 0.35, cy), (cx + s * 0.85, cy - s * 0.45), (cx + s * 0.85, cy + s * 0.45)]
        svg.polygon(tail, **fill)
    elif symbol == "shell":
        svg.path(
            f"M{cx - s * 0.8:.1f},{cy + s * 0.35:.1f} A{s * 0.8:.1f},{s * 0.8:.1f} 0 0 1 "
            f"{cx + s * 0.8:.1f},{cy + s * 0.35:.1f}Z",
            **fill,
        )
        for k in (-0.5, 0.0, 0.5):
            svg.line(cx, cy + s * 0.35, cx + k * s, cy - s * 0.3, stroke=PAPER,
                     stroke_width=s * 0.1, **NONE)  # fmt: skip
    elif symbol == "anchor":
        svg.path(
            f"M{cx:.1f},{cy - s * 0.55:.1f} V{cy + s * 0.7:.1f} M{cx - s * 0.4:.1f},"
            f"{cy - s * 0.25:.1f} H{cx + s * 0.4:.1f} M{cx - s * 0.7:.1f},{cy + s * 0.2:.1f} "
            f"Q{cx:.1f},{cy + s * 1.1:.1f} {cx + s * 0.7:.1f},{cy + s * 0.2:.1f}",
            **line,
        )
        svg.circle(cx, cy - s * 0.72, s * 0.17, **line)
    elif symbol == "star":
        pts = []
        for k in range(10):
            rad = s * (0.85 if k % 2 == 0 else 0.38)
            ang = -math.pi / 2 + k * math.pi / 5
            pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
        svg.polygon(pts, **fill)


def _die(
    svg: Svg,
    x: float,
    y: float,
    size: float,
    value: int | str,
    *,
    fill: str = PAPER,
    stroke: str = INK,
    ink: str = INK,
    action: int | None = None,
    tip: str | None = None,
    **attrs: Any,
) -> None:
    """A die (or a die-shaped chip) showing ``value``, its top-left corner at (x, y)."""
    size_text = max(SMALL, size * 0.62)

    def draw() -> None:
        svg.rect(x, y, size, size, rx=size * 0.18, fill=fill, stroke=stroke, stroke_width=1.2)
        svg.text(x + size / 2, y + size * 0.72, str(value), font_size=size_text,
                 text_anchor="middle", font_weight="bold", fill=ink)  # fmt: skip

    if action is None and tip is None and not attrs:
        draw()
        return
    with svg.group(action=action, tip=tip, **attrs):
        draw()


def _coin(svg: Svg, cx: float, cy: float, r: float, text: str, tip: str | None = None) -> None:
    with svg.group(tip=tip, **NONE):
        svg.circle(cx, cy, r, fill=GOLD, stroke="#9a7d0a", stroke_width=1)
        svg.text(cx, cy + r * 0.42, text, font_size=max(TINY, r * 1.2), text_anchor="middle",
                 font_weight="bold")  # fmt: skip


def _damage(svg: Svg, x: float, y: float, size: float) -> None:
    svg.rect(x, y, size, size, rx=3, fill=DAMAGE, stroke=INK, stroke_width=1)
    svg.path(f"M{x + 4},{y + 4} L{x + size - 4},{y + size - 4} M{x + size - 4},{y + 4} "
             f"L{x + 4},{y + size - 4}", stroke=PAPER, stroke_width=2.2)  # fmt: skip


def _slot(svg: Svg, x: float, y: float, size: float = 20) -> None:
    svg.rect(x, y, size, size, rx=4, fill="none", stroke="#aab7b8", stroke_dasharray="3 2")


def _frame(svg: Svg, x: float, y: float, w: float, h: float, fill: str, edge: str,
           act: int | None, **attrs: Any) -> None:  # fmt: skip
    """A card or box outline: orange and thick when it is a legal move."""
    svg.rect(x, y, w, h, rx=6, fill=fill, stroke=HILITE if act is not None else edge,
             stroke_width=3 if act is not None else 1.2, **attrs)  # fmt: skip


# ------------------------------------------------------------------------------ the map
@dataclass
class Grid:
    """Where the map lies on the picture: the cell size and the spaces it spans."""

    c: float
    x0: float
    y0: float
    xs: tuple[int, int]
    ys: tuple[int, int]

    def at(self, xy: XY) -> tuple[float, float]:
        return self.x0 + (xy[0] - self.xs[0]) * self.c, self.y0 + (xy[1] - self.ys[0]) * self.c

    def center(self, xy: XY) -> tuple[float, float]:
        x, y = self.at(xy)
        return x + self.c / 2, y + self.c / 2


def _letters(k: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    text = ""
    k += 1
    while k:
        k, r = divmod(k - 1, 26)
        text = chr(65 + r) + text
    return text


def _footprints(m: Marks) -> dict[XY, str]:
    """The corners of the drawn tile's legal placements, lettered in reading order."""
    origins = sorted({o for o, _ in m.tiles}, key=lambda o: (o[1], o[0]))
    return {o: _letters(k) for k, o in enumerate(origins)}


def _blocks(cells: Mapping[XY, Entry]) -> dict[int, XY]:
    """Each region's north-west space."""
    out: dict[int, XY] = {}
    for (x, y), cell in cells.items():
        bx, by = out.get(int(cell["region"]), (x, y))
        out[int(cell["region"])] = (min(bx, x), min(by, y))
    return out


def _draw_cell(
    svg: Svg, g: Grid, xy: XY, cell: Entry, inner: XY, action: int | None, tip: str
) -> None:
    """A space: terrain, tailwind mark and treasure. ``inner`` points to its region's centre,
    where the wealth die lies, so the badges go to the other side."""
    x, y = g.at(xy)
    _cell_art(svg, x, y, g.c, xy, freeze(cell), inner, action, tip)


def _draw_cell_art(
    svg: Svg,
    x: float,
    y: float,
    c: float,
    xy: XY,
    frozen: Any,
    inner: XY,
    action: int | None,
    tip: str,
) -> None:
    """:func:`_draw_cell`'s drawing, from everything it reads (drawn once per arguments)."""
    cell = dict(frozen)
    terrain = cell["terrain"]
    with svg.group(action=action, tip=tip, data_space=f"{xy[0]},{xy[1]}"):
        svg.rect(x, y, c, c, fill=TERRAIN_FILL.get(terrain, SEA), stroke="#7fb3d5",
                 stroke_width=0.8)  # fmt: skip
        if action is not None:
            svg.rect(x + 2.5, y + 2.5, c - 5, c - 5, fill="#fdebd0", fill_opacity=0.45,
                     stroke=HILITE, stroke_width=3, stroke_dasharray="6 3", **NONE)  # fmt: skip
        _terrain_art(svg, x, y, c, cell)
        word = TERRAIN_WORD.get(terrain) if c >= 50 else None
        size = max(TINY, c * 0.16)
        left = inner[0] > 0
        if word:
            wx = x + 3 if left else x + c - 3
            svg.text(wx, y + size + 1, word, font_size=size, text_anchor="start" if left else "end",
                     fill=MUTED, font_style="italic", **NONE)  # fmt: skip
        b = max(13.0, c * 0.22)
        bx = x + 2 if left else x + c - b - 2
        slots = [y + c - b - 2] if word else [y + 2, y + c - b - 2]
        if cell.get("tailwind"):
            value = int(cell["tailwind"])
            tail = f"tailwind mark: a Tailwind die of {value} lands here"
            _die(svg, bx, slots.pop(0), b, value, fill="#e8f8f5", stroke="#148f77", ink=TEAL,
                 tip=tail, **NONE)  # fmt: skip
        if cell.get("gold") and slots:
            by = slots.pop(0)
            _coin(svg, bx + b / 2, by + b / 2, b / 2, str(cell["gold"]),
                  f"treasure: {cell['gold']} gold")  # fmt: skip


_cell_art = memo(_draw_cell_art)


def _terrain_art(svg: Svg, x: float, y: float, c: float, cell: Entry) -> None:
    terrain = cell["terrain"]
    cx, cy = x + c / 2, y + c / 2
    if terrain == "island":
        svg.circle(cx, cy, c * 0.37, fill=SAND, stroke="#b7950b", stroke_width=1.2, **NONE)
        _symbol(svg, cx, cy - c * 0.05, c * 0.15, cell.get("symbol"), BROWN)
        if c >= 50:
            svg.text(cx, cy + c * 0.26, str(cell.get("symbol")), font_size=max(TINY, c * 0.14),
                     text_anchor="middle", fill=BROWN, **NONE)  # fmt: skip
    elif terrain == "current" and cell.get("current"):
        _current(svg, cx, cy, c, DIRS.index(cell["current"]))
    elif terrain == "wreck":
        svg.path(
            f"M{cx - c * 0.25:.1f},{cy + c * 0.05:.1f} h{c * 0.45:.1f} l{-c * 0.08:.1f},"
            f"{c * 0.13:.1f} h{-c * 0.3:.1f}Z M{cx - c * 0.02:.1f},{cy + c * 0.05:.1f} "
            f"l{c * 0.14:.1f},{-c * 0.25:.1f}",
            fill=BROWN, stroke=BROWN, stroke_width=max(1.5, c * 0.03), **NONE,
        )  # fmt: skip
    elif terrain == "harbor":
        posts = "".join(
            f"M{cx + k * c:.1f},{cy - c * 0.2:.1f} v{c * 0.4:.1f} " for k in (-0.18, 0.0, 0.18)
        )
        svg.path(f"{posts}M{cx - c * 0.26:.1f},{cy:.1f} h{c * 0.52:.1f}", stroke="#626567",
                 stroke_width=max(2.0, c * 0.07), fill="none", **NONE)  # fmt: skip
    elif terrain == "fog":
        for k, (ox, oy) in enumerate(((-0.15, -0.05), (0.12, -0.1), (0.0, 0.12))):
            svg.circle(cx + ox * c, cy + oy * c, c * (0.17 - k * 0.02), fill="#fbfcfc", **NONE)


def _current(svg: Svg, cx: float, cy: float, c: float, d: int) -> None:
    """Two arrows the way a strong current pushes."""
    dx, dy = DELTAS[d]
    wing = c * 0.1
    for off in (-0.2, 0.2):
        px, py = -dy * off * c, dx * off * c
        sx, sy = cx - dx * c * 0.3 + px, cy - dy * c * 0.3 + py
        ex, ey = cx + dx * c * 0.25 + px, cy + dy * c * 0.25 + py
        svg.line(sx, sy, ex, ey, stroke="#1a5276", stroke_width=max(2.0, c * 0.05), **NONE)
        head = [
            (ex + dx * c * 0.12, ey + dy * c * 0.12),
            (ex - dy * wing, ey + dx * wing),
            (ex + dy * wing, ey - dx * wing),
        ]
        svg.polygon(head, fill="#1a5276", **NONE)


def _edges(svg: Svg, g: Grid, cells: Mapping[XY, Entry]) -> None:
    """Region outlines (heavy) and sandbars (sand-coloured dashes), each edge once."""
    c = g.c
    borders: list[str] = []
    bars: list[str] = []
    for (x, y), cell in cells.items():
        px, py = g.at((x, y))
        ends = (
            (px, py, px + c, py),
            (px + c, py, px + c, py + c),
            (px, py + c, px + c, py + c),
            (px, py, px, py + c),
        )
        for d, (dx, dy) in enumerate(DELTAS):
            other = cells.get((x + dx, y + dy))
            if d in (0, 3) and other is not None:
                continue  # a shared edge is drawn from its west or north space
            ax, ay, bx, by = ends[d]
            segment = f"M{ax:.1f},{ay:.1f}L{bx:.1f},{by:.1f}"
            if other is None or other["region"] != cell["region"]:
                borders.append(segment)
            elif DIRS[d] in (cell.get("sandbars") or ()):
                bars.append(segment)
    if borders:
        svg.path("".join(borders), stroke=INK, stroke_width=2.6, stroke_linecap="round",
                 fill="none", **NONE)  # fmt: skip
    if bars:
        svg.path("".join(bars), stroke="#b9770e", stroke_width=max(4.0, c * 0.09), fill="none",
                 stroke_dasharray=f"{c * 0.12:.1f} {c * 0.06:.1f}", **NONE)  # fmt: skip


def _flag_letter(player: Entry) -> str:
    faction = player["faction"]
    return "F" if faction == "fleet" else "U" if faction == "union" else f"S{player['seat']}"


def _token(
    svg: Svg, cx: float, cy: float, s: float, fig: Entry, players: Sequence[Entry], mine: bool,
    action: int | None, tip: str,
) -> None:  # fmt: skip
    """A figure in its owner's colour: a flagship (hull with its letter), a patrol
    (triangle), a fort (tower), the cutter (C) or the gunboat (G). Yours have a dark edge."""
    color = seat_color(int(fig["owner"]))
    kind = str(fig["kind"])
    edge: dict[str, Any] = {
        "stroke": "#111" if mine else PAPER,
        "stroke_width": 2.2 if mine else 1.2,
    }
    through = None if action is not None else "none"
    with svg.group(action=action, tip=tip, data_fig=fig["fig"], pointer_events=through):
        if action is not None:
            svg.circle(cx, cy, s * 0.62, fill=PAPER, fill_opacity=0.6, stroke=HILITE,
                       stroke_width=3)  # fmt: skip
        if kind == "flagship":
            w, h = s * 1.1, s * 0.5
            hull = [(cx - w / 2, cy - h * 0.2), (cx + w / 2, cy - h * 0.2),
                    (cx + w * 0.34, cy + h * 0.7), (cx - w * 0.34, cy + h * 0.7)]  # fmt: skip
            sail = [(cx - w * 0.02, cy - h * 1.1), (cx - w * 0.02, cy - h * 0.25),
                    (cx + w * 0.34, cy - h * 0.25)]  # fmt: skip
            svg.polygon(sail, fill=PAPER, stroke=color, stroke_width=1.2)
            svg.polygon(hull, fill=color, **edge)
            letter = _flag_letter(players[int(fig["owner"])])
            svg.text(cx, cy + h * 0.5, letter, font_size=max(10.0, s * 0.38), fill=PAPER,
                     text_anchor="middle", font_weight="bold")  # fmt: skip
        elif kind == "patrol":
            tri = [
                (cx, cy - s * 0.42),
                (cx + s * 0.4, cy + s * 0.32),
                (cx - s * 0.4, cy + s * 0.32),
            ]
            svg.polygon(tri, fill=color, **edge)
        elif kind == "fort":
            r = s * 0.38
            svg.path(f"M{cx - r:.1f},{cy + r:.1f} V{cy - r:.1f} h{r * 0.5:.1f} v{r * 0.35:.1f} "
                     f"h{r * 0.5:.1f} v{-r * 0.35:.1f} h{r * 0.5:.1f} v{r * 0.35:.1f} "
                     f"h{r * 0.5:.1f} V{cy + r:.1f}Z", fill=color, **edge)  # fmt: skip
        else:
            svg.circle(cx, cy, s * 0.38, fill=color, **edge)
            svg.text(cx, cy + s * 0.14, "C" if kind == "cutter" else "G", fill=PAPER,
                     font_size=max(10.0, s * 0.4), text_anchor="middle",
                     font_weight="bold")  # fmt: skip


def _figures(svg: Svg, g: Grid, view: View, m: Marks) -> None:
    v = view["state"]
    players = v["players"]
    by_space: dict[XY, list[Entry]] = {}
    for f in v["figures"]:
        by_space.setdefault(_xy(f["at"]), []).append(f)
    islands = {_xy(r["island"]) for r in v["regions"]}
    for xy, figs in sorted(by_space.items()):
        figs.sort(key=lambda f: int(f["fig"]))
        n = len(figs)
        cols = 1 if n == 1 else 2 if n <= 4 else 3
        rows = (n + cols - 1) // cols
        s = g.c * (0.44 if n == 1 else 0.34 if n <= 4 else 0.27)
        cx0, cy0 = g.center(xy)
        cy0 += g.c * 0.05 if xy in islands else 0
        for k, f in enumerate(figs):
            here = min(cols, n - (k // cols) * cols)
            cx = cx0 + (k % cols - (here - 1) / 2) * s * 1.08
            cy = cy0 + (k // cols - (rows - 1) / 2) * s * 0.95
            owner = int(f["owner"])
            act = m.figs.get(int(f["fig"]))
            tip = m.both(act, f"{_who(view, owner)}: {f['name']}")
            _token(svg, cx, cy, s, f, players, owner == view.get("seat"), act, tip)


def _region_marks(svg: Svg, g: Grid, view: View, cells: Mapping[XY, Entry], m: Marks) -> None:
    """Per region: the wealth die at the tile's centre with the control points under it, and
    the allies on its island."""
    v = view["state"]
    blocks = _blocks(cells)
    union = next((int(p["seat"]) for p in v["players"] if p["faction"] == "union"), 1)
    c = g.c
    for r in v["regions"]:
        rid = int(r["region"])
        bx, by = blocks.get(rid, _xy(r["island"]))
        px, py = g.at((bx + 1, by + 1))
        size = max(16.0, c * 0.3)
        fleet, un = int(r["control"]["fleet"]), int(r["control"]["union"])
        scorer = "the Fleet" if fleet > un else "the Union" if un > fleet else "nobody (a tie)"
        act = m.wealth.get(rid)
        tip = m.both(
            act,
            f"region {rid}, {r['name']}: wealth {r['wealth']}; control Fleet {fleet}, Union "
            f"{un}: {scorer} would score {r['wealth']}" + (" · fort" if r["fort"] else ""),
        )
        through = None if act is not None else "none"
        with svg.group(action=act, tip=tip, data_region=rid, data_wealth=r["wealth"],
                       pointer_events=through):  # fmt: skip
            if act is not None:
                svg.circle(px, py, size * 0.95, fill=PAPER, stroke=HILITE, stroke_width=3)
            _die(svg, px - size / 2, py - size / 2, size, int(r["wealth"]), fill=WEALTH,
                 stroke=PAPER, ink=PAPER)  # fmt: skip
            lead = seat_color(0) if fleet > un else seat_color(union) if un > fleet else MUTED
            pw, ph = max(30.0, c * 0.5), max(13.0, c * 0.2)
            svg.rect(px - pw / 2, py + size / 2 + 1, pw, ph, rx=ph / 2, fill=PAPER, stroke=lead,
                     stroke_width=1.5)  # fmt: skip
            svg.text(px, py + size / 2 + ph * 0.82, f"{fleet}:{un}", font_size=max(TINY, ph * 0.8),
                     text_anchor="middle", font_weight="bold", fill=lead)  # fmt: skip
        if r["allies"]:
            x, y = g.at(_xy(r["island"]))
            w, h = max(28.0, c * 0.42), max(14.0, c * 0.2)
            with svg.group(tip=f"{r['allies']} Union allies on this island", data_allies=rid,
                           **NONE):  # fmt: skip
                svg.rect(x + c / 2 - w / 2, y + 2, w, h, rx=h / 2, fill=ALLY,
                         stroke=seat_color(union), stroke_width=1.5)  # fmt: skip
                svg.text(x + c / 2, y + 2 + h * 0.8, f"◆{r['allies']}", text_anchor="middle",
                         font_size=max(TINY, h * 0.8), font_weight="bold")  # fmt: skip


def _ghosts(svg: Svg, g: Grid, m: Marks, feet: Mapping[XY, str]) -> None:
    """Steps off the map (exploring) and the corners of the drawn tile's placements."""
    c = g.c
    for xy, i in sorted(m.ghosts.items()):
        x, y = g.at(xy)
        with svg.group(action=i, tip=m.tip(i), data_space=f"{xy[0]},{xy[1]}"):
            svg.rect(x + 2, y + 2, c - 4, c - 4, fill="#fef5e7", stroke=HILITE, stroke_width=3,
                     stroke_dasharray="6 3")  # fmt: skip
            svg.text(x + c / 2, y + c / 2 + 4, "explore", font_size=max(TINY, c * 0.17),
                     text_anchor="middle", fill="#935116")  # fmt: skip
    for x0, y0 in feet:
        x, y = g.at((x0, y0))
        svg.rect(x + 3, y + 3, 2 * c - 6, 2 * c - 6, fill="#fdebd0", fill_opacity=0.3,
                 stroke=HILITE, stroke_width=2, stroke_dasharray="8 4", **NONE)  # fmt: skip
    for (x0, y0), letter in feet.items():
        x, y = g.at((x0, y0))
        svg.circle(x + c, y + c, max(10.0, c * 0.2), fill=PAPER, stroke=HILITE, **NONE)
        svg.text(x + c, y + c + max(10.0, c * 0.2) * 0.45, letter, text_anchor="middle",
                 font_size=max(13.0, c * 0.24), font_weight="bold", fill="#935116",
                 **NONE)  # fmt: skip


def _arrows(svg: Svg, g: Grid, m: Marks) -> None:
    """The Order's patrol moves: an arrow button on the edge the patrol would cross."""
    c = g.c
    r = max(9.0, c * 0.14)
    for (xy, d), i in sorted(m.arrows.items()):
        cx, cy = g.center(xy)
        dx, dy = DELTAS[d]
        ax, ay = cx + dx * (c / 2 - r * 0.2), cy + dy * (c / 2 - r * 0.2)
        with svg.group(action=i, tip=m.tip(i), data_space=f"{xy[0]},{xy[1]}", data_dir=d):
            svg.circle(ax, ay, r, fill=PAPER, stroke=HILITE, stroke_width=2.5)
            head = [
                (ax + dx * r * 0.65, ay + dy * r * 0.65),
                (ax - dx * r * 0.4 - dy * r * 0.5, ay - dy * r * 0.4 + dx * r * 0.5),
                (ax - dx * r * 0.4 + dy * r * 0.5, ay - dy * r * 0.4 - dx * r * 0.5),
            ]
            svg.polygon(head, fill=HILITE)


def _highlights(svg: Svg, g: Grid, v: View, m: Marks) -> None:
    """The battle's space and the figure that is moving."""
    c = g.c
    fight = v.get("fight")
    if fight:
        x, y = g.at(_xy(fight["at"]))
        svg.rect(x + 1, y + 1, c - 2, c - 2, fill="none", stroke=DAMAGE, stroke_width=4, **NONE)
        svg.text(x + c / 2, y + c - 4, "BATTLE", font_size=max(TINY, c * 0.16), fill=DAMAGE,
                 text_anchor="middle", font_weight="bold", **NONE)  # fmt: skip
    if m.mover is not None:
        cx, cy = g.center(m.mover)
        svg.circle(cx, cy, c * 0.46, fill="none", stroke=HILITE, stroke_width=3,
                   stroke_dasharray="3 3", **NONE)  # fmt: skip


def _map_grid(cells: Mapping[XY, Entry], extra: set[XY], top: float) -> Grid:
    pts = set(cells) | extra
    xs = [x for x, _ in pts]
    ys = [y for _, y in pts]
    cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    c = max(26.0, min(100.0, MAP_MAX[0] / cols, MAP_MAX[1] / rows))
    x0 = LEFT[0] + 26 + (MAP_MAX[0] - cols * c) / 2
    return Grid(c, x0, top + 42, (min(xs), max(xs)), (min(ys), max(ys)))


def _draw_map(svg: Svg, view: View, m: Marks, top: float) -> float:
    v = view["state"]
    cells: dict[XY, Entry] = {_xy(c["at"]): c for c in v["cells"]}
    feet = _footprints(m)
    extra = set(m.ghosts) | {(x + dx, y + dy) for x, y in feet for dx in (0, 1) for dy in (0, 1)}
    g = _map_grid(cells, extra, top)
    width = (g.xs[1] - g.xs[0] + 1) * g.c
    height = (g.ys[1] - g.ys[0] + 1) * g.c
    svg.text(LEFT[0], top + 16, "The map", font_size=15, font_weight="bold")
    svg.text(LEFT[0] + 80, top + 16, "spaces are (x,y) as in the log: x grows east, y south",
             font_size=SMALL, fill=MUTED)  # fmt: skip
    svg.rect(g.x0, g.y0, width, height, fill=OFF_MAP, stroke="#aab7b8", stroke_width=1)
    for x in range(g.xs[0], g.xs[1] + 1):
        px, _ = g.center((x, g.ys[0]))
        svg.text(px, g.y0 - 5, str(x), font_size=SMALL, text_anchor="middle", fill=MUTED)
    for y in range(g.ys[0], g.ys[1] + 1):
        _, py = g.center((g.xs[0], y))
        svg.text(g.x0 - 5, py + 4, str(y), font_size=SMALL, text_anchor="end", fill=MUTED)
    blocks = _blocks(cells)
    islands = {_xy(r["island"]): r for r in v["regions"]}
    for xy, cell in sorted(cells.items()):
        bx, by = blocks[int(cell["region"])]
        inner = (1 if xy[0] == bx else -1, 1 if xy[1] == by else -1)
        act = m.cells.get(xy)
        tip = m.both(act, _cell_tip(xy, cell, islands.get(xy)))
        _draw_cell(svg, g, xy, cell, inner, act, tip)
    _edges(svg, g, cells)
    _highlights(svg, g, v, m)
    _region_marks(svg, g, view, cells, m)
    _ghosts(svg, g, m, feet)
    _figures(svg, g, view, m)
    _arrows(svg, g, m)
    return _legend(svg, g.y0 + height + 10)


def _cell_tip(xy: XY, cell: Entry, region: Entry | None) -> str:
    terrain = cell["terrain"]
    bits = [_name(xy)]
    if terrain == "island":
        bits.append(f"{cell['symbol']} island")
        if region is not None:
            bits.append(f"{region['allies']} allies" + (", a fort" if region["fort"] else ""))
    elif terrain == "current":
        bits.append(f"strong current pushing {cell['current']}")
    elif terrain != "open":
        words = {"wreck": "shipwreck (1 damage)", "harbor": "harbor", "fog": "fog (no battles)"}
        bits.append(words.get(str(terrain), str(terrain)))
    if cell.get("gold"):
        bits.append(f"treasure {cell['gold']} gold")
    if cell.get("tailwind"):
        bits.append(f"tailwind {cell['tailwind']}")
    if cell.get("sandbars"):
        bits.append("sandbar to the " + " and ".join(cell["sandbars"]))
    bits.append(f"region {cell['region']}")
    return ", ".join(bits)


def _legend(svg: Svg, y: float) -> float:
    x = start = LEFT[0] + 26
    for kind, text in (
        ("die", "wealth die"),
        ("pill", "control points Fleet:Union"),
        ("tail", "tailwind mark"),
        ("coin", "treasure"),
        ("ally", "allies"),
        ("bar", "sandbar"),
        ("mine", "your pieces (dark edge)"),
    ):
        width = 34 + TEXT.width(text, SMALL) + (10 if kind in ("pill", "ally", "bar") else 0)
        if x + width > LEFT[0] + LEFT[1]:
            x, y = start, y + 22
        if kind == "die":
            _die(svg, x, y, 15, 3, fill=WEALTH, stroke=PAPER, ink=PAPER)
        elif kind == "pill":
            svg.rect(x, y + 1, 28, 13, rx=6, fill=PAPER, stroke=MUTED)
            svg.text(x + 14, y + 12, "3:2", font_size=TINY, text_anchor="middle", fill=MUTED)
            x += 10
        elif kind == "tail":
            _die(svg, x, y, 15, 4, fill="#e8f8f5", stroke="#148f77", ink=TEAL)
        elif kind == "coin":
            _coin(svg, x + 7, y + 7, 7.5, "1")
        elif kind == "ally":
            svg.rect(x, y + 1, 24, 14, rx=7, fill=ALLY, stroke=MUTED)
            svg.text(x + 12, y + 12, "◆2", font_size=TINY, text_anchor="middle")
            x += 8
        elif kind == "bar":
            svg.line(x, y + 8, x + 24, y + 8, stroke="#b9770e", stroke_width=5,
                     stroke_dasharray="5 3")  # fmt: skip
            x += 8
        else:
            svg.polygon([(x + 8, y), (x + 16, y + 14), (x, y + 14)], fill=seat_color(0),
                        stroke="#111", stroke_width=2)  # fmt: skip
        svg.text(x + 20, y + 12, text, font_size=SMALL, fill=MUTED)
        x += 34 + TEXT.width(text, SMALL)
    return y + 22


# ------------------------------------------------------------------------------ the top
def _header(svg: Svg, view: View) -> float:
    v = view["state"]
    seat = view.get("seat")
    svg.rect(0, 0, W, 30, fill="#d6eaf8")
    bits = f"Ahoy · round {v['round']} · first player: {_who(view, int(v['first']))}"
    if view.get("terminal"):
        winners = ", ".join(_who(view, w) for w in view.get("winners") or []) or "nobody"
        bits += f" · game over, won by {winners}"
    else:
        bits += f" · to play: {_who(view, int(v['active']))}"
    svg.text(10, 20, bits, font_size=14, font_weight="bold")
    viewer = "spectator" if seat is None else f"viewing as {_who(view, int(seat))}"
    svg.text(W - 10, 20, f"bank: {v['gold_bank']} gold · {viewer}", font_size=SMALL,
             text_anchor="end", fill=MUTED)  # fmt: skip
    prompt = view.get("prompt")
    if not prompt or view.get("terminal"):
        return 34.0
    mine = prompt.get("seat") == seat
    svg.rect(0, 30, W, 24, fill="#fef9e7" if mine else PAPER)
    svg.rect(0, 30, 6, 24, fill=seat_color(prompt.get("seat")))
    text = "▶ " + str(prompt.get("text", "")) + ("  (you)" if mine else "")
    svg.text(14, 47, text, font_size=13, font_weight="bold" if mine else None)
    return 58.0


def _fame_track(svg: Svg, view: View, top: float) -> float:
    """Fame 0-30: the game ends after a round in which someone reached 30."""
    players = view["state"]["players"]
    x0, box, h = 62.0, (W - 72) / 31, 38.0
    svg.text(10, top + 25, "Fame", font_size=14, font_weight="bold")
    at: dict[int, list[Entry]] = {}
    for p in players:
        at.setdefault(min(30, int(p["fame"])), []).append(p)
    for k in range(31):
        x = x0 + k * box
        end = k == 30
        svg.rect(x, top, box - 2, h, rx=4, fill="#fcf3cf" if end else PAPER,
                 stroke="#b7950b" if end else "#aab7b8")  # fmt: skip
        svg.text(x + 3, top + 13, "30+" if end else str(k), font_size=SMALL, fill=MUTED,
                 font_weight="bold" if k % 5 == 0 else None)  # fmt: skip
        here = at.get(k, [])
        for j, p in enumerate(here):
            if len(here) <= 2:
                cx, cy = x + box / 2 + 3 + (j - (len(here) - 1) / 2) * 15, top + 26
            else:
                cx, cy = x + box - 11 - (j % 2) * 15, top + 17 + (j // 2) * 13
            seat = int(p["seat"])
            tip = f"{_who(view, seat)}: {p['fame']} fame"
            with svg.group(tip=tip, data_fame_seat=seat, data_fame=p["fame"]):
                svg.circle(cx, cy, 7.5, fill=seat_color(seat), stroke=INK, stroke_width=1)
                svg.text(cx, cy + 4, str(seat), font_size=TINY, text_anchor="middle",
                         font_weight="bold", fill=PAPER)  # fmt: skip
    return top + h + 4


# ------------------------------------------------------------------------------ panels
def _fig_text(view: View, fig: int) -> str:
    for f in view["state"]["figures"]:
        if f["fig"] == fig:
            return f"{_who(view, int(f['owner']))} {f['kind']}"
    return "a figure now removed"


def _battle(svg: Svg, view: View, top: float) -> float:
    v = view["state"]
    f = v.get("fight")
    if not f:
        return top
    x0, w = LEFT
    title = f"Battle at {_name(_xy(f['at']))}"
    if int(f.get("defender", -1)) < 0:
        svg.rect(x0, top, w, 30, rx=6, fill="#fdedec", stroke=DAMAGE, stroke_width=2)
        svg.text(x0 + 10, top + 20, title, font_size=15, font_weight="bold", fill=DAMAGE)
        text = f"{_fig_text(view, int(f['mover']))} attacks: choosing whom to battle"
        svg.text(x0 + 160, top + 20, text, font_size=13)
        return top + 36
    svg.rect(x0, top, w, 96, rx=6, fill="#fdedec", stroke=DAMAGE, stroke_width=2)
    svg.text(x0 + 10, top + 20, title, font_size=15, font_weight="bold", fill=DAMAGE)
    if f.get("ignored"):
        svg.text(x0 + w - 10, top + 20, "ignored: no fight takes place", font_size=13,
                 text_anchor="end", font_weight="bold")  # fmt: skip
    sides = (
        ("attacker", int(f["attacker"]), int(f["mover"])),
        ("defender", int(f["defender_seat"]), int(f["defender"])),
    )
    bw = (w - 30) / 2
    for k, (role, seat, fig) in enumerate(sides):
        x = x0 + 10 + k * (bw + 10)
        color = seat_color(seat)
        won = f.get("winner") == k
        bonus, roll = int(f["modifier"][k]), int(f["roll"][k])
        dice = "2 battle dice" if f["two_dice"][k] else "1 battle die"
        tip = f"{role}: {_fig_text(view, fig)}; bonus +{bonus}; " + (
            f"rolled {roll}, total {bonus + roll}" if roll else f"{dice} to roll"
        )
        with svg.group(tip=tip, data_battle=role, data_seat=seat, data_bonus=bonus, data_roll=roll):
            svg.rect(x, top + 28, bw, 60, rx=5, fill=PAPER, stroke=color,
                     stroke_width=3.5 if won else 1.5)  # fmt: skip
            svg.text(x + 8, top + 46, CUT.clip(f"{role}: {_fig_text(view, fig)}", bw - 60, 13),
                     font_size=13, font_weight="bold", fill=color)  # fmt: skip
            if won:
                svg.text(x + bw - 8, top + 46, "WINS", font_size=13, text_anchor="end",
                         font_weight="bold", fill=color)  # fmt: skip
            svg.text(x + 8, top + 76, f"bonus +{bonus}", font_size=13)
            _die(svg, x + 88, top + 58, 24, roll or "?", stroke=MUTED)
            text = f"rolled · total {bonus + roll}" if roll else f"{dice} to roll"
            svg.text(x + 120, top + 76, text, font_size=13, font_weight="bold" if roll else None)
    return top + 96


def _drawn_tile(svg: Svg, view: View, m: Marks, top: float) -> float:
    """The region tile being placed, in its 4 turns; under each turn the corners (lettered as
    on the map) where it may go."""
    drawn = view["state"].get("drawn")
    if not drawn:
        return top
    feet = _footprints(m)
    x0, w = LEFT
    c, col = 40.0, (w - 20) / 4
    per = max(1, int((col - 10) // 29))
    most = max((sum(1 for _, r in m.tiles if r == rot) for rot in range(4)), default=0)
    h = 40 + 2 * c + 24 + ((most + per - 1) // per) * 27
    svg.rect(x0, top, w, h, rx=6, fill="#fef5e7", stroke=HILITE, stroke_width=2)
    svg.text(x0 + 10, top + 20, f"Region tile to place: {drawn['name']}", font_size=15,
             font_weight="bold")  # fmt: skip
    who = (view.get("prompt") or {}).get("seat")
    hint = "pick a corner letter (as on the map) under a turn" if m.tiles else (
        f"placed by {seat_name(view.get('names'), who)}" if who is not None else ""
    )  # fmt: skip
    svg.text(x0 + w - 10, top + 20, hint, font_size=SMALL, text_anchor="end", fill=MUTED)
    for rot, cells in enumerate(drawn["turns"]):
        x = x0 + 10 + rot * col
        tile = {_xy(cell["at"]): cell for cell in cells}
        g = Grid(c, x + col / 2 - c - 5, top + 32, (0, 1), (0, 1))
        for xy, cell in sorted(tile.items()):
            inner = (1 if xy[0] == 0 else -1, 1 if xy[1] == 0 else -1)
            _draw_cell(svg, g, xy, cell, inner, None, _cell_tip(xy, cell, None))
        _edges(svg, g, tile)
        svg.text(x + col / 2 - 5, top + 32 + 2 * c + 16, f"turned {rot * 90}°", font_size=SMALL,
                 text_anchor="middle", fill=MUTED)  # fmt: skip
        chips = sorted((feet[o], i) for (o, r), i in m.tiles.items() if r == rot)
        chips.sort(key=lambda t: (len(t[0]), t[0]))
        for k, (letter, i) in enumerate(chips):
            cx = x + (k % per) * 29
            cy = top + 32 + 2 * c + 24 + (k // per) * 27
            with svg.group(action=i, tip=m.tip(i), data_tile_rot=rot, data_corner=letter):
                svg.rect(cx, cy, 26, 23, rx=4, fill=PAPER, stroke=HILITE, stroke_width=2)
                svg.text(cx + 13, cy + 17, letter, font_size=13, text_anchor="middle",
                         font_weight="bold", fill="#935116")  # fmt: skip
    return top + h


def _market(svg: Svg, view: View, m: Marks, top: float) -> float:
    v = view["state"]
    x0, w = LEFT
    svg.text(x0, top + 16, "Market", font_size=15, font_weight="bold")
    svg.text(x0 + 64, top + 16, "recruit the crew (top half) or smuggle the cargo (bottom)",
             font_size=SMALL, fill=MUTED)  # fmt: skip
    cw, ch = 196.0, 142.0
    y = top + 24
    for k, card in enumerate(v["market"]):
        _market_card(svg, x0 + k * (cw + 8), y, cw, ch, card, m)
    if not v["market"]:
        svg.text(x0 + 10, y + 30, "(the market is empty)", font_size=13, fill=MUTED)
    deck = int(v["market_deck"])
    _card_back(svg, x0 + 3 * (cw + 8), y, 72, 100, "deck", f"{deck} cards",
               f"market deck: {deck} cards face down")  # fmt: skip
    bottom = y + ch
    removed = v.get("removed") or []
    if removed:
        text = "Out of the game: " + ", ".join(f"{c['name']} ({c['symbol']})" for c in removed)
        lines = _wrap(text, w, SMALL, 3)
        for n, line in enumerate(lines):
            svg.text(x0, bottom + 18 + n * 15, line, font_size=SMALL, fill=MUTED)
        bottom += 8 + 15 * len(lines)
    return bottom


def _card_back(
    svg: Svg, x: float, y: float, w: float, h: float, title: str, text: str, tip: str
) -> None:
    with svg.group(tip=tip):
        svg.rect(x, y, w, h, rx=6, fill="#5d6d7e", stroke=INK, stroke_width=1)
        svg.rect(x + 4, y + 4, w - 8, h - 8, rx=4, fill="none", stroke="#aeb6bf",
                 stroke_dasharray="4 3")  # fmt: skip
        svg.text(x + w / 2, y + h / 2 + (0 if text else 5), title, font_size=13,
                 text_anchor="middle", font_weight="bold", fill=PAPER)  # fmt: skip
        if text:
            svg.text(x + w / 2, y + h / 2 + 17, text, font_size=SMALL, text_anchor="middle",
                     fill=PAPER)  # fmt: skip


def _card_head(svg: Svg, x: float, y: float, w: float, card: Entry, room: float) -> None:
    """The symbol in the corner and the crew name (``room`` kept free on the right)."""
    svg.circle(x + 14, y + 14, 11, fill="#fbeee6", stroke="#a04000", stroke_width=1)
    _symbol(svg, x + 14, y + 14, 7, card["symbol"], BROWN)
    name = str(card["name"])
    size = 13 if TEXT.width(name, 13) <= w - 32 - room else SMALL
    svg.text(
        x + 30, y + 19, CUT.clip(name, w - 32 - room, size), font_size=size, font_weight="bold"
    )


def _market_card(svg: Svg, x: float, y: float, w: float, h: float, card: Entry, m: Marks) -> None:
    cid, key = int(card["card"]), str(card["crew"])
    kind, text = _crew_info().get(key, ("", ""))
    top, bottom = m.recruit.get(cid), m.smuggle.get(cid)
    cost = COST.get(int(card["cost"]), "?")
    with svg.group(data_card=cid, data_crew=key):
        with svg.group(action=top, tip=m.both(top, f"{card['name']} ({cost}): {text}")):
            _frame(svg, x, y, w, h - 40, "#fdf2e9", "#a04000", top)
            _card_head(svg, x, y, w, card, 50)
            svg.rect(x + w - 50, y + 6, 44, 17, rx=8, fill=GOLD if card["cost"] else PAPER,
                     stroke="#9a7d0a")  # fmt: skip
            svg.text(x + w - 28, y + 19, cost, font_size=SMALL, text_anchor="middle")
            for n, line in enumerate(_wrap(CREW_SHORT.get(key, ""), w - 16, SMALL, 2)):
                svg.text(x + 8, y + 42 + n * 15, line, font_size=SMALL)
            svg.text(x + 8, y + h - 48, f"{card['symbol']} card · {kind}", font_size=SMALL,
                     fill=MUTED, font_style="italic")  # fmt: skip
        where = f"cargo {card['cargo']}: deliver it to a {card['cargo_symbol']} island"
        with svg.group(action=bottom, tip=m.tip(bottom) or where):
            _frame(svg, x, y + h - 38, w, 38, "#e8f8f5", "#117864", bottom)
            _cargo_line(svg, x + 8, y + h - 14, card)


def _cargo_line(svg: Svg, x: float, y: float, card: Entry) -> None:
    text = f"cargo {card['cargo']} →"
    svg.text(x, y, text, font_size=13, font_weight="bold", fill=TEAL)
    ix = x + TEXT.width(text, 13) + 10
    _symbol(svg, ix, y - 5, 7, card["cargo_symbol"], TEAL)
    svg.text(ix + 11, y, str(card["cargo_symbol"]), font_size=13, fill=TEAL)


# ------------------------------------------------------------------------------ the seats
@dataclass
class Flow:
    """Boxes laid left to right, wrapping to a new row at ``width``."""

    x: float
    y: float
    width: float
    gap: float = 6.0
    used: float = 0.0
    row: float = 0.0
    bottom: float = 0.0

    def place(self, w: float, h: float) -> tuple[float, float]:
        if self.used and self.used + w > self.width:
            self.y += self.row + self.gap
            self.used, self.row = 0.0, 0.0
        at = (self.x + self.used, self.y)
        self.used += w + self.gap
        self.row = max(self.row, h)
        self.bottom = max(self.bottom, self.y + h)
        return at


def _players(svg: Svg, view: View, m: Marks, left: float, right: float) -> float:
    """The seats' areas, the viewer's first, each in the shorter of the two columns."""
    v = view["state"]
    seat = view.get("seat")
    bottoms = {"left": left, "right": right}
    for p in sorted(v["players"], key=lambda p: (p["seat"] != seat, p["seat"])):
        side = "right" if bottoms["right"] <= bottoms["left"] + 40 else "left"
        x, w = RIGHT if side == "right" else LEFT
        bottoms[side] = _player_part(svg, view, p, m, x, bottoms[side], w) + 12
    return max(bottoms.values())


def _player(svg: Svg, view: View, p: Entry, m: Marks, x: float, top: float, w: float) -> float:
    seat = int(p["seat"])
    me = seat == view.get("seat")
    color = seat_color(seat)
    faction = str(p["faction"])
    with svg.group(data_seat=seat, data_faction=faction):
        title = f"{seat_name(view.get('names'), seat)} · {FACTION[faction]}"
        if faction != "smuggler":
            title += f" ({FACTION_LONG[faction]})"
        svg.rect(x, top, w, 26, rx=5, fill=color)
        svg.text(x + 8, top + 18, title + (" · YOU" if me else ""), font_size=14, fill=PAPER,
                 font_weight="bold")  # fmt: skip
        svg.text(x + w - 8, top + 18, f"fame {p['fame']} · gold {p['gold']}", font_size=14,
                 font_weight="bold", fill=PAPER, text_anchor="end", data_fame=p["fame"],
                 data_gold=p["gold"])  # fmt: skip
        y = _status(svg, view, p, m, x, top + 32, me)
        y = _board(svg, p, m, x, y, w, me)
        y = _cards(svg, p, m, x, y, w, me)
        if faction == "fleet":
            y = _fleet(svg, p, x, y)
        elif faction == "union":
            y = _union(svg, view, p, m, x, y, w, me)
        else:
            y = _smuggler(svg, view, p, m, x, y, w, me)
        svg.path(f"M{x},{top + 24} V{y + 2} H{x + w} V{top + 24}", fill="none", stroke=color,
                 stroke_width=3 if me else 1.5)  # fmt: skip
    return y + 2


def _status(
    svg: Svg, view: View, p: Entry, m: Marks, x: float, y: float, me: bool
) -> float:  # fmt: skip
    v = view["state"]
    seat = int(p["seat"])
    tags = ["first player"] if seat == v["first"] else []
    if seat == v["active"] and not view.get("terminal"):
        tags.append("to play")
    cx = x + 8
    for tag in tags:
        tw = TEXT.width(tag, SMALL) + 12
        svg.rect(cx, y, tw, 18, rx=9, fill="#fcf3cf", stroke="#b7950b")
        svg.text(cx + tw / 2, y + 13, tag, font_size=SMALL, text_anchor="middle")
        cx += tw + 6
    where = "not placed" if p["flagship"] is None else _name(_xy(p["flagship"]))
    text = f"flagship {where} · dice in hand:"
    svg.text(cx, y + 13, text, font_size=SMALL)
    cx += TEXT.width(text, SMALL) + 6
    if cx + 24 * len(p["hand"]) > x + RIGHT[1] - 8:
        cx, y = x + 8, y + 24
    if not p["hand"]:
        svg.text(cx, y + 13, "none", font_size=SMALL, fill=MUTED)
    seen: set[int] = set()
    for d in sorted(int(d) for d in p["hand"]):
        act = m.dice.get(d) if me and d not in seen else None
        seen.add(d)
        tip = m.tip(act) or f"an unplaced die showing {d}"
        if act is not None:
            svg.rect(cx - 2, y - 3, 24, 24, rx=5, fill="none", stroke=HILITE, stroke_width=2.5)
        _die(svg, cx, y - 1, 20, d, stroke=seat_color(seat), action=act, tip=tip, data_die=d)
        cx += 24
    return y + 26


def _board(svg: Svg, p: Entry, m: Marks, x: float, y: float, w: float, me: bool) -> float:
    """The faction board's die spots."""
    seat = int(p["seat"])
    flow = Flow(x + 8, y, w - 16, gap=4)
    for sp in p["spots"]:
        spot = int(sp["spot"])
        if spot >= CREW_SPOT0:
            continue
        action, need = _board_spot(str(p["faction"]), spot)
        name = str(sp["name"])
        bw = max(60.0, TEXT.width(name, SMALL) + 10)
        chips = m.chips.get(spot, []) if me else []
        per = max(1, int((bw + 2) // 22))
        bh = 58 + CHIP_ROW * ((len(chips) + per - 1) // per)
        bx, by = flow.place(bw, bh)
        _spot_box(svg, bx, by, bw, seat, sp, name, action, need, m)
        _chips(svg, bx, by + 60, chips, per, m)
    return flow.bottom + 6


def _spot_box(
    svg: Svg, x: float, y: float, w: float, seat: int, sp: Entry, name: str, action: str,
    need: str, m: Marks,
) -> None:  # fmt: skip
    """A die spot: its name, what it does, the dice on it (or a damage token) and the value
    it needs. A dashed outline cannot be damaged."""
    spot = int(sp["spot"])
    act = m.spots.get((seat, spot))
    what = BOARD_SHORT.get(action, "")
    takes = "any die" if need == "any" else f"a die showing {need}".replace("showing even", "even")
    tip = m.both(act, f"{name}: {BOARD_TEXT.get(action, what)}; takes {takes}")
    _spot_art(svg, x, y, w, seat, freeze(sp), name, what, need, act, tip)


def _draw_spot(
    svg: Svg, x: float, y: float, w: float, seat: int, frozen: Any, name: str, what: str,
    need: str, act: int | None, tip: str,
) -> None:  # fmt: skip
    """:func:`_spot_box`'s drawing, from everything it reads (drawn once per arguments)."""
    sp = dict(frozen)
    spot = int(sp["spot"])
    damaged = "1" if sp["damaged"] else None
    with svg.group(action=act, tip=tip, data_spot=spot, data_owner=seat, data_damaged=damaged):
        _frame(svg, x, y, w, 56, "#f8f9f9", MUTED, act,
               stroke_dasharray="5 3" if sp.get("dashed") else None)  # fmt: skip
        svg.text(x + w / 2, y + 15, name, font_size=SMALL, text_anchor="middle",
                 font_weight="bold")  # fmt: skip
        svg.text(x + w / 2, y + 28, CUT.clip(what, w - 4, TINY), font_size=TINY,
                 text_anchor="middle", fill=MUTED)  # fmt: skip
        _spot_dice(svg, x + 5, y + 32, sp)
        if len(sp["dice"]) < 2:
            svg.text(x + w - 5, y + 48, NEED.get(need, f"={need}"), font_size=SMALL,
                     text_anchor="end", fill=MUTED, font_weight="bold")  # fmt: skip


_spot_art = memo(_draw_spot)


def _spot_dice(svg: Svg, x: float, y: float, sp: Entry) -> None:
    if sp["damaged"]:
        _damage(svg, x, y, 20)
    elif sp["dice"]:
        for k, d in enumerate(sp["dice"]):
            _die(svg, x + 22 * k, y, 20, int(d), data_placed=int(d))
    else:
        _slot(svg, x, y)


def _chips(svg: Svg, x: float, y: float, chips: Sequence[Chip], per: int, m: Marks) -> None:
    """The placements offered on a spot: one chip per value; a gold chip turns a die with
    gold (its cost under it)."""
    for k, (value, die, gold, i) in enumerate(chips):
        cx, cy = x + (k % per) * 22, y + (k // per) * CHIP_ROW
        turned = die != value
        _die(svg, cx, cy, 20, value, fill="#fcf3cf" if turned else PAPER, stroke=HILITE,
             action=i, tip=m.tip(i), data_chip=value)  # fmt: skip
        if turned:
            svg.text(cx + 10, cy + 30, f"{gold}g", font_size=10, text_anchor="middle",
                     fill="#9a7d0a", **NONE)  # fmt: skip


def _cards(svg: Svg, p: Entry, m: Marks, x: float, y: float, w: float, me: bool) -> float:
    """Crew, ship and cargo cards in front of a seat."""
    seat = int(p["seat"])
    flow = Flow(x + 8, y, w - 16, gap=6)
    spots = {int(sp["spot"]): sp for sp in p["spots"]}
    for card in p["crew"]:
        spot = CREW_SPOT0 + int(card["card"])
        chips = m.chips.get(spot, []) if me else []
        cx, cy = flow.place(CARD_W, 74 + (CHIP_ROW if chips else 0))
        _crew_card(svg, cx, cy, seat, card, spots.get(spot), m)
        _chips(svg, cx, cy + 76, chips, 6, m)
    for kind in p.get("ship_cards") or []:
        base = SHIP_SPOT0 + (0 if kind == "cutter" else 2)
        ship = [m.chips.get(base + k, []) if me else [] for k in (0, 1)]
        cx, cy = flow.place(CARD_W, 98 + (CHIP_ROW if any(ship) else 0))
        _ship_card(svg, cx, cy, seat, str(kind), spots, m)
        for k in (0, 1):
            _chips(svg, cx + 4 + k * (CARD_W / 2), cy + 100, ship[k], 3, m)
    for card in p.get("cargo") or []:
        cx, cy = flow.place(CARD_W, 52)
        _cargo_card(svg, cx, cy, seat, card, m)
    return flow.bottom + 6 if flow.bottom else y


def _crew_card(
    svg: Svg, x: float, y: float, seat: int, card: Entry, sp: Entry | None, m: Marks
) -> None:
    cid, key = int(card["card"]), str(card["crew"])
    kind, text = _crew_info().get(key, ("", ""))
    act = m.cards.get((seat, cid))
    w = CARD_W
    with svg.group(action=act, tip=m.both(act, f"{card['name']} ({kind}): {text}"),
                   data_card=cid, data_crew=key, data_owner=seat):  # fmt: skip
        _frame(svg, x, y, w, 72, "#fdf2e9", "#a04000", act)
        _card_head(svg, x, y, w, card, 0)
        room = w - 12 - (30 if sp is not None else 0)
        for n, line in enumerate(_wrap(CREW_SHORT.get(key, ""), room, SMALL, 3)):
            svg.text(x + 6, y + 40 + n * 14, line, font_size=SMALL)
    if sp is not None:
        spot = int(sp["spot"])
        hit = m.spots.get((seat, spot))
        damaged = "1" if sp["damaged"] else None
        with svg.group(action=hit, tip=m.tip(hit) or f"{card['name']}: die spot", data_spot=spot,
                       data_owner=seat, data_damaged=damaged):  # fmt: skip
            svg.rect(x + w - 31, y + 34, 27, 32, rx=4, fill="#f8f9f9",
                     stroke=HILITE if hit is not None else MUTED,
                     stroke_width=3 if hit is not None else 1)  # fmt: skip
            _spot_dice(svg, x + w - 27, y + 40, sp)


def _ship_card(
    svg: Svg, x: float, y: float, seat: int, kind: str, spots: Mapping[int, Entry], m: Marks
) -> None:
    w = CARD_W
    base = SHIP_SPOT0 + (0 if kind == "cutter" else 2)
    with svg.group(data_ship=kind, tip=SHIP_TEXT[kind]):
        svg.rect(x, y, w, 98, rx=6, fill="#ebf5fb", stroke=seat_color(seat), stroke_width=1.5)
        svg.text(x + 8, y + 17, f"the {kind}", font_size=13, font_weight="bold")
        for n, line in enumerate(_wrap(SHIP_TEXT[kind], w - 12, TINY, 2)):
            svg.text(x + 8, y + 32 + n * 13, line, font_size=TINY, fill=MUTED)
    for k, label in enumerate(("Sail", "Tailwind")):
        spot = base + k
        sp = spots.get(spot, {"spot": spot, "dice": [], "damaged": False})
        act = m.spots.get((seat, spot))
        sx, bw = x + 4 + k * (w / 2), w / 2 - 8
        damaged = "1" if sp["damaged"] else None
        with svg.group(action=act, tip=m.tip(act) or f"the {kind}'s {label} spot",
                       data_spot=spot, data_owner=seat, data_damaged=damaged):  # fmt: skip
            _frame(svg, sx, y + 50, bw, 44, "#f8f9f9", MUTED, act)
            svg.text(sx + bw / 2, y + 63, label, font_size=TINY, text_anchor="middle")
            _spot_dice(svg, sx + bw / 2 - 10, y + 68, sp)


def _cargo_card(svg: Svg, x: float, y: float, seat: int, card: Entry, m: Marks) -> None:
    cid = int(card["card"])
    act = m.cards.get((seat, cid))
    tip = m.both(
        act, f"cargo {card['cargo']} for a {card['cargo_symbol']} island (card {card['name']})"
    )
    with svg.group(action=act, tip=tip, data_card=cid, data_cargo=card["cargo"],
                   data_owner=seat):  # fmt: skip
        _frame(svg, x, y, CARD_W, 50, "#e8f8f5", "#117864", act)
        _cargo_line(svg, x + 8, y + 21, card)
        svg.text(x + 8, y + 41, f"card {card['name']}", font_size=TINY, fill=MUTED)


def _fleet(svg: Svg, p: Entry, x: float, y: float) -> float:
    color = seat_color(int(p["seat"]))
    patrols, forts = int(p.get("patrols_in_supply", 0)), int(p.get("forts_in_supply", 0))
    with svg.group(data_patrols=patrols, data_forts=forts):
        svg.text(x + 8, y + 14, "in supply:", font_size=SMALL)
        svg.polygon([(x + 78, y + 16), (x + 85, y + 2), (x + 92, y + 16)], fill=color)
        svg.text(x + 96, y + 14, f"patrols {patrols}/10", font_size=SMALL)
        svg.rect(x + 188, y + 3, 13, 13, fill=color)
        svg.text(x + 206, y + 14, f"forts {forts}/3", font_size=SMALL)
    return y + 22


def _union(
    svg: Svg, view: View, p: Entry, m: Marks, x: float, y: float, w: float, me: bool
) -> float:
    v = view["state"]
    seat = int(p["seat"])
    ready, supply = int(p.get("ready_allies", 0)), int(p.get("ally_supply", 0))
    with svg.group(data_ready=ready, tip="Ready allies: placed by Sail, Whisper and Uprising"):
        svg.rect(x + 8, y, 28, 17, rx=8, fill=ALLY, stroke=seat_color(seat), stroke_width=1.5)
        svg.text(x + 22, y + 13, str(ready), font_size=SMALL, text_anchor="middle",
                 font_weight="bold")  # fmt: skip
        svg.text(x + 42, y + 13, f"Ready allies · {supply} in supply · plan deck "
                 f"{v['plan_deck']}", font_size=SMALL)  # fmt: skip
    y += 24
    plans = list(p.get("plans") or [])
    count = int(p.get("plans_in_hand", 0))
    flow = Flow(x + 8, y + 18, w - 16, gap=6)
    if me and plans:
        svg.text(x + 8, y + 12, "your plans (secret):", font_size=SMALL, font_weight="bold")
        used: set[int] = set()
        for key in plans:
            ids = _plans().get(str(key), ("", "", "", ()))[3]
            cid = next((c for c in ids if c in m.plans and c not in used), None)
            if cid is not None:
                used.add(cid)
            px, py = flow.place(CARD_W, 62)
            _plan_card(svg, px, py, str(key), m.plans.get(cid) if cid is not None else None, m)
    elif count:
        svg.text(x + 8, y + 12, f"plans in hand: {count} (hidden)", font_size=SMALL)
        for _ in range(count):
            px, py = flow.place(40, 52)
            _card_back(svg, px, py, 40, 52, "plan", "", "a hidden Union plan")
    else:
        svg.text(x + 8, y + 12, "no plans in hand", font_size=SMALL, fill=MUTED)
    y = (flow.bottom or y + 14) + 6
    discard = [_plans().get(str(k), (str(k),))[0] for k in v.get("plan_discard") or []]
    if discard:
        lines = _wrap("discarded plans: " + ", ".join(discard), w - 16, SMALL, 3)
        for n, line in enumerate(lines):
            svg.text(x + 8, y + 12 + n * 14, line, font_size=SMALL, fill=MUTED)
        y += 14 * len(lines) + 4
    return y


def _plan_card(svg: Svg, x: float, y: float, key: str, act: int | None, m: Marks) -> None:
    name, timing, text, _ = _plans().get(key, (key, "", "", ()))
    w = CARD_W
    tip = m.both(act, f"{name} ({timing} plan): {text}")
    with svg.group(action=act, tip=tip, data_plan=key):
        _frame(svg, x, y, w, 60, "#f4ecf7", "#6c3483", act)
        svg.text(x + 6, y + 16, CUT.clip(name, w - 12, 13), font_size=13, font_weight="bold")
        for n, line in enumerate(_wrap(PLAN_SHORT.get(key, ""), w - 12, SMALL, 2)):
            svg.text(x + 6, y + 34 + n * 14, line, font_size=SMALL)


def _grid_text(space: Entry) -> str:
    kind, amount = str(space["kind"]), int(space.get("amount", 0))
    if kind in GRID_TEXT:
        return GRID_TEXT[kind]
    return f"repair {amount}" if kind == "repair" else f"{amount} {kind}"


def _smuggler(
    svg: Svg, view: View, p: Entry, m: Marks, x: float, y: float, w: float, me: bool
) -> float:
    v = view["state"]
    tokens = p.get("reward_tokens") or {"white": 4, "black": 4}
    gw, gh = 76.0, 22.0
    svg.text(x + 8, y + 12, "reward grid (○ white, ● black)", font_size=SMALL,
             font_weight="bold")  # fmt: skip
    for i, space in enumerate(v["reward_grid"]):
        gx, gy = x + 8 + (i % 3) * gw, y + 18 + (i // 3) * gh
        act = m.grid.get(i) if me else None
        white, black = tokens["white"] == i, tokens["black"] == i
        with svg.group(action=act, tip=m.both(act, _grid_text(space)), data_grid=i,
                       data_white="1" if white else None,
                       data_black="1" if black else None):  # fmt: skip
            fill = "#eaeded" if i == 4 else "#fef9e7"
            svg.rect(gx, gy, gw - 2, gh - 2, rx=3, fill=fill,
                     stroke=HILITE if act is not None else "#b7950b",
                     stroke_width=2.5 if act is not None else 1)  # fmt: skip
            svg.text(gx + 4, gy + 15, _grid_text(space), font_size=TINY)
            if white:
                svg.circle(gx + gw - 21, gy + 10, 6, fill=PAPER, stroke=INK, stroke_width=1.5)
            if black:
                svg.circle(gx + gw - 9, gy + 10, 6, fill=INK, stroke=INK)
    fx = x + 8 + 3 * gw + 12
    fw = x + w - 8 - fx
    svg.text(fx, y + 12, "favor tokens", font_size=SMALL, font_weight="bold")
    favor = p.get("favor")
    delivered = int(p.get("delivered", 0))
    if me and favor is not None:
        for k, token in enumerate(("fleet", "union")):
            cards = favor.get(token) or []
            _favor_box(svg, fx, y + 18 + k * 34, fw, token, cards, m.favor.get(k), m)
    else:
        with svg.group(data_delivered=delivered):
            svg.text(fx, y + 32, f"{delivered} delivered cards under them", font_size=SMALL)
            svg.text(fx, y + 48, "(which token: secret)", font_size=SMALL, fill=MUTED)
    return y + 18 + 3 * gh + 6


def _favor_box(
    svg: Svg, x: float, y: float, w: float, token: str, cards: Sequence[Entry], act: int | None,
    m: Marks,
) -> None:  # fmt: skip
    names = ", ".join(f"{c['name']} ({c['symbol']})" for c in cards) or "nothing yet"
    tip = m.both(act, f"under your {token.title()} favor token: {names}")
    with svg.group(action=act, tip=tip, data_favor=token, data_count=len(cards)):
        _frame(svg, x, y, w, 30, "#f2f3f4", MUTED, act)
        svg.text(x + 5, y + 13, f"under {token.title()} (secret): {len(cards)}", font_size=TINY,
                 font_weight="bold")  # fmt: skip
        svg.text(x + 5, y + 26, CUT.clip(names, w - 8, TINY), font_size=TINY, fill=MUTED)


# ------------------------------------------------------------------------------ entry
def render_svg(view: View) -> str:
    """The table as ``view['seat']`` sees it (see the module docstring)."""
    v = view["state"]
    seat = view.get("seat")
    who = "a spectator" if seat is None else seat_name(view.get("names"), seat)
    svg = AhoySvg(W, 100, title=f"Ahoy, round {v['round']}, as {who} sees it")
    marks = marks_for(view)
    top = _header(svg, view)
    top = _fame_part(svg, view, top)
    left = _map_part(svg, view, marks, top)
    left = _battle(svg, view, left + 4)
    left = _drawn_tile(svg, view, marks, left + 8)
    left = _market_part(svg, view, marks, left + 8)
    bottom = _players(svg, view, marks, left + 12, top + 6)
    svg.height = math.ceil(bottom)
    return svg.to_string()


# ------------------------------------------------------------------------------ parts drawn once
# The picture's big parts drawn once per what they read (svg.Parts): most recur from one move
# to the next, and in a spectator's and a waiting seat's pictures of the same position. A part
# that shows legal moves is drawn afresh (its key would have to hold the marks).
_PARTS = Parts(2048)


def _names(view: View) -> tuple[str, ...] | None:
    names = view.get("names")
    return None if names is None else tuple(names)


def _fame_part(svg: Svg, view: View, top: float) -> float:
    players = view["state"]["players"]
    key = ("fame", top, _names(view), tuple((p["seat"], p["fame"], p["faction"]) for p in players))
    result: float = _PARTS.draw(svg, key, _fame_track, svg, view, top)
    return result


def _map_part(svg: Svg, view: View, m: Marks, top: float) -> float:
    if m.cells or m.ghosts or m.tiles or m.figs or m.arrows or m.wealth or m.mover is not None:
        return _draw_map(svg, view, m, top)
    v = view["state"]
    seat = view.get("seat")
    mine = seat if any(f["owner"] == seat for f in v["figures"]) else None
    key = (
        "map",
        top,
        mine,
        _names(view),
        tuple((p["seat"], p["faction"]) for p in v["players"]),
        repr(v["cells"]),
        repr(v["regions"]),
        repr(v["figures"]),
        repr(v.get("fight")),
    )
    result: float = _PARTS.draw(svg, key, _draw_map, svg, view, m, top)
    return result


def _market_part(svg: Svg, view: View, m: Marks, top: float) -> float:
    if m.recruit or m.smuggle:
        return _market(svg, view, m, top)
    v = view["state"]
    key = (
        "market",
        top,
        repr(v["market"]),
        v["market_deck"],
        repr(v.get("removed") or []),
    )
    result: float = _PARTS.draw(svg, key, _market, svg, view, m, top)
    return result


def _player_part(
    svg: Svg, view: View, p: Entry, m: Marks, x: float, top: float, w: float
) -> float:  # fmt: skip
    seat = p["seat"]
    if m.labels and (
        seat == view.get("seat")
        or any(k[0] == seat for k in m.spots)
        or any(k[0] == seat for k in m.cards)
    ):  # legal moves are marked in the area (another seat's only on its spots and cards)
        return _player(svg, view, p, m, x, top, w)
    v = view["state"]
    key = (
        "player",
        x,
        top,
        w,
        seat == view.get("seat"),
        _names(view),
        v["first"],
        v["active"],
        bool(view.get("terminal")),
        v.get("plan_deck"),
        repr(v.get("plan_discard")),
        repr(v.get("reward_grid")),
        repr(p),
    )
    result: float = _PARTS.draw(svg, key, _player, svg, view, p, m, x, top, w)
    return result
