"""What a Tiny Epic Pirates position is worth to a seat, in treasures (the game's victory
points: ``state.scores()`` counts buried treasures), for the bots (``game.evaluate``).

A ship is worth its buried treasures plus its progress toward the ones it still needs:

* **money** — gold, and loot at its current market price times ``CARGO_SHARE``, worth
  ``GOLD_SHARE`` of a treasure per the price of the cheapest free burial spots it still needs
  (PC-5.20.1); money beyond that price is worth nothing (the 13-gold cap, PC-5.1.1, makes
  hoarding useless);
* **the best next step** — the largest gain among: bury on an affordable free spot, sell a loot
  type at its market, plunder a colony, search, sink a merchant, recruit, hide to get deckhands
  off Repairs; each weighted by ``GAMMA`` per turn of delay, counted from the sailing distance
  and from how soon the captain can stand on the order (PC-5.2: skipped helm spaces cost
  deckhands). Bury counts the captain's and the crew's Bury triggers (PC-5.18);
* **assets** — deckhands by assignment (Repairs is nearly idle, PC-5.4.5), volley tokens, kept
  search tokens, crew cards (die symbols, hits, bonus rows), infamy levels, hiding; scaled by
  the share of the treasures still to bury, since they only help to get those;
* **the Navy** — an unhidden ship within the Navy's reach risks the full listing of PC-5.24.

The progress is ``_squash``-ed so that no amount of material is worth a buried treasure: a
ship's value stays below 3 until it buries its third. At the end of the game the value is the
score itself. In the solo game the one seat's value is its margin over the Legendary Pirate
(its treasures plus the filled share of its gold track, PC-6.8). Pure and read-only; tables
that depend only on the content and the shuffled sea are cached.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from tabletide.games.tiny_epic_pirates import sea
from tabletide.games.tiny_epic_pirates.constants import (
    CANNONS,
    EXTORTION,
    HELM_SPACES,
    HIDE,
    MAX_CARGO,
    MAX_CREW,
    MAX_GOLD,
    NUM_LOOT,
    REPAIRS,
    RIGGING,
    TREASURES,
)
from tabletide.games.tiny_epic_pirates.content import LOOT, ORDERS, CardFace, Content, Crew

if TYPE_CHECKING:
    from tabletide.games.tiny_epic_pirates.state import PiratesState

GOLD_SHARE = 0.5
"""Share of a treasure that the gold for its burial spot is worth before it is buried."""
CARGO_SHARE = 0.6
"""Share of its market price that a cube aboard is worth before it is sold."""
GAMMA = 0.6
"""Weight of a gain per turn it is away."""
ASSET_RATE = 0.07
"""Treasures per gold-equivalent of an asset (about GOLD_SHARE over the mean spot cost)."""
PLUNDER_PRICE = 3.5
"""Mean market price of a cube drawn at random (prices are 2..5)."""
WORK_HAND, EXTORT_HAND, HELM_HAND, REPAIR_HAND = 1.5, 2.0, 1.0, 0.4
"""Gold-equivalents of a deckhand on Rigging or Cannons, on Extortion, on the helm (it comes
back when the captain passes), on Repairs."""
VOLLEY, SAIL_TOKEN, STORM_TOKEN = 1.0, 0.8, 0.6
INFAMY_LEVEL = 1.0
HIDDEN = 0.3
SEARCH_GAIN = 1.2
"""Gold-equivalent of flipping a search token (gold 2/3, volley, loot, keep tokens)."""
NAVY_RISK = 0.1
"""Chance that a ship within the Navy's reach now is still there when it next crosses the
ship line (it sails before the Navy moves, so it can usually get away)."""
KNEE = 0.5
"""Progress toward a treasure up to which material counts at face value (``_squash``)."""
TIE = 0.01
"""Weight of the tie-break terms (infamy, gold, loot; PC-5.27.3) once a ship is done."""

ORDER_ID = {o: i for i, o in enumerate(ORDERS)}
HIDE_ORDER, PLUNDER, TRADE, RECRUIT, SEARCH, ATTACK = (
    ORDER_ID[o] for o in ("hide", "plunder", "trade", "recruit", "search", "attack")
)
NEXT = 0.6
"""Weight of a gain one turn away (GAMMA per turn after that)."""
OPP_NEXT = 0
"""1: a ship that is not on the move counts its next turn as the coming one."""
POW = [1.0] + [NEXT * GAMMA**k for k in range(31)]
DIST = [[sea.distance(a, b) for b in range(16)] for a in range(16)]
BONUS_WORTH = {
    "bury": 3.0,
    "special_trade": 1.5,
    "sail": 1.0,
    "plunder": 1.0,
    "trade": 1.0,
    "recruit": 0.6,
    "search": 0.8,
    "attack": 1.0,
    "reorganize": 0.7,
    "exchange": 0.5,
    "reroll": 0.5,
    "sail_navy": 0.5,
    "sail_merchant": 0.5,
}
"""Gold-equivalents of a bonus action on a crew card (``gold`` bonuses count half their gold)."""


# ---------------------------------------------------------------------------- cached tables
def crew_worth(card: Crew) -> float:
    """Gold-equivalent of a crew card: its die symbols, automatic hits and bonus row."""
    face = card.face
    worth = 0.3 + 0.5 * len(face.dice) + 1.2 * face.hits
    if face.bonus is not None:
        for act in face.bonus.actions:
            worth += 0.5 * act.amount if act.kind == "gold" else BONUS_WORTH[act.kind]
    return worth


def _bury_trigger(face: CardFace) -> int:
    """The order that activates a Bury on this card, or -1."""
    row = face.bonus
    if row is not None and any(a.kind == "bury" for a in row.actions):
        return ORDER_ID[row.trigger]
    return -1


class _Cards:
    """Per content: crew worth, Bury triggers and fighting faces of crew and captain sides."""

    def __init__(self, c: Content) -> None:
        self.content = c  # held so that its id stays unique while cached
        self.worth = [crew_worth(card) for card in c.crew]
        self.crew_bury = [_bury_trigger(card.face) for card in c.crew]
        self.captain_bury = [[_bury_trigger(side) for side in cap.sides] for cap in c.captains]
        self.crew_face = [(card.face.dice, card.face.hits) for card in c.crew]
        self.captain_face = [[(side.dice, side.hits) for side in cap.sides] for cap in c.captains]


class _Sea:
    """Per content and shuffled sea: burial spots by cost, markets by type, colonies, coves."""

    def __init__(self, c: Content, grid: list[int]) -> None:
        self.content = c
        self.grid = grid  # clones share the grid list, so identity is a cheap key
        cards = [c.map_cards[g] for g in grid]
        self.spots = sorted(
            (cost, p, i) for p, card in enumerate(cards) for i, cost in enumerate(card.burial)
        )
        self.markets: list[list[int]] = [[] for _ in range(NUM_LOOT)]
        for p, card in enumerate(cards):
            if card.market is not None:
                self.markets[LOOT.index(card.market)].append(p)
        self.colonies = [(p, card.colony) for p, card in enumerate(cards) if card.colony]
        self.coves = [p for p, card in enumerate(cards) if card.cove]


_cards: _Cards | None = None
_seas: dict[tuple[int, ...], _Sea] = {}
_last_sea: _Sea | None = None


def _tables(s: PiratesState) -> tuple[_Cards, _Sea]:
    global _cards, _last_sea
    c = s.content
    cards = _cards
    if cards is None or cards.content is not c:
        cards = _cards = _Cards(c)
        _seas.clear()
    table = _last_sea
    if table is None or table.grid is not s.grid or table.content is not c:
        key = tuple(s.grid)
        table = _seas.get(key)
        if table is None or table.content is not c:
            if len(_seas) > 256:
                _seas.clear()
            table = _seas[key] = _Sea(c, s.grid)
        _last_sea = table
    return cards, table


# ---------------------------------------------------------------------------- the evaluation
def evaluate(s: PiratesState, seat: int) -> float:
    """``seat``'s worth in treasures (see the module docstring)."""
    if not s.stack:
        if s.lp >= 0:
            return float(s.buried[seat] - s.buried[s.lp])
        return float(s.buried[seat])
    if s.lp >= 0:
        return ship_worth(s, seat) - pirate_worth(s)
    return ship_worth(s, seat)


