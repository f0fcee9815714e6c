"""Shipyard's observation tensor: what one seat may know, as a fixed-size list of floats.

Public, and encoded: the action track and the figures on it, every seat's coins, VP, supply,
shipyard row, fleet, employees, wagon tiles, canal system and the number of contracts it holds;
the part, wagon and canal offers, deck sizes, the pointers and the employee oval; the ship being
fitted or sailing; the pending decision and its data. Private to the observer, and encoded: its
own contracts. Never encoded: other seats' contracts (held or discarded), the unused contracts,
and the order of every face-down deck (see ``ShipyardState._resample_hidden``).

Segments are written in a fixed order; per-seat segments hold the observer first, then the seats
after it in turn order (:func:`~tabletide.engine.seat_order`), and seat numbers (the decider, the
starting player) are relative the same way. ``load_game("shipyard").tensor_layout(n)`` lists the
segments with their meanings.

The tensor is written at every step of RL training, so the slow parts are cached by immutable
keys: the content tables, fleet summaries and the longest voyage of a canal system.
"""

from __future__ import annotations

from array import array
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from tabletide.engine import TensorLayout, TensorWriter, Values, seat_order, zeros
from tabletide.games.shipyard import canals, track
from tabletide.games.shipyard.building import MAX_PARTS_PER_ACTION, Build, Place
from tabletide.games.shipyard.constants import (
    CAPTAIN,
    EMPTY,
    FIGURES,
    FIRST_TURNS,
    GOODS,
    ITEM_INDEX,
    ITEMS,
    NUM_TILES,
    OFFER_ROWS,
    PART_TYPES,
    SUBSTITUTE,
)
from tabletide.games.shipyard.content import SYMBOLS, Content
from tabletide.games.shipyard.scoring import Discard
from tabletide.games.shipyard.supplies import CircleChoice, Oval, WagonSale
from tabletide.games.shipyard.turn import Menu
from tabletide.games.shipyard.voyage import Route, Ship, base_speed, max_boost, route_options

if TYPE_CHECKING:
    from tabletide.engine import Frame
    from tabletide.games.shipyard.state import ShipyardState

DECISIONS = (
    "choose_tile",
    "menu",
    "build",
    "place",
    "canal",
    "first_canal",
    "place_canal",
    "circle",
    "oval",
    "hire",
    "goods",
    "exchange",
    "wagon",
    "launch",
    "fit",
    "boost",
    "route",
    "discard",
    "final",
)
"""Every decision kind (top-frame kind) of the game, in one-hot order."""
DECISION_INDEX = {k: i for i, k in enumerate(DECISIONS)}

FEATURES = (
    "cabins",
    "sail/funnel mounts",
    "propeller mounts",
    "crane mounts",
    "cannon mounts",
    "lifebuoys",
    "lifeboats",
    "lanterns",
)
"""What a ship part offers, in :class:`~tabletide.games.shipyard.voyage.Hull` order."""
NF = len(FEATURES)
SAFETY = 5  # index of the first safety feature (lifebuoys) in FEATURES
FEATURE_MAX = 2  # no part has more than 2 of a feature (content check in the tests)
CELL_KINDS = 4  # bow, middle, stern, substitute
SCORING_SYMBOLS = SYMBOLS[1:]  # every canal symbol but "none": five officials, Blue Riband
NSYM = len(SCORING_SYMBOLS)
SHAPE_NAMES = ("straight", "bend", "fork")
WINDOW = 2  # the canal window reaches this many cards from the boat's card each way
WINDOW_SIDE = 2 * WINDOW + 1
GRID_CELL = len(SHAPE_NAMES) + 4  # shape one-hot, rotation one-hot
ROUTE_SLOTS = 4  # the codec's range of the ``sail`` option
ROUTE_SLOT = len(SYMBOLS) + 1
WAGON_IDS = 15  # the 14 deck tiles and the starting tile (id 14, SY-GAP-5c)
CIRCLES = ("equipment", "crew")
CIRCLE_SPACES = 4
CANAL_STATS = 4 + len(SCORING_SYMBOLS)  # cards, boat, used up, longest voyage, symbols
FLEET_STATS = (
    ("ships", 8.0),
    ("parts", 40.0),
    *((f"{item}s", 12.0) for item in ITEMS),
    ("lifebuoys", 12.0),
    ("lifeboats", 12.0),
    ("lanterns", 12.0),
    ("ships of 5 parts", 4.0),
    ("ships of 6 parts", 4.0),
    ("ships of 7+ parts", 4.0),
    ("ships with a lifebuoy, a lifeboat and a lantern", 4.0),
    ("captains beyond the first, over all ships", 4.0),
)
"""What the fleet segment sums per seat (the measures contracts count, SY-8.3) and scales."""

# Scales: stated maxima from the rules and content, or a generous bound of normal play where the
# rules set none (random play can exceed a bound now and then; values stay small).
COINS_MAX = 30.0
VP_MAX = 100.0
SUPPLY_MAX = 10.0
TURNS_MAX = 40.0
INCOME_MAX = 10.0
CONTRACTS_MAX = 6.0  # 3 blue + 3 green (SY-3.1.1)
VOYAGE_MAX = 15  # longest voyage measured; speeds above it are rare
CANALS_MAX = 10.0
USED_MAX = 20.0
SYMBOLS_MAX = 6.0
ROUTE_VP_MAX = 20.0
BOOST_MAX = 4.0
SHIP_PARTS_MAX = 9.0  # the shipyard row's length
SHIP_FEATURES_MAX = 8.0
DISCARD_KEEP_MAX = 2.0


def _names(names: tuple[str, ...]) -> str:
    return ", ".join(names)


