"""Ahoy as numbers for learning agents: what one seat may see, as one flat vector of floats.

Hidden from a seat (``AhoyState._resample_hidden``, ``view.build_view``): the order of the
region-tile supply and which tile is boxed, the order of the market deck, the Union's plans in
hand and its plan deck (unless the seat is the Union), and under which favor token another
Smuggler slid each card it delivered. So those appear only as counts (tiles left, cards left,
plans held, cards delivered); the Union's own plans and a Smuggler's own favor piles go into
the ``my_*`` segments, which are zero for every other seat.

Shape. Per-seat segments hold the observer first, then the seats after it in turn order
(``seat_order``); "whose turn", "who decides" and the flagship figures are relative the same
way. The factions are fixed by the player count (the Fleet is seat 0), so each seat slot
carries its faction one-hot; faction material sits in every seat slot (zero where the faction
has none), and the Fleet's and the Union's unique supplies get segments of their own.

The map grows from the two starting tiles by at most 9 tiles of 2x2 spaces, so it never spans
more than 4 + 2 * 9 = 22 spaces in either direction: it is drawn on a 22 x 22 grid whose cell
(0, 0) is the map's north-west corner (``map_offset`` says where that lies from the first tile,
which the codec's space numbers need). Every ``map_*`` segment is one or more 22 x 22 planes,
row by row from the north; cells off the map are zero.

Speed: the layout depends only on the player count, so it is built once; each call fills a
blank tensor by offset (the engine's ``TensorLayout``). The static part of the map (terrain,
currents, sandbars, marks, islands) is kept per map object, which every clone and
determinization of a position shares until a tile is added.
"""

from __future__ import annotations

from array import array
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from tabletide.engine import SINGLE, Frame, TensorLayout, TensorWriter, Values, seat_order, zeros
from tabletide.games.ahoy import actions, battle, cards, damage, geometry, movement, plans
from tabletide.games.ahoy.battle import total
from tabletide.games.ahoy.constants import (
    ALLY_TOKENS,
    CREW_SPOT0,
    CUTTER,
    FAME_TO_WIN,
    FIGURES,
    FORT0,
    FORTS,
    GOLD_TOKENS,
    ORIGIN,
    PATROL0,
    PATROLS,
    SPOTS,
    WIDTH,
)
from tabletide.games.ahoy.content import PLAN_KEYS, SYMBOLS, RegionTile
from tabletide.games.ahoy.geometry import SANDBAR_CELLS, Cell
from tabletide.games.ahoy.turn import controls

if TYPE_CHECKING:
    from tabletide.engine import State
    from tabletide.games.ahoy.state import AhoyState

GRID = 22
"""Spaces per side of the map grid: the 4 columns of the starting map + 2 per supply tile."""
PLANES = GRID * GRID
REACH = GRID - 4
"""How far (in spaces) the map can grow west or north of the first tile."""
CARDS = 30
TILES = 12
REGIONS = TILES - 1
"""One tile stays boxed (AH-3.4), so at most 11 regions are ever on the map."""
FACTIONS = ("fleet", "union", "smuggler")
TERRAINS = ("island", "wreck", "harbor", "fog")
TILE_TERRAINS = ("open", "island", "wreck", "harbor", "fog", "current")
DIRS = 4
GRID_SPACES = 9
"""The Smugglers' 3x3 reward grid."""
DICE_MAX = 5
"""The most dice a seat rolls (the Fleet's 5, AH-3.11)."""
SUPPLY_TILES = TILES - 3
"""Tiles in the supply after setup: 12, less the boxed one and the two starting tiles."""
PLAN_CARDS = 12
PLAN_COPIES = 2
"""The most copies of one plan (Swift Approach, Stealth Attack, Weapons Cache)."""
ROUND_SCALE = 10
"""Rounds, scaled: random games end in rounds 7-12 (values may pass 1)."""
CONTROL_SCALE = 10
BATTLE_SCALE = 10
"""A battle side's bonus before the dice (Cannons lowered, plans, fort, gunboat, Brawlers);
a Weapons Cache with many Ready allies passes it."""
AMOUNT_SCALE = 6
MARK_MAX = 6
TREASURE_MAX = 3
WEALTH_MAX = 6

PURPOSES = (
    "patrol",
    "allies",
    "uprising",
    "mystic",
    "monkey",
    "breeze",
    "gust",
    "stealth",
    "drive",
    "cutter",
    "gunboat",
    "board_only",
)
"""What a decision is for, where its kind alone does not say: a Sail/Tailwind rider, the
crew or plan behind a target/goto/region/island/count prompt, a Mystic's board-only damage."""


STATIC_PLANES = (
    ("map_space", 0),
    ("map_terrain", 1),
    ("map_current", 5),
    ("map_sandbar", 9),
    ("map_tailwind", 11),
    ("map_treasure", 12),
    ("map_tile_corner", 13),
)
"""The first plane of each static map segment, counted from ``map_space`` (checked by
:class:`Layout`): the static part of a map is cached once for every player count."""
P_TERRAIN, P_CURRENT, P_BAR, P_TAILWIND, P_TREASURE, P_CORNER = (p for _, p in STATIC_PLANES[1:])
STATIC_PLANES_END = P_CORNER + 1
"""Planes of the static map segments, ``map_tile_corner`` being the last (one plane)."""

REGION_SEGMENTS = (
    ("region_placed", 1),
    ("region_symbol", 6),
    ("region_wealth", 1),
    ("region_allies", 1),
    ("region_fort", 1),
    ("region_control", 2),
    ("region_island", 2),
)
"""The per-region segments in layout order, with their values per region (checked by
:class:`Layout`): their offsets from ``region_placed`` are the same for every player count,
so a map's static region values (placed, symbol, island) are cached once as one block."""
R_SYMBOL = REGIONS
R_ISLAND = REGIONS * sum(k for _, k in REGION_SEGMENTS[:-1])
REGION_BLOCK = REGIONS * sum(k for _, k in REGION_SEGMENTS)


