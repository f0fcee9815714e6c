"""Step 1 and the deckhands: moving the captain around the helm, skipping spaces, freeing
deckhands, listing, the Navy's full listing, Hide and Reorganize reassignments (PC-5.2-5.4,
PC-5.7, PC-5.17.4, PC-5.20.7, PC-5.24.4)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame
from tabletide.games.tiny_epic_pirates.constants import (
    ASSIGNMENTS,
    HELM_SPACES,
    HIDE,
    REPAIRS,
    WORK,
)
from tabletide.games.tiny_epic_pirates.content import ORDERS

if TYPE_CHECKING:
    from tabletide.games.tiny_epic_pirates.state import PiratesState

HELM_SRC = 4
"""In ``move_hand`` sources, 0-3 are the assignments and HELM_SRC + space a helm space."""


class Pay(NamedTuple):
    """``pay``: the helm space the captain skips, paid for with a deckhand."""

    space: int


class Listing(NamedTuple):
    """``list``: the ship that lists and why (the event's reason)."""

    ship: int
    why: str


class Reassign(NamedTuple):
    """``reassign``: the ship, ``"hide"`` or ``"reorganize"``, and the deckhands moved so far
    to each assignment."""

    ship: int
    mode: str
    moved: tuple[int, ...]


class NewHand(NamedTuple):
    """``new_hand``: the ship whose 4th deckhand leaves the infamy track."""

    ship: int


@cache
def route(start: int, steps: int) -> tuple[int, tuple[int, ...]]:
    """The destination of a clockwise move and the spaces strictly between (PC-5.2.7).
    (Cached: a pure function of two small numbers.)"""
    between = tuple((start + i) % HELM_SPACES for i in range(1, steps))
    return (start + steps) % HELM_SPACES, between


def skip_cost(s: PiratesState, ship: int, steps: int) -> int:
    """Deckhands to place: skipped spaces that are not Hide and hold no deckhand (PC-5.2.3)."""
    _, between = route(s.captain[ship], steps)
    hands = s.on_helm[ship]
    return sum(1 for sp in between if sp != HIDE and not hands[sp])


def legal_helm(s: PiratesState, frame: Frame) -> list[Action]:
    ship = frame.seat
    start = s.captain[ship]
    free = sum(s.assign[ship])
    helm_orders = s.helm[ship]
    out = []
    for steps in range(1, HELM_SPACES):  # PC-5.2.2/5.2.4: 1-5 spaces, never back to the start
        cost = skip_cost(s, ship, steps)
        if cost > free:
            continue
        dest, _ = route(start, steps)
        crosses = start + steps >= HELM_SPACES and start != HIDE
        out.append(captain_action(steps, dest, ORDERS[helm_orders[dest]], cost, crosses))
    return out


@cache
def captain_action(steps: int, dest: int, order: str, cost: int, crosses: bool) -> Action:
    """The ``captain`` action of step 1 (cached: an action is immutable, and its label is a
    function of these arguments only)."""
    bits = [f"space {dest} ({order})"]
    if cost:
        bits.append(f"place {cost} deckhand{'s' if cost > 1 else ''}")
    if crosses:
        bits.append("crosses the ship line")
    return Action.make("captain", "move the captain to " + ", ".join(bits), steps=steps)


def apply_helm(s: PiratesState, frame: Frame, action: Action) -> None:
    ship = frame.seat
    steps = action.num("steps")
    start = s.captain[ship]
    dest, between = route(start, steps)
    hands = s.on_helm[ship]
    freed = [sp for sp in [*between, dest] if hands[sp]]
    to_pay = [sp for sp in between if sp != HIDE and not hands[sp]]
    for sp in freed:
        hands[sp] = False
    s.captain[ship] = dest
    s.order = s.helm[ship][dest]
    s.crossed = start + steps >= HELM_SPACES and start != HIDE  # PC-5.21.1
    s.say("captain", ship, space=dest, order=ORDERS[s.order], crossed=s.crossed)
    # PC-5.3.3: freed deckhands cannot pay for this move, so the payments are resolved first.
    for _ in freed:
        s.push("free", ship)
    for sp in reversed(to_pay):
        s.push_record("pay", ship, Pay(sp))


def legal_pay(s: PiratesState, frame: Frame) -> list[Action]:
    ship, space = frame.seat, frame.record(Pay).space
    return [pay_action(space, a) for a in range(4) if s.assign[ship][a]]


@cache
def pay_action(space: int, source: int) -> Action:
    """Cached: an action is immutable, and this label depends on the arguments only."""
    return Action.make(
        "pay", f"skip space {space} with a deckhand from {ASSIGNMENTS[source]}", source=source
    )


def apply_pay(s: PiratesState, frame: Frame, action: Action) -> None:
    ship, space = frame.seat, frame.record(Pay).space
    s.assign[ship][action.num("source")] -= 1
    s.on_helm[ship][space] = True


def legal_free(s: PiratesState, frame: Frame) -> list[Action]:
    # PC-5.3.1 with PC-GAP-11.1 (default): freed deckhands go to Rigging, Cannons or Extortion.
    return list(FREE_ACTIONS)


FREE_ACTIONS = tuple(
    Action.make("free", f"send the freed deckhand to {ASSIGNMENTS[a]}", to=a) for a in WORK
)
"""The ``free`` actions, built once (actions are immutable)."""


def apply_free(s: PiratesState, frame: Frame, action: Action) -> None:
    s.assign[frame.seat][action.num("to")] += 1


# ---------------------------------------------------------------------------- listing
def in_play(s: PiratesState, ship: int) -> int:
    return sum(s.assign[ship]) + sum(s.on_helm[ship])


def all_on_repairs(s: PiratesState, ship: int) -> bool:
    """PC-5.7.2 c: every deckhand in play is on Repairs (PC-5.7.3)."""
    return s.assign[ship][REPAIRS] == in_play(s, ship)


def list_ship(s: PiratesState, ship: int, why: str) -> None:
    """PC-5.7.2: one deckhand to Repairs, from an assignment if any, else from the helm."""
    if ship == s.lp:
        from tabletide.games.tiny_epic_pirates import solo

        solo.list_ship(s, why)
        return
    if all_on_repairs(s, ship):
        s.say("listing_immune", ship, why=why)
        return
    s.push_record("list", s.decider(ship), Listing(ship, why))


def legal_list(s: PiratesState, frame: Frame) -> list[Action]:
    ship = frame.record(Listing).ship
    out = [LIST_ACTIONS[a] for a in WORK if s.assign[ship][a]]
    if not out:
        out = [LIST_ACTIONS[HELM_SRC + sp] for sp in range(HELM_SPACES) if s.on_helm[ship][sp]]
    return out


LIST_ACTIONS = {
    **{
        a: Action.make("list", f"move a deckhand from {ASSIGNMENTS[a]} to repairs", source=a)
        for a in WORK
    },
    **{
        HELM_SRC + sp: Action.make(
            "list", f"move the deckhand on helm space {sp} to repairs", source=HELM_SRC + sp
        )
        for sp in range(HELM_SPACES)
    },
}
"""The ``list`` action of each source, built once (actions are immutable)."""


def apply_list(s: PiratesState, frame: Frame, action: Action) -> None:
    listing = frame.record(Listing)
    ship, why = listing.ship, listing.why
    source = action.num("source")
    take_hand(s, ship, source)
    s.assign[ship][REPAIRS] += 1
    s.say("listing", ship, why=why, source=source_name(source))


def full_listing(s: PiratesState, ship: int) -> None:
    """PC-5.24.4: every deckhand on the assignments and the helm goes to Repairs."""
    moved = in_play(s, ship) - s.assign[ship][REPAIRS]
    s.assign[ship][REPAIRS] = in_play(s, ship)
    for a in WORK:
        s.assign[ship][a] = 0
    s.on_helm[ship] = [False] * HELM_SPACES
    s.say("full_listing", ship, moved=moved)


def take_hand(s: PiratesState, ship: int, source: int) -> None:
    if source >= HELM_SRC:
        s.on_helm[ship][source - HELM_SRC] = False
    else:
        s.assign[ship][source] -= 1


def source_name(source: int) -> str:
    return f"helm space {source - HELM_SRC}" if source >= HELM_SRC else ASSIGNMENTS[source]


# ---------------------------------------------------------------------------- reassignment
def start_reassign(s: PiratesState, ship: int, mode: str) -> None:
    """Hide (PC-5.17.4): any deckhand on the bridge, helm included (PC-GAP-11.3), to Rigging,
    Cannons or Extortion. Reorganize (PC-5.20.7): deckhands on the 4 assignments, not the helm,
    to any assignment. Each deckhand moves at most once, so the decision is finite."""
    s.push_record("reassign", s.decider(ship), Reassign(ship, mode, (0, 0, 0, 0)))


def legal_reassign(s: PiratesState, frame: Frame) -> list[Action]:
    data = frame.record(Reassign)
    ship, mode, moved = data.ship, data.mode, data.moved
    targets = WORK if mode == "hide" else (*WORK, REPAIRS)
    out = [KEEP_HANDS]
    sources: list[int] = [a for a in range(4) if s.assign[ship][a] - moved[a] > 0]
    if mode == "hide":
        sources += [HELM_SRC + sp for sp in range(HELM_SPACES) if s.on_helm[ship][sp]]
    for src in sources:
        for dst in targets:
            if dst != src:
                out.append(move_hand_action(src, dst))
    return out


KEEP_HANDS = Action.make("done", "keep the other deckhands where they are")


@cache
def move_hand_action(source: int, to: int) -> Action:
    """Cached: an action is immutable, and this label depends on the arguments only."""
    label = f"move a deckhand from {source_name(source)} to {ASSIGNMENTS[to]}"
    return Action.make("move_hand", label, source=source, to=to)


def apply_reassign(s: PiratesState, frame: Frame, action: Action) -> None:
    data = frame.record(Reassign)
    ship = data.ship
    if action.kind == "done":
        return
    src, dst = action.num("source"), action.num("to")
    take_hand(s, ship, src)
    s.assign[ship][dst] += 1
    now = list(data.moved)
    now[dst] += 1
    s.say("reassign", ship, source=source_name(src), to=ASSIGNMENTS[dst])
    s.push_record("reassign", frame.seat, data._replace(moved=tuple(now)))


# ---------------------------------------------------------------------------- the 4th deckhand
def legal_new_hand(s: PiratesState, frame: Frame) -> list[Action]:
    # PC-GAP-6.4 (decision): the new deckhand goes to Rigging, Cannons or Extortion.
    return [
        Action.make("place_hand", f"put the new deckhand on {ASSIGNMENTS[a]}", to=a) for a in WORK
    ]


def apply_new_hand(s: PiratesState, frame: Frame, action: Action) -> None:
    ship = frame.record(NewHand).ship
    s.spare[ship] = False
    s.assign[ship][action.num("to")] += 1
    s.say("new_hand", ship, to=ASSIGNMENTS[action.num("to")])


LEGAL = {
    "helm": legal_helm,
    "pay": legal_pay,
    "free": legal_free,
    "list": legal_list,
    "reassign": legal_reassign,
    "new_hand": legal_new_hand,
}
APPLY = {
    "helm": apply_helm,
    "pay": apply_pay,
    "free": apply_free,
    "list": apply_list,
    "reassign": apply_reassign,
    "new_hand": apply_new_hand,
}
