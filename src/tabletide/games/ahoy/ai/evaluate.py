"""What a position of Ahoy is worth to a seat, in fame: the bots' evaluation hook.

Fame comes from three places. The Fleet and the Union score every region they control at each
round end (AH-7.3). The Smugglers score deliveries (AH-6.3.5) and, at the very end, their favor
cards (AH-7.9). So a seat's value is:

* the fame it has now;
* for the Fleet and the Union, **this round's scoring**: each region's wealth times the chance
  that the seat still controls it when the round ends. That chance comes from its control
  margin (AH-7.2) and from how many dice the other side still holds this round. A Bombard or an
  Uprising the other side can still make with one die counts half (AH-6.1.2, AH-6.2.2);
* for the Fleet and the Union, **the later round ends**: the same regions with a flatter
  chance, times the number of round ends likely left before someone reaches 30 fame (AH-7.4);
* for a Smuggler, its **favor cards** scored on today's board (AH-7.9), its **cargo** (a
  delivery is 2 fame, a reward and a favor card) by the spaces of sailing to an island where it
  can be delivered, and, while it has room, the spaces to the nearest island where it can
  smuggle a card; in the middle of a delivery, the reward and the favor card still to choose;
* **material** at a rate that shrinks as the end nears: gold (a Smuggler's beyond a few gold
  little), crew, and for the Union its Ready allies and plans; damage on die spots counts
  against it.

The horizon (round ends left) is the leader's distance to 30 fame over its likely gain per
round, shared by every seat. The tempo discount of a seat's material looks only at the other
seats' progress, so that one more fame, gold or Ready ally never lowers a seat's value. At the
end of the game the value is the final fame exactly.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from tabletide.games.ahoy.actions import Whisper
from tabletide.games.ahoy.cards import Favor, grid_moves, reward_possible
from tabletide.games.ahoy.constants import (
    CARGO_LIMIT,
    CUTTER,
    DELTA,
    FAME_TO_WIN,
    FORT_FIGS,
    SHIP_SPOT0,
)
from tabletide.games.ahoy.turn import controls

if TYPE_CHECKING:
    from tabletide.engine import State
    from tabletide.games.ahoy.state import AhoyState

MARGIN_CAP = 8
"""Control margins beyond this many points are as safe as this many."""


def hold_table(temper: float) -> list[float]:
    """P(a side with control margin m scores the region) for m = -MARGIN_CAP..MARGIN_CAP: a
    logistic centred between a tie (which scores nothing, AH-7.3) and a 1-point lead."""
    return [1.0 / (1.0 + math.exp(-(m - 0.5) / temper)) for m in range(-MARGIN_CAP, MARGIN_CAP + 1)]


NOW = [hold_table(0.12 + 0.1 * k) for k in range(6)]
"""The chance to score at this round's end, by the dice the other side still holds (0..5)."""
LATER = hold_table(0.9)
"""The chance to score a later round end with today's margin."""

