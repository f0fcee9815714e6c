"""Empires of the North as numbers for learning agents (``game.observation_tensor``).

The tensor holds what ``state.observation(seat)`` shows that seat and nothing more: every
supply, empire, disc, ship and island is public (EN-9.18); of the cards in hands, decks, Lookout
draws and discard piles the seat knows only its own, and of the others' only the counts and the
played boosts everybody saw go to the discard. The order of every deck (its own included, and the
island decks) is left out.

Cards are named by a *slot* that depends only on the content: a clan card by its place among its
clan's cards (``0..CLAN_SLOTS-1``), an island by ``CLAN_SLOTS`` plus its place among the islands.
A seat's clan one-hot says which clan its slots belong to. Per-seat segments are written feature
by feature, each one holding the observing seat first and then the seats after it in turn order.
The size depends only on the player count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tabletide.engine import TensorWriter, seat_order
from tabletide.games.empires_north.actions import Copy, Extra, Host, Pay
from tabletide.games.empires_north.constants import (
    CLANS,
    DECK_SIZE,
    DISCS,
    END_VP,
    FACE_UP,
    GOODS,
    MAX_SHIPS,
    OPENING_DRAW,
    ROUND_LIMIT,
    STOCK_GOODS,
    TILES,
)
from tabletide.games.empires_north.content import Alternatives, Card, load_content
from tabletide.games.empires_north.effects import Alt, Forward, Launch, Refresh, Release, Relocate
from tabletide.games.empires_north.expedition import Landing, Sail, Voyage
from tabletide.games.empires_north.pieces import DISTANT, NEAR, Ship
from tabletide.games.empires_north.state import PROMPTS

if TYPE_CHECKING:
    from tabletide.engine import State
    from tabletide.games.empires_north.state import EmpiresState

# ---------------------------------------------------------------------------- content tables
_CARDS = load_content().cards
_ISLANDS = [i for i, c in enumerate(_CARDS) if c.type == "island"]
CLAN_SLOTS = max(sum(1 for c in _CARDS if c.clan == clan) for clan in CLANS)
"""Slots for one clan's cards (the largest clan)."""
ISLAND_SLOTS = len(_ISLANDS)
SLOTS = CLAN_SLOTS + ISLAND_SLOTS
"""Slots for whatever can sit in an empire: the clan's cards, then every island."""


def _slot_table() -> tuple[int, ...]:
    slots = [0] * len(_CARDS)
    seen = dict.fromkeys(CLANS, 0)
    for i, card in enumerate(_CARDS):
        if card.clan is None:
            slots[i] = CLAN_SLOTS + _ISLANDS.index(i)
        else:
            slots[i] = seen[card.clan]
            seen[card.clan] += 1
    return tuple(slots)


SLOT = _slot_table()
"""The slot of each card index."""
_BY_NAME = {c.name: i for i, c in enumerate(_CARDS)}
COPIES = max(c.copies for c in _CARDS)
"""The most copies of one card: the scale of per-card counts."""
ISLAND_COPIES = max(_CARDS[i].copies for i in _ISLANDS)
ISLAND_DECK = max(
    sum(_CARDS[i].copies for i in _ISLANDS if _CARDS[i].distance == d) for d in ("near", "distant")
)

# ---------------------------------------------------------------------------- scales
GOODS_SCALE = 10.0
"""Goods, ready or tired workers: 10 is a large supply (random games peak near 15)."""
HAND_SCALE = 10.0
EMPIRE_SCALE = 25.0
"""Cards in an empire: about as many as VP to end the game (EN-8.1)."""
STORED_SCALE = 5.0
QUEUE_SLOTS = 12
"""Ships in the queue shown one by one, front first (4 players x 3 ships fit)."""
PHASES = ("setup", "lookout", "action", "expedition", "cleanup", "over")
DECISIONS = tuple(PROMPTS)
"""The kinds of pending decisions (the top frames)."""
MAX_OPTIONS = 6
"""The most options of a '/' (the ``alt`` action's range)."""
MAX_REPEATS = 3
"""The most repeats of a refresh or release effect."""
PARTS = ("bonus", "instant", "action", "stored", "feature")
"""Which part of a card a '/' decision comes from."""
_SOURCED: dict[str, type[Alt | Refresh | Release | Relocate | Forward | Launch]] = {
    "alt": Alt,
    "refresh": Refresh,
    "release": Release,
    "relocate": Relocate,
    "forward": Forward,
    "launch": Launch,
}
"""Decisions whose last datum names the card that asked for them."""

