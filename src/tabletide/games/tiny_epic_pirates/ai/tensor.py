"""Tiny Epic Pirates as numbers for learning agents: what one seat may see, as a flat vector.

Nothing in this game is secret to a single seat; hidden from everyone are the kinds of the
face-down search tokens (and those left in the box) and the order of the crew and merchant
decks (``PiratesState._resample_hidden``). The tensor therefore holds every public fact and
none of those: a search token is a bit "a token lies here", the decks are counts (the merchant
deck per value band, which is public since the deck is stacked 2s over 4s over 6s over 8s).

Per-ship segments list the ships from the observing seat on in turn order; in the solo game
the Legendary Pirate is the ship after seat 0, so it is encoded like a seat (with zeros where
it has no such part: infamy, captain card, tokens) and its own sheets get the ``lp_*`` segments.

Speed: the layout depends only on the number of ships, the solo option and the content, so it
is built once and cached. Each call fills a blank layout by offsets (a one-hot is one store),
copies the parts that are a function of a few small numbers (a helm, the market, the bag, a
merchant card, the sea's printed features) from cached ``array('d')`` blocks, and hands it and
the cached segments to the :class:`TensorWriter` in one go.
"""

from __future__ import annotations

from array import array
from functools import cache
from itertools import chain
from typing import TYPE_CHECKING

from tabletide.engine import Frame, TensorLayout, TensorWriter, Values
from tabletide.games.tiny_epic_pirates.combat import MERCHANT, Port, Reroll, Target, Volley, damage
from tabletide.games.tiny_epic_pirates.constants import (
    CREW_ROW,
    CUBES_PER_TYPE,
    HELM_SPACES,
    MAX_CARGO,
    MAX_CREW,
    MAX_GOLD,
    MAX_ROUNDS,
    MAX_VOLLEY,
    NUM_LOOT,
    ORDER_INDEX,
    RIGGING,
    SIZE,
    TREASURES,
)
from tabletide.games.tiny_epic_pirates.content import LOOT, ORDERS, Content
from tabletide.games.tiny_epic_pirates.economy import Cargo
from tabletide.games.tiny_epic_pirates.helm import Listing, NewHand, Pay, Reassign
from tabletide.games.tiny_epic_pirates.orders import Recruit, Release, Sell
from tabletide.games.tiny_epic_pirates.sailing import Drive, PickMerchant, Steer
from tabletide.games.tiny_epic_pirates.solo import Pick

if TYPE_CHECKING:
    from tabletide.games.tiny_epic_pirates.state import PiratesState

CARDS = SIZE * SIZE
MAX_DICE = 3
"""Dice a battle rolls at most: 3 from the top infamy rows (PC-2.1) or the solo levels."""
MAX_HANDS = 4
"""Deckhands per ship, the 4th included (PC-3.3 F)."""
MAX_MOVES = 8
"""A generous bound on the sail moves of one voyage (infamy 4 + 3 Rigging + a +2 token)."""
MAX_DAMAGE = 15
"""A generous bound on the damage of one side of a battle."""
MAX_DRIVE = 4
"""The most cards a Sail Navy / merchant bonus or a Navy crossing moves (content: 1-4)."""
VESSELS = ("navy", "orange", "green")
PICK_PURPOSES = ("start", "cove", "bury")
MERCHANT_VALUES = (2, 4, 6, 8)
TOKENS = ("sail2", "storm")
"""Decision kinds whose first datum is the ship they concern (else it is the deciding seat's)."""


def _running(step: float, most: int) -> tuple[float, ...]:
    """0, step, step + step, ...: the value after n additions of ``step``, exactly as adding
    ``step`` once per item gives it (so a count looked up equals a count added up)."""
    out, total = [0.0], 0.0
    for _ in range(most):
        total += step
        out.append(total)
    return tuple(out)


