"""One-time effects (MA-5.32-5.53, MA-10.5): the dispatcher for the effect vocabulary and the
decisions effects open (treasure placement, burying, quests, buying cards, ship upgrades,
figureheads, smuggler tiles, residences).

``push_effects`` queues a list of effects, first on top; ``ctx`` is the colour index of the
raid's chosen die, for effects whose colour is "die". A list that opens with a payment the player
cannot make is skipped whole (a slot's or card's price, MA-5.52/MA-GAP-6.4). A smuggler slot's
price is paid only when the tile is placed, as the figurehead slot's 3 doubloons are (MA-GAP-6.4):
a cube on that slot with no tile placed costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame, make_action
from tabletide.games.maracaibo.constants import (
    FIGUREHEAD_COST,
    FIRST_BUILDER_VP,
    GRID,
    QUEST_SELL,
    RAID_CARD,
    RAID_FIG,
    RAID_SLOT,
    where,
)
from tabletide.games.maracaibo.content import COLORS, Effect, ShipBoard, Slot
from tabletide.games.maracaibo.memo import per_object
from tabletide.games.maracaibo.present.words import (
    article,
    describe,
    describe_all,
    describe_slot,
)
from tabletide.games.maracaibo.scoring import count
from tabletide.games.maracaibo.turn import offer_size

if TYPE_CHECKING:
    from tabletide.games.maracaibo.state import MaracaiboState as S

POSEIDON = (  # MA-10.1.G: Poseidon's four spaces
    (Effect(do="doubloons", n=5),),
    (Effect(do="vp", n=4),),
    (Effect(do="ship_upgrade"),),
    (Effect(do="treasure", color="any"),),
)
SKIP = make_action("skip", "Skip")


# ---------------------------------------------------------------------------- decision records
class Do(NamedTuple):
    """``@do``: one effect to resolve."""

    effect: Effect
    die_color: int
    """The colour index of the raid's chosen die, for an effect whose colour is "die" (-1)."""


class ColorChoice(NamedTuple):
    """``color``: the treasure type for ``amount`` cubes, for a purpose (``treasure``,
    ``refill`` or ``raid_as``)."""

    purpose: str
    amount: int


class Cube(NamedTuple):
    """``@cube``: one treasure cube to take and store."""

    color: int


class Store(NamedTuple):
    """``store``: the cube to place on a bonus space of the hideout, or not."""

    color: int


class Bury(NamedTuple):
    """``bury``: the treasures still to bury (shovels)."""

    left: int


class QuestChoice(NamedTuple):
    """``quest``: whether the Whale has refreshed the offer already."""

    refreshed: bool


class RefillSlot(NamedTuple):
    """``@refill_slot``: the Caribbean slot a card was taken from."""

    node: int


class Lightning(NamedTuple):
    """``lightning``: the card's one-time effects still to resolve (indexes)."""

    effects_left: tuple[int, ...]
    card: int


class Buy(NamedTuple):
    """``buy``: the category allowed ("" any) and the surcharge on the cost."""

    category: str
    surcharge: int


class Smuggler(NamedTuple):
    """``smuggler``: the price of placing the tile (a slot's price, else 0)."""

    price: int


def push_effects(s: S, p: int, effects: tuple[Effect, ...], ctx: int = -1) -> None:
    if not effects:
        return
    if effects[0].do == "pay" and s.doubloons[p] < effects[0].n:
        s.log("cannot_pay", p, n=effects[0].n)
        return
    if effects[0].do == "pay" and len(effects) == 2 and effects[1].do == "smuggler":
        s.push_record("smuggler", p, Smuggler(effects[0].n))  # MA-5.52: paid on placing the tile
        return
    for e in reversed(effects):
        s.push_record("@do", p, Do(e, ctx))


def affordable(s: S, p: int, effects: tuple[Effect, ...]) -> bool:
    return sum(e.n for e in effects if e.do == "pay") <= s.doubloons[p]


