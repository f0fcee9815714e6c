"""The bots' evaluation of Tiny Epic Pirates (``evaluate.py``): it is the score at the end (the
margin over the Legendary Pirate in solo), read-only, the same for equal positions of different
seats, never lower with more gold, loot, treasures or working deckhands, below a treasure for
any amount of material, and good enough that the greedy bot finds the clearly better move."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tabletide.agents import GreedyAgent
from tabletide.engine import Frame, Rng
from tabletide.games.tiny_epic_pirates.ai.evaluate import evaluate, ship_worth
from tabletide.games.tiny_epic_pirates.constants import (
    CANNONS,
    EXTORTION,
    MAX_CARGO,
    MAX_GOLD,
    REPAIRS,
    RIGGING,
    TREASURES,
)
from tabletide.games.tiny_epic_pirates.content import (
    ORDERS,
    BonusAction,
    BonusRow,
    Captain,
    CardFace,
)
from tabletide.games.tiny_epic_pirates.state import PiratesState

from .helpers import GAME, act, cubes, find, kind, new, plain_sea, put, start_turn, with_card

HERE = 5  # (2,2)
EAST = 6  # (2,3)
N, E, S, W = range(4)


# ---------------------------------------------------------------------------- helpers
def random_states(num_players: int, seeds: range, every: int = 7) -> list[PiratesState]:
    """Positions sampled from random playouts, the last one finished."""
    out = []
    for seed in seeds:
        s = GAME.new_state(num_players, seed)
        assert isinstance(s, PiratesState)
        rng = Rng(seed)
        step = 0
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
            step += 1
            if step % every == 0:
                out.append(s.clone())
        out.append(s)
    return out


def snapshot(s: PiratesState) -> dict[str, Any]:
    """Every field by value; the append-only logs by length."""
    skip = ("game", "content", "rng", "_last_legal", "events", "history")
    fields = {k: v for k, v in vars(s).items() if k not in skip}
    logs = {"events": len(s.events), "history": len(s.history)}
    return copy.deepcopy(fields) | logs | {"rng": s.rng._s, "content": id(s.content)}


def set_captain(
    s: PiratesState, ship: int, trigger: str = "search", dice: tuple[int, ...] = ()
) -> None:
    """A captain card whose row is "Bury, then Plunder" on ``trigger``, with these die faces."""
    row = BonusRow(trigger=trigger, actions=(BonusAction(kind="bury"), BonusAction(kind="plunder")))
    face = CardFace(dice=dice, bonus=row)
    caps = list(s.content.captains)
    caps.append(Captain(id=len(caps), name=f"test captain {ship}", sides=(face, face)))
    s.content = s.content.model_copy(update={"captains": tuple(caps)})
    s.captain_card[ship] = len(caps) - 1
    s.side[ship] = 0


def quiet_sea(n: int = 2) -> PiratesState:
    """A featureless sea but for three dear burial spots in the top corners, every ship alone
    on its card with a plain "Bury on Search" captain, no crew, 1 gold; merchants and the Navy
    parked in corners."""
    s = plain_sea(new(n, 0))
    with_card(s, 0, burial=(11, 11))
    with_card(s, 3, burial=(12,))
    s.search = [-1] * 16
    for ship in range(n):
        put(s, ship, [HERE, 15, 12, 3][ship])
        set_captain(s, ship)
        s.crew[ship] = []
        s.cargo[ship] = []
        s.gold[ship] = 1
    s.merchant_at = [0, 3]
    s.merchant_dest = [15, 12]
    s.navy = 15
    return s


def captain_before(s: PiratesState, ship: int, order: str) -> None:
    """Put ``ship``'s captain one space before ``order`` (no crossing when it moves on)."""
    space = s.helm[ship].index(ORDERS.index(order))
    s.captain[ship] = (space - 1) % 6
    if s.captain[ship] == 5:  # reaching Hide crosses the line; nothing here needs that
        raise AssertionError("choose another order")


def greedy_picks(s: PiratesState, seeds: range = range(5)) -> set[str]:
    return {GreedyAgent(seed).act(s).label for seed in seeds}


# ---------------------------------------------------------------------------- the contract
@pytest.mark.parametrize("num_players", [2, 3])
def test_at_the_end_the_evaluation_is_the_score(num_players: int) -> None:
    for seed in range(3):
        s = random_states(num_players, range(seed, seed + 1), every=10**6)[-1]
        assert s.is_terminal()
        for seat in range(num_players):
            assert evaluate(s, seat) == s.scores()[seat]
            assert GAME.evaluate(s, seat) == s.scores()[seat]


def test_solo_is_the_margin_over_the_legendary_pirate() -> None:
    for s in random_states(1, range(3), every=40):
        if s.is_terminal():
            assert evaluate(s, 0) == s.buried[0] - s.buried[s.lp]
        else:
            # material counts on both sides, but a treasure always outweighs it
            lead = s.buried[0] - s.buried[s.lp]
            assert lead - 1 < evaluate(s, 0) < lead + 1


