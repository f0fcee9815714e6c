"""The public facts of each pending decision as data (``observation()["decision"]["context"]``),
for the board picture and the text view: the open battle with its dice, the routes a ship may
take, the helm spaces the captain may reach, the burial card... Computed here, on the rules
side, so the presentation never recomputes a rule nor reads a label. The schema of every kind
is in ``present/schema.py``. Nothing here is secret: every seat and the spectator see it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletide.engine import Frame
from tabletide.games.tiny_epic_pirates import combat, economy, helm, orders, sailing, sea, solo
from tabletide.games.tiny_epic_pirates.constants import HELM_SPACES, MERCHANT_COLOURS
from tabletide.games.tiny_epic_pirates.content import LOOT, ORDERS

if TYPE_CHECKING:
    from tabletide.games.tiny_epic_pirates.state import PiratesState

Context = dict[str, Any]


def battle(s: PiratesState) -> Context | None:
    """The battle under way (PC-5.14-5.16): each side's dice, which a volley fixed, the die
    faces that match a symbol on its cards and the damage the dice deal now."""
    fight = s.fight
    if fight is None:
        return None

    def side(ship: int, dice: list[int], fixed: list[bool]) -> Context:
        return {
            "ship": ship,
            "dice": dice[:],
            "fixed": fixed[:],
            "symbols": sorted(set(combat.symbols(s, ship))),
            "damage": combat.damage(s, ship, dice),
        }

    merchant = fight.merchant if fight.defender == combat.MERCHANT else -1
    return {
        "attack": side(fight.attacker, fight.dice, fight.fixed),
        "defender": None if merchant >= 0 else fight.defender,
        "merchant": MERCHANT_COLOURS[merchant] if merchant >= 0 else None,
        "merchant_damage": (
            s.content.merchants[s.merchant_slot[merchant]].damage if merchant >= 0 else None
        ),
        "defence": (
            side(fight.defender, fight.defence, fight.defence_fixed)
            if merchant < 0 and fight.defence
            else None
        ),
    }


def _ship(s: PiratesState, frame: Frame) -> Context:
    return {"ship": frame.seat}


def _ship_of(
    record: type[helm.NewHand | orders.Sell | orders.Recruit | combat.Target],
) -> Callable[[PiratesState, Frame], Context]:
    """The context of a kind whose record names the ship (not always the deciding seat)."""

    def ship(s: PiratesState, frame: Frame) -> Context:
        return {"ship": frame.record(record).ship}

    return ship


def _ports(s: PiratesState, frame: Frame) -> Context:
    return {"diagonals": [list(d) for d in sea.DIAGONALS]}


def _helm(s: PiratesState, frame: Frame) -> Context:
    ship = frame.seat
    start = s.captain[ship]
    moves = []
    for steps in range(1, HELM_SPACES):
        dest, _ = helm.route(start, steps)
        moves.append(
            {
                "steps": steps,
                "space": dest,
                "order": ORDERS[s.helm[ship][dest]],
                "deckhands": helm.skip_cost(s, ship, steps),
                "crosses_ship_line": start + steps >= HELM_SPACES and start != 0,
            }
        )
    return {"ship": ship, "captain_at": start, "moves": moves}


def _pay(s: PiratesState, frame: Frame) -> Context:
    return {"ship": frame.seat, "space": frame.record(helm.Pay).space}


def _list(s: PiratesState, frame: Frame) -> Context:
    listing = frame.record(helm.Listing)
    return {"ship": listing.ship, "why": listing.why}


def _sail(s: PiratesState, frame: Frame) -> Context:
    ship = frame.seat
    here = s.at[ship]
    return {
        "ship": ship,
        "at": here,
        "moves_left": max(sailing.sail_total(s, ship) - s.moves, 0),
        "routes": [
            {"direction": d, "to": p, "storm": s.card(p).storm} for d, p in sea.neighbours(here)
        ],
    }


def _order(s: PiratesState, frame: Frame) -> Context:
    return {"ship": frame.seat, "order": ORDERS[s.order]}


def _cargo(s: PiratesState, frame: Frame) -> Context:
    cargo = frame.record(economy.Cargo)
    return {"ship": cargo.ship, "loot": LOOT[cargo.cube]}


def _release(s: PiratesState, frame: Frame) -> Context:
    release = frame.record(orders.Release)
    return {"ship": release.ship, "recruited": s.content.crew[release.recruited].name}


def _reroll(s: PiratesState, frame: Frame) -> Context:
    reroll = frame.record(combat.Reroll)
    card = reroll.card
    fight = s.fight
    assert fight is not None
    return {
        "ship": fight.attacker,
        "card": s.content.crew[card].name,
        "faces": list(combat.reroll_faces(s, card)),
        "rerolled": list(reroll.used),
        "battle": battle(s),
    }


def _volley(s: PiratesState, frame: Frame) -> Context:
    ship = frame.record(combat.Volley).ship
    return {"ship": ship, "tokens": s.volley[ship], "battle": battle(s)}


def _port(s: PiratesState, frame: Frame) -> Context:
    merchant = frame.record(combat.Port).merchant
    return {"merchant": MERCHANT_COLOURS[merchant], "ports": list(s.ports)}


def _reassign(s: PiratesState, frame: Frame) -> Context:
    reassign = frame.record(helm.Reassign)
    return {"ship": reassign.ship, "mode": reassign.mode, "moved": list(reassign.moved)}


def _bury(s: PiratesState, frame: Frame) -> Context:
    return {"ship": frame.seat, "at": s.at[frame.seat]}


def _pick_merchant(s: PiratesState, frame: Frame) -> Context:
    pick = frame.record(sailing.PickMerchant)
    return {"ship": pick.ship, "moves": pick.moves}


def _drive(s: PiratesState, frame: Frame) -> Context:
    drive = frame.record(sailing.Drive)
    ship, vessel, remaining = drive.ship, drive.vessel, drive.remaining
    here = s.navy if vessel < 0 else s.merchant_at[vessel]
    routes = [{"direction": d, "to": p} for d, p in sea.neighbours(here)] if remaining > 0 else []
    return {
        "ship": ship,
        "vessel": "navy" if vessel < 0 else MERCHANT_COLOURS[vessel],
        "at": here,
        "moves_left": remaining,
        "routes": routes,
    }


def _steer(s: PiratesState, frame: Frame) -> Context:
    steer = frame.record(sailing.Steer)
    if steer.vessel == "merchant":
        m = steer.merchant
        here, goal, vessel = s.merchant_at[m], s.merchant_dest[m], MERCHANT_COLOURS[m]
    else:
        here, goal, vessel = s.navy, steer.target, "navy"
    return {
        "vessel": vessel,
        "at": here,
        "goal": goal,
        "routes": [{"direction": d, "to": p} for d, p in sea.closer(here, goal)],
    }


def _pick(s: PiratesState, frame: Frame) -> Context:
    pick = frame.record(solo.Pick)
    return {"purpose": pick.purpose, "options": list(pick.options)}


CONTEXTS: dict[str, Callable[[PiratesState, Frame], Context]] = {
    "ports": _ports,
    "navy": lambda s, frame: {"ports": list(s.ports)},
    "start": _ship,
    "side": _ship,
    "helm": _helm,
    "pay": _pay,
    "free": _ship,
    "list": _list,
    "sail": _sail,
    "storm": _ship,
    "order": _order,
    "cargo": _cargo,
    "sell": _ship_of(orders.Sell),
    "recruit": _ship_of(orders.Recruit),
    "release": _release,
    "target": _ship_of(combat.Target),
    "reroll": _reroll,
    "volley": _volley,
    "port": _port,
    "reassign": _reassign,
    "new_hand": _ship_of(helm.NewHand),
    "bonus": _order,
    "bury": _bury,
    "exchange": _ship,
    "pick_merchant": _pick_merchant,
    "drive": _drive,
    "steer": _steer,
    "pick": _pick,
}
"""Per decision kind, its context."""


def decision_context(s: PiratesState, frame: Frame) -> Context:
    return CONTEXTS[frame.kind](s, frame)
