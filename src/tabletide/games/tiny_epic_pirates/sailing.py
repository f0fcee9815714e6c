"""Step 2 and every ship that moves: the pirate ship's voyage with storms and keep tokens
(PC-5.5-5.6), step 5's crossing of the ship line with the merchants and the Royal Navy
(PC-5.21-5.24), and the Sail Navy / merchant bonus action (PC-5.20.4)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame
from tabletide.games.tiny_epic_pirates import economy, helm, sea
from tabletide.games.tiny_epic_pirates.constants import (
    DIRECTIONS,
    EXTORTION,
    MERCHANT_COLOURS,
    RIGGING,
)
from tabletide.games.tiny_epic_pirates.content import LOOT

if TYPE_CHECKING:
    from tabletide.games.tiny_epic_pirates.state import PiratesState

SAIL2, STORM = "sail2", "storm"


class NavyMove(NamedTuple):
    """``@navy``: the cards the Royal Navy may still move toward ``target`` (the active
    ship's position when it crossed the ship line)."""

    remaining: int
    target: int


class MerchantMove(NamedTuple):
    """``@merchant``: the merchant (0 orange, 1 green) that takes its step toward its port."""

    merchant: int


class Steer(NamedTuple):
    """``steer``: the vessel another player moves, ``"merchant"`` (then ``merchant`` is 0
    orange or 1 green) or ``"navy"`` (then ``remaining`` cards toward ``target``)."""

    vessel: str
    merchant: int
    remaining: int
    target: int


class PickMerchant(NamedTuple):
    """``pick_merchant``: the ship whose bonus action sails a merchant, and how many cards."""

    ship: int
    moves: int


class Drive(NamedTuple):
    """``drive``: the ship whose bonus action sails a vessel (-1 the Navy, else a merchant),
    and the cards it may still move."""

    ship: int
    vessel: int
    remaining: int


# ---------------------------------------------------------------------------- the voyage
def sail_total(s: PiratesState, ship: int) -> int:
    """PC-5.5.2: the infamy level's moves + 1 per Rigging deckhand + 2 per +2 token spent."""
    return s.content.sheets.infamy[s.infamy[ship]].sail + s.assign[ship][RIGGING] + s.sail_extra


def start_voyage(s: PiratesState, ship: int) -> None:
    s.moves = 0
    s.sail_extra = 0
    s.push("sail", ship)


def legal_sail(s: PiratesState, frame: Frame) -> list[Action]:
    ship = frame.seat
    out = [STOP_SAILING if s.moves else STAY]
    if SAIL2 in s.kept[ship]:
        out.append(USE_SAIL_TOKEN)
    if s.moves < sail_total(s, ship):
        safe = STORM in s.kept[ship]
        stuck = helm.all_on_repairs(s, ship)
        here = s.at[ship]
        for d, p in sea.neighbours(here):
            storm = s.card(p).storm
            if storm and stuck and not safe:
                continue  # PC-5.6.5 (the storm token overrides it, PC-GAP-14.5)
            out.append(sail_action(d, p, storm))
    return out


# Actions are immutable, so those whose label depends only on their arguments are built once.
STOP_SAILING = Action.make("done", "stop sailing")
STAY = Action.make("done", "stay on this card")
USE_SAIL_TOKEN = Action.make("use_sail_token", "spend a +2 sail token")


@cache
def sail_action(d: int, p: int, storm: bool) -> Action:
    """Sail one card in direction ``d`` onto ``p`` (cached, see above)."""
    label = f"sail {DIRECTIONS[d]} to {sea.name(p)}" + (" (storm)" if storm else "")
    return Action.make("sail", label, direction=d)


def apply_sail(s: PiratesState, frame: Frame, action: Action) -> None:
    ship = frame.seat
    if action.kind == "done":
        return
    if action.kind == "use_sail_token":
        s.kept[ship].remove(SAIL2)
        s.sail_extra += 2
        s.say("use_token", ship, token=SAIL2)
        s.push("sail", ship)
        return
    p = sea.step(s.at[ship], action.num("direction"))
    s.at[ship] = p
    s.hidden[ship] = False  # PC-5.5.4 / PC-GAP-11.4
    s.moves += 1
    s.say("sail", ship, to=p)
    s.push("sail", ship)
    if s.card(p).storm:  # PC-5.6.1: listing is resolved as the ship enters
        if STORM in s.kept[ship]:
            if helm.all_on_repairs(s, ship):
                use_storm_token(s, ship)
            else:
                s.push("storm", ship)
        else:
            helm.list_ship(s, ship, "storm")


def use_storm_token(s: PiratesState, ship: int) -> None:
    s.kept[ship].remove(STORM)
    s.say("use_token", ship, token=STORM)


def legal_storm(s: PiratesState, frame: Frame) -> list[Action]:
    return list(STORM_ACTIONS)


STORM_ACTIONS = (
    Action.make("use_storm_token", "spend the storm token: no listing"),
    Action.make("brace", "keep the token and list"),
)


def apply_storm(s: PiratesState, frame: Frame, action: Action) -> None:
    if action.kind == "use_storm_token":
        use_storm_token(s, frame.seat)
    else:
        helm.list_ship(s, frame.seat, "storm")


# ---------------------------------------------------------------------------- merchants
def move_merchant(s: PiratesState, m: int, p: int) -> None:
    s.merchant_at[m] = p
    s.log("merchant", None, merchant=MERCHANT_COLOURS[m], to=p)
    if p == s.merchant_dest[m]:
        deliver(s, m)


def deliver(s: PiratesState, m: int) -> None:
    """PC-5.22.5: at its port a merchant turns round and swaps its cube for a new one."""
    a, b = s.ports
    s.merchant_dest[m] = b if s.merchant_dest[m] == a else a
    if s.merchant_cube[m] >= 0:
        s.bag[s.merchant_cube[m]] += 1
    s.merchant_cube[m] = economy.draw_cube(s)
    cube = LOOT[s.merchant_cube[m]] if s.merchant_cube[m] >= 0 else None
    s.log("deliver", None, merchant=MERCHANT_COLOURS[m], loot=cube)


# ---------------------------------------------------------------------------- step 5
def chooser(s: PiratesState) -> int:
    """PC-5.21.3: the player to the right of the active player (the previous seat) moves the
    ships; in solo the Legendary Pirate does it on your crossing (-1 = its rules) and you on
    its crossing."""
    if s.lp >= 0:
        return -1 if s.active != s.lp else 0
    return (s.active - 1) % s.num_players


def auto_cross(s: PiratesState, frame: Frame) -> None:
    """PC-5.21.2: Extortion gold, then the orange and green merchants, then the Navy."""
    ship = s.active
    if not s.crossed:
        return
    s.say("cross", ship)
    economy.gain_gold(s, ship, s.assign[ship][EXTORTION], "extortion")
    target = s.at[ship]
    moves = s.content.sheets.navy_moves[min(s.buried[ship], 3)]
    s.push_record("@navy", ship, NavyMove(moves, target))
    s.push_record("@merchant", ship, MerchantMove(1))
    s.push_record("@merchant", ship, MerchantMove(0))


def auto_merchant(s: PiratesState, frame: Frame) -> None:
    m = frame.record(MerchantMove).merchant
    options = sea.closer(s.merchant_at[m], s.merchant_dest[m])
    who = chooser(s)
    if who < 0:
        from tabletide.games.tiny_epic_pirates import solo

        p = solo.merchant_step(s, m, options)
        if p >= 0:
            move_merchant(s, m, p)
        return
    if len(options) == 1:
        move_merchant(s, m, options[0][1])
    elif options:
        s.push_record("steer", who, Steer("merchant", m, 0, -1))


def auto_navy(s: PiratesState, frame: Frame) -> None:
    """PC-5.23: up to the table's cards toward the active ship, stopping on arrival, then
    PC-5.24: the attack unless the ship hides in a cove (PC-GAP-7.3 A: also when the Navy
    already stood there)."""
    navy = frame.record(NavyMove)
    remaining, target = navy.remaining, navy.target
    ship = s.active
    if s.navy == target:
        navy_attack(s, ship)
        return
    if remaining <= 0:
        return
    options = sea.closer(s.navy, target)
    who = chooser(s)
    if who < 0:
        p = sea.vertical_first(s.navy, target)  # PC-6.3.3
    elif len(options) == 1:
        p = options[0][1]
    else:
        s.push_record("steer", who, Steer("navy", -1, remaining, target))
        return
    step_navy(s, p, remaining, target)


def step_navy(s: PiratesState, p: int, remaining: int, target: int) -> None:
    s.navy = p
    s.log("navy", None, to=p)
    s.push_record("@navy", s.active, NavyMove(remaining - 1, target))


def navy_attack(s: PiratesState, ship: int) -> None:
    if s.hidden[ship]:
        s.say("navy_misses", ship)
        return
    s.say("navy_attack", ship)
    if ship == s.lp:
        from tabletide.games.tiny_epic_pirates import solo

        solo.navy_attack(s)
    else:
        helm.full_listing(s, ship)  # PC-5.24.4-5.24.5: no volley token


def legal_steer(s: PiratesState, frame: Frame) -> list[Action]:
    steer = frame.record(Steer)
    if steer.vessel == "merchant":
        m = steer.merchant
        options = sea.closer(s.merchant_at[m], s.merchant_dest[m])
        what = f"the {MERCHANT_COLOURS[m]} merchant"
    else:
        options = sea.closer(s.navy, steer.target)
        what = "the Navy"
    return [vessel_action("steer", what, d, p) for d, p in options]


@cache
def vessel_action(kind: str, what: str, d: int, p: int) -> Action:
    """Sail the vessel ``what`` one card in direction ``d`` onto ``p`` (a ``steer`` or a
    ``drive``; cached: an action is immutable and this label depends on the arguments only)."""
    return Action.make(kind, f"sail {what} {DIRECTIONS[d]} to {sea.name(p)}", direction=d)


def apply_steer(s: PiratesState, frame: Frame, action: Action) -> None:
    d = action.num("direction")
    steer = frame.record(Steer)
    if steer.vessel == "merchant":
        m = steer.merchant
        move_merchant(s, m, sea.step(s.merchant_at[m], d))
    else:
        step_navy(s, sea.step(s.navy, d), steer.remaining, steer.target)


# ---------------------------------------------------------------------------- the bonus action
def start_drive(s: PiratesState, ship: int, vessel: str, amount: int) -> None:
    """PC-5.20.4 / PC-GAP-11.7: up to ``amount`` cards, any way; merchants keep their
    destination and deliver on reaching it; the Navy attacks no one."""
    if vessel == "merchant":
        s.push_record("pick_merchant", s.decider(ship), PickMerchant(ship, amount))
    else:
        s.push_record("drive", s.decider(ship), Drive(ship, -1, amount))


def legal_pick_merchant(s: PiratesState, frame: Frame) -> list[Action]:
    return [
        Action.make("merchant", f"sail the {colour} merchant", merchant=m)
        for m, colour in enumerate(MERCHANT_COLOURS)
    ]


def apply_pick_merchant(s: PiratesState, frame: Frame, action: Action) -> None:
    pick = frame.record(PickMerchant)
    s.push_record("drive", frame.seat, Drive(pick.ship, action.num("merchant"), pick.moves))


def legal_drive(s: PiratesState, frame: Frame) -> list[Action]:
    drive = frame.record(Drive)
    vessel, remaining = drive.vessel, drive.remaining
    what = "the Navy" if vessel < 0 else f"the {MERCHANT_COLOURS[vessel]} merchant"
    here = s.navy if vessel < 0 else s.merchant_at[vessel]
    out = [Action.make("done", f"leave {what} here")]
    if remaining > 0:
        out += [vessel_action("drive", what, d, p) for d, p in sea.neighbours(here)]
    return out


def apply_drive(s: PiratesState, frame: Frame, action: Action) -> None:
    drive = frame.record(Drive)
    vessel = drive.vessel
    if action.kind == "done":
        return
    if vessel < 0:
        s.navy = sea.step(s.navy, action.num("direction"))
        s.log("navy", None, to=s.navy)
    else:
        move_merchant(s, vessel, sea.step(s.merchant_at[vessel], action.num("direction")))
    s.push_record("drive", frame.seat, drive._replace(remaining=drive.remaining - 1))


LEGAL = {
    "sail": legal_sail,
    "storm": legal_storm,
    "steer": legal_steer,
    "pick_merchant": legal_pick_merchant,
    "drive": legal_drive,
}
APPLY = {
    "sail": apply_sail,
    "storm": apply_storm,
    "steer": apply_steer,
    "pick_merchant": apply_pick_merchant,
    "drive": apply_drive,
}
AUTO = {"@cross": auto_cross, "@merchant": auto_merchant, "@navy": auto_navy}