def test_the_evaluation_changes_nothing() -> None:
    for s in random_states(3, range(2), every=25):
        before = snapshot(s)
        for seat in range(3):
            evaluate(s, seat)
        assert snapshot(s) == before


def test_equal_positions_of_different_seats_are_worth_the_same() -> None:
    s = new(3, 4)
    s.helm = [h[:] for h in s.helm]  # shared with clones; this test edits it
    s.gold[0], s.cargo[0], s.volley[0], s.infamy[0] = 9, cubes("rum", "rum", "sugar"), 2, 3
    s.crew[0] = [5, 11, 20]
    s.assign[0] = [2, 0, 1, 1]
    s.captain[0], s.kept[0] = 3, ["sail2"]
    put(s, 0, 6)
    for field in ("gold", "infamy", "volley", "buried", "spare", "captain_card", "side", "mutiny"):
        getattr(s, field)[1] = getattr(s, field)[0]
    for field in ("cargo", "crew", "assign", "kept", "helm", "on_helm"):
        getattr(s, field)[1] = getattr(s, field)[0][:]
    s.captain[1], s.at[1], s.hidden[1] = s.captain[0], s.at[0], s.hidden[0]
    s.crew[2] = []
    start_turn(s, 2)  # neither seat 0 nor seat 1 is the one to move
    assert evaluate(s, 0) == pytest.approx(evaluate(s, 1))
    s.gold[1] -= 3
    assert evaluate(s, 0) > evaluate(s, 1)


# ---------------------------------------------------------------------------- monotony
def test_more_gold_never_lowers_the_evaluation() -> None:
    checked = 0
    for s in random_states(2, range(4)):
        if s.is_terminal():
            continue
        for seat in range(2):
            if s.gold[seat] < MAX_GOLD:
                richer = s.clone()
                richer.gold[seat] += 1
                assert evaluate(richer, seat) >= evaluate(s, seat) - 1e-12
                checked += 1
    assert checked > 50


def test_more_loot_never_lowers_the_evaluation() -> None:
    checked = 0
    for s in random_states(2, range(4)):
        if s.is_terminal():
            continue
        for seat in range(2):
            if len(s.cargo[seat]) < MAX_CARGO:
                for loot in range(4):
                    fuller = s.clone()
                    fuller.cargo[seat] = sorted([*fuller.cargo[seat], loot])
                    assert evaluate(fuller, seat) >= evaluate(s, seat) - 1e-12
                    checked += 1
    assert checked > 50


def test_working_deckhands_and_volleys_never_lower_the_evaluation() -> None:
    checked = 0
    for s in random_states(2, range(4)):
        if s.is_terminal():
            continue
        for seat in range(2):
            if s.assign[seat][REPAIRS]:
                for job in (RIGGING, CANNONS, EXTORTION):
                    fixed = s.clone()
                    fixed.assign[seat][REPAIRS] -= 1
                    fixed.assign[seat][job] += 1
                    assert evaluate(fixed, seat) >= evaluate(s, seat) - 1e-12
                    checked += 1
            armed = s.clone()
            armed.volley[seat] += 1
            assert evaluate(armed, seat) >= evaluate(s, seat) - 1e-12
    assert checked > 10


def test_no_material_is_worth_a_treasure() -> None:
    """Below three treasures a ship is worth less than its treasures plus one per treasure to
    go, and at least its treasures; the third treasure beats any position without it."""
    for s in random_states(2, range(4)):
        if s.is_terminal():
            continue
        for seat in range(2):
            value = ship_worth(s, seat)
            assert s.buried[seat] <= value
            if s.buried[seat] < TREASURES:
                assert value < TREASURES
    s = quiet_sea()
    s.gold[0], s.volley[0], s.infamy[0] = MAX_GOLD, 3, 6
    s.cargo[0] = cubes("rum", "rum", "rum")
    s.buried[0] = 2
    done = s.clone()
    done.buried[0] = 3
    assert ship_worth(done, 0) > ship_worth(s, 0)


# ---------------------------------------------------------------------------- the terms
def test_a_reachable_burial_spot_is_worth_more_than_a_far_one() -> None:
    s = quiet_sea()
    with_card(s, EAST, burial=(6,))
    s.gold[0] = 8
    far = s.clone()
    put(far, 0, 12)  # (4,1): four cards from the spot
    assert evaluate(s, 0) > evaluate(far, 0)


def test_the_navy_in_reach_of_a_crossing_ship_costs_its_deckhands() -> None:
    s = quiet_sea()
    s.captain[0] = 5
    start_turn(s, 0)
    act(s, "captain", steps=2)  # past the ship line to space 1: step 5 will happen
    assert s.crossed and kind(s) == "sail"
    s.navy = 4  # (2,1): next to the ship
    near = evaluate(s, 0)
    s.navy = 15
    assert near < evaluate(s, 0)


