"""Pirates of Maracaibo as numbers for learning agents: ``game.write_tensor``.

The tensor holds what ``state.observation(seat)`` shows that seat (``view.py``) and nothing more:
the Caribbean's face-up cards, the public boards of every participant, the supplies, the pending
decision, and the seat's own quest cards. Face-down cards (Uncharted Waters), the level II deck
below a face-up top, the box, the quest deck, other players' quests (John Silver's too) and the
order of John's solo deck stay out; of them only the public counts are written.

The size depends only on the player count: every module has its values in every game (zero
while the module is off), and ``options`` says which modules are on, so one policy can learn
across module sets. Per-participant blocks list the observer first, then the others in turn
order; in the solo game the second participant is John Silver.

It runs at every step of training, so it is written for speed: the segments are declared once
per participant count (:class:`Layout`), the writer sets only the non-zero values of a blank
tensor by offset, the parts that never change in a game (the options, a layout's terrain) are
cached blocks copied in one go, and every table that depends on the content alone is computed
once at import.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from tabletide.engine import Frame, TensorLayout, TensorWriter, Values, seat_order, zeros
from tabletide.games.maracaibo.board import Board
from tabletide.games.maracaibo.constants import (
    COLUMNS,
    GRID,
    MODULES,
    NODES,
    RAID_IDS,
    ROUNDS,
    SMUGGLER_TILES,
)
from tabletide.games.maracaibo.content import CATEGORIES, COLORS, load_content
from tabletide.games.maracaibo.effects import (
    POSEIDON,
    Bury,
    Buy,
    ColorChoice,
    Lightning,
    QuestChoice,
    Smuggler,
    Store,
)
from tabletide.games.maracaibo.explore import Explore
from tabletide.games.maracaibo.movement import Pay, Step
from tabletide.games.maracaibo.raid import Reroll, Spend
from tabletide.games.maracaibo.scoring import fulfilled
from tabletide.games.maracaibo.spaces import Space, Visit
from tabletide.games.maracaibo.state import BLANK, PROMPTS, MaracaiboState, level1_locations

_C = load_content()
DECISIONS: tuple[str, ...] = tuple(PROMPTS)
"""Every decision kind (the top frame's kind), in a fixed order."""
_KIND_INDEX = {kind: i for i, kind in enumerate(DECISIONS)}
CARDS = len(_C.cards)
QUESTS = len(_C.quests)
FIGUREHEADS = len(_C.figureheads)
TRACK = len(_C.track.spaces)
RIVERS = 1 + max(no for sp in _C.track.spaces for no in sp.river_no)
SHIP_SLOTS = len(_C.ship.slots)
LAYOUTS = tuple(lay.name for lay in _C.layouts)
SOLO_CARDS = len(_C.solo.cards)
JOHN_SPACES = len(_C.solo.levels)
JOHN_SLOTS = sum(len(col) for col in _C.solo.board)
RUBY_MARKET = len(_C.places.ruby_market)
LEVEL2 = sum(1 for card in _C.cards if card.level == 2)
BONUS = tuple(len(_C.hideout.section(c).bonus) for c in COLORS)
BURIED = tuple(len(_C.hideout.section(c).buried) for c in COLORS)
MAX_OFFER = 3  # MA-9.13: Royal Orders shows 3 quests, else 2
MAX_EFFECTS = max(len(card.lightning) for card in _C.cards)
MAX_GROUPS = max([len(_C.places.bay)] + [len(card.actions) for card in _C.cards])
MAX_TRADES = 4  # step trades: two upgrade cards, a ship slot and a figurehead together
COLOR_PURPOSES = ("treasure", "refill", "raid_as")
BUY_CATEGORIES = ("any", *CATEGORIES)

# Scales: the usual maxima, from the rules and from random play (values may pass 1 now and then).
VP_SCALE = 100.0  # final scores reach 100-200 after the final scoring
DOUBLOON_SCALE = 30.0
INCOME_SCALE = 10.0
TREASURE_SCALE = 10.0
ISLAND_SCALE = 10.0  # 4 at the start (MA-3.6); refills add more
QUEST_SCALE = 6.0  # six fulfilled quests is the bonus (MA-7.9)
RUBY_SCALE = 5.0
MAX_COINS = 4  # 1 at setup, +1 per round end (MA-9.1, MA-9.3)
STRENGTH_SCALE = 12.0
STEP_SCALE = 10.0
AMOUNT_SCALE = 6.0
SURCHARGE_SCALE = 3.0  # MA-5.47
PRICE_SCALE = 3.0
REROLL_SCALE = 2.0
MOVE_SCALE = 4.0
DIE_SCALE = 6.0
DIFFICULTY_SCALE = 6.0  # MA-8.5: 0-6 B cards


def write_tensor(s: MaracaiboState, seat: int, out: TensorWriter) -> None:
    """Write ``seat``'s observation of ``s`` into ``out`` (see the module docstring)."""
    layout(s.participants).emit(out, tensor_values(s, seat))


def tensor_values(s: MaracaiboState, seat: int) -> Values:
    """:func:`write_tensor`'s values, in a fresh buffer."""
    n = s.participants
    lay = layout(n)
    solo = s.john >= 0
    level = int(s.options.get("difficulty", 0)) if solo else 0
    first = bool(s.options.get("first_game"))
    order = seat_order(seat, n)
    rel = [0] * n
    for k, p in enumerate(order):
        rel[p] = k
    v = _with_grid(s, seat, rel, (n, s.mods, first, s.board, solo, level))
    _game(s, rel, v, lay)
    _decision(s, rel, v, lay)
    _players(s, order, v, lay)
    _own(s, seat, v, lay)
    _supply(s, v, lay)
    return v


@cache
def _fixed(
    n: int, mods: frozenset[str], first: bool, board: Board, solo: bool, level: int
) -> Values:
    """A blank tensor with the parts that never change in a game already written: the options
    block and the layout's terrain. Cached on the participant count, the options and the board
    (all immutable); callers copy it (``[:]``, one memory copy) and never write into it."""
    lay = layout(n)
    v = lay.blank()
    at = lay.options
    v[at : at + OPTIONS] = _options(mods, first, board.name, solo, level)
    at = lay.grid_cell
    v[at : at + GRID * CELL_FIELDS] = _terrain(board)
    return v


# ---------------------------------------------------------------------------- the game
OPTIONS_MEANING = (
    f"modules on ({', '.join(MODULES)}); first_game; layout one-hot ({', '.join(LAYOUTS)}); "
    "solo; difficulty / 6"
)
OPTIONS = len(MODULES) + 1 + len(LAYOUTS) + 2
TURN_MEANING = (
    "round one-hot (1-3); round ending (a ship reached Maracaibo); game over; raid dice "
    "(yellow, green, white) / 6; whose turn one-hot (relative: me first)"
)


@cache
def _options(mods: frozenset[str], first: bool, layout: str, solo: bool, level: int) -> Values:
    """The options block. Cached on the options themselves (all immutable), which never change
    in a game: writing it is one memory copy."""
    values = [1.0 if m in mods else 0.0 for m in MODULES]
    values.append(1.0 if first else 0.0)
    values.extend(1.0 if name == layout else 0.0 for name in LAYOUTS)
    values.append(1.0 if solo else 0.0)
    values.append(level / DIFFICULTY_SCALE)
    return array("d", values)


def _game(s: MaracaiboState, rel: list[int], v: Values, lay: Layout) -> None:
    """The turn and the raid actions used (the options are in :func:`_fixed`)."""
    at = lay.turn
    v[at + s.round - 1] = 1.0
    if s.ending:
        v[at + ROUNDS] = 1.0
    if not s.stack:
        v[at + ROUNDS + 1] = 1.0
    for i, die in enumerate(s.dice):
        v[at + ROUNDS + 2 + i] = die / DIE_SCALE
    v[at + ROUNDS + 5 + rel[s.active]] = 1.0
    at = lay.raid_used
    for i in s.raid_used:
        v[at + i] += 1.0


# ---------------------------------------------------------------------------- the decision
# decision_data: fixed fields, then one "pay to" bit per participant.
_FIELDS = (
    ("groups_done", MAX_GROUPS, "location / Bay: action groups done"),
    ("effects_left", MAX_EFFECTS, "lightning: the card's one-time effects still to resolve"),
    ("color", len(COLORS), "store: treasure colour; spend: the raid die's colour"),
    ("purpose", len(COLOR_PURPOSES), "color: " + ", ".join(COLOR_PURPOSES)),
    ("category", len(BUY_CATEGORIES), "buy: card category " + ", ".join(BUY_CATEGORIES)),
    ("trades_used", MAX_TRADES, "explore: step trades used"),
    ("amount", 1, f"color: cubes or die value; bury: burials left (/ {AMOUNT_SCALE:g})"),
    ("strength", 1, f"spend: raid strength left / {STRENGTH_SCALE:g}"),
    ("rerolls", 1, f"reroll: rerolls left / {REROLL_SCALE:g}"),
    ("steps", 1, f"explore: steps / {STEP_SCALE:g}"),
    ("surcharge", 1, f"buy: surcharge / {SURCHARGE_SCALE:g}"),
    ("price", 1, f"smuggler: price of the tile / {PRICE_SCALE:g}"),
    ("refreshed", 1, "quest: the Whale's refresh used"),
    ("start_column", 1, f"step: the column the move began in / {COLUMNS + 2}"),
    ("moves_left", 1, f"step: moves left / {MOVE_SCALE:g}"),
)


def _offsets() -> tuple[dict[str, int], int]:
    at: dict[str, int] = {}
    size = 0
    for name, width, _ in _FIELDS:
        at[name] = size
        size += width
    return at, size


DATA_AT, DATA_FIXED = _offsets()
_FIELDS_MEANING = "; ".join(f"{name} ({width}): {text}" for name, width, text in _FIELDS)
DATA_MEANING = {
    n: f"{_FIELDS_MEANING}; pay ({n}): players still to pay, relative" for n in range(2, 5)
}

# Each filler writes one decision's data into the tensor, ``at`` being where decision_data
# starts: ``v[at + DATA_AT[field]]``.
Fill = Callable[[Values, int, Frame, list[int]], None]


def _bits(v: Values, at: int, mask: int, size: int) -> None:
    for i in range(size):
        if mask >> i & 1:
            v[at + i] = 1.0


def _fill_location(v: Values, at: int, f: Frame, rel: list[int]) -> None:
    _bits(v, at + DATA_AT["groups_done"], f.record(Visit).groups_done, MAX_GROUPS)


def _fill_lightning(v: Values, at: int, f: Frame, rel: list[int]) -> None:
    for i in f.record(Lightning).effects_left:
        v[at + DATA_AT["effects_left"] + i] = 1.0


def _fill_store(v: Values, at: int, f: Frame, rel: list[int]) -> None:
    v[at + DATA_AT["color"] + f.record(Store).color] = 1.0


def _fill_spend(v: Values, at: int, f: Frame, rel: list[int]) -> None:
    spend = f.record(Spend)
    v[at + DATA_AT["color"] + spend.color] = 1.0
    v[at + DATA_AT["strength"]] = spend.strength / STRENGTH_SCALE


def _fill_color(v: Values, at: int, f: Frame, rel: list[int]) -> None:
    choice = f.record(ColorChoice)
    v[at + DATA_AT["purpose"] + COLOR_PURPOSES.index(choice.purpose)] = 1.0
    v[at + DATA_AT["amount"]] = choice.amount / AMOUNT_SCALE


def _fill_bury(v: Values, at: int, f: Frame, rel: list[int]) -> None:
    v[at + DATA_AT["amount"]] = f.record(Bury).left / AMOUNT_SCALE


def _fill_reroll(v: Values, at: int, f: Frame, rel: list[int]) -> None:
    v[at + DATA_AT["rerolls"]] = f.record(Reroll).rerolls / REROLL_SCALE


def _fill_explore(v: Values, at: int, f: Frame, rel: list[int]) -> None:
    explore = f.record(Explore)
    v[at + DATA_AT["steps"]] = explore.steps / STEP_SCALE
    _bits(v, at + DATA_AT["trades_used"], explore.trades_used, MAX_TRADES)


def _fill_buy(v: Values, at: int, f: Frame, rel: list[int]) -> None:
    buy = f.record(Buy)
    v[at + DATA_AT["category"] + BUY_CATEGORIES.index(buy.category or "any")] = 1.0
    v[at + DATA_AT["surcharge"]] = buy.surcharge / SURCHARGE_SCALE


def _fill_smuggler(v: Values, at: int, f: Frame, rel: list[int]) -> None:
    v[at + DATA_AT["price"]] = f.record(Smuggler).price / PRICE_SCALE


def _fill_quest(v: Values, at: int, f: Frame, rel: list[int]) -> None:
    v[at + DATA_AT["refreshed"]] = 1.0 if f.record(QuestChoice).refreshed else 0.0


def _fill_step(v: Values, at: int, f: Frame, rel: list[int]) -> None:
    step = f.record(Step)
    v[at + DATA_AT["start_column"]] = step.start_column / (COLUMNS + 2)
    v[at + DATA_AT["moves_left"]] = step.moves_left / MOVE_SCALE


def _fill_pay(v: Values, at: int, f: Frame, rel: list[int]) -> None:
    for q in f.record(Pay).payees:
        v[at + DATA_FIXED + rel[q]] = 1.0


_FILL: dict[str, Fill] = {
    "location": _fill_location,
    "bay": _fill_location,
    "lightning": _fill_lightning,
    "store": _fill_store,
    "spend": _fill_spend,
    "color": _fill_color,
    "bury": _fill_bury,
    "reroll": _fill_reroll,
    "explore": _fill_explore,
    "buy": _fill_buy,
    "smuggler": _fill_smuggler,
    "quest": _fill_quest,
    "step": _fill_step,
    "pay": _fill_pay,
}
_NODE_RECORDS: dict[str, type[Space] | type[Visit]] = {
    "upgrade_space": Space,
    "residence_space": Space,
    "smuggle_here": Space,
    "location": Visit,
    "bay": Visit,
}
"""The kinds whose decision is about a space, and the record that names its node."""


def _decision(s: MaracaiboState, rel: list[int], v: Values, lay: Layout) -> None:
    """The pending decision: its kind and seat, and the data its choices depend on."""
    if not s.stack:
        return  # the game is over: no decision, all zero
    top = s.stack[-1]
    kind = top.kind
    index = _KIND_INDEX.get(kind)
    if index is not None:
        v[lay.decision_kind + index] = 1.0
    v[lay.decision_seat + rel[top.seat]] = 1.0
    node_record = _NODE_RECORDS.get(kind)
    if node_record is not None:
        node = top.record(node_record).node
        if node is not None and node >= 0:
            v[lay.decision_node + node] = 1.0
    if kind == "lightning":
        v[lay.decision_card + top.record(Lightning).card] = 1.0
    elif kind == "step":
        at = lay.decision_path
        for node in top.record(Step).path:
            v[at + node] += 1.0
    fill = _FILL.get(kind)
    if fill is not None:
        fill(v, lay.decision_data, top, rel)


# ---------------------------------------------------------------------------- participants
PLAYER_NUMBERS = (
    f"VP / {VP_SCALE:g}",
    f"doubloons / {DOUBLOON_SCALE:g}",
    f"doubloon income / {INCOME_SCALE:g}",
    f"VP income / {INCOME_SCALE:g}",
    *(f"{c} above the line, off bonus spaces / {TREASURE_SCALE:g}" for c in COLORS),
    *(f"{c} buried / its {n} spaces" for c, n in zip(COLORS, BURIED, strict=True)),
    f"quests held / {QUEST_SCALE:g}",
    f"rubies / {RUBY_SCALE:g}",
    "retired",
    "is John Silver",
)
NUMBERS = len(PLAYER_NUMBERS)
SHIP_BOARD = SHIP_SLOTS + FIGUREHEADS
HIDEOUT = sum(BONUS) + sum(BURIED) + len(POSEIDON) * len(COLORS)
_BONUS_AT = tuple(sum(BONUS[:i]) for i in range(len(COLORS)))
_BURIED_AT = tuple(sum(BONUS) + sum(BURIED[:i]) for i in range(len(COLORS)))
_POSEIDON_AT = sum(BONUS) + sum(BURIED)
TOKENS = RIVERS + SMUGGLER_TILES
PLAYER_MEANING = "per player: " + "; ".join(PLAYER_NUMBERS)
SHIP_BOARD_MEANING = f"per player: ship slots filled ({SHIP_SLOTS}), figurehead ({FIGUREHEADS})"
HIDEOUT_MEANING = (
    "per player: bonus spaces filled (gold, emerald, pearl), buried-treasure spaces filled "
    "(gold, emerald, pearl), treasure colour on each of Poseidon's spaces"
)
TOKENS_MEANING = (
    f"per player: rivers crossed ({RIVERS}), smuggler tiles not placed ({SMUGGLER_TILES})"
)


@cache
def _bit_indexes(mask: int, base: int) -> tuple[int, ...]:
    """``base + i`` for every bit ``i`` set in ``mask`` (cached: masks and bases repeat)."""
    return tuple(base + i for i in range(mask.bit_length()) if mask >> i & 1)


def _set_bits(v: Values, mask: int, base: int) -> None:
    """Set ``v[base + i]`` for every bit ``i`` of ``mask``."""
    if mask:
        for i in _bit_indexes(mask, base):
            v[i] = 1.0


def _players(s: MaracaiboState, order: list[int], v: Values, lay: Layout) -> None:
    """Public boards of every participant, the observer first."""
    numbers_at, ship_at, explorer_at = lay.player_numbers, lay.ship_at, lay.explorer_at
    cards_at, board_at, hideout_at, tokens_at = (
        lay.cards_owned,
        lay.ship_board,
        lay.hideout,
        lay.tokens,
    )
    for k, p in enumerate(order):
        d, vp_income = s.income(p)
        store, dug = s.store[p], s.buried_at[p]
        at = numbers_at + k * NUMBERS
        v[at : at + NUMBERS] = array(
            "d",
            (
                s.vp[p] / VP_SCALE,
                s.doubloons[p] / DOUBLOON_SCALE,
                d / INCOME_SCALE,
                vp_income / INCOME_SCALE,
                store[0] / TREASURE_SCALE,
                store[1] / TREASURE_SCALE,
                store[2] / TREASURE_SCALE,
                dug[0].bit_count() / BURIED[0],
                dug[1].bit_count() / BURIED[1],
                dug[2].bit_count() / BURIED[2],
                len(s.quests[p]) / QUEST_SCALE,
                s.rubies[p] / RUBY_SCALE,
                1.0 if s.retired[p] else 0.0,
                1.0 if p == s.john else 0.0,
            ),
        )
        v[ship_at + k * NODES + s.ship[p]] = 1.0
        v[explorer_at + k * TRACK + s.explorer[p]] = 1.0
        at = cards_at + k * CARDS
        for c in s.owned[p]:
            v[at + c] += 1.0
        slots, fig = s.slots[p], s.fig[p]
        if slots or fig >= 0:
            at = board_at + k * SHIP_BOARD
            v[at : at + SHIP_BOARD] = _ship_board_block(slots, fig)
        hideout = (*s.bonus[p], *dug, *s.poseidon[p])
        if hideout != _EMPTY_HIDEOUT:
            at = hideout_at + k * HIDEOUT
            v[at : at + HIDEOUT] = _hideout_block(hideout)
        at = tokens_at + k * TOKENS
        v[at : at + TOKENS] = _tokens_block(s.rivers[p], tuple(s.smug_left[p]))


_EMPTY_HIDEOUT = (0,) * (2 * len(COLORS)) + (-1,) * len(POSEIDON)
"""A hideout with nothing on it, as :func:`_hideout_block`'s key (its values are all zero)."""


@cache
def _ship_board_block(slots: int, fig: int) -> Values:
    """One participant's ``ship_board`` values (cached: keyed on the filled-slot bitmask and
    the figurehead, plain ints; a few hundred combinations at most)."""
    values = zeros(SHIP_BOARD)
    _set_bits(values, slots, 0)
    if fig >= 0:
        values[SHIP_SLOTS + fig] = 1.0
    return values


@lru_cache(maxsize=1 << 12)
def _hideout_block(hideout: tuple[int, ...]) -> Values:
    """One participant's ``hideout`` values from its bonus-space and buried-treasure bitmasks
    (one per colour) and Poseidon's colours (-1 = empty), the key being an immutable copy of
    all three."""
    values = zeros(HIDEOUT)
    n = len(COLORS)
    for c in range(n):
        _set_bits(values, hideout[c], _BONUS_AT[c])
        _set_bits(values, hideout[n + c], _BURIED_AT[c])
    for i, c in enumerate(hideout[2 * n :]):
        if c >= 0:
            values[_POSEIDON_AT + i * 3 + c] = 1.0
    return values


@lru_cache(maxsize=1 << 12)
def _tokens_block(rivers: int, smugglers: tuple[int, ...]) -> Values:
    """One participant's ``tokens`` values (cached: keyed on the rivers bitmask and an
    immutable copy of the smuggler tiles not placed)."""
    values = zeros(TOKENS)
    _set_bits(values, rivers, 0)
    for t in smugglers:
        values[RIVERS + t] = 1.0
    return values


JOHN_MEANING = (
    f"solo: John's track space one-hot ({JOHN_SPACES}); ship upgrades / {JOHN_SLOTS}; solo "
    f"cards left / {SOLO_CARDS}; solo cards revealed since the shuffle ({SOLO_CARDS})"
)


def _own(s: MaracaiboState, seat: int, v: Values, lay: Layout) -> None:
    """The observer's secret: its quest cards, and which of them it fulfils now; then John
    Silver's public boards (zero in a game with more players)."""
    mine, quests = s.quests[seat], s.content.quests
    for q in mine:
        v[lay.own_quests + q] += 1.0
        if fulfilled(s, seat, quests[q]):
            v[lay.own_quests_fulfilled + q] += 1.0
    if s.john >= 0:
        at = lay.john
        v[at + s.john_level] = 1.0
        v[at + JOHN_SPACES] = s.john_slots / JOHN_SLOTS
        v[at + JOHN_SPACES + 1] = len(s.solo_deck) / SOLO_CARDS
        for card in s.solo_out:
            v[at + JOHN_SPACES + 2 + card] = 1.0


# ---------------------------------------------------------------------------- supplies
SUPPLY_MEANING = (
    f"cubes on the gold, emerald, pearl islands / {ISLAND_SCALE:g}; quest deck / {QUESTS}; "
    f"level II deck / {LEVEL2}"
)
OFFERS = FIGUREHEADS + SMUGGLER_TILES + RUBY_MARKET
OFFERS_MEANING = (
    f"figureheads offered ({FIGUREHEADS}); smuggler tile showing its second side "
    f"({SMUGGLER_TILES}); ruby market spaces taken ({RUBY_MARKET})"
)


SUPPLY = len(COLORS) + 2
_QUEST_OFFER_AT = SUPPLY
_LEVEL2_AT = _QUEST_OFFER_AT + MAX_OFFER * QUESTS
_OFFERS_AT = _LEVEL2_AT + CARDS
"""Where ``quest_offer``, ``level2_top`` and ``offers`` start after ``supply`` (adjacent)."""


def _supply(s: MaracaiboState, v: Values, lay: Layout) -> None:
    """The segments ``supply``, ``quest_offer``, ``level2_top`` and ``offers``, one block."""
    shown = s.deck2 and s.deck2_up[-1] and "uncharted_upgrades" in s.mods
    block = _supply_block(
        tuple(s.islands),
        len(s.quest_deck),
        len(s.deck2),
        tuple(s.quest_offer),
        s.deck2[-1] if shown else -1,
        tuple(s.fig_offer),
        tuple(s.smug_sides),
        s.ruby_market,
    )
    at = lay.supply
    v[at : at + len(block)] = block


@lru_cache(maxsize=1 << 12)
def _supply_block(
    islands: tuple[int, ...],
    quest_deck: int,
    deck2: int,
    quest_offer: tuple[int, ...],
    level2_top: int,
    fig_offer: tuple[int, ...],
    smug_sides: tuple[int, ...],
    ruby_market: int,
) -> Values:
    """:func:`_supply`'s block (cached: keyed on plain ints and immutable copies of the lists,
    everything it shows; the level II top is -1 when it is not shown)."""
    values = zeros(_OFFERS_AT + OFFERS)
    for i, c in enumerate(islands):
        values[i] = c / ISLAND_SCALE
    values[3] = quest_deck / QUESTS
    values[4] = deck2 / LEVEL2
    for i, q in enumerate(quest_offer):
        values[_QUEST_OFFER_AT + i * QUESTS + q] = 1.0
    if level2_top >= 0:
        values[_LEVEL2_AT + level2_top] = 1.0
    for fig in fig_offer:
        values[_OFFERS_AT + fig] += 1.0
    at = _OFFERS_AT + FIGUREHEADS
    for t, side in enumerate(smug_sides):
        if side:
            values[at + t] = 1.0
    _set_bits(values, ruby_market, at + SMUGGLER_TILES)
    return values


# ---------------------------------------------------------------------------- the Caribbean
CELL = ("slot", "gold island", "emerald island", "pearl island")
CELL_HIDDEN = ("face down", "face-down location", "blank", "empty")
CELL_FIELDS = len(CELL) + len(CELL_HIDDEN) + MAX_COINS + len(COLORS) + 1
CELL_MEANING = (
    f"per cell: {', '.join(CELL)} (water: none); {', '.join(CELL_HIDDEN)}; doubloons on a "
    f"face-down location, as {MAX_COINS} bits (at least 1, 2, ...); refill tile colour (3); "
    "ruby supply tile"
)
_HIDDEN_AT = len(CELL)
_COINS_AT = _HIDDEN_AT + len(CELL_HIDDEN)
_REFILL_AT = _COINS_AT + MAX_COINS
_RUBY_AT = _REFILL_AT + len(COLORS)
PIECES_MEANING = (
    "per cell: smuggler tile owner (relative), which smuggler tile (5), residence markers "
    "(relative)"
)


@cache
def _terrain(board: Board) -> Values:
    """The fixed part of ``grid_cell`` for a layout: its card slots and islands. Cached on the
    board, which is immutable and shared by every state of its layout (``board_of``)."""
    values = zeros(GRID * CELL_FIELDS)
    for n in board.slots:
        values[n * CELL_FIELDS] = 1.0
    for color, n in board.islands.items():
        values[n * CELL_FIELDS + 1 + COLORS.index(color)] = 1.0
    return values


@cache
def _slot_offsets(board: Board, n: int) -> tuple[tuple[int, int, int, int], ...]:
    """For each card slot of a layout: its node and where, in the tensor of ``n``
    participants, its cell, its card one-hot and its pieces start (cached on the immutable
    board and the participant count)."""
    lay = layout(n)
    return tuple(
        (
            node,
            lay.grid_cell + node * CELL_FIELDS,
            lay.grid_card + node * CARDS,
            lay.grid_pieces + node * lay.pieces_size,
        )
        for node in board.slots
    )


_COLOR_INDEX = {color: i for i, color in enumerate(COLORS)}


class _GridBlank:
    """A blank tensor with the grid written (:func:`_with_grid`), and copies of what the grid
    was made of."""

    __slots__ = (
        "coins",
        "location",
        "refill_of",
        "res",
        "ruby_cards",
        "slot",
        "smug",
        "up",
        "values",
    )

    def __init__(self, s: MaracaiboState, location: tuple[bool, ...] | None, v: Values) -> None:
        self.slot, self.up, self.coins, self.smug = s.slot[:], s.up[:], s.coins[:], s.smug[:]
        self.refill_of = dict(s.refill_of)
        self.res = {card: who[:] for card, who in s.res.items()}
        self.ruby_cards, self.location, self.values = s.ruby_cards, location, v

    def shows(self, s: MaracaiboState, location: tuple[bool, ...] | None) -> bool:
        """Whether ``s``'s grid is the one written here (compared by value)."""
        return (
            self.slot == s.slot
            and self.up == s.up
            and self.smug == s.smug
            and self.coins == s.coins
            and self.res == s.res
            and self.refill_of == s.refill_of
            and self.ruby_cards == s.ruby_cards
            and self.location is location
        )


GRID_BLANKS = 256
"""Observers (per options) whose last grid :func:`_with_grid` keeps (each ~45 KB)."""
_GRID_BLANKS: dict[tuple[Any, ...], _GridBlank] = {}


def _with_grid(
    s: MaracaiboState,
    seat: int,
    rel: list[int],
    fixed: tuple[int, frozenset[str], bool, Board, bool, int],
) -> Values:
    """A fresh tensor holding :func:`_fixed`'s blank and the grid (:func:`_grid`). The grid is
    the same as at this observer's previous step about three steps in four (it changes when a
    card is taken, a residence built, a tile placed), so the last one written for each
    observer and option set is kept and copied when the state's grid equals it. The memo
    holds its own copies of the grid's lists and dicts and compares them by value (the card
    list's ``location`` table, immutable, by identity), so no edit of a state or a clone can
    make it stale."""
    location = level1_locations(s.cards) if "uncharted_locations" in s.mods else None
    key = (fixed, seat)
    memo = _GRID_BLANKS.get(key)
    if memo is not None and memo.shows(s, location):
        return memo.values[:]
    v = _fixed(*fixed)[:]
    _grid(s, rel, v, layout(fixed[0]), location)
    if len(_GRID_BLANKS) >= GRID_BLANKS:
        _GRID_BLANKS.clear()
    _GRID_BLANKS[key] = _GridBlank(s, location, v[:])
    return v


def _grid(
    s: MaracaiboState, rel: list[int], v: Values, lay: Layout, location: tuple[bool, ...] | None
) -> None:
    """The 36 grid cells (column by column, rows top to bottom), one block per feature (the
    terrain is in the blank tensor already, :func:`_fixed`); ``location``: whether each card
    is a level I location, what a face-down card is known to be (None with the module off)."""
    n_p = s.participants
    slot, up, smug, coins = s.slot, s.up, s.smug, s.coins
    refill_of, ruby_cards, res = s.refill_of, s.ruby_cards, s.res
    markers = n_p + SMUGGLER_TILES
    for n, at, card_at, pieces in _slot_offsets(s.board, n_p):
        card = slot[n]
        if card == -1:
            v[at + _HIDDEN_AT + 3] = 1.0
        elif card == BLANK:
            v[at + _HIDDEN_AT + 2] = 1.0
        elif up[n]:
            v[card_at + card] = 1.0
            tile = refill_of.get(card)
            if tile is not None:
                v[at + _REFILL_AT + _COLOR_INDEX[tile]] = 1.0
            if card in ruby_cards:
                v[at + _RUBY_AT] = 1.0
            who = res.get(card)
            if who:
                base = pieces + markers
                for p in who:
                    v[base + rel[p]] += 1.0
        else:
            v[at + _HIDDEN_AT + (1 if location is not None and location[card] else 0)] = 1.0
            for i in range(min(coins[n], MAX_COINS)):
                v[at + _COINS_AT + i] = 1.0
        mark = smug[n]
        if mark >= 0:
            owner, tile_no = divmod(mark, 10)
            v[pieces + rel[owner]] += 1.0
            v[pieces + n_p + tile_no] += 1.0


# ---------------------------------------------------------------------------- the layout
class Layout(TensorLayout):
    """The segments for one participant count (the solo game has two: the player and John
    Silver), declared once; each segment's start is also an attribute (``lay.grid_card``)."""

    def __init__(self, n: int) -> None:
        super().__init__()
        self.pieces_size = n + SMUGGLER_TILES + n
        add = self.add
        add("options", OPTIONS, OPTIONS_MEANING)
        add("turn", ROUNDS + 5 + n, TURN_MEANING)
        add("raid_used", RAID_IDS, "raid actions used this turn, by id")
        add("decision_kind", len(DECISIONS), "pending decision kind")
        add("decision_seat", n, "who decides")
        add("decision_node", NODES, "the space whose actions are pending, by node")
        add("decision_card", CARDS, "lightning: the card whose effects resolve")
        add("decision_path", NODES, "step: the nodes sailed in this move")
        add("decision_data", DATA_FIXED + n, DATA_MEANING[n])
        add("player_numbers", n * NUMBERS, PLAYER_MEANING)
        add("ship_at", n * NODES, "per player: the ship's node")
        add("explorer_at", n * TRACK, "per player: the explorer's space")
        add("cards_owned", n * CARDS, "per player: upgrade cards owned, by card")
        add("ship_board", n * SHIP_BOARD, SHIP_BOARD_MEANING)
        add("hideout", n * HIDEOUT, HIDEOUT_MEANING)
        add("tokens", n * TOKENS, TOKENS_MEANING)
        add("own_quests", QUESTS, "my quest cards, by quest")
        add("own_quests_fulfilled", QUESTS, "my quests fulfilled now")
        add("john", JOHN_SPACES + 2 + SOLO_CARDS, JOHN_MEANING)
        add("supply", SUPPLY, SUPPLY_MEANING)
        add("quest_offer", MAX_OFFER * QUESTS, "the quest in each offer position")
        add(
            "level2_top",
            CARDS,
            "the level II deck's face-up top card (Uncharted Waters: Upgrades)",
        )
        add("offers", OFFERS, OFFERS_MEANING)
        add("grid_card", GRID * CARDS, "per cell: the face-up card")
        add("grid_cell", GRID * CELL_FIELDS, CELL_MEANING)
        add("grid_pieces", GRID * self.pieces_size, PIECES_MEANING)
        off = self.off
        self.options = off["options"]
        self.turn = off["turn"]
        self.raid_used = off["raid_used"]
        self.decision_kind = off["decision_kind"]
        self.decision_seat = off["decision_seat"]
        self.decision_node = off["decision_node"]
        self.decision_card = off["decision_card"]
        self.decision_path = off["decision_path"]
        self.decision_data = off["decision_data"]
        self.player_numbers = off["player_numbers"]
        self.ship_at = off["ship_at"]
        self.explorer_at = off["explorer_at"]
        self.cards_owned = off["cards_owned"]
        self.ship_board = off["ship_board"]
        self.hideout = off["hideout"]
        self.tokens = off["tokens"]
        self.own_quests = off["own_quests"]
        self.own_quests_fulfilled = off["own_quests_fulfilled"]
        self.john = off["john"]
        self.supply = off["supply"]
        self.quest_offer = off["quest_offer"]
        self.level2_top = off["level2_top"]
        self.offers = off["offers"]
        self.grid_card = off["grid_card"]
        self.grid_cell = off["grid_cell"]
        self.grid_pieces = off["grid_pieces"]
        # _supply writes these four segments as one block.
        assert self.offers == self.supply + _OFFERS_AT


@cache
def layout(n: int) -> Layout:
    """The layout for ``n`` participants (cached: a layout is never changed once declared)."""
    return Layout(n)