class Layout(TensorLayout):
    """The segments of one shape of game (ship count, solo or not, content), declared once."""

    def __init__(self, c: Content, ships: int, solo: bool) -> None:
        from tabletide.games.tiny_epic_pirates.state import PROMPTS

        super().__init__()
        self.content = c  # held so that the identity check of the cache stays valid
        self.ships = ships
        self.solo = solo
        self.decisions: dict[str, int] = {k: i for i, k in enumerate(PROMPTS)}
        self.crew = len(c.crew)
        self.captains = len(c.captains)
        self.levels = len(c.sheets.infamy)
        self.spots = max(len(card.burial) for card in c.map_cards)
        self.crew_row_len = max(
            (len(card.face.bonus.actions) for card in c.crew if card.face.bonus), default=1
        )
        self.captain_row_len = max(
            (len(side.bonus.actions) for cap in c.captains for side in cap.sides if side.bonus),
            default=1,
        )
        self.max_cost = max((cost for card in c.map_cards for cost in card.burial), default=1)
        self.band = [max(1, sum(m.value == v for m in c.merchants)) for v in MERCHANT_VALUES]
        self.merchant_max = max(1, max(max(m.damage, m.gold, m.value) for m in c.merchants))
        self.track = max(len(sheet.track) for sheet in c.solo_infamy)
        self._declare(c)
        # Blocks that depend only on the content and the player count, which a layout fixes.
        top, players = self.merchant_max, ships - (1 if solo else 0)
        self.merchant_cards = [
            array(
                "d",
                [m.value / top, m.damage / top, m.gold / top, float(m.infamy_upto >= players)],
            )
            for m in c.merchants
        ]
        """Per merchant card: its ``merchant_card`` values at this player count."""
        self.band_of = [MERCHANT_VALUES.index(m.value) for m in c.merchants]
        """Per merchant card: its value band (MERCHANT_VALUES index)."""
        self.band_shares = [_running(1.0 / n, len(c.merchants)) for n in self.band]
        """Per band: ``merchant_deck`` for 0, 1, 2, ... cards of the band left."""

    def _declare(self, c: Content) -> None:
        k, add = self.ships, self.add
        per_ship = "per ship, observer first"
        # the pending decision and the turn
        add("decision", len(self.decisions), "one-hot: kind of the pending decision (PROMPTS)")
        add("decider", k, "one-hot: the deciding seat, relative to the observer")
        add("active", k, "one-hot: the ship whose turn it is, relative to the observer")
        add(
            "round",
            1,
            f"round / {MAX_ROUNDS + 1} (the safeguard ends the game after round {MAX_ROUNDS})",
        )
        add("order", len(ORDERS), "one-hot: the order the captain stands on this turn")
        add("turn_flags", 4, "bits: crossed the ship line, crew row refreshed, end triggered, over")
        add("voyage", 3, f"sail moves made, moves left, +2 tokens spent (x2) / {MAX_MOVES}")
        add("captain_next", 1, f"next captain bonus action / {self.captain_row_len}")
        add("crew_used", MAX_CREW * self.crew_row_len, "bits: crew bonus (slot, action) used")
        # the pending decision's data
        add("pending_ship", k, "one-hot: the ship the decision is about, relative")
        add("pending_space", HELM_SPACES, "one-hot: the helm space to pay a deckhand for")
        add("pending_loot", NUM_LOOT, "one-hot: the cube a full ship must place")
        add("pending_crew", self.crew, "one-hot: the recruited card (release) or reroll card")
        add(
            "pending_flags",
            5,
            "bits: attack may reroll, recruit took a card, mutinied, reassign hide, reorganize",
        )
        add("pending_moved", 4, f"deckhands already moved to each assignment / {MAX_HANDS}")
        add("pending_dice", MAX_DICE, "bits: dice already rerolled by this card")
        add("pending_vessel", len(VESSELS), "one-hot: navy, orange or green merchant to move")
        add("pending_moves", 1, f"cards still to move / {MAX_DRIVE}")
        add("pending_cards", CARDS, "bits: the Navy's goal card, or the cards to pick from")
        add("pending_purpose", len(PICK_PURPOSES), "one-hot: what a solo pick decides")
        # the battle in progress
        add("fight", 1, "bit: a battle is being fought")
        add("fight_attacker", k, "one-hot: attacking ship, relative")
        add("fight_defender", k, "one-hot: defending pirate ship, relative (none: a merchant)")
        add("fight_merchant", 2, "one-hot: defending merchant (orange, green)")
        add("fight_dice", MAX_DICE * 6, "one-hot per attack die: its face")
        add("fight_fixed", MAX_DICE, "bits: attack dice set by a volley token")
        add("fight_defence", MAX_DICE * 6, "one-hot per defence die: its face")
        add("fight_defence_fixed", MAX_DICE, "bits: defence dice set by a volley token")
        add(
            "fight_damage", 2, f"attack damage, damage to beat (merchant or defence) / {MAX_DAMAGE}"
        )
        # the sea, row by row
        add("sea_colony", CARDS, "loot symbols of each card's colony / 2")
        add("sea_market", CARDS * NUM_LOOT, "one-hot per card: the loot type its market buys")
        add("sea_cove", CARDS, "bits: the card has a cove")
        add("sea_storm", CARDS, "bits: the card is a storm")
        add(
            "sea_burial_cost", CARDS * self.spots, f"per card and spot: gold cost / {self.max_cost}"
        )
        add(
            "sea_burial_owner",
            CARDS * self.spots * k,
            "per card and spot: one-hot ship whose treasure lies there, relative",
        )
        add("sea_search", CARDS, "bits: a face-down search token lies there (kind hidden)")
        add("sea_port", CARDS, "bits: a port")
        add("navy", CARDS, "one-hot: the Royal Navy's card")
        add("merchant_at", 2 * CARDS, "one-hot per merchant (orange, green): its card")
        add("merchant_bound", 2 * CARDS, "one-hot per merchant: the port it sails to")
        add("merchant_loot", 2 * NUM_LOOT, "one-hot per merchant: the cube it carries")
        add(
            "merchant_card",
            2 * 4,
            f"per merchant: value, damage, gold / {self.merchant_max}, infamy bit at this count",
        )
        add("merchant_deck", len(MERCHANT_VALUES), "merchant cards left of value 2/4/6/8 / total")
        add("market", 4 * NUM_LOOT, "one-hot per price 5,4,3,2: the loot type sold at it")
        add("bag", NUM_LOOT, f"cubes of each type in the bag / {CUBES_PER_TYPE - 1}")
        add("crew_row", CREW_ROW * self.crew, "one-hot per crew row slot: the crew card")
        add("crew_deck", 1, f"cards in the crew deck / {self.crew}")
        # the ships
        add("ship_at", k * CARDS, f"one-hot card of each ship; {per_ship}")
        add("ship_hidden", k, f"bits: hidden in a cove; {per_ship}")
        add("ship_gold", k, f"gold / {MAX_GOLD}; {per_ship}")
        add("ship_cargo", k * NUM_LOOT, f"cubes of each loot type / {MAX_CARGO}; {per_ship}")
        add("ship_buried", k, f"buried treasures / {TREASURES} (the score); {per_ship}")
        add(
            "ship_helm",
            k * HELM_SPACES * len(ORDERS),
            f"one-hot order of each helm space; {per_ship}",
        )
        add("ship_captain_at", k * HELM_SPACES, f"one-hot helm space of the captain; {per_ship}")
        add("ship_helm_hands", k * HELM_SPACES, f"bits: a deckhand on each helm space; {per_ship}")
        add(
            "ship_assign",
            k * 4,
            f"deckhands on rigging, cannons, extortion, repairs / {MAX_HANDS}; {per_ship}",
        )
        add("ship_crew", k * self.crew, f"bits: crew cards aboard; {per_ship}")
        add("ship_played", k, f"bits: has taken its turn this round; {per_ship}")
        add("ship_infamy", k * self.levels, f"one-hot infamy level (solo pirate: 0); {per_ship}")
        add(
            "ship_tokens",
            k * 3,
            f"volley tokens, kept +2 sail and storm tokens / {MAX_VOLLEY}; {per_ship}",
        )
        add(
            "ship_flags",
            k * 4,
            f"bits: mutiny used, 4th deckhand waiting, captain side 2, solo pirate; {per_ship}",
        )
        add("ship_captain", k * self.captains, f"one-hot captain card; {per_ship}")
        if self.solo:
            add("lp_bridge", len(c.solo_bridges), "one-hot: the Legendary Pirate's bridge sheet")
            add("lp_sheet", len(c.solo_infamy), "one-hot: its infamy (personality) sheet")
            add("lp_track", self.track, "one-hot: the marked space of its action track")
            add("lp_order", len(ORDERS), "one-hot: the order it performs or last performed")
            add("lp_gold", 2, f"its gold / its gold track's top, that top / {MAX_GOLD}")


