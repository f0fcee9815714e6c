"""Running games: one match (:mod:`runner`), aggregates (:mod:`stats`), speed (:mod:`bench`),
round-robin tournaments (:mod:`tournament`) on local or Ray backends (:mod:`backends`), and
their tables, files and charts (:mod:`report`)."""

from tabletide.sim.backends import (
    BackendError,
    GameRecord,
    GameTask,
    LocalBackend,
    RayBackend,
    make_backend,
)
from tabletide.sim.bench import bench, bench_table
from tabletide.sim.report import head_to_head_table, tournament_table, write_results
from tabletide.sim.runner import (
    GameResult,
    RunHooks,
    agent_seed,
    game_seed,
    play_game,
    play_many,
)
from tabletide.sim.stats import Summary, summarize, summary_table
from tabletide.sim.tournament import (
    AgentStats,
    Entrant,
    TournamentPlan,
    TournamentResult,
    parse_agents,
    plan_tournament,
    run_tournament,
    wilson_interval,
)

__all__ = [
    # tournaments
    "AgentStats",
    "BackendError",
    "Entrant",
    "GameRecord",
    "GameResult",
    "GameTask",
    "LocalBackend",
    "RayBackend",
    "RunHooks",
    "Summary",
    "TournamentPlan",
    "TournamentResult",
    "agent_seed",
    "bench",
    "bench_table",
    "game_seed",
    "head_to_head_table",
    "make_backend",
    "parse_agents",
    "plan_tournament",
    "play_game",
    "play_many",
    "run_tournament",
    "summarize",
    "summary_table",
    "tournament_table",
    "wilson_interval",
    "write_results",
]