# meanings of the segments, built once
_PHASE_MEANING = "phase: " + ", ".join(PHASES)
_CLAN_MEANING = "per seat: clan one-hot (" + ", ".join(CLANS) + ")"
_GOODS_MEANING = f"per seat: {', '.join(GOODS)} / {GOODS_SCALE:g}"
_WORKERS_MEANING = f"per seat: ready workers, tired workers / {GOODS_SCALE:g}"
_SHIPS_MEANING = f"per seat: ship tokens owned, not in the queue / {MAX_SHIPS}"
_DISCS_MEANING = "per seat and disc: tile one-hot (EXPLORE..SAIL; none in the supply), exhausted"
_PILES_MEANING = (
    f"per seat: cards in hand / {HAND_SCALE:g}, in the deck / {DECK_SIZE}, "
    f"in the discard pile / {DECK_SIZE}, drawn and not yet kept / {OPENING_DRAW}"
)
_PER_SLOT = f"per seat and card slot / {COPIES}"
_DECISION_MEANING = "decision kind: " + ", ".join(DECISIONS)
_PART_MEANING = "alt: the part of the source card offering it: " + ", ".join(PARTS)
_NUMBERS_MEANING = f"alt: options / {MAX_OPTIONS}; refresh/release: repeats left / {MAX_REPEATS}"
_SHIP_MEANING = (
    "sail/voyage/landing: the ship's fish, axe, common; landing: from the near, distant deck"
)
_OWN_SLOT = f"per card slot of the observer's clan / {COPIES}"
_TILE_MEANING = "extra: the tile whose card may be played; pay: the tile a disc moves to"
_CARD_MEANING = "host: the card built; copy: the copier; pay: the card built or used"
_EMPIRE_SIZE_MEANING = f"per seat: cards in the empire / {EMPIRE_SCALE:g}"
_STORED_MEANING = f"per seat and card slot: goods and workers on it / {STORED_SCALE:g}"
_TOTALS_MEANING = f"per seat: on cards, {', '.join(STOCK_GOODS)} / {STORED_SCALE:g}"


# ---------------------------------------------------------------------------- the writer
def write_tensor(state: State, seat: int, out: TensorWriter) -> None:
    """Write what ``seat`` may see of ``state`` into ``out`` (see the module docstring)."""
    s = cast("EmpiresState", state)
    seats = seat_order(seat, s.num_players)
    _write_table(s, seats, out)
    _write_players(s, seats, out)
    _write_empires(s, seats, out)
    _write_own_cards(s, seat, out)
    _write_sea(s, seats, out)
    _write_decision(s, seats, out)


def _relative(seats: list[int], p: int) -> int:
    """Where seat ``p`` stands in the observer's order (-1 for none)."""
    return seats.index(p) if p >= 0 else -1


def _write_table(s: EmpiresState, seats: list[int], out: TensorWriter) -> None:
    n = len(seats)
    tiles = len(TILES)
    out.scalar("round", s.round, ROUND_LIMIT, f"round number / {ROUND_LIMIT}")
    out.onehot("phase", PHASES.index(s.phase), len(PHASES), _PHASE_MEANING)
    out.bits("last_round", [s.last_round, s.next_last], "this round is the last; the next is")
    out.onehot("start_player", _relative(seats, s.start), n, "start player, relative")
    out.onehot("active", _relative(seats, s.active), n, "whose turn of the round, relative")
    circle = [TILES.index(name) * tiles + place for place, name in enumerate(s.circle)]
    out.counts("circle", circle, tiles * tiles, 1.0, "per tile (EXPLORE..SAIL): its circle place")


def _write_players(s: EmpiresState, seats: list[int], out: TensorWriter) -> None:
    n = len(seats)
    clans = [k * len(CLANS) + CLANS.index(s.clan[p]) for k, p in enumerate(seats)]
    out.counts("clan", clans, n * len(CLANS), 1.0, _CLAN_MEANING)
    out.scalars("vp", [s.vp[p] for p in seats], END_VP, f"per seat: VP / {END_VP}")
    goods = [s.goods[p][g] for p in seats for g in GOODS]
    out.scalars("goods", goods, GOODS_SCALE, _GOODS_MEANING)
    workers = [x for p in seats for x in (s.workers[p], s.tired[p])]
    out.scalars("workers", workers, GOODS_SCALE, _WORKERS_MEANING)
    ships = [x for p in seats for x in (s.ships[p], s.ships_free(p))]
    out.scalars("ships", ships, MAX_SHIPS, _SHIPS_MEANING)
    width = len(TILES) + 1
    discs: list[int] = []
    for k, p in enumerate(seats):
        for d, at in enumerate(s.disc_at[p]):
            base = (k * DISCS + d) * width
            if at >= 0:
                discs.append(base + at)
            if s.disc_x[p][d]:
                discs.append(base + len(TILES))
    out.counts("discs", discs, n * DISCS * width, 1.0, _DISCS_MEANING)
    out.bits("passed", [s.passed[p] for p in seats], "per seat: passed this Action phase")
    piles = [
        x
        for p in seats
        for x in (
            len(s.hand[p]) / HAND_SCALE,
            len(s.deck[p]) / DECK_SIZE,
            len(s.discard[p]) / DECK_SIZE,
            len(s.look[p]) / OPENING_DRAW,
        )
    ]
    out.scalars("piles", piles, 1.0, _PILES_MEANING)
    seen = [i for k, p in enumerate(seats) for i in _slots(s.shown[p], k, CLAN_SLOTS)]
    out.counts("discard_seen", seen, n * CLAN_SLOTS, COPIES, f"{_PER_SLOT}: boosts seen played")