_layouts: dict[tuple[int, bool], Layout] = {}


def layout_of(s: PiratesState) -> Layout:
    """The cached layout for this state's shape."""
    key = (s.ships, s.lp >= 0)
    table = _layouts.get(key)
    if table is None or table.content is not s.content:
        table = _layouts[key] = Layout(s.content, s.ships, s.lp >= 0)
    return table


class Fixed:
    """The sea's card features (colony to burial costs, a contiguous run of the layout), which
    never change after setup, ready to copy, and where each burial spot's owner one-hot starts.
    (The helms are fixed too, but tests edit them in place; they are copied from blocks keyed
    by their contents instead, see :func:`_onehot_rows`.)"""

    def __init__(self, s: PiratesState, lay: Layout) -> None:
        self.content, self.grid, self.layout = s.content, s.grid, lay
        o, spots = lay.off, lay.spots
        self.start = o["sea_colony"]
        block = [0.0] * (o["sea_burial_owner"] - self.start)
        spot_at: list[int] = []
        for p in range(CARDS):
            card = s.card(p)
            block[o["sea_colony"] - self.start + p] = card.colony / 2
            if card.market is not None:
                block[o["sea_market"] - self.start + NUM_LOOT * p + LOOT.index(card.market)] = 1
            block[o["sea_cove"] - self.start + p] = float(card.cove)
            block[o["sea_storm"] - self.start + p] = float(card.storm)
            for i, cost in enumerate(card.burial):
                block[o["sea_burial_cost"] - self.start + spots * p + i] = cost / lay.max_cost
                spot_at.append(o["sea_burial_owner"] + (spots * p + i) * lay.ships)
        self.sea = array("d", block)
        self.spot_at = spot_at
        """Per burial spot, in the order of ``s.burial`` flattened: where its owner one-hot
        starts."""

    def fits(self, s: PiratesState, lay: Layout) -> bool:
        return self.grid is s.grid and self.content is s.content and self.layout is lay


