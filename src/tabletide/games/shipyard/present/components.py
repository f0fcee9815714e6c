"""Shipyard's components as Markdown, listed from the content files (``content/*.json``) and
the constants, for the players' rules reference (``docs/rules/shipyard.md``,
``scripts/rules_components.py``). Nothing here is typed by hand: change the data and the
listing follows."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tabletide.games.shipyard.constants import (
    BONUS_PRICE,
    CONTRACTS_PER_COLOUR,
    FIGURES,
    NUM_TILES,
    OFFER_ROWS,
    START_COINS,
    SUBSIDY,
    SUBSIDY_COINS,
    TILE_NAMES,
)
from tabletide.games.shipyard.content import (
    SHAPES,
    Contract,
    Employee,
    Part,
    load_content,
)


def markdown() -> str:
    """Every component of the default content, as Markdown tables."""
    c = load_content()
    out: list[str] = []
    out += _counts()
    out += _board()
    out += _parts(c.parts)
    out += _canals()
    out += _wagons()
    out += _employees(c.employees)
    out += _contracts(c.contracts)
    return "\n".join(out).strip() + "\n"


def _table(head: tuple[str, ...], rows: Sequence[tuple[object, ...]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(x) for x in row) + " |" for row in rows]
    return [*lines, ""]


def _counts() -> list[str]:
    c = load_content()
    types = Counter(p.type for p in c.parts)
    colours = Counter(k.colour for k in c.contracts)
    tiles = ", ".join(TILE_NAMES[:NUM_TILES])
    figures = ", ".join(f"{n} with {k} players" for k, n in sorted(FIGURES.items()))
    rows: list[tuple[object, ...]] = [
        ("Action tiles", NUM_TILES, f"{tiles} ({TILE_NAMES[SUBSIDY]} only with 4 players)"),
        (
            "Ship parts",
            len(c.parts),
            f"{types['bow']} bows, {types['middle']} middle parts, {types['stern']} sterns",
        ),
        ("Canal cards", len(c.canals), "see the canal table"),
        (
            "Goods wagon tiles",
            len(c.wagons.deck),
            "plus one starting tile per player with " + ", ".join(c.wagons.starting.goods),
        ),
        ("Employees", len(c.employees), "distinct; each twice with 3-4 players, once with 2"),
        (
            "Government contracts",
            len(c.contracts),
            f"{colours['blue']} blue, {colours['green']} green; "
            f"{CONTRACTS_PER_COLOUR} of each colour dealt to every player",
        ),
        ("Action figures per player", "", figures),
        ("Starting coins per player", START_COINS, "coins are unlimited"),
        ("Bonus action", BONUS_PRICE, "coins, at most one a turn"),
        ("Subsidy", SUBSIDY_COINS, "coins from the bank"),
    ]
    return ["### Counts", "", *_table(("Component", "Count", "Notes"), rows)]


def _board() -> list[str]:
    b = load_content().board
    rows: list[tuple[object, ...]] = [
        ("Spaces on the action track", b.track_spaces),
        ("Spaces in each player's shipyard", b.shipyard_spaces),
        ("Rows in each offer column (bottom first)", OFFER_ROWS),
        ("Ship-part prices by row", ", ".join(map(str, b.part_prices))),
        ("Wagon prices by row", ", ".join(map(str, b.wagon_prices))),
        ("Canal prices by row", ", ".join(map(str, b.canal_prices))),
        ("Equipment circle (clockwise)", " → ".join(b.equipment_circle)),
        ("Crew circle (clockwise)", " → ".join(b.crew_circle)),
        ("Spaces on the employee oval", b.oval_spaces),
        ("Farthest a canal may lie from the boat's card", b.canal_reach),
    ]
    out = ["### Board", "", *_table(("Area", "Value"), rows)]
    goods = tuple(b.exchange_swaps)
    prices = [(n + 1, *(space[g] for g in goods)) for n, space in enumerate(b.exchange_prices)]
    out += [
        "Stock-exchange hexagon, clockwise from the start space (coins per wagon):",
        "",
        *_table(("Space", *goods), prices),
    ]
    swaps = [(g, ", ".join(b.exchange_swaps[g])) for g in goods]
    out += ["Swaps offered in the hexagon's centre:", "", *_table(("Goods", "Swap for"), swaps)]
    return out


def _part_features(p: Part) -> str:
    m = p.mounts
    bits = [
        f"{n} {name}{'s' if n > 1 else ''}"
        for n, name in (
            (p.cabins, "cabin"),
            (m.sail_funnel, "sail/funnel mount"),
            (m.propeller, "propeller mount"),
            (m.crane, "crane mount"),
            (m.cannon, "cannon mount"),
            (p.lifebuoys, "lifebuoy"),
            (p.lifeboats, "lifeboat"),
            (p.lanterns, "lantern"),
        )
        if n
    ]
    return ", ".join(bits) or "nothing"


def _parts(parts: tuple[Part, ...]) -> list[str]:
    out = [
        "### Ship parts",
        "",
        "Identical parts share a row. Middle parts belong to back group A or B.",
        "",
    ]
    for kind in ("bow", "middle", "stern"):
        groups: dict[tuple[str, str], list[int]] = {}
        for p in parts:
            if p.type == kind:
                groups.setdefault((p.group or "", _part_features(p)), []).append(p.id)
        rows: list[tuple[object, ...]] = [
            (_ids(ids), len(ids), *((group,) if kind == "middle" else ()), what)
            for (group, what), ids in groups.items()
        ]
        head = ("Ids", "Count", *(("Group",) if kind == "middle" else ()), "Printed on it")
        out += [f"{kind.capitalize()}s:", "", *_table(head, rows)]
    return out


def _ids(ids: list[int]) -> str:
    """``3, 4, 5, 9`` as ``3-5, 9``."""
    runs: list[list[int]] = []
    for i in ids:
        if runs and runs[-1][-1] + 1 == i:
            runs[-1].append(i)
        else:
            runs.append([i])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def _canals() -> list[str]:
    c = load_content()
    shapes = {
        "straight": "two ends, opposite",
        "bend": "two ends, at a corner",
        "fork": "three ends, a junction",
    }
    rows: list[tuple[object, ...]] = [
        (k.id, k.shape, SHAPES[k.shape].spaces, " · ".join(k.spaces)) for k in c.canals
    ]
    out = ["### Canal cards", ""]
    out += [f"- **{name}**: {shapes[name]}" for name in SHAPES]
    out += ["", *_table(("Card", "Shape", "Water spaces", "Symbols, end to end"), rows)]
    return out


def _wagons() -> list[str]:
    w = load_content().wagons
    rows: list[tuple[object, ...]] = [(t.id, " + ".join(t.goods)) for t in w.deck]
    rows.append(("starting tile", " + ".join(w.starting.goods)))
    return ["### Goods wagon tiles", "", *_table(("Tile", "Wagons"), rows)]


def employee_effect(e: Employee, surcharge: bool = True) -> str:
    """An employee's effect in a few words (also the components listing's); ``surcharge``:
    mention the extra hiring coin of Engineers and Recruiters."""
    extra = "; costs 1 coin more to hire" if surcharge else ""
    if e.role == "engineer":
        return f"+1 {e.item} with every Equipment production{extra}"
    if e.role == "recruiter":
        return f"+1 {e.item} with every Crew recruitment{extra}"
    if e.role == "designer":
        what = "1 propeller" if e.item == "propeller" else f"2 {e.item}s"
        return f"up to {what} per ship without a cabin or mount point"
    if e.role == "helmsman":
        return "+1 speed for every ship"
    if e.role == "rigger":
        return "+1 speed per pair of sails on a ship"
    if e.role == "accountant":
        return "1 or 2 extra free steps on the equipment and crew circles"
    if e.role == "foreman":
        return "up to 3 extra free steps on the employee oval"
    need = " (needs level 1 first)" if e.level == 2 else ""
    return f"+1 coin per {e.goods} sold{need}; {e.vp} VP at the end"


def _employees(employees: tuple[Employee, ...]) -> list[str]:
    rows: list[tuple[object, ...]] = []
    for e in employees:
        name = e.role if e.role != "merchant" else f"merchant {e.goods} level {e.level}"
        rows.append((e.id, name, e.colour, employee_effect(e)))
    return ["### Employees", "", *_table(("Id", "Employee", "Colour", "Effect"), rows)]


def _contracts(contracts: tuple[Contract, ...]) -> list[str]:
    rows: list[tuple[object, ...]] = []
    for k in contracts:
        table = ""
        if k.measure == "table":
            table = ", ".join(map(str, k.table))
            if k.beyond:
                table += f"; +{k.beyond} each beyond"
        rows.append((k.id, k.colour, k.text, table))
    head = ("Card", "Colour", "Scores", "VP for 0, 1, 2, …")
    return ["### Government contracts", "", *_table(head, rows)]
