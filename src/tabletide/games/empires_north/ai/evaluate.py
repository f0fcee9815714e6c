"""What an Empires of the North position is worth to the bots (``game.evaluate``), in VP.

The final score (EN-8.2) is the VP track plus 1 per empire card, 1 per gold, 1 per axe and 1 per
2 resources left in the supply. The evaluation is that score computed on the current position
(resources counted smoothly until the last round) plus what the rest of the game will likely add:

* a **horizon** ``h``: the full rounds likely left after this one: 0 in the last round, 1 when
  the next round is the last (EN-8.1b), otherwise a round clock (games between greedy bots end
  after round 4 or 5), never on the VP track, so that a VP more is always worth a VP more;
* **material** at a premium that fades with the horizon: resources (they build cards and feed
  action cards: 0.7 VP while the game runs, ½ at the end), gold (a wildcard) and axes (they
  conquer islands);
* **workers** owned (EN-9.1: kept to the end): each keeps a card at the Lookout or pays a cost in
  every round left; ready workers also have a small value for the round under way;
* the **engine** of the empire, card by card (a table computed once from the card language):
  an action card's net gain per use (effects minus cost, counted for this round if it is ready
  and for every round left), features by how often their trigger happens in a round, the best
  HARVEST (a production location with its upgrades), goods on STORED cards by their yield at
  every Lookout left (EN-9.9);
* the **hand**: each card by what playing it will add (1 VP as an empire card, its goods or
  build bonus or boost effect, its engine over the rounds left, minus its cost), best cards first
  and each next one discounted, since turns to play them run out;
* **ships** in the queue (their fish and axe are paid already) by what an island will give, and
  the **discs** still to be used this round.

At the end of the game the evaluation is the final score. It reads only public facts and the
seat's own hand (the bots see determinized copies, where other hands are guesses), never
mutates the state and draws no random numbers. At a pending payment (``pay``) it evaluates a
copy paid with the fewest gold, so that choosing a card to build, a disc to move or a card to
use is worth what it will do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabletide.games.empires_north.constants import RESOURCES, TILES, VP, WORKER
from tabletide.games.empires_north.content import Alternatives, Card, Effect
from tabletide.games.empires_north.effects import Alt
from tabletide.games.empires_north.expedition import Landing, Voyage
from tabletide.games.empires_north.turn import breakdown

if TYPE_CHECKING:
    from tabletide.engine import State
    from tabletide.games.empires_north.state import EmpiresState

# ---------------------------------------------------------------------------- weights
W: dict[str, float] = {
    # the horizon
    "rounds": 4.5,  # the round after which games between greedy bots usually have ended
    "floor": 0.5,  # rounds left at least, while the end has not been triggered
    "hcap": 4.0,  # rounds an engine term counts at most
    # material: the premium over the final-scoring rate, at full horizon
    "res": 0.2,  # a resource: 0.5 at the end, 0.5 + res while the game runs
    "gold": 0.2,
    "axe": 0.3,
    "worker": 0.35,  # per worker and round left
    "ready": 0.2,  # a ready worker in the round under way
    # the hand
    "hand": 0.8,  # the first card's share of its play value
    "decay": 0.75,  # each next card's share of the one before
    # ships and discs
    "ship": 1.15,  # a ship's pick of islands over the deck's average
    "disc": 0.8,  # a disc not yet placed this round
    "harvest": 0.7,  # share of the best HARVEST taken per round
    "construct": 1.5,  # a free build under way (EN-5.4.3)
}

# Exchange rates for the card table (VP per unit, mid-game).
RATE = {VP: 1.0, "gold": 1.0, "axe": 1.0, WORKER: 1.5}
RESOURCE_RATE = 0.6
WORKER_COST = 0.3
"""A worker paid as a cost is tired for the round only (EN-9.3)."""
CARD_RATE = 0.6
TRIGGERS = {
    "pass": 1.0,
    "tile": 0.8,
    "opponent_tile": 0.7,
    "build": 0.6,
    "conquer": 0.3,
    "raid": 0.5,
    "attack": 0.2,
    "attacked": 0.1,
}
"""How often a feature's trigger happens in a round (guesses; a build with an icon filter 0.25)."""
TILE_RATE = dict.fromkeys(TILES, 1.2)


def bundle_value(bundle: dict[str, int], worker: float = RATE[WORKER]) -> float:
    total = 0.0
    for good, k in bundle.items():
        if good in RESOURCES:
            total += RESOURCE_RATE * k
        elif good == WORKER:
            total += worker * k
        else:
            total += RATE.get(good, 0.0) * k
    return total


