"""Learning Empires of the North inside tabletide (issue 22): the rules that govern each pending
decision, what each legal action will do in words, and which options of a turn are closed and
why. The rules reference these IDs point to is ``docs/rules/empires_north.md``.

Everything here reads the state and never changes it; nothing applies an action to a clone.
``explain`` may use the deciding seat's own hand (its own secret), never another seat's hand or
the order of any deck; ``closed_options`` uses only the public board and the seat's own hand, so
every world the seat cannot tell apart gives the same answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletide.engine import Action, Closed, Frame
from tabletide.games.empires_north import actions as act
from tabletide.games.empires_north.constants import (
    DISC_MOVE_COST,
    FACE_UP,
    OPENING_KEEP,
    RESOURCES,
    TILES,
    bundle_text,
)
from tabletide.games.empires_north.content import Card, CardAction, Feature
from tabletide.games.empires_north.effects import (
    Alt,
    Refresh,
    Release,
    Relocate,
    card_name,
    describe_alts,
    describe_option,
)
from tabletide.games.empires_north.expedition import REVEALED, Landing, Sail, Voyage
from tabletide.games.empires_north.pieces import NEAR, Ship

if TYPE_CHECKING:
    from tabletide.games.empires_north.state import EmpiresState as S

# ---------------------------------------------------------------------------- decision rules
RULES: dict[str, tuple[str, ...]] = {
    "opening": ("EN-3.15",),
    "lookout": ("EN-4.3", "EN-4.3a", "EN-11.1", "EN-9.22"),
    "turn": ("EN-5.1.1", "EN-5.1.2", "EN-5.1.3", "EN-5.1.5"),
    "extra": ("EN-5.3.3", "EN-9.16", "EN-5.2.3"),
    "host": ("EN-11.6", "EN-11.5", "EN-5.2.3"),
    "construct": ("EN-5.4.3", "EN-5.2.2"),
    "harvest": ("EN-5.4.4", "EN-11.5"),
    "sail": ("EN-5.4.5.3", "EN-5.4.5.4", "EN-5.4.5.2"),
    "alt": ("EN-5.2.4", "EN-9.17", "EN-11.4"),
    "copy": ("EN-9.8",),
    "refresh": ("EN-9.7",),
    "release": ("EN-9.5", "EN-9.4"),
    "relocate": ("EN-9.14", "EN-5.3.7"),
    "forward": ("EN-9.15",),
    "launch": ("EN-5.8.1", "EN-5.8.3"),
    "voyage": ("EN-6.2", "EN-6.3", "EN-6.4", "EN-6.5"),
    "landing": ("EN-6.3", "EN-6.4"),
    "pay": ("EN-9.21", "EN-9.3"),
}
"""The rules of each decision kind, most specific first."""
_PAY_RULE = {"build": "EN-5.2.1", "move": "EN-5.3.2", "use": "EN-5.6.3"}


def decision_rules(s: S, frame: Frame) -> list[str]:
    """The rule IDs that govern ``frame``, most specific first."""
    kind = frame.kind
    rules = list(RULES.get(kind, ()))
    if kind == "pay":
        rules.insert(0, _PAY_RULE[frame.record(act.Pay).purpose])
    elif kind == "sail" and frame.record(Sail).common:
        rules.insert(0, "EN-5.4.5.6")
    elif kind == "alt" and s.phase == "lookout":
        rules.insert(0, "EN-9.9")  # STORED income, at the end of the Lookout (EN-4.4)
    elif kind == "voyage" and s.phase == "action":
        rules.insert(0, "EN-5.8.2")
    elif kind == "voyage":
        rules.insert(0, "EN-6.1")
    return rules


# ---------------------------------------------------------------------------- words
_ON = {
    "conquer": "when you conquer an island",
    "raid": "when you raid an island",
    "attack": "when you attack",
    "attacked": "when you are attacked",
    "pass": "when you pass",
}


def _n(k: int, word: str, plural: str = "") -> str:
    """``k`` and the word, plural unless ``k`` is 1 ("1 card", "2 ships")."""
    return f"{k} {word if k == 1 else plural or word + 's'}"


def _one_of(k: int, word: str) -> str:
    """ "your only card" or "one of your 3 cards"."""
    return f"your only {word}" if k == 1 else f"one of your {_n(k, word)}"


def _upper(text: str) -> str:
    """``text`` with its first letter in capitals (``str.capitalize`` would lower the rest)."""
    return text[:1].upper() + text[1:]


def _feature(f: Feature) -> str:
    if f.on == "tile":
        when = f"when you perform {str(f.tile).upper()}"
    elif f.on == "opponent_tile":
        when = f"when an opponent performs {str(f.tile).upper()}"
    elif f.on == "build":
        when = f"when you build a{' ' + f.icon if f.icon else ''} location"
    else:
        when = _ON.get(f.on, f.on)
    once = "once a round, " if f.once else ""
    return f"{once}{when}: {describe_alts(f.effects)}"


def _action(a: CardAction) -> str:
    parts = []
    if a.cost:
        parts.append(f"pay {bundle_text(a.cost)}")
    if a.assign:
        parts.append(f"assign {bundle_text(a.assign)}")
    if a.effects:
        parts.append(describe_alts(a.effects))
    return ", ".join(parts)


def summary(card: Card) -> str:
    """What a card is and does, in one short phrase (no full stops)."""
    goods = bundle_text(card.produce)
    when = str(card.when).upper()
    match card.type:
        case "production":
            return f"a production location (built with {when}) giving {goods}"
        case "upgrade":
            return f"an upgrade (built with {when}) adding {goods}"
        case "flex":
            return f"a production location or upgrade (built with {when}) giving {goods}"
        case "boost":
            return f"a boost for {when} ({describe_alts(card.effects)})"
    what = []
    if card.action is not None:
        what.append(f"action: {_action(card.action)}")
    what += [_feature(f) for f in card.features[:1]]
    if card.stored is not None:
        what.append(f"STORED {card.stored.each} {card.stored.good}")
    if card.copy_of is not None:
        what.append("copies a card of your empire")
    kind = "an action location" if card.type == "action" else "a feature location"
    if card.type == "island":
        kind = "an island"
    return f"{kind} ({'; '.join(what)})" if what else kind


def _bonus(card: Card) -> str:
    return f"; its bonus: {describe_alts(card.bonus)}" if card.bonus else ""


def _hand_for_tile(s: S, p: int, tile: int) -> int:
    """How many cards of ``p``'s hand could come with ``tile``'s action (EN-5.3.3)."""
    name = TILES[tile]
    n = 0
    for c in s.hand[p]:
        card = s.cards[c]
        if card.when == name and (card.type != "upgrade" or act.hosts(s, p, card)):
            n += 1
    return n


def _tile_does(s: S, p: int, tile: int) -> str:
    """What ``tile``'s action does for ``p`` now, in words."""
    if tile == act.EXPLORE:
        deck = len(s.deck[p])
        more = f"{deck} left" if deck else "your discard pile is shuffled first"
        out = f"you draw the top card of your deck ({more})"
    elif tile == act.POPULATE:
        out = f"you gain 1 worker for good ({s.workers[p] + 1} ready after)"
    elif tile == act.CONSTRUCTION:
        k = sum(act.buildable(s, p, s.cards[c]) for c in s.hand[p])
        out = f"you build {_one_of(k, 'Pay-to-build location')} free"
    elif tile == act.HARVEST:
        k = len(act.production_sites(s, p))
        out = f"you take the goods of {_one_of(k, 'production location')}"
    else:
        out = f"your ship joins the queue at place {len(s.queue) + 1}"
    extra = _hand_for_tile(s, p, tile)
    if extra:
        out += f"; first you may play or build {_one_of(extra, 'card')} naming it"
    return out


