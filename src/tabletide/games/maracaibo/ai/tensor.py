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

It runs at every step of training, so it is written for speed: few segments (each costs the
writer a record), sparse parts through :meth:`TensorWriter.counts` (which costs only the ones it
sets), and every table that depends on the content alone computed once at import.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from tabletide.engine import Frame, TensorWriter, Values, seat_order, zeros
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
from tabletide.games.maracaibo.state import BLANK, PROMPTS, MaracaiboState

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


def _income_table() -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]]]:
    """(doubloon, VP) income of every card, ship slot and figurehead, as ``state.income`` adds
    them (printed scrolls plus permanent income abilities)."""

    def perms(items: Any) -> tuple[int, int]:
        found = [p for p in items if p.perm == "income"]
        return sum(p.n for p in found), sum(p.vp for p in found)

    cards = []
    for card in _C.cards:
        d, v = perms(card.permanent)
        cards.append((card.income_d + d, card.income_vp + v))
    slots = [perms(sl.permanent) for sl in _C.ship.slots]
    figs = [perms(f.permanent) for f in _C.figureheads]
    return cards, slots, figs


_CARD_INCOME, _SLOT_INCOME, _FIG_INCOME = _income_table()
_WHALE = tuple(f.special == "whale" for f in _C.figureheads)


def income(s: MaracaiboState, p: int) -> tuple[int, int]:
    """``s.income(p)`` from the tables above (the tests check they agree)."""
    if p == s.john:
        return 0, 0
    d = v = 0
    for c in s.owned[p]:
        cd, cv = _CARD_INCOME[c]
        d += cd
        v += cv
    filled = s.slots[p]
    i = 0
    while filled:
        if filled & 1:
            sd, sv = _SLOT_INCOME[i]
            d += sd
            v += sv
        filled >>= 1
        i += 1
    fig = s.fig[p]
    if fig >= 0:
        d += _FIG_INCOME[fig][0] + (len(s.quests[p]) if _WHALE[fig] else 0)
        v += _FIG_INCOME[fig][1]
    return d, v


def write_tensor(s: MaracaiboState, seat: int, out: TensorWriter) -> None:
    """Write ``seat``'s observation of ``s`` into ``out`` (see the module docstring)."""
    order = seat_order(seat, s.participants)
    rel = [0] * s.participants
    for k, p in enumerate(order):
        rel[p] = k
    _game(s, rel, out)
    _decision(s, rel, out)
    _players(s, order, out)
    _own(s, seat, out)
    _supply(s, out)
    _grid(s, rel, out)


# ---------------------------------------------------------------------------- the game
OPTIONS_MEANING = (
    f"modules on ({', '.join(MODULES)}); first_game; layout one-hot ({', '.join(LAYOUTS)}); "
    "solo; difficulty / 6"
)
TURN_MEANING = (
    "round one-hot (1-3); round ending (a ship reached Maracaibo); game over; raid dice "
    "(yellow, green, white) / 6; whose turn one-hot (relative: me first)"
)


@cache
def _options(
    mods: frozenset[str], first: bool, layout: str, solo: bool, level: int
) -> tuple[float, ...]:
    values = [1.0 if m in mods else 0.0 for m in MODULES]
    values.append(1.0 if first else 0.0)
    values.extend(1.0 if name == layout else 0.0 for name in LAYOUTS)
    values.append(1.0 if solo else 0.0)
    values.append(level / DIFFICULTY_SCALE)
    return tuple(values)


def _game(s: MaracaiboState, rel: list[int], out: TensorWriter) -> None:
    solo = s.john >= 0
    level = int(s.options.get("difficulty", 0)) if solo else 0
    first = bool(s.options.get("first_game"))
    out.scalars("options", _options(s.mods, first, s.board.name, solo, level), 1.0, OPTIONS_MEANING)
    turn = [0.0] * (ROUNDS + 5 + s.participants)
    turn[s.round - 1] = 1.0
    turn[ROUNDS] = 1.0 if s.ending else 0.0
    turn[ROUNDS + 1] = 0.0 if s.stack else 1.0
    for i, die in enumerate(s.dice):
        turn[ROUNDS + 2 + i] = die / DIE_SCALE
    turn[ROUNDS + 5 + rel[s.active]] = 1.0
    out.scalars("turn", turn, 1.0, TURN_MEANING)
    out.counts("raid_used", s.raid_used, RAID_IDS, meaning="raid actions used this turn, by id")


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