SEAT_SEGMENTS = (
    "faction",
    "fame",
    "gold",
    "dice_in_hand",
    "spot_die",
    "cannons_second_die",
    "spot_damaged",
    "crew",
    "cargo",
    "delivered",
    "reward_white",
    "reward_black",
)
SUPPLY_SEGMENTS = (
    "fleet_supply",
    "union_allies",
    "union_plans",
    "union_ship_cards",
    "plan_discard",
    "my_plans",
    "my_favor",
    "market",
    "market_deck",
    "removed",
    "region_supply",
    "gold_bank",
)
"""The segments :func:`_write_seats` and :func:`_write_supplies` fill, whose offsets each
:class:`Layout` keeps in a tuple (``seat_offsets``, ``supply_offsets``) read in one go."""


class Layout(TensorLayout):
    """The segments for one player count, declared once."""

    def __init__(self, n: int, decisions: tuple[str, ...]) -> None:
        super().__init__(SINGLE)  # 13,360 values: half the bytes to copy, none to convert
        self.n = n
        self.decisions = {k: i for i, k in enumerate(decisions)}
        self._declare(n, decisions)
        for name, plane in STATIC_PLANES:
            assert self.off[name] - self.off["map_space"] == plane * PLANES, name
        end = self.off["map_wealth"] - self.off["map_space"]
        assert end == STATIC_PLANES_END * PLANES, "map_tile_corner ends the static planes"
        at = self.off["region_placed"]
        for name, per_region in REGION_SEGMENTS:
            assert self.off[name] == at, name
            at += REGIONS * per_region
        assert self.off["region_island"] - self.off["region_placed"] == R_ISLAND
        o = self.off["map_patrols"]
        assert self.off["map_forts"] == o + PLANES, "the forts' plane follows the patrols'"
        assert self.off["map_union_ships"] == o + 2 * PLANES, "then the union ships' planes"
        self.seat_offsets = tuple(self.off[name] for name in SEAT_SEGMENTS)
        self.supply_offsets = tuple(self.off[name] for name in SUPPLY_SEGMENTS)

    def _declare(self, n: int, decisions: tuple[str, ...]) -> None:
        add = self.add
        seats = "per seat, me first"
        figs = (
            "figures 0-3 are the flagships of me and the next seats, then 10 patrols, "
            "3 forts, the cutter, the gunboat"
        )
        # the round and the turn
        add("round", 1, f"round number / {ROUND_SCALE}")
        add("first_player", n, "holder of the first player card, one-hot, me first")
        add("active_player", n, "whose turn it is, one-hot, me first")
        add("turn_dice", 2, "dice to place this turn / 2, dice placed this turn / 2")
        add("once_used", 2, "used this turn: Mystic, Whispering Breeze")
        # the pending decision
        add("decision_kind", len(decisions), "pending decision, one-hot: " + ", ".join(decisions))
        add("decision_seat", n, "who decides, one-hot, me first")
        add("decision_figure", FIGURES, f"the figure the decision moves or hits ({figs})")
        add("decision_victim", n, "the seat taking the damage or losing crew, me first")
        add("decision_regions", REGIONS, "regions the decision concerns (by region number)")
        add("decision_card", CARDS, "the market card the decision concerns (pay a die, favor)")
        add(
            "decision_side",
            2,
            "the battle side deciding (Cannons, Rum Guzzler): attacker, defender",
        )
        add("decision_direction", DIRS, "the direction of exploring: N, E, S, W")
        add("decision_purpose", len(PURPOSES), "what it is for: " + ", ".join(PURPOSES))
        add(
            "decision_amount",
            1,
            f"the decision's number / {AMOUNT_SCALE}: steps left, Tailwind die (0 = any mark), "
            "most allies, repairs left, patrols moved or removed, allies left, recruits made",
        )
        add("decision_move", 3, "the move under way: may battle, may explore, has moved")
        # the seats
        add("faction", n * 3, f"{seats}: faction one-hot (fleet, union, smuggler)")
        add("fame", n, f"{seats}: fame / {FAME_TO_WIN}")
        add("gold", n, f"{seats}: gold / {GOLD_TOKENS}")
        add("dice_in_hand", n * 6, f"{seats}: unplaced dice per value 1-6 / {DICE_MAX}")
        add(
            "spot_die",
            n * SPOTS,
            f"{seats}: the (highest) die on each of the {SPOTS} die spots / 6: board spots 0-7, "
            f"crew card c at {CREW_SPOT0} + c, cutter Sail/Tailwind, gunboat Sail/Tailwind",
        )
        add("cannons_second_die", n, f"{seats}: the lower of two dice on one spot / 6")
        add("spot_damaged", n * SPOTS, f"{seats}: a damage token on each die spot")
        add("crew", n * CARDS, f"{seats}: crew held, by market card id")
        add("cargo", n * CARDS, f"{seats}: cargo held (Smugglers), by market card id")
        add("delivered", n * CARDS, f"{seats}: cards delivered (Smugglers), by market card id")
        add("reward_white", n * GRID_SPACES, f"{seats}: white reward token, one-hot of 9")
        add("reward_black", n * GRID_SPACES, f"{seats}: black reward token, one-hot of 9")
        # the factions' own supplies
        add("fleet_supply", 2, f"Fleet patrols in supply / {PATROLS}, forts in supply / {FORTS}")
        add(
            "union_allies",
            2,
            f"Union Ready allies / {ALLY_TOKENS}, allies in supply / {ALLY_TOKENS}",
        )
        add("union_plans", 2, f"plans in the Union's hand / {PLAN_CARDS}, plan deck / {PLAN_CARDS}")
        add("union_ship_cards", 2, "the Union holds the cutter card, the gunboat card")
        add("plan_discard", len(PLAN_KEYS), f"discarded plans per kind / {PLAN_COPIES}")
        # the observer's own secrets
        add(
            "my_plans",
            len(PLAN_KEYS),
            f"my plans per kind / {PLAN_COPIES} (the Union only): " + ", ".join(PLAN_KEYS),
        )
        add("my_favor", 2 * CARDS, "my cards under my Fleet, then Union favor token (Smugglers)")
        # cards and supplies
        add("market", CARDS, "the market's face-up cards, by id")
        add("market_deck", 1, f"market deck size / {CARDS}")
        add("removed", CARDS, "cards removed from the game at setup (2-3 players), by id")
        add("region_supply", 1, f"region tiles left in the supply / {SUPPLY_TILES}")
        add("gold_bank", 1, f"gold in the bank / {GOLD_TOKENS}")
        # the regions, by region number (the codec's region parameter)
        add("region_placed", REGIONS, "the region is on the map")
        add(
            "region_symbol",
            REGIONS * 6,
            "per region: its island's symbol, one-hot: " + ", ".join(SYMBOLS),
        )
        add("region_wealth", REGIONS, f"per region: wealth die / {WEALTH_MAX}")
        add("region_allies", REGIONS, f"per region: Union allies on its island / {ALLY_TOKENS}")
        add("region_fort", REGIONS, "per region: a Fleet fort on its island")
        add(
            "region_control",
            REGIONS * 2,
            f"per region: Fleet, Union control points / {CONTROL_SCALE}",
        )
        add("region_island", REGIONS * 2, f"per region: its island's grid column, row / {GRID - 1}")
        # the figures
        add(
            "figures",
            FIGURES * 3,
            f"per figure ({figs}): on the map, grid column, row / {GRID - 1}",
        )
        # the battle under way
        add(
            "battle",
            5,
            "a battle is under way, its defender is chosen, it is ignored, the attacker / the "
            "defender rolls two dice (Secret Weapon)",
        )
        add("battle_attacker", n, "the attacking seat, me first")
        add("battle_defender_seat", n, "the defending seat, me first")
        add("battle_mover", FIGURES, "the attacking figure, one-hot")
        add("battle_defender", FIGURES, "the defending figure, one-hot")
        add("battle_modifier", 2, f"attacker's, defender's bonus before the dice / {BATTLE_SCALE}")
        add("battle_roll", 2, "attacker's, defender's battle dice rolled / 12")
        add("battle_winner", 2, "the winner: attacker, defender")
        # the region tile being placed (face up)
        add("drawn_tile", TILES, "the region tile drawn and being placed, by tile id")
        add(
            "drawn_cells",
            4 * 18,
            "its 4 spaces as printed (NW, NE, SW, SE), each: terrain one-hot ("
            + ", ".join(TILE_TERRAINS)
            + f"), current N/E/S/W, tailwind mark / {MARK_MAX}, treasure / {TREASURE_MAX}, "
            "island symbol one-hot",
        )
        add("drawn_sandbars", 4, "its sandbars as printed: top, bottom, left, right")
        # the map
        add(
            "map_offset",
            2,
            f"how far the map reaches west, north of the first tile's corner / {REACH}",
        )
        grid = f"{GRID}x{GRID} plane"
        add("map_space", PLANES, f"{grid}: a space of the map")
        add("map_terrain", 4 * PLANES, f"4 {grid}s: " + ", ".join(TERRAINS))
        add("map_current", DIRS * PLANES, f"4 {grid}s: a strong current pushing N, E, S, W")
        add("map_sandbar", 2 * PLANES, f"2 {grid}s: a sandbar on the east, south edge")
        add("map_tailwind", PLANES, f"{grid}: tailwind mark / {MARK_MAX}")
        add("map_treasure", PLANES, f"{grid}: treasure gold / {TREASURE_MAX}")
        add("map_tile_corner", PLANES, f"{grid}: the north-west space of a region tile")
        add(
            "map_wealth", PLANES, f"{grid}: the region's wealth die / {WEALTH_MAX}, on its 4 spaces"
        )
        add("map_allies", PLANES, f"{grid}: Union allies on the island / {ALLY_TOKENS}")
        add("map_flagships", n * PLANES, f"a {grid} per seat: my flagship, then the next seats'")
        add("map_patrols", PLANES, f"{grid}: Fleet patrols / {PATROLS}")
        add("map_forts", PLANES, f"{grid}: a Fleet fort")
        add("map_union_ships", 2 * PLANES, f"2 {grid}s: the cutter, the gunboat")
        add("map_battle", PLANES, f"{grid}: the space of the battle under way")
        add("map_focus", PLANES, f"{grid}: the space the decision is about")