_fixed: dict[int, Fixed] = {}


def fixed_of(s: PiratesState, lay: Layout) -> Fixed:
    """The cached sea features of this game (clones share ``grid``, so identity is a cheap key;
    a test that swaps a map card replaces ``s.content`` and misses the cache)."""
    table = _fixed.get(id(s.grid))
    if table is None or not table.fits(s, lay):
        if len(_fixed) > 64:
            _fixed.clear()
        table = _fixed[id(s.grid)] = Fixed(s, lay)
    return table


# ---------------------------------------------------------------------------- cached blocks
# Small parts of the tensor that are a pure function of a few small numbers are built once and
# copied (a memory copy) instead of being written value by value. Every key is an immutable
# tuple of the very numbers the block is computed from, so a cached block can never be stale.


CARGO_STEPS = _running(1.0 / MAX_CARGO, 4 * MAX_CARGO)
"""Cubes of one type aboard, scaled as ``ship_cargo`` adds them up."""
TOKEN_STEPS = _running(1.0 / MAX_VOLLEY, 16)
"""Kept tokens of one kind, scaled as ``ship_tokens`` adds them up."""


@cache
def _scaled(counts: tuple[int, ...], scale: float) -> Values:
    """``counts`` divided by ``scale`` (deckhands per assignment, cubes in the bag)."""
    return array("d", [n / scale for n in counts])


@cache
def _bits(flags: tuple[bool, ...]) -> Values:
    """``flags`` as 0/1 values (deckhands on the helm spaces)."""
    return array("d", [float(f) for f in flags])


@cache
def _onehot_rows(rows: tuple[int, ...], width: int) -> Values:
    """One one-hot of ``width`` per entry of ``rows`` (a helm's orders, the market's loot)."""
    block = array("d", bytes(8 * width * len(rows)))
    for i, index in enumerate(rows):
        block[width * i + index] = 1.0
    return block


