"""Pirates of Maracaibo's components as Markdown, for the players' rules reference
(``docs/rules/maracaibo.md``, ``scripts/rules_components.py``).

Everything is read from the content files (``content/*.json`` through ``load_content``) and
the constants, so the reference lists exactly the cards, boards and tiles the game plays with.
"""

from __future__ import annotations

from tabletide.games.maracaibo.constants import (
    COLUMNS,
    FIGUREHEAD_COST,
    FIGUREHEAD_EXTRA,
    GAIN_CARD_SURCHARGE,
    ISLAND_START,
    MOVES,
    QUEST_SELL,
    ROUNDS,
    ROWS,
    SMUGGLER_TILES,
    SOLO_FIGUREHEADS,
    START_DOUBLOONS,
    UPGRADE_SPACE_DOUBLOONS,
)
from tabletide.games.maracaibo.content import COLORS, Card, Content, Score, load_content
from tabletide.games.maracaibo.present.words import (
    COUNTED_WORDS,
    describe_all,
    describe_perm,
    describe_slot,
)

_SOLO_WORDS = {
    "upgrade": "upgrade card",
    "gain_upgrade": "gain upgrade",
    "ship_upgrade": "ship upgrade",
    "raid": "raid",
    "explore": "explore",
    "quest": "quest",
}


def _cell(text: str) -> str:
    return text.replace("|", "/").replace("\n", " ")


def _score(sc: Score) -> str:
    each = f"{sc.each} " if sc.each > 1 else ""
    cap = f" (max {sc.cap})" if sc.cap else ""
    return f"{sc.vp} VP per {each}{COUNTED_WORDS[sc.per]}{cap}"


def _actions(card: Card) -> str:
    return " ; ".join(" / ".join(describe_all(alt) for alt in alts) for alts in card.actions)


def _income(card: Card) -> str:
    parts = []
    if card.income_d:
        parts.append(f"{card.income_d} d")
    if card.income_vp:
        parts.append(f"{card.income_vp} VP")
    return ", ".join(parts) or "–"


def _counts(c: Content) -> list[str]:
    level1 = [x for x in c.cards if x.level == 1]
    by_type = {t: sum(x.type == t for x in level1) for t in ("location", "residence", "upgrade")}
    start = ", ".join(str(d) for d in START_DOUBLOONS)
    return [
        "### Counts",
        "",
        f"- {ROUNDS} rounds; the Caribbean is {COLUMNS} columns by {ROWS} rows.",
        f"- Level I: {len(level1)} cards ({by_type['location']} locations, "
        f"{by_type['residence']} residences, {by_type['upgrade']} upgrade cards); "
        f"level II: {len(c.cards) - len(level1)} cards.",
        f"- {len(c.quests)} quest cards, {len(c.figureheads)} figureheads, "
        f"{len(c.refill_tiles)} treasure refill tiles "
        f"({', '.join(f'{c.refill_tiles.count(k)} {k}' for k in COLORS)}).",
        f"- {SMUGGLER_TILES} smuggler tiles per player; {ISLAND_START} cubes on each treasure "
        f"island at the start.",
        f"- Starting doubloons in turn order: {start}.",
        f"- Figurehead offer: players + {FIGUREHEAD_EXTRA} (solo {SOLO_FIGUREHEADS}); a "
        f"figurehead costs {FIGUREHEAD_COST} doubloons.",
        f"- A ship sails up to {MOVES} spaces; an upgrade-card space pays "
        f"{UPGRADE_SPACE_DOUBLOONS} doubloons instead of the card; gaining a card from "
        f"anywhere costs +{GAIN_CARD_SURCHARGE}; a quest may be discarded for {QUEST_SELL}.",
    ]


def _layouts(c: Content) -> list[str]:
    out = [
        "### Caribbean layouts",
        "",
        "`C` card slot, `G`/`E`/`P` the gold, emerald and pearl islands, `.` water; "
        "columns 1–9 left to right, the start area left of column 1, the Bay and Maracaibo "
        "right of column 9. The first layout is the default.",
        "",
    ]
    for layout in c.layouts:
        out += [f"`{layout.name}`:", "", "```", *layout.rows, "```", ""]
    return out[:-1]


def _locations(c: Content) -> list[str]:
    out = [
        "### Locations",
        "",
        'Actions: groups separated by ";" (each once, any order), alternatives by "/".',
        "",
        "| name | level | refill | actions |",
        "|---|---|---|---|",
    ]
    for card in c.cards:
        if card.type == "location":
            refill = "yes" if card.refill else "–"
            out.append(f"| {card.name} | {card.level} | {refill} | {_cell(_actions(card))} |")
    return out


def _residences(c: Content) -> list[str]:
    out = ["### Residences", "", "| name | cost | end of game |", "|---|---|---|"]
    for card in c.cards:
        if card.type == "residence" and card.condition is not None:
            out.append(f"| {card.name} | {card.cost} | {_score(card.condition)} |")
    return out


def _upgrades(c: Content) -> list[str]:
    out = [
        "### Upgrade cards",
        "",
        "Cost before discounts; VP in the corner; income per income phase (d = doubloons).",
        "",
        "| name | level | category | cost | VP | income | what it does |",
        "|---|---|---|---|---|---|---|",
    ]
    for card in c.cards:
        if card.type == "upgrade":
            out.append(
                f"| {card.name} | {card.level} | {card.category} | {card.cost} | {card.vp} "
                f"| {_income(card)} | {_cell(card.text)} |"
            )
    return out