def _ship(ship: Ship) -> str:
    reach = "near or distant" if ship.fish else "near"
    return f"a {reach} island" + (" (raid or conquer)" if ship.axe else " (raid only)")


def _island_outcome(s: S, p: int, card_i: int, conquer: bool, taken: str) -> str:
    card = s.cards[card_i]
    if conquer:
        side = summary(card)
        return f"{card.name} joins your empire (1 VP at the end) as {side}{_bonus(card)}; {taken}"
    return f"You gain {bundle_text(card.raid)} and {card.name} is discarded; {taken}"


# ---------------------------------------------------------------------------- explain
def explain(s: S, frame: Frame, action: Action) -> str:
    """What ``action`` at ``frame`` will do, in one or two sentences."""
    handler = _EXPLAIN.get(frame.kind)
    text = handler(s, frame, action) if handler is not None else ""
    if len(text) > 380:
        text = text[:377].rstrip() + "..."
    return text


def _keep(s: S, f: Frame, a: Action) -> str:
    p = f.seat
    if a.kind == "done":
        kept = len(s.hand[p])
        return (
            f"Puts the {len(s.look[p])} cards you did not keep on your discard pile; "
            f"your hand then holds {kept} cards."
        )
    card = s.cards[a.num("card")]
    if f.kind == "opening":
        left = OPENING_KEEP - len(s.hand[p]) - 1
        rest = f"{left} more to keep" if left else "the other cards go to your discard pile"
        return f"Keeps {card.name}, {summary(card)}, at no cost; {rest}."
    return f"Tires 1 worker ({s.workers[p] - 1} ready left) to keep {card.name}, {summary(card)}."


