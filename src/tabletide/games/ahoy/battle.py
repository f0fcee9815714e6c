"""Battles (AH-5.19-5.24, AH-6.1.4-6.1.6, AH-6.2.6-6.2.9, AH-6.3.8, AH-B.5-B.7): who must
fight, one battle at a time in the attacker's order, start-of-battle plans, lowering Cannons,
the battle dice, the victory reward and the crew that care about battles.

A battle sequence is ``s.fight``; battles never nest (the moves a battle can cause start none).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame
from tabletide.games.ahoy import cards, damage, movement, plans
from tabletide.games.ahoy.constants import CUTTER, DELTA, DIR_NAMES, FORT0, GUNBOAT, PATROL0

if TYPE_CHECKING:
    from tabletide.games.ahoy.state import AhoyState


class BattleSide(NamedTuple):
    """``cannons`` and ``rum``: the side of the battle deciding (0 attacker, 1 defender)."""

    side: int


class Ram(NamedTuple):
    """``ram``: the damaged figure the Battering Ram may push (AH-A.1)."""

    figure: int


class Buccaneer(NamedTuple):
    """``buccaneer``: the seat whose crew the Buccaneer may remove (AH-A.2)."""

    victim: int


BATTLE_PLANS = ("weapons_cache", "secret_weapon", "near_miss")
REWARDS = ("none", "hit_steal", "hit2", "hit_ally", "place_ally", "hit_move", "hit_reward")
REWARD_TEXT = {
    "none": "No reward",
    "hit_steal": "Deal 1 damage and steal 1 gold",
    "hit2": "Deal 2 damage",
    "hit_ally": "Deal 1 damage and remove 1 ally from this region's island",
    "place_ally": "Deal 1 damage and place 1 ready ally on this region's island",
    "hit_move": "Deal 1 damage and move 1 or 2 spaces",
    "hit_reward": "Deal 1 damage and take a reward from your grid",
}
FACTION_REWARDS = {  # AH-6.1.6, AH-6.2.9, AH-6.3.8
    "fleet": ("hit_steal", "hit2", "hit_ally"),
    "union": ("place_ally", "hit_steal"),
    "smuggler": ("hit_move", "hit_reward"),
}


@dataclass(slots=True)
class Fight:
    mover: int
    attacker: int
    pos: int
    move: int
    """The index of the mover's move, -1 for an Assistant Gunner battle."""
    done: list[int] = field(default_factory=list)
    defender: int = -1
    ignored: bool = False
    bonus: list[int] = field(default_factory=lambda: [0, 0])
    secret: list[bool] = field(default_factory=lambda: [False, False])
    roll: list[int] = field(default_factory=lambda: [0, 0])
    winner: int = -1
    """The winning side: 0 attacker, 1 defender."""
    loser_fig: int = -1
    damaged: bool = False

    def copy(self) -> Fight:
        return replace(
            self, done=self.done[:], bonus=self.bonus[:], secret=self.secret[:], roll=self.roll[:]
        )

    def fig(self, side: int) -> int:
        return self.mover if side == 0 else self.defender


def loaded(s: AhoyState, f: int) -> bool:
    """AH-5.19: forts and the gunboat always, the cutter never, others with a Cannons die."""
    if FORT0 <= f < CUTTER or f == GUNBOAT:
        return True
    if f == CUTTER:
        return False
    return bool(s.cannons_dice(s.owner(f)))


def eligible(s: AhoyState, mover: int, pos: int) -> list[int]:
    """AH-5.20: the enemy figures ``mover`` must battle on ``pos``."""
    if s.cells[pos].terrain == "fog":
        return []
    others = [f for f, at in enumerate(s.fig) if at == pos and f != mover]
    if not others:  # most spaces a figure enters: nothing to ask about
        return []
    me = s.owner(mover)
    armed = loaded(s, mover)
    return [f for f in others if s.owner(f) != me and (armed or loaded(s, f))]


def start(s: AhoyState, mover: int, pos: int, move: int) -> None:
    if eligible(s, mover, pos):
        s.fight = Fight(mover, s.owner(mover), pos, move)
        s.push("@fight", s.owner(mover))


def _present(s: AhoyState, f: Fight) -> bool:
    at = s.fig[f.mover]
    return at >= 0 and (at == f.pos or f.move < 0)


def auto_fight(s: AhoyState, frame: Frame) -> None:
    f = s.fight
    assert f is not None
    if _present(s, f) and [e for e in eligible(s, f.mover, f.pos) if e not in f.done]:
        s.push("pick_defender", f.attacker)
    else:
        s.fight = None  # AH-GAP-7: a removed or moved attacker fights no more


