"""The actions of the space where a ship ended (MA-5.10-5.25): upgrade cards, residences,
locations, the Bay and Maracaibo (MA-GAP-9), and the Rubies module's supply and market
(MA-9.16/9.17).

A location resolves in a fixed order (MA-5.21-5.25): its refill tile, a ruby, the owner's own
smuggler tile, one ship upgrade, then its actions in any order. Each action group is performed
at most once; a group with several alternatives ("/" on the card) allows one of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame, make_action
from tabletide.games.maracaibo.constants import (
    BAY,
    MARACAIBO,
    UPGRADE_SPACE_DOUBLOONS,
)
from tabletide.games.maracaibo.content import COLORS, Alternatives, Effect
from tabletide.games.maracaibo.effects import (
    SKIP,
    affordable,
    build,
    buyable,
    can_bury,
    push_effects,
    refill,
    residence_price,
    take_card,
)
from tabletide.games.maracaibo.explore import reach
from tabletide.games.maracaibo.memo import per_object
from tabletide.games.maracaibo.present.words import describe_all

if TYPE_CHECKING:
    from tabletide.games.maracaibo.state import MaracaiboState as S

DONE = make_action("done", "End your turn here")


class Space(NamedTuple):
    """``upgrade_space``, ``residence_space``, ``smuggle_here``: the node of the card."""

    node: int


class Visit(NamedTuple):
    """``location``, ``bay``: the node visited and its action groups done (bitmask)."""

    node: int
    groups_done: int


class RefillTile(NamedTuple):
    """``@refill_tile``: the location card whose refill tile resolves."""

    card: int


def push_space(s: S, p: int, node: int) -> None:
    """Queue the space's actions for ``p`` (John's are the solo rules' business)."""
    if p == s.john:
        return
    if node == MARACAIBO:
        maracaibo(s, p)
        return
    if node == BAY:
        s.push_record("bay", p, Visit(BAY, 0))
        if "rubies" in s.mods and s.rubies[p]:
            s.push("sell_ruby", p)
        return
    card = s.slot[node]
    if card < 0:  # MA-5.15: a blank card from the box
        s.doubloons[p] += UPGRADE_SPACE_DOUBLOONS
        s.log("doubloons", p, n=UPGRADE_SPACE_DOUBLOONS)
        return
    kind = s.cards[card].type
    if kind == "upgrade":
        s.push_record("upgrade_space", p, Space(node))
    elif kind == "residence":
        s.push_record("residence_space", p, Space(node))
    else:
        s.push_record("location", p, Visit(node, 0))
        s.push("ship_upgrade", p)
        if s.smug[node] >= 0 and s.smug[node] // 10 == p:
            s.push_record("smuggle_here", p, Space(node))
        if s.ruby_supply(node):
            s.push("ruby", p)
        if card in s.refill_of:  # MA-5.21: mandatory, once the ships on the card are met
            s.push_record("@refill_tile", p, RefillTile(card))


def auto_refill_tile(s: S, f: Frame) -> None:
    refill(s, f.seat, COLORS.index(s.refill_of[f.record(RefillTile).card]), 1)


def maracaibo(s: S, p: int) -> None:
    """MA-GAP-9.3: every arrival gains the Maracaibo reward; the first arrival ends the round
    after the last player's turn (MA-6.1)."""
    if not s.ending:
        s.log("round_ends", p, round=s.round)
    s.ending = True
    s.log("maracaibo", p)
    push_effects(s, p, s.content.places.maracaibo)


# ---------------------------------------------------------------------------- upgrade cards
def legal_upgrade_space(s: S, f: Frame) -> list[Action]:
    """MA-5.11: 5 doubloons, or pay the discounted cost and take the card."""
    p, node = f.seat, f.record(Space).node
    out = [make_action("take5", f"Take {UPGRADE_SPACE_DOUBLOONS} doubloons")]
    price = s.cost(p, s.slot[node])
    if price <= s.doubloons[p]:
        out.append(make_action("buy", f"Buy {s.cards[s.slot[node]].name} for {price}", at=node))
    return out


def apply_upgrade_space(s: S, f: Frame, a: Action) -> None:
    p, node = f.seat, f.record(Space).node
    if a.kind == "take5":
        s.doubloons[p] += UPGRADE_SPACE_DOUBLOONS
        s.log("doubloons", p, n=UPGRADE_SPACE_DOUBLOONS)
        return
    take_card(s, p, node, s.cost(p, s.slot[node]))


# ---------------------------------------------------------------------------- residences
def legal_residence_space(s: S, f: Frame) -> list[Action]:
    """MA-5.16-5.19: may build it (at most one marker per player per residence)."""
    p, node = f.seat, f.record(Space).node
    card = s.slot[node]
    price = residence_price(s, p, card)
    if p in s.res[card] or price > s.doubloons[p]:
        return []
    return [make_action("build", f"Build {s.cards[card].name} for {price}", at=node), SKIP]


def apply_residence_space(s: S, f: Frame, a: Action) -> None:
    if a.kind == "skip":
        return
    node = f.record(Space).node
    build(s, f.seat, node, residence_price(s, f.seat, s.slot[node]))


# ---------------------------------------------------------------------------- locations
def legal_smuggle_here(s: S, f: Frame) -> list[Action]:
    node = f.record(Space).node
    tile = s.smug[node] % 10
    text = s.content.smugglers[tile][s.smug_sides[tile]].text
    return [make_action("yes", f"Activate your smuggler tile: {text}"), make_action("no", "No")]


