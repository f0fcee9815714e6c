"""The Action phase's actions (EN-5): build a location, place or move an action disc and
perform the tile's action (with the optional boost or production card first), attack an
opponent's action card, use your own, pass."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from tabletide.engine import Action, Frame, make_action
from tabletide.games.empires_north.constants import (
    DISC_MOVE_COST,
    RESOURCES,
    TILES,
    VP,
    WORKER,
    bundle_text,
)
from tabletide.games.empires_north.content import Card
from tabletide.games.empires_north.effects import card_name, empire_names, push_alts, trigger
from tabletide.games.empires_north.expedition import Sail
from tabletide.games.empires_north.pieces import Placed

if TYPE_CHECKING:
    from tabletide.games.empires_north.state import EmpiresState as S

LEGAL: dict[str, Any] = {}
APPLY: dict[str, Any] = {}
AUTO: dict[str, Any] = {}

EXPLORE, POPULATE, CONSTRUCTION, HARVEST, SAIL = range(len(TILES))


# ---------------------------------------------------------------------------- queries
def buildable(s: S, p: int, card: Card) -> bool:
    """A "Pay to build" location (EN-5.2.1); a copy location needs a card to copy (EN-9.8)."""
    if card.type not in ("feature", "action"):
        return False
    return card.copy_of is None or bool(copy_targets(s, p, card))


def copy_targets(s: S, p: int, card: Card) -> list[int]:
    cond = card.copy_of
    assert cond is not None
    out = []
    for pos, placed in enumerate(s.empire[p]):
        target = s.cards[placed.acts]
        if placed.acts != placed.card or placed.host >= 0 or target.copy_of is not None:
            continue  # not a copy, not an upgrade
        kind = "production" if target.type in ("production", "flex") else target.type
        if cond.type is not None and kind != cond.type:
            continue
        if cond.icon is not None and cond.icon not in target.icons:
            continue
        out.append(pos)
    return out


def production_sites(s: S, p: int) -> list[int]:
    """Production locations of ``p``'s empire: what HARVEST takes goods from (EN-5.4.4)."""
    return [
        pos
        for pos, pl in enumerate(s.empire[p])
        if pl.host < 0 and s.cards[pl.acts].type in ("production", "flex")
    ]


def hosts(s: S, p: int, card: Card) -> list[int]:
    """Production locations an upgrade may be slid under: they give a good it gives
    (EN-5.2.3a2, EN-GAP-13f: any shared type)."""
    mine = set(card.produce) - {VP}
    return [pos for pos in production_sites(s, p) if mine & set(s.acts(p, pos).produce)]


def performable(s: S, p: int, tile: int) -> bool:
    """Whether the tile's action would really do something (EN-5.3.4)."""
    if tile == EXPLORE:
        return bool(s.deck[p] or s.discard[p])
    if tile == CONSTRUCTION:
        return any(buildable(s, p, s.cards[c]) for c in s.hand[p])
    if tile == HARVEST:
        return bool(production_sites(s, p))
    if tile == SAIL:
        return s.ships_free(p) > 0
    return True


def adjacent(s: S, tile: int) -> tuple[int, int]:
    """The two tiles next to ``tile`` in the circle (EN-3.6)."""
    return _neighbours(s.circle, tile)


@cache
def _neighbours(circle: tuple[str, ...], tile: int) -> tuple[int, int]:
    """:func:`adjacent` for one circle (a tuple of tile names, fixed for a game)."""
    i = circle.index(TILES[tile])
    n = len(circle)
    return TILES.index(circle[(i - 1) % n]), TILES.index(circle[(i + 1) % n])


# ---------------------------------------------------------------------------- the turn
# The turn's actions are cached objects (actions are immutable values): each label depends
# only on the parameters and on words already worked out (card names, the price).
_PASS = Action.make("pass", "Pass")
_BUILDS: dict[int, tuple[tuple[Card, ...], dict[int, Action]]] = {}
"""``build`` actions per content card tuple (keyed by its id; the tuple is held beside them so
that the id cannot be reused while they are cached) and card index."""


