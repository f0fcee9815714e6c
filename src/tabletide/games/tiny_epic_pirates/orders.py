"""Step 3: the captain's order — Plunder, Trade, Recruit (with Mutiny), Search and Hide
(PC-5.8-5.13, PC-5.17); Attack is in ``combat``. Bonus copies of an order use the same code
(PC-5.18.6)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame
from tabletide.games.tiny_epic_pirates import combat, economy, helm
from tabletide.games.tiny_epic_pirates.constants import MAX_CREW, ORDER_INDEX
from tabletide.games.tiny_epic_pirates.content import KEEP_KINDS, LOOT, ORDERS, SEARCH_KINDS

if TYPE_CHECKING:
    from tabletide.games.tiny_epic_pirates.state import PiratesState

PLUNDER, TRADE, RECRUIT, SEARCH, ATTACK, HIDE_ORDER = (
    ORDER_INDEX[o] for o in ("plunder", "trade", "recruit", "search", "attack", "hide")
)


class Load(NamedTuple):
    """``@load``: the ship that takes a cube from the loot bag."""

    ship: int


class Sell(NamedTuple):
    """``sell``: the ship that trades at its market."""

    ship: int


class Recruit(NamedTuple):
    """``recruit``: the ship, whether it already took a card and whether it already called a
    mutiny in this order."""

    ship: int
    took: bool
    mutinied: bool


class Release(NamedTuple):
    """``release``: the ship with a full crew and the crew card it just recruited."""

    ship: int
    recruited: int


def can_perform(s: PiratesState, ship: int, order: int) -> bool:
    """The requirement of each order (PC-5.9.1, 5.10.1, 5.11.1, 5.13.1, 5.14.1, 5.17.2)."""
    pos = s.at[ship]
    card = s.card(pos)
    if order == PLUNDER:
        return card.colony > 0
    if order == TRADE:
        return card.market is not None and LOOT.index(card.market) in s.cargo[ship]
    if order == RECRUIT:
        return True
    if order == SEARCH:
        return s.search[pos] >= 0
    if order == ATTACK:
        return bool(combat.targets(s, ship))
    # Hide: a cove no other pirate hides in (PC-5.17.2).
    return card.cove and not any(
        s.hidden[o] and s.at[o] == pos for o in range(s.ships) if o != ship
    )


def perform(s: PiratesState, ship: int, order: int, copy: bool) -> None:
    s.say("order", ship, order=ORDERS[order], copy=copy)
    if order == PLUNDER:
        for _ in range(s.card(s.at[ship]).colony):  # PC-5.9.2
            s.push_record("@load", ship, Load(ship))
    elif order == TRADE:
        s.push_record("sell", s.decider(ship), Sell(ship))
    elif order == RECRUIT:
        s.push_record("recruit", s.decider(ship), Recruit(ship, False, False))
    elif order == SEARCH:
        search(s, ship)
    elif order == ATTACK:
        combat.start_attack(s, ship, reroll=not copy)
    else:
        hide(s, ship)


# ---------------------------------------------------------------------------- step 3
def legal_order(s: PiratesState, frame: Frame) -> list[Action]:
    ship = frame.seat
    if can_perform(s, ship, s.order):
        return [PERFORM[s.order], SKIP]
    return [SKIP]


# Actions are immutable, so those whose label depends only on static content are built once.
SKIP = Action.make("skip", "do not perform the order")
PERFORM = tuple(Action.make("perform", f"{order}") for order in ORDERS)
"""The ``perform`` action of each order (ORDERS index)."""


def apply_order(s: PiratesState, frame: Frame, action: Action) -> None:
    if action.kind == "perform":
        perform(s, frame.seat, s.order, copy=False)


def auto_load(s: PiratesState, frame: Frame) -> None:
    economy.load(s, frame.record(Load).ship, economy.draw_cube(s))


# ---------------------------------------------------------------------------- trade
def legal_sell(s: PiratesState, frame: Frame) -> list[Action]:
    ship = frame.record(Sell).ship
    loot = LOOT.index(s.card(s.at[ship]).market or "")
    held = s.cargo[ship].count(loot)
    p = economy.price(s, loot)
    return [
        Action.make("sell", f"sell {n} {LOOT[loot]} for {n * p} gold", count=n)
        for n in range(held, 0, -1)  # PC-5.10.2 / PC-GAP-11.9: fewer than all is allowed
    ]


def apply_sell(s: PiratesState, frame: Frame, action: Action) -> None:
    ship = frame.record(Sell).ship
    loot = LOOT.index(s.card(s.at[ship]).market or "")
    economy.sell(s, ship, loot, action.num("count"))


# ---------------------------------------------------------------------------- recruit
def legal_recruit(s: PiratesState, frame: Frame) -> list[Action]:
    recruit = frame.record(Recruit)
    ship, took, mutinied = recruit.ship, recruit.took, recruit.mutinied
    out = [FINISH_RECRUITING]
    if not took:
        full = len(s.crew[ship]) >= MAX_CREW
        for slot, card in enumerate(s.crew_row):
            out.append(recruit_action(slot, s.content.crew[card].name, full))
        if not s.refreshed and s.gold[ship] >= 1 and s.crew_deck:  # PC-5.11.2
            out.append(REFRESH)
    if not s.mutiny[ship] and not mutinied:  # PC-5.12.1
        out.append(MUTINY)
    return out


FINISH_RECRUITING = Action.make("done", "finish recruiting")
REFRESH = Action.make("refresh", "pay 1 gold to refresh the crew row")
MUTINY = Action.make("mutiny", "call a mutiny: flip your captain card (once per game)")


@cache
def recruit_action(slot: int, name: str, full: bool) -> Action:
    """Recruit the crew card ``name`` from ``slot`` (cached: an action is immutable and this
    label depends on the arguments only)."""
    label = f"recruit {name}"
    if full:
        label += " (dismissing one of your crew)"
    return Action.make("recruit", label, slot=slot)


def apply_recruit(s: PiratesState, frame: Frame, action: Action) -> None:
    recruit = frame.record(Recruit)
    ship, mutinied = recruit.ship, recruit.mutinied
    if action.kind == "done":
        return
    if action.kind == "refresh":
        s.gold[ship] -= 1
        s.refreshed = True
        s.crew_under(s.crew_row[::-1])  # to the bottom of the deck
        s.crew_row = []
        refill_row(s)
        s.say("refresh", ship)
    elif action.kind == "mutiny":
        mutiny(s, ship)
        mutinied = True
    else:
        card = s.crew_row.pop(action.num("slot"))
        refill_row(s)  # PC-5.11.3
        s.say("recruit", ship, crew=card)
        s.push_record("recruit", frame.seat, recruit._replace(took=True, mutinied=mutinied))
        if len(s.crew[ship]) >= MAX_CREW:
            s.push_record("release", frame.seat, Release(ship, card))
        else:
            s.crew[ship].append(card)
        return
    s.push_record("recruit", frame.seat, recruit._replace(mutinied=mutinied))


def refill_row(s: PiratesState) -> None:
    from tabletide.games.tiny_epic_pirates.constants import CREW_ROW

    while len(s.crew_row) < CREW_ROW and s.crew_deck:
        s.crew_row.append(s.crew_draw())


def legal_release(s: PiratesState, frame: Frame) -> list[Action]:
    ship = frame.record(Release).ship
    return [
        Action.make("release", f"dismiss {s.content.crew[card].name}", index=i)
        for i, card in enumerate(s.crew[ship])
    ]


def apply_release(s: PiratesState, frame: Frame, action: Action) -> None:
    """PC-5.11.4: the dismissed card goes to the bottom of the crew deck."""
    release = frame.record(Release)
    ship, new = release.ship, release.recruited
    old = s.crew[ship].pop(action.num("index"))
    s.crew_under([old])
    s.crew[ship].append(new)
    s.say("dismiss", ship, crew=old)


def mutiny(s: PiratesState, ship: int) -> None:
    """PC-5.12.2-5.12.3: flip the captain card and bloody the infamy marker."""
    s.side[ship] = 1 - s.side[ship]
    s.mutiny[ship] = True
    s.say("mutiny", ship, side=s.side[ship])


# ---------------------------------------------------------------------------- search
def search(s: PiratesState, ship: int) -> None:
    """PC-5.13: flip the token; instant ones resolve now, keep ones go to the play area."""
    pos = s.at[ship]
    kind = SEARCH_KINDS[s.search[pos]]
    s.search[pos] = -1
    s.say("search", ship, token=kind)
    if ship == s.lp:
        from tabletide.games.tiny_epic_pirates import solo

        solo.search_token(s, kind)
        return
    if kind in ("gold2", "gold3"):
        economy.gain_gold(s, ship, int(kind[-1]), "search")
    elif kind == "volley":
        economy.gain_volley(s, ship, "search")
    elif kind == "loot":
        s.push_record("@load", ship, Load(ship))
    else:
        assert kind in KEEP_KINDS
        s.kept[ship].append(kind)


# ---------------------------------------------------------------------------- hide
def hide(s: PiratesState, ship: int) -> None:
    """PC-5.17.3-5.17.4: hide in the cove, then reassign deckhands. PC-GAP-11.2 (B): the
    Extortion gold is paid once, in step 5."""
    s.hidden[ship] = True
    s.say("hide", ship)
    helm.start_reassign(s, ship, "hide")


LEGAL = {
    "order": legal_order,
    "sell": legal_sell,
    "recruit": legal_recruit,
    "release": legal_release,
}
APPLY = {
    "order": apply_order,
    "sell": apply_sell,
    "recruit": apply_recruit,
    "release": apply_release,
}
AUTO = {"@load": auto_load}
