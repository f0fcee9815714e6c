"""Empires of the North's components as Markdown, for the rules reference
(``docs/rules/empires_north.md``, ``scripts/rules_components.py``): the fixed counts of the
rules (``constants``) and every clan and island card of the default content, read from
``content/`` so that the reference never drifts from the data."""

from __future__ import annotations

from tabletide.games.empires_north.constants import (
    DECK_SIZE,
    DISC_MOVE_COST,
    DISCS,
    END_VP,
    FACE_UP,
    LOOKOUT_DRAW,
    MAX_SHIPS,
    OPENING_DRAW,
    OPENING_KEEP,
    RESOURCES,
    START_LOCATIONS,
    START_SHIPS,
    START_WORKERS,
    TILES,
)
from tabletide.games.empires_north.content import Card, Content, load_content

_KIND = {
    "production": "production",
    "upgrade": "upgrade only",
    "flex": "production or upgrade",
    "feature": "feature",
    "action": "action",
    "boost": "boost",
}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _row(card: Card) -> str:
    kind = "starting location" if card.start else _KIND.get(card.type, card.type)
    icons = ", ".join(card.icons) or "–"
    return f"| {_cell(card.name)} | {card.copies} | {kind} | {icons} | {_cell(card.text)} |"


def _fixed(content: Content) -> list[str]:
    tiles = ", ".join(t.upper() for t in TILES)
    islands = [c for c in content.cards if c.type == "island"]
    near = sum(c.copies for c in islands if c.distance == "near")
    distant = sum(c.copies for c in islands if c.distance == "distant")
    return [
        "| Component | Count |",
        "|---|---|",
        f"| Action tiles, laid in a circle | {len(TILES)} ({tiles}) |",
        f"| Clans | {len(content.clans)}, each {START_LOCATIONS} starting locations "
        f"+ a {DECK_SIZE}-card deck |",
        f"| Ship tokens per clan | {START_SHIPS} at the start "
        f"(Olaf's Clan can gain a {MAX_SHIPS}rd) |",
        f"| Action discs per player | {DISCS} |",
        f"| Workers per player at the start | {START_WORKERS} |",
        f"| Cards drawn / kept at the start | {OPENING_DRAW} / {OPENING_KEEP} |",
        f"| Cards drawn in each Lookout | {LOOKOUT_DRAW} |",
        f"| Face-up islands under each island deck | {FACE_UP} |",
        f"| Near island deck | {near} cards |",
        f"| Distant island deck | {distant} cards |",
        f"| Resources | {', '.join(RESOURCES)} (gold and axes are goods, not resources) |",
        f"| Cost of moving a disc to the next tile | 1 {DISC_MOVE_COST} or 1 gold |",
        f"| Score that ends the game | {END_VP} VP |",
        "| Goods, workers, axes, common ships | unlimited supply |",
    ]


def markdown() -> str:
    """The components: the fixed counts, each clan with its cards, then the islands."""
    content = load_content()
    out = _fixed(content)
    header = [
        "",
        "| Card | Copies | Kind | Icons | What it does |",
        "|---|---|---|---|---|",
    ]
    for clan in content.clans:
        cards = [c for c in content.cards if c.clan == clan.id]
        deck = sum(c.copies for c in cards if not c.start)
        out += [
            "",
            f"### {clan.name}",
            "",
            f"{clan.faction}; difficulty {clan.difficulty} of 10; "
            f"{sum(c.start for c in cards)} starting locations and a {deck}-card deck.",
            f"{clan.description}",
            *header,
        ]
        out += [_row(c) for c in sorted(cards, key=lambda c: not c.start)]
    for distance in ("near", "distant"):
        islands = [c for c in content.cards if c.type == "island" and c.distance == distance]
        out += [
            "",
            f"### {distance.capitalize()} islands",
            "",
            "| Island | Copies | Icons | Raid / conquered side |",
            "|---|---|---|---|",
        ]
        for c in islands:
            icons = ", ".join(c.icons) or "–"
            out.append(f"| {_cell(c.name)} | {c.copies} | {icons} | {_cell(c.text)} |")
    return "\n".join(out) + "\n"
