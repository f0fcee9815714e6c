"""Step 4: bonus actions — which are active, their order (captain first, left to right; then
the crew in any order), and every kind except Reroll, which acts inside an attack
(PC-5.18-5.20). Burying treasure, the win condition, lives here too (PC-5.20.1)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING

from tabletide.engine import Action, Frame
from tabletide.games.tiny_epic_pirates import economy, helm, orders, sailing
from tabletide.games.tiny_epic_pirates.constants import ORDER_INDEX, TREASURES
from tabletide.games.tiny_epic_pirates.content import LOOT, ORDERS, BonusAction, BonusRow

if TYPE_CHECKING:
    from tabletide.games.tiny_epic_pirates.state import PiratesState

CAPTAIN = 0
"""``bonus`` action ``card``: 0 = the captain card, 1 + i = the i-th crew card."""


def rows(s: PiratesState, ship: int) -> list[tuple[int, BonusRow]]:
    """Active bonus rows: their leftmost symbol matches the captain's order (PC-5.18.2)."""
    order = ORDERS[s.order]
    out = []
    side = s.content.captains[s.captain_card[ship]].sides[s.side[ship]]
    if side.bonus is not None and side.bonus.trigger == order:
        out.append((CAPTAIN, side.bonus))
    for i, c in enumerate(s.crew[ship]):
        row = s.content.crew[c].face.bonus
        if row is not None and row.trigger == order:
            out.append((1 + i, row))
    return out


def auto_bonus(s: PiratesState, frame: Frame) -> None:
    s.captain_next = 0
    s.crew_used = []
    s.push("bonus", frame.seat)


def bury_spots(s: PiratesState, ship: int) -> list[int]:
    """PC-5.20.1: free spots on the ship's card it can pay for, never with the Navy there."""
    pos = s.at[ship]
    if s.navy == pos or s.buried[ship] >= TREASURES:
        return []
    costs = s.card(pos).burial
    return [i for i, cost in enumerate(costs) if s.burial[pos][i] < 0 and cost <= s.gold[ship]]


def special_trade_ok(s: PiratesState, ship: int, act: BonusAction) -> bool:
    """PC-5.20.2: at a market of one of the shown types, holding the shown combination."""
    market = s.card(s.at[ship]).market
    if market is None or market not in act.loot:
        return False
    have = Counter(s.cargo[ship])
    need = Counter(LOOT.index(t) for t in act.loot)
    return all(have[k] >= v for k, v in need.items())


def can_do(s: PiratesState, ship: int, act: BonusAction) -> bool:
    kind = act.kind
    if kind == "bury":
        return bool(bury_spots(s, ship))
    if kind == "special_trade":
        return special_trade_ok(s, ship, act)
    if kind == "exchange":
        return bool(exchanges(s, ship))
    if kind == "reroll":
        return False  # used during the Attack order only (PC-5.20.6)
    if kind == "reorganize":
        return sum(s.assign[ship]) > 0
    if kind in ORDER_INDEX:
        return orders.can_perform(s, ship, ORDER_INDEX[kind])
    return True  # gold, sail, sail_navy, sail_merchant


def describe(act: BonusAction) -> str:
    kind = act.kind
    if kind == "gold":
        return f"gain {act.amount} gold"
    if kind == "special_trade":
        return f"trade {'+'.join(act.loot)} for {act.amount} gold"
    if kind in ("sail_navy", "sail_merchant"):
        return f"sail the {kind[5:]} up to {act.amount} card{'s' if act.amount > 1 else ''}"
    if kind == "reroll":
        return "reroll " + "/".join(map(str, act.faces))
    if kind in ORDER_INDEX:
        return f"{kind} (as the order)"
    return kind.replace("_", " ")


def legal_bonus(s: PiratesState, frame: Frame) -> list[Action]:
    ship = frame.seat
    out = [Action.make("end_bonus", "no more bonus actions")]
    for card, row in rows(s, ship):
        if card == CAPTAIN:
            if s.crew_used:
                continue  # PC-5.19.1: the captain's actions come before any crew action
            first = s.captain_next
        else:
            first = 0
        for j in range(first, len(row.actions)):
            act = row.actions[j]
            if card != CAPTAIN and (card, j) in s.crew_used:
                continue
            if can_do(s, ship, act):
                who = "captain" if card == CAPTAIN else s.content.crew[s.crew[ship][card - 1]].name
                out.append(bonus_action(who, row_texts(row)[j], card, j))
    return out


_row_texts: dict[int, tuple[BonusRow, tuple[str, ...]]] = {}


def row_texts(row: BonusRow) -> tuple[str, ...]:
    """Per action of ``row``, its words in a ``bonus`` label. Cached by the row's identity:
    content is immutable, and the entry holds the row, so its id cannot be reused."""
    hit = _row_texts.get(id(row))
    if hit is None or hit[0] is not row:
        said = [describe(act) for act in row.actions]
        texts = tuple(
            text + (f" (action {j + 1} of the row)" if said.count(text) > 1 else "")
            for j, text in enumerate(said)  # a row may repeat an action
        )
        hit = _row_texts[id(row)] = (row, texts)
    return hit[1]