# ---------------------------------------------------------------------------- the dispatcher
def auto_do(s: S, f: Frame) -> None:
    p = f.seat
    do = f.record(Do)
    e, ctx = do.effect, do.die_color
    kind = e.do
    if kind == "vp":
        s.vp[p] += e.n
        s.log("vp", p, n=e.n)
    elif kind == "doubloons":
        s.doubloons[p] += e.n
        s.log("doubloons", p, n=e.n)
    elif kind == "pay":
        paid = min(e.n, s.doubloons[p])
        s.doubloons[p] -= paid
        s.log("pay", p, n=paid)
    elif kind in ("treasure", "refill"):
        color = ctx if e.color == "die" else -1 if e.color == "any" else COLORS.index(str(e.color))
        if color < 0:
            s.push_record("color", p, ColorChoice(kind, e.n))
        elif kind == "treasure":
            gain_treasure(s, p, color, e.n)
        else:
            refill(s, p, color, e.n)
    elif kind == "raid":
        from tabletide.games.maracaibo.raid import start_raid

        start_raid(s, p)
    elif kind == "raid_die":
        from tabletide.games.maracaibo.raid import start_raid_die

        start_raid_die(s, p, COLORS.index(str(e.color)), e.n)
    elif kind == "raid_as":
        s.push_record("color", p, ColorChoice("raid_as", e.n))
    elif kind == "explore":
        from tabletide.games.maracaibo.explore import start_explore

        start_explore(s, p, e.n)
    elif kind == "explore_space":
        space = s.content.track.spaces[s.explorer[p]]
        s.log("explore_space", p, space=space.id)
        push_effects(s, p, space.effects)
    elif kind == "bury":
        s.push_record("bury", p, Bury(e.n))
    elif kind == "quest":
        s.push_record("quest", p, QuestChoice(False))
    elif kind == "quest_sell":
        s.push("quest_sell", p)
    elif kind == "card":
        s.push_record("buy", p, Buy(e.category or "", e.n))
    elif kind == "ship_upgrade":
        s.push("ship_upgrade", p)
    elif kind == "figurehead":
        s.push("figurehead", p)
    elif kind == "smuggler":
        s.push_record("smuggler", p, Smuggler(0))
    elif kind == "activate_smuggler":
        s.push("activate", p)
    elif kind == "residence":
        s.push("residence", p)
    elif kind == "per":
        assert e.what is not None
        got = e.n * count(s, p, e.what)
        if e.cap:
            got = min(got, e.cap)
        s.vp[p] += got
        s.log("vp", p, n=got, per=e.what)
    elif kind == "income_vp":
        got = s.income(p)[1]
        s.vp[p] += got
        s.log("vp", p, n=got, per="income_vp")
    elif kind == "income_doubloons":
        got = s.income(p)[0]
        s.doubloons[p] += got
        s.log("doubloons", p, n=got, per="income_d")
    else:  # pragma: no cover - the schema admits no other kind
        raise ValueError(kind)


# ---------------------------------------------------------------------------- treasure
def legal_color(s: S, f: Frame) -> list[Action]:
    purpose = f.record(ColorChoice).purpose
    return [
        make_action("color", f"{purpose.replace('_', ' ')}: {name} (island {s.islands[i]})", c=i)
        for i, name in enumerate(COLORS)
    ]


def apply_color(s: S, f: Frame, a: Action) -> None:
    choice = f.record(ColorChoice)
    purpose, n = choice.purpose, choice.amount
    color = a.num("c")
    if purpose == "treasure":
        gain_treasure(s, f.seat, color, n)
    elif purpose == "refill":
        refill(s, f.seat, color, n)
    else:
        from tabletide.games.maracaibo.raid import start_raid_as

        start_raid_as(s, f.seat, color, n)


def refill(s: S, p: int, color: int, n: int) -> None:
    """MA-5.22: cubes go onto the island from the bottom up; the top space holds any number."""
    s.islands[color] += n
    s.log("refill", p, color=COLORS[color], n=n)