# ---------------------------------------------------------------------------- the writer
def write_tensor(s: PiratesState, seat: int, out: TensorWriter) -> None:
    """Write ``seat``'s view of ``s`` (see the module docstring and ``tensor_layout``)."""
    lay = layout_of(s)
    v = lay.blank()
    k = lay.ships
    rel = [(ship - seat) % k for ship in range(k)]
    _turn(s, lay, v, rel)
    if s.stack:
        _pending(s, lay, v, rel, s.stack[-1])
    if s.fight is not None:
        _fight(s, lay, v, rel)
    _sea(s, lay, v, rel)
    _merchants(s, lay, v)
    _ships(s, lay, v, rel)
    if lay.solo:
        _solo(s, lay, v)
    lay.emit(out, v)


def _turn(s: PiratesState, lay: Layout, v: Values, rel: list[int]) -> None:
    o = lay.off
    stack = s.stack
    if stack:
        top = stack[-1]
        v[o["decision"] + lay.decisions[top.kind]] = 1.0
        v[o["decider"] + rel[top.seat]] = 1.0
    v[o["active"] + rel[s.active]] = 1.0
    v[o["round"]] = s.round / (MAX_ROUNDS + 1)
    v[o["order"] + s.order] = 1.0
    at = o["turn_flags"]
    v[at] = float(s.crossed)
    v[at + 1] = float(s.refreshed)
    v[at + 2] = float(s.end_triggered)
    v[at + 3] = float(not stack)
    at = o["voyage"]
    v[at] = s.moves / MAX_MOVES
    if stack and stack[-1].kind == "sail":
        ship = s.active
        total = (
            s.content.sheets.infamy[s.infamy[ship]].sail + s.assign[ship][RIGGING] + s.sail_extra
        )
        v[at + 1] = max(total - s.moves, 0) / MAX_MOVES
    v[at + 2] = s.sail_extra / MAX_MOVES
    v[o["captain_next"]] = s.captain_next / lay.captain_row_len
    at, row_len = o["crew_used"], lay.crew_row_len
    for card, j in s.crew_used:
        v[at + (card - 1) * row_len + j] = 1.0


def _pending(s: PiratesState, lay: Layout, v: Values, rel: list[int], top: Frame) -> None:
    """The salient data of the top frame (its kind's record, see the rules modules)."""
    o, kind = lay.off, top.kind
    flags = o["pending_flags"]
    ship = top.seat  # the ship the decision is about, when the record names it
    if kind == "pay":
        v[o["pending_space"] + top.record(Pay).space] = 1.0
    elif kind == "list":
        ship = top.record(Listing).ship
    elif kind == "cargo":
        cargo = top.record(Cargo)
        ship = cargo.ship
        v[o["pending_loot"] + cargo.cube] = 1.0
    elif kind == "sell":
        ship = top.record(Sell).ship
    elif kind == "release":
        release = top.record(Release)
        ship = release.ship
        v[o["pending_crew"] + release.recruited] = 1.0
    elif kind == "target":
        target = top.record(Target)
        ship = target.ship
        v[flags] = float(target.reroll)
    elif kind == "volley":
        ship = top.record(Volley).ship
    elif kind == "new_hand":
        ship = top.record(NewHand).ship
    elif kind == "recruit":
        recruit = top.record(Recruit)
        ship = recruit.ship
        v[flags + 1] = float(recruit.took)
        v[flags + 2] = float(recruit.mutinied)
    elif kind == "reassign":
        reassign = top.record(Reassign)
        ship = reassign.ship
        v[flags + (3 if reassign.mode == "hide" else 4)] = 1.0
        for a, n in enumerate(reassign.moved):
            v[o["pending_moved"] + a] = n / MAX_HANDS
    elif kind == "reroll":
        reroll = top.record(Reroll)
        v[o["pending_crew"] + reroll.card] = 1.0
        for i, used in enumerate(reroll.used):
            v[o["pending_dice"] + i] = float(used)
    elif kind == "port":
        v[o["pending_vessel"] + 1 + top.record(Port).merchant] = 1.0
    elif kind == "pick_merchant":
        pick_merchant = top.record(PickMerchant)
        ship = pick_merchant.ship
        v[o["pending_moves"]] = pick_merchant.moves / MAX_DRIVE
    elif kind == "drive":
        drive = top.record(Drive)
        ship = drive.ship
        v[o["pending_vessel"] + 1 + drive.vessel] = 1.0  # vessel -1 is the Navy
        v[o["pending_moves"]] = drive.remaining / MAX_DRIVE
    elif kind == "steer":
        steer = top.record(Steer)
        if steer.vessel == "merchant":
            v[o["pending_vessel"] + 1 + steer.merchant] = 1.0
        else:
            v[o["pending_vessel"]] = 1.0
            v[o["pending_moves"]] = steer.remaining / MAX_DRIVE
            v[o["pending_cards"] + steer.target] = 1.0
    elif kind == "pick":
        pick = top.record(Pick)
        v[o["pending_purpose"] + PICK_PURPOSES.index(pick.purpose)] = 1.0
        for p in pick.options:
            v[o["pending_cards"] + p] = 1.0
    v[o["pending_ship"] + rel[ship]] = 1.0