MEANING = {
    "decision": f"kind of the pending decision: {_names(DECISIONS)} (all 0 when over)",
    "decider": "seat that decides now, relative: 0 = me, 1 = the next seat, ... (0s when over)",
    "flags": "game over, early end triggered (SY-7.2), final phase (SY-7.3), lap pending",
    "starting_player": "the starting player, relative",
    "round_marker": "round marker value, one-hot 0 (end symbol) .. player count (SY-4.14)",
    "leader_space": "track space of the leading tile / (spaces - 1); a lap ends at space 0",
    "tile_in_play": "per action tile id (building, canal, equipment, crew, hiring, goods, "
    "exchange, subsidy): in play (Subsidy only with 4 players)",
    "tile_behind": "per tile id: spaces behind the leading tile / (spaces - 1)",
    "tile_leading": "the leading tile, one-hot by tile id",
    "tile_income": f"per tile id: coins for choosing it now (0 if occupied) / {INCOME_MAX:g} "
    "(SY-4.10, 4.11)",
    "coins": f"per seat: coins / {COINS_MAX:g}",
    "vp": f"per seat: victory points / {VP_MAX:g}",
    "supply": f"per seat, per item ({_names(ITEMS)}) in its supply / {SUPPLY_MAX:g}",
    "figures": "per seat, per tile id: its figures on that tile / figures per seat "
    "(3 with 2 players, else 1)",
    "next_to_front": "per seat, per tile id: the tile of its oldest figure (moved to the front "
    "at its next turn, SY-4.5)",
    "first_turns_left": "per seat: first turns still to play / first turns (2 with 2 players, "
    "else 1)",
    "turns_taken": f"per seat: turns played / {TURNS_MAX:g}",
    "shipyard_parts": "per seat, per shipyard space (9): bow, middle, stern, substitute",
    "shipyard_features": f"per seat, per shipyard space: the part's {_names(FEATURES)} "
    f"/ {FEATURE_MAX}",
    "employees": "per seat, per employee id (24): hired",
    "wagons": "per seat, per wagon tile id (0-13 deck tiles, 14 the starting tile): held",
    "contracts_held": f"per seat: contracts held (a public count) / {CONTRACTS_MAX:g}",
    "fleet": "per seat: " + _names(tuple(f"{name} / {sc:g}" for name, sc in FLEET_STATS)),
    "canal_system": f"per seat: canals in its system / {CANALS_MAX:g}, has a boat, canals used "
    f"up / {USED_MAX:g}, longest voyage it allows / {VOYAGE_MAX}, then its spaces with each "
    f"symbol ({_names(SCORING_SYMBOLS)}) / {SYMBOLS_MAX:g}",
    "my_contracts": "my contracts held, per contract index (24; index 0 = SY-C-01)",
    "my_canal_grid": f"my canal cards within {WINDOW} cards of the boat's card "
    f"({WINDOW_SIDE}x{WINDOW_SIDE}, rows north to south, boat's card in the centre), per cell: "
    f"shape ({_names(SHAPE_NAMES)}), rotation 0-3",
    "my_boat": "my boat: its water space 0-3 on its card, then where it came from (north, "
    "east, south, west edge, or another space of the same card)",
    "part_offer": "per offer slot (columns bow, left middle, right middle, stern; rows bottom "
    "first): a part lies there",
    "part_offer_features": f"per offer slot: the part's {_names(FEATURES)} / {FEATURE_MAX}",
    "decks": "cards left in the bow, middle A, middle B and stern decks, the wagon deck, the "
    "spent wagons, the canal deck and the canal discards, each over its full size",
    "wagon_offer": f"per wagon offer slot (cheapest first): its wagons of {_names(GOODS)} / 2",
    "canal_offer_shape": f"per canal offer slot (cheapest first): {_names(SHAPE_NAMES)}",
    "canal_offer_symbols": f"per canal offer slot: spaces with {_names(SCORING_SYMBOLS)} / 2",
    "pointers": "pointers, one-hot each: equipment circle (4 spaces), crew circle (4), stock "
    "exchange (6, SY-GAP-6), employee oval (8, SY-GAP-8a)",
    "oval_employees": "per employee id: copies left on the oval / 2 (one copy with 2 players)",
    "oval_steps": "per employee id: pointer steps to its oval space / oval spaces (0 = not on "
    "the oval)",
    "ship": f"the ship being fitted or sailing: present, parts / {SHIP_PARTS_MAX:g}, base speed "
    f"/ {VOYAGE_MAX}, items attached / {SUPPLY_MAX:g} ({_names(ITEMS)}), "
    f"its {_names(FEATURES)} / {SHIP_FEATURES_MAX:g}",
    "menu": "menu decision: main action done, bonus action done, chosen tile performable, "
    "then the chosen tile one-hot by id",
    "build": f"build decision: parts bought so far / {MAX_PARTS_PER_ACTION}, last chance (SY-7.5)",
    "part_to_place": "place decision: bow, middle, stern, substitute",
    "part_to_place_features": f"place decision: the part's {_names(FEATURES)} / {FEATURE_MAX}",
    "canal_to_place": f"canal decisions (first_canal, place_canal): the card's shape "
    f"({_names(SHAPE_NAMES)}), then its spaces with {_names(SCORING_SYMBOLS)}",
    "circle": f"circle decision: {_names(CIRCLES)}",
    "wagon_trade": f"wagon decision: the wagon's goods ({_names(GOODS)}), items already swapped "
    f"for on this tile ({_names(ITEMS)}), wagons left on the tile after it (0, 1, 2) one-hot",
    "voyage": f"route decision: speed, moves made, the Blue Riband move (each / {VOYAGE_MAX}), "
    f"VP so far / {ROUTE_VP_MAX:g}; boost decision: the employees' speed bonus / {BOOST_MAX:g}",
    "route_options": f"route decision, per legal sail action 0-{ROUTE_SLOTS - 1}: the symbol of "
    f"the space it enters ({_names(SYMBOLS)}), then whether it enters another card",
    "discard_keep": f"discard decision: contracts of each colour to keep / {DISCARD_KEEP_MAX:g} "
    "(SY-4.15)",
}