def gain_treasure(s: S, p: int, color: int, n: int = 1) -> None:
    """MA-5.33/5.34: take each cube from the island's top (or the supply), then store it."""
    for _ in range(n):
        s.push_record("@cube", p, Cube(color))


def auto_cube(s: S, f: Frame) -> None:
    p, color = f.seat, f.record(Cube).color
    s.take_cube(color)
    s.log("treasure", p, color=COLORS[color])
    if p == s.john or not free_bonus(s, p, color):
        s.store[p][color] += 1
        return
    s.push_record("store", p, Store(color))


def free_bonus(s: S, p: int, color: int) -> list[int]:
    spaces = s.content.hideout.section(COLORS[color]).bonus
    return [i for i in range(len(spaces)) if not s.bonus[p][color] >> i & 1]


def legal_store(s: S, f: Frame) -> list[Action]:
    color = f.record(Store).color
    spaces = s.content.hideout.section(COLORS[color]).bonus
    out = [
        make_action("store", f"Bonus space {i + 1}: {describe_all(spaces[i])}", space=i)
        for i in free_bonus(s, f.seat, color)
    ]
    out.append(make_action("store", "Store it without a bonus", space=-1))
    return out


def apply_store(s: S, f: Frame, a: Action) -> None:
    p, color, i = f.seat, f.record(Store).color, a.num("space")
    if i < 0:
        s.store[p][color] += 1
        return
    s.bonus[p][color] |= 1 << i
    s.log("bonus_space", p, color=COLORS[color], space=i)
    push_effects(s, p, s.content.hideout.section(COLORS[color]).bonus[i])


# ---------------------------------------------------------------------------- burying
def can_bury(s: S, p: int) -> bool:
    """Whether ``p`` has a treasure above the line and a free space to bury it on (MA-5.43;
    Poseidon's free spaces count, MA-10.1.G)."""
    posei = s.fig[p] >= 0 and s.content.figureheads[s.fig[p]].special == "poseidon"
    if posei and -1 in s.poseidon[p] and any(s.above(p, c) for c in range(len(COLORS))):
        return True
    return any(
        s.above(p, c)
        and s.buried_at[p][c] != (1 << len(s.content.hideout.section(name).buried)) - 1
        for c, name in enumerate(COLORS)
    )


def legal_bury(s: S, f: Frame) -> list[Action]:
    """MA-5.41-5.44: one treasure per shovel onto a free buried-treasure space of its own
    section, any free one the player chooses (seed [L420]: "one of the free spaces"), or, with
    Poseidon, onto one of the figurehead's free spaces (MA-10.1.G). One action per free space,
    its label naming the space and its bonus."""
    p = f.seat
    out: list[Action] = []
    posei = s.fig[p] >= 0 and s.content.figureheads[s.fig[p]].special == "poseidon"
    for c, name in enumerate(COLORS):
        if not s.above(p, c):
            continue
        cube = f"Bury {article(name)} {name}"
        taken = s.buried_at[p][c]
        for k, bonus in enumerate(s.content.hideout.section(name).buried):
            if not taken >> k & 1:
                gain = describe_all(bonus) if bonus else "no bonus"
                text = f"{cube} on burial space {k + 1}: {gain}"
                out.append(make_action("bury", text, color=c, on="hideout", space=k))
        if posei:
            for k in range(len(POSEIDON)):
                if s.poseidon[p][k] < 0:
                    text = f"{cube} on Poseidon's space {k + 1}: {describe_all(POSEIDON[k])}"
                    out.append(make_action("bury", text, color=c, on="poseidon", space=k))
    if out:
        out.append(SKIP)
    return out