def _build_action(cards: tuple[Card, ...], c: int) -> Action:
    """Build card ``c``: the label names the card and its printed cost, fixed by the content."""
    entry = _BUILDS.get(id(cards))
    if entry is None or entry[0] is not cards:
        entry = _BUILDS[id(cards)] = (cards, {})
    action = entry[1].get(c)
    if action is None:
        card = cards[c]
        label = f"Build {card.name} ({bundle_text(card.cost)})"
        action = entry[1][c] = Action.make("build", label, card=c)
    return action


@cache
def _disc_action(tile: int) -> Action:
    return Action.make("disc", f"Place a disc on {TILES[tile].upper()}", tile=tile)


@cache
def _move_action(disc: int, at: int, to: int, price: str) -> Action:
    label = f"Move disc {disc + 1} from {TILES[at].upper()} to {TILES[to].upper()} ({price})"
    return Action.make("move", label, disc=disc, to=to)


@lru_cache(maxsize=4096)
def _attack_action(seat: int, pos: int, name: str, owner: str) -> Action:
    """(``owner``: the table's name of ``seat``, so the cache is bounded: names are chosen
    by people.)"""
    return Action.make("attack", f"Attack {owner}'s {name} (1 axe)", seat=seat, pos=pos)


@cache
def _use_action(pos: int, name: str) -> Action:
    return Action.make("use", f"Use {name}", pos=pos)


class _CardFacts(NamedTuple):
    """What :func:`legal_turn` asks of every card of a content card tuple, worked out once."""

    build: tuple[_Price | None, ...]
    """Per card: the price of building it when it is a "Pay to build" location, else None."""
    use: tuple[_Price | None, ...]
    """Per card: the price of its "Action:" (cost and assignment), None without one."""
    production: tuple[bool, ...]
    """Per card: a production location when not an upgrade (what HARVEST takes goods from)."""


class _Price(NamedTuple):
    """A cost (and a reserve set aside first) in the shape :func:`_affords` reads."""

    reserve: tuple[tuple[str, int], ...]
    """Goods and workers assigned first, exactly (gold may not stand in)."""
    needs: tuple[tuple[str, int, int, bool], ...]
    """Each good of the cost, its amount, the reserve of that good and whether it is a
    resource (gold may stand in for it)."""
    gold: int
    """The gold the cost itself names."""
    gold_reserve: int
    """The gold the reserve names."""


def _price(cost: dict[str, int], reserve: dict[str, int]) -> _Price:
    needs = tuple((g, k, reserve.get(g, 0), g in RESOURCES) for g, k in cost.items())
    return _Price(tuple(reserve.items()), needs, cost.get("gold", 0), reserve.get("gold", 0))


def _affords(goods: dict[str, int], workers: int, price: _Price) -> bool:
    """:meth:`EmpiresState.can_pay` on a :class:`_Price` (the same test, step by step)."""
    for good, k in price.reserve:
        if (workers if good == WORKER else goods[good]) < k:
            return False
    short = 0
    for good, k, kept, resource in price.needs:
        have = (workers if good == WORKER else goods[good]) - kept
        if resource:
            if k > have:
                short += k - have
        elif have < k:
            return False
    return short + price.gold <= goods["gold"] - price.gold_reserve


_FACTS: dict[int, tuple[tuple[Card, ...], _CardFacts]] = {}
""":class:`_CardFacts` per content card tuple, keyed by its id (the tuple is held beside them so
that the id cannot be reused; content cards are frozen records, never edited in place)."""


def _card_facts(cards: tuple[Card, ...]) -> _CardFacts:
    hit = _FACTS.get(id(cards))
    if hit is None or hit[0] is not cards:
        build = tuple(
            _price(c.cost, {}) if c.type in ("feature", "action") else None for c in cards
        )
        use = tuple(
            _price(c.action.cost, c.action.assign) if c.action is not None else None for c in cards
        )
        production = tuple(c.type in ("production", "flex") for c in cards)
        hit = _FACTS[id(cards)] = (cards, _CardFacts(build, use, production))
    return hit[1]