LATER_WEIGHT = 1.0
PERSIST = 0.75
"""Fame still to come counts ``PERSIST ** t``, ``t`` the rounds until it is scored: today's
control is worth ``LATER_WEIGHT * PERSIST ** k`` at the k-th later round end, as the other
side has turns to take it back."""
MIN_PACE = 2.0
"""The least fame per round a seat is taken to gain, for the horizon."""
SMUGGLER_PACE = 3.0
"""A Smuggler's fame per round, for the horizon: about one delivery and its reward."""
LAST_ROUND = 10
"""No round end past this round is counted (the horizon's cap; games of random play last 7-12
rounds, games of the bots 7-9)."""
THREAT = 0.5
"""The weight of the margin after the other side's one-die Bombard or Uprising."""
LATER_THREAT = 0.8
"""The weight, at the later round ends, of the margin after next round's Bombard of the region
the Fleet's flagship is in (AH-6.1.2) or Uprising of the region the Union's flagship is in
(AH-6.2.2): with fresh dice the Fleet rolls a 4 or turns a die to it most rounds. Without this
the Union's bots counted allies placed beside the Fleet's flagship at the end of a round as
lasting, and lost them to a Bombard the next round (5 Bombards a game)."""
GOLD = 0.4
CREW = 0.6
DAMAGE = 0.8
SHIP_DAMAGE = 1.0
"""Per damage token on the cutter's or gunboat's card (it is never repaired, AH-6.2.5)."""
READY_ALLY = 0.4
"""A Ready ally: a Persuasion die gains 4 (AH-6.2.2). Valued lower (0.25, and less beyond 8),
the Union searched by ISMCTS ran out of allies and lost much more often (see the doc)."""
PLAN_VALUE = {
    "stealth_attack": 1.2,
    "cutter": 1.5,
    "gunboat": 1.2,
    "recruitment_drive": 1.0,
    "evacuation": 0.4,
    "swift_approach": 0.6,
    "weapons_cache": 0.5,
    "secret_weapon": 0.6,
    "near_miss": 0.5,
}
CARGO_HERE = 2.0
"""A cargo card on an island where it can be delivered: less than the 2 fame, reward and favor
card that delivering it brings (AH-6.3.5), so that the bot delivers."""
CARGO_FAR = 0.7
"""A cargo card whose island is far away: its worth fades from ``CARGO_HERE`` towards this by
``ROUTE_DECAY`` per space of sailing."""
CARGO_BLOCKED = 0.3
"""A cargo card whose island is not on the map, or only under a fort (AH-6.1.5)."""
PICKUP = 0.7
"""A Smuggler with room for cargo (AH-6.3.4), on an island where the market has a card to
smuggle (AH-6.3.3) whose own island is on the map; it fades by ``ROUTE_DECAY`` per space of
sailing to the nearest such island. It is at most ``CARGO_FAR``, so that smuggling the card
never lowers the value (a card whose island is not on the map counts ``CARGO_BLOCKED`` here as
in the hold)."""
ROUTE_DECAY = 0.65
"""What a Smuggler's plan keeps of its worth per space of sailing still ahead of it. Steep near
the island: the last space is worth more than the gold of a treasure (``SMUGGLER_GOLD``), so
the bot does not stop one space short of a delivery to anchor on a treasure."""
SMUGGLER_GOLD = 3
"""Gold a Smuggler values at ``GOLD`` each; more is worth ``SMUGGLER_SPARE_GOLD`` each. A
Smuggler's actions take any die but Repair's and Negotiation's (even) and it recruits for free
with Negotiation, so a few gold turn all the dice it needs; without this cap its bot anchored on
treasure turn after turn instead of delivering (19 gold and 4 deliveries in a 9-round game)."""
SMUGGLER_SPARE_GOLD = 0.1


def evaluate(state: State, seat: int) -> float:
    """The value of ``state`` to ``seat`` in fame (see the module text)."""
    s: AhoyState = state  # type: ignore[assignment]
    fame = s.fame
    if s.over:
        return float(fame[seat])
    fleet, union = controls(s)
    fs, us = s.fleet, s.union
    allies = s.allies
    whisper = 0
    if s.stack and s.stack[-1].kind == "whisper":
        allies = allies[:]
        whisper = _whisper(s, fleet, union, allies)
    pend_f, pend_u, later_f, later_u = _regions(s, fleet, union, allies, s.ready - whisper)
    # How many round ends are likely left after this one (AH-7.4): the least, over the seats,
    # of the distance to 30 fame over the seat's pace. A seat's pace is at least what its
    # later round ends are worth to it, so that more fame never lowers its value.
    n = s.num_players
    reach = [float(f) for f in fame]
    reach[fs] += pend_f
    reach[us] += pend_u
    pace = [SMUGGLER_PACE] * n
    pace[fs] = max(MIN_PACE, LATER_WEIGHT * later_f)
    pace[us] = max(MIN_PACE, LATER_WEIGHT * later_u)
    ends = [(FAME_TO_WIN - reach[i]) / pace[i] for i in range(n)]
    most = LAST_ROUND - s.round - (1 if _scored(s) else 0)
    rounds = _clamp(min(ends), most)
    # Fame to come fades with the time until it is scored: this round's by the share of the
    # round's dice still to be placed, each later round by one more round.
    soon = PERSIST ** _to_play(s)
    weight = soon * LATER_WEIGHT * PERSIST * (1.0 - PERSIST**rounds) / (1.0 - PERSIST)
    # Material loses its worth as the others near the end (the seat's own progress is left
    # out, so that more fame never lowers its value).
    tempo = min(1.0, 0.25 + _clamp(min(e for i, e in enumerate(ends) if i != seat), most) / 2)
    value = fame[seat] + tempo * (_material(s, seat) - _damage(s, seat))
    if seat == us:
        value -= tempo * READY_ALLY * whisper  # already counted on the islands
    if seat == fs:
        value += soon * pend_f + weight * later_f
    elif seat == us:
        value += soon * pend_u + weight * later_u
    elif s.faction[seat] == "smuggler":
        value += _favor(s, seat, fleet, union)
        if s.stack:
            value += _delivery_to_come(s, seat, fleet, union, tempo)
    return float(value)


