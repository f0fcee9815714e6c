"""Train sb3-contrib's MaskablePPO on one tabletide game, unchanged, then measure it against random.

    pip install -e '.[examples]'     # torch, stable-baselines3, sb3-contrib
    python examples/maskable_ppo.py --game shipyard --timesteps 100000

The environment is the registered Gymnasium id (``tabletide/Shipyard-v0``) as ``gymnasium.make``
returns it: a random seat of a 2-player game each episode, the other seat played by the
registry's ``random`` agent. ``MaskablePPO`` finds the legal actions through the environment's
``action_masks()`` (sb3-contrib's convention), so there is no wrapper and no custom policy: the
library's ``MlpPolicy`` over the seat's observation tensor.

At the end the trained policy (its most likely legal action) plays ``--eval-games`` fresh games
against ``random`` with the seats alternating; the win rate, with a 95% Wilson interval, is
printed and returned (``--out FILE`` also writes it as JSON with the command).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import sb3_contrib
import stable_baselines3
import torch
from sb3_contrib import MaskablePPO

from tabletide.rl import env_id  # importing tabletide.rl registers the Gymnasium ids


def make_model(
    game: str, *, n_steps: int, batch_size: int, hidden: int, lr: float, ent_coef: float, seed: int
) -> MaskablePPO:
    """MaskablePPO with the library's ``MlpPolicy`` on the registered environment, unchanged:
    the learner takes a random seat of a 2-player game each episode, against ``random``."""
    env = gymnasium.make(env_id(game), opponents="random", seat=None)
    return MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=n_steps,
        batch_size=batch_size,
        learning_rate=lr,
        ent_coef=ent_coef,
        policy_kwargs={"net_arch": [hidden, hidden]},
        seed=seed,
        verbose=0,
    )


def play(model: MaskablePPO, env: gymnasium.Env[Any, Any], seed: int) -> tuple[float, int]:
    """One whole game with the policy's most likely legal action; its reward (the learner's
    return) and how many decisions the learner made."""
    obs, _ = env.reset(seed=seed)
    decisions = 0
    while True:
        masks = env.get_wrapper_attr("action_masks")()
        action, _ = model.predict(obs, action_masks=masks, deterministic=True)
        obs, reward, terminated, truncated, _ = env.step(action)
        decisions += 1
        if terminated or truncated:
            if not terminated:
                raise RuntimeError(f"game {seed} was truncated, not played to the end")
            return float(reward), decisions


def evaluate(model: MaskablePPO, game: str, games: int, first_seed: int) -> dict[str, Any]:
    """Win and tie shares against ``random`` with the seats alternating, and a 95% Wilson
    interval of the win share."""
    seats = [gymnasium.make(env_id(game), opponents="random", seat=seat) for seat in (0, 1)]
    played = [play(model, seats[k % 2], first_seed + k) for k in range(games)]
    wins = sum(reward > 0 for reward, _ in played)
    ties = sum(reward == 0 for reward, _ in played)
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return {
        "games": games,
        "win_rate": p,
        "tie_rate": ties / games,
        "win_rate_ci95": [centre - half, centre + half],
        "decisions": [d for _, d in played],
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="shipyard")
    parser.add_argument("--timesteps", type=int, default=100_000, help="learner decisions")
    parser.add_argument("--n-steps", type=int, default=2048, help="decisions per PPO update")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--hidden", type=int, default=256, help="units of both hidden layers")
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="write the summary here as JSON")
    args = parser.parse_args(argv)

    torch.set_num_threads(1)
    model = make_model(
        args.game,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        hidden=args.hidden,
        lr=args.lr,
        ent_coef=args.ent_coef,
        seed=args.seed,
    )
    start, cpu_start = time.perf_counter(), time.process_time()
    model.learn(total_timesteps=args.timesteps)
    train_seconds = time.perf_counter() - start
    train_cpu_seconds = time.process_time() - cpu_start
    final = evaluate(model, args.game, args.eval_games, first_seed=10**9)
    recent = list(model.ep_info_buffer or [])
    given = sys.argv[1:] if argv is None else argv
    summary: dict[str, Any] = {
        "command": " ".join(["python examples/maskable_ppo.py", *given]),
        "game": args.game,
        "timesteps": int(model.num_timesteps),
        # The Monitor that stable-baselines3 puts on the env keeps the last 100 episodes.
        "last_training_episodes": len(recent),
        "last_training_win_rate": float(np.mean([e["r"] > 0 for e in recent])) if recent else None,
        "train_seconds": round(train_seconds, 1),
        "train_cpu_seconds": round(train_cpu_seconds, 1),
        "evaluation": {k: v for k, v in final.items() if k != "decisions"},
        "eval_decisions": final["decisions"],
        "versions": {
            "torch": torch.__version__,
            "stable_baselines3": stable_baselines3.__version__,
            "sb3_contrib": sb3_contrib.__version__,
        },
    }
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        saved = {k: v for k, v in summary.items() if k != "eval_decisions"}
        args.out.write_text(json.dumps(saved, indent=1) + "\n", encoding="utf-8")
    lo, hi = final["win_rate_ci95"]
    print(
        f"trained {model.num_timesteps} decisions in {train_seconds:.0f} s "
        f"({train_cpu_seconds:.0f} s of CPU); against random over {final['games']} games: "
        f"win rate {final['win_rate']:.3f} (95% CI {lo:.3f}-{hi:.3f}), "
        f"ties {final['tie_rate']:.3f}"
    )
    return summary


if __name__ == "__main__":
    main()