def pirate_worth(s: PiratesState) -> float:
    """The Legendary Pirate: its treasures plus the filled share of its gold track (it buries
    by itself at the top, PC-6.8.2); cubes aboard are trades to come (PC-6.7.3)."""
    lp = s.lp
    if s.buried[lp] >= TREASURES:
        return float(TREASURES)
    top = s.lp_sheet().gold_track
    money = s.gold[lp] + CARGO_SHARE * PLUNDER_PRICE * len(s.cargo[lp])
    return s.buried[lp] + 0.9 * min(money, top) / top


def _phase(s: PiratesState, ship: int) -> tuple[int, int]:
    """Where ``ship``'s own turn stands: (phase, sail moves left this turn).

    0: the captain is still to move (this turn is the next one); 1: the order and the bonus
    actions are still to come; 2: only the bonus actions; 3: not (or no longer) its turn."""
    if s.active != ship:
        return 3, 0
    kinds = [f.kind for f in s.stack if f.seat == ship or f.kind[0] == "@"]
    if "helm" in kinds:
        return 0, 0
    left = 0
    if "@voyage" in kinds:
        left = _sail(s, ship)
    elif "sail" in kinds:
        left = max(0, _sail(s, ship) - s.moves)
    if "order" in kinds:
        return 1, left
    if "@bonus" in kinds or "bonus" in kinds:
        return 2, left
    return 3, 0


