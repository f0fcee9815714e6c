"""The Legendary Pirate of the solo game (PC-6): a ship run by rules, not by an agent. Its
choices follow the rulebook; where the rulebook says "you choose", seat 0 decides.

It plays from its own bridge (helm by die roll, target ships, bonuses) and infamy sheet
(action track, levels uncovered by treasures, the gold track that buries at the top)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame
from tabletide.games.tiny_epic_pirates import bonus, combat, economy, helm, orders, sea
from tabletide.games.tiny_epic_pirates.constants import (
    ASSIGNMENTS,
    HELM_SPACES,
    HIDE,
    MAX_CREW,
    REPAIRS,
    RIGGING,
    WORK,
)
from tabletide.games.tiny_epic_pirates.content import ORDERS, TARGETS

if TYPE_CHECKING:
    from tabletide.games.tiny_epic_pirates.state import PiratesState

YOU = 0
"""The human's ship (and the seat that makes the solo game's "you choose" decisions)."""


class Pick(NamedTuple):
    """``pick``: what the Legendary Pirate's tie is about (``"start"``, ``"cove"`` or
    ``"bury"``) and the positions seat 0 picks among."""

    purpose: str
    options: tuple[int, ...]


class SoloSail(NamedTuple):
    """``@solo_sail``: the Legendary Pirate's target (``"you"`` or a merchant colour) and the
    orders it performs this turn."""

    target: str
    orders: tuple[str, ...]


class SoloOrder(NamedTuple):
    """``@solo_order``: one order the Legendary Pirate performs, and its target."""

    order: str
    target: str


class SoloGold(NamedTuple):
    """``@solo_gold``: the gold the bridge bonuses of its order give the Legendary Pirate."""

    gold: int


# ---------------------------------------------------------------------------- setup
def place_pirate(s: PiratesState) -> None:
    """PC-6.2.3 step 3: on the unoccupied cove farthest from the Navy (ties: you choose)."""
    from tabletide.games.tiny_epic_pirates.turn import free_coves

    coves = free_coves(s)
    far = max(sea.distance(p, s.navy) for p in coves)
    best = tuple(p for p in coves if sea.distance(p, s.navy) == far)
    ask(s, "start", best)


def ask(s: PiratesState, purpose: str, options: tuple[int, ...]) -> None:
    """Settle a tie among cards for the Legendary Pirate: seat 0 picks when it is a real tie."""
    if s.over:
        return
    if len(options) == 1:
        settle(s, purpose, options[0])
    else:
        s.push_record("pick", YOU, Pick(purpose, options))


def settle(s: PiratesState, purpose: str, pos: int) -> None:
    lp = s.lp
    if purpose == "bury":
        costs = s.card(pos).burial
        spot = min((c, i) for i, c in enumerate(costs) if s.burial[pos][i] < 0)[1]
        bonus.place_treasure(s, lp, pos, spot)
        s.gold[lp] = 0  # PC-6.8.2: the doubloon returns to zero
        return
    s.at[lp] = pos
    s.hidden[lp] = True  # PC-GAP-12.10: it hides in the cove
    s.say("start" if purpose == "start" else "to_cove", lp, at=pos)


def legal_pick(s: PiratesState, frame: Frame) -> list[Action]:
    pick = frame.record(Pick)
    purpose, options = pick.purpose, pick.options
    what = {
        "start": "start the Legendary Pirate at",
        "cove": "send the Legendary Pirate to the cove at",
        "bury": "the Legendary Pirate buries at",
    }[purpose]
    return [Action.make("pick", f"{what} {sea.name(p)}", at=p) for p in options]


def apply_pick(s: PiratesState, frame: Frame, action: Action) -> None:
    settle(s, frame.record(Pick).purpose, action.num("at"))


# ---------------------------------------------------------------------------- its turn
def turn(s: PiratesState) -> None:
    """PC-6.4: a die picks the order (1-5: its helm; 6: the infamy action), then it sails
    toward the target, performs the order and checks its bonus (PC-6.6)."""
    lp = s.lp
    die = 1 + s.rng.below(6)
    s.say("solo_die", lp, die=die)
    if die == 6:  # PC-6.4.3 / PC-GAP-12.3: the captain stays, the marker moves on
        track = s.lp_sheet().track
        s.lp_track = (s.lp_track + 1) % len(track)  # PC-GAP-12.13: wrap around
        todo: tuple[str, ...] = tuple(track[s.lp_track].orders)
        target = "you"
        s.say("solo_infamy", lp, space=s.lp_track, orders=list(todo))
    else:
        move_captain(s, die)
        order = ORDERS[s.helm[lp][s.captain[lp]]]
        todo = (order,)
        target = s.lp_bridge().targets[s.captain[lp] - 1]
    s.lp_order = todo[0]
    for order in reversed(todo):
        s.push_record("@solo_order", lp, SoloOrder(order, target))
    s.push_record("@solo_sail", lp, SoloSail(target, todo))


def move_captain(s: PiratesState, die: int) -> None:
    """PC-6.4.2 a-f: clockwise to the rolled space, skipping with its rightmost deckhand,
    returning helm deckhands to the leftmost free assignment, never stopping on Hide."""
    lp = s.lp
    pos = s.captain[lp]
    if pos == die:  # PC-GAP-12.1 A: it stays and performs that order again
        s.say("captain", lp, space=pos, order=ORDERS[s.helm[lp][pos]], crossed=False)
        return
    fresh = [0, 0, 0, 0]  # returned this turn: cannot skip again (PC-GAP-12.2)
    crossed = False
    while True:
        nxt = (pos + 1) % HELM_SPACES
        if nxt == HIDE:  # PC-6.4.2 e: always skipped, for free
            crossed = True
            pos = nxt
            continue
        if s.on_helm[lp][nxt]:
            s.on_helm[lp][nxt] = False
            fresh[return_hand(s)] += 1
            if nxt == die:
                pos = nxt
                break
            pos = nxt
            continue
        if nxt == die:
            pos = nxt
            break
        source = next((a for a in (3, 2, 1, 0) if s.assign[lp][a] - fresh[a] > 0), -1)
        if source < 0:  # PC-6.4.2 d: as far as it can, on an order token
            pos = nxt
            break
        s.assign[lp][source] -= 1
        s.on_helm[lp][nxt] = True
        pos = nxt
    s.captain[lp] = pos
    s.crossed = crossed
    s.say("captain", lp, space=pos, order=ORDERS[s.helm[lp][pos]], crossed=crossed)


def return_hand(s: PiratesState) -> int:
    """PC-6.4.2 b-c: to the leftmost assignment without a deckhand (Repairs holds any)."""
    lp = s.lp
    for a in WORK:
        if s.assign[lp][a] == 0:
            s.assign[lp][a] = 1
            return a
    s.assign[lp][REPAIRS] += 1
    return REPAIRS


def target_pos(s: PiratesState, target: str) -> int:
    return s.at[YOU] if target == "you" else s.merchant_at[TARGETS.index(target)]


def auto_solo_sail(s: PiratesState, frame: Frame) -> None:
    """PC-6.6.1: vertically into the target's row, then horizontally, stopping on its card.
    Moves: level + Rigging + bonus sail (PC-GAP-12.8); storms list it and with every
    deckhand on Repairs it stops before one (PC-GAP-12.9)."""
    lp = s.lp
    sail = frame.record(SoloSail)
    target, todo = sail.target, sail.orders
    goal = target_pos(s, target)
    extra = sum(b.sail for b in s.lp_bridge().bonuses if b.trigger in todo)
    moved = 0
    while s.at[lp] != goal and moved < s.lp_level().sail + s.assign[lp][RIGGING] + extra:
        nxt = sea.vertical_first(s.at[lp], goal)
        storm = s.card(nxt).storm
        if storm and helm.all_on_repairs(s, lp):
            break
        s.at[lp] = nxt
        s.hidden[lp] = False
        moved += 1
        s.say("sail", lp, to=nxt)
        if storm:
            list_ship(s, "storm")


def auto_solo_order(s: PiratesState, frame: Frame) -> None:
    """PC-6.7 and step 3's bonus (gold of the bridge bonuses this order activates)."""
    lp = s.lp
    step = frame.record(SoloOrder)
    order, target = step.order, step.target
    s.lp_order = order
    gold = sum(b.gold for b in s.lp_bridge().bonuses if b.trigger == order)
    if gold:
        s.push_record("@solo_gold", lp, SoloGold(gold))
    s.say("order", lp, order=order, copy=False)
    if order == "plunder":  # PC-6.7.1: any island will do
        economy.load(s, lp, economy.draw_cube(s))
    elif order == "trade":
        trade(s)
    elif order == "search":
        if s.search[s.at[lp]] >= 0:
            orders.search(s, lp)
    elif order == "recruit":
        recruit(s)
    else:
        attack(s, target)