def legal_turn(s: S, f: Frame) -> list[Action]:
    """EN-5.1: build, place or move a disc, attack, use a card, pass. Every card's price comes
    from :func:`_card_facts`; which tiles can be performed is worked out once, and CONSTRUCTION
    from the build loop's own test of the hand (:func:`performable`'s rules, asked once)."""
    p = f.seat
    cards = s.cards
    facts = _card_facts(cards)
    build_price, use_price = facts.build, facts.use
    goods, workers = s.goods[p], s.workers[p]
    out: list[Action] = []
    can_construct = False
    for c in sorted(set(s.hand[p])):
        price = build_price[c]
        if price is None:
            continue
        card = cards[c]
        if card.copy_of is not None and not copy_targets(s, p, card):
            continue
        can_construct = True
        if _affords(goods, workers, price):
            out.append(_build_action(cards, c))
    disc_at = s.disc_at[p]
    move = goods[DISC_MOVE_COST] or goods["gold"]
    if -1 in disc_at or move:
        production = facts.production
        able = (
            bool(s.deck[p] or s.discard[p]),
            True,
            can_construct,
            any(pl.host < 0 and production[pl.acts] for pl in s.empire[p]),
            s.ships_free(p) > 0,
        )
        if -1 in disc_at:
            out += [_disc_action(t) for t in range(len(TILES)) if able[t]]
        if move:
            price_text = _move_price(goods[DISC_MOVE_COST] > 0, goods["gold"] > 0)
            disc_x = s.disc_x[p]
            for d, at in enumerate(disc_at):
                if at < 0 or disc_x[d]:
                    continue
                out += [_move_action(d, at, t, price_text) for t in adjacent(s, at) if able[t]]
    if goods["axe"]:
        passed = s.passed
        for q in range(s.num_players):
            if q == p or passed[q]:
                continue
            targets = [
                pos
                for pos, pl in enumerate(s.empire[q])
                if not pl.exhausted and use_price[pl.acts] is not None
            ]
            if targets:
                names = empire_names(s, q, article=False)
                owner = s.seat_name(q)
                out += [_attack_action(q, pos, names[pos], owner) for pos in targets]
    usable = []
    for pos, pl in enumerate(s.empire[p]):
        if pl.exhausted:
            continue
        price = use_price[pl.acts]
        if price is not None and _affords(goods, workers, price):
            usable.append(pos)
    if usable:
        names = empire_names(s, p)
        out += [_use_action(pos, names[pos]) for pos in usable]
    out.append(_PASS)
    return out


@cache
def _move_price(food: bool, gold: bool) -> str:
    """How a disc move can be paid, in words (EN-5.3.2: 1 food, or 1 gold in its place)."""
    return " or ".join(
        f"1 {good}" for good, have in ((DISC_MOVE_COST, food), ("gold", gold)) if have
    )


def apply_turn(s: S, f: Frame, a: Action) -> None:
    p = f.seat
    s.push("@next", p)
    match a.kind:
        case "build":  # EN-5.2.1: choose the card, then how to pay for it
            card = a.num("card")
            s.push_record("pay", p, Pay(tuple(s.cards[card].cost.items()), "build", card=card))
        case "disc":
            d = s.disc_at[p].index(-1)
            _disc(s, p, d, a.num("tile"))
        case "move":  # EN-5.3.2, EN-GAP-6: 1 food, or 1 gold in its place
            cost = ((DISC_MOVE_COST, 1),)
            s.push_record("pay", p, Pay(cost, "move", disc=a.num("disc"), tile=a.num("to")))
        case "attack":
            _attack(s, p, a.num("seat"), a.num("pos"))
        case "use":
            _use(s, p, a.num("pos"))
        case "pass":
            s.passed[p] = True  # EN-5.7
            s.log("pass", p)
            trigger(s, "pass", p)


def _disc(s: S, p: int, d: int, tile: int, moved: str = "") -> None:
    """EN-5.3.1/5.3.2: put the disc on the tile; a disc moved (``moved``: what was paid)
    flips to its exhausted side."""
    s.disc_at[p][d] = tile
    s.disc_uses[p][d] += 1
    if moved:
        s.disc_x[p][d] = True
    s.log("disc", p, disc=d, tile=TILES[tile], moved=moved)
    start_tile(s, p, tile)


def _attack(s: S, p: int, q: int, pos: int) -> None:
    """EN-5.5: pay 1 axe; the opponent's action card is exhausted."""
    s.goods[p]["axe"] -= 1
    s.empire[q][pos] = s.empire[q][pos]._replace(exhausted=True)
    s.log("attack", p, target=q, card=s.cards[s.empire[q][pos].card].name)
    trigger(s, "attacked", q)
    trigger(s, "attack", p)


