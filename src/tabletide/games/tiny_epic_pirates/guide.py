"""The rules side of learning Tiny Epic Pirates (issue 22): which rules govern each decision,
what each legal action will do, and which helm moves are closed in step 1 and why.

Everything here reads the state and the rules' own helpers; nothing applies an action, draws
or rolls. Nothing in this game is secret to one seat (the face-down search tokens and the deck
orders are hidden from everyone), so no text ever names a face-down token or a deck card.
The rule IDs are stated in ``docs/rules/tiny_epic_pirates.md``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletide.engine import Action, Closed, Frame
from tabletide.games.tiny_epic_pirates import (
    bonus,
    combat,
    economy,
    helm,
    orders,
    sailing,
    sea,
    solo,
)
from tabletide.games.tiny_epic_pirates.constants import (
    ASSIGNMENTS,
    EXTORTION,
    HELM_SPACES,
    HIDE,
    MAX_CARGO,
    MAX_CREW,
    MAX_GOLD,
    MERCHANT_COLOURS,
    TREASURES,
)
from tabletide.games.tiny_epic_pirates.content import LOOT, ORDERS, BonusAction, CardFace, MapCard

if TYPE_CHECKING:
    from tabletide.games.tiny_epic_pirates.state import PiratesState

RULES: dict[str, list[str]] = {
    "ports": ["PC-3.6"],
    "navy": ["PC-3.9"],
    "start": ["PC-3.9", "PC-5.17.2"],
    "side": ["PC-3.9", "PC-2.4", "PC-5.12.2"],
    "helm": ["PC-5.2.2", "PC-5.2.3", "PC-5.2.4", "PC-5.2.7", "PC-5.21.1"],
    "pay": ["PC-5.2.3", "PC-5.4.5"],
    "free": ["PC-5.3.1", "PC-5.3.3"],
    "sail": ["PC-5.5.2", "PC-5.5.3", "PC-5.6.1", "PC-5.6.5"],
    "storm": ["PC-5.6.6", "PC-5.13.3"],
    "list": ["PC-5.7.2", "PC-5.7.1"],
    "order": ["PC-5.8.1"],
    "cargo": ["PC-5.1.5"],
    "sell": ["PC-5.10.2", "PC-5.10.3"],
    "recruit": ["PC-5.11.3", "PC-5.11.2", "PC-5.12.1"],
    "release": ["PC-5.11.4"],
    "target": ["PC-5.14.1"],
    "reroll": ["PC-5.20.6"],
    "volley": ["PC-5.14.3"],
    "port": ["PC-5.15.3"],
    "reassign": ["PC-5.17.4"],
    "new_hand": ["PC-5.25.3"],
    "bonus": ["PC-5.18.2", "PC-5.19.1", "PC-5.19.2"],
    "bury": ["PC-5.20.1"],
    "exchange": ["PC-5.20.3"],
    "pick_merchant": ["PC-5.20.4"],
    "drive": ["PC-5.20.4"],
    "steer": ["PC-5.21.3"],
    "pick": ["PC-6.2.3"],
}
"""The rules of each decision kind, most specific first; refined by :func:`decision_rules`."""

_ORDER_RULE = {
    "plunder": "PC-5.9.1",
    "trade": "PC-5.10.1",
    "recruit": "PC-5.11.1",
    "search": "PC-5.13.1",
    "attack": "PC-5.14.1",
    "hide": "PC-5.17.2",
}
_EFFECT = (
    "+1 sail move",
    "+1 damage in battles",
    "+1 gold whenever you cross the ship line",
    "no effect until Reorganize or Hide moves it",
)
"""What a deckhand does on each assignment (PC-5.4.2-5.4.5)."""


# ---------------------------------------------------------------------------- decision rules
def decision_rules(s: PiratesState, frame: Frame) -> list[str]:
    """The rule IDs that govern ``frame``, most specific first."""
    kind = frame.kind
    rules = list(RULES.get(kind, []))
    solo_game = s.lp >= 0
    if kind == "order":
        rules.insert(0, _ORDER_RULE[ORDERS[s.order]])
    elif kind in ("navy", "start") and solo_game:
        rules.insert(0, "PC-6.2.3")
    elif kind == "list":
        why = frame.record(helm.Listing).why
        rules.insert(0, "PC-5.6.1" if why == "storm" else "PC-5.15.5")
    elif kind == "reassign" and frame.record(helm.Reassign).mode == "reorganize":
        rules = ["PC-5.20.7"]
    elif kind == "steer":
        steer = frame.record(sailing.Steer)
        first = "PC-5.22.3" if steer.vessel == "merchant" else "PC-5.23.4"
        rules = [first, "PC-6.7.6" if solo_game else "PC-5.21.3"]
    elif kind == "pick":
        purpose = frame.record(solo.Pick).purpose
        rules = {"start": ["PC-6.2.3"], "cove": ["PC-6.10.1"], "bury": ["PC-6.8.2"]}[purpose]
    elif kind == "target":
        ship = frame.record(combat.Target).ship
        if any(d != combat.MERCHANT for d, _ in combat.targets(s, ship)):
            rules.append("PC-5.16.1")
        rules.append("PC-5.15.2")
    return rules


# ---------------------------------------------------------------------------- words
def _card(s: PiratesState, pos: int) -> str:
    return f"{s.card(pos).name} {sea.name(pos)}"


def _features(card: MapCard) -> str:
    bits = []
    if card.colony:
        bits.append(f"a {card.colony}-loot colony")
    if card.market:
        bits.append(f"a {card.market} market")
    if card.cove:
        bits.append("a cove")
    if card.storm:
        bits.append("a storm")
    if card.burial:
        bits.append("burial spots at " + "/".join(str(c) for c in card.burial) + " gold")
    return ", ".join(bits) or "open sea"


def _face(face: CardFace) -> str:
    dice = " ".join(str(d) for d in face.dice) or "none"
    text = f"die faces {dice}"
    if face.hits:
        text += f", {face.hits} automatic hit{'s' if face.hits > 1 else ''}"
    if face.bonus is not None:
        acts = ", then ".join(bonus.describe(a) for a in face.bonus.actions)
        text += f", on {face.bonus.trigger}: {acts}"
    return text


def _gold(s: PiratesState, ship: int, amount: int) -> str:
    before = s.gold[ship]
    after = min(MAX_GOLD, before + amount)
    lost = before + amount - after
    return f"gold {before} → {after}" + (f" ({lost} lost over {MAX_GOLD})" if lost else "")


def _crossing(s: PiratesState, ship: int) -> str:
    pay = s.assign[ship][EXTORTION]
    moves = s.content.sheets.navy_moves[min(s.buried[ship], 3)]
    return (
        f"you crossed the ship line: Extortion pays {pay} gold, the merchants sail and the Navy "
        f"sails up to {moves} toward you"
    )


# ---------------------------------------------------------------------------- explain
def explain(s: PiratesState, frame: Frame, action: Action) -> str | None:
    """What ``action`` at ``frame`` will do, in one or two sentences."""
    handler = _EXPLAIN.get(frame.kind)
    return handler(s, frame, action) if handler else None


def _ports(s: PiratesState, frame: Frame, action: Action) -> str:
    a, b = sea.DIAGONALS[action.num("diagonal")]
    return (
        f"Ports on {_card(s, a)} and {_card(s, b)}; a merchant with a random cube starts on "
        "each, bound for the other, and the Navy then takes one of the two free corners."
    )


def _navy(s: PiratesState, frame: Frame, action: Action) -> str:
    p = action.num("at")
    text = f"The Royal Navy starts on {_card(s, p)}; at every crossing it hunts the active pirate."
    if s.lp >= 0:
        text += " The Legendary Pirate then takes the free cove farthest from it."
    return text


def _start(s: PiratesState, frame: Frame, action: Action) -> str:
    p = action.num("at")
    card = s.card(p)
    return f"Your ship starts hidden in the cove of {card.name}, which has {_features(card)}."


def _side(s: PiratesState, frame: Frame, action: Action) -> str:
    card = s.content.captains[s.captain_card[frame.seat]]
    face = card.sides[action.num("side")]
    return f"Fight and act with {_face(face)}; a mutiny may flip to the other side once per game."


def _helm(s: PiratesState, frame: Frame, action: Action) -> str:
    ship = frame.seat
    steps = action.num("steps")
    start = s.captain[ship]
    dest, between = helm.route(start, steps)
    order = ORDERS[s.helm[ship][dest]]
    cost = helm.skip_cost(s, ship, steps)
    freed = sum(1 for sp in [*between, dest] if s.on_helm[ship][sp])
    first = f"The captain lands on the {order} order"
    if order != "hide":
        first += f" (space {dest})"
    clauses = []
    if cost:
        clauses.append(f"leaving {cost} deckhand{'s' if cost > 1 else ''} on skipped spaces")
    if freed:
        clauses.append(f"sending {freed} helm deckhand{'s' if freed > 1 else ''} back to work")
    if clauses:
        first += ", " + " and ".join(clauses)
    active = [card for card, _row in _rows_for(s, ship, order)]
    extra = ""
    if start + steps >= HELM_SPACES and start != HIDE:
        extra = f" In step 5 {_crossing(s, ship)}."
    elif active:
        who = "your captain's" if 0 in active else "a crew"
        extra = f" It switches on {who} bonus row for {order}."
    return first + "." + extra


def _rows_for(s: PiratesState, ship: int, order: str) -> list[tuple[int, object]]:
    out: list[tuple[int, object]] = []
    side = s.content.captains[s.captain_card[ship]].sides[s.side[ship]]
    if side.bonus is not None and side.bonus.trigger == order:
        out.append((0, side.bonus))
    for i, c in enumerate(s.crew[ship]):
        row = s.content.crew[c].face.bonus
        if row is not None and row.trigger == order:
            out.append((1 + i, row))
    return out


def _pay(s: PiratesState, frame: Frame, action: Action) -> str:
    a = action.num("source")
    space = frame.record(helm.Pay).space
    loss = {0: "one sail move less", 1: "one damage less", 2: "one gold less at crossings"}
    text = f"A deckhand leaves {ASSIGNMENTS[a]} for helm space {space}"
    text += f" ({loss[a]})." if a in loss else ", putting an idle Repairs hand to use."
    return text + " It returns to work when a later move passes or lands on it."


def _free(s: PiratesState, frame: Frame, action: Action) -> str:
    a = action.num("to")
    return (
        f"The deckhand joins {ASSIGNMENTS[a]}: {_EFFECT[a]}, already this turn; it cannot pay "
        "for another skip in this move."
    )


def _sail(s: PiratesState, frame: Frame, action: Action) -> str:
    ship = frame.seat
    total = sailing.sail_total(s, ship)
    here = s.at[ship]
    if action.kind == "done":
        return f"End the voyage on {_card(s, here)}, using {s.moves} of {total} sail moves."
    if action.kind == "use_sail_token":
        return f"Discard your +2 sail token: this voyage's sail total goes {total} → {total + 2}."
    p = sea.step(here, action.num("direction"))
    card = s.card(p)
    left = total - s.moves - 1
    moves = f"{left} sail move{'s' if left != 1 else ''}"
    text = f"Enter {card.name}, with {_features(card)}; {moves} left."
    if card.storm:
        if sailing.STORM in s.kept[ship]:
            text += " A storm: you may spend your storm token or list a deckhand."
        elif helm.all_on_repairs(s, ship):
            text += " A storm, but every deckhand is on Repairs already."
        else:
            text += " A storm: a deckhand goes to Repairs."
    elif s.hidden[ship] and s.moves == 0:
        text += " Your ship leaves its cove and is no longer hidden."
    return text


def _storm(s: PiratesState, frame: Frame, action: Action) -> str:
    if action.kind == "use_storm_token":
        return "The storm token is discarded and no deckhand has to go to Repairs."
    return "You keep the token for a later storm and move a deckhand to Repairs now."


def _list(s: PiratesState, frame: Frame, action: Action) -> str:
    source = action.num("source")
    if source >= helm.HELM_SRC:
        return (
            f"The deckhand on helm space {source - helm.HELM_SRC} goes to Repairs; that space "
            "will cost a deckhand to skip again."
        )
    return f"One deckhand leaves {ASSIGNMENTS[source]} for Repairs: {_EFFECT[source]} lost."


def _order(s: PiratesState, frame: Frame, action: Action) -> str:
    ship = frame.seat
    order = ORDERS[s.order]
    if action.kind == "skip":
        return f"Do nothing in step 3; bonus rows for {order} still work in step 4."
    card = s.card(s.at[ship])
    if order == "plunder":
        room = MAX_CARGO - len(s.cargo[ship])
        return (
            f"Draw {card.colony} cube{'s' if card.colony > 1 else ''} blind from the bag "
            f"({room} free place{'s' if room != 1 else ''} in your hold)."
        )
    if order == "trade":
        loot = LOOT.index(card.market or "")
        held, price = s.cargo[ship].count(loot), economy.price(s, loot)
        name = LOOT[loot]
        return f"Sell up to {held} {name} at {price} gold each; {name} then drops to 2 gold."
    if order == "recruit":
        return (
            f"Take a crew card from the row ({len(s.crew[ship])} of {MAX_CREW} held), perhaps "
            "after paying 1 gold to refresh it, or call your mutiny."
        )
    if order == "search":
        return "Turn over the face-down search token on this card and take its reward."
    if order == "attack":
        n = combat.dice_count(s, ship)
        names = [_target_name(s, d, m) for d, m in combat.targets(s, ship)]
        return f"Fight {' or '.join(names)}: you roll {n} dice and must deal more damage to win."
    return (
        "Hide in this cove: no pirate or Navy can attack you here; then move any deckhands to "
        "Rigging, Cannons or Extortion."
    )


def _target_name(s: PiratesState, d: int, m: int) -> str:
    if d == combat.MERCHANT:
        card = s.content.merchants[s.merchant_slot[m]]
        return f"the {MERCHANT_COLOURS[m]} merchant (damage {card.damage})"
    return s.ship_name(d)


def _cargo(s: PiratesState, frame: Frame, action: Action) -> str:
    cargo = frame.record(economy.Cargo)
    new = LOOT[cargo.cube]
    if action.kind == "drop_new":
        held = ", ".join(LOOT[c] for c in s.cargo[cargo.ship])
        return f"The new {new} goes back in the bag and you keep {held}."
    return f"Your {action.text('loot')} goes back in the bag and the {new} takes its place."


def _sell(s: PiratesState, frame: Frame, action: Action) -> str:
    ship = frame.record(orders.Sell).ship
    loot = LOOT.index(s.card(s.at[ship]).market or "")
    n, price = action.num("count"), economy.price(s, loot)
    return (
        f"{n} × {price} = {n * price} gold ({_gold(s, ship, n * price)}); {LOOT[loot]} then "
        "sells at 2 and the kinds below it rise by 1."
    )


def _recruit(s: PiratesState, frame: Frame, action: Action) -> str:
    ship = frame.record(orders.Recruit).ship
    if action.kind == "done":
        return "Stop recruiting; the crew row stays as it is."
    if action.kind == "refresh":
        return (
            f"Pay 1 gold (gold {s.gold[ship]} → {s.gold[ship] - 1}): the 3 row cards go under "
            "the deck and 3 new ones are turned up; once per turn."
        )
    if action.kind == "mutiny":
        card = s.content.captains[s.captain_card[ship]]
        other = card.sides[1 - s.side[ship]]
        return f"Flip your captain for good to {_face(other)}; it counts already this turn."
    crew = s.content.crew[s.crew_row[action.num("slot")]]
    text = f"{crew.name} joins with {_face(crew.face)}; the row refills from the deck."
    if len(s.crew[ship]) >= MAX_CREW:
        text += " You then dismiss one of your crew."
    return text


def _release(s: PiratesState, frame: Frame, action: Action) -> str:
    release = frame.record(orders.Release)
    old = s.content.crew[s.crew[release.ship][action.num("index")]]
    new = s.content.crew[release.recruited]
    return f"{old.name} ({_face(old.face)}) goes under the crew deck to make room for {new.name}."


def _target(s: PiratesState, frame: Frame, action: Action) -> str:
    ship = frame.record(combat.Target).ship
    if action.kind == "attack_merchant":
        m = action.num("merchant")
        card = s.content.merchants[s.merchant_slot[m]]
        cube = s.merchant_cube[m]
        loot = f" and its {LOOT[cube]}" if cube >= 0 else ""
        return (
            f"Deal more than {card.damage} damage to sink it for {card.gold} gold{loot}; less "
            "and you list, a tie gives a volley token."
        )
    d = action.num("ship")
    return (
        f"You roll {combat.dice_count(s, ship)} dice, then {s.ship_name(d)} rolls "
        f"{combat.dice_count(s, d)}; the winner gains 1 infamy, the loser lists."
    )


def _reroll(s: PiratesState, frame: Frame, action: Action) -> str:
    fight = s.fight
    assert fight is not None
    now = combat.damage(s, fight.attacker, fight.dice)
    if action.kind == "done":
        return f"Keep the dice {fight.dice}: damage {now} before volley tokens."
    i = action.num("die")
    return f"Roll die {i + 1} again (it shows {fight.dice[i]}); your damage now is {now}."


def _volley(s: PiratesState, frame: Frame, action: Action) -> str:
    ship = frame.record(combat.Volley).ship
    fight = s.fight
    assert fight is not None
    dice = fight.dice if ship == fight.attacker else fight.defence
    now = combat.damage(s, ship, dice)
    if action.kind == "done":
        return f"Keep your {s.volley[ship]} volley token(s); your damage stays {now}."
    trial = dice[:]
    trial[action.num("die")] = action.num("face")
    return (
        f"Spend 1 of your {s.volley[ship]} volley tokens: damage {now} → "
        f"{combat.damage(s, ship, trial)}."
    )


def _port(s: PiratesState, frame: Frame, action: Action) -> str:
    m = frame.record(combat.Port).merchant
    p = s.ports[action.num("port")]
    other = s.ports[1 - action.num("port")]
    return (
        f"The {MERCHANT_COLOURS[m]} merchant restarts on {_card(s, p)} with a new cube, bound "
        f"for {sea.name(other)}."
    )


def _reassign(s: PiratesState, frame: Frame, action: Action) -> str:
    if action.kind == "done":
        return "Finish moving deckhands; the rest stay where they are."
    src, dst = action.num("source"), action.num("to")
    what = f"helm space {src - helm.HELM_SRC}" if src >= helm.HELM_SRC else ASSIGNMENTS[src]
    return f"The deckhand from {what} now gives {_EFFECT[dst]}; each deckhand moves once."


def _new_hand(s: PiratesState, frame: Frame, action: Action) -> str:
    a = action.num("to")
    return f"Your 4th deckhand comes into play on {ASSIGNMENTS[a]}: {_EFFECT[a]}."


def _bonus(s: PiratesState, frame: Frame, action: Action) -> str:
    ship = frame.seat
    if action.kind == "end_bonus":
        if s.crossed:
            return f"End step 4; {_crossing(s, ship)}."
        return "End step 4; the captain did not cross the ship line, so your turn ends."
    card, j = action.num("card"), action.num("index")
    row = dict(bonus.rows(s, ship))[card]
    act = row.actions[j]
    text = _bonus_action(s, ship, act)
    if card == bonus.CAPTAIN and j > s.captain_next:
        text += " Your captain's earlier action is then passed for this turn."
    return text


def _bonus_action(s: PiratesState, ship: int, act: BonusAction) -> str:
    kind = act.kind
    pos = s.at[ship]
    if kind == "bury":
        spots = bonus.bury_spots(s, ship)
        costs = sorted(s.card(pos).burial[i] for i in spots)
        text = f"Bury treasure {s.buried[ship] + 1} of {TREASURES} here for {costs[0]} gold"
        if len(costs) > 1:
            text += f" (or {costs[-1]})"
        text += f"; you have {s.gold[ship]} gold."
        if s.buried[ship] + 1 == TREASURES:
            text += " It would be your last treasure."
        return text
    if kind == "gold":
        return f"Gain {act.amount} gold now ({_gold(s, ship, act.amount)})."
    if kind == "special_trade":
        return (
            f"Hand in {' and '.join(act.loot)} for {act.amount} gold "
            f"({_gold(s, ship, act.amount)}); market prices do not move."
        )
    if kind == "exchange":
        return "Swap one cube aboard for a cube of any kind still in the bag."
    if kind in ("sail_navy", "sail_merchant"):
        what = "the Navy" if kind == "sail_navy" else "a merchant of your choice"
        return f"Move {what} up to {act.amount} card(s) any way; the Navy attacks no one this way."
    if kind == "reorganize":
        return "Move deckhands freely among Rigging, Cannons, Extortion and Repairs (not the helm)."
    if kind == "sail":
        return f"Sail again with a fresh sail total of {sailing.sail_total(s, ship)} moves."
    return (
        f"Carry out {kind} as if it were your order ({_features(s.card(pos))} here); it switches "
        "on no further bonus actions."
    )


def _bury(s: PiratesState, frame: Frame, action: Action) -> str:
    ship = frame.seat
    cost = s.card(s.at[ship]).burial[action.num("spot")]
    gold = s.gold[ship]
    text = f"Pay {cost} gold (gold {gold} → {gold - cost}) for treasure {s.buried[ship] + 1}."
    if s.buried[ship] + 1 == TREASURES:
        text += " Your third treasure triggers the end of the game."
    return text


def _exchange(s: PiratesState, frame: Frame, action: Action) -> str:
    give, take = action.text("give"), action.text("take")
    now, was = economy.price(s, LOOT.index(take)), economy.price(s, LOOT.index(give))
    return (
        f"The {give} goes into the bag and a {take} comes out; {take} sells at {now} gold now, "
        f"{give} at {was}."
    )


def _pick_merchant(s: PiratesState, frame: Frame, action: Action) -> str:
    m = action.num("merchant")
    moves = frame.record(sailing.PickMerchant).moves
    return (
        f"You then move the {MERCHANT_COLOURS[m]} merchant (on {sea.name(s.merchant_at[m])}, "
        f"bound for {sea.name(s.merchant_dest[m])}) up to {moves} card(s)."
    )


def _drive(s: PiratesState, frame: Frame, action: Action) -> str:
    drive = frame.record(sailing.Drive)
    what = "the Navy" if drive.vessel < 0 else f"the {MERCHANT_COLOURS[drive.vessel]} merchant"
    here = s.navy if drive.vessel < 0 else s.merchant_at[drive.vessel]
    vessel = what[0].upper() + what[1:]
    if action.kind == "done":
        return f"{vessel} stays on {sea.name(here)}; unused moves are lost."
    p = sea.step(here, action.num("direction"))
    text = f"{vessel} moves to {_card(s, p)}; {drive.remaining - 1} move(s) left."
    if drive.vessel >= 0 and p == s.merchant_dest[drive.vessel]:
        text += " It reaches its port, delivers its cube and turns round."
    return text


def _steer(s: PiratesState, frame: Frame, action: Action) -> str:
    steer = frame.record(sailing.Steer)
    if steer.vessel == "merchant":
        m = steer.merchant
        p = sea.step(s.merchant_at[m], action.num("direction"))
        left = sea.distance(p, s.merchant_dest[m])
        if left == 0:
            return f"The {MERCHANT_COLOURS[m]} merchant reaches its port, delivers and turns round."
        colour = MERCHANT_COLOURS[m]
        return f"The {colour} merchant goes to {_card(s, p)}, {left} card(s) from its port."
    p = sea.step(s.navy, action.num("direction"))
    if p == steer.target:
        who = s.ship_name(s.active)
        return (
            f"The Navy reaches {who} and attacks unless that ship hides in a cove (full listing)."
        )
    who = s.ship_name(s.active)
    return f"The Navy goes to {_card(s, p)}, {steer.remaining - 1} move(s) left toward {who}."


def _pick(s: PiratesState, frame: Frame, action: Action) -> str:
    purpose = frame.record(solo.Pick).purpose
    p = action.num("at")
    if purpose == "bury":
        costs = [c for i, c in enumerate(s.card(p).burial) if s.burial[p][i] < 0]
        return (
            f"The Legendary Pirate buries its treasure on {_card(s, p)}, on the {min(costs)}-gold "
            "spot; its gold goes back to zero."
        )
    return f"The Legendary Pirate's ship goes hidden into the cove of {_card(s, p)}."


_EXPLAIN = {
    "ports": _ports,
    "navy": _navy,
    "start": _start,
    "side": _side,
    "helm": _helm,
    "pay": _pay,
    "free": _free,
    "sail": _sail,
    "storm": _storm,
    "list": _list,
    "order": _order,
    "cargo": _cargo,
    "sell": _sell,
    "recruit": _recruit,
    "release": _release,
    "target": _target,
    "reroll": _reroll,
    "volley": _volley,
    "port": _port,
    "reassign": _reassign,
    "new_hand": _new_hand,
    "bonus": _bonus,
    "bury": _bury,
    "exchange": _exchange,
    "pick_merchant": _pick_merchant,
    "drive": _drive,
    "steer": _steer,
    "pick": _pick,
}


# ---------------------------------------------------------------------------- closed options
def closed_options(s: PiratesState, frame: Frame) -> list[Closed]:
    """Step 1, the choice of the turn's order: the helm spaces the captain cannot reach now.

    Every other decision has none. All of it is public (the helm, the deckhands)."""
    if frame.kind != "helm":
        return []
    ship = frame.seat
    start = s.captain[ship]
    free = sum(s.assign[ship])
    out = [
        Closed(
            f"{_order_name(s, ship, start)} again (helm space {start})",
            "the captain must move 1 to 5 spaces clockwise and may not end where it started",
            "PC-5.2.4",
        )
    ]
    for steps in range(1, HELM_SPACES):
        cost = helm.skip_cost(s, ship, steps)
        if cost > free:
            dest, _ = helm.route(start, steps)
            out.append(
                Closed(
                    f"{_order_name(s, ship, dest)} (helm space {dest})",
                    f"getting there skips {cost} empty space{'s' if cost > 1 else ''} but only "
                    f"{free} deckhand{'s' if free != 1 else ''} stand{'s' if free == 1 else ''} "
                    "on your assignments",
                    "PC-5.2.3",
                )
            )
    return out


def _order_name(s: PiratesState, ship: int, space: int) -> str:
    return ORDERS[s.helm[ship][space]].capitalize()