def auto_solo_gold(s: PiratesState, frame: Frame) -> None:
    gain_gold(s, frame.record(SoloGold).gold, "bonus")


def attack(s: PiratesState, target: str) -> None:
    """PC-6.7.2 / PC-GAP-12.14: only a target on its card (and not hidden)."""
    lp = s.lp
    here = s.at[lp]
    if target == "you":
        if s.at[YOU] == here and not s.hidden[YOU]:
            combat.begin(s, lp, YOU, combat.MERCHANT, reroll=False)
        return
    m = TARGETS.index(target)
    if s.merchant_at[m] == here:
        combat.begin(s, lp, combat.MERCHANT, m, reroll=False)


def trade(s: PiratesState) -> None:
    """PC-6.7.3: all cubes of its most valuable type, anywhere, at market prices."""
    lp = s.lp
    if not s.cargo[lp]:
        return
    best = max(set(s.cargo[lp]), key=lambda t: economy.price(s, t))
    economy.sell(s, lp, best, s.cargo[lp].count(best))


def recruit(s: PiratesState) -> None:
    """PC-6.7.5: the top crew card, or at four cards a fresh crew row instead."""
    lp = s.lp
    if len(s.crew[lp]) >= MAX_CREW:
        s.crew_under(s.crew_row[::-1])
        s.crew_row = []
        orders.refill_row(s)
        s.say("refresh", lp)
        return
    if s.crew_deck:
        card = s.crew_draw()
        s.crew[lp].append(card)
        s.say("recruit", lp, crew=card)


