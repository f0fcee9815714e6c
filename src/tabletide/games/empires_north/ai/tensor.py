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

from functools import cache, lru_cache
from typing import TYPE_CHECKING, cast

from tabletide.engine import TensorLayout, TensorWriter, Values, seat_order, zeros
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
from tabletide.games.empires_north.pieces import DISTANT, NEAR, Placed, Ship
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


# ---------------------------------------------------------------------------- the layout
class Layout(TensorLayout):
    """The segments for one player count (the size depends on nothing else), declared once;
    the writer fills a blank tensor by offset."""

    def __init__(self, n: int) -> None:
        super().__init__()
        self.n = n
        tiles, add = len(TILES), self.add
        add("round", 1, f"round number / {ROUND_LIMIT}")
        add("phase", len(PHASES), _PHASE_MEANING)
        add("last_round", 2, "this round is the last; the next is")
        add("start_player", n, "start player, relative")
        add("active", n, "whose turn of the round, relative")
        add("circle", tiles * tiles, "per tile (EXPLORE..SAIL): its circle place")
        add("clan", n * len(CLANS), _CLAN_MEANING)
        add("vp", n, f"per seat: VP / {END_VP}")
        add("goods", n * len(GOODS), _GOODS_MEANING)
        add("workers", 2 * n, _WORKERS_MEANING)
        add("ships", 2 * n, _SHIPS_MEANING)
        add("discs", n * DISCS * (tiles + 1), _DISCS_MEANING)
        add("passed", n, "per seat: passed this Action phase")
        add("piles", 4 * n, _PILES_MEANING)
        add("discard_seen", n * CLAN_SLOTS, f"{_PER_SLOT}: boosts seen played")
        add("empire_size", n, _EMPIRE_SIZE_MEANING)
        for name, what in _EMPIRE_SEGMENTS:
            add(name, n * SLOTS, f"{_PER_SLOT}: {what}")
        add("empire_stored", n * SLOTS, _STORED_MEANING)
        add("stored_goods", n * len(STOCK_GOODS), _TOTALS_MEANING)
        for name, what in _OWN_SEGMENTS:
            add(name, CLAN_SLOTS, f"{_OWN_SLOT}: {what}")
        add("islands_up", 2 * FACE_UP * ISLAND_SLOTS, _UP_MEANING)
        add("island_decks", 2, "cards in the near, distant island decks")
        add("island_discards", ISLAND_SLOTS, f"raided islands per island / {ISLAND_COPIES}")
        add("revealed", ISLAND_SLOTS, "island taken from a deck")
        add("queue", QUEUE_SLOTS * (n + 3), _QUEUE_MEANING)
        add("queue_length", 1, f"ships in the queue / {QUEUE_SLOTS}")
        add("decider", n, "whose decision, relative")
        add("decision", len(DECISIONS), _DECISION_MEANING)
        add("decision_tile", len(TILES), _TILE_MEANING)
        add("decision_card", SLOTS, _CARD_MEANING)
        add("decision_source", SLOTS, "the card whose effect asks (slot)")
        add("decision_part", len(PARTS), _PART_MEANING)
        add("decision_numbers", 2, _NUMBERS_MEANING)
        add("decision_ship", 5, _SHIP_MEANING)


_EMPIRE_SEGMENTS = (
    ("empire_cards", "cards in the empire"),
    ("empire_exhausted", "of them exhausted"),
    ("empire_copied", "copies acting as it"),
    ("empire_upgrades", "of them upgrades"),
    ("empire_hosting", "upgrades under it"),
)
_OWN_SEGMENTS = (
    ("own_hand", "cards in hand"),
    ("own_looking", "drawn cards to keep or discard"),
    ("own_discard", "cards in the discard pile"),
    ("own_deck", "cards left in the deck (not their order)"),
)
_UP_MEANING = "near 1, near 2, distant 1, distant 2: island one-hot"
_QUEUE_MEANING = "ships front first: owner (relative), fish, axe, common"


@cache
def layout_for(n: int) -> Layout:
    """The layout for ``n`` players (immutable once declared, so one per player count)."""
    return Layout(n)


