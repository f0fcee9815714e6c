"""Tiny Epic Pirates' components as Markdown, for the players' rules reference
(``docs/rules/tiny_epic_pirates.md``, written by ``scripts/rules_components.py``).

Everything is read from the default content (``content/*.json``) and the constants, so the
reference never drifts from the data the game plays with."""

from __future__ import annotations

from collections import Counter

from tabletide.games.tiny_epic_pirates.constants import (
    CREW_ROW,
    CUBES_PER_TYPE,
    MAX_CARGO,
    MAX_CREW,
    MAX_GOLD,
    MAX_VOLLEY,
    MERCHANT_COLOURS,
    START_GOLD,
    START_HANDS,
    TREASURES,
)
from tabletide.games.tiny_epic_pirates.content import (
    LOOT,
    ORDERS,
    BonusAction,
    BonusRow,
    CardFace,
    Content,
    MapCard,
    load_content,
)

_TOKENS = {
    "gold2": "gain 2 gold (instant)",
    "gold3": "gain 3 gold (instant)",
    "volley": "gain 1 accurate volley token (instant)",
    "loot": "draw 1 loot cube from the bag (instant)",
    "sail2": "+2 sail moves once, later (kept)",
    "storm": "enter 1 storm card without listing, later (kept)",
}


def markdown(content: Content | None = None) -> str:
    """The components listing: fixed counts, then every stand-in card, sheet and token."""
    c = content or load_content()
    parts = [
        _counts(c),
        _sea(c),
        _tokens(c),
        _captains(c),
        _crew(c),
        _merchants(c),
        _infamy(c),
        _solo(c),
    ]
    return "\n\n".join(parts) + "\n"


def _counts(c: Content) -> str:
    lines = [
        "**Fixed counts** (from the rules):",
        "",
        f"- {len(c.map_cards)} map cards in a 4×4 sea; 2 ports; {len(MERCHANT_COLOURS)} merchant "
        f"ships ({', '.join(MERCHANT_COLOURS)}); 1 Royal Navy ship.",
        f"- Per player: 1 pirate ship, 1 captain pawn, {sum(START_HANDS) + 1} deckhands, "
        f"{TREASURES} treasures, "
        f"{len(ORDERS) - 1} order tokens ({', '.join(o.title() for o in ORDERS[1:])}; Hide is "
        f"printed on helm space 0), 1 infamy sheet, 1 bridge sheet, 1 captain card, "
        f"1 gold doubloon starting on {START_GOLD}.",
        f"- {CUBES_PER_TYPE * len(LOOT)} loot cubes, {CUBES_PER_TYPE} of each type: "
        f"{', '.join(LOOT)}; 1 loot bag; 1 market sheet with prices 5, 4, 3, 2.",
        # 4 players x the cap of 3 tokens; as many dice as the top infamy level rolls.
        f"- {MAX_VOLLEY * 4} accurate volley tokens; {max(lv.dice for lv in c.sheets.infamy)} "
        f"dice; a crew row of {CREW_ROW} cards.",
        f"- Limits: gold {MAX_GOLD}, loot aboard {MAX_CARGO}, volley tokens {MAX_VOLLEY}, "
        f"crew cards {MAX_CREW}.",
    ]
    return "\n".join(lines)


def _features(card: MapCard) -> str:
    bits = []
    if card.colony:
        bits.append(f"colony ({card.colony} loot)")
    if card.market:
        bits.append(f"{card.market} market")
    if card.cove:
        bits.append("cove")
    if card.storm:
        bits.append("storm")
    return ", ".join(bits) or "—"


def _sea(c: Content) -> str:
    lines = [
        f"**Map cards ({len(c.map_cards)})**, shuffled into the grid every game:",
        "",
        "| card | features | burial spots (gold) |",
        "|---|---|---|",
    ]
    for card in c.map_cards:
        spots = ", ".join(str(x) for x in card.burial) or "—"
        lines.append(f"| {card.name} | {_features(card)} | {spots} |")
    return "\n".join(lines)


def _tokens(c: Content) -> str:
    counts: dict[str, int] = {k: v for k, v in c.search_tokens.counts.items()}
    lines = [
        f"**Search tokens ({c.search_tokens.total}**; {len(c.map_cards)} go on the sea, "
        "the rest stay unseen in the box):",
        "",
    ]
    for kind, text in _TOKENS.items():
        lines.append(f"- {counts.get(kind, 0)} × {text}")
    return "\n".join(lines)


def _action(act: BonusAction) -> str:
    kind = act.kind
    if kind == "gold":
        return f"gain {act.amount} gold"
    if kind == "special_trade":
        return f"special trade {' + '.join(act.loot)} → {act.amount} gold"
    if kind in ("sail_navy", "sail_merchant"):
        return f"sail the {kind[5:]} up to {act.amount}"
    if kind == "reroll":
        return "reroll " + " or ".join(f"{f}s" for f in act.faces)
    if kind in ORDERS:
        return f"{kind} (copy of the order)"
    return kind.replace("_", " ")


