"""Train a small masked policy on one tabletide game with PyTorch (CPU), then measure it.

    pip install -e '.[examples]'          # torch==2.13.0
    python examples/train_policy.py --game shipyard --episodes 5000

The learner is one seat of a 2-player game (a random seat each episode) in the Gymnasium
environment ``tabletide.rl.TabletideEnv``; the other seat is the registry's ``random`` agent.
The policy is an MLP over the seat's observation tensor with a value head (advantage
actor-critic on whole episodes: REINFORCE with a learned baseline and an entropy bonus). Illegal
actions are never sampled: logits outside ``info["action_mask"]`` are set to -inf.

At the end it plays ``--eval-games`` fresh games against ``random`` (seats alternating, the
policy's most likely legal action) and writes ``examples/results/<game>_2p_vs_random.png``
(the learning curve) and ``.json`` (the figures and the command).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import torch
from torch import nn

from tabletide.rl import TabletideEnv

RESULTS = Path(__file__).parent / "results"


class Policy(nn.Module):
    """Observation tensor -> (action logits, state value)."""

    def __init__(self, inputs: int, actions: int, hidden: int) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(inputs, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
        )
        self.logits = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(obs)
        logits = self.logits(h).masked_fill(~mask, float("-inf"))
        return logits, self.value(h).squeeze(-1)


@dataclass
class Batch:
    obs: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)


def act(policy: Policy, obs: np.ndarray, mask: np.ndarray, greedy: bool) -> int:
    with torch.no_grad():
        logits, _ = policy(torch.from_numpy(obs)[None], torch.from_numpy(mask.astype(bool))[None])
    if greedy:
        return int(logits.argmax())
    return int(torch.distributions.Categorical(logits=logits).sample())


def play(env: TabletideEnv, policy: Policy, seed: int, greedy: bool, batch: Batch | None) -> float:
    """One episode; its final reward (the learner's return). Adds the steps to ``batch``."""
    obs, info = env.reset(seed=seed)
    steps = 0
    while True:
        mask = info["action_mask"]
        action = act(policy, obs, mask, greedy)
        if batch is not None:
            batch.obs.append(obs)
            batch.masks.append(mask)
            batch.actions.append(action)
        obs, reward, terminated, truncated, info = env.step(action)
        steps += 1
        if terminated or truncated:
            if batch is not None:
                batch.returns.extend([float(reward)] * steps)
            return float(reward)


def update(
    policy: Policy, optimizer: torch.optim.Optimizer, batch: Batch, entropy_coef: float
) -> None:
    obs = torch.from_numpy(np.stack(batch.obs))
    masks = torch.from_numpy(np.stack(batch.masks).astype(bool))
    actions = torch.tensor(batch.actions)
    returns = torch.tensor(batch.returns, dtype=torch.float32)
    logits, values = policy(obs, masks)
    dist = torch.distributions.Categorical(logits=logits)
    advantage = returns - values.detach()
    loss = (
        -(dist.log_prob(actions) * advantage).mean()
        + 0.5 * (values - returns).pow(2).mean()
        - entropy_coef * dist.entropy().mean()
    )
    optimizer.zero_grad()
    loss.backward()
    nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
    optimizer.step()


def evaluate(game: str, policy: Policy, games: int, first_seed: int) -> dict[str, float]:
    """The win and tie shares of the greedy policy against ``random`` with the seats
    alternating, and a 95% Wilson interval of the win share."""
    seats = [TabletideEnv(game, 2, opponents="random", seat=seat) for seat in (0, 1)]
    results = [
        play(seats[k % 2], policy, first_seed + k, greedy=True, batch=None) for k in range(games)
    ]
    wins = sum(r > 0 for r in results)
    ties = sum(r == 0 for r in results)
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return {
        "games": games,
        "win_rate": p,
        "tie_rate": ties / games,
        "win_rate_ci95": [centre - half, centre + half],
    }


def plot(
    curve: list[tuple[int, float]], episodes: int, path: Path, title: str, final: dict[str, float]
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([e for e, _ in curve], [w for _, w in curve], label="training games (sampled policy)")
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1, label="random vs random")
    lo, hi = final["win_rate_ci95"]
    ax.errorbar(
        [episodes],
        [final["win_rate"]],
        yerr=[[final["win_rate"] - lo], [hi - final["win_rate"]]],
        fmt="o",
        color="tab:red",
        capsize=4,
        label=f"evaluation, {final['games']:g} games (greedy policy)",
    )
    ax.set_xlabel("training episodes")
    ax.set_ylabel("win rate against random")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="shipyard")
    parser.add_argument("--episodes", type=int, default=5000)
    parser.add_argument("--batch", type=int, default=16, help="episodes per update")
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)

    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    env = TabletideEnv(args.game, 2, opponents="random", seat=None)  # a random seat each game
    policy = Policy(env.table.tensor_size, env.table.num_actions, args.hidden)
    optimizer = torch.optim.Adam(policy.parameters(), lr=args.lr)

    start, cpu_start = time.perf_counter(), time.process_time()
    curve: list[tuple[int, float]] = []
    recent: list[float] = []
    batch = Batch()
    for episode in range(1, args.episodes + 1):
        reward = play(env, policy, 1_000_000 + args.seed * 100_000_000 + episode, False, batch)
        recent.append(1.0 if reward > 0 else 0.0)
        if episode % args.batch == 0:
            update(policy, optimizer, batch, args.entropy)
            batch = Batch()
        if episode % 200 == 0:
            curve.append((episode, float(np.mean(recent[-200:]))))
            print(
                f"episode {episode}: win rate of the last 200 {curve[-1][1]:.2f} "
                f"({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
    train_seconds = time.perf_counter() - start
    train_cpu_seconds = time.process_time() - cpu_start
    final = evaluate(args.game, policy, args.eval_games, first_seed=10**9)
    name = f"{args.game}_2p_vs_random"
    args.out.mkdir(parents=True, exist_ok=True)
    given = sys.argv[1:] if argv is None else argv
    summary: dict[str, object] = {
        "command": " ".join(["python examples/train_policy.py", *given]),
        "game": args.game,
        "episodes": args.episodes,
        "train_seconds": round(train_seconds, 1),
        "train_cpu_seconds": round(train_cpu_seconds, 1),
        "evaluation": final,
        "curve": curve,
        "torch": torch.__version__,
    }
    plot(
        curve,
        args.episodes,
        args.out / f"{name}.png",
        f"{args.game}, 2 players: masked actor-critic against random",
        final,
    )
    (args.out / f"{name}.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    lo, hi = final["win_rate_ci95"]  # type: ignore[misc]
    print(
        f"trained {args.episodes} episodes in {train_seconds:.0f} s ({train_cpu_seconds:.0f} s "
        f"of CPU); against random over "
        f"{final['games']:g} games: win rate {final['win_rate']:.3f} (95% CI {lo:.3f}-{hi:.3f})"
    )
    return summary


if __name__ == "__main__":
    main()