def _fight(s: PiratesState, lay: Layout, v: Values, rel: list[int]) -> None:
    fight = s.fight
    assert fight is not None
    o = lay.off
    v[o["fight"]] = 1.0
    v[o["fight_attacker"] + rel[fight.attacker]] = 1.0
    for name, dice in (("fight_dice", fight.dice), ("fight_defence", fight.defence)):
        at = o[name]
        for i, face in enumerate(dice[:MAX_DICE]):
            v[at + 6 * i + face - 1] = 1.0
    for name, fixed in (("fight_fixed", fight.fixed), ("fight_defence_fixed", fight.defence_fixed)):
        at = o[name]
        for i, bit in enumerate(fixed[:MAX_DICE]):
            v[at + i] = float(bit)
    at = o["fight_damage"]
    v[at] = damage(s, fight.attacker, fight.dice) / MAX_DAMAGE
    if fight.defender == MERCHANT:
        v[o["fight_merchant"] + fight.merchant] = 1.0
        v[at + 1] = s.content.merchants[s.merchant_slot[fight.merchant]].damage / MAX_DAMAGE
    else:
        v[o["fight_defender"] + rel[fight.defender]] = 1.0
        if fight.defence:
            v[at + 1] = damage(s, fight.defender, fight.defence) / MAX_DAMAGE


def _sea(s: PiratesState, lay: Layout, v: Values, rel: list[int]) -> None:
    o = lay.off
    fixed = fixed_of(s, lay)
    v[fixed.start : fixed.start + len(fixed.sea)] = fixed.sea
    spot_at = fixed.spot_at
    for j, ship in enumerate(chain.from_iterable(s.burial)):
        if ship >= 0:
            v[spot_at[j] + rel[ship]] = 1.0
    at = o["sea_search"]
    for p, kind in enumerate(s.search):
        if kind >= 0:
            v[at + p] = 1.0
    at = o["sea_port"]
    for p in s.ports:
        if p >= 0:
            v[at + p] = 1.0
    if s.navy >= 0:
        v[o["navy"] + s.navy] = 1.0


def _merchants(s: PiratesState, lay: Layout, v: Values) -> None:
    o = lay.off
    for m in range(2):
        if s.merchant_at[m] >= 0:
            v[o["merchant_at"] + CARDS * m + s.merchant_at[m]] = 1.0
        if s.merchant_dest[m] >= 0:
            v[o["merchant_bound"] + CARDS * m + s.merchant_dest[m]] = 1.0
        if s.merchant_cube[m] >= 0:
            v[o["merchant_loot"] + NUM_LOOT * m + s.merchant_cube[m]] = 1.0
        at = o["merchant_card"] + 4 * m
        v[at : at + 4] = lay.merchant_cards[s.merchant_slot[m]]
    band_of, shares = lay.band_of, lay.band_shares
    counts = [0] * len(MERCHANT_VALUES)
    for mid in s.merchant_deck:
        counts[band_of[mid]] += 1
    at = o["merchant_deck"]
    for band, n in enumerate(counts):
        v[at + band] = shares[band][n]
    at = o["market"]
    v[at : at + len(s.market) * NUM_LOOT] = _onehot_rows(tuple(s.market), NUM_LOOT)
    at = o["bag"]
    v[at : at + NUM_LOOT] = _scaled(tuple(s.bag), CUBES_PER_TYPE - 1)
    at, n_crew = o["crew_row"], lay.crew
    for slot, card_id in enumerate(s.crew_row):
        v[at + n_crew * slot + card_id] = 1.0
    v[o["crew_deck"]] = len(s.crew_deck) / n_crew


