"""The Attack order and every battle: dice by infamy level, matching die symbols, accurate
volleys, Cannons, automatic hits, Reroll; outcomes against merchants and pirates; infamy
(PC-5.14-5.16, PC-5.20.6, PC-5.25). The Legendary Pirate's side is in ``solo``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame
from tabletide.games.tiny_epic_pirates import economy, helm, sea
from tabletide.games.tiny_epic_pirates.constants import CANNONS, MERCHANT_COLOURS
from tabletide.games.tiny_epic_pirates.content import CardFace

if TYPE_CHECKING:
    from tabletide.games.tiny_epic_pirates.state import PiratesState

MERCHANT = -1
"""``Fight.merchant`` when the defender is a pirate ship."""


class Target(NamedTuple):
    """``target``: the attacking ship and whether its Reroll crew may act (Attack order)."""

    ship: int
    reroll: bool


class Reroll(NamedTuple):
    """``reroll``: the crew card that rerolls and, per attack die, whether it rerolled it."""

    card: int
    used: tuple[bool, ...]


class Volley(NamedTuple):
    """``volley``: the ship that may spend accurate volley tokens on its dice."""

    ship: int


class ResetMerchant(NamedTuple):
    """``@reset_merchant``: the ship that sank the merchant, and the merchant (0 orange,
    1 green)."""

    ship: int
    merchant: int


class Port(NamedTuple):
    """``port``: the sunk merchant (0 orange, 1 green) that restarts from a port."""

    merchant: int


@dataclass
class Fight:
    attacker: int
    defender: int
    """The defending ship, or MERCHANT."""
    merchant: int
    """The defending merchant (0 orange, 1 green), or MERCHANT."""
    dice: list[int] = field(default_factory=list)
    fixed: list[bool] = field(default_factory=list)
    """Dice set by a volley token (they cannot be rerolled, PC-GAP-11.6)."""
    defence: list[int] = field(default_factory=list)
    defence_fixed: list[bool] = field(default_factory=list)

    def side(self, ship: int) -> tuple[list[int], list[bool]]:
        """The dice (and which a volley fixed) of the attacker or of the defender."""
        if ship == self.attacker:
            return self.dice, self.fixed
        return self.defence, self.defence_fixed

    def copy(self) -> Fight:
        return Fight(
            self.attacker,
            self.defender,
            self.merchant,
            self.dice[:],
            self.fixed[:],
            self.defence[:],
            self.defence_fixed[:],
        )


# ---------------------------------------------------------------------------- damage
def faces(s: PiratesState, ship: int) -> list[CardFace]:
    """The cards whose die symbols and automatic hits fight for ``ship``."""
    crew = [s.content.crew[c].face for c in s.crew[ship]]
    if ship == s.lp:
        return crew
    return [s.content.captains[s.captain_card[ship]].sides[s.side[ship]], *crew]


def symbols(s: PiratesState, ship: int) -> list[int]:
    out = [f for face in faces(s, ship) for f in face.dice]
    if ship == s.lp:
        out += s.lp_bridge().dice
    return out


def damage(s: PiratesState, ship: int, dice: list[int]) -> int:
    """PC-5.14.4: matches of every die against every symbol, + Cannons, + automatic hits."""
    marks = symbols(s, ship)
    total = sum(marks.count(d) for d in dice) + s.assign[ship][CANNONS]
    total += sum(face.hits for face in faces(s, ship))
    if ship == s.lp:
        from tabletide.games.tiny_epic_pirates import solo

        total += solo.extra_hits(s)
    return total


def dice_count(s: PiratesState, ship: int) -> int:
    if ship == s.lp:
        return s.lp_level().dice
    return s.content.sheets.infamy[s.infamy[ship]].dice


def roll(s: PiratesState, n: int) -> list[int]:
    return [1 + s.rng.below(6) for _ in range(n)]


# ---------------------------------------------------------------------------- targets
def targets(s: PiratesState, ship: int) -> list[tuple[int, int]]:
    """``(defender, merchant)`` pairs on the attacker's card: merchants (also in port,
    PC-GAP-11.17) and pirate ships not hidden in a cove (PC-5.14.1, PC-5.17.7)."""
    pos = s.at[ship]
    out = [(MERCHANT, m) for m in range(2) if s.merchant_at[m] == pos]
    out += [
        (o, MERCHANT) for o in range(s.ships) if o != ship and s.at[o] == pos and not s.hidden[o]
    ]
    return out


def start_attack(s: PiratesState, ship: int, reroll: bool) -> None:
    options = targets(s, ship)
    if len(options) == 1:
        begin(s, ship, *options[0], reroll=reroll)
    else:
        s.push_record("target", s.decider(ship), Target(ship, reroll))


def legal_target(s: PiratesState, frame: Frame) -> list[Action]:
    ship = frame.record(Target).ship
    out = []
    for defender, m in targets(s, ship):
        if defender == MERCHANT:
            out.append(
                Action.make(
                    "attack_merchant", f"attack the {MERCHANT_COLOURS[m]} merchant", merchant=m
                )
            )
        else:
            out.append(Action.make("attack_ship", f"attack {s.ship_name(defender)}", ship=defender))
    return out


def apply_target(s: PiratesState, frame: Frame, action: Action) -> None:
    target = frame.record(Target)
    ship, reroll = target.ship, target.reroll
    if action.kind == "attack_merchant":
        begin(s, ship, MERCHANT, action.num("merchant"), reroll=reroll)
    else:
        begin(s, ship, action.num("ship"), MERCHANT, reroll=reroll)


def begin(s: PiratesState, attacker: int, defender: int, merchant: int, reroll: bool) -> None:
    """PC-5.16.1: the attacker rolls and settles its dice first, then the defender."""
    fight = Fight(attacker, defender, merchant)
    fight.dice = roll(s, dice_count(s, attacker))
    fight.fixed = [False] * len(fight.dice)
    s.fight = fight
    what = (
        s.ship_name(defender) if defender != MERCHANT else MERCHANT_COLOURS[merchant] + " merchant"
    )
    foe = {} if defender == MERCHANT else {"foe": defender}  # the ship attacked, for names
    s.say("attack", attacker, target=what, dice=fight.dice[:], **foe)
    s.push("@resolve", s.decider(attacker))
    s.push("@defend", s.decider(attacker))
    if attacker != s.lp:
        if s.volley[attacker]:
            s.push_record("volley", attacker, Volley(attacker))
        if reroll:  # PC-5.20.6: only during the Attack order, one card fully before the next
            cards = [
                c
                for c in s.crew[attacker]
                if (row := s.content.crew[c].face.bonus) is not None
                and row.trigger == "attack"
                and any(a.kind == "reroll" for a in row.actions)
            ]
            for card in reversed(cards):
                s.push_record("reroll", attacker, Reroll(card, (False,) * len(fight.dice)))


def auto_defend(s: PiratesState, frame: Frame) -> None:
    fight = s.fight
    assert fight is not None
    d = fight.defender
    if d == MERCHANT:
        return
    fight.defence = roll(s, dice_count(s, d))
    fight.defence_fixed = [False] * len(fight.defence)
    s.say("defend", d, dice=fight.defence[:], against=damage(s, fight.attacker, fight.dice))
    if d != s.lp and s.volley[d]:
        s.push_record("volley", d, Volley(d))


def reroll_faces(s: PiratesState, card: int) -> tuple[int, ...]:
    row = s.content.crew[card].face.bonus
    assert row is not None
    return tuple(f for a in row.actions if a.kind == "reroll" for f in a.faces)


def legal_reroll(s: PiratesState, frame: Frame) -> list[Action]:
    data = frame.record(Reroll)
    card, used = data.card, data.used
    fight = s.fight
    assert fight is not None
    allowed = reroll_faces(s, card)
    out = [Action.make("done", "keep these dice")]
    for i, face in enumerate(fight.dice):
        if face in allowed and not used[i] and not fight.fixed[i]:
            out.append(Action.make("reroll", f"reroll die {i + 1} (showing {face})", die=i))
    return out


def apply_reroll(s: PiratesState, frame: Frame, action: Action) -> None:
    data = frame.record(Reroll)
    fight = s.fight
    assert fight is not None
    if action.kind == "done":
        return
    i = action.num("die")
    fight.dice[i] = roll(s, 1)[0]
    s.say("reroll", fight.attacker, die=i, face=fight.dice[i])
    now = list(data.used)
    now[i] = True
    s.push_record("reroll", frame.seat, data._replace(used=tuple(now)))


def legal_volley(s: PiratesState, frame: Frame) -> list[Action]:
    """PC-5.14.3 c: a token sets one rolled die to any face. Setting a die twice is never
    useful, so each die takes at most one token."""
    ship = frame.record(Volley).ship
    fight = s.fight
    assert fight is not None
    dice, fixed = (
        (fight.dice, fight.fixed)
        if ship == fight.attacker
        else (fight.defence, fight.defence_fixed)
    )
    out = [Action.make("done", f"keep the dice (damage {damage(s, ship, dice)})")]
    for i, face in enumerate(dice):
        if fixed[i]:
            continue
        for f in range(1, 7):
            if f != face:
                trial = dice[:]
                trial[i] = f
                out.append(
                    Action.make(
                        "volley",
                        f"volley: set die {i + 1} from {face} to {f} "
                        f"(damage {damage(s, ship, trial)})",
                        die=i,
                        face=f,
                    )
                )
    return out


def apply_volley(s: PiratesState, frame: Frame, action: Action) -> None:
    ship = frame.record(Volley).ship
    fight = s.fight
    assert fight is not None
    if action.kind == "done":
        return
    dice, fixed = (
        (fight.dice, fight.fixed)
        if ship == fight.attacker
        else (fight.defence, fight.defence_fixed)
    )
    i = action.num("die")
    dice[i] = action.num("face")
    fixed[i] = True
    s.volley[ship] -= 1
    s.say("use_volley", ship, die=i, face=dice[i])
    if s.volley[ship] and not all(fixed):
        s.push_record("volley", frame.seat, Volley(ship))


# ---------------------------------------------------------------------------- outcomes
def auto_resolve(s: PiratesState, frame: Frame) -> None:
    fight = s.fight
    assert fight is not None
    s.fight = None
    a = fight.attacker
    hit = damage(s, a, fight.dice)
    if fight.defender == MERCHANT:
        m = fight.merchant
        card = s.content.merchants[s.merchant_slot[m]]
        s.say(
            "battle", a, damage=hit, against=card.damage, target=MERCHANT_COLOURS[m] + " merchant"
        )
        if a == s.lp:
            from tabletide.games.tiny_epic_pirates import solo

            solo.merchant_outcome(s, m, hit, card.damage)
        elif hit > card.damage:
            sink(s, a, m)
        elif hit < card.damage:  # PC-5.15.5
            helm.list_ship(s, a, "lost a battle")
            economy.gain_volley(s, a, "lost a battle")
        else:  # PC-5.15.6
            economy.gain_volley(s, a, "drew a battle")
        return
    d = fight.defender
    held = damage(s, d, fight.defence)
    s.say("battle", a, damage=hit, against=held, target=s.ship_tag(d), foe=d)
    if s.lp in (a, d):
        from tabletide.games.tiny_epic_pirates import solo

        solo.pirate_outcome(s, a, d, hit, held)
        return
    if hit == held:  # PC-5.16.5
        economy.gain_volley(s, a, "drew a battle")
        economy.gain_volley(s, d, "drew a battle")
        return
    winner, loser = (a, d) if hit > held else (d, a)  # PC-5.16.3-5.16.4
    s.say("win_battle", winner, against=s.ship_tag(loser), foe=loser)
    gain_infamy(s, winner)
    helm.list_ship(s, loser, "lost a battle")
    economy.gain_volley(s, loser, "lost a battle")


def sink(s: PiratesState, ship: int, m: int) -> None:
    """PC-5.15.3-5.15.4 for a pirate ship that sinks merchant ``m``."""
    card = s.content.merchants[s.merchant_slot[m]]
    s.say("sink", ship, merchant=MERCHANT_COLOURS[m], gold=card.gold)
    cube = s.merchant_cube[m]
    s.merchant_cube[m] = -1
    economy.gain_gold(s, ship, card.gold, "sank a merchant")
    if ship != s.lp and card.infamy_upto >= s.num_players:  # read before the card goes
        gain_infamy(s, ship)
    s.push_record("@reset_merchant", s.decider(ship), ResetMerchant(ship, m))
    economy.load(s, ship, cube)  # a full ship decides before the merchant is reset


def auto_reset_merchant(s: PiratesState, frame: Frame) -> None:
    data = frame.record(ResetMerchant)
    reset_merchant(s, data.ship, data.merchant)


def reset_merchant(s: PiratesState, ship: int, m: int) -> None:
    """Steps 2-4 of PC-5.15.3: a new card (not for an 8), the port farthest from the sinker
    (it chooses on a tie), a new cube."""
    card = s.content.merchants[s.merchant_slot[m]]
    if card.value != 8 and s.merchant_deck:
        s.merchant_slot[m] = s.merchant_deck.pop()
        s.log("merchant_card", None, merchant=MERCHANT_COLOURS[m], card=s.merchant_slot[m])
    s.merchant_cube[m] = economy.draw_cube(s)
    far = [
        p
        for p in s.ports
        if sea.distance(p, s.at[ship]) == max(sea.distance(q, s.at[ship]) for q in s.ports)
    ]
    if len(far) == 1:
        place_merchant(s, m, far[0])
    else:
        s.push_record("port", s.decider(ship), Port(m))


def place_merchant(s: PiratesState, m: int, port: int) -> None:
    a, b = s.ports
    s.merchant_at[m] = port
    s.merchant_dest[m] = b if port == a else a
    s.log("merchant", None, merchant=MERCHANT_COLOURS[m], to=port)


def legal_port(s: PiratesState, frame: Frame) -> list[Action]:
    m = frame.record(Port).merchant
    return [
        Action.make(
            "port", f"send the {MERCHANT_COLOURS[m]} merchant to the port at {sea.name(p)}", port=i
        )
        for i, p in enumerate(s.ports)
    ]


def apply_port(s: PiratesState, frame: Frame, action: Action) -> None:
    place_merchant(s, frame.record(Port).merchant, s.ports[action.num("port")])


def gain_infamy(s: PiratesState, ship: int) -> None:
    """PC-5.25: one level up, with that level's one-time bonuses; nothing past the top."""
    track = s.content.sheets.infamy
    if s.infamy[ship] + 1 >= len(track):
        s.say("infamy_top", ship)
        return
    s.infamy[ship] += 1
    level = track[s.infamy[ship]]
    s.say("infamy", ship, level=s.infamy[ship], name=level.name)
    economy.gain_gold(s, ship, level.gold, "infamy bonus")
    for _ in range(level.volley):
        economy.gain_volley(s, ship, "infamy bonus")
    if level.deckhand and s.spare[ship]:
        s.push_record(
            "new_hand", s.decider(ship), helm.NewHand(ship)
        )  # it leaves the track when placed


LEGAL = {
    "target": legal_target,
    "reroll": legal_reroll,
    "volley": legal_volley,
    "port": legal_port,
}
APPLY = {
    "target": apply_target,
    "reroll": apply_reroll,
    "volley": apply_volley,
    "port": apply_port,
}
AUTO = {"@defend": auto_defend, "@resolve": auto_resolve, "@reset_merchant": auto_reset_merchant}