def effect_value(e: Effect) -> float:
    match e.do:
        case "gain":
            return bundle_value(e.goods)
        case "draw":
            return CARD_RATE * e.n
        case "find":
            return CARD_RATE * 1.5
        case "rouse":
            return WORKER_COST * e.n
        case "refresh":
            return 1.0 * e.n
        case "release":
            return 0.3 * e.n
        case "move_disc":
            return 0.6
        case "ship_forward":
            return 0.2
        case "expedition":
            return 0.5
        case "tile":
            return TILE_RATE[str(e.tile)]
        case "per":
            times = min(e.cap, 3) if e.cap else 2
            return bundle_value(e.goods) * times
        case "ship":
            return 1.0
        case "common_ship":
            return 1.5
        case "gift":
            return -0.4 * bundle_value(e.goods)
    return 0.0


def alts_value(alts: Alternatives) -> float:
    """The best option of a "/" (EN-5.2.4)."""
    if not alts:
        return 0.0
    return max(sum(effect_value(e) for e in option) for option in alts)


@dataclass(frozen=True)
class CardInfo:
    """What a card is worth, from its text: ``now`` when it enters the empire (or a boost is
    played), ``cost`` to build, ``per_round`` of engine once built (action net of its cost,
    features), ``use``: an action's net gain per use (0 without one), ``harvest``: its goods on a
    HARVEST, ``stored``: the yield per good assigned to it and Lookout. In hand the card is
    worth ``play + grow * rounds left`` (``grow`` is ``per_round`` for a location, 0 for a
    boost)."""

    now: float
    cost: float
    per_round: float
    use: float
    harvest: float
    stored: float
    play: float
    grow: float


def card_info(card: Card) -> CardInfo:
    harvest = bundle_value(card.produce)
    now = harvest + alts_value(card.bonus) + alts_value(card.effects)
    cost = bundle_value(card.cost, worker=WORKER_COST)
    use = 0.0
    stored = 0.0
    if card.stored is not None:
        stored = alts_value(card.stored.yields) / card.stored.each
    if card.action is not None:
        a = card.action
        paid = bundle_value(a.cost, worker=WORKER_COST) + bundle_value(a.assign, worker=1.0)
        gain = alts_value(a.effects) + stored * sum(a.assign.values()) * 2.0
        use = max(0.0, gain - paid)
    features = 0.0
    for f in card.features:
        often = TRIGGERS[f.on] if f.icon is None else 0.25
        features += often * max(0.0, alts_value(f.effects))
    per_round = use + features
    if card.location:  # 1 VP as an empire card (EN-8.2a), its goods or bonus, minus its cost
        return CardInfo(now, cost, per_round, use, harvest, stored, 1.0 + now - cost, per_round)
    return CardInfo(now, cost, per_round, use, harvest, stored, now, 0.0)


@dataclass(frozen=True)
class Islands:
    """What a ship finds, on average over an island deck (near, distant): the raid goods, and
    a conquered island's value now (1 VP as an empire card and its bonus) and per round."""

    raid: tuple[float, float]
    conquer_now: tuple[float, float]
    conquer_round: tuple[float, float]


def islands(cards: tuple[Card, ...], infos: list[CardInfo]) -> Islands:
    raid, now, per_round = [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]
    for d, distance in enumerate(("near", "distant")):
        deck = [(c, i) for c, i in zip(cards, infos, strict=True) if c.distance == distance]
        count = sum(c.copies for c, _ in deck)
        won = [(c, i) for c, i in deck if c.conquerable]
        taken = sum(c.copies for c, _ in won)
        if count:
            raid[d] = sum(bundle_value(c.raid) * c.copies for c, _ in deck) / count
        if taken:
            now[d] = 1.0 + sum(i.now * c.copies for c, i in won) / taken
            per_round[d] = sum(i.per_round * c.copies for c, i in won) / taken
    return Islands((raid[0], raid[1]), (now[0], now[1]), (per_round[0], per_round[1]))


_TABLES: dict[int, tuple[tuple[Card, ...], list[CardInfo], Islands]] = {}


def table(cards: tuple[Card, ...]) -> tuple[list[CardInfo], Islands]:
    """The :class:`CardInfo` of every card of a card table and the island averages (cached
    per table)."""
    hit = _TABLES.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1], hit[2]
    infos = [card_info(c) for c in cards]
    isl = islands(cards, infos)
    _TABLES[id(cards)] = (cards, infos, isl)
    return infos, isl


def ship_value(isl: Islands, fish: bool, axe: bool, hc: float) -> float:
    """A ship in the queue: the best raid it can reach (EN-6.2: distant islands need the fish),
    or with an axe a conquest when that is worth more (EN-6.4); times ``W["ship"]`` because
    the ship picks among a few islands, so it does better than the deck's average."""
    reach = (0, 1) if fish else (0,)
    best = max(isl.raid[d] for d in reach)
    if axe:
        best = max(best, *(isl.conquer_now[d] + isl.conquer_round[d] * hc for d in reach))
    return best * W["ship"]


