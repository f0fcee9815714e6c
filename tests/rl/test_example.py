"""``examples/train_policy.py`` runs end to end (a few episodes). It needs PyTorch
(``pip install -e '.[examples]'``), so it is marked ``examples``: ``make test`` leaves it out and
``.ci/run`` installs the extra and runs it."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "train_policy.py"


@pytest.mark.examples
def test_the_training_example_writes_its_curve_and_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert importlib.util.find_spec("torch"), "the example needs `pip install -e '.[examples]'`"
    spec = importlib.util.spec_from_file_location("train_policy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "train_policy", module)  # dataclasses look it up
    spec.loader.exec_module(module)
    args = ["--game", "rl_lanterns", "--episodes", "200", "--batch", "8", "--eval-games", "6"]
    summary = module.main([*args, "--out", str(tmp_path)])
    assert (tmp_path / "rl_lanterns_2p_vs_random.png").stat().st_size > 0
    saved = json.loads((tmp_path / "rl_lanterns_2p_vs_random.json").read_text())
    assert saved["command"] == summary["command"]
    assert saved["command"].startswith("python examples/train_policy.py --game rl_lanterns")
    assert saved["evaluation"]["games"] == 6 and len(saved["curve"]) == 1
