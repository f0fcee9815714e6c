"""Ships and islands: the SAIL action and the ship queue (EN-5.4.5), common ships (EN-GAP-12),
and the Expedition phase, where each ship raids or conquers an island (EN-6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from tabletide.engine import Action, Frame, make_action
from tabletide.games.empires_north.constants import FACE_UP, bundle_text
from tabletide.games.empires_north.effects import ordinal, push_alts, trigger
from tabletide.games.empires_north.pieces import DISTANT, NEAR, Placed, Ship

if TYPE_CHECKING:
    from tabletide.games.empires_north.state import EmpiresState as S

LEGAL: dict[str, Any] = {}
APPLY: dict[str, Any] = {}
AUTO: dict[str, Any] = {}

REVEALED = 2 * FACE_UP
"""The ``slot`` of a raid or conquest of the island just taken from a deck top."""
_FISH = ("no fish", "1 fish", "1 gold in place of the fish")


# ---------------------------------------------------------------------------- SAIL
class Sail(NamedTuple):
    """``sail``: a ship sets sail (EN-5.4.5)."""

    common: bool
    """A common ship (EN-GAP-12: a card lends it for the round), not one of the seat's own."""


def start_sail(s: S, p: int, common: bool) -> None:
    """A SAIL with a common ship (EN-GAP-12: a card lends it for the round)."""
    s.push_record("sail", p, Sail(common))


def legal_sail(s: S, f: Frame) -> list[Action]:
    """EN-5.4.5.3/5.4.5.4: a fish (or gold in its place) opens the distant islands, an axe lets
    the ship conquer; both are chosen now and cannot be added later (EN-GAP-13j)."""
    p = f.seat
    goods = s.goods[p]
    fish_options = [0] + [1] * (goods["fish"] > 0) + [2] * (goods["gold"] > 0)
    axes = [0, 1] if goods["axe"] else [0]
    out = []
    for fish in fish_options:
        for axe in axes:
            label = f"Sail with {_FISH[fish]}" + (" and an axe" if axe else "")
            out.append(make_action("sail", label, fish=fish, axe=axe))
    return out


def apply_sail(s: S, f: Frame, a: Action) -> None:
    p = f.seat
    common = f.record(Sail).common
    fish, axe = a.num("fish"), a.num("axe")
    if fish == 1:
        s.goods[p]["fish"] -= 1
    elif fish == 2:
        s.goods[p]["gold"] -= 1
    if axe:
        s.goods[p]["axe"] -= 1
    s.queue.append(Ship(p, fish > 0, bool(axe), common))  # EN-5.4.5.2: at the back
    s.log("sail", p, place=len(s.queue), fish=fish > 0, axe=bool(axe), common=common)


LEGAL["sail"] = legal_sail
APPLY["sail"] = apply_sail


# ---------------------------------------------------------------------------- the Expedition
def auto_expedition_phase(s: S, f: Frame) -> None:
    s.phase = "expedition"
    s.push("@cleanup", s.start)
    s.push("@voyages", s.start)


def auto_voyages(s: S, f: Frame) -> None:
    """EN-6.1: the ships in queue order, the one on the arrow first."""
    if s.queue:
        ship = s.queue.pop(0)
        s.push("@voyages", s.start)
        s.push_record("voyage", ship.owner, Voyage(ship))


def _slot(d: int, i: int) -> int:
    return d * FACE_UP + i


def island_name(s: S, d: int, i: int) -> str:
    """A face-up island in words: its name, and when two face-up islands share it (a deck may
    hold an island twice), which one in the order of the board, near 1, near 2, distant 1,
    distant 2 ("the 2nd Ewe Island")."""
    name = s.cards[s.isl_up[d][i]].name
    same = [
        (dd, ii)
        for dd in (NEAR, DISTANT)
        for ii, c in enumerate(s.isl_up[dd])
        if c >= 0 and s.cards[c].name == name
    ]
    if len(same) < 2:
        return name
    return f"the {ordinal(same.index((d, i)) + 1)} {name}"