class MapStatic(NamedTuple):
    """What a map shows whatever happens on it, in cells of the grid (``row * GRID + col``)."""

    x0: int
    y0: int
    """The lattice column and row of grid cell 0."""
    x1: int
    y1: int
    """The lattice column and row of the map's eastmost and southmost spaces."""
    regions: tuple[tuple[int, ...], ...]
    """The grid cells of each region."""
    islands: tuple[int, ...]
    """The grid cell of each region's island."""
    symbols: tuple[int, ...]
    """The symbol (index in ``SYMBOLS``) of each region's island."""
    planes: Values
    """The static planes (``map_space`` to ``map_tile_corner``): a tensor copies them in one
    slice assignment."""
    place: dict[int, tuple[int, Values]]
    """Each space of the map: its grid cell, and a figure's values there in the ``figures``
    segment (on the map, grid column / (GRID - 1), grid row / (GRID - 1))."""
    region_block: Values
    """The region segments (``region_placed`` to ``region_island``) with only what the map
    fixes filled in: each region is placed, its island's symbol and grid cell."""


_LAYOUTS: dict[int, Layout] = {}
_MAPS: dict[int, tuple[object, object, MapStatic]] = {}
_MAP_CACHE = 1024
"""Maps kept at most (a game makes at most 10); the cache starts afresh when full."""
_BY_PLACED: dict[
    tuple[geometry.Placement, ...], tuple[dict[int, Cell], frozenset[tuple[int, int]], MapStatic]
] = {}
"""The same maps by the tiles placed: where to look for the map before a new tile, a hint
only (:func:`_grows` checks the new map is that map plus the tile before it is used, so a map
edited by hand cannot mislead it)."""
_TILES: dict[int, list[tuple[int, float]]] = {}


def layout(n: int) -> Layout:
    lay = _LAYOUTS.get(n)
    if lay is None:
        from tabletide.games.ahoy.state import AhoyState

        lay = _LAYOUTS[n] = Layout(n, tuple(sorted(AhoyState.LEGAL)))
    return lay