def _use(s: S, p: int, pos: int) -> None:
    """EN-5.6: pay the cost, put the assigned goods on the card, resolve, exhaust."""
    card = s.acts(p, pos)
    action = card.action
    assert action is not None
    if action.assign:
        for good, k in action.assign.items():  # exactly these goods, no gold (EN-9.4)
            if good == WORKER:
                s.workers[p] -= k
            else:
                s.goods[p][good] -= k
        on_card = s.stock[p].setdefault(pos, {})
        for good, k in action.assign.items():
            on_card[good] = on_card.get(good, 0) + k
    s.push_record("pay", p, Pay(tuple(action.cost.items()), "use", pos=pos))


def _used(s: S, p: int, pos: int, paid: dict[str, int]) -> None:
    """EN-5.6.3 steps 3-4, once the cost is paid: resolve the effects, then exhaust."""
    action = s.acts(p, pos).action
    assert action is not None
    name = s.cards[s.empire[p][pos].card].name
    s.log("use", p, card=name, cost=paid, assign=dict(action.assign))
    s.push_record("@exhaust", p, Exhaust(pos))
    push_alts(s, p, action.effects, name)


class Exhaust(NamedTuple):
    """``@exhaust``: the card used, exhausted once its effects are resolved."""

    pos: int
    """Its position in the empire."""


def auto_exhaust(s: S, f: Frame) -> None:
    p, pos = f.seat, f.record(Exhaust).pos
    s.empire[p][pos] = s.empire[p][pos]._replace(exhausted=True)


# ---------------------------------------------------------------------------- paying
class Pay(NamedTuple):
    """``pay``: a cost to pay, gold standing in for resources (EN-9.21), and what for."""

    cost: tuple[tuple[str, int], ...]
    """The cost, good by good in the card's order."""
    purpose: str
    """"build" (``card``), "move" (``disc`` to ``tile``) or "use" (the card at ``pos``)."""
    card: int = -1
    """The card of the hand being built."""
    disc: int = -1
    """The disc being moved."""
    tile: int = -1
    """The tile the disc moves to."""
    pos: int = -1
    """The empire position of the card being used."""


_GOLD_PARAMS = tuple((good, f"gold_{good}") for good in RESOURCES)
"""Each resource and the ``pay`` parameter saying how many gold stand in for it."""
_PAY_ACTIONS: dict[tuple[Any, ...], Action] = {}
"""``pay`` actions by cost and way to pay (both tuples of goods and amounts): the label (what is
handed over, :meth:`~EmpiresState.paid_goods`) depends on nothing else."""


def legal_pay(s: S, f: Frame) -> list[Action]:
    """EN-9.21 (EN-5.2.1, EN-5.3.2, EN-5.6.3): one option per distinct way to pay, the fewest
    gold first; gold stands in only for resources, never for gold, axes or workers."""
    p, cost_items = f.seat, f.record(Pay).cost
    cost = dict(cost_items)
    out = []
    for way in s.payments(p, cost):
        key = (cost_items, tuple(way.items()))
        action = _PAY_ACTIONS.get(key)
        if action is None:
            label = f"Pay {bundle_text(s.paid_goods(cost, way))}"
            params = {name: way.get(good, 0) for good, name in _GOLD_PARAMS}
            action = _PAY_ACTIONS[key] = Action.of("pay", params, label)
        out.append(action)
    return out


def apply_pay(s: S, f: Frame, a: Action) -> None:
    p, pay = f.seat, f.record(Pay)
    cost, purpose = dict(pay.cost), pay.purpose
    gold = cast("dict[str, int]", dict(a.params))  # every parameter of ``pay`` is a number
    way = {good: gold[name] for good, name in _GOLD_PARAMS if gold[name]}
    paid = s.paid_goods(cost, way)
    s.pay(p, cost, way)
    if purpose == "build":
        card = pay.card
        s.log("build", p, card=s.cards[card].name, cost=paid)
        place(s, p, card)
    elif purpose == "move":
        _disc(s, p, pay.disc, pay.tile, moved="gold" if way else DISC_MOVE_COST)
    else:
        _used(s, p, pay.pos, paid)