SMALL = 256
"""The size of the block caches whose hits come from the same turn or round (the track, the
offers, a seat's supply or row...): more entries would hardly be hit again, and every entry
is objects the garbage collector walks."""


# ---------------------------------------------------------------------------- content tables
class Tables:
    """Lookups built once per content set (feature indices of parts, goods of wagons...)."""

    def __init__(self, c: Content) -> None:
        self.part_features: dict[int, tuple[int, ...]] = {}
        """Part code -> each feature index repeated once per unit (substitutes: none)."""
        for p in c.parts:
            m = p.mounts
            values = [p.cabins, m.sail_funnel, m.propeller, m.crane, m.cannon]
            values += (p.lifebuoys, p.lifeboats, p.lanterns)
            self.part_features[p.id] = tuple(f for f, v in enumerate(values) for _ in range(v))
        for ptype in range(len(PART_TYPES)):
            self.part_features[SUBSTITUTE + ptype] = ()
        self.feature_values: dict[int, Values] = {EMPTY: zeros(NF)}
        """Cell or offer code -> its features / FEATURE_MAX (a part's slice of
        ``shipyard_features`` and ``part_offer_features``; zeros for a substitute or EMPTY)."""
        self.kind_values: dict[int, Values] = {EMPTY: zeros(CELL_KINDS)}
        """Cell code -> its slice of ``shipyard_parts`` (bow, middle, stern, substitute)."""
        for code, units in self.part_features.items():
            features = [0.0] * NF
            for f in units:
                features[f] += 1 / FEATURE_MAX
            self.feature_values[code] = array("d", features)
            kinds = [0.0] * CELL_KINDS
            if code >= SUBSTITUTE:
                kinds[code - SUBSTITUTE] = kinds[3] = 1.0
            else:
                kinds[PART_TYPES.index(c.parts[code].type)] = 1.0
            self.kind_values[code] = array("d", kinds)
        self.part_type = tuple(PART_TYPES.index(p.type) for p in c.parts)
        self.group_a = frozenset(p.id for p in c.parts if p.group == "A")
        """Ids of the group A middle parts."""
        full = (
            sum(1 for p in c.parts if p.type == "bow"),
            len(self.group_a),
            sum(1 for p in c.parts if p.group == "B"),
            sum(1 for p in c.parts if p.type == "stern"),
            len(c.wagons.deck),
            len(c.wagons.deck),
            len(c.canals),
            len(c.canals),
        )
        self.deck_full = tuple(float(v) for v in full)
        self.wagon_goods = tuple(
            tuple(GOODS.index(g) for g in w.goods) for w in (*c.wagons.deck, c.wagons.starting)
        )
        self.canal_shape = tuple(SHAPE_NAMES.index(k.shape) for k in c.canals)
        self.canal_symbols = tuple(
            tuple(SCORING_SYMBOLS.index(s) for s in k.spaces if s != "none") for k in c.canals
        )
        # One offer slot's values per wagon tile and canal card (for _columns_block).
        self.wagon_values = tuple(_unit_counts(g, len(GOODS), 1 / 2) for g in self.wagon_goods)
        self.canal_shape_values = tuple(
            _unit_counts((k,), len(SHAPE_NAMES), 1.0) for k in self.canal_shape
        )
        self.canal_symbol_values = tuple(_unit_counts(k, NSYM, 1 / 2) for k in self.canal_symbols)
        self.space_symbol = tuple(tuple(SYMBOLS.index(s) for s in k.spaces) for k in c.canals)
        self.oval_spaces = c.board.oval_spaces
        self.exchange_spaces = len(c.board.exchange_prices)
        self.employees = len(c.employees)
        self.contracts = len(c.contracts)
        self.cells = c.board.shipyard_spaces
        self.empty_row = [EMPTY] * self.cells
        self.row_blocks: dict[tuple[int, ...], tuple[Values, Values]] = {}
        """Shipyard row -> its tensor blocks (see :func:`row_block`)."""


def _unit_counts(indices: tuple[int, ...], size: int, unit: float) -> Values:
    """``size`` values adding ``unit`` at each index (an index may repeat)."""
    out = [0.0] * size
    for i in indices:
        out[i] += unit
    return array("d", out)


_TABLES: dict[int, tuple[Content, Tables]] = {}
"""id(content) -> the content (kept alive, so its id is not reused) and its tables."""


def tables(c: Content) -> Tables:
    hit = _TABLES.get(id(c))
    if hit is None:
        hit = _TABLES[id(c)] = (c, Tables(c))
    return hit[1]