def apply_bury(s: S, f: Frame, a: Action) -> None:
    p, left = f.seat, f.record(Bury).left
    if a.kind == "skip":
        return
    c, k = a.num("color"), a.num("space")
    if left > 1:
        s.push_record("bury", p, Bury(left - 1))
    # The cube leaves a bonus space first when it can: that frees the space (MA-5.45).
    if s.bonus[p][c]:
        low = s.bonus[p][c] & -s.bonus[p][c]
        s.bonus[p][c] ^= low
    else:
        s.store[p][c] -= 1
    if a.text("on") == "poseidon":
        s.poseidon[p][k] = c
        s.log("bury", p, color=COLORS[c], poseidon=k)
        push_effects(s, p, POSEIDON[k])
        return
    s.buried_at[p][c] |= 1 << k
    s.log("bury", p, color=COLORS[c], space=k)
    push_effects(s, p, s.content.hideout.section(COLORS[c]).buried[k])


# ---------------------------------------------------------------------------- quests
def legal_quest(s: S, f: Frame) -> list[Action]:
    """MA-5.46: the top of the deck or a card of the offer; the Whale may first refresh the
    offer (MA-10.1.D)."""
    p, refreshed = f.seat, f.record(QuestChoice).refreshed
    out = [
        make_action(
            "quest", f"Take quest {q} from the offer: {s.content.quests[q].summary}", quest=q
        )
        for q in s.quest_offer
    ]
    if s.quest_deck:
        out.append(make_action("quest", "Take the top quest of the deck", quest=-1))
    whale = s.fig[p] >= 0 and s.content.figureheads[s.fig[p]].special == "whale"
    if whale and not refreshed and s.quest_deck:
        out.append(make_action("refresh", "Whale: refresh the quest offer first"))
    if out:
        out.append(SKIP)
    return out


def apply_quest(s: S, f: Frame, a: Action) -> None:
    p = f.seat
    if a.kind == "skip":
        return
    if a.kind == "refresh":
        old = s.quest_offer
        s.quest_offer = [s.quest_deck.pop() for _ in range(min(offer_size(s), len(s.quest_deck)))]
        s.quest_deck[:0] = old  # MA-GAP-8.4: the replaced cards go to the bottom
        s.log("quest_refresh", p, offer=s.quest_offer[:])
        s.push_record("quest", p, QuestChoice(True))
        return
    if a.num("quest") < 0:
        q = s.quest_deck.pop()
        s.log("quest", p, source="deck", secret={"quest": q})
    else:
        pick = s.quest_offer.index(a.num("quest"))
        q = s.quest_offer.pop(pick)
        if s.quest_deck:
            s.quest_offer.insert(pick, s.quest_deck.pop())
        s.log("quest", p, source="offer", quest=q)
    s.quests[p].append(q)


def legal_quest_sell(s: S, f: Frame) -> list[Action]:
    out = [
        make_action("sell_quest", f"Discard quest {q} for {QUEST_SELL} doubloons", quest=q)
        for q in s.quests[f.seat]
    ]
    return [*out, SKIP] if out else []


def apply_quest_sell(s: S, f: Frame, a: Action) -> None:
    if a.kind == "skip":
        return
    q = a.num("quest")
    s.quests[f.seat].remove(q)
    s.quest_deck.insert(0, q)  # MA-10.5.26: to the bottom of the deck
    s.doubloons[f.seat] += QUEST_SELL
    s.log("sell_quest", f.seat, secret={"quest": q})  # quests are secret (MA-5.46)


# ---------------------------------------------------------------------------- upgrade cards
def take_card(s: S, p: int, node: int, price: int) -> None:
    """Pay, take the card, resolve its one-time effects in the player's order (MA-5.12), then
    finally refill the slot from the level II deck; the ships on it stay (MA-5.14). While the
    lightning effects resolve the slot is empty, so they cannot take the card that refills it."""
    card = s.slot[node]
    s.doubloons[p] -= price
    s.owned[p].append(card)
    lightning = s.cards[card].lightning if p != s.john else ()
    if not lightning:
        new = refill_slot(s, node)
        s.log("card", p, card=card, paid=price, refill=new)
        return
    s.slot[node] = -1
    s.log("card", p, card=card, paid=price, refill=None)
    s.push_record("@refill_slot", p, RefillSlot(node))
    s.push_record("lightning", p, Lightning(tuple(range(len(lightning))), card))