def _bits(values: Values, at: int, mask: int, size: int) -> None:
    for i in range(size):
        if mask >> i & 1:
            values[at + i] = 1.0


def _fill_location(v: Values, f: Frame, rel: list[int]) -> None:
    _bits(v, DATA_AT["groups_done"], f.record(Visit).groups_done, MAX_GROUPS)


def _fill_lightning(v: Values, f: Frame, rel: list[int]) -> None:
    for i in f.record(Lightning).effects_left:
        v[DATA_AT["effects_left"] + i] = 1.0


def _fill_store(v: Values, f: Frame, rel: list[int]) -> None:
    v[DATA_AT["color"] + f.record(Store).color] = 1.0


def _fill_spend(v: Values, f: Frame, rel: list[int]) -> None:
    spend = f.record(Spend)
    v[DATA_AT["color"] + spend.color] = 1.0
    v[DATA_AT["strength"]] = spend.strength / STRENGTH_SCALE


def _fill_color(v: Values, f: Frame, rel: list[int]) -> None:
    choice = f.record(ColorChoice)
    v[DATA_AT["purpose"] + COLOR_PURPOSES.index(choice.purpose)] = 1.0
    v[DATA_AT["amount"]] = choice.amount / AMOUNT_SCALE


def _fill_bury(v: Values, f: Frame, rel: list[int]) -> None:
    v[DATA_AT["amount"]] = f.record(Bury).left / AMOUNT_SCALE


def _fill_reroll(v: Values, f: Frame, rel: list[int]) -> None:
    v[DATA_AT["rerolls"]] = f.record(Reroll).rerolls / REROLL_SCALE


def _fill_explore(v: Values, f: Frame, rel: list[int]) -> None:
    explore = f.record(Explore)
    v[DATA_AT["steps"]] = explore.steps / STEP_SCALE
    _bits(v, DATA_AT["trades_used"], explore.trades_used, MAX_TRADES)


def _fill_buy(v: Values, f: Frame, rel: list[int]) -> None:
    buy = f.record(Buy)
    v[DATA_AT["category"] + BUY_CATEGORIES.index(buy.category or "any")] = 1.0
    v[DATA_AT["surcharge"]] = buy.surcharge / SURCHARGE_SCALE


def _fill_smuggler(v: Values, f: Frame, rel: list[int]) -> None:
    v[DATA_AT["price"]] = f.record(Smuggler).price / PRICE_SCALE


def _fill_quest(v: Values, f: Frame, rel: list[int]) -> None:
    v[DATA_AT["refreshed"]] = 1.0 if f.record(QuestChoice).refreshed else 0.0


def _fill_step(v: Values, f: Frame, rel: list[int]) -> None:
    step = f.record(Step)
    v[DATA_AT["start_column"]] = step.start_column / (COLUMNS + 2)
    v[DATA_AT["moves_left"]] = step.moves_left / MOVE_SCALE


def _fill_pay(v: Values, f: Frame, rel: list[int]) -> None:
    for q in f.record(Pay).payees:
        v[DATA_FIXED + rel[q]] = 1.0