def _turn(s: S, f: Frame, a: Action) -> str:
    p = f.seat
    match a.kind:
        case "build":
            card = s.cards[a.num("card")]
            pay = bundle_text(card.cost)
            gold = " (gold may stand in for resources)" if s.goods[p]["gold"] else ""
            copy = "; you then choose the card it copies" if card.copy_of else ""
            return (
                f"Pays {pay}{gold} to put {card.name} into your empire ready: "
                f"{summary(card)}{_bonus(card)}{copy}."
            )
        case "disc":
            t = a.num("tile")
            d = s.disc_at[p].index(-1) + 1
            return f"Puts disc {d} ready side up on {TILES[t].upper()}: {_tile_does(s, p, t)}."
        case "move":
            d, t = a.num("disc"), a.num("to")
            price = f"1 {DISC_MOVE_COST}" if s.goods[p][DISC_MOVE_COST] else "1 gold"
            frm = TILES[s.disc_at[p][d]].upper()
            return (
                f"Pays {price} to move disc {d + 1} from {frm} to {TILES[t].upper()} and flip it "
                f"to its X side (no more use this round): {_tile_does(s, p, t)}."
            )
        case "attack":
            q, pos = a.num("seat"), a.num("pos")
            return (
                f"Spends 1 axe ({s.goods[p]['axe'] - 1} left) to exhaust {s.seat_name(q)}'s "
                f"{card_name(s, q, pos, article=False)}: they cannot use it until it is "
                "refreshed."
            )
        case "use":
            pos = a.num("pos")
            action = s.acts(p, pos).action
            assert action is not None
            return (
                f"{_upper(_action(action))}; then {card_name(s, p, pos)} is exhausted "
                "until refreshed."
            )
    free = s.disc_at[p].count(-1)
    kirk = [
        f
        for pl in s.empire[p]
        for f in s.cards[pl.acts].features
        if f.on == "pass" and not (f.once and pl.exhausted)
    ]
    gain = f"; your cards pay: {'; '.join(describe_alts(f.effects) for f in kirk)}" if kirk else ""
    unused = {0: "no disc", 1: "1 disc"}.get(free, "both discs")
    return (
        f"Ends your Action phase this round with {unused} unused; nobody can target you for "
        f"the rest of the phase{gain}."
    )


def _pay(s: S, f: Frame, a: Action) -> str:
    pay = f.record(act.Pay)
    cost = dict(pay.cost)
    way = {g: a.num(f"gold_{g}") for g in RESOURCES if a.num(f"gold_{g}")}
    paid = s.paid_goods(cost, way)
    gold = sum(way.values())
    sub = f", {gold} gold standing in for resources" if gold else ""
    what = s.paying_for(f)
    left = s.goods[f.seat]["gold"] - paid.get("gold", 0)
    return f"Hands {bundle_text(paid)} to the common supply{sub} for {what}; you keep {left} gold."


