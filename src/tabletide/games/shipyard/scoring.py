"""Contract discards and the final scoring (SY-4.15, SY-7.6, SY-8.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame, make_action
from tabletide.games.shipyard.constants import CAPTAIN, ITEM_INDEX, ITEMS, SUBSTITUTE
from tabletide.games.shipyard.content import Contract
from tabletide.games.shipyard.voyage import Ship, hull

if TYPE_CHECKING:
    from tabletide.games.shipyard.state import ShipyardState

KINDS = ("propeller", "funnel", "sail", "crane", "cannon", "merchant", "soldier")  # + officer


# ---------------------------------------------------------------------------- discards
class Discard(NamedTuple):
    """The ``discard`` decision: discard contracts down to ``keep`` of each colour (SY-4.15)."""

    keep: int
    """Contracts of each colour a seat may keep."""


def colours_over(state: ShipyardState, seat: int, keep: int) -> set[str]:
    held = [state.content.contracts[i].colour for i in state.contracts[seat]]
    return {c for c in ("blue", "green") if held.count(c) > keep}


def push_discards(state: ShipyardState, keep: int) -> None:
    """Every seat with more than ``keep`` contracts of a colour discards down to it, secretly
    (SY-4.15; simultaneous in the rulebook, taken in seat order here: nothing is revealed)."""
    for seat in reversed(range(state.num_players)):
        if colours_over(state, seat, keep):
            state.push_record("discard", seat, Discard(keep))


def legal_discard(state: ShipyardState, frame: Frame) -> list[Action]:
    over = colours_over(state, frame.seat, frame.record(Discard).keep)
    cards = state.content.contracts
    return [
        make_action(
            "discard", f"Discard {cards[i].colour} {cards[i].id}: {cards[i].text}", contract=i
        )
        for i in sorted(state.contracts[frame.seat])
        if cards[i].colour in over
    ]


def apply_discard(state: ShipyardState, frame: Frame, action: Action) -> None:
    seat, discard = frame.seat, frame.record(Discard)
    i = action.num("contract")
    state.contracts[seat].remove(i)
    state.discarded[seat].append(i)
    state.log(
        "discard",
        seat,
        colour=state.content.contracts[i].colour,
        secret={"contract": state.content.contracts[i].id},
    )
    if colours_over(state, seat, discard.keep):
        state.push_record("discard", seat, discard)


# ---------------------------------------------------------------------------- contracts
def fleet_count(fleet: list[Ship], item: str) -> int:
    i = ITEM_INDEX[item]
    return sum(s.items[i] for s in fleet)


def table_count(state: ShipyardState, seat: int, count: str) -> int:
    fleet = state.fleet[seat]
    if count == "kinds":
        kinds = sum(1 for k in KINDS if fleet_count(fleet, k) > 0)
        return kinds + (1 if any(s.items[CAPTAIN] > 1 for s in fleet) else 0)
    if count in ("lifebuoys", "lifeboats", "lanterns"):
        return sum(getattr(hull(state, s.parts), count) for s in fleet)
    if count == "parts":
        return sum(len(s.parts) for s in fleet)  # substitutes count (SY-GAP-10d)
    if count == "ships":
        return len(fleet)
    if count == "ships_of_5":
        return sum(1 for s in fleet if len(s.parts) == 5)
    if count == "ships_of_6":
        return sum(1 for s in fleet if len(s.parts) == 6)
    if count == "ships_of_7_plus":
        return sum(1 for s in fleet if len(s.parts) >= 7)
    if count == "employee_types":
        types = set()
        for e in state.owned(seat):
            types.add("merchant-2" if e.role == "merchant" and e.level == 2 else e.colour)
        return len(types)
    raise ValueError(f"unknown contract count {count!r}")


def contract_vp(state: ShipyardState, seat: int, card: Contract) -> int:
    """The VP of one contract for one seat (SY-8.3.3)."""
    fleet = state.fleet[seat]
    m = card.measure
    if m == "pairs_per_ship":
        assert card.a and card.b
        a, b = ITEM_INDEX[card.a], ITEM_INDEX[card.b]
        return card.vp * sum(min(s.items[a], s.items[b]) for s in fleet)
    if m == "beyond_first":
        assert card.a
        return card.vp * max(0, fleet_count(fleet, card.a) - 1)
    if m == "ships_with_all":
        idx = [ITEM_INDEX[i] for i in card.items]
        return card.vp * sum(1 for s in fleet if all(s.items[i] > 0 for i in idx))
    if m == "same_pairs_per_ship":
        assert card.a
        a = ITEM_INDEX[card.a]
        return card.vp * sum(s.items[a] // 2 for s in fleet)
    if m == "officers":
        return card.vp * sum(max(0, s.items[CAPTAIN] - 1) for s in fleet)
    if m == "per_item":
        assert card.a
        return card.vp * fleet_count(fleet, card.a)
    if m == "per_used_canal":
        return card.vp * state.used_count[seat]
    if m == "employees_tiered":
        n = len(state.employees[seat])
        return min(n, 4) + 2 * max(0, n - 4)
    if m == "employees_of_colours":
        return card.vp * sum(1 for e in state.owned(seat) if e.colour in card.colours)
    if m == "safe_ships":
        return card.vp * sum(
            1 for s in fleet if (h := hull(state, s.parts)).lifebuoys and h.lifeboats and h.lanterns
        )
    if m == "table":
        assert card.count
        n = table_count(state, seat, card.count)
        last = len(card.table) - 1
        return card.table[n] if n <= last else card.table[last] + card.beyond * (n - last)
    raise ValueError(f"unknown contract measure {m!r}")


def final_scoring(state: ShipyardState) -> None:
    """SY-7.6: reveal and score contracts, then every Merchant's bonus VP."""
    for seat in range(state.num_players):
        for i in sorted(state.contracts[seat]):
            card = state.content.contracts[i]
            vp = contract_vp(state, seat, card)
            state.vp[seat] += vp
            state.log("contract", seat, contract=card.id, text=card.text, vp=vp)
        merchants = sum(e.vp for e in state.owned(seat) if e.role == "merchant")
        if merchants:
            state.vp[seat] += merchants
            state.log("merchants", seat, vp=merchants)
    state.log("game_end", None, scores=list(state.vp), coins=list(state.coins))


def auto_scoring(state: ShipyardState, frame: Frame) -> None:
    """Before scoring, anyone still holding extra contracts (an early end before the last
    discard, SY-GAP-11e) keeps one of each colour."""
    if any(colours_over(state, s, 1) for s in range(state.num_players)):
        state.push("@scoring", -1)
        push_discards(state, 1)
        return
    final_scoring(state)


LEGAL = {"discard": legal_discard}
APPLY = {"discard": apply_discard}
AUTO = {"@scoring": auto_scoring}
__all__ = ["APPLY", "AUTO", "ITEMS", "LEGAL", "SUBSTITUTE"]
