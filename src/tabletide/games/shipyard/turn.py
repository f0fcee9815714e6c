"""The turn (SY-4): first turns, phase 1 (tile to the front), choosing a tile, income, the
main action and the bonus action, phase 5 voyages, laps and contract discards, and the end of
the game (SY-7: normal and early end, final actions, last chance)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame, make_action
from tabletide.games.shipyard import building, canals, scoring, supplies, track
from tabletide.games.shipyard.constants import (
    BONUS_PRICE,
    BUILD,
    CANAL,
    CREW_TILE,
    EQUIP,
    EXCHANGE,
    GOODS_TILE,
    HIRE,
    KEEP_AFTER_LAP,
    SUBSIDY,
    TILE_NAMES,
)

if TYPE_CHECKING:
    from tabletide.games.shipyard.state import ShipyardState


# ---------------------------------------------------------------------------- actions
def performable(state: ShipyardState, seat: int, tile: int, coins: int) -> bool:
    """SY-4.9.1 / SY-GAP-11b: whether the seat is able to perform the action with ``coins``."""
    if tile == BUILD:
        return building.can_build(state, seat, coins)
    if tile == CANAL:
        return canals.can_rent(state, coins)
    if tile == HIRE:
        return supplies.can_hire(state, seat, coins)
    if tile == GOODS_TILE:
        return supplies.can_buy_goods(state, coins)
    if tile == EXCHANGE:
        return bool(state.wagons[seat])
    return True  # Equipment production, Crew recruitment, Subsidy


def start_action(state: ShipyardState, seat: int, tile: int, how: str) -> None:
    """Perform the action of ``tile`` (SY-5); ``how`` is main, bonus or final (for the log)."""
    state.log("action", seat, tile=TILE_NAMES[tile], how=how)
    if tile == BUILD:
        building.start(state, seat)
    elif tile == CANAL:
        canals.start(state, seat)
    elif tile == EQUIP:
        supplies.start_circle(state, seat, "equipment")
    elif tile == CREW_TILE:
        supplies.start_circle(state, seat, "crew")
    elif tile == HIRE:
        supplies.start_hiring(state, seat)
    elif tile == GOODS_TILE:
        supplies.start_goods(state, seat)
    elif tile == EXCHANGE:
        supplies.start_exchange(state, seat)
    elif tile == SUBSIDY:
        supplies.do_subsidy(state, seat)


# ---------------------------------------------------------------------------- turn
class Menu(NamedTuple):
    """The ``@menu``/``menu`` steps of phase 4 (SY-4.12): what is done so far this turn."""

    main_done: bool
    """The main action has been performed."""
    bonus_done: bool
    """A bonus action has been bought."""
    tile: int
    """The action tile chosen in phase 2 (the main action)."""
    doable: bool
    """The chosen tile was performable when chosen (SY-GAP-11b)."""


def auto_start_turn(state: ShipyardState, frame: Frame) -> None:
    """Phase 1 (SY-4.5): move the tile chosen last turn (two turns ago with 2 players) to the
    front; skipped in first turns (SY-4.3.1, SY-4.4.1)."""
    seat = frame.seat
    if state.first_left[seat] == 0:
        figs = state.figs[seat]
        tile = figs[0]
        # 2 players: one of the two figures joins last turn's figure, one goes to hand.
        state.figs[seat] = [figs[2], figs[2]] if state.num_players == 2 else []
        if track.move_to_front(state, tile):
            state.lap_pending = True
        state.log("to_front", seat, tile=TILE_NAMES[tile])
    state.push("@end_turn", seat)
    state.push("choose_tile", seat)


def tile_candidates(state: ShipyardState, seat: int) -> tuple[list[int], bool]:
    """Tiles the seat may choose in phase 2 and whether they are performable (SY-4.9.1). In
    first turns any unoccupied tile, the leading one included (SY-4.3, SY-4.4). If none is
    performable, any allowed tile is chosen and performs nothing (SY-GAP-11b)."""
    tiles, able, _ = _candidates(state, seat)
    return tiles, able


def _candidates(state: ShipyardState, seat: int) -> tuple[list[int], bool, tuple[int, ...]]:
    """:func:`tile_candidates` and the income of every tile (the track read once)."""
    occ = track.occupied(state)
    inc = track.incomes(state, occ)
    first = state.first_left[seat] > 0
    allowed = [t for t in state.tiles if t not in occ and (first or t != state.lead)]
    coins = state.coins[seat]
    able = [t for t in allowed if performable(state, seat, t, coins + inc[t])]
    return (able, True, inc) if able else (allowed, False, inc)


def legal_choose_tile(state: ShipyardState, frame: Frame) -> list[Action]:
    tiles, _, inc = _candidates(state, frame.seat)
    return [_choose_tile_action(t, inc[t]) for t in tiles]


@cache
def _choose_tile_action(tile: int, income: int) -> Action:
    """The action choosing ``tile`` for ``income`` coins (cached: the label depends on the
    parameters and the tile names only)."""
    return make_action("choose_tile", f"{TILE_NAMES[tile]} (+{income} coins)", tile=tile)


def apply_choose_tile(state: ShipyardState, frame: Frame, action: Action) -> None:
    seat = frame.seat
    tile = action.num("tile")
    coins = track.income(state, tile)  # SY-4.10/4.11 (0 in the very first turn)
    # Chosen from the performable tiles unless none was (SY-GAP-11b fallback).
    doable = performable(state, seat, tile, state.coins[seat] + coins)
    if state.num_players == 2 and state.first_left[seat] == 2:
        state.figs[seat] = [tile, tile]  # SY-4.4.2/4.4.3: two figures on the first choice
    else:
        state.figs[seat].append(tile)
    if state.first_left[seat]:
        state.first_left[seat] -= 1
    state.coins[seat] += coins
    state.log("choose", seat, tile=TILE_NAMES[tile], income=coins)
    state.push_record("@menu", seat, Menu(False, False, tile, doable))


def bonus_tiles(state: ShipyardState, seat: int, chosen: int, main_done: bool) -> list[int]:
    """SY-4.12.2: any other action tile, for 6 coins, if it can then be performed. Before the
    main action only while the main action stays performable after paying (SY-4.12.4)."""
    return list(_bonus_tiles(state, seat, chosen, main_done))


def _bonus_tiles(state: ShipyardState, seat: int, chosen: int, main_done: bool) -> Iterator[int]:
    coins = state.coins[seat] - BONUS_PRICE
    if coins < 0 or (not main_done and not performable(state, seat, chosen, coins)):
        return
    for t in state.tiles:
        if t != chosen and performable(state, seat, t, coins):
            yield t


def bonus_possible(state: ShipyardState, seat: int, chosen: int, main_done: bool) -> bool:
    """Whether :func:`bonus_tiles` offers any tile (stops at the first)."""
    return next(_bonus_tiles(state, seat, chosen, main_done), None) is not None


def auto_menu(state: ShipyardState, frame: Frame) -> None:
    """Phase 4 (SY-4.12): the main action, optionally one bonus action before or after it."""
    seat = frame.seat
    menu = frame.record(Menu)
    if not menu.bonus_done and bonus_possible(state, seat, menu.tile, menu.main_done):
        state.push_record("menu", seat, menu)
    elif not menu.main_done:
        run_main(state, seat, menu)


def run_main(state: ShipyardState, seat: int, menu: Menu) -> None:
    """The chosen action must be performed (SY-4.12.1). If a bonus action taken first made it
    impossible, it performs nothing (SY-GAP-11b)."""
    state.push_record("@menu", seat, menu._replace(main_done=True))
    tile = menu.tile
    if menu.doable and performable(state, seat, tile, state.coins[seat]):
        start_action(state, seat, tile, "main")
    else:
        state.log("nothing", seat, tile=TILE_NAMES[tile])


def legal_menu(state: ShipyardState, frame: Frame) -> list[Action]:
    menu = frame.record(Menu)
    main_done, tile = menu.main_done, menu.tile
    out = []
    if main_done:
        out.append(make_action("end_turn", "End the turn (no bonus action)"))
    else:
        out.append(make_action("main", f"Perform {TILE_NAMES[tile]}"))
    for t in bonus_tiles(state, frame.seat, tile, main_done):
        when = "after" if main_done else "before"
        out.append(
            make_action(
                "bonus", f"Buy a bonus {TILE_NAMES[t]} for 6 ({when} the main action)", tile=t
            )
        )
    return out


def apply_menu(state: ShipyardState, frame: Frame, action: Action) -> None:
    seat = frame.seat
    menu = frame.record(Menu)
    if action.kind == "main":
        run_main(state, seat, menu)
    elif action.kind == "bonus":
        state.coins[seat] -= BONUS_PRICE  # SY-4.12.3: paid before it is performed
        state.push_record("@menu", seat, menu._replace(bonus_done=True))
        start_action(state, seat, action.num("tile"), "bonus")


def auto_end_turn(state: ShipyardState, frame: Frame) -> None:
    """Phase 5 (SY-4.13) and then the end-of-turn bookkeeping."""
    state.push("@finish_turn", frame.seat)
    state.push("@voyages", frame.seat)


def auto_finish_turn(state: ShipyardState, frame: Frame) -> None:
    """SY-4.14/4.15: a lap moves the round marker and may call for contract discards; then
    the next turn, or the end (SY-7.1 normal end; SY-7.2 early end once turns are equal)."""
    seat = frame.seat
    state.turns_taken[seat] += 1
    keep = None
    if state.lap_pending:
        state.lap_pending = False
        state.marker -= 1
        state.log("lap", None, marker=state.marker)
        keep = KEEP_AFTER_LAP[state.num_players].get(state.marker)
    last_seat = (state.start - 1) % state.num_players
    if state.marker == 0 or (state.early_end and seat == last_seat):
        state.push("@final_phase", -1)
    else:
        state.push("@start_turn", (seat + 1) % state.num_players)
    if keep is not None:
        scoring.push_discards(state, keep)


# ---------------------------------------------------------------------------- the end
def auto_final_phase(state: ShipyardState, frame: Frame) -> None:
    """SY-7.3.1: each player takes a final action, then each gets a last chance, starting with
    the starting player; then contracts are scored."""
    order = [(state.start + i) % state.num_players for i in range(state.num_players)]
    state.final = True
    state.log("final_phase", None)
    state.push("@scoring", -1)
    for seat in reversed(order):
        state.push("@last_chance", seat)
    for seat in reversed(order):
        state.push("@voyages", seat)
        state.push("final", seat)


def legal_final(state: ShipyardState, frame: Frame) -> list[Action]:
    """SY-7.4: any performable action regardless of figures; no income, no bonus; may pass
    (SY-GAP-11f)."""
    seat = frame.seat
    out = [
        make_action("final_action", f"Final action: {TILE_NAMES[t]}", tile=t)
        for t in state.tiles
        if performable(state, seat, t, state.coins[seat])
    ]
    out.append(make_action("pass", "Pass (no final action)"))
    return out


def apply_final(state: ShipyardState, frame: Frame, action: Action) -> None:
    if action.kind == "pass":
        state.log("pass", frame.seat)
        return
    start_action(state, frame.seat, action.num("tile"), "final")


def auto_last_chance(state: ShipyardState, frame: Frame) -> None:
    """SY-7.5: one part to complete a ship, bought as usual or a free substitute."""
    seat = frame.seat
    if building.part_options(state, seat, state.coins[seat], last_chance=True):
        state.push("@voyages", seat)
        building.start(state, seat, last_chance=True)


LEGAL = {"choose_tile": legal_choose_tile, "menu": legal_menu, "final": legal_final}
APPLY = {"choose_tile": apply_choose_tile, "menu": apply_menu, "final": apply_final}
AUTO = {
    "@start_turn": auto_start_turn,
    "@menu": auto_menu,
    "@end_turn": auto_end_turn,
    "@finish_turn": auto_finish_turn,
    "@final_phase": auto_final_phase,
    "@last_chance": auto_last_chance,
}