def legal_pick_defender(s: AhoyState, frame: Frame) -> list[Action]:
    f = s.fight
    assert f is not None
    out: list[Action] = []
    envoy = s.active == f.attacker and s.gold[f.attacker] >= 1 and s.has_crew(f.attacker, "envoy")
    # AH-5.21: one at a time, in any order; identical figures are one choice (damage.alike)
    for e in damage.alike(s, [e for e in eligible(s, f.mover, f.pos) if e not in f.done]):
        who = f"the {s.figure_name(e)} of {s.name(s.owner(e))}"
        out.append(Action.make("fight", f"Battle {who}", fig=e))
        if envoy:  # AH-A.27
            out.append(Action.make("envoy", f"Envoy: pay 1 gold to ignore {who}", fig=e))
    return out


def apply_pick_defender(s: AhoyState, frame: Frame, action: Action) -> None:
    f = s.fight
    assert f is not None
    e = action.num("fig")
    f.done.append(e)
    s.push("@fight", f.attacker)
    if action.kind == "envoy":
        s.gold[f.attacker] -= 1
        s.gold[s.owner(e)] += 1
        s.log("envoy", f.attacker, fig=e)
        return
    f.defender, f.ignored, f.damaged = e, False, False
    f.bonus, f.secret, f.roll, f.winner, f.loser_fig = [0, 0], [False, False], [0, 0], -1, -1
    defender = s.owner(e)
    s.log("battle", f.attacker, attacker=f.mover, defender=e, at=f.pos)
    s.push("@roll", f.attacker)
    s.push_record("cannons", defender, BattleSide(1))
    s.push_record("cannons", f.attacker, BattleSide(0))
    # AH-GAP-7: plans first. Asked whenever the Union holds a plan (a public count), not only
    # a battle plan, which would tell the table what its hand holds (AH-5.41).
    if s.union in (f.attacker, defender) and s.plan_hand:
        s.push("battle_plan", s.union)


def _battle_plans(s: AhoyState) -> list[int]:
    return [c for c in s.plan_hand if s.plan_cards[c] in BATTLE_PLANS]


def legal_battle_plan(s: AhoyState, frame: Frame) -> list[Action]:
    out = [Action.make("done", "Play no (more) plans")]
    seen: set[str] = set()
    for card in _battle_plans(s):
        key = s.plan_cards[card]
        if key not in seen:
            seen.add(key)
            out.append(plans.play_action(s, key, card))
    return out