# ---------------------------------------------------------------------------- the writer
# Counts are written by adding ``1 / scale`` once per item into a blank tensor (not as
# ``count / scale``), so each value is the same float a TensorWriter's ``counts`` gives.
_PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
_DECISION_INDEX = {kind: i for i, kind in enumerate(DECISIONS)}
_CLAN_INDEX = {clan: i for i, clan in enumerate(CLANS)}
_TILE_INDEX = {name: i for i, name in enumerate(TILES)}
_STOCK_INDEX = {good: i for i, good in enumerate(STOCK_GOODS)}
_PER_COPY = 1.0 / COPIES
_PER_STORED = 1.0 / STORED_SCALE
_PER_ISLAND_COPY = 1.0 / ISLAND_COPIES


def write_tensor(state: State, seat: int, out: TensorWriter) -> None:
    """Write what ``seat`` may see of ``state`` into ``out`` (see the module docstring)."""
    s = cast("EmpiresState", state)
    layout_for(s.num_players).emit(out, tensor_values(s, seat))


def tensor_values(state: State, seat: int) -> Values:
    """The values :func:`write_tensor` writes, in a fresh buffer."""
    s = cast("EmpiresState", state)
    lay = layout_for(s.num_players)
    v = lay.blank()
    seats = seat_order(seat, s.num_players)
    _write_table(s, seat, lay, v)
    _write_players(s, seats, lay, v)
    _write_empires(s, seats, lay, v)
    _write_own_cards(s, seat, lay, v)
    _write_sea(s, seat, lay, v)
    _write_decision(s, seat, lay, v)
    return v


def _relative(seat: int, n: int, p: int) -> int:
    """Where seat ``p`` stands in ``seat``'s order (-1 for none)."""
    return (p - seat) % n if p >= 0 else -1


def _onehot(v: Values, at: int, index: int) -> None:
    """Set bit ``index`` of the one-hot at ``at``; none when ``index`` is negative."""
    if index >= 0:
        v[at + index] = 1.0


@lru_cache(maxsize=8192)
def _clan_slot_counts(cards: tuple[int, ...]) -> Values:
    """``cards`` counted by clan slot over ``COPIES`` (a card outside the clan slots, such as
    an island or a test card, is left out): a block of ``CLAN_SLOTS`` values. Cached on the
    cards themselves (a pile's order is part of the key, and a block is copied, never
    changed), so an unchanged hand, deck or discard pile costs one look-up."""
    block = zeros(CLAN_SLOTS)
    for c in cards:
        if c < _CARD_COUNT:
            slot = SLOT[c]
            if slot < CLAN_SLOTS:
                block[slot] += _PER_COPY
    return block


def _write_table(s: EmpiresState, seat: int, lay: Layout, v: Values) -> None:
    """The segments from ``round`` to ``circle`` (the start of the tensor), as one block."""
    block = _table_block(
        lay.n, seat, s.round, s.phase, s.last_round, s.next_last, s.start, s.active, s.circle
    )
    v[: len(block)] = block


@lru_cache(maxsize=4096)
def _table_block(
    n: int,
    seat: int,
    round_: int,
    phase: str,
    last_round: bool,
    next_last: bool,
    start: int,
    active: int,
    circle: tuple[str, ...],
) -> Values:
    """The round, phase, last-round flags, start player and active player (relative to
    ``seat``) and the action circle. Cached on those plain values (the circle is a tuple of
    tile names fixed at setup), so it cannot go stale; a block is copied, never changed."""
    o = layout_for(n).off
    v = zeros(o["circle"] + len(TILES) * len(TILES))
    v[o["round"]] = round_ / ROUND_LIMIT
    v[o["phase"] + _PHASE_INDEX[phase]] = 1.0
    at = o["last_round"]
    v[at] = 1.0 if last_round else 0.0
    v[at + 1] = 1.0 if next_last else 0.0
    _onehot(v, o["start_player"], _relative(seat, n, start))
    _onehot(v, o["active"], _relative(seat, n, active))
    at, tiles = o["circle"], len(TILES)
    for place, name in enumerate(circle):
        v[at + _TILE_INDEX[name] * tiles + place] += 1.0
    return v