def _clamp(rounds: float, most: float) -> float:
    return 0.0 if rounds < 0 or most <= 0 else most if rounds > most else rounds


def _to_play(s: AhoyState) -> float:
    """The share of this round still to be played: dice in hand over the round's dice (a
    whole round while the 2-player adjustment waits for the next one)."""
    if _scored(s):
        return 1.0
    dice = _DICE.get(s.faction)
    if dice is None:
        dice = _DICE[s.faction] = sum(s.content.board(f).dice for f in s.faction)
    return sum(len(h) for h in s.hand) / dice


_DICE: dict[tuple[str, ...], int] = {}


def _scored(s: AhoyState) -> bool:
    """Whether this round is scored and its 2-player adjustment is being decided (AH-7.5)."""
    return bool(s.stack) and s.stack[0].kind == "@cleanup"


def _regions(
    s: AhoyState, fleet: list[int], union: list[int], allies: list[int], ready: int
) -> tuple[float, float, float, float]:
    """This round's expected region scoring of the Fleet and the Union, and their expected
    scoring per later round (AH-7.3). ``allies``: the allies on each island (with those of a
    Whisper Campaign under way), which a Bombard would remove; ``ready``: the Ready allies left
    for an Uprising next round."""
    hand = s.hand
    fs, us = s.fleet, s.union
    top = 2 * MARGIN_CAP
    claw = claw_region(s)
    if _scored(s):
        # The 2-player adjustment (AH-7.5): this round is scored, the next one is to come
        # with fresh dice.
        now_f = NOW[min(5, s.content.board("union").dice)]
        now_u = NOW[min(5, s.content.board("fleet").dice)]
        bomb, rise, rise_n = -1, -1, 0
    else:
        now_f = NOW[min(5, len(hand[us]))]
        now_u = NOW[min(5, len(hand[fs]))]
        bomb = _bombard_region(s) if hand[fs] else -1
        rise, rise_n = _uprising(s) if hand[us] else (-1, 0)
    later = LATER
    # Next round's threats (fresh dice): the Bombard of the region the Fleet's flagship is in,
    # the Uprising of the region the Union's flagship is in.
    next_bomb, next_rise = _flagship_region(s, fs), _flagship_region(s, us)
    next_rise_n = min(4, ready)
    pend_f = pend_u = later_f = later_u = 0.0
    for r, w in enumerate(s.wealth):
        k = fleet[r] - union[r] + MARGIN_CAP  # the Fleet's margin, as a table index
        k = 0 if k < 0 else top if k > top else k
        if r in (next_bomb, next_rise):
            j = _threatened(k, r, next_bomb, next_rise, next_rise_n, allies[r], claw, top)
            later_f += w * ((1 - LATER_THREAT) * later[k] + LATER_THREAT * later[j])
            later_u += w * ((1 - LATER_THREAT) * later[top - k] + LATER_THREAT * later[top - j])
        else:
            later_f += w * later[k]
            later_u += w * later[top - k]
        if r in (bomb, rise):
            j = _threatened(k, r, bomb, rise, rise_n, allies[r], claw, top)
            pend_f += w * ((1 - THREAT) * now_f[k] + THREAT * now_f[j])
            pend_u += w * ((1 - THREAT) * now_u[top - k] + THREAT * now_u[top - j])
        else:
            pend_f += w * now_f[k]
            pend_u += w * now_u[top - k]
    return pend_f, pend_u, later_f, later_u