def _ships(s: PiratesState, lay: Layout, v: Values, rel: list[int]) -> None:
    o, k = lay.off, lay.ships
    spaces, n_crew, levels = HELM_SPACES, lay.crew, lay.levels
    n_orders = len(ORDERS)
    helm_size = HELM_SPACES * n_orders
    at_card, at_hidden, at_gold = o["ship_at"], o["ship_hidden"], o["ship_gold"]
    at_cargo, at_buried, at_helm = o["ship_cargo"], o["ship_buried"], o["ship_helm"]
    at_captain_at, at_hands, at_assign = (
        o["ship_captain_at"],
        o["ship_helm_hands"],
        o["ship_assign"],
    )
    at_crew, at_played, at_flags = o["ship_crew"], o["ship_played"], o["ship_flags"]
    at_infamy, at_tokens, at_captain = o["ship_infamy"], o["ship_tokens"], o["ship_captain"]
    for ship in range(k):
        r = rel[ship]
        if s.at[ship] >= 0:
            v[at_card + CARDS * r + s.at[ship]] = 1.0
        v[at_hidden + r] = float(s.hidden[ship])
        v[at_gold + r] = s.gold[ship] / MAX_GOLD
        at = at_cargo + NUM_LOOT * r
        cargo = s.cargo[ship]
        for loot in set(cargo):
            v[at + loot] = CARGO_STEPS[cargo.count(loot)]
        v[at_buried + r] = s.buried[ship] / TREASURES
        at = at_helm + helm_size * r
        v[at : at + helm_size] = _onehot_rows(tuple(s.helm[ship]), n_orders)
        v[at_captain_at + spaces * r + s.captain[ship]] = 1.0
        at = at_hands + spaces * r
        v[at : at + spaces] = _bits(tuple(s.on_helm[ship]))
        at = at_assign + 4 * r
        v[at : at + 4] = _scaled(tuple(s.assign[ship]), MAX_HANDS)
        at = at_crew + n_crew * r
        for card_id in s.crew[ship]:
            v[at + card_id] = 1.0
        v[at_played + r] = float(s.turns[ship] >= s.round)
        at = at_flags + 4 * r
        if ship == s.lp:
            v[at + 3] = 1.0
            continue
        v[at_infamy + levels * r + s.infamy[ship]] = 1.0
        tokens = at_tokens + 3 * r
        v[tokens] = s.volley[ship] / MAX_VOLLEY
        kept = s.kept[ship]
        if kept:
            for i, token in enumerate(TOKENS):
                v[tokens + 1 + i] = TOKEN_STEPS[kept.count(token)]
        v[at] = float(s.mutiny[ship])
        v[at + 1] = float(s.spare[ship])
        v[at + 2] = float(s.side[ship])
        v[at_captain + lay.captains * r + s.captain_card[ship]] = 1.0


def _solo(s: PiratesState, lay: Layout, v: Values) -> None:
    o, lp = lay.off, s.lp
    v[o["lp_bridge"] + s.lp_bridge_id] = 1.0
    v[o["lp_sheet"] + s.lp_sheet_id] = 1.0
    v[o["lp_track"] + s.lp_track] = 1.0
    if s.lp_order:
        v[o["lp_order"] + ORDER_INDEX[s.lp_order]] = 1.0
    top = s.lp_sheet().gold_track
    v[o["lp_gold"]] = s.gold[lp] / top
    v[o["lp_gold"] + 1] = top / MAX_GOLD