LEGAL["turn"] = legal_turn
APPLY["turn"] = apply_turn
LEGAL["pay"] = legal_pay
APPLY["pay"] = apply_pay
AUTO["@exhaust"] = auto_exhaust


# ---------------------------------------------------------------------------- building
def place(s: S, p: int, card_i: int, host: int = -1) -> None:
    """A card enters ``p``'s empire ready (EN-5.2.1 step 3): production goods (EN-5.2.3a), the
    copy target (EN-9.8), the build bonus (EN-5.2.2) and "build" features."""
    card = s.cards[card_i]
    s.hand[p].remove(card_i)
    pos = len(s.empire[p])
    s.empire[p].append(Placed(card_i, card_i, False, host))
    if card.produce:
        s.log("produce", p, card=card.name, goods=dict(card.produce))
        s.gain(p, card.produce)
    trigger(s, "build", p, icons=card.icons, skip=pos)
    if card.copy_of is not None:
        s.push_record("copy", p, Copy(pos))
    push_alts(s, p, card.bonus, card.name)


class Copy(NamedTuple):
    """``copy``: the copy location just built, choosing the card it copies (EN-9.8)."""

    pos: int
    """Its position in the empire."""


def legal_copy(s: S, f: Frame) -> list[Action]:
    p, pos = f.seat, f.record(Copy).pos
    card = s.cards[s.empire[p][pos].card]
    return [
        make_action("copy", f"Copy {card_name(s, p, t)}", pos=t) for t in copy_targets(s, p, card)
    ]


def apply_copy(s: S, f: Frame, a: Action) -> None:
    """EN-9.8: the copy acts as the copied card from now on; its build bonus again."""
    p, pos, target = f.seat, f.record(Copy).pos, a.num("pos")
    acts = s.empire[p][target].acts
    s.empire[p][pos] = s.empire[p][pos]._replace(acts=acts)
    copied = s.cards[acts]
    s.log("copy", p, card=s.cards[s.empire[p][pos].card].name, copies=copied.name)
    if copied.produce:  # a production location's goods when built (EN-5.2.3a)
        s.log("produce", p, card=s.cards[s.empire[p][pos].card].name, goods=dict(copied.produce))
        s.gain(p, copied.produce)
    push_alts(s, p, copied.bonus, copied.name)


LEGAL["copy"] = legal_copy
APPLY["copy"] = apply_copy


# ---------------------------------------------------------------------------- tile actions
def start_tile(s: S, p: int, tile: int) -> None:
    """Perform a tile's action (EN-5.3): first the optional boost or production card naming it
    (EN-5.3.3), then the action itself, then the features it triggers."""
    s.push_record("@after_tile", p, AfterTile(tile))
    if tile == SAIL:
        s.push_record("sail", p, Sail(common=False))
    else:
        s.push(_TILE_FRAME[tile], p)
    s.push_record("extra", p, Extra(tile))


class Extra(NamedTuple):
    """``extra``: the tile whose boost or production card may come first (EN-5.3.3)."""

    tile: int


def legal_extra(s: S, f: Frame) -> list[Action]:
    p, tile = f.seat, f.record(Extra).tile
    name = TILES[tile]
    out = [_NO_CARD]
    for c in sorted(set(s.hand[p])):
        card = s.cards[c]
        if card.when != name:
            continue
        if card.type == "boost":
            out.append(_card_action("boost", "Play", c, card.name))
        elif card.type != "upgrade" or hosts(s, p, card):
            out.append(_card_action("produce", "Build", c, card.name))
    return out


_NO_CARD = Action.make("none", "No card")


@cache
def _card_action(kind: str, verb: str, card: int, name: str) -> Action:
    """``kind`` on ``card``, labelled "``verb`` ``name``" (immutable, so shared)."""
    return Action.make(kind, f"{verb} {name}", card=card)


def apply_extra(s: S, f: Frame, a: Action) -> None:
    p = f.seat
    if a.kind == "none":
        return
    c = a.num("card")
    card = s.cards[c]
    if a.kind == "boost":
        s.hand[p].remove(c)  # EN-9.11: resolved, then discarded
        s.discard[p].append(c)
        s.shown[p].append(c)
        s.log("boost", p, card=card.name)
        push_alts(s, p, card.effects, card.name)
    elif card.type == "production":
        s.log("build", p, card=card.name, cost={})
        place(s, p, c)
    else:
        s.push_record("host", p, Host(c))