def _threatened(
    k: int, r: int, bomb: int, rise: int, rise_n: int, allies: int, claw: int, top: int
) -> int:
    """The Fleet's margin in region ``r`` as a table index (``k`` now) after a Bombard of
    region ``bomb`` (its ``allies`` removed) and an Uprising of ``rise_n`` allies in region
    ``rise``; each counts twice in the region of the Mighty Claw's cutter (``claw``,
    AH-6.2.8)."""
    j = k
    if r == bomb:
        j += allies * (2 if r == claw else 1)
    if r == rise:
        j -= rise_n * (2 if r == claw else 1)
    return 0 if j < 0 else top if j > top else j


def _material(s: AhoyState, seat: int) -> float:
    """Gold, crew, cargo, and the Union's Ready allies and plans, before the tempo discount."""
    smuggler = s.faction[seat] == "smuggler"
    value = _gold(s, seat, s.gold[seat]) + CREW * len(s.crew[seat])
    if seat == s.union:
        plans = s.plan_cards
        value += READY_ALLY * s.ready + sum(PLAN_VALUE[plans[c]] for c in s.plan_hand)
        value += _rider(s, seat)
    if smuggler:
        value += _route(s, seat)
    return value


def _gold(s: AhoyState, seat: int, gold: int) -> float:
    """What ``gold`` is worth to ``seat``: ``GOLD`` each, but a Smuggler's beyond
    ``SMUGGLER_GOLD`` only ``SMUGGLER_SPARE_GOLD`` each."""
    if gold > SMUGGLER_GOLD and s.faction[seat] == "smuggler":
        return GOLD * SMUGGLER_GOLD + SMUGGLER_SPARE_GOLD * (gold - SMUGGLER_GOLD)
    return GOLD * gold


def _whisper(s: AhoyState, fleet: list[int], union: list[int], allies: list[int]) -> int:
    """A Whisper Campaign under way (AH-6.2.2): the allies it still places, one on each of the
    islands where an ally gains the Union most, are added to ``union`` and ``allies``; returns
    how many.

    The allies are placed one decision at a time, so the bots' short lookahead saw only the
    die spent: without this term the Union's bots almost never whispered."""
    used = s.stack[-1].record(Whisper).used
    k = min(4 - len(used), s.ready)
    if k <= 0:
        return 0
    top = 2 * MARGIN_CAP
    now = NOW[min(5, len(s.hand[s.fleet]))]
    later = LATER
    claw = claw_region(s)
    gains = []
    for r, w in enumerate(s.wealth):
        if r in used:
            continue
        add = 2 if r == claw else 1
        m = union[r] - fleet[r] + MARGIN_CAP
        m = 0 if m < 0 else top if m > top else m
        j = top if m + add > top else m + add
        gains.append((w * (now[j] - now[m] + later[j] - later[m]), r, add))
    gains.sort(reverse=True)
    for _, r, add in gains[:k]:
        union[r] += add
        allies[r] += 1
    return min(k, len(gains))


RIDER = 0.8
"""A Sail of the Union's flagship under way that can still anchor on an island: the rider
(AH-6.2.2) then places 2 allies or gains 2 Ready allies, at least the worth of 2 Ready allies."""


def _rider(s: AhoyState, seat: int) -> float:
    """``RIDER`` while the flagship's Sail can still anchor on an island (the move is decided
    step by step, so the bots' short lookahead did not see the rider at its end)."""
    for mv in s.moves:
        if mv.fig == seat and mv.rider == "allies" and not (mv.dead or mv.ended):
            here = s.fig[seat]
            for d in island_steps(s, here).values():
                if d <= mv.steps and (d or mv.moved):
                    return RIDER
    return 0.0