def _slots(cards: list[int], k: int, size: int) -> list[int]:
    """The slots of ``cards`` in the ``k``-th block of ``size`` (a card outside the block, such
    as a test card, is left out)."""
    base = k * size
    return [base + SLOT[c] for c in cards if c < len(SLOT) and SLOT[c] < size]


def _write_empires(s: EmpiresState, seats: list[int], out: TensorWriter) -> None:
    size = len(seats) * SLOTS
    cards: list[int] = []
    exhausted: list[int] = []
    copied: list[int] = []
    upgrades: list[int] = []
    hosting: list[int] = []
    stored: list[int] = []
    totals: list[int] = []
    for k, p in enumerate(seats):
        base = k * SLOTS
        empire = s.empire[p]
        for pl in empire:
            at = base + SLOT[pl.card]
            cards.append(at)
            if pl.exhausted:
                exhausted.append(at)
            if pl.acts != pl.card:
                copied.append(base + SLOT[pl.acts])
            if pl.host >= 0:
                upgrades.append(at)
                hosting.append(base + SLOT[empire[pl.host].card])
        for pos, goods in s.stock[p].items():
            at = base + SLOT[empire[pos].card]
            for good, amount in goods.items():
                stored += [at] * amount
                totals += [k * len(STOCK_GOODS) + STOCK_GOODS.index(good)] * amount
    sizes = [len(s.empire[p]) for p in seats]
    out.scalars("empire_size", sizes, EMPIRE_SCALE, _EMPIRE_SIZE_MEANING)
    out.counts("empire_cards", cards, size, COPIES, f"{_PER_SLOT}: cards in the empire")
    out.counts("empire_exhausted", exhausted, size, COPIES, f"{_PER_SLOT}: of them exhausted")
    out.counts("empire_copied", copied, size, COPIES, f"{_PER_SLOT}: copies acting as it")
    out.counts("empire_upgrades", upgrades, size, COPIES, f"{_PER_SLOT}: of them upgrades")
    out.counts("empire_hosting", hosting, size, COPIES, f"{_PER_SLOT}: upgrades under it")
    out.counts("empire_stored", stored, size, STORED_SCALE, _STORED_MEANING)
    out.counts("stored_goods", totals, len(seats) * len(STOCK_GOODS), STORED_SCALE, _TOTALS_MEANING)


def _write_own_cards(s: EmpiresState, seat: int, out: TensorWriter) -> None:
    for name, pile, what in (
        ("own_hand", s.hand[seat], "cards in hand"),
        ("own_looking", s.look[seat], "drawn cards to keep or discard"),
        ("own_discard", s.discard[seat], "cards in the discard pile"),
        ("own_deck", s.deck[seat], "cards left in the deck (not their order)"),
    ):
        out.counts(name, _slots(pile, 0, CLAN_SLOTS), CLAN_SLOTS, COPIES, f"{_OWN_SLOT}: {what}")


_ISLAND_SLOT = tuple(slot - CLAN_SLOTS if slot >= CLAN_SLOTS else -1 for slot in SLOT)
"""An island's index among the islands, -1 for a clan card."""


def _island_slot(card: int) -> int:
    """An island's index among the islands, -1 for none."""
    return _ISLAND_SLOT[card] if 0 <= card < len(_ISLAND_SLOT) else -1