@cache
def bonus_action(who: str, text: str, card: int, index: int) -> Action:
    """Cached: an action is immutable, and this label depends on the arguments only."""
    return Action.make("bonus", f"{who}: {text}", card=card, index=index)


def apply_bonus(s: PiratesState, frame: Frame, action: Action) -> None:
    ship = frame.seat
    if action.kind == "end_bonus":
        return
    card, j = action.num("card"), action.num("index")
    row = dict(rows(s, ship))[card]
    act = row.actions[j]
    if card == CAPTAIN:
        s.captain_next = j + 1  # left to right: skipped actions are gone (PC-5.19.1)
    else:
        s.crew_used.append((card, j))
    s.say("bonus", ship, action=describe(act))
    s.push("bonus", ship)
    perform(s, ship, act)


def perform(s: PiratesState, ship: int, act: BonusAction) -> None:
    kind = act.kind
    if kind == "bury":
        spots = bury_spots(s, ship)
        if len(spots) == 1:
            place_treasure(s, ship, s.at[ship], spots[0])
        else:
            s.push("bury", ship)
    elif kind == "special_trade":
        for t in act.loot:
            s.cargo[ship].remove(LOOT.index(t))
            s.bag[LOOT.index(t)] += 1  # PC-GAP-11.9: back to the bag
        s.say("special_trade", ship, loot=list(act.loot), gold=act.amount)
        economy.gain_gold(s, ship, act.amount, "special trade")
    elif kind == "exchange":
        s.push("exchange", ship)
    elif kind in ("sail_navy", "sail_merchant"):
        sailing.start_drive(s, ship, kind[5:], act.amount)
    elif kind == "gold":
        economy.gain_gold(s, ship, act.amount, "bonus action")
    elif kind == "reorganize":
        helm.start_reassign(s, ship, "reorganize")
    elif kind == "sail":
        sailing.start_voyage(s, ship)
    else:
        orders.perform(s, ship, ORDER_INDEX[kind], copy=True)


# ---------------------------------------------------------------------------- bury
def place_treasure(s: PiratesState, ship: int, pos: int, spot: int) -> None:
    """Pay the spot's gold (not the solo pirate: its track pays, PC-6.8.2) and bury; the third
    treasure triggers the end (PC-5.27.1) or, in solo, ends the game (PC-6.12.1)."""
    cost = s.card(pos).burial[spot]
    if ship != s.lp:
        s.gold[ship] -= cost
    s.burial[pos][spot] = ship
    s.buried[ship] += 1
    s.say("bury", ship, at=pos, cost=cost, count=s.buried[ship])
    if s.buried[ship] == TREASURES:
        if s.lp >= 0:
            s.finish()
        elif not s.end_triggered:
            s.end_triggered = True
            s.say("end_triggered", ship)


def legal_bury(s: PiratesState, frame: Frame) -> list[Action]:
    ship = frame.seat
    costs = s.card(s.at[ship]).burial
    spots = bury_spots(s, ship)
    out = []
    for i in spots:
        label = f"bury a treasure on the spot costing {costs[i]} gold"
        if sum(costs[j] == costs[i] for j in spots) > 1:  # two free spots of one price
            label = f"bury a treasure on spot {i + 1} of this card (costing {costs[i]} gold)"
        out.append(Action.make("bury", label, spot=i))
    return out


def apply_bury(s: PiratesState, frame: Frame, action: Action) -> None:
    place_treasure(s, frame.seat, s.at[frame.seat], action.num("spot"))


# ---------------------------------------------------------------------------- exchange
def exchanges(s: PiratesState, ship: int) -> list[tuple[int, int]]:
    """PC-5.20.3 / PC-GAP-11.12: one cube aboard for a type still in the bag."""
    return [
        (out, new)
        for out in sorted(set(s.cargo[ship]))
        for new in range(len(LOOT))
        if new != out and (s.bag[new] > 0)
    ]


def legal_exchange(s: PiratesState, frame: Frame) -> list[Action]:
    return [
        Action.make(
            "exchange", f"exchange a {LOOT[out]} for a {LOOT[new]}", give=LOOT[out], take=LOOT[new]
        )
        for out, new in exchanges(s, frame.seat)
    ]


def apply_exchange(s: PiratesState, frame: Frame, action: Action) -> None:
    ship = frame.seat
    out, new = LOOT.index(action.text("give")), LOOT.index(action.text("take"))
    s.cargo[ship].remove(out)
    s.bag[out] += 1
    s.bag[new] -= 1
    s.cargo[ship].append(new)
    s.cargo[ship].sort()
    s.say("exchange", ship, give=LOOT[out], take=LOOT[new])


LEGAL = {"bonus": legal_bonus, "bury": legal_bury, "exchange": legal_exchange}
APPLY = {"bonus": apply_bonus, "bury": apply_bury, "exchange": apply_exchange}
AUTO = {"@bonus": auto_bonus}