def _route(s: AhoyState, seat: int) -> float:
    """A Smuggler's cargo (AH-6.3.5) and its next card to smuggle (AH-6.3.3), each worth less
    the more turns of sailing it needs to reach an island where it can deliver or smuggle."""
    cargo = s.cargo[seat]
    room = len(cargo) < CARGO_LIMIT
    if not cargo and not (room and s.market):
        return 0.0
    cells = s.cells
    forts = {s.fig[f] for f in FORT_FIGS}
    # A move under way (a Sail or Fast Sail die just placed) still has steps to take.
    ahead = max(
        (mv.steps for mv in s.moves if mv.fig == seat and not (mv.dead or mv.ended)), default=0
    )
    nearest: dict[str | None, int] = {}  # open island symbol -> fewest steps to one
    for p, d in island_steps(s, s.fig[seat]).items():
        if p not in forts:
            symbol = cells[p].symbol
            d = max(0, d - ahead)
            if d < nearest.get(symbol, 1 << 30):
                nearest[symbol] = d
    market = s.content.market
    value = 0.0
    for card in cargo:
        way = nearest.get(market[card].cargo_symbol)
        if way is None:
            value += CARGO_BLOCKED
        else:
            value += CARGO_FAR + (CARGO_HERE - CARGO_FAR) * ROUTE_DECAY**way
    if room:
        # The best card to smuggle next: one whose island is on the map is worth ``PICKUP``,
        # one whose island is not (or is under a fort) ``CARGO_BLOCKED``, as it will be in
        # the hold; both fade with the way to the island where it is smuggled.
        best = 0.0
        for c in s.market:
            way = nearest.get(market[c].symbol)
            if way is not None:
                worth = PICKUP if market[c].cargo_symbol in nearest else CARGO_BLOCKED
                best = max(best, worth * ROUTE_DECAY**way)
        value += best
    return value


_STEPS: dict[tuple[int, int, int], tuple[object, object, dict[int, int]]] = {}
_STEPS_KEPT = 4096


def island_steps(s: AhoyState, start: int) -> dict[int, int]:
    """The fewest steps from space ``start`` to each island space of the map (AH-5.11: one
    space per step, never across a sandbar). Currents, exploring and the Sea Witch are left out.
    Cached per map and start: a map's cells and sandbars are replaced, never changed, when a
    tile is added (``geometry``)."""
    cells, bars = s.cells, s.bars
    key = (id(cells), id(bars), start)
    hit = _STEPS.get(key)
    if hit is not None and hit[0] is cells and hit[1] is bars:
        return hit[2]
    dist = {start: 0} if start in cells else {}
    frontier = list(dist)
    while frontier:
        ahead: list[int] = []
        for pos in frontier:
            d = dist[pos] + 1
            for k, delta in enumerate(DELTA):
                nxt = pos + delta
                if nxt in cells and nxt not in dist and (pos, k) not in bars:
                    dist[nxt] = d
                    ahead.append(nxt)
        frontier = ahead
    found = {p: dist[p] for p in s.island_of if p in dist}
    if len(_STEPS) >= _STEPS_KEPT:
        _STEPS.clear()
    _STEPS[key] = (cells, bars, found)  # the references keep the ids from being reused
    return found


def _damage(s: AhoyState, seat: int) -> float:
    hurt = s.damage[seat]
    if not hurt:
        return 0.0
    ship = sum(1 for sp in hurt if sp >= SHIP_SPOT0)
    return DAMAGE * (len(hurt) - ship) + SHIP_DAMAGE * ship


def _favor(s: AhoyState, seat: int, fleet: list[int], union: list[int]) -> float:
    """AH-7.9 on today's board: each delivered card scores 1 per region of its symbol that the
    faction of its favor token controls."""
    favor = s.favor[seat]
    if not (favor[0] or favor[1]):
        return 0.0
    market = s.content.market
    cells, island_of = s.cells, s.island_of
    value = 0
    for r in range(len(s.placed)):
        f, u = fleet[r], union[r]
        if f == u:
            continue
        symbol = cells[island_of[r]].symbol
        value += sum(1 for card in favor[0 if f > u else 1] if market[card].symbol == symbol)
    return float(value)