class Host(NamedTuple):
    """``host``: the card of the hand being built, alone or as an upgrade (EN-5.2.3a2)."""

    card: int


def legal_host(s: S, f: Frame) -> list[Action]:
    p, c = f.seat, f.record(Host).card
    card = s.cards[c]
    out = []
    if card.type == "flex":
        out.append(make_action("alone", "Build it as a production location"))
    for pos in hosts(s, p, card):
        label = f"Slide it under {card_name(s, p, pos)}"
        out.append(make_action("host", label, pos=pos))
    return out


def apply_host(s: S, f: Frame, a: Action) -> None:
    p, c = f.seat, f.record(Host).card
    host = a.num("pos") if a.kind == "host" else -1
    s.log("build", p, card=s.cards[c].name, cost={}, under=host)
    place(s, p, c, host)


def auto_explore(s: S, f: Frame) -> None:
    """EN-5.4.1: draw the top card of your clan deck."""
    p = f.seat
    got = s.take_cards(p, 1)
    s.hand[p] = sorted(s.hand[p] + got)
    s.log("draw", p, n=len(got), source="EXPLORE", secret=[s.cards[c].name for c in got])


def auto_populate(s: S, f: Frame) -> None:
    """EN-5.4.2: one more worker, for this and every later round."""
    s.workers[f.seat] += 1
    s.log("populate", f.seat)


def legal_construct(s: S, f: Frame) -> list[Action]:
    p = f.seat
    return [
        make_action("construct", f"Build {s.cards[c].name} for free", card=c)
        for c in sorted(set(s.hand[p]))
        if buildable(s, p, s.cards[c])
    ]


def apply_construct(s: S, f: Frame, a: Action) -> None:
    """EN-5.4.3: a "Pay to build" location for free: neither goods nor workers (EN-GAP-13k)."""
    c = a.num("card")
    s.log("build", f.seat, card=s.cards[c].name, cost={}, free=True)
    place(s, f.seat, c)


def harvest_goods(s: S, p: int, pos: int) -> dict[str, int]:
    """The goods of a production location and of every upgrade under it (EN-5.2.3a2)."""
    total: dict[str, int] = {}
    for i, pl in enumerate(s.empire[p]):
        if i == pos or pl.host == pos:
            for good, k in s.cards[pl.acts].produce.items():
                total[good] = total.get(good, 0) + k
    return total


def legal_harvest(s: S, f: Frame) -> list[Action]:
    p = f.seat
    out = []
    for pos in production_sites(s, p):
        goods = bundle_text(harvest_goods(s, p, pos))
        name = card_name(s, p, pos)
        out.append(make_action("harvest", f"Harvest {name} ({goods})", pos=pos))
    return out


def apply_harvest(s: S, f: Frame, a: Action) -> None:
    """EN-5.4.4: gain the goods of one production location, upgrades included."""
    p, pos = f.seat, a.num("pos")
    goods = harvest_goods(s, p, pos)
    s.log("harvest", p, card=s.cards[s.empire[p][pos].card].name, goods=goods)
    s.gain(p, goods)


class AfterTile(NamedTuple):
    """``@after_tile``: the tile whose action was performed, for the features it triggers."""

    tile: int


def auto_after_tile(s: S, f: Frame) -> None:
    trigger(s, "tile", f.seat, tile=TILES[f.record(AfterTile).tile])


_TILE_FRAME = {
    EXPLORE: "@explore",
    POPULATE: "@populate",
    CONSTRUCTION: "construct",
    HARVEST: "harvest",
}
LEGAL["extra"] = legal_extra
APPLY["extra"] = apply_extra
LEGAL["host"] = legal_host
APPLY["host"] = apply_host
LEGAL["construct"] = legal_construct
APPLY["construct"] = apply_construct
LEGAL["harvest"] = legal_harvest
APPLY["harvest"] = apply_harvest
AUTO["@explore"] = auto_explore
AUTO["@populate"] = auto_populate
AUTO["@after_tile"] = auto_after_tile