def _row(row: BonusRow | None) -> str:
    if row is None:
        return "—"
    return f"**{row.trigger}** → " + ", then ".join(_action(a) for a in row.actions)


def _fight(face: CardFace) -> tuple[str, str]:
    return " ".join(str(d) for d in face.dice) or "—", str(face.hits) if face.hits else "—"


def _captains(c: Content) -> str:
    lines = [
        f"**Captain cards ({len(c.captains)}, two sides each).** Dice = the die faces that "
        "deal damage; the bonus row is active when the captain stands on its order.",
        "",
        "| captain | side | dice | hits | bonus row |",
        "|---|---|---|---|---|",
    ]
    for cap in c.captains:
        for i, side in enumerate(cap.sides):
            dice, hits = _fight(side)
            name = cap.name if i == 0 else ""
            lines.append(f"| {name} | {'AB'[i]} | {dice} | {hits} | {_row(side.bonus)} |")
    return "\n".join(lines)


def _crew(c: Content) -> str:
    lines = [
        f"**Crew cards ({len(c.crew)}).**",
        "",
        "| crew | dice | hits | bonus row |",
        "|---|---|---|---|",
    ]
    for cr in c.crew:
        dice, hits = _fight(cr.face)
        lines.append(f"| {cr.name} | {dice} | {hits} | {_row(cr.face.bonus)} |")
    return "\n".join(lines)


def _merchants(c: Content) -> str:
    groups = Counter((m.value, m.damage, m.gold, m.infamy_upto) for m in c.merchants)
    lines = [
        f"**Merchant cards ({len(c.merchants)}).** Damage = what you must beat; infamy = "
        "sinking it raises your infamy in games of that many players.",
        "",
        "| value | cards | damage | gold | infamy |",
        "|---|---|---|---|---|",
    ]
    for (value, dmg, gold, upto), n in sorted(groups.items()):
        infamy = f"1–{upto} players" if upto else "—"
        lines.append(f"| {value} | {n} | {dmg} | {gold} | {infamy} |")
    return "\n".join(lines)


def _infamy(c: Content) -> str:
    sheets = c.sheets
    lines = [
        "**Infamy track** (bottom to top; the bonus is gained once, on reaching the level):",
        "",
        "| level | sail moves | attack dice | bonus |",
        "|---|---|---|---|",
    ]
    for i, lvl in enumerate(sheets.infamy):
        bonus = []
        if lvl.gold:
            bonus.append(f"{lvl.gold} gold")
        if lvl.deckhand:
            bonus.append("your 4th deckhand")
        if lvl.volley:
            bonus.append(f"{lvl.volley} volley token")
        text = ", ".join(bonus) or ("start" if i == 0 else "—")
        lines.append(f"| {lvl.name} | {lvl.sail} | {lvl.dice} | {text} |")
    moves = ", ".join(str(m) for m in sheets.navy_moves)
    lines += [
        "",
        f"**Royal Navy moves** per crossing, by the active player's buried treasures "
        f"0/1/2/3: {moves} cards.",
    ]
    return "\n".join(lines)


def _solo(c: Content) -> str:
    lines = [
        "**Legendary Pirate: solo bridge sheets** (helm space k is die face k; its target "
        "is printed beside it):",
        "",
        "| captain | targets of spaces 1–5 | dice | bonuses |",
        "|---|---|---|---|",
    ]
    for b in c.solo_bridges:
        bonuses = "; ".join(
            f"{x.trigger}: "
            + ", ".join(
                t
                for t in (
                    f"+{x.sail} sail" if x.sail else "",
                    f"+{x.hits} hit" if x.hits else "",
                    f"+{x.gold} gold" if x.gold else "",
                )
                if t
            )
            for x in b.bonuses
        )
        dice = " ".join(str(d) for d in b.dice)
        lines.append(f"| {b.name} | {', '.join(b.targets)} | {dice} | {bonuses or '—'} |")
    lines += [
        "",
        "**Legendary Pirate: solo infamy sheets** (action track walked on a 6; levels = "
        "dice/sail/hits for 0, 1, 2, 3 buried treasures; it buries when its gold reaches the "
        "top of its track):",
        "",
        "| personality | action track | levels | bury at |",
        "|---|---|---|---|",
    ]
    for sheet in c.solo_infamy:
        track = " · ".join(
            "+".join(sp.orders) + (f" (+{sp.hits} hit)" if sp.hits else "") for sp in sheet.track
        )
        levels = ", ".join(f"{lv.dice}/{lv.sail}/{lv.hits}" for lv in sheet.levels)
        lines.append(f"| {sheet.name} | {track} | {levels} | {sheet.gold_track} |")
    return "\n".join(lines)