# ---------------------------------------------------------------------------- the layout
class Layout(TensorLayout):
    """The segments for one player count and content set, declared once."""

    def __init__(self, n: int, t: Tables) -> None:
        super().__init__()
        cells, emp = t.cells, t.employees
        for name, size in (
            ("decision", len(DECISIONS)),
            ("decider", n),
            ("flags", 4),
            ("starting_player", n),
            ("round_marker", n + 1),
            ("leader_space", 1),
            ("tile_in_play", NUM_TILES),
            ("tile_behind", NUM_TILES),
            ("tile_leading", NUM_TILES),
            ("tile_income", NUM_TILES),
            ("coins", n),
            ("vp", n),
            ("supply", n * len(ITEMS)),
            ("figures", n * NUM_TILES),
            ("next_to_front", n * NUM_TILES),
            ("first_turns_left", n),
            ("turns_taken", n),
            ("shipyard_parts", n * cells * CELL_KINDS),
            ("shipyard_features", n * cells * NF),
            ("employees", n * emp),
            ("wagons", n * WAGON_IDS),
            ("contracts_held", n),
            ("fleet", n * len(FLEET_STATS)),
            ("canal_system", n * CANAL_STATS),
            ("my_contracts", t.contracts),
            ("my_canal_grid", WINDOW_SIDE * WINDOW_SIDE * GRID_CELL),
            ("my_boat", 9),
            ("part_offer", 4 * OFFER_ROWS),
            ("part_offer_features", 4 * OFFER_ROWS * NF),
            ("decks", 8),
            ("wagon_offer", OFFER_ROWS * len(GOODS)),
            ("canal_offer_shape", OFFER_ROWS * len(SHAPE_NAMES)),
            ("canal_offer_symbols", OFFER_ROWS * len(SCORING_SYMBOLS)),
            ("pointers", 2 * CIRCLE_SPACES + t.exchange_spaces + t.oval_spaces),
            ("oval_employees", emp),
            ("oval_steps", emp),
            ("ship", 3 + len(ITEMS) + NF),
            ("menu", 3 + NUM_TILES),
            ("build", 2),
            ("part_to_place", CELL_KINDS),
            ("part_to_place_features", NF),
            ("canal_to_place", len(SHAPE_NAMES) + len(SCORING_SYMBOLS)),
            ("circle", len(CIRCLES)),
            ("wagon_trade", len(GOODS) + len(ITEMS) + 3),
            ("voyage", 5),
            ("route_options", ROUTE_SLOTS * ROUTE_SLOT),
            ("discard_keep", 1),
        ):
            self.add(name, size, MEANING[name])
        # _write_track writes these five segments from one offset.
        assert self.off["tile_income"] == self.off["leader_space"] + 1 + 3 * NUM_TILES
        # _write_board copies these runs of segments as one block each.
        assert self.off["oval_steps"] == self.off["oval_employees"] + emp
        assert self.off["part_offer_features"] == self.off["part_offer"] + 4 * OFFER_ROWS
        offer_shapes = self.off["wagon_offer"] + OFFER_ROWS * len(GOODS)
        assert self.off["canal_offer_shape"] == offer_shapes
        assert self.off["canal_offer_symbols"] == offer_shapes + OFFER_ROWS * len(SHAPE_NAMES)
        # _write_own copies the canal window and the boat as one block.
        assert self.off["my_boat"] == self.off["my_canal_grid"] + OWN_CANALS - 9
        self._zeros = zeros(self.size)
        self.tables = t
        self.seat_at = tuple(self.off[name] for name in SEAT_SEGMENTS)
        """The offsets of :data:`SEAT_SEGMENTS`, in that order (one unpack per tensor)."""

    def blank(self) -> Values:
        """A tensor of zeros: a copy of one kept zero buffer (a memory copy, cheaper than
        making the zeros afresh)."""
        return self._zeros[:]


_LAYOUTS: dict[tuple[int, Tables], Layout] = {}


def layout(n: int, t: Tables) -> Layout:
    lay = _LAYOUTS.get((n, t))
    if lay is None:
        lay = _LAYOUTS[(n, t)] = Layout(n, t)
    return lay


_STATE_LAYOUTS: dict[tuple[int, int], tuple[Content, Layout]] = {}
"""(id(content), player count) -> the content (kept alive, so its id is not reused) and the
layout: a state's layout in one lookup instead of :func:`tables` and then :func:`layout`."""


def _layout_of(s: ShipyardState) -> Layout:
    key = (id(s.content), s.num_players)
    hit = _STATE_LAYOUTS.get(key)
    if hit is None or hit[0] is not s.content:
        hit = _STATE_LAYOUTS[key] = (s.content, layout(s.num_players, tables(s.content)))
    return hit[1]


# ---------------------------------------------------------------------------- the tensor
def write_tensor(s: ShipyardState, seat: int, out: TensorWriter) -> None:
    """Write what ``seat`` may know of ``s`` (see the module docstring)."""
    t = tables(s.content)
    layout(s.num_players, t).emit(out, tensor_values(s, seat))


def tensor_values(s: ShipyardState, seat: int) -> Values:
    """:func:`write_tensor`'s values, in a fresh buffer."""
    lay = _layout_of(s)
    t = lay.tables
    off = lay.off
    v = lay.blank()
    order = _seat_order(seat, s.num_players)
    top = s.stack[-1] if s.stack else None
    _write_turn(s, v, off, order, top)
    _write_track(s, v, off)
    own_canals = _write_seats(s, t, v, lay.seat_at, order)
    _write_own(s, v, off, seat, own_canals)
    _write_board(s, t, v, off)
    _write_ship(s, t, v, off)
    _write_decision_data(s, t, v, off, top)
    return v


@cache
def _seat_order(seat: int, n: int) -> tuple[int, ...]:
    """:func:`seat_order` as a tuple, made once per seat and player count."""
    return tuple(seat_order(seat, n))