def _ship(c: Content) -> list[str]:
    t = c.ship.thresholds
    out = [
        "### Ship board",
        "",
        f"Thresholds: zone 1 needs {t[0]} cubes left of it, zone 2 needs {t[1]}, zone 3 "
        f"needs {t[2]}. Standard raid actions: "
        + "; ".join(describe_perm(p).removeprefix("raid action: ") for p in c.ship.raid_actions)
        + ".",
        "",
        "| slot | zone | benefit | kind |",
        "|---|---|---|---|",
    ]
    for i, slot in enumerate(c.ship.slots):
        kind = "permanent" if slot.permanent else "one-time"
        out.append(f"| {i + 1} | {slot.zone} | {_cell(describe_slot(slot))} | {kind} |")
    return out


def _hideout(c: Content) -> list[str]:
    out = [
        "### Pirate hideout",
        "",
        "| section | bonus spaces (above the line) | buried-treasure spaces (below) |",
        "|---|---|---|",
    ]
    for color in COLORS:
        sec = c.hideout.section(color)
        bonus = " · ".join(describe_all(b) for b in sec.bonus)
        buried = " · ".join(describe_all(b) for b in sec.buried)
        out.append(f"| {color} | {bonus} | {buried} |")
    return out


def _track(c: Content) -> list[str]:
    out = [
        "### Exploration track",
        "",
        f"Space 0 is the start; the Retirement tile lies on space {c.track.retirement}. "
        "A river crossing is marked ≈ with the river's number.",
        "",
        "| space | effect | arrows to |",
        "|---|---|---|",
    ]
    for sp in c.track.spaces:
        arrows = []
        for t in sp.next:
            if t in sp.river:
                arrows.append(f"{t} (≈R{sp.river_no[sp.river.index(t)] + 1})")
            else:
                arrows.append(str(t))
        effect = describe_all(sp.effects) if sp.effects else "–"
        out.append(f"| {sp.id} | {_cell(effect)} | {', '.join(arrows) or 'end'} |")
    return out


def _tiles(c: Content) -> list[str]:
    out = ["### Smuggler tiles", "", "| tile | one side | other side |", "|---|---|---|"]
    for i, (a, b) in enumerate(c.smugglers):
        out.append(f"| {i + 1} | {_cell(a.text)} | {_cell(b.text)} |")
    out += ["", "### Figureheads", "", "| letter | name | what it does |", "|---|---|---|"]
    for f in c.figureheads:
        out.append(f"| {f.letter} | {f.name} | {_cell(f.text)} |")
    return out


def _quests(c: Content) -> list[str]:
    out = [
        "### Quest cards",
        "",
        "Type = the condition type (1–17); a quest scores the VP of the higher level it meets.",
        "",
        "| quest (lower / higher level) | type | VP lower | VP higher |",
        "|---|---|---|---|",
    ]
    for q in c.quests:
        out.append(f"| {_cell(q.text)} | {q.type} | {q.low.vp} | {q.high.vp} |")
    return out


def _places(c: Content) -> list[str]:
    bay = " ; ".join(" / ".join(describe_all(a) for a in alts) for alts in c.places.bay)
    market = " · ".join(describe_all(m) for m in c.places.ruby_market)
    return [
        "### The Bay, Maracaibo and the ruby market",
        "",
        f"- Bay: {bay}.",
        f"- Maracaibo: {describe_all(c.places.maracaibo)}.",
        f"- Ruby market spaces: {market}; once all are taken a ruby sells for "
        f"{c.places.ruby_sold_out_vp} VP.",
    ]


def _solo(c: Content) -> list[str]:
    s = c.solo
    out = [
        "### John Silver",
        "",
        "| card | deck | main actions (top first) | card categories | bonus |",
        "|---|---|---|---|---|",
    ]
    for card in s.cards:
        acts = ", ".join(_SOLO_WORDS.get(a, a) for a in card.actions)
        cats = ", ".join(card.categories) or "–"
        bonus = _SOLO_WORDS.get(card.bonus or "", "–")
        out.append(f"| {card.id} | {card.deck} | {acts} | {cats} | {bonus} |")
    board = " · ".join("/".join(col) for col in s.board)
    out += [
        "",
        f"- Solo ship board, columns left to right (each top/bottom): {board}.",
        f"- Raid & exploration board, level of each space: {', '.join(map(str, s.levels))}.",
        f"- Treasure roll of 1–3 takes the island with the {s.low_roll} cubes; John explores "
        f"{s.bay_explore} in the Bay and {s.bonus_explore} as a bonus action.",
    ]
    return out


def markdown() -> str:
    """The components of the default content, as Markdown sections (### headings)."""
    c = load_content()
    parts = [
        _counts(c),
        _layouts(c),
        _locations(c),
        _residences(c),
        _upgrades(c),
        _ship(c),
        _hideout(c),
        _track(c),
        _tiles(c),
        _quests(c),
        _places(c),
        _solo(c),
    ]
    return "\n\n".join("\n".join(p) for p in parts) + "\n"
