"""Running games: one match (:mod:`runner`), aggregates (:mod:`stats`), speed (:mod:`bench`)."""

from tabletide.sim.bench import bench, bench_table
from tabletide.sim.runner import (
    GameResult,
    RunHooks,
    agent_seed,
    game_seed,
    play_game,
    play_many,
)
from tabletide.sim.stats import Summary, summarize, summary_table

__all__ = [
    "GameResult",
    "RunHooks",
    "Summary",
    "agent_seed",
    "bench",
    "bench_table",
    "game_seed",
    "play_game",
    "play_many",
    "summarize",
    "summary_table",
]
