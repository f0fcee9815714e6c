"""Learning Ahoy inside tabletide (issue 22): the rules that govern each decision, what each legal
action will do, and which options of a turn are closed and why. Everything here is read from the
state with the rules' own helpers (never by playing an action on a copy), from what the deciding
seat may know: public facts and its own secrets (its plans, its favor tokens).

The rule IDs are the spec's ``AH-`` IDs, each stated in ``docs/rules/ahoy.md``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletide.engine import Action, Closed, Frame
from tabletide.games.ahoy import actions, cards, damage, movement, plans, turn
from tabletide.games.ahoy.constants import (
    CARGO_LIMIT,
    CREW_SPOT0,
    CUTTER,
    DELIVERY_FAME,
    FORT0,
    GUNBOAT,
    PATROL0,
    SHIP_SPOT0,
    WEALTH_MAX,
)

if TYPE_CHECKING:
    from tabletide.games.ahoy.state import AhoyState

# ------------------------------------------------------------------ the rules of a decision
RULES: dict[str, tuple[str, ...]] = {
    "pay_die": ("AH-5.34", "AH-4.3"),
    "step": ("AH-5.11", "AH-5.15", "AH-5.12", "AH-5.13"),
    "explore": ("AH-5.16", "AH-5.17"),
    "tile": ("AH-5.18", "AH-5.17", "AH-6.3.6"),
    "tailwind": ("AH-5.8",),
    "harbor": ("AH-5.25",),
    "rider_patrol": ("AH-6.1.3", "AH-6.1.2"),
    "rider_allies": ("AH-6.2.2", "AH-6.2.3"),
    "current": ("AH-A.10", "AH-5.25"),
    "hit": ("AH-5.28", "AH-5.29"),
    "repair": ("AH-5.31", "AH-5.10"),
    "order": ("AH-6.1.2", "AH-5.20"),
    "officer": ("AH-A.19",),
    "deploy": ("AH-6.1.2", "AH-5.14"),
    "whisper": ("AH-6.2.2", "AH-6.2.3"),
    "count": ("AH-6.2.2", "AH-6.2.3"),
    "fort": ("AH-6.1.4",),
    "pick_defender": ("AH-5.21", "AH-5.20"),
    "battle_plan": ("AH-6.2.4", "AH-B.5", "AH-B.6", "AH-B.7", "AH-4.9"),
    "cannons": ("AH-5.21",),
    "rum": ("AH-A.21",),
    "reward": ("AH-5.21",),
    "ram": ("AH-A.1",),
    "buccaneer": ("AH-A.2",),
    "gunner_target": ("AH-A.15",),
    "grid": ("AH-6.3.6",),
    "favor": ("AH-6.3.5", "AH-6.3.7"),
    "overboard": ("AH-6.3.4",),
    "recruit_free": ("AH-6.3.6",),
    "negotiate": ("AH-6.3.2",),
    "target": ("AH-A.11",),
    "noble": ("AH-A.12",),
    "goto": ("AH-A.28",),
    "ally_move": ("AH-A.20",),
    "evac_from": ("AH-B.1",),
    "evac_to": ("AH-B.1",),
    "region": ("AH-B.3",),
    "island": ("AH-6.2.5",),
    "stealth": ("AH-B.3",),
    "drive": ("AH-B.4", "AH-5.33"),
    "raise": ("AH-7.5",),
    "clear_market": ("AH-7.5",),
}
START = {"fleet": "AH-3.13", "smuggler": "AH-3.14", "union": "AH-3.15"}
BOARD = {"fleet": "AH-6.1.2", "union": "AH-6.2.2", "smuggler": "AH-6.3.2"}
REWARDS = {"fleet": "AH-6.1.6", "union": "AH-6.2.9", "smuggler": "AH-6.3.8"}
TURN = ("AH-4.3", "AH-4.6", "AH-5.1", "AH-5.2", "AH-5.3", "AH-4.7")


def decision_rules(s: AhoyState, frame: Frame) -> list[str]:
    """The rule IDs governing ``frame``, the most specific first."""
    kind, seat = frame.kind, frame.seat
    faction = s.faction[seat]
    if kind == "start":
        return [START[faction], "AH-3.17"]
    if kind == "turn":
        return [BOARD[faction], *TURN]
    if kind == "reward":
        return [REWARDS[faction], "AH-5.21", "AH-5.24"]
    if kind == "cannons" and faction == "fleet":
        return ["AH-5.21", "AH-6.1.2", "AH-TC-10"]
    if kind == "current":
        cell = s.cells.get(frame.record(movement.Entered).space)
        if cell is not None and cell.terrain == "fog":
            return ["AH-A.17", "AH-5.25"]
    if kind == "tailwind":
        tw = frame.record(actions.Tailwind)
        if tw.figure in (CUTTER, GUNBOAT):
            return ["AH-6.2.5", "AH-5.8"]
        if tw.value == 0:
            return ["AH-B.2", "AH-5.8"]
        return ["AH-6.1.3", "AH-5.8"] if tw.rider == "patrol" else ["AH-5.8"]
    if kind == "hit" and frame.record(damage.Hit).ship >= 0:
        return ["AH-6.2.5", "AH-5.28", "AH-5.29"]
    if kind == "target" and frame.record(damage.Target).why == "monkey":
        return ["AH-A.14"]
    if kind == "goto" and frame.record(cards.Goto).why == "breeze":
        return ["AH-A.25"]
    if kind == "region" and frame.record(plans.Region).why == "drive":
        return ["AH-B.4"]
    if kind == "island":
        plan = frame.record(plans.Island).plan
        return ["AH-B.8" if plan == "cutter" else "AH-B.9", "AH-6.2.5"]
    if kind == "pick_defender" and s.has_crew(seat, "envoy"):
        return ["AH-5.21", "AH-5.20", "AH-A.27"]
    return list(RULES.get(kind, ()))


# ------------------------------------------------------------------ what an action does
def _n(count: int, word: str) -> str:
    plural = {"ally": "allies", "die": "dice", "more die": "more dice"}.get(word, word + "s")
    return f"{count} {word if count == 1 else plural}"


def _island_here(s: AhoyState, seat: int) -> int:
    return s.on_island(seat)


def _spot_effect(s: AhoyState, seat: int, spot: int, value: int) -> str:
    """What a die on ``spot`` (showing ``value``) does, as a clause."""
    faction = s.faction[seat]
    if spot >= SHIP_SPOT0:
        k = spot - SHIP_SPOT0
        ship = "cutter" if k < 2 else "gunboat"
        if k % 2 == 0:
            return f"moves the {ship} 1 to {3 if ship == 'cutter' else 2} spaces, ignoring wrecks"
        n = len(movement.tailwind_spaces(s, value))
        return f"lets the {ship} jump to one of the {n} spaces marked {value}"
    if spot >= CREW_SPOT0:
        key = s.crew_keys[spot - CREW_SPOT0]
        return {
            "shipwright": f"repairs all {len(damage.repairable(s, seat))} of your damage",
            "sailor": "moves your flagship 1 to 3 spaces (not a Sail: no rider)",
            "fisher": "moves your flagship 1 or 2 spaces, taking the treasure of spaces passed",
            "officer": "moves up to 2 patrols 1 or 2 spaces each, without battles",
            "persuasive_ally": "moves up to 2 allies from one island to another",
        }.get(key, "uses the card's action")
    action = s.board_spots(seat)[spot].action
    here = _island_here(s, seat)
    region = s.flag_region(seat)
    if action == "sail":
        rider = {
            "fleet": "; you may then place a patrol where it anchors",
            "union": "; anchoring on an island you may place 2 allies or gain 2 Ready allies",
        }.get(faction, "")
        return "moves your flagship 1 or 2 spaces" + rider
    if action == "tailwind":
        n = len([p for p in movement.tailwind_spaces(s, value) if p != s.fig[seat]])
        extra = "; you may then place a patrol there" if faction == "fleet" else ""
        return f"lets your flagship jump to one of {n} spaces marked {value}{extra}"
    if action == "cannons":
        return "loads the cannons of all your figures until the round ends"
    if action == "repair":
        n = min(2, len(damage.repairable(s, seat)))
        return f"repairs {n} of your damage" if n else "repairs nothing: you have no damage"
    if action == "bombard":
        n = s.allies[region] if region >= 0 else 0
        return f"sends the {_n(n, 'ally')} on the island of your region back to the Union supply"
    if action == "order":
        n = sum(1 for f in range(PATROL0, FORT0) if s.fig[f] >= 0)
        return f"moves up to 4 of your {n} patrols on the map 1 space each"
    if action == "deploy":
        n = len(s.patrols_in_supply())
        return f"places 1 of your {n} supply patrols on or next to your flagship"
    if action == "whisper":
        return f"places 1 Ready ally on each of up to 4 islands (you have {s.ready} Ready)"
    if action == "uprising":
        return f"places up to {min(4, s.ready)} Ready allies on the island of your region"
    if action == "persuasion":
        if here < 0:
            return "does nothing: your flagship is not on an island"
        return f"gains {min(4, s.ally_supply())} Ready allies from your supply"
    if action == "fast_sail":
        return f"moves your flagship up to {max(1, value)} spaces"
    if action == "negotiation":
        if cards.fort_free_island(s, seat) < 0:
            return "does nothing: your flagship is not on an island free of forts"
        return "recruits any market card free; a second costs 1 Union ally of this island"
    return "takes the action"


def _place(s: AhoyState, seat: int, action: Action) -> str:
    v, spot, to = action.num("die"), action.num("spot"), action.num("value")
    cost = actions.gold_cost(v, to, actions.steps_per_gold(s, seat))
    pay = f"Pays {cost} gold to turn your {v} into {to}, then " if cost else "It "
    effect = _spot_effect(s, seat, spot, to)
    return f"{pay}{effect}. Die {s.placed_turn + 1} of {s.quota} this turn."


def _first_sentence(text: str, most: int = 150) -> str:
    first = text.split(". ")[0].rstrip(".")
    if len(first) > most:
        return first[:most].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return first + "."


def _recruit(s: AhoyState, seat: int, card: int) -> str:
    m = s.card(card)
    crew = s.crew_of(card)
    kind = {
        "passive": "a lasting ability",
        "die": "an action taken with a die",
        "free": "an action without a die",
    }[crew.kind]
    what = _first_sentence(crew.text)
    if m.cost:
        return (
            f"Pays {m.cost} of your {s.gold[seat]} gold for {crew.name}, {kind}: {what} "
            "The market refills from the deck."
        )
    return (
        f"Recruits {crew.name}, {kind}, for one of your dice placed on the card "
        f"(die {s.placed_turn + 1} of {s.quota}): {what}"
    )


def _turn(s: AhoyState, seat: int, action: Action) -> str:
    kind = action.kind
    if kind == "end":
        missing = s.quota - s.placed_turn
        text = f"Ends your turn with {s.placed_turn} of {s.quota} dice placed"
        if missing > 0:
            text += f"; {_n(missing, 'die')} that fit nowhere go aside for the round"
        if seat == s.fleet and turn.fort_islands(s):
            text += "; first you may swap 2 patrols on an island for a fort"
        return text + "; the next player with dice left plays."
    if kind == "place":
        return _place(s, seat, action)
    if kind == "recruit":
        return _recruit(s, seat, action.num("card"))
    if kind == "smuggle":
        card = action.num("card")
        m = s.card(card)
        load = len(s.cargo[seat]) + 1
        over = "; one card must then go overboard" if load > CARGO_LIMIT else ""
        return (
            f"Takes the card free as cargo: {m.cargo}, delivered on a {m.cargo_symbol} island "
            f"for {DELIVERY_FAME} fame. You would carry {min(load, CARGO_LIMIT + 1)}{over}."
        )
    if kind == "deliver":
        region = s.on_island(seat)
        w = s.wealth[region]
        rise = (
            f"raises this region's wealth from {w} to {w + 1}"
            if w < WEALTH_MAX
            else ("leaves the wealth at 6")
        )
        return (
            f"Gains {DELIVERY_FAME} fame, {rise} and moves your white reward token; the card then "
            "goes face down under your Fleet or Union favor token."
        )
    if kind == "plan":
        return _plan(s, s.plan_cards[action.num("card")])
    return {
        "mystic": "Once this turn: you take 1 damage on your board, then deal 1 damage to a "
        "figure in your flagship's region.",
        "noble": "Discards the Naive Noble to steal a crew or cargo card from a flagship in your "
        "region.",
        "breeze": f"Pays 2 of your {s.gold[seat]} gold to move your flagship to any tailwind "
        "space, once this turn.",
        "wind": f"Pays 1 of your {s.gold[seat]} gold to move your flagship to the other island "
        "of the same symbol.",
        "gust": "Discards Mysterious Gust to move your flagship to any space of the map.",
    }.get(kind, f"Takes this action: {action.label.lower()}.")


def _plan(s: AhoyState, key: str) -> str:
    return {
        "evacuation": "Discards the plan: every ally of one island moves to other islands of "
        "your choice.",
        "swift_approach": "Discards the plan: your Cannons die rises by 2 (at most 6), then you "
        "may move your flagship to any tailwind space.",
        "stealth_attack": "Discards the plan: up to 2 patrols leave a region whose island holds "
        "one of your allies.",
        "recruitment_drive": "Discards the plan: on an island with your ally, recruit any number "
        "of crew of its symbol for free.",
        "cutter": "Keeps the card: 2 allies leave an island and the cutter is placed there, "
        "with its own Sail (1-3) and Tailwind spots.",
        "gunboat": "Keeps the card: 2 allies leave an island and the gunboat is placed there, "
        "always loaded and +3 in its battles.",
        "weapons_cache": f"Adds your {s.ready} Ready allies to your roll in this battle.",
        "secret_weapon": "You roll 2 battle dice in this battle; if you win, you deal 1 more "
        "damage.",
        "near_miss": "This battle is not fought; a mover with steps left may go on.",
    }.get(key, "Plays the plan.")


def _reward(s: AhoyState, seat: int, what: str) -> str:
    f = s.fight
    loser = f.loser_fig if f is not None else -1
    who = s.figure_name(loser) if loser >= 0 else "loser"
    if PATROL0 <= loser < CUTTER and what != "none":
        hurt = f"removes the beaten {who}"
    else:
        hurt = f"damages the beaten {who}"
    region = s.region_at(f.pos) if f is not None else -1
    return {
        "none": "Takes no reward for this victory.",
        "hit_steal": f"It {hurt} and takes 1 of its owner's "
        f"{s.gold[s.owner(loser)] if loser >= 0 else 0} gold.",
        "hit2": f"It {hurt}; 2 damage on a flagship or ship card.",
        "hit_ally": f"It {hurt} and sends 1 of the {s.allies[region] if region >= 0 else 0} "
        "allies on this region's island back to the supply.",
        "place_ally": f"It {hurt} and places 1 of your {s.ready} Ready allies on this region's "
        "island.",
        "hit_move": f"It {hurt}, then your flagship moves 1 or 2 spaces, with no more battles.",
        "hit_reward": f"It {hurt}, then you move your white reward token for a reward.",
    }.get(what, "Takes the reward.")


def explain(s: AhoyState, frame: Frame, action: Action) -> str:
    """What ``action`` at ``frame`` will do, in one or two sentences."""
    kind, seat = frame.kind, frame.seat
    a = action.kind
    if kind == "turn":
        return _turn(s, seat, action)
    if kind == "start":
        at = action.num("at")
        if s.faction[seat] == "fleet":
            return "Your flagship and 1 patrol start on this island (3 control in its region)."
        if s.faction[seat] == "union":
            return "Your flagship and 2 allies start on this island (3 control in its region)."
        terrain = s.cells[at].terrain if at in s.cells else "open"
        return f"Your flagship starts on this {terrain} space, in region {s.region_at(at)}."
    if kind == "pay_die":
        return (
            f"The {action.num('die')} stays on the card until the round ends and counts as "
            "one of your 2 dice; it does not fire the card's action."
        )
    if kind == "step":
        if a == "stop":
            return "Ends the move: the figure anchors here (a harbor or treasure acts now)."
        mv = s.moves[frame.record(movement.Step).move]
        if a == "witch":
            return "The Sea Witch carries your flagship across to the far edge; the move ends."
        if "explore" in action.label:
            return "Draws the top region tile and lays it where you choose; the move then ends."
        left = mv.steps - 1
        return f"One step; {_n(left, 'step')} left after it. Battles and terrain act on arrival."
    if kind in ("explore", "tile"):
        return "Lays the tile here with a wealth die at 1; its island lies where the label says."
    if kind == "tailwind":
        if a == "stay":
            return "Stays put: the die is spent and nothing moves."
        cell = s.cells[action.num("at")]
        return f"Jumps over everything to a {cell.terrain} space; battles and terrain act there."
    if kind == "harbor":
        if a == "harbor_repair":
            n = len(damage.repairable(s, seat))
            if not n:
                return "Repairs nothing: you have no damage."
            return f"Removes {min(2, n)} of your {n} damage tokens."
        return (
            "Moves that die onto Cannons: your figures are loaded for the round, and the old "
            "spot is free again."
        )
    if kind == "rider_patrol":
        n = len(s.patrols_in_supply())
        if a == "yes":
            return f"Places 1 of your {n} supply patrols here (+1 control), with no battle."
        return "Places no patrol; it stays in your supply."
    if kind == "rider_allies":
        how = action.text("how")
        if how == "place":
            return f"Moves {min(2, s.ready)} of your {s.ready} Ready allies onto this island."
        if how == "gain":
            return f"Moves {min(2, s.ally_supply())} allies from your supply to the Ready area."
        return "Takes neither: your allies stay where they are."
    if kind == "current":
        if action.num("dir") == 4:
            return "Your crew lets you ignore the current: you stay on this space."
        return "The current pushes you 1 space that way, without using a step."
    if kind == "hit":
        victim = frame.record(damage.Hit).victim
        return (
            f"Puts a damage token here: that spot of {s.name(victim)} takes no die until repaired."
        )
    if kind == "repair":
        if a == "done":
            return "Stops repairing; remaining damage stays."
        return "Takes the damage token off this spot; it can take a die again."
    if kind in ("order", "officer"):
        if a == "done":
            return "Ends the action; the other patrols stay put."
        if kind == "order":
            return "This patrol moves 1 space; it may battle or explore on arrival."
        return "Moves this patrol 1 or 2 spaces, step by step, without battles."
    if kind == "deploy":
        return "Places the patrol here (+1 control), ignoring battles and terrain."
    if kind == "whisper":
        if a == "done":
            return f"Stops; your {s.ready} Ready allies stay ready."
        return f"Places 1 of your {s.ready} Ready allies on this island (+1 control there)."
    if kind == "count":
        return f"Places {action.num('n')} of your {s.ready} Ready allies on the island."
    if kind == "fort":
        if a == "done":
            return "Builds no more forts; your turn ends."
        return (
            "Two patrols there go back to supply and a fort takes their place (+2 control, "
            "always loaded, +2 in battle)."
        )
    if kind == "pick_defender":
        if a == "envoy":
            return "Pays 1 gold to that figure's owner and skips this battle."
        return "Fights this figure now; the rest wait their turn."
    if kind == "battle_plan":
        if a == "done":
            return "Keeps your plans; the battle goes on to the cannons."
        return _plan(s, s.plan_cards[action.num("card")])
    if kind == "cannons":
        if a == "keep":
            return "Adds nothing to your roll; the Cannons die keeps its value."
        return (
            f"Adds {action.num('die') - action.num('to')} to your roll; the die stays at "
            f"{action.num('to')} for later battles."
        )
    if kind == "rum":
        if a == "keep":
            return "Keeps the roll and takes no damage."
        return "You suffer 1 damage and roll your battle die again."
    if kind == "reward":
        return _reward(s, seat, action.text("what"))
    if kind == "ram":
        return (
            "Pushes the damaged figure 1 space, with no battle."
            if a == "ram"
            else ("Leaves the damaged figure where it is.")
        )
    if kind == "buccaneer":
        if a == "skip":
            return "Keeps the Buccaneer for a later victory."
        return "Discards the Buccaneer; those crew leave the game."
    if kind == "gunner_target":
        if a == "skip":
            return "Starts no battle."
        return "Battles the figures on that space as if you had just moved there."
    if kind == "grid":
        if action.num("take"):
            return (
                "Moves the white token there and takes its reward; the black token fills "
                "the space it left."
            )
        return "Moves the white token there without taking the reward."
    if kind == "favor":
        faction = "Fleet" if action.num("token") == 0 else "Union"
        return f"At the end the card scores 1 fame per region of its symbol the {faction} controls."
    if kind == "overboard":
        return "That card leaves the game; you keep the other 2."
    if kind in ("recruit_free", "negotiate", "drive"):
        if a in ("done",):
            return "Recruits nothing more."
        card = action.num("card")
        extra = " and costs 1 ally of this island" if "ally" in action.label else ""
        return f"Takes {s.crew_of(card).name} into your crew for free{extra}; the market refills."
    if kind == "target":
        if a == "skip":
            return "Damages nobody."
        return "Deals 1 damage to it: a patrol or fort is removed, a flagship takes a token."
    if kind == "noble":
        return (
            "Moves that card to you; it leaves its owner."
            if a == "steal"
            else ("The Naive Noble was discarded for nothing.")
        )
    if kind == "goto":
        return "Moves your flagship there, ignoring everything between; battles and terrain act."
    if kind == "ally_move":
        if a == "done":
            return "Moves no allies; the die is spent."
        return f"Shifts {_n(action.num('n'), 'ally')} between the islands; control moves with them."
    if kind in ("evac_from", "evac_to", "region", "island", "stealth"):
        if a == "done":
            return "Stops here."
        if kind == "stealth":
            return "That patrol goes back to the Fleet supply (-1 Fleet control)."
        if kind == "island":
            return "2 allies of this island return to supply and the ship is placed here."
        r = action.num("region")
        if kind == "evac_from":
            many = _n(s.allies[r], "ally")
            return f"All {many} leave it; you then place them one by one on other islands."
        if kind == "evac_to":
            left = frame.record(plans.EvacTo).left - 1
            return f"One evacuated ally lands here (+1 control); {left} more to place after it."
        if frame.record(plans.Region).why == "stealth":
            n = len(plans._patrols_in(s, r))
            return f"You then remove up to 2 of the {_n(n, 'patrol')} in that region."
        return f"You then recruit any {s.island_symbol(r)} cards of the market for free."
    if kind == "raise":
        return "Raises that region's wealth die by 1, so its controller scores 1 more each round."
    if kind == "clear_market":
        if a == "yes":
            return "The 3 market cards leave the game and 3 new ones are dealt."
        return "The market stays as it is."
    return f"Chooses: {action.label.lower()}."


# ------------------------------------------------------------------ closed options of a turn
def _need_text(need: str) -> str:
    return {"any": "any value", "even": "an even value", "5-6": "5 or 6"}.get(
        need, f"exactly {need}"
    )


def _reachable(s: AhoyState, seat: int, accepts: frozenset[int]) -> bool:
    per_gold = actions.steps_per_gold(s, seat)
    gold = s.gold[seat]
    return any(actions.gold_cost(v, to, per_gold) <= gold for v in s.hand[seat] for to in accepts)


def _spots_closed(s: AhoyState, seat: int) -> list[Closed]:
    out: list[Closed] = []
    used = [sp for sp, _ in s.dice[seat]]
    hurt = s.damage[seat]
    dice = ", ".join(str(v) for v in s.hand[seat])
    for i, spot in enumerate(s.board_spots(seat)):
        name = s.spot_name(seat, i)
        option = f"{name} (die action)"
        if i in hurt:
            out.append(Closed(option, f"your {name} spot is damaged", "AH-5.32"))
        elif used.count(i) >= spot.capacity:
            held = "2 dice" if spot.capacity > 1 else "a die"
            out.append(Closed(option, f"the spot already holds {held} this round", "AH-5.1"))
        elif not _reachable(s, seat, actions.NEED[spot.need]):
            out.append(
                Closed(
                    option,
                    f"it needs {_need_text(spot.need)} and your dice {dice} cannot get there "
                    f"with your {s.gold[seat]} gold",
                    "AH-5.2",
                )
            )
    return out


def _recruit_closed(s: AhoyState, seat: int) -> Closed | None:
    option = "Recruit crew"
    here = s.on_island(seat)
    islands = cards.recruit_islands(s, seat)
    if not islands:
        if here >= 0:
            return Closed(option, "a Fleet fort holds this island", "AH-5.37")
        return Closed(option, "your flagship is not on an island", "AH-5.33")
    symbols = {s.island_symbol(r) for r in islands}
    matching = [c for c in s.market if s.card(c).symbol in symbols]
    if not matching:
        return Closed(
            option, f"no market card shows the {' or '.join(sorted(symbols))} symbol", "AH-5.33"
        )
    can_die = bool(s.hand[seat]) and s.placed_turn < s.quota
    if not any(
        (s.card(c).cost == 0 and can_die) or 0 < s.card(c).cost <= s.gold[seat] for c in matching
    ):
        cheapest = min(s.card(c).cost or 9 for c in matching)
        if cheapest == 9:
            why = "the matching cards cost a die and your 2 dice are placed"
        else:
            why = f"the cheapest matching card costs {cheapest} gold and you have {s.gold[seat]}"
        return Closed(option, why, "AH-5.34")
    return None


def _smuggler_closed(s: AhoyState, seat: int) -> list[Closed]:
    out: list[Closed] = []
    here = s.on_island(seat)
    if here < 0:
        out.append(Closed("Smuggle cargo", "your flagship is not on an island", "AH-6.3.3"))
        if s.cargo[seat]:
            out.append(Closed("Deliver cargo", "your flagship is not on an island", "AH-6.3.5"))
    elif s.has_fort(here):
        out.append(Closed("Smuggle cargo", "a Fleet fort holds this island", "AH-6.1.5"))
        if s.cargo[seat]:
            out.append(Closed("Deliver cargo", "a Fleet fort holds this island", "AH-6.1.5"))
    else:
        symbol = s.island_symbol(here)
        if not any(s.card(c).symbol == symbol for c in s.market):
            out.append(
                Closed("Smuggle cargo", f"no market card shows the {symbol} symbol", "AH-6.3.3")
            )
        wanted = sorted({s.card(c).cargo_symbol for c in s.cargo[seat]})
        if s.cargo[seat] and symbol not in wanted:
            out.append(
                Closed(
                    "Deliver cargo",
                    f"your cargo goes to {' and '.join(wanted)} islands, not this {symbol} one",
                    "AH-6.3.5",
                )
            )
    if not s.cargo[seat]:
        out.append(Closed("Deliver cargo", "you carry no cargo", "AH-6.3.5"))
    return out


def _plans_closed(s: AhoyState) -> list[Closed]:
    """Only what the table may know too: how many plans the Union holds. Which plans it holds
    is its secret, and its own view (bar the plans themselves) must not tell them either
    (``tests/games/ahoy/test_play.py``), so no single plan is named here."""
    if not s.plan_hand:
        return [Closed("Play a plan", "you hold no plans", "AH-6.2.4")]
    return []


def closed_options(s: AhoyState, frame: Frame) -> list[Closed]:
    """The options of a turn (every die spot of the board, recruiting, the Smugglers' cargo, the
    Union's plans, ending the turn) that the rules close right now, with why."""
    if frame.kind != "turn":
        return []
    seat = frame.seat
    out: list[Closed] = []
    if s.placed_turn >= s.quota:
        out.append(
            Closed(
                "Place a die",
                f"you have placed {s.placed_turn} of {s.quota} dice this turn",
                "AH-4.3",
            )
        )
    else:
        out += _spots_closed(s, seat)
        if actions.placements(s, seat):
            left = s.quota - s.placed_turn
            out.append(
                Closed(
                    "End the turn",
                    f"{_n(left, 'more die')} must be placed and one still fits a spot",
                    "AH-4.7",
                )
            )
    rec = _recruit_closed(s, seat)
    if rec is not None:
        out.append(rec)
    if s.faction[seat] == "smuggler":
        out += _smuggler_closed(s, seat)
    if seat == s.union:
        out += _plans_closed(s)
    return out
