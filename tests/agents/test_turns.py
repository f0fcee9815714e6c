"""Where the bots take a turn to end (``State.automated_turns``, ``greedy.in_turn``).

A turn used to end only when another seat was to move. In a solo game against a rival run by
the rules (Tiny Epic Pirates' Legendary Pirate, Maracaibo's John Silver) that never happens:
the rival's turn is automatic and the one seat moves again, so "finish my turn" played on for
the rest of the game (issue 24: Tiny Epic Pirates' ``hard`` lost all 30 solo games).
"""

from __future__ import annotations

from typing import Any

import pytest

import tabletide
from tabletide.agents import lookahead
from tabletide.agents.greedy import GreedyAgent, finish_turn, in_turn
from tabletide.agents.ismcts import IsmctsAgent
from tabletide.agents.lookahead import TURN_STEPS, LookaheadAgent
from tabletide.engine import Action, State

from .toys import VAULT


def door(d: int) -> Action:
    return Action.make("door", door=d)


def drawer(d: int) -> Action:
    return Action.make("drawer", drawer=d)


# ---------------------------------------------------------------------------- a toy solo game
def test_finish_turn_stops_at_the_end_of_a_solo_turn() -> None:
    """Solo Vault: after door 1 the turn's best is drawer 2 (the 9); the next turn is the
    seat's own too, but it is not part of this turn."""
    state = VAULT.new_state(1, 0)
    state.apply(door(1))
    finish_turn(state, 0, GreedyAgent(0), TURN_STEPS)
    assert state.turns == 1 and state.automated_turns() == 1
    assert state.points == [9]
    assert not state.is_terminal() and state.current_player() == 0


def test_finish_turn_after_the_decision_that_ended_the_turn_does_nothing() -> None:
    """The rival's turn count before that decision says which turn to finish: it is over."""
    state = VAULT.new_state(1, 0)
    state.apply(door(0))
    before = state.automated_turns()
    state.apply(drawer(0))
    finish_turn(state, 0, GreedyAgent(0), TURN_STEPS, before)
    assert state.turns == 1 and state.history == [door(0), drawer(0)]


def test_greedy_and_lookahead_judge_a_solo_move_by_its_own_turn() -> None:
    """Each door is worth its best drawer (3, 9, 4): not that plus the next turn's 9."""
    state = VAULT.new_state(1, 0)
    legal = state.legal_actions()
    assert GreedyAgent(0).action_values(state, legal) == [3.0, 9.0, 4.0]
    assert LookaheadAgent(0).action_values(state, legal) == [3.0, 9.0, 4.0]
    assert LookaheadAgent(0, replies=False).action_values(state, legal) == [3.0, 9.0, 4.0]


def test_ismcts_own_turn_stops_at_the_end_of_a_solo_turn() -> None:
    """With ``own_turn`` the tree holds only the turn in progress: a door, then a drawer."""
    agent = IsmctsAgent(0, iterations=60, own_turn=True)
    root = agent.search(VAULT.new_state(1, 0))
    depth = 0
    level = [root]
    while level:
        level = [child for node in level for child in node.children.values()]
        depth += bool(level)
    assert depth == 2


def test_in_turn() -> None:
    state = VAULT.new_state(2, 0)
    assert in_turn(state, 0, 0) and not in_turn(state, 1, 0) and not in_turn(state, 0, 1)
    state.apply(door(0))
    state.apply(drawer(0))
    assert state.automated_turns() == 0 and in_turn(state, 1, 0)  # no rival: seats only
    solo = VAULT.new_state(1, 0)
    solo.apply(door(0))
    solo.apply(drawer(0))
    assert solo.current_player() == 0 and not in_turn(solo, 0, 0) and in_turn(solo, 0, 1)


# ---------------------------------------------------------------------------- the real solo games
def solo_position(name: str, seed: int, decisions: int) -> State:
    """A solo game played greedily for ``decisions`` decisions, then on to the solo player's
    next decision whose turn is its own (not the opponent's turn asking it a tie)."""
    state = tabletide.load_game(name).new_state(1, seed)
    agent = GreedyAgent(seed)
    for _ in range(decisions):
        state.apply(agent.act(state))
    return state


def test_tiny_epic_pirates_counts_the_legendary_pirates_turns() -> None:
    """At the start of your turn in round r (the helm), the Legendary Pirate has ended r - 1
    turns; a 2-player game has no rival run by the rules."""
    state = tabletide.load_game("tiny_epic_pirates").new_state(1, 3)
    agent = GreedyAgent(3)
    starts = []
    while not state.is_terminal():
        decision = state.decision()
        assert decision is not None
        if decision["kind"] == "helm":
            starts.append((state.round, state.automated_turns()))  # type: ignore[attr-defined]
        state.apply(agent.act(state))
    assert len(starts) >= 4
    assert all(ended == r - 1 for r, ended in starts), starts
    duel = tabletide.load_game("tiny_epic_pirates").new_state(2, 3)
    for _ in range(60):
        duel.apply(agent.act(duel))
    assert sum(duel.turns) > 4 and duel.automated_turns() == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "seed", "decisions"),
    [("tiny_epic_pirates", 3, 12), ("tiny_epic_pirates", 5, 40), ("maracaibo", 2, 20)],
)
def test_finish_turn_in_a_solo_game_stops_after_the_opponents_turn(
    name: str, seed: int, decisions: int
) -> None:
    """From the solo player's decision, "finish the turn" ends once the rival run by the rules
    has had its turn (with the game over at the latest), not turns later."""
    state = solo_position(name, seed, decisions)
    assert state.current_player() == 0 and not state.is_terminal()
    ended = state.automated_turns()
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        finish_turn(after, 0, GreedyAgent(0), TURN_STEPS, ended)
        assert after.is_terminal() or after.automated_turns() == ended + 1, action.label
        assert after.is_terminal() or after.current_player() == 0


def test_hard_looks_one_turn_ahead_in_the_solo_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiny Epic Pirates' ``hard`` (the lookahead) judges every move after the player's turn
    and the Legendary Pirate's next one, not some turns later (nor at the end of the game)."""
    state = solo_position("tiny_epic_pirates", 5, 40)
    lp = state.lp  # type: ignore[attr-defined]
    ended = state.turns[lp]  # type: ignore[attr-defined]
    seen: list[int] = []
    judge = lookahead.advantage

    def spy(position: Any, seat: int) -> Any:
        seen.append(-1 if position.is_terminal() else position.turns[lp])
        return judge(position, seat)

    monkeypatch.setattr(lookahead, "advantage", spy)
    agent = LookaheadAgent(0)
    legal = state.legal_actions()
    agent.action_values(state, legal)
    assert len(seen) == len(legal)
    assert seen == [ended + 1] * len(legal)


SOLO_GAMES = [name for name in tabletide.list_games() if tabletide.load_game(name).min_players == 1]


@pytest.mark.parametrize("name", SOLO_GAMES)
def test_every_solo_game_counts_its_rivals_turns(name: str) -> None:
    """A game that can be played alone has a rival run by the rules, and must count its turns
    (``State.automated_turns``): else every bot's "finish my turn" runs on to the game's end."""
    state = tabletide.load_game(name).new_state(1, 0)
    agent = GreedyAgent(0)
    start = state.automated_turns()
    for _ in range(400):
        if state.is_terminal() or state.automated_turns() > start:
            break
        state.apply(agent.act(state))
    assert state.automated_turns() > start


def test_the_solo_games_are_found() -> None:
    assert {"tiny_epic_pirates", "maracaibo"} <= set(SOLO_GAMES)