def _write_players(s: EmpiresState, seats: list[int], lay: Layout, v: Values) -> None:
    """Each seat's clan, VP, goods, workers, ships, discs, passing, piles and seen discards.
    Only non-zero values are written (the blank is zeros, and a zero count scales to the same
    0.0), and the free ships of every seat come from one pass over the queue."""
    o = lay.off
    clan, vp, goods, workers, ships = o["clan"], o["vp"], o["goods"], o["workers"], o["ships"]
    discs, passed, piles, seen = o["discs"], o["passed"], o["piles"], o["discard_seen"]
    width = len(TILES) + 1
    n_clans, n_goods, exhausted_at = len(CLANS), len(GOODS), len(TILES)
    queued = [0] * lay.n
    for ship in s.queue:
        if not ship.common:
            queued[ship.owner] += 1
    s_vp, s_goods, s_workers, s_tired, s_ships = s.vp, s.goods, s.workers, s.tired, s.ships
    s_hand, s_deck, s_discard, s_look, s_shown = s.hand, s.deck, s.discard, s.look, s.shown
    for k, p in enumerate(seats):
        v[clan + k * n_clans + _CLAN_INDEX[s.clan[p]]] += 1.0
        x = s_vp[p]
        if x:
            v[vp + k] = x / END_VP
        have = s_goods[p]
        at = goods + k * n_goods
        for i, g in enumerate(GOODS):
            x = have[g]
            if x:
                v[at + i] = x / GOODS_SCALE
        x = s_workers[p]
        if x:
            v[workers + 2 * k] = x / GOODS_SCALE
        x = s_tired[p]
        if x:
            v[workers + 2 * k + 1] = x / GOODS_SCALE
        x = s_ships[p]
        if x:
            v[ships + 2 * k] = x / MAX_SHIPS
        x = x - queued[p]
        if x:
            v[ships + 2 * k + 1] = x / MAX_SHIPS
        exhausted = s.disc_x[p]
        for d, tile in enumerate(s.disc_at[p]):
            base = discs + (k * DISCS + d) * width
            if tile >= 0:
                v[base + tile] += 1.0
            if exhausted[d]:
                v[base + exhausted_at] += 1.0
        if s.passed[p]:
            v[passed + k] = 1.0
        at = piles + 4 * k
        x = len(s_hand[p])
        if x:
            v[at] = x / HAND_SCALE
        x = len(s_deck[p])
        if x:
            v[at + 1] = x / DECK_SIZE
        x = len(s_discard[p])
        if x:
            v[at + 2] = x / DECK_SIZE
        x = len(s_look[p])
        if x:
            v[at + 3] = x / OPENING_DRAW
        shown = s_shown[p]
        if shown:  # an empty pile's block is all zeros
            at = seen + k * CLAN_SLOTS
            v[at : at + CLAN_SLOTS] = _clan_slot_counts(tuple(shown))


def _write_empires(s: EmpiresState, seats: list[int], lay: Layout, v: Values) -> None:
    o = lay.off
    sizes, first = o["empire_size"], o["empire_cards"]
    stored, totals = o["empire_stored"], o["stored_goods"]
    span = lay.n * SLOTS  # from one empire segment to the next
    for k, p in enumerate(seats):
        base = k * SLOTS
        empire = s.empire[p]
        v[sizes + k] = len(empire) / EMPIRE_SCALE
        at = first + base
        for block in _blocks_of(p, tuple(empire)):
            v[at : at + SLOTS] = block
            at += span
        for pos, goods in s.stock[p].items():
            at = stored + base + SLOT[empire[pos].card]
            for good, amount in goods.items():
                total = totals + k * len(STOCK_GOODS) + _STOCK_INDEX[good]
                for _ in range(amount):
                    v[at] += _PER_STORED
                    v[total] += _PER_STORED


_LAST_BLOCKS: dict[int, tuple[tuple[Placed, ...], tuple[Values, ...]]] = {}
"""The last empire blocks handed out for each seat number, with the empire they came from."""