def search_token(s: PiratesState, kind: str) -> None:
    """PC-6.7.4 / PC-GAP-12.6: gold tokens as shown, loot as Plunder, the rest 1 gold."""
    if kind in ("gold2", "gold3"):
        gain_gold(s, int(kind[-1]), "search")
    elif kind == "loot":
        economy.load(s, s.lp, economy.draw_cube(s))
    else:
        gain_gold(s, 1, "search")


# ---------------------------------------------------------------------------- gold and burial
def gain_gold(s: PiratesState, amount: int, why: str) -> None:
    """PC-6.8: up its own gold track; at the top it buries at once, gold beyond is lost."""
    lp = s.lp
    top = s.lp_sheet().gold_track
    before = s.gold[lp]
    s.gold[lp] = min(top, before + amount)
    s.say("gold", lp, amount=s.gold[lp] - before, lost=amount - (s.gold[lp] - before), why=why)
    retry_bury(s)


def retry_bury(s: PiratesState) -> None:
    """Bury when the doubloon stands at the top and a free spot exists (PC-GAP-12.11: it waits
    otherwise, and never buries where the Navy is)."""
    lp = s.lp
    if s.over or s.gold[lp] < s.lp_sheet().gold_track or any(f.kind == "pick" for f in s.stack):
        return
    spots = [p for p in range(len(s.grid)) if p != s.navy and any(o < 0 for o in s.burial[p])]
    if not spots:
        return
    near = sea.nearest(s.at[lp], spots)
    cost = {p: min(c for i, c in enumerate(s.card(p).burial) if s.burial[p][i] < 0) for p in near}
    cheapest = min(cost.values())
    ask(s, "bury", tuple(p for p in near if cost[p] == cheapest))


# ---------------------------------------------------------------------------- combat
def level_index(s: PiratesState) -> int:
    return min(s.buried[s.lp], 3)