def _write_turn(
    s: ShipyardState, v: Values, off: dict[str, int], order: tuple[int, ...], top: Frame | None
) -> None:
    if top is None:
        v[off["flags"]] = 1.0
    else:
        v[off["decision"] + DECISION_INDEX[top.kind]] = 1.0
        v[off["decider"] + order.index(top.seat)] = 1.0
    at = off["flags"]
    v[at + 1] = float(s.early_end)
    v[at + 2] = float(s.final)
    v[at + 3] = float(s.lap_pending)
    v[off["starting_player"] + order.index(s.start)] = 1.0
    v[off["round_marker"] + s.marker] = 1.0


def _write_track(s: ShipyardState, v: Values, off: dict[str, int]) -> None:
    """The adjacent segments ``leader_space``, ``tile_in_play``, ``tile_behind``,
    ``tile_leading`` and ``tile_income`` as two blocks: the tiles' places (they change when a
    tile moves to the front, once a turn) and the incomes (also when a figure is placed)."""
    pos, lead, tiles, n = tuple(s.pos), s.lead, s.tiles, s.track_len
    at = off["leader_space"]
    places = _track_block(pos, lead, tiles, n)
    v[at : at + TRACK_PLACES] = places
    incomes = _income_block(pos, lead, track.occupied(s), tiles, n)
    at += TRACK_PLACES
    v[at : at + NUM_TILES] = incomes


TRACK_PLACES = 1 + 3 * NUM_TILES
"""``leader_space``, ``tile_in_play``, ``tile_behind`` and ``tile_leading``."""


@lru_cache(maxsize=SMALL)
def _track_block(pos: tuple[int, ...], lead: int, tiles: tuple[int, ...], n: int) -> Values:
    """The :data:`TRACK_PLACES` values from the tiles' track spaces, the leading tile, the
    tiles in play and the track length (cached: keyed on immutable copies of all it reads)."""
    last = n - 1
    lead_pos = pos[lead]
    out = [0.0] * TRACK_PLACES
    out[0] = lead_pos / last
    out[1 + 2 * NUM_TILES + lead] = 1.0  # tile_leading
    for tile in tiles:
        out[1 + tile] = 1.0
        out[1 + NUM_TILES + tile] = ((lead_pos - pos[tile]) % n) / last
    return array("d", out)


@lru_cache(maxsize=SMALL)
def _income_block(
    pos: tuple[int, ...], lead: int, occ: frozenset[int], tiles: tuple[int, ...], n: int
) -> Values:
    """``tile_income`` from :func:`track.tile_incomes`'s inputs (cached on the same immutable
    key): 0 for an occupied tile."""
    coins = track.tile_incomes(pos, lead, occ, tiles, n)
    out = [0.0] * NUM_TILES
    for tile in tiles:
        if tile not in occ:
            out[tile] = coins[tile] / INCOME_MAX
    return array("d", out)


SEAT_SEGMENTS = (
    "coins",
    "vp",
    "supply",
    "figures",
    "next_to_front",
    "first_turns_left",
    "turns_taken",
    "shipyard_parts",
    "shipyard_features",
    "employees",
    "wagons",
    "contracts_held",
    "fleet",
    "canal_system",
)
"""The per-seat segments :func:`_write_seats` writes, in :attr:`Layout.seat_at` order."""


def _write_seats(
    s: ShipyardState, t: Tables, v: Values, seat_at: tuple[int, ...], order: tuple[int, ...]
) -> Values | None:
    """Every per-seat segment; returns the observer's ``my_canal_grid`` and ``my_boat`` block
    (None without a boat), found with its canal stats."""
    n = s.num_players
    n_items = len(ITEMS)
    fig_scale = 1 / FIGURES[n]
    first_scale = FIRST_TURNS[n]
    (
        coins,
        vp,
        supply,
        figures,
        oldest,
        first,
        turns,
        parts,
        features,
        employees,
        wagons,
        held,
        fleet,
        system,
    ) = seat_at
    own: Values | None = None
    row_kinds, row_features, n_employees = t.cells * CELL_KINDS, t.cells * NF, t.employees
    n_fleet = len(FLEET_STATS)
    coins_of, vp_of, supply_of, figs_of = s.coins, s.vp, s.supply, s.figs
    first_of, turns_of, rows, employees_of = s.first_left, s.turns_taken, s.row, s.employees
    wagons_of, contracts_of, fleets, systems = s.wagons, s.contracts, s.fleet, s.canals
    boats, used_of = s.boat, s.used_count
    empty_row, row_blocks, canal_blocks = t.empty_row, t.row_blocks, _CANAL_BLOCKS
    for k, p in enumerate(order):  # only non-zero values are written
        v[coins + k] = coins_of[p] / COINS_MAX
        v[vp + k] = vp_of[p] / VP_MAX
        items = supply_of[p]
        if any(items):
            at = supply + k * n_items
            v[at : at + n_items] = _supply_block(tuple(items))
        figs = figs_of[p]
        if figs:
            at = figures + k * NUM_TILES
            for tile in figs:
                v[at + tile] += fig_scale
            v[oldest + k * NUM_TILES + figs[0]] = 1.0
        if first_of[p]:
            v[first + k] = first_of[p] / first_scale
        v[turns + k] = turns_of[p] / TURNS_MAX
        row = rows[p]
        if row != empty_row:
            key = tuple(row)
            found = row_blocks.get(key)
            row_parts, row_feats = row_block(key, t) if found is None else found
            at = parts + k * row_kinds
            v[at : at + row_kinds] = row_parts
            at = features + k * row_features
            v[at : at + row_features] = row_feats
        if employees_of[p]:
            at = employees + k * n_employees
            v[at : at + n_employees] = _id_counts(tuple(employees_of[p]), n_employees)
        at = wagons + k * WAGON_IDS
        for tile in wagons_of[p]:  # one to three tiles: cheaper than a cached block
            v[at + tile] += 1.0
        v[held + k] = len(contracts_of[p]) / CONTRACTS_MAX
        if fleets[p]:
            at = fleet + k * n_fleet
            v[at : at + n_fleet] = fleet_stats(tuple(fleets[p]), t)
        at = system + k * CANAL_STATS
        if systems[p] or boats[p] is not None:
            found_canals = canal_blocks.get((t, boats[p], used_of[p], *systems[p].items()))
            stats, window = canal_entry(s, t, p) if found_canals is None else found_canals
            v[at : at + CANAL_STATS] = stats
            if k == 0:
                own = window
        else:  # no canals, no boat: only the canals used up (canal_stats)
            v[at + 2] = used_of[p] / USED_MAX
    return own