def _write_sea(s: EmpiresState, seats: list[int], out: TensorWriter) -> None:
    face_up = [
        (d * FACE_UP + i) * ISLAND_SLOTS + _island_slot(card)
        for d in (NEAR, DISTANT)
        for i, card in enumerate(s.isl_up[d])
        if _island_slot(card) >= 0
    ]
    up_meaning = "near 1, near 2, distant 1, distant 2: island one-hot"
    out.counts("islands_up", face_up, 2 * FACE_UP * ISLAND_SLOTS, 1.0, up_meaning)
    sizes = [len(s.isl_deck[d]) for d in (NEAR, DISTANT)]
    out.scalars("island_decks", sizes, ISLAND_DECK, "cards in the near, distant island decks")
    gone = [
        _island_slot(card)
        for d in (NEAR, DISTANT)
        for card in s.isl_discard[d]
        if _island_slot(card) >= 0
    ]
    gone_meaning = f"raided islands per island / {ISLAND_COPIES}"
    out.counts("island_discards", gone, ISLAND_SLOTS, ISLAND_COPIES, gone_meaning)
    out.onehot("revealed", _island_slot(s.revealed), ISLAND_SLOTS, "island taken from a deck")
    n = len(seats)
    width = n + 3
    queue: list[int] = []
    for i, ship in enumerate(s.queue[:QUEUE_SLOTS]):
        base = i * width
        queue.append(base + seats.index(ship.owner))
        queue += [base + n + j for j, on in enumerate((ship.fish, ship.axe, ship.common)) if on]
    queue_meaning = "ships front first: owner (relative), fish, axe, common"
    out.counts("queue", queue, QUEUE_SLOTS * width, 1.0, queue_meaning)
    out.scalar("queue_length", len(s.queue), QUEUE_SLOTS, f"ships in the queue / {QUEUE_SLOTS}")


def _write_decision(s: EmpiresState, seats: list[int], out: TensorWriter) -> None:
    frame = s.stack[-1] if s.stack else None
    kind = frame.kind if frame is not None else ""
    decider = frame.seat if frame is not None else -1
    out.onehot("decider", _relative(seats, decider), len(seats), "whose decision, relative")
    index = DECISIONS.index(kind) if kind in DECISIONS else -1
    out.onehot("decision", index, len(DECISIONS), _DECISION_MEANING)
    pay = frame.record(Pay) if frame is not None and kind == "pay" else None
    purpose = pay.purpose if pay is not None else ""
    tile = -1
    if frame is not None and kind == "extra":
        tile = frame.record(Extra).tile
    elif pay is not None and purpose == "move":
        tile = pay.tile
    out.onehot("decision_tile", tile, len(TILES), _TILE_MEANING)
    card = -1
    if frame is not None and kind == "host":
        card = frame.record(Host).card
    elif pay is not None and purpose == "build":
        card = pay.card
    elif frame is not None and kind == "copy":
        card = s.empire[decider][frame.record(Copy).pos].card
    elif pay is not None and purpose == "use":
        card = s.empire[decider][pay.pos].card
    out.onehot("decision_card", _slot(card), SLOTS, _CARD_MEANING)
    sourced = frame.record(_SOURCED[kind]) if frame is not None and kind in _SOURCED else None
    source = _BY_NAME.get(sourced.source, -1) if sourced is not None else -1
    out.onehot("decision_source", _slot(source), SLOTS, "the card whose effect asks (slot)")
    part, options = -1, 0
    if isinstance(sourced, Alt):
        alts: Alternatives = sourced.alts
        options = len(alts)
        part = _part(s, decider, source, alts)
    out.onehot("decision_part", part, len(PARTS), _PART_MEANING)
    left = sourced.left if isinstance(sourced, (Refresh, Release)) else 0
    numbers = [options / MAX_OPTIONS, left / MAX_REPEATS]
    out.scalars("decision_numbers", numbers, 1.0, _NUMBERS_MEANING)
    ship = [0.0] * 5
    if frame is not None and kind in ("voyage", "landing"):
        landing = frame.record(Landing) if kind == "landing" else None
        sh: Ship = landing.ship if landing is not None else frame.record(Voyage).ship
        ship[:3] = [float(sh.fish), float(sh.axe), float(sh.common)]
        if landing is not None:
            ship[3 + landing.deck] = 1.0
    elif frame is not None and kind == "sail":
        ship[2] = float(frame.record(Sail).common)
    out.scalars("decision_ship", ship, 1.0, _SHIP_MEANING)


def _slot(card: int) -> int:
    return SLOT[card] if 0 <= card < len(SLOT) else -1


def _parts(card: Card) -> tuple[Alternatives, ...]:
    action = card.action.effects if card.action is not None else ()
    stored = card.stored.yields if card.stored is not None else ()
    return card.bonus, card.effects, action, stored


def _part(s: EmpiresState, p: int, source: int, alts: Alternatives) -> int:
    """Which part of the source card (or of the card a copy of it acts as) offers ``alts``."""
    if source < 0:
        return -1
    candidates = [s.cards[source]]
    candidates += [s.cards[pl.acts] for pl in s.empire[p] if pl.card == source]
    for card in candidates:
        for i, part in enumerate(_parts(card)):
            if part == alts:
                return i
        if any(f.effects == alts for f in card.features):
            return PARTS.index("feature")
    return -1