def extra_hits(s: PiratesState) -> int:
    """PC-6.9.1 d / PC-GAP-12.7: its level, the bridge bonuses of its current order, the
    marked space of its action track (crew hits are counted with every card)."""
    hits = s.lp_level().hits + s.lp_sheet().track[s.lp_track].hits
    hits += sum(b.hits for b in s.lp_bridge().bonuses if b.trigger == s.lp_order)
    return hits


def merchant_outcome(s: PiratesState, m: int, hit: int, held: int) -> None:
    """PC-6.10.1."""
    lp = s.lp
    if hit > held:
        combat.sink(s, lp, m)
    elif hit < held:
        list_ship(s, "lost a battle")
        gain_gold(s, 1, "lost a battle")
        to_cove(s)
    else:
        gain_gold(s, 1, "drew a battle")


def pirate_outcome(s: PiratesState, a: int, d: int, hit: int, held: int) -> None:
    """PC-6.10.2, whoever attacked."""
    lp = s.lp
    mine, yours = (hit, held) if a == lp else (held, hit)
    if yours > mine:
        s.say("win_battle", YOU, against=s.ship_tag(lp), foe=lp)
        combat.gain_infamy(s, YOU)
        list_ship(s, "lost a battle")
        gain_gold(s, 1, "lost a battle")
        to_cove(s)
    elif mine > yours:
        s.say("win_battle", lp, against=s.ship_tag(YOU), foe=YOU)
        helm.list_ship(s, YOU, "lost a battle")
        economy.gain_volley(s, YOU, "lost a battle")
        gain_gold(s, min(s.content.merchants[c].gold for c in s.merchant_slot), "won a battle")
    else:
        economy.gain_volley(s, YOU, "drew a battle")
        gain_gold(s, 1, "drew a battle")


def navy_attack(s: PiratesState) -> None:
    """PC-6.10.4: all its deckhands to Repairs, then to the nearest free cove."""
    helm.full_listing(s, s.lp)
    to_cove(s)


def to_cove(s: PiratesState) -> None:
    """The nearest cove no other pirate hides in (PC-GAP-12.10; ties: you choose)."""
    from tabletide.games.tiny_epic_pirates.turn import free_coves

    lp = s.lp
    coves = [p for p in free_coves(s) if p != s.at[lp] or not s.hidden[lp]]
    if coves:
        ask(s, "cove", tuple(sea.nearest(s.at[lp], coves)))


def list_ship(s: PiratesState, why: str) -> None:
    """PC-6.11.1: the rightmost deckhand off Repairs, else the helm deckhand nearest the
    captain counter-clockwise, else nothing."""
    lp = s.lp
    for a in reversed(WORK):
        if s.assign[lp][a]:
            s.assign[lp][a] -= 1
            s.assign[lp][REPAIRS] += 1
            s.say("listing", lp, why=why, source=ASSIGNMENTS[a])
            return
    for back in range(1, HELM_SPACES):
        sp = (s.captain[lp] - back) % HELM_SPACES
        if s.on_helm[lp][sp]:
            s.on_helm[lp][sp] = False
            s.assign[lp][REPAIRS] += 1
            s.say("listing", lp, why=why, source=f"helm space {sp}")
            return
    s.say("listing_immune", lp, why=why)


# ---------------------------------------------------------------------------- moving ships
def merchant_step(s: PiratesState, m: int, options: tuple[tuple[int, int], ...]) -> int:
    """PC-6.3.2 / PC-GAP-12.4: on your crossing, the step nearer its port that takes it
    farthest from you, never onto the other merchant (then it stays); ties vertical first."""
    here = s.merchant_at[m]
    other = s.merchant_at[1 - m]
    cands = [p for _, p in options if p != other]
    if not cands:
        return -1
    return max(cands, key=lambda p: (sea.distance(p, s.at[YOU]), sea.is_vertical(here, p)))


LEGAL = {"pick": legal_pick}
APPLY = {"pick": apply_pick}
AUTO = {"@solo_sail": auto_solo_sail, "@solo_order": auto_solo_order, "@solo_gold": auto_solo_gold}