def _delivery_to_come(
    s: AhoyState, seat: int, fleet: list[int], union: list[int], tempo: float
) -> float:
    """The parts of a delivery still to be decided (AH-6.3.5): the best reward the grid offers
    (AH-6.3.6; gold and a recruit are material, discounted by ``tempo`` like the rest) and the
    card's favor under the better token (AH-7.9 on today's board).

    They are decided one at a time after the 2 fame, so the bots' short lookahead saw a
    delivery as 2 fame for a card in the hold worth ``CARGO_HERE``, and often ended the turn
    on the island instead."""
    value = 0.0
    for frame in s.stack:
        if frame.seat != seat:
            continue
        if frame.kind == "favor":
            card = s.content.market[frame.record(Favor).card]
            value += max(_favor_of(s, card.symbol, fleet, union))
        elif frame.kind == "grid":
            value += max((_reward(s, seat, g, tempo) for g in grid_moves(s, seat)), default=0.0)
    return value


def _reward(s: AhoyState, seat: int, g: int, tempo: float) -> float:
    """A reward of the grid (AH-6.3.6) in fame, as the evaluation counts it."""
    if not reward_possible(s, seat, g):
        return 0.0
    space = s.content.reward_grid.spaces[g]
    if space.kind == "fame":
        return float(space.amount)
    if space.kind == "gold":
        gold = s.gold[seat]
        return tempo * (_gold(s, seat, gold + space.amount) - _gold(s, seat, gold))
    if space.kind == "recruit":
        return tempo * CREW
    return 0.0


def _favor_of(s: AhoyState, symbol: str, fleet: list[int], union: list[int]) -> tuple[float, float]:
    """What one delivered card of ``symbol`` scores under the Fleet and under the Union favor
    token on today's board (AH-7.9)."""
    cells, island_of = s.cells, s.island_of
    under_fleet = under_union = 0.0
    for r in range(len(s.placed)):
        if cells[island_of[r]].symbol == symbol:
            if fleet[r] > union[r]:
                under_fleet += 1
            elif union[r] > fleet[r]:
                under_union += 1
    return under_fleet, under_union


def claw_region(s: AhoyState) -> int:
    """The region of the cutter (Mighty Claw, AH-6.2.8), or -1."""
    pos = s.fig[CUTTER]
    return s.cells[pos].region if pos >= 0 else -1


_SPOTS: dict[tuple[int, str], int] = {}


def _spot(s: AhoyState, seat: int, action: str) -> int:
    """``s.spot_index`` remembered per board (the boards are shared, immutable content)."""
    key = (id(s.spots[seat]), action)
    spot = _SPOTS.get(key)
    if spot is None:
        spot = _SPOTS[key] = s.spot_index(seat, action)
    return spot


def _can_make(s: AhoyState, seat: int, spot: int, want: int) -> bool:
    """Whether ``seat`` can still put a die showing ``want`` on ``spot`` this round: the spot
    is free and undamaged and a die in hand shows ``want`` or can be turned to it with the
    seat's gold (AH-5.3; the Fence turns 2 per gold, AH-A.18)."""
    if spot in s.damage[seat]:
        return False
    for sp, _ in s.dice[seat]:
        if sp == spot:
            return False
    reach = s.gold[seat]
    if reach and s.has_crew(seat, "fence"):
        reach *= 2
    return any(want - reach <= v <= want + reach for v in s.hand[seat])


def _bombard_region(s: AhoyState) -> int:
    """The region whose allies the Fleet could still Bombard this round (AH-6.1.2), or -1."""
    fs = s.fleet
    pos = s.fig[fs]
    if pos < 0:
        return -1
    r = s.cells[pos].region
    if not s.allies[r] or not _can_make(s, fs, _spot(s, fs, "bombard"), 4):
        return -1
    return r


def _flagship_region(s: AhoyState, seat: int) -> int:
    """The region of ``seat``'s flagship, or -1."""
    pos = s.fig[seat]
    return s.cells[pos].region if pos >= 0 else -1


def _uprising(s: AhoyState) -> tuple[int, int]:
    """The region where the Union could still place allies with Uprising this round
    (AH-6.2.2) and how many, or (-1, 0)."""
    us = s.union
    pos = s.fig[us]
    if pos < 0 or not s.ready or not _can_make(s, us, _spot(s, us, "uprising"), 1):
        return -1, 0
    return s.cells[pos].region, min(4, s.ready)