@cache
def _seats_from(seat: int, n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats in the observer's order (``seat_order``), and each seat's place in it.
    Cached: both depend on the two numbers alone."""
    order = seat_order(seat, n)
    rel = [0] * n
    for k, p in enumerate(order):
        rel[p] = k
    return tuple(order), tuple(rel)


def write_tensor(state: State, seat: int, out: TensorWriter) -> None:
    """Write ``seat``'s observation of ``state`` (see the module text). The tensor starts as
    a copy of the map's template (:func:`_template`), which ``emit`` hands to ``out``."""
    s: AhoyState = state  # type: ignore[assignment]
    n = s.num_players
    lay = layout(n)
    off = lay.off
    order, rel = _seats_from(seat, n)
    m = map_static(s)
    x0, y0 = m.x0, m.y0
    v = _template(m, lay)[:]  # a copy: the template is shared
    _write_turn(s, v, off, rel)
    _write_decision(s, v, off, lay.decisions, rel, x0, y0)
    _write_seats(s, v, lay.seat_offsets, order)
    _write_supplies(s, seat, v, lay.supply_offsets)
    fig = tuple(s.fig)
    _write_regions(s, v, off, m, fig)
    _write_figures(v, off, rel, m, fig)
    _write_battle(s, v, off, rel, x0, y0)
    _write_drawn(s, v, off)
    lay.emit(out, v)


def _rel_fig(f: int, rel: tuple[int, ...]) -> int:
    """A figure's index with the flagships renumbered from the observer."""
    return rel[f] if f < PATROL0 else f


def _cell(pos: int, x0: int, y0: int) -> int:
    """The grid cell of a space of the map."""
    col, row = pos % WIDTH - x0, pos // WIDTH - y0
    assert 0 <= col < GRID and 0 <= row < GRID, f"space {pos} is off the grid"
    return row * GRID + col


# ------------------------------------------------------------------ the round and the turn
def _write_turn(s: AhoyState, v: Values, off: dict[str, int], rel: tuple[int, ...]) -> None:
    v[off["round"]] = s.round / ROUND_SCALE
    v[off["first_player"] + rel[s.first]] = 1.0
    v[off["active_player"] + rel[s.active]] = 1.0
    o = off["turn_dice"]
    v[o] = s.quota / 2
    v[o + 1] = s.placed_turn / 2
    once = s.once
    if once:
        o = off["once_used"]
        if "mystic" in once:
            v[o] = 1.0
        if "breeze" in once:
            v[o + 1] = 1.0


# ------------------------------------------------------------------ the pending decision
class Focus(NamedTuple):
    """The salient data of a decision: what :func:`_write_decision` sets besides its kind."""

    figure: int = -1
    victim: int = -1
    regions: tuple[int, ...] = ()
    card: int = -1
    side: int = -1
    direction: int = -1
    purpose: str = ""
    amount: int = 0
    move: int = -1
    """The index of the move under way in ``s.moves``."""
    space: int = -1


def _move_focus(s: AhoyState, i: int, space: int, direction: int = -1) -> Focus:
    mv = s.moves[i]
    return Focus(
        figure=mv.fig,
        amount=mv.steps,
        purpose=mv.rider,
        move=i,
        space=space,
        direction=direction,
    )


NO_FOCUS = Focus()
"""A decision with nothing salient besides its kind and seat (the turn, most often)."""


def _focus(s: AhoyState, frame: Frame) -> Focus:
    k, record = frame.kind, frame.record
    if k == "turn":
        return NO_FOCUS
    if k == "step":
        i = record(movement.Step).move
        return _move_focus(s, i, s.fig[s.moves[i].fig])
    if k == "explore":  # the target lies off the map: the mover's space and the direction
        explore = record(movement.Explore)
        i = explore.move
        return _move_focus(s, i, s.fig[s.moves[i].fig], explore.direction)
    if k == "current":
        entered = record(movement.Entered)
        return _move_focus(s, entered.move, entered.space)
    if k == "tailwind":
        tailwind = record(actions.Tailwind)
        fig = tailwind.figure
        return Focus(figure=fig, amount=tailwind.value, purpose=tailwind.rider, space=s.fig[fig])
    if k == "rider_patrol":
        return Focus(space=record(movement.RiderPatrol).space, purpose="patrol")
    if k == "rider_allies":
        return Focus(regions=(record(movement.RiderAllies).region,), purpose="allies")
    if k == "hit":
        hit = record(damage.Hit)
        victim = hit.victim
        fig = hit.ship if hit.ship >= 0 else victim
        return Focus(
            figure=fig,
            victim=victim,
            purpose="board_only" if hit.board_only else "",
            space=s.fig[fig],
        )
    if k == "ram":
        fig = record(battle.Ram).figure
        return Focus(figure=fig, space=s.fig[fig])
    if k in ("cannons", "rum"):
        return Focus(side=record(battle.BattleSide).side)
    if k == "buccaneer":
        return Focus(victim=record(battle.Buccaneer).victim)
    if k == "pay_die":
        return Focus(card=record(cards.PayDie).card)
    if k == "favor":
        return Focus(card=record(cards.Favor).card)
    if k == "count":
        count = record(actions.Count)
        return Focus(purpose=count.why, regions=(count.region,), amount=count.most)
    if k == "repair":
        return Focus(amount=record(damage.Repair).left)
    if k == "order":
        return Focus(amount=len(record(actions.Order).moved))
    if k == "officer":
        return Focus(amount=len(record(actions.Officer).moved))
    if k == "whisper":
        used = record(actions.Whisper).used
        return Focus(regions=tuple(used), amount=len(used))
    if k == "negotiate":
        negotiate = record(cards.Negotiate)
        return Focus(regions=(negotiate.region,), amount=negotiate.recruited)
    if k == "stealth":
        stealth = record(plans.Stealth)
        return Focus(regions=(stealth.region,), amount=stealth.removed, purpose="stealth")
    if k == "drive":
        return Focus(regions=(record(plans.Drive).region,), purpose="drive")
    if k == "evac_to":
        evac = record(plans.EvacTo)
        return Focus(regions=(evac.region,), amount=evac.left)
    if k == "recruit_free":
        return Focus(amount=record(cards.RecruitFree).optional)
    if k == "target":
        return Focus(purpose=record(damage.Target).why)
    if k == "goto":
        return Focus(purpose=record(cards.Goto).why)
    if k == "region":
        return Focus(purpose=record(plans.Region).why)
    if k == "island":
        return Focus(purpose=record(plans.Island).plan)
    return NO_FOCUS


_PURPOSE = {p: i for i, p in enumerate(PURPOSES)}


def _write_decision(
    s: AhoyState,
    v: Values,
    off: dict[str, int],
    decisions: dict[str, int],
    rel: tuple[int, ...],
    x0: int,
    y0: int,
) -> None:
    if not s.stack:
        return
    frame = s.stack[-1]
    v[off["decision_kind"] + decisions[frame.kind]] = 1.0
    v[off["decision_seat"] + rel[frame.seat]] = 1.0
    f = _focus(s, frame)
    if f is NO_FOCUS:  # every value below would be zero
        return
    if f.figure >= 0:
        v[off["decision_figure"] + _rel_fig(f.figure, rel)] = 1.0
    if f.victim >= 0:
        v[off["decision_victim"] + rel[f.victim]] = 1.0
    for r in f.regions:
        v[off["decision_regions"] + r] = 1.0
    if f.card >= 0:
        v[off["decision_card"] + f.card] = 1.0
    if f.side >= 0:
        v[off["decision_side"] + f.side] = 1.0
    if f.direction >= 0:
        v[off["decision_direction"] + f.direction] = 1.0
    if f.purpose:
        v[off["decision_purpose"] + _PURPOSE[f.purpose]] = 1.0
    if f.amount:
        v[off["decision_amount"]] = f.amount / AMOUNT_SCALE
    if f.move >= 0:
        mv = s.moves[f.move]
        o = off["decision_move"]
        if mv.battles:
            v[o] = 1.0
        if mv.explore:
            v[o + 1] = 1.0
        if mv.moved:
            v[o + 2] = 1.0
    if f.space >= 0:
        v[off["map_focus"] + _cell(f.space, x0, y0)] = 1.0


# ------------------------------------------------------------------ the seats
def _write_seats(s: AhoyState, v: Values, offsets: tuple[int, ...], order: tuple[int, ...]) -> None:
    """The per-seat segments (``SEAT_SEGMENTS``), the observer's first. The tensor starts
    at zero, so zero values are not written."""
    (
        o_fac,
        o_fame,
        o_gold,
        o_hand,
        o_die,
        o_low,
        o_dmg,
        o_crew,
        o_cargo,
        o_deliv,
        o_white,
        o_black,
    ) = offsets
    faction, fame, gold, hand, dice = s.faction, s.fame, s.gold, s.hand, s.dice
    damage, crew = s.damage, s.crew
    for k, p in enumerate(order):
        f = faction[p]
        v[o_fac + 3 * k + _FACTION[f]] = 1.0
        if fame[p]:
            v[o_fame + k] = fame[p] / FAME_TO_WIN
        if gold[p]:
            v[o_gold + k] = gold[p] / GOLD_TOKENS
        o = o_hand + 6 * k - 1  # dice show 1-6
        for die in hand[p]:
            v[o + die] += 1.0 / DICE_MAX
        o = o_die + SPOTS * k
        for sp, die in dice[p]:
            old = v[o + sp]
            if old:  # a second die on the Fleet's Cannons
                low, high = sorted((old, die / 6))
                v[o + sp] = high
                v[o_low + k] = low
            else:
                v[o + sp] = die / 6
        o = o_dmg + SPOTS * k
        for sp in damage[p]:
            v[o + sp] = 1.0
        o = o_crew + CARDS * k
        for card in crew[p]:
            v[o + card] = 1.0
        if f != "smuggler":
            continue
        o = o_cargo + CARDS * k
        for card in s.cargo[p]:
            v[o + card] = 1.0
        o = o_deliv + CARDS * k
        for pile in s.favor[p]:
            for card in pile:
                v[o + card] = 1.0
        v[o_white + GRID_SPACES * k + s.white[p]] = 1.0
        v[o_black + GRID_SPACES * k + s.black[p]] = 1.0


_FACTION = {f: i for i, f in enumerate(FACTIONS)}


# ------------------------------------------------------------------ supplies and secrets
def _write_supplies(s: AhoyState, seat: int, v: Values, offsets: tuple[int, ...]) -> None:
    """The factions' supplies, the observer's own secrets and the cards and tiles
    (``SUPPLY_SEGMENTS``); zero values are not written."""
    o_fleet, o_allies, o_plans, o_ships, o_discard, o_mine, o_favor = offsets[:7]
    o_market, o_deck, o_removed, o_tiles, o_bank = offsets[7:]
    fig = s.fig
    v[o_fleet] = fig[PATROL0:FORT0].count(-1) / PATROLS
    v[o_fleet + 1] = fig[FORT0:CUTTER].count(-1) / FORTS
    if s.ready:
        v[o_allies] = s.ready / ALLY_TOKENS
    v[o_allies + 1] = s.ally_supply() / ALLY_TOKENS
    if s.plan_hand:
        v[o_plans] = len(s.plan_hand) / PLAN_CARDS
    if s.plan_deck:
        v[o_plans + 1] = len(s.plan_deck) / PLAN_CARDS
    ship_card = s.ship_card
    if ship_card[0]:
        v[o_ships] = 1.0
    if ship_card[1]:
        v[o_ships + 1] = 1.0
    kinds = _PLAN_INDEX
    cards = s.plan_cards
    for c in s.plan_discard:
        v[o_discard + kinds[cards[c]]] += 1.0 / PLAN_COPIES
    if seat == s.union:
        for c in s.plan_hand:
            v[o_mine + kinds[cards[c]]] += 1.0 / PLAN_COPIES
    elif s.faction[seat] == "smuggler":
        for token, pile in enumerate(s.favor[seat]):
            for card in pile:
                v[o_favor + CARDS * token + card] = 1.0
    for card in s.market:
        v[o_market + card] = 1.0
    if s.market_deck:
        v[o_deck] = len(s.market_deck) / CARDS
    for card in s.removed:
        v[o_removed + card] = 1.0
    if s.supply:
        v[o_tiles] = len(s.supply) / SUPPLY_TILES
    v[o_bank] = s.bank() / GOLD_TOKENS


_PLAN_INDEX = {k: i for i, k in enumerate(PLAN_KEYS)}


# ------------------------------------------------------------------ regions and figures
def _write_regions(
    s: AhoyState, v: Values, off: dict[str, int], m: MapStatic, fig: tuple[int, ...]
) -> None:
    """The region segments the map does not fix (wealth, allies, fort, control) and the wealth
    and allies planes of the map, as two cached blocks found by one look-up in ``_ROWS``
    (whose key holds the planes' key, see :func:`_region_rows`)."""
    wealth, allies = tuple(s.wealth), tuple(s.allies)
    fleet, union = s.fleet, s.union
    key = (id(m), s.island_of, wealth, allies, fig[fleet], fig[union], fig[PATROL0:], fleet, union)
    hit = _ROWS.get(key)
    if hit is not None and hit[0] is m:
        rows, planes = hit[1]
    else:
        at = (id(m), wealth, allies)
        got = _PLANES.get(at)
        planes = got[1] if got is not None and got[0] is m else _region_planes(m, at)
        rows = _region_rows(s, m, key)
        if len(_ROWS) >= _ROWS_KEPT:
            _ROWS.clear()
        _ROWS[key] = (m, (rows, planes))
    o = off["region_wealth"]
    v[o : o + len(rows)] = rows
    o = off["map_wealth"]
    v[o : o + 2 * PLANES] = planes


# The caches of map-derived blocks below are keyed by the map's id and hold the map beside
# each block, so that the id cannot be reused while the block is kept (a look-up checks it is
# the same map), and each is bounded on its own: it starts afresh when full.
_RowsKey = tuple[
    int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int, tuple[int, ...], int, int
]
_ROWS: dict[_RowsKey, tuple[MapStatic, tuple[Values, Values]]] = {}
_PlanesKey = tuple[int, tuple[int, ...], tuple[int, ...]]
_PLANES: dict[_PlanesKey, tuple[MapStatic, Values]] = {}
_TEMPLATES: dict[tuple[int, int], tuple[MapStatic, Values]] = {}
_ROWS_KEPT, _PLANES_KEPT, _TEMPLATES_KEPT = 1024, 256, 16
"""Blocks kept at most: 0.5-2 MB each (the rows 55 values, the planes 968, a template 13,360
for three players). Each entry holds its map (about 60 kB) alive, so the row blocks are
bounded like the maps of ``_MAPS``."""
_REGION_ROWS = REGIONS * sum(k for name, k in REGION_SEGMENTS[2:-1])
"""Values from ``region_wealth`` to the end of ``region_control``."""


def _keep(
    cache: dict[Any, tuple[MapStatic, Values]], kept: int, key: Any, m: MapStatic, block: Values
) -> Values:
    """Keep ``block`` for ``key`` (with its map ``m``) in ``cache`` and hand it back."""
    if len(cache) >= kept:
        cache.clear()
    cache[key] = (m, block)
    return block


def _region_rows(s: AhoyState, m: MapStatic, key: _RowsKey) -> Values:
    """The values from ``region_wealth`` to ``region_control`` of ``s`` on the map ``m``.
    Cached in ``_ROWS`` by ``key``: the map, each region's island space, wealth and allies,
    the spaces of the Fleet's and the Union's flagships and of the other figures than
    flagships, and the Fleet's and the Union's seats. Those and the map (replaced whole when a
    tile is added) are all the values and the control points (``turn.controls``) depend on:
    a Smuggler's flagship counts for no one. The entry keeps the map planes of
    :func:`_region_planes` beside them (their key is part of this one)."""
    island_of, wealth, allies = key[1:4]
    fleet, union = controls(s)
    forts = s.fig[FORT0:CUTTER]
    rows = zeros(_REGION_ROWS, SINGLE)
    o_allies, o_fort, o_ctl = (REGIONS * k for k in (1, 2, 3))
    for r, pos in enumerate(island_of):
        rows[r] = wealth[r] / WEALTH_MAX
        if allies[r]:
            rows[o_allies + r] = allies[r] / ALLY_TOKENS
        if pos in forts:
            rows[o_fort + r] = 1.0
        rows[o_ctl + 2 * r] = fleet[r] / CONTROL_SCALE
        rows[o_ctl + 2 * r + 1] = union[r] / CONTROL_SCALE
    return rows


def _region_planes(m: MapStatic, key: _PlanesKey) -> Values:
    """The ``map_wealth`` and ``map_allies`` planes: each region's wealth on its spaces, its
    allies on its island. Cached in ``_PLANES`` by the map, the wealth and the allies."""
    _, wealth, allies = key
    planes = zeros(2 * PLANES, SINGLE)
    for r, cells in enumerate(m.regions):
        w = wealth[r] / WEALTH_MAX
        for c in cells:
            planes[c] = w
        if allies[r]:
            planes[PLANES + m.islands[r]] = allies[r] / ALLY_TOKENS
    return _keep(_PLANES, _PLANES_KEPT, key, m, planes)


_SYMBOL = {k: i for i, k in enumerate(SYMBOLS)}


def _write_figures(
    v: Values, off: dict[str, int], rel: tuple[int, ...], m: MapStatic, fig: tuple[int, ...]
) -> None:
    """The ``figures`` segment (3 values a figure, copied from ``m.place``) and the figure
    planes of the map: the flagships written here, the other figures as one cached block."""
    place = m.place
    o_fig = off["figures"]
    o = off["map_flagships"]
    for f, pos in enumerate(fig[:PATROL0]):
        if pos >= 0:
            cell, where = place[pos]
            k = 3 * rel[f]
            v[o_fig + k : o_fig + k + 3] = where
            v[o + PLANES * rel[f] + cell] = 1.0
    pieces = fig[PATROL0:]
    key = (id(m), pieces)
    hit = _PIECES.get(key)
    if hit is not None and hit[0] is m:
        block, planes = hit[1]
    else:
        block, planes = _pieces(m, pieces)
        if len(_PIECES) >= _PIECES_KEPT:
            _PIECES.clear()
        _PIECES[key] = (m, (block, planes))
    o = o_fig + 3 * PATROL0
    v[o : o + len(block)] = block
    o = off["map_patrols"]  # the patrols', forts' and union ships' planes follow it
    for i, x in planes:
        v[o + i] = x


def _pieces(m: MapStatic, pieces: tuple[int, ...]) -> tuple[Values, tuple[tuple[int, float], ...]]:
    """The ``figures`` values of the figures other than flagships (the patrols, the forts,
    the cutter and the gunboat, at ``pieces``), and their planes' values by offset from
    ``map_patrols``. Cached in ``_PIECES`` by the map and ``pieces``, all they depend on: they
    move far less often than the flagships."""
    place = m.place
    block = zeros(3 * len(pieces), SINGLE)
    planes: dict[int, float] = {}
    for f, pos in enumerate(pieces, PATROL0):
        if pos < 0:
            continue
        cell, where = place[pos]
        k = 3 * (f - PATROL0)
        block[k : k + 3] = where
        if f < FORT0:
            planes[cell] = planes.get(cell, 0.0) + 1.0 / PATROLS
        elif f < CUTTER:
            planes[PLANES + cell] = 1.0  # map_forts
        else:
            planes[2 * PLANES + PLANES * (f - CUTTER) + cell] = 1.0  # map_union_ships
    return block, tuple(planes.items())


_PIECES: dict[
    tuple[int, tuple[int, ...]], tuple[MapStatic, tuple[Values, tuple[tuple[int, float], ...]]]
] = {}
_PIECES_KEPT = 1024
"""Blocks kept at most (under 1 kB each); keyed by the map's id and holding the map like the
region caches below, so bounded like the maps of ``_MAPS``."""


# ------------------------------------------------------------------ the battle
def _write_battle(
    s: AhoyState, v: Values, off: dict[str, int], rel: tuple[int, ...], x0: int, y0: int
) -> None:
    f = s.fight
    if f is None:
        return
    o = off["battle"]
    v[o] = 1.0
    v[off["battle_attacker"] + rel[f.attacker]] = 1.0
    v[off["battle_mover"] + _rel_fig(f.mover, rel)] = 1.0
    v[off["map_battle"] + _cell(f.pos, x0, y0)] = 1.0
    if f.defender < 0:
        return
    v[o + 1] = 1.0
    v[o + 2] = 1.0 if f.ignored else 0.0
    v[o + 3] = 1.0 if f.secret[0] else 0.0
    v[o + 4] = 1.0 if f.secret[1] else 0.0
    v[off["battle_defender_seat"] + rel[s.owner(f.defender)]] = 1.0
    v[off["battle_defender"] + _rel_fig(f.defender, rel)] = 1.0
    o = off["battle_modifier"]
    o_roll = off["battle_roll"]
    for side in (0, 1):
        v[o + side] = (total(s, f, side) - f.roll[side]) / BATTLE_SCALE
        v[o_roll + side] = f.roll[side] / 12
    if f.winner >= 0:
        v[off["battle_winner"] + f.winner] = 1.0


# ------------------------------------------------------------------ the drawn tile
def _tile_items(tile: RegionTile) -> list[tuple[int, float]]:
    """(offset from ``drawn_cells``, value) of a tile as printed."""
    out: list[tuple[int, float]] = []
    for k, c in enumerate(tile.cells):
        o = 18 * k
        out.append((o + TILE_TERRAINS.index(c.terrain), 1.0))
        if c.current is not None:
            out.append((o + 6 + "NESW".index(c.current), 1.0))
        if c.tailwind:
            out.append((o + 10, c.tailwind / MARK_MAX))
        if c.gold:
            out.append((o + 11, c.gold / TREASURE_MAX))
        if c.symbol is not None:
            out.append((o + 12 + _SYMBOL[c.symbol], 1.0))
    sides = tuple(SANDBAR_CELLS)
    out += [(4 * 18 + sides.index(bar), 1.0) for bar in tile.sandbars]
    return out


def _write_drawn(s: AhoyState, v: Values, off: dict[str, int]) -> None:
    if s.drawn < 0:
        return
    v[off["drawn_tile"] + s.drawn] = 1.0
    items = _TILES.get(s.drawn)
    if items is None:
        items = _TILES[s.drawn] = _tile_items(s.content.regions[s.drawn])
    o = off["drawn_cells"]
    for i, x in items:
        v[o + i] = x


# ------------------------------------------------------------------ the map
_AT = tuple(
    (g, array(SINGLE, (1.0, g % GRID / (GRID - 1), g // GRID / (GRID - 1)))) for g in range(PLANES)
)
"""Each grid cell and a figure's ``figures`` values there (``MapStatic.place``): shared by
every map, never written to."""


def _cell_items(
    pos: int, c: Cell, g: int, bars: frozenset[tuple[int, int]]
) -> list[tuple[int, float]]:
    """(offset from ``map_space``, value) of the static planes at one space of the map, in grid
    cell ``g`` (a tile's north-west corner aside)."""
    items = [(g, 1.0)]  # map_space
    if c.terrain in TERRAINS:
        items.append((PLANES * (P_TERRAIN + TERRAINS.index(c.terrain)) + g, 1.0))
    if c.current >= 0:
        items.append((PLANES * (P_CURRENT + c.current) + g, 1.0))
    if (pos, 1) in bars:  # a sandbar on the east edge
        items.append((PLANES * P_BAR + g, 1.0))
    if (pos, 2) in bars:  # on the south edge
        items.append((PLANES * (P_BAR + 1) + g, 1.0))
    if c.tailwind:
        items.append((PLANES * P_TAILWIND + g, c.tailwind / MARK_MAX))
    if c.gold:
        items.append((PLANES * P_TREASURE + g, c.gold / TREASURE_MAX))
    return items


def _frame(xs: list[int], ys: list[int]) -> tuple[int, int, int, int]:
    """The westmost column, northmost row, eastmost column and southmost row of a map's
    spaces; a map wider or taller than the grid cannot be encoded."""
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    if x1 - x0 >= GRID or y1 - y0 >= GRID:
        raise ValueError(f"the map spans more than {GRID} spaces: it cannot be encoded")
    return x0, y0, x1, y1


def _map_static(cells: dict[int, Cell], bars: frozenset[tuple[int, int]]) -> MapStatic:
    x0, y0, x1, y1 = _frame([p % WIDTH for p in cells], [p // WIDTH for p in cells])
    items: list[tuple[int, float]] = []
    regions: dict[int, list[int]] = {}
    islands: dict[int, tuple[int, int]] = {}
    cell_of: dict[int, int] = {}
    for pos, c in sorted(cells.items()):
        g = cell_of[pos] = (pos // WIDTH - y0) * GRID + pos % WIDTH - x0
        regions.setdefault(c.region, []).append(g)
        items += _cell_items(pos, c, g, bars)
        if c.symbol is not None:
            islands[c.region] = (g, SYMBOLS.index(c.symbol))
    for gs in regions.values():
        items.append((PLANES * P_CORNER + gs[0], 1.0))  # a tile's north-west space
    count = max(regions) + 1
    planes = zeros(STATIC_PLANES_END * PLANES, SINGLE)
    for i, x in items:
        planes[i] = x
    island_cells = tuple(islands.get(r, (0, 0))[0] for r in range(count))
    symbols = tuple(islands.get(r, (0, 0))[1] for r in range(count))
    return MapStatic(
        x0,
        y0,
        x1,
        y1,
        tuple(tuple(regions.get(r, ())) for r in range(count)),
        island_cells,
        symbols,
        planes,
        {pos: _AT[g] for pos, g in cell_of.items()},
        _region_block(island_cells, symbols),
    )


def _extended(
    m: MapStatic, cells: dict[int, Cell], bars: frozenset[tuple[int, int]], spaces: tuple[int, ...]
) -> MapStatic:
    """``m`` with a region tile on ``spaces`` added (see :func:`_grows`): what
    :func:`_map_static` makes of the new map, without going over the old spaces again. If the
    tile lies west or north of the map, the grid's corner moves and every old cell moves by the
    same ``shift`` (which keeps each value in its plane, the map still fitting the grid)."""
    new = sorted(spaces)
    x0, y0, x1, y1 = _frame(
        [m.x0, m.x1, *(p % WIDTH for p in new)], [m.y0, m.y1, *(p // WIDTH for p in new)]
    )
    shift = (m.y0 - y0) * GRID + m.x0 - x0
    size = STATIC_PLANES_END * PLANES
    if shift:
        planes = zeros(size, SINGLE)
        planes[shift:] = m.planes[: size - shift]
        regions = [tuple(g + shift for g in gs) for gs in m.regions]
        island_cells = [g + shift for g in m.islands]
        place = {pos: _AT[g + shift] for pos, (g, _) in m.place.items()}
    else:
        planes = m.planes[:]
        regions = list(m.regions)
        island_cells = list(m.islands)
        place = dict(m.place)
    symbols = list(m.symbols)
    gs = []
    added: list[tuple[int, float]] = []
    for pos in new:
        c = cells[pos]
        g = (pos // WIDTH - y0) * GRID + pos % WIDTH - x0
        gs.append(g)
        place[pos] = _AT[g]
        added += _cell_items(pos, c, g, bars)
        if c.symbol is not None:
            island_cells.append(g)
            symbols.append(SYMBOLS.index(c.symbol))
    added.append((PLANES * P_CORNER + gs[0], 1.0))  # the tile's north-west space
    for i, x in added:
        planes[i] = x
    regions.append(tuple(gs))
    return MapStatic(
        x0,
        y0,
        x1,
        y1,
        tuple(regions),
        tuple(island_cells),
        tuple(symbols),
        planes,
        place,
        _region_block(tuple(island_cells), tuple(symbols)),
    )


def _region_block(island_cells: tuple[int, ...], symbols: tuple[int, ...]) -> Values:
    """The region segments as far as the map fixes them (see ``MapStatic.region_block``)."""
    block = zeros(REGION_BLOCK, SINGLE)
    for r, g in enumerate(island_cells):
        block[r] = 1.0  # region_placed
        block[R_SYMBOL + 6 * r + symbols[r]] = 1.0
        block[R_ISLAND + 2 * r] = g % GRID / (GRID - 1)
        block[R_ISLAND + 2 * r + 1] = g // GRID / (GRID - 1)
    return block


def map_static(s: AhoyState) -> MapStatic:
    """The static part of ``s``'s map, from the cache while the map objects are the same. A
    map new to the cache is made from the map before its last tile (:func:`_extended`) when
    that one is still kept and the new map is it plus the tile, else from scratch."""
    cells, bars = s.cells, s.bars
    hit = _MAPS.get(id(cells))
    if hit is not None and hit[0] is cells and hit[1] is bars:
        return hit[2]
    placed = s.placed
    before = _BY_PLACED.get(placed[:-1])
    new = geometry.block(placed[-1].origin) if placed else ()
    if before is not None and _grows(before[0], before[1], cells, bars, new):
        m = _extended(before[2], cells, bars, new)
    else:
        m = _map_static(cells, bars)
    if len(_MAPS) >= _MAP_CACHE:
        _MAPS.clear()
    _MAPS[id(cells)] = (cells, bars, m)  # holding the map keeps its id from being reused
    if len(_BY_PLACED) >= _MAP_CACHE:
        _BY_PLACED.clear()
    _BY_PLACED[placed] = (cells, bars, m)
    return m


def _grows(
    old: dict[int, Cell],
    old_bars: frozenset[tuple[int, int]],
    cells: dict[int, Cell],
    bars: frozenset[tuple[int, int]],
    new: tuple[int, ...],
) -> bool:
    """Whether ``cells`` and ``bars`` are ``old`` and ``old_bars`` and a tile on the spaces
    ``new`` with sandbars of its own spaces only (as ``AhoyState.add_region`` makes them)."""
    return (
        len(cells) == len(old) + len(new)
        and all(p in cells and p not in old for p in new)
        and old.items() <= cells.items()
        and old_bars <= bars
        and all(p in new for p, _ in bars - old_bars)
    )


def _template(m: MapStatic, lay: Layout) -> Values:
    """A blank tensor with what the map fixes written in: the static planes, where the grid
    lies (``map_offset``) and the region values of ``m.region_block``. Every tensor of the
    map starts as a copy of it. Cached in ``_TEMPLATES`` by map and player count."""
    key = (id(m), lay.n)
    hit = _TEMPLATES.get(key)
    if hit is not None and hit[0] is m:
        return hit[1]
    v = lay.blank()
    off = lay.off
    o = off["map_space"]
    v[o : o + len(m.planes)] = m.planes
    o = off["map_offset"]
    v[o] = (ORIGIN % WIDTH - m.x0) / REACH
    v[o + 1] = (ORIGIN // WIDTH - m.y0) / REACH
    o = off["region_placed"]
    v[o : o + REGION_BLOCK] = m.region_block
    return _keep(_TEMPLATES, _TEMPLATES_KEPT, key, m, v)
