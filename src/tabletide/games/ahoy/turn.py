"""Setup choices (AH-3.13-3.16), turns (AH-4), the end of a turn (forts, Chronicler, Elder),
and the end of a round (AH-7): region scoring, the end of the game with favor scoring, the
2-player adjustment, rolling dice, the first player card and the Union's plans."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletide.engine import Action, Frame
from tabletide.games.ahoy import actions, cards, plans
from tabletide.games.ahoy.constants import (
    CUTTER,
    DICE_PER_TURN,
    FAME_TO_WIN,
    FORT0,
    FORT_FIGS,
    MARKET_SIZE,
    MAX_ROUNDS,
    PATROL0,
    PATROL_FIGS,
    START_ALLIES_ON_MAP,
    WEALTH_MAX,
)

if TYPE_CHECKING:
    from tabletide.games.ahoy.state import AhoyState


# ------------------------------------------------------------------ setup
def legal_start(s: AhoyState, frame: Frame) -> list[Action]:
    faction = s.faction[frame.seat]
    if faction == "fleet":  # AH-3.13 C: an island of the Fleet's choice
        spaces = list(s.island_of)
    elif faction == "union":  # AH-3.15 H: an empty island
        spaces = [p for p in s.island_of if not s.figures_at(p)]
    else:  # AH-3.14 D: any space but an island
        spaces = sorted(p for p, c in s.cells.items() if c.terrain != "island")
    return [Action.make("start", f"Start at {s.space_name(p)}", at=p) for p in spaces]


def apply_start(s: AhoyState, frame: Frame, action: Action) -> None:
    seat, pos = frame.seat, action.num("at")
    s.fig[seat] = pos
    if s.faction[seat] == "fleet":
        s.fig[PATROL0] = pos
    elif s.faction[seat] == "union":
        s.allies[s.region_at(pos)] += START_ALLIES_ON_MAP
    s.log("start", seat, at=pos)


def auto_first_turn(s: AhoyState, frame: Frame) -> None:
    s.log("round", None, round=s.round, first=s.first)
    begin_turn(s, s.first)  # AH-3.17


# ------------------------------------------------------------------ turns
def begin_turn(s: AhoyState, seat: int) -> None:
    s.active = seat
    s.quota = min(DICE_PER_TURN, len(s.hand[seat]))  # AH-4.3: the Fleet's third turn has 1
    s.placed_turn = 0
    s.once = []
    s.log("turn", seat, round=s.round)
    s.push("turn", seat)


def legal_turn(s: AhoyState, frame: Frame) -> list[Action]:
    seat = frame.seat
    placing = actions.placements(s, seat) if s.placed_turn < s.quota else []
    out: list[Action] = []
    if s.placed_turn >= s.quota or not placing:  # AH-GAP-8
        out.append(_END)
    out += placing
    out += cards.free_actions(s, seat)
    out += plans.free_actions(s, seat)
    return out


_END = Action.make("end", "End your turn")


def apply_turn(s: AhoyState, frame: Frame, action: Action) -> None:
    seat = frame.seat
    if action.kind == "end":
        _end_turn(s, seat)
        return
    s.push("turn", seat)
    if action.kind == "place":
        actions.place(s, seat, action)
    elif action.kind == "plan":
        plans.play(s, seat, action.num("card"))
    else:
        handled = cards.apply_free(s, seat, action)
        assert handled, action


def _end_turn(s: AhoyState, seat: int) -> None:
    missing = s.quota - s.placed_turn
    if missing > 0:  # AH-5.5: dice that cannot be placed are set aside
        aside = s.hand[seat][:missing]
        del s.hand[seat][:missing]
        s.log("set_aside", seat, dice=aside)
    s.push("@turn_over", seat)
    if seat == s.fleet and fort_islands(s):
        s.push("fort", seat)


def fort_islands(s: AhoyState) -> list[int]:
    """AH-6.1.4: islands with 2 patrols on them, while a fort is left."""
    if all(s.fig[f] >= 0 for f in FORT_FIGS):
        return []
    patrols = s.fig[PATROL0:FORT0]
    return [r for r, pos in enumerate(s.island_of) if patrols.count(pos) >= 2]


def legal_fort(s: AhoyState, frame: Frame) -> list[Action]:
    out = [Action.make("done", "No (more) forts")]
    for r in fort_islands(s):
        out.append(
            Action.make(
                "fort",
                f"Build a fort on {s.island_name(r)}",
                region=r,
            )
        )
    return out


def apply_fort(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "done":
        return
    pos = s.island_of[action.num("region")]
    for f in [f for f in PATROL_FIGS if s.fig[f] == pos][:2]:
        s.fig[f] = -1
    fort = next(f for f in FORT_FIGS if s.fig[f] < 0)
    s.fig[fort] = pos  # PLACE: no battle
    s.log("fort", frame.seat, at=pos)
    s.push("fort", frame.seat)


def auto_turn_over(s: AhoyState, frame: Frame) -> None:
    seat = frame.seat
    if s.has_crew(seat, "chronicler"):  # AH-A.5
        region = s.flag_region(seat)
        if any(
            o != seat and s.fig[o] >= 0 and s.region_at(s.fig[o]) == region
            for o in range(s.num_players)
        ):
            s.log("gold", seat, gold=s.gain_gold(seat, 1), why="Chronicler")
    if s.has_crew(seat, "elder") and not s.damage[seat]:  # AH-A.24
        s.log("gold", seat, gold=s.gain_gold(seat, 1), why="Elder")
    n = s.num_players
    for k in range(1, n + 1):  # AH-4.4: the next clockwise with dice left
        nxt = (seat + k) % n
        if s.hand[nxt]:
            begin_turn(s, nxt)
            return
    _round_end(s)


# ------------------------------------------------------------------ the end of a round
def controls(s: AhoyState) -> tuple[list[int], list[int]]:
    """AH-7.2: the Fleet's and the Union's control points in every region, in one pass over
    the figures: the flagships 2 (Fleet) and 1 (Union), a patrol 1, a fort 2, the cutter and
    the gunboat 1 each (Union), and each ally 1, 2 in the cutter's region (AH-6.2.8 Mighty
    Claw)."""
    n = len(s.placed)
    fleet = [0] * n
    union = [0] * n
    cells = s.cells
    fs, us = s.fleet, s.union
    for f, pos in enumerate(s.fig):
        cell = cells.get(pos)  # None: in the supply (-1), or off the map
        if cell is None:
            continue
        r = cell.region
        if f == fs:
            fleet[r] += 2
        elif PATROL0 <= f < FORT0:
            fleet[r] += 1
        elif FORT0 <= f < CUTTER:
            fleet[r] += 2
        elif f == us or f >= CUTTER:
            union[r] += 1
    allies = s.allies
    claw_region = s.region_at(s.fig[CUTTER])
    for r in range(n):
        union[r] += allies[r] * (2 if r == claw_region else 1)
    return fleet, union


def control(s: AhoyState, region: int) -> tuple[int, int]:
    """AH-7.2: (Fleet, Union) control points in a region."""
    fleet, union = controls(s)
    return fleet[region], union[region]


def controllers(s: AhoyState) -> list[str]:
    """Who controls each region: ``"fleet"``, ``"union"`` or ``""`` on a tie (AH-7.2)."""
    fleet, union = controls(s)
    return [
        "fleet" if f > u else "union" if u > f else "" for f, u in zip(fleet, union, strict=True)
    ]


def score_regions(s: AhoyState) -> None:
    """AH-7.3: the stronger of Fleet and Union gains the wealth; ties score nothing."""
    for r, who in enumerate(controllers(s)):  # scoring fame changes no control
        if who:
            seat = s.fleet if who == "fleet" else s.union
            s.fame[seat] += s.wealth[r]
            s.log("score", seat, region=r, fame=s.wealth[r])


def favor_scoring(s: AhoyState) -> None:
    """AH-7.9: each delivered card scores 1 per region with its symbol that the faction of its
    favor token controls."""
    owners = controllers(s)
    for seat in range(s.num_players):
        if s.faction[seat] != "smuggler":
            continue
        gained = 0
        for token, faction in enumerate(("fleet", "union")):
            for card in s.favor[seat][token]:
                symbol = s.card(card).symbol
                gained += sum(
                    1
                    for r in range(len(s.placed))
                    if owners[r] == faction and s.island_symbol(r) == symbol
                )
        s.fame[seat] += gained
        s.log(
            "favor_score", seat, fame=gained, fleet=s.favor[seat][0][:], union=s.favor[seat][1][:]
        )


def _round_end(s: AhoyState) -> None:
    score_regions(s)
    if max(s.fame) >= FAME_TO_WIN or s.round >= MAX_ROUNDS:  # AH-7.4
        favor_scoring(s)
        s.finish()
        return
    s.push("@cleanup", s.first)
    if s.num_players == 2:  # AH-7.5
        s.push("clear_market", s.first)
        if any(w < WEALTH_MAX for w in s.wealth):
            s.push("raise", s.first)


def legal_raise(s: AhoyState, frame: Frame) -> list[Action]:
    return [
        Action.make(
            "region", f"Raise the region of {s.island_name(r)} to {s.wealth[r] + 1}", region=r
        )
        for r in range(len(s.placed))
        if s.wealth[r] < WEALTH_MAX
    ]


def apply_raise(s: AhoyState, frame: Frame, action: Action) -> None:
    r = action.num("region")
    s.raise_wealth(r)
    s.log("wealth", frame.seat, region=r, wealth=s.wealth[r])


def legal_clear_market(s: AhoyState, frame: Frame) -> list[Action]:
    return [Action.make("no", "Keep the market"), Action.make("yes", "Clear the market")]


def apply_clear_market(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "yes":
        s.log("market_cleared", frame.seat, cards=s.market[:])
        s.market = []
        for _ in range(MARKET_SIZE):
            cards.refill(s)


def auto_cleanup(s: AhoyState, frame: Frame) -> None:
    for seat in range(s.num_players):  # AH-7.6: every die comes back and is rolled
        s.dice[seat] = []
        s.hand[seat] = s.roll(seat)
    s.first = (s.first + 1) % s.num_players  # AH-7.7
    plans.draw_plans(s)  # AH-7.8
    s.round += 1
    s.log("round", None, round=s.round, first=s.first)
    begin_turn(s, s.first)


LEGAL = {
    "start": legal_start,
    "turn": legal_turn,
    "fort": legal_fort,
    "raise": legal_raise,
    "clear_market": legal_clear_market,
}
APPLY = {
    "start": apply_start,
    "turn": apply_turn,
    "fort": apply_fort,
    "raise": apply_raise,
    "clear_market": apply_clear_market,
}
AUTO = {
    "@first_turn": auto_first_turn,
    "@turn_over": auto_turn_over,
    "@cleanup": auto_cleanup,
}
