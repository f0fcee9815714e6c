"""Agents only ever see their own seat's information.

The runner hands each agent ``state.determinize(seat, seed)``. A spy wraps each kind of agent
and compares every input it is given with the true state of the game at that moment: a secret
planted in the true state (Lanterns: one seat holds all three 6s) must not reach the others'
inputs, the true random stream (future draws and dice) must never be handed over, and in every
real game the inputs must disagree with the truth about some other seat's private view.
"""

from __future__ import annotations

import pytest

import tabletide
from tabletide.agents import Agent, make_agent
from tabletide.engine import Action, Rng, State
from tabletide.sim import RunHooks, play_game
from tabletide.sim.runner import agent_seed

from .conftest import GAME as LANTERNS

KINDS = ["random", "greedy", "easy", "lookahead", "ismcts:20"]


class Spy:
    """Wraps an agent; records, for each decision, the input and the true state beside it."""

    def __init__(self, inner: Agent, truth: list[State]) -> None:
        self.inner = inner
        self.name = inner.name
        self.truth = truth
        self.seen: list[tuple[int, State, State]] = []

    def act(self, state: State) -> Action:
        true_state = self.truth[0]
        assert state is not true_state
        self.seen.append((state.current_player(), state.clone(), true_state.clone()))
        return self.inner.act(state)


class Plant(RunHooks):
    """Before the first decision, moves every 6 of the deck and seat 0's hand into seat 1's."""

    def __init__(self, truth: list[State]) -> None:
        self.truth = truth

    def before(self, state: State) -> None:
        self.truth.append(state)
        if state.game is not LANTERNS:
            return
        hands, deck = state.hands, state.deck  # type: ignore[attr-defined]
        sixes = [c for c in hands[1] if c == 6]
        for zone in (hands[0], deck):
            for i, card in enumerate(zone):
                if card == 6 and len(sixes) < 3:
                    j = next(k for k, c in enumerate(hands[1]) if c != 6)
                    zone[i], hands[1][j] = hands[1][j], 6
                    sixes.append(6)
        hands[0].sort()
        hands[1].sort()
        assert hands[1] == [6, 6, 6]


def _spied_game(game_name: str, kind: str, seed: int, players: int = 2) -> list[Spy]:
    game = tabletide.load_game(game_name)
    truth: list[State] = []
    spies = [Spy(make_agent(kind, agent_seed(seed, s)), truth) for s in range(players)]
    play_game(game, spies, seed, hooks=[Plant(truth)], keep_replay=False)
    return spies


@pytest.mark.parametrize("kind", KINDS)
def test_a_planted_secret_never_reaches_another_seat(kind: str) -> None:
    revealed = checked = 0
    for seed in range(12):
        spy = _spied_game("lanterns", kind, seed)[0]
        seat, view, truth = spy.seen[0]
        assert seat == 0 and truth.hands[1] == [6, 6, 6]  # type: ignore[attr-defined]
        assert view.hands[0] == truth.hands[0]  # type: ignore[attr-defined]
        checked += 1
        revealed += view.hands[1] == [6, 6, 6]  # type: ignore[attr-defined]
    assert checked == 12
    assert revealed <= 1, f"seat 1's three 6s reached seat 0's {kind} agent {revealed} times"


@pytest.mark.parametrize("kind", KINDS)
def test_no_agent_is_handed_the_true_random_stream(kind: str) -> None:
    for spy in _spied_game("lanterns", kind, 3):
        assert spy.seen
        for _, view, truth in spy.seen:
            assert view.rng.position != truth.rng.position


def _futures_differ(view: State, truth: State, seed: int, steps: int = 40) -> bool:
    """Whether the same line of play shows different public facts on ``view`` and ``truth``
    (a different card drawn, die rolled or token turned) within ``steps`` decisions."""
    view, truth = view.clone(), truth.clone()
    rng = Rng(seed)
    for _ in range(steps):
        if truth.is_terminal() or view.is_terminal():
            return truth.is_terminal() != view.is_terminal()
        legal = truth.legal_actions()
        if legal != view.legal_actions():
            return True
        action = rng.choice(legal)
        truth.apply(action)
        view.apply(action)
        if truth.observation(None)["state"] != view.observation(None)["state"]:
            return True
    return False


@pytest.mark.parametrize("game_name", [g for g in tabletide.list_games() if g != "lanterns"])
def test_inputs_hide_other_seats_secrets_and_the_future(game_name: str) -> None:
    """Each input shows the deciding seat's own view as it is, but not the truth about another
    seat's private view or what the shuffled decks and future dice hold."""
    game = tabletide.load_game(game_name)
    players = max(2, game.min_players)
    truth: list[State] = []
    spies = [Spy(make_agent("random", s), truth) for s in range(players)]
    play_game(game, spies, 5, hooks=[Plant(truth)], keep_replay=False)
    hidden = total = 0
    for spy in spies:
        for i, (seat, view, true_state) in enumerate(spy.seen):
            assert view.observation(seat) == true_state.observation(seat), (
                "an agent must see its own seat's information as it is"
            )
            assert view.rng.position != true_state.rng.position
            if i % 5:
                continue
            total += 1
            others = [o for o in range(players) if o != seat]
            hidden += any(
                view.observation(o)["state"] != true_state.observation(o)["state"] for o in others
            ) or _futures_differ(view, true_state, i)
    assert total > 0
    assert hidden > total // 4, (
        f"{game_name}: only {hidden} of {total} inputs hid other seats' secrets or the future"
    )