# ---------------------------------------------------------------------------- the evaluation
def horizon(s: EmpiresState) -> float:
    """Full rounds likely left after the current one: none in the last round, one when the
    next round is the last (EN-8.1), otherwise a clock fitted to games between greedy bots
    (they end after round 4 or 5; at least half a round more while nobody has triggered the
    end). The clock runs on rounds, not on VP, so that scoring never shortens the scorer's
    own horizon: a VP more is always worth a VP more."""
    if s.last_round:
        return 0.0
    if s.next_last:
        return 1.0
    return max(W["floor"], W["rounds"] - s.round)


def evaluate(state: State, seat: int) -> float:
    """``seat``'s final score if the game ended now, plus what its material, engine, hand and
    ships will likely add (see the module docstring)."""
    s: EmpiresState = state  # type: ignore[assignment]
    p = seat
    vp = float(s.vp[p])
    if s.phase == "over":
        return vp
    if s.stack and s.stack[-1].kind == "pay":
        # A payment under way (EN-9.21): the position once paid with the fewest gold (the
        # first option), on a copy; what is being built, moved or used counts from there.
        paid = s.clone()
        paid.apply_unchecked(paid.legal_actions()[0])
        return evaluate(paid, seat)
    infos, isl = table(s.cards)
    h = horizon(s)
    hc = min(h, W["hcap"])
    mid = min(1.0, h / 3.0)
    goods = s.goods[p]
    parts = breakdown(s, p)
    value = vp + parts["cards"]
    # material (EN-8.2 b/c: gold and axes 1 VP, resources ½)
    resources = sum(goods[r] for r in RESOURCES)
    if s.last_round:
        value += parts["resources"]
    else:
        value += resources * (0.5 + W["res"] * mid)
    value += goods["gold"] * (1.0 + W["gold"] * mid) + goods["axe"] * (1.0 + W["axe"] * mid)
    # the round under way: its actions are still to come while the player has not passed
    acting = s.phase in ("setup", "lookout", "action") and not s.passed[p]
    now = 1.0 if acting else 0.0
    rounds = hc + now
    value += s.workers_owned(p) * W["worker"] * hc
    if acting:
        value += s.workers[p] * W["ready"]
        value += sum(1 for at in s.disc_at[p] if at < 0) * W["disc"]
    # the engine
    engine = 0.0
    best_harvest = 0.0
    harvests: dict[int, float] = {}
    empire = s.empire[p]
    for pos, placed in enumerate(empire):
        info = infos[placed.acts]
        if info.per_round:
            engine += (info.per_round - info.use) * hc
            if info.use:
                engine += info.use * (hc + (now if not placed.exhausted else 0.0))
        if info.harvest:
            host = placed.host if placed.host >= 0 else pos
            harvests[host] = harvests.get(host, 0.0) + info.harvest
    if harvests:
        best_harvest = max(harvests.values())
    engine += best_harvest * W["harvest"] * rounds
    stock = s.stock[p]
    if stock:
        lookouts = hc + (1.0 if s.phase in ("setup", "lookout") else 0.0)
        for pos, on_card in stock.items():
            info = infos[empire[pos].acts]
            if info.stored:
                engine += sum(on_card.values()) * info.stored * lookouts
    value += engine
    # the hand
    hand = s.hand[p]
    if hand and rounds > 0:
        plays = []
        for c in hand:
            info = infos[c]
            worth = info.play + info.grow * hc
            if worth > 0:
                plays.append(worth)
        plays.sort(reverse=True)
        share = W["hand"] * min(1.0, rounds / 2.0)
        for worth in plays:
            value += worth * share
            share *= W["decay"]
    # ships at sea
    for ship in s.queue:
        if ship.owner == p:
            value += ship_value(isl, ship.fish, ship.axe, hc)
    # decisions under way: what the seat is about to take (a leaf of the search may stop
    # between a tile and its choice)
    for frame in s.stack:
        if frame.seat != p:
            continue
        kind = frame.kind
        if kind == "voyage" or kind == "landing":
            at_sea = frame.record(Voyage) if kind == "voyage" else frame.record(Landing)
            ship = at_sea.ship
            value += ship_value(isl, ship.fish, ship.axe, hc)
        elif kind == "harvest":
            value += best_harvest
        elif kind == "sail":
            value += ship_value(isl, False, False, hc)
        elif kind == "construct":
            value += W["construct"]
        elif kind == "alt":
            value += alts_value(frame.record(Alt).alts)
    return value