def _blocks_of(p: int, empire: tuple[Placed, ...]) -> tuple[Values, ...]:
    """:func:`_empire_blocks` of seat ``p``'s ``empire``, first looked for among the last
    blocks of that seat number by comparing the placed cards for equality. The key is the
    whole value, so a hit is right for any state, clone or game (an equal empire has equal
    blocks), and the pair is replaced in one store; the point is the cost: comparing the
    shared ``Placed`` records is a pointer test each, where the lru_cache hashes every record
    again (about 1 us for an empire of 15 cards)."""
    last = _LAST_BLOCKS.get(p)
    if last is not None and last[0] == empire:
        return last[1]
    blocks = _empire_blocks(empire)
    _LAST_BLOCKS[p] = (empire, blocks)
    return blocks


@lru_cache(maxsize=8192)
def _empire_blocks(empire: tuple[Placed, ...]) -> tuple[Values, ...]:
    """One empire's blocks of ``SLOTS`` values for the segments of ``_EMPIRE_SEGMENTS``, in
    their order. Cached on the placed cards themselves (immutable records), so an empire that
    did not change since the last tensor costs one look-up; the blocks are copied, never
    changed."""
    blocks = tuple(zeros(SLOTS) for _ in _EMPIRE_SEGMENTS)
    cards, exhausted, copied, upgrades, hosting = blocks
    for pl in empire:
        at = SLOT[pl.card]
        cards[at] += _PER_COPY
        if pl.exhausted:
            exhausted[at] += _PER_COPY
        if pl.acts != pl.card:
            copied[SLOT[pl.acts]] += _PER_COPY
        if pl.host >= 0:
            upgrades[at] += _PER_COPY
            hosting[SLOT[empire[pl.host].card]] += _PER_COPY
    return blocks


def _write_own_cards(s: EmpiresState, seat: int, lay: Layout, v: Values) -> None:
    """The seat's hand, Lookout draws, discard pile and deck, counted by card; an empty pile
    (the Lookout draws most of the time) is left as the blank's zeros."""
    o = lay.off
    for (name, _), pile in zip(
        _OWN_SEGMENTS, (s.hand[seat], s.look[seat], s.discard[seat], s.deck[seat]), strict=True
    ):
        if pile:
            at = o[name]
            v[at : at + CLAN_SLOTS] = _clan_slot_counts(tuple(pile))


_ISLAND_SLOT = tuple(slot - CLAN_SLOTS if slot >= CLAN_SLOTS else -1 for slot in SLOT)
"""An island's index among the islands, -1 for a clan card."""
_CARD_COUNT = len(SLOT)


def _island_slot(card: int) -> int:
    """An island's index among the islands, -1 for none."""
    return _ISLAND_SLOT[card] if 0 <= card < _CARD_COUNT else -1


@lru_cache(maxsize=4096)
def _island_counts(cards: tuple[int, ...]) -> Values:
    """``cards`` counted by island over ``ISLAND_COPIES`` (a block of ``ISLAND_SLOTS``; cards
    that are not islands are left out). Cached on the cards: the raided piles only grow, and a
    block is copied, never changed."""
    block = zeros(ISLAND_SLOTS)
    for card in cards:
        island = _island_slot(card)
        if island >= 0:
            block[island] += _PER_ISLAND_COPY
    return block


def _write_sea(s: EmpiresState, seat: int, lay: Layout, v: Values) -> None:
    """The segments from ``islands_up`` to ``queue_length`` (they follow one another in the
    layout), as one block from :func:`_sea_block`."""
    key = (
        lay.n,
        seat,
        tuple(s.isl_up[NEAR]),
        tuple(s.isl_up[DISTANT]),
        len(s.isl_deck[NEAR]),
        len(s.isl_deck[DISTANT]),
        tuple(s.isl_discard[NEAR] + s.isl_discard[DISTANT]),
        s.revealed,
        tuple(s.queue),
    )
    block = _sea_block(key)
    at = lay.off["islands_up"]
    v[at : at + len(block)] = block


_SeaKey = tuple[
    int, int, tuple[int, ...], tuple[int, ...], int, int, tuple[int, ...], int, tuple[Ship, ...]
]