class Voyage(NamedTuple):
    """``voyage``: a ship at the islands, choosing one (EN-6)."""

    ship: Ship


def legal_voyage(s: S, f: Frame) -> list[Action]:
    """EN-6.2: any near island (face up, or the deck's top card); with a fish the distant ones
    too. EN-6.4: with an axe the ship may conquer instead of raid. Choosing is optional."""
    ship = f.record(Voyage).ship
    out = []
    reach = (NEAR, DISTANT) if ship.fish else (NEAR,)
    for d in reach:
        for i, card_i in enumerate(s.isl_up[d]):
            if card_i < 0:
                continue
            card = s.cards[card_i]
            slot = _slot(d, i)
            name = island_name(s, d, i)
            out.append(make_action("raid", f"Raid {name} ({bundle_text(card.raid)})", slot=slot))
            if ship.axe and card.conquerable:
                out.append(make_action("conquer", f"Conquer {name}", slot=slot))
        if s.isl_deck[d] or s.isl_discard[d]:
            which = "near" if d == NEAR else "distant"
            out.append(make_action("top", f"Take the top card of the {which} deck", deck=d))
    out.append(make_action("skip", "Choose no island"))
    return out


def apply_voyage(s: S, f: Frame, a: Action) -> None:
    """EN-6.5: once the island is chosen the ship comes home; its fish and axe are spent."""
    p = f.seat
    ship = f.record(Voyage).ship
    if a.kind == "skip":
        s.log("voyage", p, island=None)
        return
    if a.kind == "top":
        d = a.num("deck")
        card_i = s.draw_island(d)
        s.revealed = card_i
        s.log("reveal", p, island=s.cards[card_i].name)  # EN-GAP-3: seen before choosing
        s.push_record("landing", p, Landing(ship, d))
        return
    slot = a.num("slot")
    d, i = divmod(slot, FACE_UP)
    card_i = s.isl_up[d][i]
    s.isl_up[d][i] = -1  # EN-6.8: not refilled before Cleanup
    _land(s, p, card_i, d, a.kind == "conquer")


class Landing(NamedTuple):
    """``landing``: the island just taken from a deck top (``s.revealed``), raided or
    conquered (EN-6.3/6.4)."""

    ship: Ship
    deck: int
    """The deck it came from: ``NEAR`` or ``DISTANT``."""


def legal_landing(s: S, f: Frame) -> list[Action]:
    ship = f.record(Landing).ship
    card = s.cards[s.revealed]
    out = [make_action("raid", f"Raid {card.name} ({bundle_text(card.raid)})", slot=REVEALED)]
    if ship.axe and card.conquerable:
        out.append(make_action("conquer", f"Conquer {card.name}", slot=REVEALED))
    return out


def apply_landing(s: S, f: Frame, a: Action) -> None:
    card_i, s.revealed = s.revealed, -1
    _land(s, f.seat, card_i, f.record(Landing).deck, a.kind == "conquer")


def _land(s: S, p: int, card_i: int, d: int, conquer: bool) -> None:
    card = s.cards[card_i]
    if conquer:  # EN-6.4: the island joins the empire, ready; its bonus, then features
        s.empire[p].append(Placed(card_i, card_i))
        s.log("conquer", p, island=card.name)
        trigger(s, "conquer", p, skip=len(s.empire[p]) - 1)  # not on itself
        push_alts(s, p, card.bonus, card.name)
    else:  # EN-6.3: its goods, and the card to its discard pile
        s.log("raid", p, island=card.name, goods=dict(card.raid))
        s.gain(p, card.raid)
        s.isl_discard[d].append(card_i)
        trigger(s, "raid", p)


AUTO["@expedition_phase"] = auto_expedition_phase
AUTO["@voyages"] = auto_voyages
LEGAL["voyage"] = legal_voyage
APPLY["voyage"] = apply_voyage
LEGAL["landing"] = legal_landing
APPLY["landing"] = apply_landing