def refill_slot(s: S, node: int) -> int | None:
    """MA-5.14/5.15: the next level II card (or a blank) onto the slot; the new card if it lies
    face up."""
    new, face_up = s.draw_level2()
    s.slot[node], s.up[node] = new, face_up
    if new >= 0 and s.cards[new].type == "location" and "uncharted_locations" in s.mods:
        s.coins[node] = 0
    return new if face_up else None


def auto_refill_slot(s: S, f: Frame) -> None:
    refill_slot(s, f.record(RefillSlot).node)


def legal_lightning(s: S, f: Frame) -> list[Action]:
    """The card's one-time effects still to resolve, any order (MA-10.6.1). Two identical
    effects (a card with two ship upgrades) are one choice: either leaves the same state."""
    record = f.record(Lightning)
    effects = s.cards[record.card].lightning
    seen: set[Effect] = set()
    out = []
    for i in record.effects_left:
        if effects[i] not in seen:
            seen.add(effects[i])
            out.append(make_action("effect", describe(effects[i]), i=i))
    return out


def apply_lightning(s: S, f: Frame, a: Action) -> None:
    record = f.record(Lightning)
    i = a.num("i")
    rest = tuple(j for j in record.effects_left if j != i)
    if rest:
        s.push_record("lightning", f.seat, record._replace(effects_left=rest))
    card = record.card
    push_effects(s, f.seat, (s.cards[card].lightning[i],))


def buyable(s: S, p: int, category: str, surcharge: int) -> list[tuple[int, int]]:
    out = []
    for node in range(GRID):
        card = s.slot[node]
        if card < 0 or not s.up[node] or s.cards[card].type != "upgrade":
            continue
        if category and s.cards[card].category != category:
            continue
        price = s.cost(p, card, surcharge)
        if price <= s.doubloons[p]:
            out.append((node, price))
    return out


def legal_buy(s: S, f: Frame) -> list[Action]:
    """MA-5.47, MA-10.5.10/11/33/34: an upgrade card of the category from anywhere in the
    Caribbean at its cost (+ the surcharge); only face-up cards can be chosen."""
    buy = f.record(Buy)
    out = [
        make_action("buy", f"Gain {s.cards[s.slot[n]].name} for {price}", at=n)
        for n, price in buyable(s, f.seat, buy.category, buy.surcharge)
    ]
    return [*out, SKIP] if out else []


def apply_buy(s: S, f: Frame, a: Action) -> None:
    if a.kind == "skip":
        return
    node = a.num("at")
    take_card(s, f.seat, node, s.cost(f.seat, s.slot[node], f.record(Buy).surcharge))


# ---------------------------------------------------------------------------- ship upgrades
def open_slots(s: S, p: int) -> list[int]:
    """MA-5.49: a slot right of a threshold needs that many cubes left of it."""
    return list(_open_slots_of(s.content.ship)(s.slots[p]))


@per_object
def _open_slots_of(board: ShipBoard) -> Callable[[int], tuple[int, ...]]:
    """:func:`open_slots` for one ship board, cached by the filled-slot bitmask (the answer
    depends on the immutable board and the mask only)."""
    return cache(lambda filled: tuple(_open_slots(board, filled)))


def _open_slots(board: ShipBoard, filled: int) -> list[int]:
    by_zone = [0, 0, 0, 0]
    for i, sl in enumerate(board.slots):
        if filled >> i & 1:
            by_zone[sl.zone] += 1
    out = []
    for i, sl in enumerate(board.slots):
        if filled >> i & 1:
            continue
        if sl.zone == 0 or sum(by_zone[: sl.zone]) >= board.thresholds[sl.zone - 1]:
            out.append(i)
    return out