@lru_cache(maxsize=4096)
def _sea_block(key: _SeaKey) -> Values:
    """The sailing board as ``seat`` sees it with ``n`` players: the face-up islands, the
    island decks' sizes, the raided islands, the island being decided on and the ship queue
    (owners relative to ``seat``). Cached on those plain values and immutable ``Ship``
    records themselves (so it cannot go stale); a block is copied, never changed."""
    n, seat, near_up, distant_up, near_deck, distant_deck, raided, revealed, queue = key
    lay = layout_for(n)
    o = lay.off
    start = o["islands_up"]
    v = zeros(o["queue_length"] + 1 - start)
    for d, up in ((NEAR, near_up), (DISTANT, distant_up)):
        for i, card in enumerate(up):
            island = _island_slot(card)
            if island >= 0:
                v[(d * FACE_UP + i) * ISLAND_SLOTS + island] += 1.0
    decks = o["island_decks"] - start
    v[decks] = near_deck / ISLAND_DECK
    v[decks + 1] = distant_deck / ISLAND_DECK
    at = o["island_discards"] - start
    v[at : at + ISLAND_SLOTS] = _island_counts(raided)
    _onehot(v, o["revealed"] - start, _island_slot(revealed))
    width = n + 3
    at = o["queue"] - start
    for ship in queue[:QUEUE_SLOTS]:
        v[at + (ship.owner - seat) % n] += 1.0
        if ship.fish:
            v[at + n] += 1.0
        if ship.axe:
            v[at + n + 1] += 1.0
        if ship.common:
            v[at + n + 2] += 1.0
        at += width
    v[o["queue_length"] - start] = len(queue) / QUEUE_SLOTS
    return v


def _write_decision(s: EmpiresState, seat: int, lay: Layout, v: Values) -> None:
    if not s.stack:
        return  # no decision: every decision segment stays zero
    o = lay.off
    frame = s.stack[-1]
    kind = frame.kind
    decider = frame.seat
    _onehot(v, o["decider"], _relative(seat, lay.n, decider))
    _onehot(v, o["decision"], _DECISION_INDEX.get(kind, -1))
    if kind not in _DETAILED:
        return  # every other decision segment would be written as zero
    pay = frame.record(Pay) if kind == "pay" else None
    purpose = pay.purpose if pay is not None else ""
    tile = -1
    if kind == "extra":
        tile = frame.record(Extra).tile
    elif pay is not None and purpose == "move":
        tile = pay.tile
    _onehot(v, o["decision_tile"], tile)
    card = -1
    if kind == "host":
        card = frame.record(Host).card
    elif pay is not None and purpose == "build":
        card = pay.card
    elif kind == "copy":
        card = s.empire[decider][frame.record(Copy).pos].card
    elif pay is not None and purpose == "use":
        card = s.empire[decider][pay.pos].card
    _onehot(v, o["decision_card"], _slot(card))
    sourced = frame.record(_SOURCED[kind]) if kind in _SOURCED else None
    source = _BY_NAME.get(sourced.source, -1) if sourced is not None else -1
    _onehot(v, o["decision_source"], _slot(source))
    part, options = -1, 0
    if isinstance(sourced, Alt):
        alts: Alternatives = sourced.alts
        options = len(alts)
        part = _part(s, decider, source, alts)
    _onehot(v, o["decision_part"], part)
    left = sourced.left if isinstance(sourced, (Refresh, Release)) else 0
    at = o["decision_numbers"]
    v[at] = options / MAX_OPTIONS
    v[at + 1] = left / MAX_REPEATS
    at = o["decision_ship"]
    if kind in ("voyage", "landing"):
        landing = frame.record(Landing) if kind == "landing" else None
        sh: Ship = landing.ship if landing is not None else frame.record(Voyage).ship
        v[at] = float(sh.fish)
        v[at + 1] = float(sh.axe)
        v[at + 2] = float(sh.common)
        if landing is not None:
            v[at + 3 + landing.deck] = 1.0
    elif kind == "sail":
        v[at + 2] = float(frame.record(Sail).common)


_DETAILED = frozenset(("pay", "extra", "host", "copy", "voyage", "landing", "sail", *_SOURCED))
"""The decisions that write more than their decider and kind: a tile, a card, a source, options
or a ship (the rest, such as ``turn``, leave those segments as the blank's zeros)."""


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