def _sail(s: PiratesState, ship: int) -> int:
    """PC-5.5.2 (with the +2 tokens spent this voyage)."""
    extra = s.sail_extra if s.active == ship else 0
    return s.content.sheets.infamy[s.infamy[ship]].sail + s.assign[ship][RIGGING] + extra


def helm_turns(s: PiratesState, ship: int) -> list[int]:
    """Per order: 1 if the captain's next move can end on it (the skipped spaces paid with
    deckhands, PC-5.2.3; Hide and occupied spaces are free), else 2."""
    start = s.captain[ship]
    hands = s.on_helm[ship]
    free = sum(s.assign[ship])
    helm = s.helm[ship]
    out = [2] * HELM_SPACES
    cost = 0
    for steps in range(1, HELM_SPACES):
        sp = (start + steps) % HELM_SPACES
        if cost <= free:
            out[helm[sp]] = 1
        if sp != HIDE and not hands[sp]:
            cost += 1
    return out


def ship_worth(s: PiratesState, ship: int) -> float:
    """A ship's treasures plus its progress toward the rest (see the module docstring)."""
    buried = s.buried[ship]
    gold = s.gold[ship]
    cargo = s.cargo[ship]
    if buried >= TREASURES:
        return TREASURES + TIE * (s.infamy[ship] + 0.1 * gold + 0.01 * len(cargo))
    cards, table = _tables(s)
    c = s.content
    dist = DIST[s.at[ship]]
    navy = s.navy
    need_n = TREASURES - buried
    # The cheapest free spots still needed set the price of a treasure.
    free_costs: list[int] = []
    affordable: list[tuple[int, int]] = []
    burial = s.burial
    for cost, p, i in table.spots:
        if burial[p][i] < 0:
            if len(free_costs) <= need_n:
                free_costs.append(cost)
            if cost <= gold and p != navy:
                affordable.append((cost, p))
    if not free_costs:  # no spot left: only the tie-breaks count
        return buried + TIE * (s.infamy[ship] + 0.1 * gold + 0.01 * len(cargo))
    needed = free_costs[:need_n]
    need = sum(needed)
    rate = GOLD_SHARE * len(needed) / need  # treasures per gold
    market = s.market
    cargo_gold = 0
    for t in cargo:
        cargo_gold += 5 - market.index(t)
    money = gold + CARGO_SHARE * cargo_gold
    held = rate * min(money, need)

    # -- assets, in gold-equivalents
    assign = s.assign[ship]
    on_helm = sum(s.on_helm[ship])
    crew = s.crew[ship]
    worth = cards.worth
    assets = (
        WORK_HAND * (assign[RIGGING] + assign[CANNONS])
        + EXTORT_HAND * assign[EXTORTION]
        + REPAIR_HAND * assign[REPAIRS]
        + HELM_HAND * on_helm
        + VOLLEY * s.volley[ship]
        + INFAMY_LEVEL * s.infamy[ship]
    )
    for token in s.kept[ship]:
        assets += SAIL_TOKEN if token == "sail2" else STORM_TOKEN
    for card in crew:
        assets += worth[card]
    hidden = s.hidden[ship]
    if hidden:
        assets += HIDDEN
    # The Navy's full listing (PC-5.24.4).
    if not hidden and navy >= 0 and dist[navy] <= c.sheets.navy_moves[min(buried, 3)]:
        chance = NAVY_RISK
        if s.active == ship and s.crossed and any(f.kind == "@cross" for f in s.stack):
            chance = 1.0
        working = assign[RIGGING] + assign[CANNONS] + assign[EXTORTION]
        assets -= chance * (
            working * (WORK_HAND - REPAIR_HAND) + on_helm * (HELM_HAND - REPAIR_HAND)
        )

    # -- the best next step: its gain in treasures times GAMMA per turn away
    use = ASSET_RATE * need_n / TREASURES  # assets only help with the treasures still to bury
    phase, left = _phase(s, ship)
    sail = max(1, _sail(s, ship))
    now = s.order if 0 < phase < 3 else -1
    # before the helm move, "next turn" is this turn
    shift = 1 if phase == 0 or (OPP_NEXT and s.active != ship) else 0
    helm = helm_turns(s, ship)
    turns = [(d + sail - 1) // sail for d in range(8)]
    later = [1 + (d - left + sail - 1) // sail if d > left else 0 for d in range(8)]
    best = 0.0

    # Bury: a bonus action, so phase 2 still allows the current order's trigger.
    if affordable:
        triggers = [cards.captain_bury[s.captain_card[ship]][s.side[ship]]]
        triggers += [cards.crew_bury[card] for card in crew]
        h = min((helm[o] for o in triggers if o >= 0), default=0)
        if h:
            here = now in triggers
            rest_n = need_n - 1
            for cost, p in affordable:
                if rest_n:  # the other spots still needed price the rest of the money
                    rest = free_costs[: rest_n + 1]
                    if cost in rest:
                        rest.remove(cost)
                    else:
                        rest.pop()
                    spare = sum(rest)
                    after = GOLD_SHARE * rest_n / spare * min(money - cost, spare) if spare else 0.0
                else:
                    after = 0.0
                gain = 1.0 + after - held
                if gain <= best:
                    continue
                d = dist[p]
                k = max(h, turns[d]) - shift
                if here and later[d] < k:
                    k = later[d]
                gain *= POW[k]
                if gain > best:
                    best = gain

    def delay(order: int, d: int) -> int:
        """Turns until ``order`` can be performed at distance ``d`` (0: this turn)."""
        k = max(helm[order], turns[d]) - shift
        if now == order and phase == 1 and later[d] < k:
            return later[d]
        return k

    # Trade: one loot type at one of its markets (PC-5.10); the gold cap applies.
    for t in set(cargo):
        sale = cargo.count(t) * (5 - market.index(t))
        after = min(gold + sale, MAX_GOLD) + CARGO_SHARE * (cargo_gold - sale)
        gain = rate * min(after, need) - held
        if gain > best and table.markets[t]:
            gain *= POW[delay(TRADE, min(dist[p] for p in table.markets[t]))]
            if gain > best:
                best = gain
    # A cube drawn at random, in the first free hold or instead of the cheapest cube aboard
    # (PC-5.1.5), as money.
    prices = sorted(5 - market.index(t) for t in cargo)
    holds = [0.0] * (MAX_CARGO - len(cargo)) + [float(x) for x in prices]
    draw = [CARGO_SHARE * max(0.0, PLUNDER_PRICE - x) for x in holds]
    # Plunder: one or two cubes at a colony (PC-5.9).
    one = rate * min(money + draw[0], need) - held
    two = rate * min(money + draw[0] + draw[1], need) - held
    if two > best:
        for p, size in table.colonies:
            gain = two if size > 1 else one
            if gain > best:
                gain *= POW[delay(PLUNDER, dist[p])]
                if gain > best:
                    best = gain
    # Search: the nearest face-down token (PC-5.13).
    gain = rate * min(money + SEARCH_GAIN, need) - held
    if gain > best:
        d = 99
        for p, face_down in enumerate(s.search):
            if face_down >= 0 and dist[p] < d:
                d = dist[p]
        if d < 99:
            gain *= POW[delay(SEARCH, d)]
            if gain > best:
                best = gain
    # Sink a merchant: its gold and cube, maybe infamy; losing lists a deckhand (PC-5.15).
    mean, spread = _strength(s, ship, cards)
    for m in range(2):
        merchant = c.merchants[s.merchant_slot[m]]
        win = _win_chance(mean, spread, merchant.damage)
        if win < 0.05:
            continue
        loot = rate * min(money + merchant.gold + draw[0], need) - held
        if merchant.infamy_upto >= s.num_players:
            loot += use * INFAMY_LEVEL
        gain = win * loot - (1.0 - win) * use * (WORK_HAND - REPAIR_HAND)
        if gain > best:
            gain *= POW[delay(ATTACK, dist[s.merchant_at[m]])]
            if gain > best:
                best = gain
    # Recruit: the best crew card of the row, anywhere (PC-5.11).
    if s.crew_row:
        top = max(worth[card] for card in s.crew_row)
        if len(crew) >= MAX_CREW:
            top -= min(worth[card] for card in crew)
        gain = use * top
        if gain > best:
            gain *= POW[delay(RECRUIT, 0)]
            if gain > best:
                best = gain
    # Hide: deckhands back to work from Repairs (PC-5.17.4).
    idle = assign[REPAIRS]
    if idle:
        gain = use * idle * (WORK_HAND - REPAIR_HAND)
        if gain > best and table.coves:
            gain *= POW[delay(HIDE_ORDER, min(dist[p] for p in table.coves))]
            if gain > best:
                best = gain

    extra = held + use * assets + best
    return buried + need_n * _squash(extra / need_n)


def _squash(y: float) -> float:
    """Progress toward one treasure: linear up to ``KNEE``, then bending toward 1 with the
    same slope, so that no amount of material is worth a buried treasure."""
    if y <= KNEE:
        return y
    return 1.0 - (1.0 - KNEE) * math.exp(-(y - KNEE) / (1.0 - KNEE))


def _strength(s: PiratesState, ship: int, cards: _Cards) -> tuple[float, float]:
    """Mean and spread of the ship's attack damage (PC-5.14.4); each volley token sets a die
    to the face with the most symbols."""
    marks = [0] * 7
    dice, hits = cards.captain_face[s.captain_card[ship]][s.side[ship]]
    for f in dice:
        marks[f] += 1
    for card in s.crew[ship]:
        dice, h = cards.crew_face[card]
        hits += h
        for f in dice:
            marks[f] += 1
    n = s.content.sheets.infamy[s.infamy[ship]].dice
    per_die = sum(marks) / 6.0
    volleys = min(s.volley[ship], n)
    mean = (n - volleys) * per_die + volleys * max(marks) + s.assign[ship][CANNONS] + hits
    var = sum(m * m for m in marks) / 6.0 - per_die * per_die
    return mean, max(0.25, (n - volleys) * var) ** 0.5


def _win_chance(mean: float, spread: float, against: int) -> float:
    """P(damage > against) under a logistic approximation of the damage distribution."""
    x = (mean - against - 0.5) / (0.6 * spread)
    if x > 30.0:
        return 1.0
    if x < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