def _extra(s: S, f: Frame, a: Action) -> str:
    tile = TILES[f.record(act.Extra).tile].upper()
    if a.kind == "none":
        return f"Plays no card and goes straight to the {tile} action."
    card = s.cards[a.num("card")]
    if a.kind == "boost":
        return (
            f"Plays {card.name} first: {describe_alts(card.effects)}; it is discarded, then "
            f"the {tile} action follows."
        )
    where = "; you then choose alone or as an upgrade" if card.type != "production" else ""
    if card.type == "upgrade":
        where = "; you then choose the location it goes under"
    return (
        f"Builds {card.name} at no cost and gains {bundle_text(card.produce)} at once{where}; "
        f"then the {tile} action follows."
    )


def _host(s: S, f: Frame, a: Action) -> str:
    p = f.seat
    card = s.cards[f.record(act.Host).card]
    got = bundle_text(card.produce)
    if a.kind == "alone":
        return f"Gains {got} now; {card.name} is a production location of its own, harvested alone."
    pos = a.num("pos")
    after = dict(act.harvest_goods(s, p, pos))
    for g, k in card.produce.items():
        after[g] = after.get(g, 0) + k
    return (
        f"Gains {got} now; from then on HARVEST of {card_name(s, p, pos)} gives "
        f"{bundle_text(after)}."
    )


def _construct(s: S, f: Frame, a: Action) -> str:
    card = s.cards[a.num("card")]
    cost = bundle_text(card.cost)
    return f"Builds {card.name} without paying its {cost}: {summary(card)}{_bonus(card)}."


def _harvest(s: S, f: Frame, a: Action) -> str:
    p, pos = f.seat, a.num("pos")
    goods = act.harvest_goods(s, p, pos)
    ups = sum(1 for pl in s.empire[p] if pl.host == pos)
    under = f" and its {ups} upgrade(s)" if ups else ""
    have = ", ".join(f"{s.goods[p][g] + k} {g}" for g, k in goods.items() if g in s.goods[p])
    after = f" (you then have {have})" if have else ""
    return (
        f"Takes {bundle_text(goods)} from the supply for {card_name(s, p, pos)}{under}"
        f"{after}; it stays ready for later harvests."
    )


def _sail(s: S, f: Frame, a: Action) -> str:
    fish, axe = a.num("fish"), a.num("axe")
    spend = []
    if fish == 1:
        spend.append("1 fish")
    elif fish == 2:
        spend.append("1 gold")
    if axe:
        spend.append("1 axe")
    cost = f"Spends {' + '.join(spend)}; the" if spend else "Spends nothing; the"
    ship = Ship(f.seat, fish > 0, bool(axe))
    return f"{cost} ship waits at place {len(s.queue) + 1} of the queue for {_ship(ship)}."


def _alt(s: S, f: Frame, a: Action) -> str:
    alt = f.record(Alt)
    i = a.num("i")
    others = " / ".join(describe_option(o) for k, o in enumerate(alt.alts) if k != i)
    return f"Takes this side of the '/' on {alt.source}; the other ({others}) is lost."


def _copy(s: S, f: Frame, a: Action) -> str:
    p, pos = f.seat, a.num("pos")
    target = s.acts(p, pos)
    bonus = f" and its bonus ({describe_alts(target.bonus)}) happens again" if target.bonus else ""
    prod = f"; you gain {bundle_text(target.produce)}" if target.produce else ""
    return (
        f"Your copy counts as a second {target.name} for good, used and exhausted on its own"
        f"{bonus}{prod}."
    )


def _refresh(s: S, f: Frame, a: Action) -> str:
    if a.kind == "done":
        return f"Leaves your exhausted cards as they are ({f.record(Refresh).source})."
    pos = a.num("pos")
    return f"Turns {card_name(s, f.seat, pos)} upright: its action can be used again this round."


