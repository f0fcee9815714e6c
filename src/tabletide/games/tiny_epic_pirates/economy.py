"""Gold, volley tokens, loot cubes, the loot bag and the market (PC-5.1, PC-5.9, PC-5.10)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame
from tabletide.games.tiny_epic_pirates.constants import MAX_CARGO, MAX_GOLD, MAX_VOLLEY
from tabletide.games.tiny_epic_pirates.content import LOOT

if TYPE_CHECKING:
    from tabletide.games.tiny_epic_pirates.state import PiratesState


class Cargo(NamedTuple):
    """``cargo``: the full ship and the loot cube (LOOT index) it just got."""

    ship: int
    cube: int


def gain_gold(s: PiratesState, ship: int, amount: int, why: str) -> None:
    """PC-5.1.1: gold is capped at 13 and the excess is lost. The Legendary Pirate's gold runs
    up its own track instead and buries at the top (PC-6.8)."""
    if amount <= 0:
        return
    if ship == s.lp:
        from tabletide.games.tiny_epic_pirates import solo

        solo.gain_gold(s, amount, why)
        return
    before = s.gold[ship]
    s.gold[ship] = min(MAX_GOLD, before + amount)
    gained = s.gold[ship] - before
    s.say("gold", ship, amount=gained, lost=amount - gained, why=why)


def gain_volley(s: PiratesState, ship: int, why: str) -> None:
    """PC-5.1.4: at most 3 accurate-volley tokens. The solo pirate takes 1 gold instead
    (PC-6.9.4)."""
    if ship == s.lp:
        gain_gold(s, ship, 1, why + " (instead of a volley token)")
        return
    if s.volley[ship] < MAX_VOLLEY:
        s.volley[ship] += 1
        s.say("volley", ship, why=why)


def draw_cube(s: PiratesState) -> int:
    """A blind draw from the loot bag (PC-5.1.3); -1 when the bag is empty."""
    total = sum(s.bag)
    if total == 0:
        return -1
    r = s.rng.below(total)
    for loot, count in enumerate(s.bag):
        if r < count:
            s.bag[loot] -= 1
            return loot
        r -= count
    raise AssertionError("unreachable")


def load(s: PiratesState, ship: int, cube: int) -> None:
    """Load a cube on a pirate ship; a full ship asks its owner what to drop (PC-5.1.5)."""
    if cube < 0:
        return
    if len(s.cargo[ship]) < MAX_CARGO:
        s.cargo[ship].append(cube)
        s.cargo[ship].sort()
        s.say("loot", ship, loot=LOOT[cube])
        if ship == s.lp and len(s.cargo[ship]) == MAX_CARGO:
            from tabletide.games.tiny_epic_pirates import solo

            solo.trade(s)  # PC-6.7.1: a third cube makes it Trade at once
        return
    s.push_record("cargo", s.decider(ship), Cargo(ship, cube))


def legal_cargo(s: PiratesState, frame: Frame) -> list[Action]:
    cargo = frame.record(Cargo)
    ship, cube = cargo.ship, cargo.cube
    out = [Action.make("drop_new", f"leave the new {LOOT[cube]} behind")]
    for loot in sorted(set(s.cargo[ship])):
        if loot != cube:
            out.append(Action.make("drop", f"throw a {LOOT[loot]} overboard", loot=LOOT[loot]))
    return out


def apply_cargo(s: PiratesState, frame: Frame, action: Action) -> None:
    cargo = frame.record(Cargo)
    ship, cube = cargo.ship, cargo.cube
    if action.kind == "drop_new":
        s.bag[cube] += 1
        s.say("discard_loot", ship, loot=LOOT[cube])
        return
    old = LOOT.index(action.text("loot"))
    s.cargo[ship].remove(old)
    s.bag[old] += 1
    s.cargo[ship].append(cube)
    s.cargo[ship].sort()
    s.say("swap_loot", ship, loot=LOOT[cube], dropped=LOOT[old])


# ---------------------------------------------------------------------------- the market
def price(s: PiratesState, loot: int) -> int:
    """PC-5.10.2: the market column holds prices 5 (top) down to 2 (bottom)."""
    return 5 - s.market.index(loot)


def sell(s: PiratesState, ship: int, loot: int, count: int) -> int:
    """Sell ``count`` cubes of ``loot`` at the market price, then shift the market
    (PC-5.10.2-5.10.3, PC-5.10.6). Returns the gold earned before the cap."""
    earned = count * price(s, loot)
    for _ in range(count):
        s.cargo[ship].remove(loot)
    s.bag[loot] += count
    s.market.remove(loot)
    s.market.append(loot)
    s.say("trade", ship, loot=LOOT[loot], count=count, earned=earned)
    gain_gold(s, ship, earned, "trade")
    return earned


LEGAL = {"cargo": legal_cargo}
APPLY = {"cargo": apply_cargo}