def apply_smuggle_here(s: S, f: Frame, a: Action) -> None:
    if a.kind == "yes":
        node = f.record(Space).node
        s.log("activate", f.seat, at=node)
        push_effects(s, f.seat, s.effects_of_smuggler(s.smug[node] % 10))


def groups_of(s: S, node: int) -> tuple[Alternatives, ...]:
    if node == BAY:
        return s.content.places.bay
    return s.cards[s.slot[node]].actions


def legal_location(s: S, f: Frame) -> list[Action]:
    """MA-5.25: the remaining action groups, any order; or end the turn."""
    visit = f.record(Visit)
    p, node, done = f.seat, visit.node, visit.groups_done
    out = []
    groups = groups_of(s, node)
    twins, acts = _earlier_twins(groups), _act_actions(groups)
    for g, alts in enumerate(groups):
        if done >> g & 1 or any(not done >> h & 1 for h in twins[g]):
            continue  # a group printed twice is one choice until the first is done
        for i, alt in enumerate(alts):
            if affordable(s, p, alt) and possible(s, p, alt):
                out.append(acts[g][i])
    if out:
        out.append(DONE)
    return out


@per_object
def _earlier_twins(groups: tuple[Alternatives, ...]) -> tuple[tuple[int, ...], ...]:
    """Per action group, the earlier groups printed the same (once per immutable group
    tuple: comparing pydantic records walks every field)."""
    return tuple(tuple(h for h in range(g) if groups[h] == groups[g]) for g in range(len(groups)))


@per_object
def _act_actions(groups: tuple[Alternatives, ...]) -> tuple[tuple[Action, ...], ...]:
    """The action choosing each alternative of each group (made once per group tuple)."""
    return tuple(
        tuple(make_action("act", describe_all(alt), group=g, alt=i) for i, alt in enumerate(alts))
        for g, alts in enumerate(groups)
    )


def possible(s: S, p: int, alt: tuple[Effect, ...]) -> bool:
    """Whether an alternative would do anything besides paying: an explore needs a space
    ahead, burying a treasure to bury, gaining a card one that is affordable after the
    alternative's payments."""
    for e in alt:  # the first effect that does something (one loop: legal lists ask often)
        do = e.do
        if do == "pay":
            continue
        if do == "explore":
            if reach(s, p, 1):
                return True
        elif do == "bury":
            if can_bury(s, p):
                return True
        elif do == "card":
            budget = s.doubloons[p] - sum(x.n for x in alt if x.do == "pay")
            if any(price <= budget for _, price in buyable(s, p, e.category or "", e.n)):
                return True
        else:
            return True
    return False


def apply_location(s: S, f: Frame, a: Action) -> None:
    visit = f.record(Visit)
    p, node, done = f.seat, visit.node, visit.groups_done
    if a.kind == "done":
        return
    g, i = a.num("group"), a.num("alt")
    s.push_record(f.kind, p, visit._replace(groups_done=done | 1 << g))
    s.log("action", p, text=describe_all(groups_of(s, node)[g][i]))
    push_effects(s, p, groups_of(s, node)[g][i])


# ---------------------------------------------------------------------------- rubies
def legal_ruby(s: S, f: Frame) -> list[Action]:
    return [make_action("yes", "Take a ruby"), make_action("no", "No")]


def apply_ruby(s: S, f: Frame, a: Action) -> None:
    if a.kind == "yes":
        s.rubies[f.seat] += 1
        s.log("ruby", f.seat)


def legal_sell_ruby(s: S, f: Frame) -> list[Action]:
    """MA-9.17: sell one ruby onto a free market space for its bonus; when all are taken, for
    2 VP."""
    market = s.content.places.ruby_market
    free = [i for i in range(len(market)) if not s.ruby_market >> i & 1]
    out = [
        make_action("sell_ruby", f"Sell a ruby: {describe_all(market[i])}", space=i) for i in free
    ]
    if not free:
        vp = s.content.places.ruby_sold_out_vp
        out.append(make_action("sell_ruby", f"Sell a ruby for {vp} VP", space=-1))
    return [*out, SKIP]


def apply_sell_ruby(s: S, f: Frame, a: Action) -> None:
    if a.kind == "skip":
        return
    p, i = f.seat, a.num("space")
    s.rubies[p] -= 1
    s.log("sell_ruby", p, space=i)
    if i < 0:
        s.vp[p] += s.content.places.ruby_sold_out_vp
        return
    s.ruby_market |= 1 << i
    push_effects(s, p, s.content.places.ruby_market[i])


LEGAL = {
    "upgrade_space": legal_upgrade_space,
    "residence_space": legal_residence_space,
    "smuggle_here": legal_smuggle_here,
    "location": legal_location,
    "bay": legal_location,
    "ruby": legal_ruby,
    "sell_ruby": legal_sell_ruby,
}
APPLY = {
    "upgrade_space": apply_upgrade_space,
    "residence_space": apply_residence_space,
    "smuggle_here": apply_smuggle_here,
    "location": apply_location,
    "bay": apply_location,
    "ruby": apply_ruby,
    "sell_ruby": apply_sell_ruby,
}
AUTO = {"@refill_tile": auto_refill_tile}