@lru_cache(maxsize=SMALL)
def _supply_block(supply: tuple[int, ...]) -> Values:
    """One seat's slice of ``supply`` (cached: keyed on the item counts, immutable)."""
    return array("d", [count / SUPPLY_MAX for count in supply])


@lru_cache(maxsize=SMALL)
def _id_counts(ids: tuple[int, ...], size: int) -> Values:
    """``size`` values counting each id in ``ids`` (one seat's employees or wagon tiles;
    cached: keyed on an immutable copy of the ids)."""
    out = [0.0] * size
    for i in ids:
        out[i] += 1.0
    return array("d", out)


ROW_BLOCKS_CAP = SMALL


def row_block(row: tuple[int, ...], t: Tables) -> tuple[Values, Values]:
    """One seat's slices of ``shipyard_parts`` and ``shipyard_features`` for a shipyard row,
    kept in ``t.row_blocks`` (valid: keyed on an immutable copy of the row, and rows change
    only when a part is placed or a ship is launched; the blocks are never mutated)."""
    if len(t.row_blocks) >= ROW_BLOCKS_CAP:
        t.row_blocks.clear()
    found = t.row_blocks[row] = _row_values(row, t)
    return found


def _row_values(row: tuple[int, ...], t: Tables) -> tuple[Values, Values]:
    kinds, features = array("d"), array("d")
    kind_values, feature_values = t.kind_values, t.feature_values
    for code in row:
        kinds += kind_values[code]
        features += feature_values[code]
    return kinds, features


@lru_cache(maxsize=SMALL)
def _offer_block(offer: tuple[int, ...], t: Tables) -> Values:
    """The adjacent ``part_offer`` and ``part_offer_features`` segments from the part offer,
    its 4 columns of 5 concatenated (cached: the offer changes only during Ship building;
    never mutated)."""
    block = array("d", [0.0 if code == EMPTY else 1.0 for code in offer])
    feature_values = t.feature_values
    for code in offer:
        block += feature_values[code]
    return block


def _write_own(
    s: ShipyardState, v: Values, off: dict[str, int], seat: int, window: Values | None
) -> None:
    """``my_contracts``, and ``window`` (the canal window and the boat, from
    :func:`canal_entry`) when the seat has a boat."""
    at = off["my_contracts"]
    for i in s.contracts[seat]:
        v[at + i] = 1.0
    if window is not None:
        at = off["my_canal_grid"]
        v[at : at + OWN_CANALS] = window


OWN_CANALS = WINDOW_SIDE * WINDOW_SIDE * GRID_CELL + 9
"""The adjacent ``my_canal_grid`` and ``my_boat`` segments."""


def _window_block(s: ShipyardState, t: Tables, seat: int) -> Values | None:
    """``my_canal_grid`` and ``my_boat`` for the seat's boat and canals (None without a boat)."""
    boat = s.boat[seat]
    if boat is None:
        return None
    out = [0.0] * OWN_CANALS
    bx, by, space, sx, sy, _ = boat
    for (x, y), (card, rot) in s.canals[seat].items():
        dx, dy = x - bx, y - by
        if -WINDOW <= dx <= WINDOW and -WINDOW <= dy <= WINDOW:
            at = ((dy + WINDOW) * WINDOW_SIDE + dx + WINDOW) * GRID_CELL
            out[at + t.canal_shape[card]] = 1.0
            out[at + len(SHAPE_NAMES) + rot] = 1.0
    came = (sx - bx, sy - by)
    at = OWN_CANALS - 9
    out[at + space] = 1.0
    out[at + 4 + (canals.DELTA.index(came) if came in canals.DELTA else 4)] = 1.0
    return array("d", out)


def _write_board(s: ShipyardState, t: Tables, v: Values, off: dict[str, int]) -> None:
    bow, left, right, stern = s.offer
    block = _offer_block((*bow, *left, *right, *stern), t)
    at = off["part_offer"]  # part_offer_features follows it
    v[at : at + len(block)] = block
    bows, middles, sterns = s.part_decks
    piles = (len(s.wagon_deck), len(s.wagon_discard), len(s.canal_deck), len(s.canal_discard))
    decks = _decks_block(len(bows), tuple(middles), len(sterns), piles, t)
    at = off["decks"]
    v[at : at + len(decks)] = decks
    block = _columns_block(tuple(s.wagon_offer), tuple(s.canal_offer), t)
    at = off["wagon_offer"]  # canal_offer_shape and canal_offer_symbols follow it
    v[at : at + len(block)] = block
    at = off["pointers"]
    v[at + s.eq_ptr] = 1.0
    at += CIRCLE_SPACES
    v[at + s.crew_ptr] = 1.0
    at += CIRCLE_SPACES
    v[at + s.hex_ptr] = 1.0
    v[at + t.exchange_spaces + s.oval_ptr] = 1.0
    block = oval_block(s.oval, s.oval_ptr, t)
    at = off["oval_employees"]  # oval_steps follows it
    v[at : at + len(block)] = block