def _release(s: S, f: Frame, a: Action) -> str:
    if a.kind == "done":
        return f"Leaves every assigned good where it is ({f.record(Release).source})."
    p, pos = f.seat, a.num("pos")
    on = sum(s.stock[p].get(pos, {}).values()) - 1
    return (
        f"Moves the good from {card_name(s, p, pos)} to your supply, usable this round; "
        f"{_n(on, 'good') + ' stay' if on else 'nothing stays'} on the card."
    )


def _relocate(s: S, f: Frame, a: Action) -> str:
    if a.kind == "done":
        return f"Keeps your discs where they are ({f.record(Relocate).source})."
    t = a.num("to")
    near = " and ".join(TILES[n].upper() for n in act.adjacent(s, t))
    return (
        f"Moves the disc to {TILES[t].upper()} without doing its action; a paid move from "
        f"there reaches {near}."
    )


def _forward(s: S, f: Frame, a: Action) -> str:
    i = a.num("ship")
    ahead = s.queue[i - 1].owner
    return (
        f"Your ship swaps places with {s.seat_name(ahead)}'s ship and becomes number {i} of the "
        "queue, so it chooses its island one ship earlier."
    )


def _launch(s: S, f: Frame, a: Action) -> str:
    if a.kind == "done":
        return "The ship waits for the Expedition phase as usual."
    ship = s.queue[a.num("ship")]
    return (
        f"Sends this ship now to {_ship(ship)}; it then comes home, so its gains can be spent "
        "this round and it may sail again."
    )


def _voyage(s: S, f: Frame, a: Action) -> str:
    p = f.seat
    ship = f.record(Voyage).ship if f.kind == "voyage" else f.record(Landing).ship
    spent = [n for n, has in (("fish", ship.fish), ("axe", ship.axe)) if has]
    taken = (
        f"the ship comes home and its {' and '.join(spent)} {'are' if len(spent) > 1 else 'is'}"
        " spent."
        if spent
        else "the ship comes home."
    )
    if a.kind == "skip":
        return f"Takes no island; {taken}"
    if a.kind == "top":
        d = a.num("deck")
        which = "near" if d == NEAR else "distant"
        left = len(s.isl_deck[d]) or len(s.isl_discard[d])
        choose = "raid or conquer" if ship.axe else "raid"
        return (
            f"Turns up the unseen top card of the {which} deck ({_n(left, 'card')} there); "
            f"you then {choose} it."
        )
    slot = a.num("slot")
    if slot == REVEALED:
        card_i = s.revealed
    else:
        d, i = divmod(slot, FACE_UP)
        card_i = s.isl_up[d][i]
    return _island_outcome(s, p, card_i, a.kind == "conquer", taken)


_EXPLAIN = {
    "opening": _keep,
    "lookout": _keep,
    "turn": _turn,
    "pay": _pay,
    "extra": _extra,
    "host": _host,
    "construct": _construct,
    "harvest": _harvest,
    "sail": _sail,
    "alt": _alt,
    "copy": _copy,
    "refresh": _refresh,
    "release": _release,
    "relocate": _relocate,
    "forward": _forward,
    "launch": _launch,
    "voyage": _voyage,
    "landing": _voyage,
}


# ---------------------------------------------------------------------------- closed options
def closed_options(s: S, frame: Frame) -> list[Closed]:
    """The options of a turn (EN-5.1.2) that are closed now, with the reason and the rule."""
    if frame.kind != "turn":
        return []
    p = frame.seat
    out: list[Closed] = []
    if (c := _closed_build(s, p)) is not None:
        out.append(c)
    out += _closed_discs(s, p)
    if (c := _closed_move(s, p)) is not None:
        out.append(c)
    if (c := _closed_attack(s, p)) is not None:
        out.append(c)
    if (c := _closed_use(s, p)) is not None:
        out.append(c)
    return out


def _closed_build(s: S, p: int) -> Closed | None:
    option = "Build a location"
    paid = [s.cards[c] for c in s.hand[p] if s.cards[c].type in ("feature", "action")]
    if not paid:
        return Closed(option, "you hold no 'Pay to build' location in your hand", "EN-5.2.1")
    ok = [c for c in paid if act.buildable(s, p, c)]
    if not ok:
        return Closed(option, "your copy location has nothing in your empire to copy", "EN-9.8")
    if not any(s.can_pay(p, c.cost) for c in ok):
        cheapest = min(ok, key=lambda c: sum(c.cost.values()))
        return Closed(
            option,
            f"you cannot pay for any of your {_n(len(ok), 'Pay-to-build location')} "
            f"(the cheapest, {cheapest.name}, costs {bundle_text(cheapest.cost)})",
            "EN-5.2.1",
        )
    return None


