"""The rules side of learning Pirates of Maracaibo (issue 22), for ``state.py``'s hooks:

* :func:`decision_rules`: the rule IDs that govern a pending decision, most specific first;
* :func:`explain`: what a legal action will do, in one or two sentences;
* :func:`closed_options`: for the main decisions of a turn (where to sail, and what to do on
  the space reached), the options the rules list that are closed now, with reason and rule.

Every rule ID named here is stated in ``docs/rules/maracaibo.md``. Everything is computed from
the rules' own helpers, never by playing the action on a copy, and only from what the deciding
seat may know: public facts and its own hideout, doubloons and quests.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from tabletide.engine import Action, Closed, Frame
from tabletide.games.maracaibo.board import destinations
from tabletide.games.maracaibo.constants import (
    BAY,
    BURIED_VP,
    DIE_NAMES,
    FIGUREHEAD_COST,
    FIRST_BUILDER_VP,
    GRID,
    MARACAIBO,
    QUEST_SELL,
    RIVER_VP,
    SKIRMISH_VP,
    START,
    UPGRADE_SPACE_DOUBLOONS,
    column,
    where,
)
from tabletide.games.maracaibo.content import COLORS, Effect
from tabletide.games.maracaibo.effects import (
    POSEIDON,
    Buy,
    ColorChoice,
    Lightning,
    Smuggler,
    Store,
    buyable,
    can_bury,
    residence_price,
)
from tabletide.games.maracaibo.explore import Explore, reach, trades
from tabletide.games.maracaibo.movement import Step
from tabletide.games.maracaibo.present.words import COUNTED_WORDS, article, describe, describe_all
from tabletide.games.maracaibo.raid import Reroll, Spend, raid_actions, raid_bonus
from tabletide.games.maracaibo.scoring import count, treasure_value
from tabletide.games.maracaibo.spaces import Space, Visit, groups_of

if TYPE_CHECKING:
    from tabletide.games.maracaibo.state import MaracaiboState as S

# ---------------------------------------------------------------------------- decision rules
RULES: dict[str, tuple[str, ...]] = {
    "draft": ("MA-3.11",),
    "move": ("MA-5.1", "MA-5.5", "MA-5.3", "MA-5.8", "MA-5.7"),
    "step": ("MA-9.7", "MA-5.5", "MA-5.1"),
    "pay": ("MA-5.7", "MA-11.24"),
    "upgrade_space": ("MA-5.11", "MA-5.12", "MA-5.14"),
    "residence_space": ("MA-5.16", "MA-5.17", "MA-5.19"),
    "smuggle_here": ("MA-5.23", "MA-5.54"),
    "ship_upgrade": ("MA-5.48", "MA-5.49", "MA-5.50"),
    "location": ("MA-5.25", "MA-10.6.8"),
    "bay": ("MA-GAP-9.1", "MA-5.70"),
    "lightning": ("MA-5.12", "MA-10.6.1"),
    "color": ("MA-5.32",),
    "store": ("MA-5.34",),
    "reroll": ("MA-5.26", "MA-5.27"),
    "spend": ("MA-5.29", "MA-5.28", "MA-5.31"),
    "explore": ("MA-5.36", "MA-5.37", "MA-5.38", "MA-5.39"),
    "bury": ("MA-5.41", "MA-5.43", "MA-5.44"),
    "quest": ("MA-5.46",),
    "quest_sell": ("MA-10.5.26",),
    "buy": ("MA-5.47",),
    "figurehead": ("MA-5.51", "MA-5.64"),
    "smuggler": ("MA-5.52",),
    "activate": ("MA-10.5.24", "MA-5.54"),
    "residence": ("MA-10.5.29", "MA-5.16"),
    "ruby": ("MA-9.16",),
    "sell_ruby": ("MA-9.17",),
    "retire": ("MA-9.20", "MA-9.22"),
}
"""Per decision kind, the rules that govern it (refined by the frame in
:func:`decision_rules`)."""

_BUY_RULES = {"ship": "MA-10.5.10", "crew": "MA-10.5.11", "equipment": "MA-10.5.34"}
_COLOR_RULES = {"refill": ("MA-10.5.27", "MA-10.5.28"), "raid_as": ("MA-10.5.9", "MA-5.27")}


def _special(s: S, p: int) -> str | None:
    return s.content.figureheads[s.fig[p]].special if s.fig[p] >= 0 else None


def decision_rules(s: S, f: Frame) -> list[str]:
    """The rule IDs governing decision ``f``, most specific first."""
    kind, p = f.kind, f.seat
    rules = list(RULES.get(kind, ()))
    if kind == "draft" and "royal_orders" in s.mods:
        rules.insert(0, "MA-9.13")
    elif kind == "move":
        if s.ship[p] == START:
            rules.insert(0, "MA-5.4")
        elif s.ship[p] == BAY:
            rules = ["MA-GAP-9.2", "MA-5.72"]
        if s.max_moves(p) > 3:
            rules.append("MA-10.1.C")
    elif kind == "ship_upgrade":
        below = s.stack[-2] if len(s.stack) > 1 else None
        if below is not None and below.kind == "location" and not below.record(Visit).groups_done:
            rules.insert(0, "MA-5.24")
    elif kind == "color":
        rules = [*_COLOR_RULES.get(f.record(ColorChoice).purpose, ()), *rules]
    elif kind == "reroll" and f.record(Reroll).rerolls > 1:
        rules.append("MA-10.1.E")
    elif kind == "bury" and _special(s, p) == "poseidon":
        rules.append("MA-10.1.G")
    elif kind == "quest" and _special(s, p) == "whale":
        rules.append("MA-10.1.D")
    elif kind == "buy":
        buy = f.record(Buy)
        if not buy.surcharge or buy.category == "ship":
            rules = [_BUY_RULES.get(buy.category, "MA-10.5.10")]
    return rules


# ---------------------------------------------------------------------------- words
def _s(n: int, word: str) -> str:
    plural = word[:-1] + "ies" if word.endswith("y") else word + "s"
    return f"{n} {word}" if n == 1 else f"{n} {plural}"


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _where(s: S, n: int) -> str:
    if n >= GRID:
        return where(n)
    card = s.slot[n]
    if card < 0:
        return f"the blank card at {where(n)}"
    if not s.up[n]:
        return f"the face-down {s.face_down_kind(n)} at {where(n)}"
    return f"{s.cards[card].name} ({where(n)})"


def effect_words(s: S, p: int, e: Effect) -> str:
    """What one effect will do for ``p`` now, in a clause (no capital, no full stop)."""
    n, do = e.n, e.do
    if do == "vp":
        return f"gains {n} VP"
    if do == "doubloons":
        return f"gains {_s(n, 'doubloon')}"
    if do == "pay":
        return f"pays {n} of your {s.doubloons[p]} doubloons"
    if do == "treasure":
        if e.color in COLORS:
            c = COLORS.index(str(e.color))
            return (
                f"takes {_s(n, str(e.color))} from its island ({s.islands[c]} cubes there, "
                f"{treasure_value(s.islands[c])} VP each now)"
            )
        return f"takes {describe(e)}, placed in your hideout"
    if do == "refill":
        return f"puts {describe(e)}, making that treasure worth more at the end"
    if do == "raid":
        return "rolls the three raid dice (one reroll of all) and spends one die's strength"
    if do == "raid_die":
        return f"rolls the {describe(e).removeprefix('raid with the ')} once, plus your bonuses"
    if do == "raid_as":
        return f"raids with strength {n} on a colour you pick, plus your uncoloured bonuses"
    if do == "explore":
        steps = n + s.perm_total(p, "explore_bonus")
        return f"moves your explorer up to {steps} spaces and gives the space's effect"
    if do == "explore_space":
        here = s.content.track.spaces[s.explorer[p]].effects
        return f"repeats your explorer's space ({describe_all(here) if here else 'nothing'})"
    if do == "bury":
        return f"buries up to {n} of your treasures, {BURIED_VP} VP more each at the end"
    if do == "quest":
        return f"takes a quest from the offer or the deck ({len(s.quest_deck)} left)"
    if do == "quest_sell":
        return f"lets you discard one of your {len(s.quests[p])} quests for {QUEST_SELL} doubloons"
    if do == "card":
        cat = e.category or ""
        prices = [price for _, price in buyable(s, p, cat, n)]
        best = f"; the cheapest you can pay costs {min(prices)}" if prices else ""
        return f"lets you buy {describe(e).removeprefix('a ').removeprefix('an ')}{best}"
    if do == "ship_upgrade":
        return "puts a cube on a free slot of your ship board"
    if do == "figurehead":
        return f"lets you pay {FIGUREHEAD_COST} doubloons for a figurehead of the offer"
    if do == "smuggler":
        return f"places one of your {len(s.smug_left[p])} smuggler tiles left on a location"
    if do == "activate_smuggler":
        return "resolves one of your placed smuggler tiles again"
    if do == "residence":
        return "lets you build a residence you lack, at its cost"
    if do == "per":
        what = str(e.what)
        k = count(s, p, what)
        gain = n * k if not e.cap else min(n * k, e.cap)
        return f"gains {gain} VP ({n} per {COUNTED_WORDS[what]}, you have {k})"
    if do == "income_vp":
        return f"gains {s.income(p)[1]} VP (your VP income)"
    if do == "income_doubloons":
        return f"gains {s.income(p)[0]} doubloons (your doubloon income)"
    return describe(e)  # pragma: no cover - the vocabulary is closed


def effects_words(s: S, p: int, effects: tuple[Effect, ...]) -> str:
    return ", then ".join(effect_words(s, p, e) for e in effects) or "does nothing"


def _others_on(s: S, p: int, n: int) -> list[int]:
    return [q for q in range(s.participants) if q != p and s.ship[q] == n]


def _meeting(s: S, p: int, n: int) -> str:
    """What stopping on ``n`` costs because of the other ships there."""
    others = _others_on(s, p, n) if n < GRID else []
    if not others:
        return ""
    if "skirmish" in s.mods:
        return (
            f" A skirmish follows with {_s(len(others), 'ship')} there ({SKIRMISH_VP} "
            "VP to the winner)."
        )
    if s.john >= 0:
        return " John's ship is there: you pay 1 doubloon to the supply."
    if len(others) == 1:
        return f" You pay 1 doubloon to {s.name(others[0])}, whose ship is there."
    return f" You pay 1 doubloon to each of the {len(others)} ships there, as far as you can."


def space_words(s: S, p: int, n: int) -> str:
    """What the space ``n`` offers ``p`` on arrival, in a sentence."""
    d = s.doubloons[p]
    if n == MARACAIBO:
        reward = describe_all(s.content.places.maracaibo)
        return f"Reaches Maracaibo ({reward}); the round ends after the last player's turn."
    if n == BAY:
        return (
            "Stops in the Bay (no payment): you may raid and explore, then sail to "
            "Maracaibo next turn."
        )
    card = s.slot[n]
    if card < 0:
        return f"A blank card: you can only take {UPGRADE_SPACE_DOUBLOONS} doubloons there."
    if not s.up[n]:
        if s.face_down_kind(n) == "location" and "uncharted_locations" in s.mods:
            coins = s.coins[n]
            return (
                f"Turns up the face-down location, takes its {_s(coins, 'doubloon')} and uses it."
            )
        return "Turns up the face-down card there and uses it, whatever it is."
    c = s.cards[card]
    if c.type == "upgrade":
        price = s.cost(p, card)
        if price <= d:
            return (
                f"Offers {c.name} for {price} of your {d} doubloons, or {UPGRADE_SPACE_DOUBLOONS} "
                "doubloons instead."
            )
        return (
            f"{c.name} costs {price}, more than your {d} doubloons: you would take "
            f"{UPGRADE_SPACE_DOUBLOONS} doubloons."
        )
    if c.type == "residence":
        if p in s.res[card]:
            return f"You already built {c.name}: nothing to do there."
        price = residence_price(s, p, card)
        if price > d:
            return f"{c.name} costs {price}, more than your {d} doubloons: nothing to do there."
        first = f" (+{FIRST_BUILDER_VP} VP as first builder)" if not s.res[card] else ""
        return f"Lets you build {c.name} for {price} of your {d} doubloons{first}."
    parts = []
    if card in s.refill_of:
        parts.append(f"a {s.refill_of[card]} cube onto its island")
    if s.smug[n] >= 0 and s.smug[n] // 10 == p:
        parts.append("your smuggler tile")
    parts.append("a ship upgrade")
    acts = " ; ".join(" / ".join(describe_all(a) for a in alts) for alts in c.actions)
    return f"{c.name}: {', '.join(parts)}, then {acts}."


# ---------------------------------------------------------------------------- explanations
_SKIPS = {
    "residence_space": "Leaves the residence unbuilt and keeps your doubloons; your turn ends.",
    "ship_upgrade": "Places no cube now; your ship board stays as it is.",
    "bury": "Buries nothing more; your treasure stays above the burial line.",
    "quest": "Takes no quest card.",
    "quest_sell": "Keeps all your quests and gains no doubloons.",
    "buy": "Buys no card and keeps your doubloons.",
    "figurehead": "Takes no figurehead and keeps your 3 doubloons; a later slot may offer one.",
    "smuggler": "Places no smuggler tile (and pays nothing for it).",
    "activate": "Activates none of your smuggler tiles.",
    "residence": "Builds no residence and keeps your doubloons.",
    "sell_ruby": "Keeps your rubies for a later visit to the Bay.",
}


def explain(s: S, f: Frame, a: Action) -> str:
    """What the legal action ``a`` at ``f`` will do, in one or two sentences."""
    kind, ak = f.kind, a.kind
    if ak == "skip":
        return _SKIPS.get(kind, "Does nothing and goes on.")
    handler = _EXPLAIN.get(kind)
    return handler(s, f, a) if handler else a.label


def _x_draft(s: S, f: Frame, a: Action) -> str:
    q = a.num("quest")
    kept = [k for k in s.quests[f.seat] if k != q]
    keep = ", ".join(str(k) for k in kept)
    return f"Returns quest {q} to the deck unseen by others; you keep quest {keep} for the end."


def _x_move(s: S, f: Frame, a: Action) -> str:
    p, n = f.seat, a.num("to")
    return space_words(s, p, n) + _meeting(s, p, n)


def _x_step(s: S, f: Frame, a: Action) -> str:
    p = f.seat
    step = f.record(Step)
    if a.kind == "stop":
        return "Ends the move here. " + space_words(s, p, s.ship[p]) + _meeting(s, p, s.ship[p])
    n = a.num("to")
    left = step.moves_left - 1
    flip = " turning it face up" if n < GRID and not s.up[n] and s.slot[n] >= 0 else ""
    return (
        f"Sails into {_where(s, n)}{flip}, with {_s(left, 'step')} left; you may stop "
        "there once you are further right."
    )


def _x_pay(s: S, f: Frame, a: Action) -> str:
    return (
        f"Gives {s.name(a.num('seat'))} 1 of your {s.doubloons[f.seat]} doubloons; those "
        "you cannot pay get nothing."
    )


def _x_upgrade_space(s: S, f: Frame, a: Action) -> str:
    p, node = f.seat, f.record(Space).node
    d = s.doubloons[p]
    if a.kind == "take5":
        return (
            f"Leaves the card where it is and adds {UPGRADE_SPACE_DOUBLOONS} doubloons to your {d}."
        )
    card = s.slot[node]
    c = s.cards[card]
    price = s.cost(p, card)
    now = f" At once: {describe_all(c.lightning)}." if c.lightning else ""
    return (
        f"Pays {price} of your {d} doubloons (printed {c.cost}) for this {c.category} card, "
        f"worth {c.vp} VP at the end; level II refills the spot.{now}"
    )


def _x_residence(s: S, f: Frame, a: Action) -> str:
    p, node = f.seat, a.num("at")
    card = s.slot[node]
    c = s.cards[card]
    half = f.kind == "retire"
    price = residence_price(s, p, card, half)
    cond = c.condition
    scores = ""
    if cond is not None:
        k = count(s, p, cond.per)
        scores = (
            f" It scores {cond.vp} VP per {COUNTED_WORDS[cond.per]} at the end (now "
            f"{k}, max {cond.cap})."
        )
    first = f", +{FIRST_BUILDER_VP} VP as first builder" if not s.res[card] else ""
    back = " Your explorer then returns to the start." if half else ""
    d = s.doubloons[p]
    return f"Pays {price} of your {d} doubloons for your marker there{first}.{scores}{back}"


def _x_smuggle_here(s: S, f: Frame, a: Action) -> str:
    if a.kind == "no":
        return "Leaves your smuggler tile unused this time; it works again on your next stop here."
    node = f.record(Space).node
    tile = s.smug[node] % 10
    return _sentence(effects_words(s, f.seat, s.effects_of_smuggler(tile)))


def _x_ship_upgrade(s: S, f: Frame, a: Action) -> str:
    i = a.num("i")
    slot = s.content.ship.slots[i]
    filled = s.slots[f.seat].bit_count() + 1
    if slot.effects:
        what = effects_words(s, f.seat, slot.effects)
        return f"Fills slot {i + 1} (zone {slot.zone}) and at once {what}; cubes placed: {filled}."
    return (
        f"Fills slot {i + 1} (zone {slot.zone}): its ability works from now on; cubes "
        f"placed: {filled}."
    )


def _x_location(s: S, f: Frame, a: Action) -> str:
    p = f.seat
    visit = f.record(Visit)
    groups = groups_of(s, visit.node)
    if a.kind == "done":
        left = sum(1 for g in range(len(groups)) if not visit.groups_done >> g & 1)
        return f"Ends your turn, leaving {_s(left, 'action')} of this space unused."
    g, i = a.num("group"), a.num("alt")
    alt = groups[g][i]
    other = ' (the other choices of this "/" group close)' if len(groups[g]) > 1 else ""
    return _sentence(effects_words(s, p, alt) + other)


def _x_lightning(s: S, f: Frame, a: Action) -> str:
    rec = f.record(Lightning)
    e = s.cards[rec.card].lightning[a.num("i")]
    rest = len(rec.effects_left) - 1
    after = f"; {s.cards[rec.card].name} has {rest} more to resolve after" if rest else ""
    return _sentence(effect_words(s, f.seat, e) + after)


def _x_color(s: S, f: Frame, a: Action) -> str:
    choice = f.record(ColorChoice)
    c = a.num("c")
    name, k, n = COLORS[c], s.islands[c], choice.amount
    if choice.purpose == "treasure":
        return (
            f"Takes {_s(n, name)} from its island ({k} cubes there, {treasure_value(k)} "
            "VP each now) into your hideout."
        )
    if choice.purpose == "refill":
        return (
            f"Adds {_s(n, 'cube')} to the {name} island ({k} → {k + n}): each {name} is then "
            f"worth {treasure_value(k + n)} VP at the end."
        )
    bonus = raid_bonus(s, f.seat, c, rolled=False)
    return f"Raids with strength {n + bonus}; any treasure this raid gains is {name}."


def _x_store(s: S, f: Frame, a: Action) -> str:
    color = COLORS[f.record(Store).color]
    i = a.num("space")
    if i < 0:
        return (
            f"Keeps the {color} above the burial line with no bonus, leaving the bonus "
            "space for a later cube."
        )
    bonus = s.content.hideout.section(color).bonus[i]
    return (
        f"Puts the {color} on bonus space {i + 1} and "
        f"{effects_words(s, f.seat, bonus) if bonus else 'gains nothing'} at once."
    )


def _x_reroll(s: S, f: Frame, a: Action) -> str:
    p = f.seat
    if a.kind == "reroll":
        left = f.record(Reroll).rerolls - 1
        dice = ", ".join(str(v) for v in s.dice)
        return f"Rolls all three dice again, giving up {dice}; {_s(left, 'reroll')} will remain."
    i = a.num("die")
    bonus = raid_bonus(s, p, i)
    return (
        f"Raid strength {s.dice[i] + bonus} ({DIE_NAMES[i]} {s.dice[i]} + {bonus} bonus); every "
        f"treasure this raid gains is {COLORS[i]}."
    )


def _x_spend(s: S, f: Frame, a: Action) -> str:
    p = f.seat
    spend = f.record(Spend)
    if a.kind == "done":
        return f"Ends the raid: the {spend.strength} unspent strength is lost."
    rid = a.num("action")
    perm = next(perm for r, perm in raid_actions(s, p) if r == rid)
    gives = ", then ".join(
        f"takes a {COLORS[spend.color]} from its island"
        if e.color == "die" and e.do == "treasure"
        else effect_words(s, p, e)
        for e in perm.gives
    )
    return (
        f"Spends {perm.n} of {spend.strength} strength ({spend.strength - perm.n} left) "
        f"and {gives}; once per turn."
    )


def _x_explore(s: S, f: Frame, a: Action) -> str:
    p = f.seat
    ex = f.record(Explore)
    if a.kind == "trade":
        base = a.num("source")
        _, _, cost, perm, _ = next(t for t in trades(s, p) if t[1] == base)
        return (
            f"Walks {cost} step(s) fewer ({ex.steps - cost} left) and "
            f"{effects_words(s, p, perm.gives)}; once per explore."
        )
    t = a.num("to")
    mask = reach(s, p, ex.steps).get(t, 0)
    effects = s.content.track.spaces[t].effects
    gain = effects_words(s, p, effects) if effects else "gains nothing there"
    river = (
        f"; crosses {_s(mask.bit_count(), 'new river')}, {RIVER_VP} VP each at the end"
        if mask
        else ""
    )
    return _sentence(f"Your explorer stops on space {t} and {gain}{river}")


def _x_bury(s: S, f: Frame, a: Action) -> str:
    p, c, k = f.seat, a.num("color"), a.num("space")
    name = COLORS[c]
    bonus = POSEIDON[k] if a.text("on") == "poseidon" else s.content.hideout.section(name).buried[k]
    gain = effects_words(s, p, bonus) if bonus else "gains no bonus"
    return (
        f"Moves {article(name)} {name} below the burial line and {gain}; it scores its "
        f"treasure value + {BURIED_VP} VP at the end."
    )


def _x_quest(s: S, f: Frame, a: Action) -> str:
    if a.kind == "refresh":
        return "Puts the face-up quests under the deck and turns up new ones, then you choose."
    q = a.num("quest")
    if q < 0:
        return f"Draws the top quest of the deck ({len(s.quest_deck)} left), which only you see."
    quest = s.content.quests[q]
    return (
        f"Takes quest {q} (lower level {quest.low.vp} VP, higher {quest.high.vp} VP); "
        "the deck refills the offer."
    )


def _x_quest_sell(s: S, f: Frame, a: Action) -> str:
    q = a.num("quest")
    return (
        f"Gives up quest {q} ({s.content.quests[q].summary}) for {QUEST_SELL} doubloons; "
        "it goes under the deck."
    )


def _x_buy(s: S, f: Frame, a: Action) -> str:
    p, node = f.seat, a.num("at")
    card = s.slot[node]
    c = s.cards[card]
    buy = f.record(Buy)
    price = s.cost(p, card, buy.surcharge)
    extra = f" + {buy.surcharge}" if buy.surcharge else ""
    now = f" At once: {describe_all(c.lightning)}." if c.lightning else ""
    return (
        f"Pays {price} of your {s.doubloons[p]} doubloons (cost {s.cost(p, card)}{extra}) "
        f"for this {c.category} card at {where(node)}; level II refills its spot.{now}"
    )


def _x_figurehead(s: S, f: Frame, a: Action) -> str:
    d = s.doubloons[f.seat]
    name = s.content.figureheads[a.num("fig")].name
    return (
        f"Pays {FIGUREHEAD_COST} of your {d} doubloons for the {name}, your only figurehead "
        "for the rest of the game."
    )


def _x_smuggler(s: S, f: Frame, a: Action) -> str:
    price = f.record(Smuggler).price
    pay = f"pays {price} doubloons, " if price else ""
    t = a.num("tile")
    now = effects_words(s, f.seat, s.effects_of_smuggler(t))
    return _sentence(
        f"{pay}places the tile at {where(a.num('at'))} and at once {now}; it works "
        "again whenever you stop there"
    )


def _x_activate(s: S, f: Frame, a: Action) -> str:
    tile = s.smug[a.num("at")] % 10
    return _sentence(effects_words(s, f.seat, s.effects_of_smuggler(tile)))


def _x_ruby(s: S, f: Frame, a: Action) -> str:
    r = s.rubies[f.seat]
    if a.kind == "no":
        return f"Leaves the ruby; you keep {_s(r, 'ruby')}."
    return (
        f"Puts a ruby on your hideout's ship ({r} → {r + 1}); sell it in the Bay for "
        "a market bonus."
    )


def _x_sell_ruby(s: S, f: Frame, a: Action) -> str:
    i = a.num("space")
    if i < 0:
        return f"Sells a ruby for {s.content.places.ruby_sold_out_vp} VP: the market is full."
    bonus = s.content.places.ruby_market[i]
    return _sentence(
        f"covers market space {i + 1} with a ruby and {effects_words(s, f.seat, bonus)}"
    )


_EXPLAIN = {
    "draft": _x_draft,
    "move": _x_move,
    "step": _x_step,
    "pay": _x_pay,
    "upgrade_space": _x_upgrade_space,
    "residence_space": _x_residence,
    "residence": _x_residence,
    "retire": _x_residence,
    "smuggle_here": _x_smuggle_here,
    "ship_upgrade": _x_ship_upgrade,
    "location": _x_location,
    "bay": _x_location,
    "lightning": _x_lightning,
    "color": _x_color,
    "store": _x_store,
    "reroll": _x_reroll,
    "spend": _x_spend,
    "explore": _x_explore,
    "bury": _x_bury,
    "quest": _x_quest,
    "quest_sell": _x_quest_sell,
    "buy": _x_buy,
    "figurehead": _x_figurehead,
    "smuggler": _x_smuggler,
    "activate": _x_activate,
    "ruby": _x_ruby,
    "sell_ruby": _x_sell_ruby,
}


# ---------------------------------------------------------------------------- closed options
STAY = "End the move in your column or further left"
BAY_OPTION = "Stop in the Bay"
MARACAIBO_OPTION = "Sail to Maracaibo"
UPGRADE_OPTION = "Buy an upgrade card"
RESIDENCE_OPTION = "Build a residence"
LOCATION_OPTION = "Visit a location"
STOP_OPTION = "Stop the move here"
ON_OPTION = "Sail further"
BUY_HERE = "Buy this upgrade card"


def _distance(s: S, start: int, goal: int) -> int:
    """The fewest steps from ``start`` to ``goal`` (-1: unreachable)."""
    seen, todo = {start: 0}, deque([start])
    while todo:
        n = todo.popleft()
        if n == goal:
            return seen[n]
        for m in s.board.neighbours(n):
            if m not in seen:
                seen[m] = seen[n] + 1
                todo.append(m)
    return -1


def _kind_at(s: S, n: int) -> str:
    """What ``n`` is to everybody: a space name, a card type, or "unknown" (face down)."""
    if n >= GRID:
        return "place"
    card = s.slot[n]
    if card < 0:
        return "blank"
    if not s.up[n]:
        return "location" if s.face_down_kind(n) == "location" else "unknown"
    return s.cards[card].type


def _closed_move(s: S, p: int) -> list[Closed]:
    here, moves, d = s.ship[p], s.max_moves(p), s.doubloons[p]
    if here == BAY:
        return []
    col = column(here)
    out = []
    origin = "the start area" if here == START else f"column {col}"
    out.append(Closed(STAY, f"a move must end at least one column right of {origin}", "MA-5.5"))
    dests = destinations(s.board, here, moves)
    if BAY not in dests:
        far = _distance(s, here, BAY)
        out.append(
            Closed(
                BAY_OPTION, f"the Bay is {far} spaces away and you sail at most {moves}", "MA-5.1"
            )
        )
    out.append(
        Closed(
            MARACAIBO_OPTION,
            f"Maracaibo is reached only from the Bay, and you are in {origin}",
            "MA-GAP-9.4",
        )
    )
    kinds = {n: _kind_at(s, n) for n in dests}
    unknown = "unknown" in kinds.values()
    ups = [n for n, k in kinds.items() if k == "upgrade"]
    if not ups and not unknown:
        out.append(
            Closed(UPGRADE_OPTION, f"no upgrade card lies within your {moves} spaces", "MA-5.1")
        )
    elif ups and not unknown:
        cheapest = min(s.cost(p, s.slot[n]) for n in ups)
        if cheapest > d:
            out.append(
                Closed(
                    UPGRADE_OPTION,
                    (
                        f"the cheapest upgrade card in reach costs {cheapest} after "
                        f"discounts and you have {d} doubloons"
                    ),
                    "MA-5.11",
                )
            )
    homes = [s.slot[n] for n, k in kinds.items() if k == "residence"]
    if not homes:
        out.append(
            Closed(RESIDENCE_OPTION, f"no residence lies within your {moves} spaces", "MA-5.1")
        )
    else:
        new = [c for c in homes if p not in s.res[c]]
        if not new:
            out.append(
                Closed(
                    RESIDENCE_OPTION, "you have already built every residence in reach", "MA-5.19"
                )
            )
        else:
            cheapest = min(residence_price(s, p, c) for c in new)
            if cheapest > d:
                out.append(
                    Closed(
                        RESIDENCE_OPTION,
                        (
                            f"the cheapest residence in reach you lack costs {cheapest} "
                            f"and you have {d} doubloons"
                        ),
                        "MA-5.16",
                    )
                )
    if not unknown and "location" not in kinds.values():
        out.append(
            Closed(LOCATION_OPTION, f"no location lies within your {moves} spaces", "MA-5.1")
        )
    return out


def _closed_step(s: S, f: Frame) -> list[Closed]:
    p = f.seat
    step = f.record(Step)
    here = s.ship[p]
    out = []
    if len(step.path) == 1:
        out.append(Closed(STOP_OPTION, "you must sail at least one space first", "MA-5.1"))
    elif column(here) <= step.start_column:
        out.append(
            Closed(
                STOP_OPTION,
                (
                    f"you are in column {column(here)} and must end right of column "
                    f"{step.start_column}"
                ),
                "MA-5.5",
            )
        )
    if step.moves_left <= 0:
        out.append(Closed(ON_OPTION, "you have no steps left", "MA-5.1"))
    elif here == BAY and len(step.path) > 1:
        out.append(Closed(ON_OPTION, "sailing into the Bay ends the move", "MA-5.8"))
    return out


def _why_not(s: S, p: int, alt: tuple[Effect, ...]) -> tuple[str, str] | None:
    """Why an alternative of a location is not offered now, or None if it is."""
    d = s.doubloons[p]
    cost = sum(e.n for e in alt if e.do == "pay")
    if cost > d:
        return f"it costs {cost} doubloons and you have {d}", "MA-5.59"
    budget = d - cost
    reasons: list[tuple[str, str]] = []
    for e in alt:
        if e.do == "explore":
            if reach(s, p, 1):
                return None
            reasons.append(("your explorer has no space ahead on the track", "MA-5.36"))
        elif e.do == "bury":
            if can_bury(s, p):
                return None
            reasons.append(
                ("you have no treasure above the line with a free burial space", "MA-5.43")
            )
        elif e.do == "card":
            cat = e.category or ""
            if any(price <= budget for _, price in buyable(s, p, cat, e.n)):
                return None
            word = f"{cat.capitalize()} card" if cat else "upgrade card"
            prices = [
                s.cost(p, s.slot[n], e.n)
                for n in range(GRID)
                if s.slot[n] >= 0
                and s.up[n]
                and s.cards[s.slot[n]].type == "upgrade"
                and (not cat or s.cards[s.slot[n]].category == cat)
            ]
            if prices:
                reasons.append(
                    (
                        (
                            f"the cheapest face-up {word} costs {min(prices)} with "
                            f"the +{e.n} and you can spend {budget}"
                        ),
                        "MA-5.47",
                    )
                )
            else:
                reasons.append((f"no {word} lies face up in the Caribbean", "MA-5.47"))
        elif e.do != "pay":
            return None
    return reasons[0] if reasons else None


def _closed_location(s: S, f: Frame) -> list[Closed]:
    p = f.seat
    visit = f.record(Visit)
    out: list[Closed] = []
    seen: set[tuple[tuple[Effect, ...], ...]] = set()
    where_kind = "Bay" if visit.node == BAY else "Location"
    for g, alts in enumerate(groups_of(s, visit.node)):
        if alts in seen:
            continue
        seen.add(alts)
        for alt in alts:
            option = f"{where_kind} action: {describe_all(alt)}"
            if visit.groups_done >> g & 1:
                if len(alts) > 1:
                    out.append(
                        Closed(
                            option, 'you already made this "/" choice on this visit', "MA-10.6.8"
                        )
                    )
                else:
                    out.append(Closed(option, "you already did it on this visit", "MA-5.25"))
                continue
            why = _why_not(s, p, alt)
            if why is not None:
                out.append(Closed(option, why[0], why[1]))
    return out


def _closed_upgrade_space(s: S, f: Frame) -> list[Closed]:
    p, node = f.seat, f.record(Space).node
    card = s.slot[node]
    if card < 0:
        return []
    price, d = s.cost(p, card), s.doubloons[p]
    if price <= d:
        return []
    name = s.cards[card].name
    return [
        Closed(
            BUY_HERE, f"{name} costs {price} after discounts and you have {d} doubloons", "MA-5.11"
        )
    ]


def closed_options(s: S, f: Frame) -> list[Closed]:
    """The closed options of the main decisions of a turn: where to sail (``move``, ``step``)
    and what to do on the space (``location``, ``bay``, ``upgrade_space``); else []."""
    if f.kind == "move":
        return _closed_move(s, f.seat)
    if f.kind == "step":
        return _closed_step(s, f)
    if f.kind in ("location", "bay"):
        return _closed_location(s, f)
    if f.kind == "upgrade_space":
        return _closed_upgrade_space(s, f)
    return []