@lru_cache(maxsize=SMALL)
def _decks_block(
    bows: int, middles: tuple[int, ...], sterns: int, piles: tuple[int, ...], t: Tables
) -> Values:
    """The ``decks`` segment from the cards left in the bow and stern decks and the piles, and
    the middle deck's part ids (its group A and B counts; cached: keyed on the counts and an
    immutable copy of the middle deck, which changes only when the offer is refilled)."""
    group_a = len(t.group_a.intersection(middles))
    counts = (bows, group_a, len(middles) - group_a, sterns, *piles)
    return array("d", [count / full for count, full in zip(counts, t.deck_full, strict=True)])


@lru_cache(maxsize=SMALL)
def _columns_block(wagons: tuple[int, ...], canals: tuple[int, ...], t: Tables) -> Values:
    """The adjacent ``wagon_offer``, ``canal_offer_shape`` and ``canal_offer_symbols``
    segments (cached: keyed on the wagon ids and the canal card ids in the offers, immutable
    copies)."""
    block = array("d")
    for w in wagons:
        block += t.wagon_values[w]
    block += zeros((OFFER_ROWS - len(wagons)) * len(GOODS))  # a short column: empty slots
    shapes, symbols = array("d"), array("d")
    for card in canals:
        shapes += t.canal_shape_values[card]
        symbols += t.canal_symbol_values[card]
    short = OFFER_ROWS - len(canals)
    return block + shapes + zeros(short * len(SHAPE_NAMES)) + symbols + zeros(short * NSYM)


_OVAL_BLOCKS: dict[tuple[int, int], tuple[Oval, Values]] = {}
_OVAL_BLOCKS_CAP = SMALL


def oval_block(oval: Oval, pointer: int, t: Tables) -> Values:
    """The adjacent ``oval_employees`` and ``oval_steps`` segments, cached by the oval's
    identity and the pointer: the oval is immutable (a hire replaces it) and kept alive in the
    entry, so its id names the same stacks for as long as the entry lives. Hashing its
    24 stacks would cost more than the block."""
    key = (id(oval), pointer)
    hit = _OVAL_BLOCKS.get(key)
    if hit is None or hit[0] is not oval:
        if len(_OVAL_BLOCKS) >= _OVAL_BLOCKS_CAP:
            _OVAL_BLOCKS.clear()
        hit = _OVAL_BLOCKS[key] = (oval, _oval_values(oval, pointer, t))
    return hit[1]


def _oval_values(oval: Oval, pointer: int, t: Tables) -> Values:
    copies = [0.0] * t.employees
    steps = [0.0] * t.employees
    for space, stacks in enumerate(oval):
        for stack in stacks:
            if stack:
                copies[stack[-1]] = len(stack) / 2
                steps[stack[-1]] = ((space - pointer - 1) % t.oval_spaces + 1) / t.oval_spaces
    return array("d", copies + steps)


def _write_ship(s: ShipyardState, t: Tables, v: Values, off: dict[str, int]) -> None:
    ship = s.ship
    if ship is None:
        return
    at = off["ship"]
    v[at] = 1.0
    v[at + 1] = len(ship.parts) / SHIP_PARTS_MAX
    v[at + 2] = base_speed(ship.items) / VOYAGE_MAX
    for i, count in enumerate(ship.items):
        v[at + 3 + i] = count / SUPPLY_MAX
    at += 3 + len(ITEMS)
    for code in ship.parts:
        for f in t.part_features[code]:
            v[at + f] += 1 / SHIP_FEATURES_MAX


def _write_decision_data(
    s: ShipyardState, t: Tables, v: Values, off: dict[str, int], top: Frame | None
) -> None:
    if top is None:
        return
    kind = top.kind
    if kind == "menu":
        menu = top.record(Menu)
        at = off["menu"]
        v[at] = float(menu.main_done)
        v[at + 1] = float(menu.bonus_done)
        v[at + 2] = float(menu.doable)
        v[at + 3 + menu.tile] = 1.0
    elif kind == "build":
        build = top.record(Build)
        v[off["build"]] = build.bought / MAX_PARTS_PER_ACTION
        v[off["build"] + 1] = float(build.last_chance)
    elif kind == "place":
        code = top.record(Place).part
        at = off["part_to_place"]
        if code >= SUBSTITUTE:
            v[at + code - SUBSTITUTE] = v[at + 3] = 1.0
        else:
            v[at + t.part_type[code]] = 1.0
            at = off["part_to_place_features"]
            for f in t.part_features[code]:
                v[at + f] += 1 / FEATURE_MAX
    elif kind in ("first_canal", "place_canal"):
        card = top.record(canals.NewCanal).card
        at = off["canal_to_place"]
        v[at + t.canal_shape[card]] = 1.0
        for k in t.canal_symbols[card]:
            v[at + len(SHAPE_NAMES) + k] += 1.0
    elif kind == "circle":
        v[off["circle"] + CIRCLES.index(top.record(CircleChoice).circle)] = 1.0
    elif kind == "wagon":  # the wagon up on the tile traded, and the items swapped for
        sale = top.record(WagonSale)
        index = sale.position
        goods = t.wagon_goods[sale.tile]
        at = off["wagon_trade"]
        v[at + goods[index]] = 1.0
        for item in sale.swapped:
            v[at + len(GOODS) + ITEM_INDEX[item]] = 1.0
        v[at + len(GOODS) + len(ITEMS) + len(goods) - index - 1] = 1.0
    elif kind == "route":
        _write_route(s, t, v, off, top)
    elif kind == "boost" and s.ship is not None:
        v[off["voyage"] + 4] = max_boost(s, top.seat, s.ship.items) / BOOST_MAX
    elif kind == "discard":
        v[off["discard_keep"]] = top.record(Discard).keep / DISCARD_KEEP_MAX