# ---------------------------------------------------------------------------- greedy finds the move
def test_greedy_buries_when_it_can() -> None:
    s = quiet_sea()
    with_card(s, HERE, burial=(6,))
    s.gold[0] = 8
    captain_before(s, 0, "search")
    start_turn(s, 0)
    act(s, "captain", steps=1)
    act(s, "done")
    assert kind(s) == "bonus"
    assert greedy_picks(s) == {find(s, "bonus", card=0, index=0).label}  # type: ignore[union-attr]


def test_greedy_buries_its_third_treasure_rather_than_keep_its_riches() -> None:
    s = quiet_sea()
    with_card(s, HERE, burial=(10,))
    s.gold[0], s.buried[0], s.volley[0] = 12, 2, 3
    s.crew[0] = [22, 23, 10]
    s.burial[0] = [0, 0]  # where the first two lie does not matter
    captain_before(s, 0, "search")
    start_turn(s, 0)
    act(s, "captain", steps=1)
    act(s, "done")
    assert greedy_picks(s) == {find(s, "bonus", card=0, index=0).label}  # type: ignore[union-attr]


def test_greedy_sails_to_the_spot_it_can_bury_on() -> None:
    s = quiet_sea()
    with_card(s, EAST, burial=(6,))
    s.gold[0] = 8
    captain_before(s, 0, "search")
    start_turn(s, 0)
    act(s, "captain", steps=1)
    assert kind(s) == "sail"
    assert greedy_picks(s) == {find(s, "sail", direction=E).label}  # type: ignore[union-attr]


def test_greedy_steers_to_the_order_that_sells_its_cargo() -> None:
    s = quiet_sea()
    with_card(s, HERE, market="rum")
    s.cargo[0] = cubes("rum", "rum", "rum")
    s.market = [1, 0, 2, 3]  # rum at 5 gold
    s.gold[0] = 0
    captain_before(s, 0, "trade")
    trade_steps = 1
    start_turn(s, 0)
    for seed in range(5):
        assert GreedyAgent(seed).act(s).num("steps") == trade_steps
    act(s, "captain", steps=trade_steps)
    act(s, "done")
    assert kind(s) == "order"
    assert greedy_picks(s) == {"trade"}
    act(s, "perform")
    assert greedy_picks(s) == {find(s, "sell", count=3).label}  # type: ignore[union-attr]


def test_greedy_plunders_a_colony_with_room_aboard() -> None:
    s = quiet_sea()
    with_card(s, HERE, colony=2)
    captain_before(s, 0, "plunder")
    start_turn(s, 0)
    act(s, "captain", steps=1)
    act(s, "done")
    assert greedy_picks(s) == {"plunder"}


def test_greedy_hides_its_idle_deckhands_back_to_work() -> None:
    s = quiet_sea()
    with_card(s, HERE, cove=True)
    s.assign[0] = [0, 0, 0, 3]
    s.captain[0] = 5
    start_turn(s, 0)
    values = dict(zip(s.legal_actions(), GreedyAgent(0).action_values(s), strict=True))
    hide, search = (find(s, "captain", steps=k) for k in (1, 2))
    assert values[hide] > values[search]  # type: ignore[index]
    act(s, "captain", steps=1)
    act(s, "done")
    assert kind(s) == "order"
    assert greedy_picks(s) == {find(s, "perform").label}  # type: ignore[union-attr]
    act(s, "perform")
    assert kind(s) == "reassign"
    assert all(GreedyAgent(seed).act(s).kind == "move_hand" for seed in range(5))


def test_greedy_attacks_a_merchant_it_surely_sinks() -> None:
    s = quiet_sea()
    set_captain(s, 0, dice=(1, 2, 3, 4, 5, 6))  # every die hits
    s.assign[0] = [0, 3, 0, 0]
    s.merchant_at[0] = HERE
    captain_before(s, 0, "attack")
    start_turn(s, 0)
    for seed in range(5):
        assert GreedyAgent(seed).act(s).num("steps") == 1
    act(s, "captain", steps=1)
    act(s, "done")
    assert kind(s) == "order"
    assert greedy_picks(s) == {find(s, "perform").label}  # type: ignore[union-attr]


def test_greedy_keeps_the_navy_off_its_crossing() -> None:
    """Crossing the ship line with the Navy two cards away: greedy sails out of its reach
    (the Navy moves 1 card for a ship with no treasure) rather than stay."""
    s = quiet_sea()
    s.navy = 4  # (2,1)
    s.captain[0] = 5
    start_turn(s, 0)
    act(s, "captain", steps=2)
    assert s.crossed and kind(s) == "sail"
    for seed in range(5):
        action = GreedyAgent(seed).act(s)
        assert action.kind == "sail" and action.num("direction") in (N, E, S)


def test_phase_reads_the_pending_frames() -> None:
    from tabletide.games.tiny_epic_pirates.ai.evaluate import _phase

    s = quiet_sea()
    start_turn(s, 0)
    assert _phase(s, 0) == (0, 0) and _phase(s, 1)[0] == 3
    act(s, "captain", steps=1)
    assert _phase(s, 0)[0] == 1 and _phase(s, 0)[1] >= 1
    s.stack.append(Frame("bonus", 0, ()))
    assert _phase(s, 0)[0] == 1  # the order frame below still counts