def apply_battle_plan(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "done":
        return
    f = s.fight
    assert f is not None
    card = action.num("card")
    key = s.plan_cards[card]
    s.plan_hand.remove(card)
    s.plan_discard.append(card)
    side = 0 if f.attacker == s.union else 1
    s.log("plan", s.union, plan=key)
    if key == "near_miss":  # AH-B.7
        f.ignored = True
        return
    if key == "weapons_cache":  # AH-B.5
        f.bonus[side] += s.ready
    else:  # AH-B.6
        f.secret[side] = True
    if s.plan_hand:  # another plan? (asked while it holds any, as above)
        s.push("battle_plan", s.union)


def _cannons_options(s: AhoyState, seat: int, fighter: int) -> list[int]:
    """The distinct values of the Cannons dice this fighter may lower (never the cutter's)."""
    if fighter == CUTTER:  # AH-6.2.7
        return []
    return sorted(set(s.cannons_dice(seat)))


_KEEP = Action.make("keep", "Keep your Cannons die")
_LOWER = tuple(
    tuple(
        Action.make("lower", f"Lower Cannons {v} to {to}: +{v - to}", die=v, to=to)
        for to in range(1, v)
    )
    for v in range(7)
)
"""Lowering a Cannons die showing ``v`` to each lower value (by ``v``), made once."""


def legal_cannons(s: AhoyState, frame: Frame) -> list[Action]:
    f = s.fight
    assert f is not None
    side = frame.record(BattleSide).side
    out = [_KEEP]
    if f.ignored:
        return out
    for v in _cannons_options(s, frame.seat, f.fig(side)):
        out += _LOWER[v]
    return out


def apply_cannons(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "keep":
        return
    f = s.fight
    assert f is not None
    side = frame.record(BattleSide).side
    seat = frame.seat
    v, to = action.num("die"), action.num("to")
    cannons = s.spot_index(seat, "cannons")
    k = s.dice[seat].index((cannons, v))
    s.dice[seat][k] = (cannons, to)  # AH-5.21 step 2: the die stays lowered
    f.bonus[side] += v - to
    s.log("fire", seat, frm=v, to=to)


def _roll_dice(s: AhoyState, f: Fight, side: int) -> None:
    f.roll[side] = 1 + s.rng.below(6)
    if f.secret[side]:
        f.roll[side] += 1 + s.rng.below(6)


def auto_roll(s: AhoyState, frame: Frame) -> None:
    f = s.fight
    assert f is not None
    if f.ignored:
        s.log("battle_ignored", s.union)
        return
    _roll_dice(s, f, 0)
    _roll_dice(s, f, 1)
    s.push("@resolve", f.attacker)
    for side in (0, 1):  # AH-A.21: only the flagship's battles
        fighter = f.fig(side)
        if (
            fighter < PATROL0
            and s.has_crew(fighter, "rum_guzzler")
            and damage.open_spots(s, fighter)
        ):
            s.push_record("rum", fighter, BattleSide(side))


def legal_rum(s: AhoyState, frame: Frame) -> list[Action]:
    f = s.fight
    assert f is not None
    side = frame.record(BattleSide).side
    return [
        Action.make("keep", f"Keep your roll of {f.roll[side]}"),
        Action.make("reroll", "Suffer 1 damage and reroll"),
    ]


def apply_rum(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "keep":
        return
    f = s.fight
    assert f is not None
    side = frame.record(BattleSide).side
    old = f.roll[side]
    _roll_dice(s, f, side)
    s.log("reroll", frame.seat, frm=old, to=f.roll[side])
    damage.suffer(s, frame.seat, 1)


def total(s: AhoyState, f: Fight, side: int) -> int:
    fighter = f.fig(side)
    seat = s.owner(fighter)
    value = f.roll[side] + f.bonus[side]
    if FORT0 <= fighter < CUTTER:
        value += 2  # AH-6.1.4
    if fighter == GUNBOAT:
        value += 3  # AH-6.2.6
    if s.has_crew(seat, "brawlers"):
        value += 1  # AH-A.23
    return value


def auto_resolve(s: AhoyState, frame: Frame) -> None:
    f = s.fight
    assert f is not None
    att, dfn = total(s, f, 0), total(s, f, 1)
    f.winner = 0 if att >= dfn else 1  # ties go to the attacker
    f.loser_fig = f.fig(1 - f.winner)
    if f.move >= 0:
        s.moves[f.move].ended = True  # AH-5.22
    winner = s.owner(f.fig(f.winner))
    s.log(
        "battle_result",
        winner,
        attacker_total=att,
        defender_total=dfn,
        rolls=f.roll[:],
        winner=winner,
        loser=s.owner(f.loser_fig),
    )
    s.push("@win_tail", winner)
    s.push("reward", winner)


def legal_reward(s: AhoyState, frame: Frame) -> list[Action]:
    f = s.fight
    assert f is not None
    kinds = ["none", *FACTION_REWARDS[s.faction[frame.seat]]]
    if s.owner(f.loser_fig) != s.union:
        kinds = [k for k in kinds if k != "hit_ally"]  # AH-6.1.6: only against a Union ship
    return [Action.make("reward", REWARD_TEXT[k], what=k) for k in kinds]


def apply_reward(s: AhoyState, frame: Frame, action: Action) -> None:
    f = s.fight
    assert f is not None
    kind = action.text("what")
    seat = frame.seat
    if kind == "none":
        return
    loser = f.loser_fig
    victim = s.owner(loser)
    region = s.region_at(f.pos)
    s.log("reward", seat, kind=kind, text=REWARD_TEXT[kind])
    # The second half of the reward happens after the damage (pushed first, runs last).
    if kind == "hit_steal" and s.gold[victim] > 0:
        s.gold[victim] -= 1
        s.gold[seat] += 1
    elif kind == "hit_ally" and s.allies[region] > 0:
        s.allies[region] -= 1
        s.log("allies_removed", seat, region=region, count=1)
    elif kind == "place_ally":
        movement.place_allies(s, region, 1)
    elif kind == "hit_move":  # AH-6.3.8, AH-GAP-7: a normal move that starts no battles
        movement.sail(s, seat, seat, "victory move", 2, battles=False)
    elif kind == "hit_reward":
        cards.start_reward(s, seat)
    n = 2 if kind == "hit2" else 1
    winner_fig = f.fig(f.winner)
    if winner_fig < PATROL0 and s.has_crew(seat, "gunner"):
        n += 1  # AH-A.3
    if f.secret[f.winner] and seat == s.union:
        n += 1  # AH-B.6
    damage.deal(s, seat, loser, n, why="battle")


def auto_win_tail(s: AhoyState, frame: Frame) -> None:
    f = s.fight
    assert f is not None
    seat = frame.seat
    victim = s.owner(f.loser_fig)
    if s.has_crew(seat, "thief"):  # AH-A.7
        s.log("gold", seat, gold=s.gain_gold(seat, 2), why="Thief")
    ram = s.has_crew(seat, "battering_ram") and f.damaged and s.fig[f.loser_fig] >= 0
    if ram and ram_targets(s, f.loser_fig):  # AH-A.1
        s.push_record("ram", seat, Ram(f.loser_fig))
    if s.has_crew(seat, "buccaneer") and s.crew[victim]:  # AH-A.2
        s.push_record("buccaneer", seat, Buccaneer(victim))


def ram_targets(s: AhoyState, fig: int) -> list[int]:
    pos = s.fig[fig]
    return [
        d for d in range(4) if (pos, d) not in s.bars and pos + DELTA[d] in s.cells
    ]  # AH-A.1: never off the map


def legal_ram(s: AhoyState, frame: Frame) -> list[Action]:
    fig = frame.record(Ram).figure
    out = [Action.make("skip", "Don't")]
    if s.fig[fig] >= 0:
        for d in ram_targets(s, fig):
            out.append(Action.make("ram", f"Push it {DIR_NAMES[d]}", dir=d))
    return out


def apply_ram(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "skip":
        return
    fig = frame.record(Ram).figure
    dest = s.fig[fig] + DELTA[action.num("dir")]
    movement.jump(s, fig, frame.seat, "rammed", dest, battles=False, explore=False, anchor_fx=False)


def legal_buccaneer(s: AhoyState, frame: Frame) -> list[Action]:
    victim = frame.record(Buccaneer).victim
    out = [Action.make("skip", "Keep the Buccaneer")]
    crew = s.crew[victim]
    for i, a in enumerate(crew):
        for b in crew[i + 1 :] or ([] if len(crew) > 1 else [a]):
            na, nb = cards.crew_name(s, a), cards.crew_name(s, b)
            label = f"Remove {na} and {nb}" if a != b else f"Remove {na}"
            out.append(Action.make("buccaneer", label, a=a, b=b))
    return out


def apply_buccaneer(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "skip":
        return
    victim = frame.record(Buccaneer).victim
    seat = frame.seat
    cards.lose_crew(s, seat, s.crew_card(seat, "buccaneer"))
    for card in {action.num("a"), action.num("b")}:
        cards.lose_crew(s, victim, card)


# ------------------------------------------------------------------ Assistant Gunner
def assistant_gunner(s: AhoyState, seat: int) -> None:
    """AH-A.15: a die placed on Cannons lets the flagship battle any space of its region."""
    if s.has_crew(seat, "assistant_gunner") and s.fight is None and gunner_spaces(s, seat):
        s.push("gunner_target", seat)


def gunner_spaces(s: AhoyState, seat: int) -> list[int]:
    region = s.flag_region(seat)
    if region < 0:
        return []
    return sorted(p for p, c in s.cells.items() if c.region == region and eligible(s, seat, p))


def legal_gunner_target(s: AhoyState, frame: Frame) -> list[Action]:
    out = [Action.make("skip", "Don't")]
    for p in gunner_spaces(s, frame.seat):
        out.append(Action.make("gunner", f"Battle at {s.space_name(p)}", at=p))
    return out


def apply_gunner_target(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "gunner":
        s.fight = Fight(frame.seat, frame.seat, action.num("at"), -1)
        s.push("@fight", frame.seat)


LEGAL = {
    "pick_defender": legal_pick_defender,
    "battle_plan": legal_battle_plan,
    "cannons": legal_cannons,
    "rum": legal_rum,
    "reward": legal_reward,
    "ram": legal_ram,
    "buccaneer": legal_buccaneer,
    "gunner_target": legal_gunner_target,
}
APPLY = {
    "pick_defender": apply_pick_defender,
    "battle_plan": apply_battle_plan,
    "cannons": apply_cannons,
    "rum": apply_rum,
    "reward": apply_reward,
    "ram": apply_ram,
    "buccaneer": apply_buccaneer,
    "gunner_target": apply_gunner_target,
}
AUTO = {
    "@fight": auto_fight,
    "@roll": auto_roll,
    "@resolve": auto_resolve,
    "@win_tail": auto_win_tail,
}