def _closed_discs(s: S, p: int) -> list[Closed]:
    if -1 not in s.disc_at[p]:
        on = " and ".join(TILES[t].upper() for t in s.disc_at[p])
        return [
            Closed("Place an action disc", f"both your discs are already out ({on})", "EN-5.3.1")
        ]
    out = []
    for t, name in enumerate(TILES):
        if act.performable(s, p, t):
            continue
        option = f"Place a disc to do {name.upper()}"
        if t == act.EXPLORE:
            out.append(Closed(option, "your deck and discard pile are both empty", "EN-5.3.4"))
        elif t == act.CONSTRUCTION:
            out.append(
                Closed(
                    option,
                    f"none of your {_n(len(s.hand[p]), 'card')} in hand is a location it builds",
                    "EN-11.11",
                )
            )
        elif t == act.HARVEST:
            out.append(Closed(option, "you have no production location", "EN-5.3.4"))
        elif t == act.SAIL:
            out.append(
                Closed(
                    option,
                    "both your ships are in the queue"
                    if s.ships[p] == 2
                    else f"all {s.ships[p]} of your ships are in the queue",
                    "EN-5.4.5.1",
                )
            )
    return out


def _closed_move(s: S, p: int) -> Closed | None:
    option = "Move a disc to the next tile"
    placed = [d for d, at in enumerate(s.disc_at[p]) if at >= 0]
    if not placed:
        return Closed(option, "neither of your discs is on a tile yet this round", "EN-5.3.2")
    ready = [d for d in placed if not s.disc_x[p][d]]
    if not ready:
        flipped = "your placed disc is" if len(placed) == 1 else "both your discs are"
        return Closed(option, f"{flipped} already flipped to the X side", "EN-5.3.2")
    if not (s.goods[p][DISC_MOVE_COST] or s.goods[p]["gold"]):
        return Closed(option, f"you have no {DISC_MOVE_COST} and no gold to pay", "EN-5.3.2")
    if not any(act.performable(s, p, t) for d in ready for t in act.adjacent(s, s.disc_at[p][d])):
        return Closed(option, "no tile next to your ready disc has an action to do", "EN-5.3.4")
    return None


def _closed_attack(s: S, p: int) -> Closed | None:
    option = "Attack an opponent's location"
    if not s.goods[p]["axe"]:
        return Closed(option, "you have no axe (attack token)", "EN-5.5.2")
    for q in range(s.num_players):
        if q == p or s.passed[q]:
            continue
        if any(not pl.exhausted and s.cards[pl.acts].action for pl in s.empire[q]):
            return None
    return Closed(option, "no opponent still playing has a ready action card to target", "EN-5.5.2")


def _closed_use(s: S, p: int) -> Closed | None:
    option = "Use your own action card"
    ready = [
        s.cards[pl.acts]
        for pl in s.empire[p]
        if not pl.exhausted and s.cards[pl.acts].action is not None
    ]
    if not ready:
        exhausted = sum(
            1 for pl in s.empire[p] if pl.exhausted and s.cards[pl.acts].action is not None
        )
        why = f"{_n(exhausted, 'action card')} exhausted" if exhausted else "you have none"
        return Closed(option, f"no ready card with an 'Action:' ({why})", "EN-5.6.2")
    if not any(_affordable(s, p, c) for c in ready):
        return Closed(
            option,
            f"you cannot pay for any of your {_n(len(ready), 'ready action card')}",
            "EN-5.6.3",
        )
    return None


def _affordable(s: S, p: int, card: Card) -> bool:
    """Whether ``p`` can pay the cost and the assignment of ``card``'s action (EN-5.6.3)."""
    action = card.action
    assert action is not None
    return s.can_pay(p, action.cost, reserve=action.assign)
