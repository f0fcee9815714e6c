from __future__ import annotations

import pytest

from tabletide.agents import IsmctsAgent, make_agent
from tabletide.agents.levels import LevelAgent
from tabletide.engine import Action, ConfigError

from .conftest import lanterns_position
from .toys import FOGGY_VAULT, VAULT


def test_ismcts_is_reproducible_from_its_seed() -> None:
    state = lanterns_position([[1, 3, 5], [2, 4, 6]], deck=[1, 2, 2, 3, 4, 5], pile=[])
    a, b = IsmctsAgent(7, iterations=300), IsmctsAgent(7, iterations=300)
    assert a.act(state) == b.act(state)
    assert a.last is not None and b.last is not None
    assert a.last.visits == b.last.visits and a.last.values == b.last.values
    others = [IsmctsAgent(seed, iterations=300) for seed in range(8)]
    for agent in others:
        agent.act(state)
    assert len({tuple(sorted(o.last.visits.values())) for o in others if o.last}) > 1, (
        "different seeds should search differently"
    )


def test_ismcts_finds_the_two_step_prize_and_spends_its_budget() -> None:
    state = VAULT.new_state(1, 0)
    agent = IsmctsAgent(0, iterations=400)
    assert agent.act(state) == Action.make("door", door=1)
    assert agent.last is not None
    assert agent.last.iterations <= 400
    assert max(agent.last.visits, key=agent.last.visits.__getitem__) == Action.make("door", door=1)


def test_root_priors_start_the_search_from_greedys_judgement_of_the_turn() -> None:
    """Vault's door 1 scores nothing by itself; greedy sees the 9 behind it. One iteration
    cannot find it alone, but with the prior the root already holds greedy's values."""
    state = VAULT.new_state(1, 0)
    seeded = IsmctsAgent(0, iterations=1, prior_visits=20)
    assert seeded.act(state) == Action.make("door", door=1)
    assert seeded.last is not None
    assert seeded.last.visits[Action.make("door", door=1)] == 21
    assert (
        seeded.last.values[Action.make("door", door=1)]
        > seeded.last.values[Action.make("door", door=0)]
    )
    plain = [IsmctsAgent(seed, iterations=1, prior_visits=0) for seed in range(6)]
    assert {a.act(state) for a in plain} != {Action.make("door", door=1)}, (
        "without the prior one iteration picks at random"
    )


def test_finishing_the_turn_judges_a_door_by_its_best_drawer() -> None:
    """A leaf after a door is judged before any drawer, so three plain iterations (one per
    door) cannot tell the doors apart; finishing the turn greedily sees door 1's 9 at once."""
    state = VAULT.new_state(2, 0)
    for seed in range(6):
        agent = IsmctsAgent(seed, iterations=3, finish_turn=True)
        assert agent.act(state) == Action.make("door", door=1)
        assert agent.last is not None and agent.last.iterations == 3
    plain = [IsmctsAgent(seed, iterations=3) for seed in range(6)]
    assert {a.act(state) for a in plain} != {Action.make("door", door=1)}


def movers(node: object) -> set[int]:
    """The seats that chose the actions of every node below ``node``."""
    out: set[int] = set()
    for child in node.children.values():  # type: ignore[attr-defined]
        out |= {child.seat} | movers(child)
    return out


def test_own_turn_search_judges_the_position_when_the_turn_passes() -> None:
    state = VAULT.new_state(2, 0)
    whole = IsmctsAgent(0, iterations=300, own_turn=False).search(state)
    assert movers(whole) == {0, 1}, "the plain search looks into the other seat's replies"
    own = IsmctsAgent(0, iterations=300, own_turn=True)
    assert movers(own.search(state)) == {0}
    assert own.act(state) == Action.make("door", door=1), "and still finds the two-step prize"