def legal_ship_upgrade(s: S, f: Frame) -> list[Action]:
    actions = _slot_actions(s.content.ship)
    out = [actions[i] for i in open_slots(s, f.seat)]
    return [*out, SKIP] if out else []


@per_object
def _slot_actions(board: ShipBoard) -> tuple[Action, ...]:
    """The action taking each slot of a ship board (made once per board, an immutable
    record: the same slot always reads the same)."""
    return tuple(
        make_action("slot", slot_label(i, slot), i=i) for i, slot in enumerate(board.slots)
    )


def slot_label(i: int, slot: Slot) -> str:
    """The label of taking ship slot ``i``."""
    return f"Ship slot {i + 1}: {describe_slot(slot)}"


def apply_ship_upgrade(s: S, f: Frame, a: Action) -> None:
    if a.kind == "skip":
        return
    p, i = f.seat, a.num("i")
    s.slots[p] |= 1 << i
    s.log("ship_upgrade", p, slot=i)
    push_effects(s, p, s.content.ship.slots[i].effects)


# ---------------------------------------------------------------------------- figureheads
def legal_figurehead(s: S, f: Frame) -> list[Action]:
    """MA-5.51: pay 3, take one from the offer; one per player per game."""
    p = f.seat
    if s.fig[p] >= 0 or s.doubloons[p] < FIGUREHEAD_COST:
        return []
    heads = s.content.figureheads
    out = [
        make_action(
            "figurehead", f"Pay {FIGUREHEAD_COST} for {heads[i].name}: {heads[i].text}", fig=i
        )
        for i in s.fig_offer
    ]
    return [*out, SKIP] if out else []


def apply_figurehead(s: S, f: Frame, a: Action) -> None:
    if a.kind == "skip":
        return
    p, i = f.seat, a.num("fig")
    s.doubloons[p] -= FIGUREHEAD_COST
    s.fig_offer.remove(i)
    s.fig[p] = i
    s.log("figurehead", p, fig=i)
    push_effects(s, p, s.content.figureheads[i].effects)


# ---------------------------------------------------------------------------- smuggler tiles
def free_locations(s: S) -> list[int]:
    """Location cards without a smuggler tile, face up or known to be locations."""
    return [
        n
        for n in range(GRID)
        if s.slot[n] >= 0
        and s.smug[n] < 0
        and s.cards[s.slot[n]].type == "location"
        and (s.up[n] or s.face_down_kind(n) == "location")
    ]


def legal_smuggler(s: S, f: Frame) -> list[Action]:
    """MA-5.52: a tile of the player's choice on any location without a smuggler tile (for the
    price of the slot, if any)."""
    p = f.seat
    if s.doubloons[p] < f.record(Smuggler).price:
        return []
    out = []
    places = [(n, node_name(s, n)) for n in free_locations(s)]  # the same for every tile
    for t in s.smug_left[p]:
        text = s.content.smugglers[t][s.smug_sides[t]].text
        for n, name in places:
            out.append(make_action("smuggle", f"Tile '{text}' on {name}", tile=t, at=n))
    return [*out, SKIP] if out else []


def apply_smuggler(s: S, f: Frame, a: Action) -> None:
    if a.kind == "skip":
        return
    p, t, n = f.seat, a.num("tile"), a.num("at")
    price = f.record(Smuggler).price
    if price:
        s.doubloons[p] -= price
        s.log("pay", p, n=price)
    s.smug_left[p].remove(t)
    s.smug[n] = p * 10 + t
    s.log("smuggler", p, tile=t, at=n)
    push_effects(s, p, s.effects_of_smuggler(t))  # resolved at once


def legal_activate(s: S, f: Frame) -> list[Action]:
    p = f.seat
    out = [
        make_action("activate", f"Activate your tile on {node_name(s, n)}", at=n)
        for n in range(GRID)
        if s.smug[n] >= 0 and s.smug[n] // 10 == p
    ]
    return [*out, SKIP] if out else []


