"""Setup choices (PC-3.6 L, PC-3.9 Q-S, PC-6.2.3), the five steps of a turn (PC-4.1), the end
of the game with equal turns (PC-5.27) and the round safeguard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletide.engine import Action, Frame
from tabletide.games.tiny_epic_pirates import economy, sailing, sea, solo
from tabletide.games.tiny_epic_pirates.constants import MAX_ROUNDS
from tabletide.games.tiny_epic_pirates.content import LOOT

if TYPE_CHECKING:
    from tabletide.games.tiny_epic_pirates.state import PiratesState


# ---------------------------------------------------------------------------- setup
def legal_ports(s: PiratesState, frame: Frame) -> list[Action]:
    return [
        Action.make("ports", f"ports at {sea.name(a)} and {sea.name(b)}", diagonal=i)
        for i, (a, b) in enumerate(sea.DIAGONALS)
    ]


def apply_ports(s: PiratesState, frame: Frame, action: Action) -> None:
    """PC-3.6 L-N: ports on opposite corners, a merchant on each bound for the other, one cube
    each. PC-GAP-11.18: orange starts on the port in the top row."""
    a, b = sea.DIAGONALS[action.num("diagonal")]
    s.ports = (a, b)
    s.merchant_at = [a, b]
    s.merchant_dest = [b, a]
    s.merchant_cube = [economy.draw_cube(s), economy.draw_cube(s)]
    s.log("ports", frame.seat, at=[a, b])


def legal_navy(s: PiratesState, frame: Frame) -> list[Action]:
    """PC-3.9 Q / PC-6.2.3: a corner without a merchant ship."""
    return [
        Action.make("navy", f"put the Royal Navy at {sea.name(p)}", at=p)
        for p in sea.CORNERS
        if p not in s.ports
    ]


def apply_navy(s: PiratesState, frame: Frame, action: Action) -> None:
    s.navy = action.num("at")
    s.log("navy", frame.seat, to=s.navy)
    if s.lp >= 0:
        solo.place_pirate(s)


def free_coves(s: PiratesState) -> list[int]:
    """Cards whose cove holds no hidden pirate ship (PC-5.17.2)."""
    taken = {s.at[o] for o in range(s.ships) if s.hidden[o]}
    return [p for p in range(len(s.grid)) if s.card(p).cove and p not in taken]


def legal_start(s: PiratesState, frame: Frame) -> list[Action]:
    return [
        Action.make("start", f"start hidden in the cove at {sea.name(p)} ({s.card(p).name})", at=p)
        for p in free_coves(s)
    ]


def apply_start(s: PiratesState, frame: Frame, action: Action) -> None:
    """PC-3.9 R: every pirate starts hidden on a cove."""
    ship = frame.seat
    s.at[ship] = action.num("at")
    s.hidden[ship] = True
    s.say("start", ship, at=s.at[ship])


def legal_side(s: PiratesState, frame: Frame) -> list[Action]:
    card = s.content.captains[s.captain_card[frame.seat]]
    out = []
    for i, side in enumerate(card.sides):
        row = side.bonus
        assert row is not None
        acts = ", then ".join(a.kind for a in row.actions)
        label = f"side {i + 1}: dice {list(side.dice)}, on {row.trigger}: {acts}"
        out.append(Action.make("side", label, side=i))
    return out


def apply_side(s: PiratesState, frame: Frame, action: Action) -> None:
    """PC-3.9 S."""
    s.side[frame.seat] = action.num("side")
    s.say("side", frame.seat, side=s.side[frame.seat])


def auto_starting_loot(s: PiratesState, frame: Frame) -> None:
    """PC-3.11: the first player takes the type on "2 gold", the next on "3 gold", ... from
    the bag (PC-6.2.4: in solo you, then the Legendary Pirate)."""
    for ship in range(s.ships):
        loot = s.market[3 - ship]
        if s.bag[loot]:
            s.bag[loot] -= 1
            s.cargo[ship].append(loot)
            s.say("loot", ship, loot=LOOT[loot])
    s.push("@turn", 0)


# ---------------------------------------------------------------------------- a turn
def auto_turn(s: PiratesState, frame: Frame) -> None:
    ship = frame.seat
    s.active = ship
    s.crossed = False
    s.refreshed = False
    s.say("turn", ship, round=s.round)
    s.push("@end_turn", ship)
    s.push("@cross", ship)
    if ship == s.lp:
        solo.turn(s)
        return
    s.push("@bonus", ship)  # step 4
    s.push("order", ship)  # step 3
    s.push("@voyage", ship)  # step 2
    s.push("helm", ship)  # step 1


def auto_voyage(s: PiratesState, frame: Frame) -> None:
    sailing.start_voyage(s, frame.seat)


def auto_end_turn(s: PiratesState, frame: Frame) -> None:
    """PC-5.26-5.27: the next player clockwise; once the third treasure is buried the round
    is finished so that everyone has had as many turns as the first player."""
    ship = frame.seat
    s.turns[ship] += 1
    if s.lp >= 0:
        solo.retry_bury(s)
        if s.over:
            return
    nxt = (ship + 1) % s.ships
    if nxt == 0:
        if s.end_triggered:
            s.finish()
            return
        s.round += 1
        if s.round > MAX_ROUNDS:
            s.log("round_limit", None, rounds=MAX_ROUNDS)
            s.finish()
            return
    s.push("@turn", nxt)


LEGAL = {"ports": legal_ports, "navy": legal_navy, "start": legal_start, "side": legal_side}
APPLY = {"ports": apply_ports, "navy": apply_navy, "start": apply_start, "side": apply_side}
AUTO = {
    "@starting_loot": auto_starting_loot,
    "@turn": auto_turn,
    "@voyage": auto_voyage,
    "@end_turn": auto_end_turn,
}