def test_iterations_share_a_world_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    state = lanterns_position([[1, 3, 5], [2, 4, 6]], deck=[1, 2, 2, 3, 4, 5], pile=[])
    calls = []
    real = type(state).determinize

    def counted(self: object, seat: int, seed: int) -> object:
        calls.append(seed)
        return real(self, seat, seed)  # type: ignore[arg-type]

    monkeypatch.setattr(type(state), "determinize", counted)
    shared = IsmctsAgent(1, iterations=400, per_world=10)
    shared.search(state)
    assert shared.last is not None and shared.last.iterations > 20
    assert len(calls) == -(-shared.last.iterations // 10), "one world per 10 iterations"
    calls.clear()
    fresh = IsmctsAgent(1, iterations=400)
    fresh.search(state)
    assert fresh.last is not None
    assert len(calls) == fresh.last.iterations, "by default a fresh world every iteration"


def test_the_baseline_takes_the_worlds_shift_out_of_the_comparison() -> None:
    """In Foggy Vault every determinization adds 0-40 points of the other seat's secret luck to
    all moves alike. Plain ISMCTS mistakes lucky worlds for good moves and often misses door 1;
    with the baseline each leaf counts only what the move changed in its own world."""
    best = Action.make("door", door=1)
    seeds = range(20)
    found = {
        base: sum(
            IsmctsAgent(seed, iterations=150, baseline=base).act(FOGGY_VAULT.new_state(2, seed))
            == best
            for seed in seeds
        )
        for base in (False, True)
    }
    assert found[True] == len(seeds), found
    assert found[False] <= len(seeds) - 5, f"the fog should mislead the plain search: {found}"


def test_ismcts_stops_early_once_the_choice_is_settled() -> None:
    # Seat 1's last drawer, behind door 1, trailing 9-18: the 9 ties, anything else loses.
    state = VAULT.new_state(2, 0)
    for door, drawer in ((1, 2), (1, 2), (1, 2)):
        state.apply(Action.make("door", door=door))
        state.apply(Action.make("drawer", drawer=drawer))
    state.apply(Action.make("door", door=1))
    assert state.current_player() == 1 and state.points == [18, 9]
    agent = IsmctsAgent(0, iterations=5000)
    assert agent.act(state) == Action.make("drawer", drawer=2)
    assert agent.last is not None and agent.last.iterations < 5000


def test_ismcts_leaves_the_state_it_is_given_untouched() -> None:
    state = lanterns_position([[1, 3, 5], [2, 4, 6]], deck=[1, 2, 2, 3, 4, 5], pile=[])
    before = (state.observation(0), state.observation(1), state.rng.position, list(state.history))
    IsmctsAgent(1, iterations=200).act(state)
    after = (state.observation(0), state.observation(1), state.rng.position, list(state.history))
    assert before == after


def test_ismcts_takes_a_winning_last_move_over_a_losing_one() -> None:
    # Seat 0 trails 0-5 with a 6 and a 1 in hand, both hands' last cards: only the 6 wins.
    state = lanterns_position([[1, 6], [5]], deck=[], pile=[5])
    state.points = [0, 5]
    assert IsmctsAgent(3, iterations=300).act(state) == Action.make("play", card=6)


def test_a_time_budget_is_honoured() -> None:
    state = lanterns_position([[1, 3, 5], [2, 4, 6]], deck=[1, 2, 2, 3, 4, 5], pile=[])
    agent = IsmctsAgent(0, iterations=None, seconds=0.05)
    assert agent.act(state) in state.legal_actions()
    assert agent.last is not None and agent.last.iterations >= 1


def test_named_levels_read_their_budget_from_the_game() -> None:
    state = lanterns_position([[1, 3, 5], [2, 4, 6]], deck=[1, 2, 2, 3, 4, 5, 6, 6], pile=[])
    hard, medium = make_agent("hard", 0), make_agent("medium", 0)
    assert isinstance(hard, LevelAgent) and isinstance(medium, LevelAgent)
    assert isinstance(hard.agent_for(state.game), IsmctsAgent)
    hard.act(state)
    medium.act(state)
    assert hard.last is not None and medium.last is not None
    bot = state.game.bot
    assert medium.last.iterations <= bot.medium_iterations < hard.last.iterations
    assert hard.last.iterations <= bot.hard_iterations


@pytest.mark.parametrize(
    ("spec", "name"),
    [("ismcts", "ismcts"), ("ismcts:50", "ismcts:50"), ("ismcts:0.5s", "ismcts:0.5s")],
)
def test_ismcts_specs(spec: str, name: str) -> None:
    agent = make_agent(spec, 0)
    assert isinstance(agent, IsmctsAgent) and agent.name == name


def test_ismcts_specs_carry_search_settings() -> None:
    agent = make_agent("ismcts:500:c=0.3:depth=2:prior=10:own=1:world=4:base=1:finish=1", 0)
    assert isinstance(agent, IsmctsAgent)
    assert agent.name == "ismcts:500:c=0.3:depth=2:prior=10:own=1:world=4:base=1:finish=1"
    assert agent.baseline is True and agent.finish_turn is True
    assert (agent.iterations, agent.exploration, agent.rollout_depth) == (500, 0.3, 2)
    assert (agent.prior_visits, agent.own_turn, agent.per_world) == (10, True, 4)
    timed = make_agent("ismcts:1.5s:own=0", 0)
    assert isinstance(timed, IsmctsAgent) and timed.seconds == 1.5 and timed.own_turn is False
    plain = make_agent("ismcts:500", 0)
    assert isinstance(plain, IsmctsAgent)
    assert (plain.exploration, plain.own_turn, plain.per_world) == (None, None, None)
    assert plain.baseline is None


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:500:x=1", "unknown setting 'x'; known: c=, depth="),
        ("ismcts:500:c=abc", "bad value for c: 'abc'"),
        ("ismcts:500:own=2", "bad value for own: '2'"),
        ("ismcts:500:world=0", "per_world must be >= 1"),
        ("ismcts:0:c=1", "give a number of iterations"),
    ],
)
def test_bad_ismcts_spec_settings(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_agent(spec, 0)


@pytest.mark.parametrize("spec", ["ismcts:0", "ismcts:-3", "ismcts:x", "ismcts:0s", "hard:2"])
def test_bad_ismcts_specs(spec: str) -> None:
    with pytest.raises(ConfigError):
        make_agent(spec, 0)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": None, "seconds": None},
        {"iterations": 0},
        {"seconds": -1.0},
        {"rollout_depth": -1},
        {"prior_visits": -1},
        {"per_world": 0},
        {"level": "expert"},
    ],
)
def test_bad_ismcts_settings(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        IsmctsAgent(0, **kwargs)  # type: ignore[arg-type]
