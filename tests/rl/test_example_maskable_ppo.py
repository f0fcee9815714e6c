"""``examples/maskable_ppo.py``: sb3-contrib's MaskablePPO trains on a tabletide Gymnasium env as
``gymnasium.make`` returns it, with no wrapper, and plays whole games. It needs the examples
extra (``pip install -e '.[examples]'``: torch, stable-baselines3, sb3-contrib), so it is marked
``examples``: ``make test`` leaves it out and ``.ci/run`` installs the extra and runs it."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import gymnasium
import numpy as np
import pytest

from tabletide.rl import env_id

EXAMPLE = Path(__file__).parents[2] / "examples" / "maskable_ppo.py"
TINY = ["--n-steps", "64", "--batch-size", "32", "--hidden", "32"]


def load_example(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    assert importlib.util.find_spec("sb3_contrib"), "needs `pip install -e '.[examples]'`"
    spec = importlib.util.spec_from_file_location("maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "maskable_ppo", module)
    spec.loader.exec_module(module)
    return module


@pytest.mark.examples
def test_sb3_contrib_finds_the_envs_masks_without_a_wrapper() -> None:
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from stable_baselines3.common.vec_env import DummyVecEnv

    env = gymnasium.make(env_id("shipyard"), opponents="random")
    assert is_masking_supported(env)
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=3)
    for _ in range(20):
        masks = get_action_masks(env)
        assert masks.dtype == np.bool_
        assert np.array_equal(masks, env.unwrapped.action_masks())  # type: ignore[attr-defined]
        assert np.array_equal(masks, info["action_mask"].astype(bool)) and masks.sum() >= 2
        _, _, terminated, _, info = env.step(rng.choice(np.flatnonzero(masks)))
        assert not terminated
    vec = DummyVecEnv([lambda: gymnasium.make(env_id("shipyard"), opponents="random")] * 2)
    vec.seed(5)
    vec.reset()
    stacked = get_action_masks(vec)
    assert stacked.shape == (2, vec.action_space.n) and stacked.dtype == np.bool_  # type: ignore[attr-defined]
    expected = [e.unwrapped.table.mask(e.unwrapped.game_state, 0) for e in vec.envs]  # type: ignore[attr-defined]
    assert np.array_equal(stacked, np.stack(expected).astype(bool))


@pytest.mark.examples
def test_maskable_ppo_learns_something(monkeypatch: pytest.MonkeyPatch) -> None:
    """A few updates change the policy (MaskablePPO ran on the env, masks and all)."""
    module = load_example(monkeypatch)
    model = module.make_model(
        "shipyard", n_steps=64, batch_size=32, hidden=32, lr=1e-3, ent_coef=0.01, seed=1
    )
    before = [p.detach().clone() for p in model.policy.parameters()]
    model.learn(total_timesteps=192)
    assert model.num_timesteps >= 192
    after = list(model.policy.parameters())
    assert any(not bool((a == b).all()) for a, b in zip(after, before, strict=True))


@pytest.mark.examples
def test_the_example_trains_and_plays_whole_games_against_random(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = load_example(monkeypatch)
    out = tmp_path / "summary.json"
    args = ["--game", "shipyard", "--timesteps", "512", "--eval-games", "4", *TINY]
    summary = module.main([*args, "--out", str(out)])
    assert summary["timesteps"] >= 512
    assert summary["last_training_episodes"] >= 1  # whole training episodes, through Monitor
    evaluation = summary["evaluation"]
    assert evaluation["games"] == 4 and 0 <= evaluation["win_rate"] <= 1
    assert len(summary["eval_decisions"]) == 4 and min(summary["eval_decisions"]) > 10
    saved = json.loads(out.read_text())
    assert saved["command"] == summary["command"]
    assert saved["command"].startswith("python examples/maskable_ppo.py --game shipyard")
    assert saved["versions"]["sb3_contrib"] == "2.9.2"
