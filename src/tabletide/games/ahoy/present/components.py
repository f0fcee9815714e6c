"""Ahoy's components as Markdown for the rules reference (``docs/rules/ahoy.md``), listed from
the content files (``content/*.json``) and the fixed numbers of ``constants``: nothing here is
typed by hand, so the reference cannot drift from the data."""

from __future__ import annotations

from tabletide.games.ahoy.constants import (
    ALLY_TOKENS,
    CARGO_LIMIT,
    FORTS,
    GOLD_TOKENS,
    MARKET_SIZE,
    PATROLS,
    START_ALLIES_ON_MAP,
    START_GOLD,
    START_PLANS,
    START_READY,
)
from tabletide.games.ahoy.content import CREW_KEYS, PLAN_KEYS, Cell, Content, load_content

_NEED = {"any": "any die", "even": "even (2, 4, 6)", "5-6": "5 or 6"}
_ACTION = {"fast_sail": "Fast Sail", "whisper": "Whisper Campaign"}
_COST = {0: "a die", 1: "1 gold", 2: "2 gold"}
_GRID_ROWS = ("top", "middle", "bottom")


def _cell(cell: Cell) -> str:
    if cell.terrain == "island":
        return f"**{cell.symbol} island**"
    parts = [
        {
            "open": "treasure" if cell.gold else "open",
            "wreck": "wreck",
            "harbor": "harbor",
            "fog": "fog",
            "current": f"current {cell.current}",
        }[cell.terrain]
    ]
    if cell.gold:
        parts[0] += f" {cell.gold}g"
    if cell.tailwind:
        parts.append(f"tw{cell.tailwind}")
    return " · ".join(parts)


def _reward(kind: str, amount: int) -> str:
    return {
        "none": "*start (nothing)*",
        "gold": f"{amount} gold",
        "fame": f"{amount} fame",
        "tile": "add a region tile",
        "recruit": "recruit 1 crew free",
        "repair": f"repair {amount}",
    }[kind]


def _counts(c: Content) -> list[str]:
    dice = {b.faction: b.dice for b in c.boards}
    plans = sum(p.count for p in c.plans)
    return [
        "| component | count |",
        "|---|---|",
        f"| region tiles (2×2 spaces, one island each) | {len(c.regions)} |",
        f"| marketplace cards (crew above, cargo below) | {len(c.market)} |",
        f"| plan cards (Union) | {plans} |",
        f"| action dice | Fleet {dice['fleet']}, Union {dice['union']}, "
        f"each Smuggler {dice['smuggler']} |",
        f"| patrols / forts (Fleet) | {PATROLS} / {FORTS} |",
        f"| ally tokens (Union) | {ALLY_TOKENS} |",
        f"| gold tokens in the bank | {GOLD_TOKENS} |",
        f"| market display | {MARKET_SIZE} cards face up |",
        f"| Smuggler cargo limit | {CARGO_LIMIT} cards |",
        f"| start: gold each / Union plans / Ready allies / allies on the island | "
        f"{START_GOLD} / {START_PLANS} / {START_READY} / {START_ALLIES_ON_MAP} |",
    ]


def _boards(c: Content) -> list[str]:
    out = ["| faction | dice | die spots (requirement) |", "|---|---|---|"]
    for b in c.boards:
        spots = []
        for sp in b.spots:
            name = _ACTION.get(sp.action, sp.action.replace("_", " ").title())
            need = _NEED.get(sp.need, f"exactly {sp.need}")
            extra = ", dashed" if sp.dashed else ""
            extra += f", holds {sp.capacity} dice" if sp.capacity > 1 else ""
            spots.append(f"{name} ({need}{extra})")
        out.append(f"| {b.faction.title()} | {b.dice} | {'; '.join(spots)} |")
    return out


def _grid(c: Content) -> list[str]:
    g = c.reward_grid.spaces
    out = ["|   | left | middle | right |", "|---|---|---|---|"]
    for r, row in enumerate(_GRID_ROWS):
        cells = [_reward(g[3 * r + k].kind, g[3 * r + k].amount) for k in range(3)]
        out.append(f"| {row} | {' | '.join(cells)} |")
    return out


def _regions(c: Content) -> list[str]:
    out = [
        "| tile | name | top-left | top-right | bottom-left | bottom-right | sandbars |",
        "|---|---|---|---|---|---|---|",
    ]
    for t in c.regions:
        cells = " | ".join(_cell(x) for x in t.cells)
        bars = ", ".join(t.sandbars) or "—"
        out.append(f"| {t.id} | {t.name} | {cells} | {bars} |")
    return out


def _crew(c: Content) -> list[str]:
    cards: dict[str, list[str]] = {}
    for m in c.market:
        cards.setdefault(m.crew, []).append(
            f"{m.symbol}, {_COST[m.cost]}, {m.cargo} → {m.cargo_symbol}"
        )
    kind = {"passive": "passive", "die": "action, die on the card", "free": "action, no die"}
    out = [
        "| rule | crew | kind | card: symbol, cost, cargo → delivered to | what it does |",
        "|---|---|---|---|---|",
    ]
    for n, crew in enumerate(c.crew):
        assert crew.key == CREW_KEYS[n]
        out.append(
            f"| [AH-A.{n + 1}] | {crew.name} | {kind[crew.kind]} | "
            f"{'; '.join(cards[crew.key])} | {crew.text} |"
        )
    return out


def _plans(c: Content) -> list[str]:
    out = ["| rule | plan | cards | played | what it does |", "|---|---|---|---|---|"]
    for n, p in enumerate(c.plans):
        assert p.key == PLAN_KEYS[n]
        when = "as an action" if p.timing == "action" else "at the start of a battle"
        out.append(f"| [AH-B.{n + 1}] | {p.name} | {p.count} | {when} | {p.text} |")
    return out


def markdown() -> str:
    """The components of the default content as Markdown."""
    c = load_content()
    parts = [
        "**Counts**",
        "",
        *_counts(c),
        "",
        "**Player boards** (one die spot per action; a dashed spot cannot be damaged)",
        "",
        *_boards(c),
        "",
        "**The Smugglers' reward grid** (both tokens start in the middle)",
        "",
        *_grid(c),
        "",
        "**Region tiles** (printed orientation, north up; `tw4` a tailwind symbol 4, `2g` a "
        "treasure of 2 gold, `current W` a strong current pushing west; a sandbar named `top` "
        "lies between the two top spaces, and so on)",
        "",
        *_regions(c),
        "",
        "**Crew** (the top of the marketplace cards; Persuasive Officer and Persuasive Ally are "
        "on two cards each)",
        "",
        *_crew(c),
        "",
        "**Plans** (the Union's deck)",
        "",
        *_plans(c),
    ]
    return "\n".join(parts) + "\n"