def _write_route(s: ShipyardState, t: Tables, v: Values, off: dict[str, int], top: Frame) -> None:
    """The voyage so far and, per legal sail action (in order), the space it enters."""
    route = top.record(Route)
    speed, done, riband, vp = route.speed, route.moves_made, route.riband_vp, route.vp
    at = off["voyage"]
    v[at : at + 4] = array(
        "d", (speed / VOYAGE_MAX, done / VOYAGE_MAX, riband / VOYAGE_MAX, vp / ROUTE_VP_MAX)
    )
    boat = s.boat[top.seat]
    assert boat is not None
    system = s.canals[top.seat]
    at = off["route_options"]
    for i, (x, y, space) in enumerate(route_options(s, top.seat, speed - done)[:ROUTE_SLOTS]):
        card, _ = system[(x, y)]
        v[at + i * ROUTE_SLOT + t.space_symbol[card][space]] = 1.0
        if (x, y) != (boat[0], boat[1]):
            v[at + i * ROUTE_SLOT + len(SYMBOLS)] = 1.0


# ---------------------------------------------------------------------------- cached summaries
@lru_cache(maxsize=1 << 14)
def fleet_stats(fleet: tuple[Ship, ...], t: Tables) -> Values:
    """The :data:`FLEET_STATS` of a fleet, scaled (cached: a fleet changes only on a voyage)."""
    stats = [0.0] * len(FLEET_STATS)
    stats[0] = len(fleet)
    at = 2 + len(ITEMS)  # lifebuoys, lifeboats, lanterns, sizes 5/6/7+, safe ships, officers
    for ship in fleet:
        stats[1] += len(ship.parts)
        for i, v in enumerate(ship.items):
            stats[2 + i] += v
        safety = [0, 0, 0]
        for code in ship.parts:
            for f in t.part_features[code]:
                if f >= SAFETY:
                    safety[f - SAFETY] += 1
        for k in range(3):
            stats[at + k] += safety[k]
        if len(ship.parts) >= 5:
            stats[at + 3 + min(len(ship.parts), 7) - 5] += 1
        if all(safety):
            stats[at + 6] += 1
        stats[at + 7] += max(0, ship.items[CAPTAIN] - 1)
    return array("d", [v / sc for v, (_, sc) in zip(stats, FLEET_STATS, strict=True)])


_CANAL_BLOCKS: dict[tuple[object, ...], tuple[Values, Values | None]] = {}
_CANAL_BLOCKS_CAP = 1 << 14


def canal_entry(s: ShipyardState, t: Tables, seat: int) -> tuple[Values, Values | None]:
    """:func:`canal_stats` as a block and the seat's :func:`_window_block`, cached per system:
    keyed on the content tables, the boat, the canals used up and every card of the system
    with its rotation, all immutable and all both depend on."""
    key = (t, s.boat[seat], s.used_count[seat], *s.canals[seat].items())
    hit = _CANAL_BLOCKS.get(key)
    if hit is None:
        if len(_CANAL_BLOCKS) >= _CANAL_BLOCKS_CAP:
            _CANAL_BLOCKS.clear()
        hit = _CANAL_BLOCKS[key] = (array("d", canal_stats(s, t, seat)), _window_block(s, t, seat))
    return hit


def canal_stats(s: ShipyardState, t: Tables, seat: int) -> list[float]:
    """A seat's canal system, scaled: cards, boat, canals used up, the longest voyage, and the
    spaces of each scoring symbol."""
    system = s.canals[seat]
    boat = s.boat[seat]
    longest = 0 if boat is None else longest_voyage(s, seat)
    out = [len(system) / CANALS_MAX, float(boat is not None), s.used_count[seat] / USED_MAX]
    out.append(longest / VOYAGE_MAX)
    counts = [0.0] * len(SCORING_SYMBOLS)
    for card, _ in system.values():
        for k in t.canal_symbols[card]:
            counts[k] += 1 / SYMBOLS_MAX
    return out + counts


_LONGEST: dict[tuple[object, ...], int] = {}
_LONGEST_CAP = 1 << 16


def longest_voyage(s: ShipyardState, seat: int) -> int:
    """The most moves a voyage can make through the seat's canals (at most
    :data:`VOYAGE_MAX`): a faster ship cannot score (SY-6.7, SY-6.9.3). Cached per system."""
    system = s.canals[seat]
    boat = s.boat[seat]
    assert boat is not None
    key = (id(s.content), boat, *system.items())
    hit = _LONGEST.get(key)
    if hit is None:
        if len(_LONGEST) >= _LONGEST_CAP:
            _LONGEST.clear()
        hit = _LONGEST[key] = _deepest(s, system, boat, frozenset(), 0)
    return hit


def _deepest(
    s: ShipyardState,
    system: dict[canals.Cell, tuple[int, int]],
    boat: canals.Boat,
    removed: frozenset[canals.Cell],
    depth: int,
) -> int:
    """Depth-first over legal moves, the way :func:`canals.can_sail` walks them."""
    best = depth
    here = (boat[0], boat[1])
    for to in canals.moves(s, system, boat, removed):
        if best >= VOYAGE_MAX:
            break
        left = removed if (to[0], to[1]) == here else removed | {here}
        best = max(best, _deepest(s, system, canals.step(boat, to), left, depth + 1))
    return min(best, VOYAGE_MAX)