def apply_activate(s: S, f: Frame, a: Action) -> None:
    if a.kind == "skip":
        return
    n = a.num("at")
    s.log("activate", f.seat, at=n)
    push_effects(s, f.seat, s.effects_of_smuggler(s.smug[n] % 10))


# ---------------------------------------------------------------------------- residences
def residence_price(s: S, p: int, card: int, half: bool = False) -> int:
    price = s.cost(p, card)
    return (price + 1) // 2 if half else price  # MA-9.22: discounts first, halve, round up


def buildable(s: S, p: int, half: bool = False) -> list[tuple[int, int]]:
    out = []
    for node in range(GRID):
        card = s.slot[node]
        if card < 0 or s.cards[card].type != "residence" or p in s.res[card]:
            continue
        price = residence_price(s, p, card, half)
        if price <= s.doubloons[p]:
            out.append((node, price))
    return out


def build(s: S, p: int, node: int, price: int) -> None:
    """MA-5.16/5.17/5.19: a residence marker; the first builder gains 2 VP."""
    card = s.slot[node]
    s.doubloons[p] -= price
    first = not s.res[card]
    s.res[card].append(p)
    if first:
        s.vp[p] += FIRST_BUILDER_VP
    s.log("residence", p, card=card, paid=price, first=first)


def legal_residence(s: S, f: Frame) -> list[Action]:
    out = [
        make_action("build", f"Build {s.cards[s.slot[n]].name} for {price}", at=n)
        for n, price in buildable(s, f.seat)
    ]
    return [*out, SKIP] if out else []


def apply_residence(s: S, f: Frame, a: Action) -> None:
    if a.kind == "skip":
        return
    n = a.num("at")
    build(s, f.seat, n, residence_price(s, f.seat, s.slot[n]))


# ---------------------------------------------------------------------------- words
def node_name(s: S, n: int) -> str:
    """A node for a prompt: the card's name when it is face up."""
    if n >= GRID:
        return where(n)
    card = s.slot[n]
    if card < 0:
        return f"a face-down card at {where(n)}"
    if not s.up[n]:
        return f"a face-down {s.face_down_kind(n)} at {where(n)}"
    return f"{s.cards[card].name} ({where(n)})"


def source_name(s: S, p: int, base: int) -> str:
    """Where an ability of ``p`` comes from, by its raid-action id base (``S.perms``): the
    ship's printed raid actions, a ship-board slot, the figurehead or an upgrade card."""
    if base < RAID_SLOT:
        return "printed on your ship"
    if base < RAID_FIG:
        return f"ship slot {base - RAID_SLOT + 1}"
    if base < RAID_CARD:
        return f"figurehead {s.content.figureheads[s.fig[p]].name}"
    return f"card {s.cards[base - RAID_CARD].name}"


LEGAL = {
    "color": legal_color,
    "store": legal_store,
    "bury": legal_bury,
    "quest": legal_quest,
    "quest_sell": legal_quest_sell,
    "lightning": legal_lightning,
    "buy": legal_buy,
    "ship_upgrade": legal_ship_upgrade,
    "figurehead": legal_figurehead,
    "smuggler": legal_smuggler,
    "activate": legal_activate,
    "residence": legal_residence,
}
APPLY = {
    "color": apply_color,
    "store": apply_store,
    "bury": apply_bury,
    "quest": apply_quest,
    "quest_sell": apply_quest_sell,
    "lightning": apply_lightning,
    "buy": apply_buy,
    "ship_upgrade": apply_ship_upgrade,
    "figurehead": apply_figurehead,
    "smuggler": apply_smuggler,
    "activate": apply_activate,
    "residence": apply_residence,
}
AUTO = {"@do": auto_do, "@cube": auto_cube, "@refill_slot": auto_refill_slot}
