"""``scripts/ensure_browser.sh``, which ``make test`` runs before the suite: a present browser
passes, a missing one stops at once with the one command to run (installing is not tried here:
``TABLETIDE_NO_INSTALL``)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "ensure_browser.sh"


def run(browser: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TABLETIDE_E2E_CHROMIUM": browser, "TABLETIDE_NO_INSTALL": "1"}
    return subprocess.run([str(SCRIPT)], env=env, capture_output=True, text=True, timeout=30)


def test_a_present_browser_passes(tmp_path: Path) -> None:
    browser = tmp_path / "chromium"
    browser.write_text("#!/bin/sh\n")
    browser.chmod(0o755)
    done = run(str(browser))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_a_missing_browser_stops_with_what_to_do(tmp_path: Path) -> None:
    done = run(str(tmp_path / "nowhere"))
    assert done.returncode == 1
    assert "browser tests need Chromium" in done.stderr
    assert "TABLETIDE_E2E_CHROMIUM" in done.stderr


def test_the_make_target_checks_the_browser_before_the_suite() -> None:
    makefile = (SCRIPT.parents[1] / "Makefile").read_text()
    recipe = makefile.split("\ntest: ", 1)[1].split("\n\n", 1)[0]
    assert recipe.index("scripts/ensure_browser.sh") < recipe.index("pytest")