_FILL: dict[str, Callable[[Values, Frame, list[int]], None]] = {
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


def _decision(s: MaracaiboState, rel: list[int], out: TensorWriter) -> None:
    """The pending decision: its kind and seat, and the data its choices depend on."""
    top: Frame | None = s.stack[-1] if s.stack else None
    kind = top.kind if top is not None else ""
    out.onehot("decision_kind", _KIND_INDEX.get(kind), len(DECISIONS), "pending decision kind")
    out.onehot(
        "decision_seat", rel[top.seat] if top is not None else None, s.participants, "who decides"
    )
    node_record = _NODE_RECORDS.get(kind)
    node = top.record(node_record).node if top is not None and node_record else None
    out.onehot("decision_node", node, NODES, "the space whose actions are pending, by node")
    card = (top.record(Lightning).card,) if top is not None and kind == "lightning" else ()
    out.counts("decision_card", card, CARDS, meaning="lightning: the card whose effects resolve")
    path = top.record(Step).path if top is not None and kind == "step" else ()
    out.counts("decision_path", path, NODES, meaning="step: the nodes sailed in this move")
    values = zeros(DATA_FIXED + s.participants)
    fill = _FILL.get(kind)
    if fill is not None and top is not None:
        fill(values, top, rel)
    out.scalars("decision_data", values, 1.0, DATA_MEANING[s.participants])


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


def _players(s: MaracaiboState, order: list[int], out: TensorWriter) -> None:
    """Public boards of every participant, the observer first."""
    numbers: list[float] = []
    ships: list[int] = []
    explorers: list[int] = []
    cards: list[int] = []
    ship_board: list[int] = []
    hideout: list[int] = []
    tokens: list[int] = []
    for k, p in enumerate(order):
        d, v = income(s, p)
        store, buried = s.store[p], [s.buried_in(p, c) for c in range(3)]
        numbers += (
            s.vp[p] / VP_SCALE,
            s.doubloons[p] / DOUBLOON_SCALE,
            d / INCOME_SCALE,
            v / INCOME_SCALE,
            store[0] / TREASURE_SCALE,
            store[1] / TREASURE_SCALE,
            store[2] / TREASURE_SCALE,
            buried[0] / BURIED[0],
            buried[1] / BURIED[1],
            buried[2] / BURIED[2],
            len(s.quests[p]) / QUEST_SCALE,
            s.rubies[p] / RUBY_SCALE,
            1.0 if s.retired[p] else 0.0,
            1.0 if p == s.john else 0.0,
        )
        ships.append(k * NODES + s.ship[p])
        explorers.append(k * TRACK + s.explorer[p])
        base = k * CARDS
        cards += [base + c for c in s.owned[p]]
        base = k * SHIP_BOARD
        ship_board += _bit_indexes(s.slots[p], base)
        if s.fig[p] >= 0:
            ship_board.append(base + SHIP_SLOTS + s.fig[p])
        base = k * HIDEOUT
        bonus, dug = s.bonus[p], s.buried_at[p]
        for c in range(3):
            if bonus[c]:
                hideout += _bit_indexes(bonus[c], base + _BONUS_AT[c])
            if dug[c]:
                hideout += _bit_indexes(dug[c], base + _BURIED_AT[c])
        at = base + sum(BONUS) + sum(BURIED)
        hideout += [at + i * 3 + c for i, c in enumerate(s.poseidon[p]) if c >= 0]
        base = k * TOKENS
        tokens += _bit_indexes(s.rivers[p], base)
        tokens += [base + RIVERS + t for t in s.smug_left[p]]
    n = len(order)
    out.scalars("player_numbers", numbers, 1.0, PLAYER_MEANING)
    out.counts("ship_at", ships, n * NODES, meaning="per player: the ship's node")
    out.counts("explorer_at", explorers, n * TRACK, meaning="per player: the explorer's space")
    out.counts("cards_owned", cards, n * CARDS, meaning="per player: upgrade cards owned, by card")
    out.counts("ship_board", ship_board, n * SHIP_BOARD, meaning=SHIP_BOARD_MEANING)
    out.counts("hideout", hideout, n * HIDEOUT, meaning=HIDEOUT_MEANING)
    out.counts("tokens", tokens, n * TOKENS, meaning=TOKENS_MEANING)


def _own(s: MaracaiboState, seat: int, out: TensorWriter) -> None:
    """The observer's secret: its quest cards, and which of them it fulfils now; then John
    Silver's public boards (zero in a game with more players)."""
    mine = s.quests[seat]
    out.counts("own_quests", mine, QUESTS, meaning="my quest cards, by quest")
    done = [q for q in mine if fulfilled(s, seat, s.content.quests[q])]
    out.counts("own_quests_fulfilled", done, QUESTS, meaning="my quests fulfilled now")
    john = [0.0] * (JOHN_SPACES + 2 + SOLO_CARDS)
    if s.john >= 0:
        john[s.john_level] = 1.0
        john[JOHN_SPACES] = s.john_slots / JOHN_SLOTS
        john[JOHN_SPACES + 1] = len(s.solo_deck) / SOLO_CARDS
        for card in s.solo_out:
            john[JOHN_SPACES + 2 + card] = 1.0
    out.scalars(
        "john",
        john,
        1.0,
        f"solo: John's track space one-hot ({JOHN_SPACES}); ship upgrades / {JOHN_SLOTS}; solo "
        f"cards left / {SOLO_CARDS}; solo cards revealed since the shuffle ({SOLO_CARDS})",
    )


# ---------------------------------------------------------------------------- supplies
SUPPLY_MEANING = (
    f"cubes on the gold, emerald, pearl islands / {ISLAND_SCALE:g}; quest deck / {QUESTS}; "
    f"level II deck / {LEVEL2}"
)
OFFERS_MEANING = (
    f"figureheads offered ({FIGUREHEADS}); smuggler tile showing its second side "
    f"({SMUGGLER_TILES}); ruby market spaces taken ({RUBY_MARKET})"
)


def _supply(s: MaracaiboState, out: TensorWriter) -> None:
    numbers = [c / ISLAND_SCALE for c in s.islands]
    numbers += (len(s.quest_deck) / QUESTS, len(s.deck2) / LEVEL2)
    out.scalars("supply", numbers, 1.0, SUPPLY_MEANING)
    out.counts(
        "quest_offer",
        [i * QUESTS + q for i, q in enumerate(s.quest_offer)],
        MAX_OFFER * QUESTS,
        meaning="the quest in each offer position",
    )
    top_up = bool(s.deck2) and s.deck2_up[-1] and "uncharted_upgrades" in s.mods
    out.counts(
        "level2_top",
        (s.deck2[-1],) if top_up else (),
        CARDS,
        meaning="the level II deck's face-up top card (Uncharted Waters: Upgrades)",
    )
    offers = list(s.fig_offer)
    offers.extend(FIGUREHEADS + t for t, side in enumerate(s.smug_sides) if side)
    market = s.ruby_market
    at = FIGUREHEADS + SMUGGLER_TILES
    offers.extend(at + i for i in range(RUBY_MARKET) if market >> i & 1)
    out.counts("offers", offers, at + RUBY_MARKET, meaning=OFFERS_MEANING)


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


@cache
def _terrain(board: Board) -> tuple[int, ...]:
    """The fixed ``grid_cell`` indexes of a layout: its card slots and islands."""
    slots = set(board.slots)
    isle = {at: 1 + COLORS.index(color) for color, at in board.islands.items()}
    return tuple(
        n * CELL_FIELDS + (0 if n in slots else isle[n])
        for n in range(GRID)
        if n in slots or n in isle
    )


def _grid(s: MaracaiboState, rel: list[int], out: TensorWriter) -> None:
    """The 36 grid cells (column by column, rows top to bottom), one block per feature."""
    n_p = s.participants
    card_at: list[int] = []
    cell = list(_terrain(s.board))
    pieces: list[int] = []
    pieces_size = n_p + SMUGGLER_TILES + n_p
    slot, up = s.slot, s.up
    for n in s.board.slots:
        card = slot[n]
        at = n * CELL_FIELDS
        if card == -1:
            cell.append(at + _HIDDEN_AT + 3)
        elif card == BLANK:
            cell.append(at + _HIDDEN_AT + 2)
        elif up[n]:
            card_at.append(n * CARDS + card)
            tile = s.refill_of.get(card)
            if tile is not None:
                cell.append(at + _REFILL_AT + COLORS.index(tile))
            if card in s.ruby_cards:
                cell.append(at + _RUBY_AT)
            who = s.res.get(card)
            if who:
                base = n * pieces_size + n_p + SMUGGLER_TILES
                pieces.extend(base + rel[p] for p in who)
        else:
            location = s.face_down_kind(n) == "location"
            cell.append(at + _HIDDEN_AT + (1 if location else 0))
            cell.extend(at + _COINS_AT + i for i in range(min(s.coins[n], MAX_COINS)))
        mark = s.smug[n]
        if mark >= 0:
            owner, tile_no = divmod(mark, 10)
            base = n * pieces_size
            pieces.append(base + rel[owner])
            pieces.append(base + n_p + tile_no)
    out.counts("grid_card", card_at, GRID * CARDS, meaning="per cell: the face-up card")
    out.counts("grid_cell", cell, GRID * CELL_FIELDS, meaning=CELL_MEANING)
    out.counts(
        "grid_pieces",
        pieces,
        GRID * pieces_size,
        meaning="per cell: smuggler tile owner (relative), which smuggler tile (5), residence "
        "markers (relative)",
    )
