"""Packaging: the core install is light, and everything but the extras' parts works without them.

The core dependencies must not pull in the heavy libraries; each extra installs what its part
needs (`tabletide.extras.EXTRAS`); and a Python in which those libraries cannot be imported
(a ``sys.meta_path`` finder refuses them) still imports tabletide, plays every game and runs the
terminal CLI, while the commands that need an extra stop on one red line naming it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path
from typing import Any

import pytest

from tabletide.extras import EXTRAS, MissingExtraError, require_extra

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
OPTIONAL: dict[str, list[str]] = PROJECT["optional-dependencies"]

HEAVY = {
    "numpy",
    "gymnasium",
    "pettingzoo",
    "open-spiel",
    "fastapi",
    "starlette",
    "sqlalchemy",
    "uvicorn",
    "websockets",
    "ray",
    "matplotlib",
    "torch",
    "psycopg",
}
"""Distributions the core must not depend on."""

BLOCKED = sorted(
    {m for modules in EXTRAS.values() for m in modules}
    | {"open_spiel", "starlette", "torch", "psycopg", "PIL", "pandas"}
)
"""Top-level modules the light interpreter refuses to import."""


def dist_name(requirement: str) -> str:
    """``"psycopg[binary]==3.3.9"`` -> ``"psycopg"``, normalised (PEP 503)."""
    name = re.split(r"[\[=<>!~; ]", requirement, maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def self_extras(requirement: str) -> set[str]:
    """``"tabletide[rl,web]"`` -> ``{"rl", "web"}``; other requirements -> empty."""
    match = re.fullmatch(r"tabletide\[([a-z,\s]+)\]", requirement)
    return {e.strip() for e in match.group(1).split(",")} if match else set()


def test_core_dependencies_are_light_and_pinned() -> None:
    core = {dist_name(r) for r in PROJECT["dependencies"]}
    assert core & HEAVY == set()
    assert {"typer", "rich", "pydantic", "openskill"} <= core
    for requirement in PROJECT["dependencies"]:
        assert "==" in requirement, requirement


def test_each_extra_installs_its_modules() -> None:
    """The distributions of each extra are exactly those that provide its modules (so
    `require_extra` checks what `pip install 'tabletide[extra]'` installs)."""
    providers = packages_distributions()
    for extra, modules in EXTRAS.items():
        wanted = {dist_name(providers[m][0]) for m in modules}
        listed = {dist_name(r) for r in OPTIONAL[extra] if not self_extras(r)}
        assert listed == wanted, extra
        for requirement in OPTIONAL[extra]:
            assert "==" in requirement or self_extras(requirement), requirement


def test_all_extra_and_make_install_everything() -> None:
    everything = set().union(*(self_extras(r) for r in OPTIONAL["all"]))
    assert everything == set(EXTRAS)
    assert set(OPTIONAL) >= {"rl", "web", "ray", "plots", "all", "dev", "postgres", "examples"}
    assert "rl" in set().union(*(self_extras(r) for r in OPTIONAL["examples"]))
    assert "web" in set().union(*(self_extras(r) for r in OPTIONAL["postgres"]))
    install = [
        line for line in (ROOT / "Makefile").read_text().splitlines() if "pip install" in line
    ]
    extras = [re.search(r"-e '\.\[([a-z,]+)\]'", line) for line in install]
    installed = {e for m in extras if m for e in m.group(1).split(",")}
    assert {"all", "dev"} <= installed


def test_require_extra_names_the_extra_and_the_command() -> None:
    EXTRAS["_probe"] = ("tabletide", "tabletide_no_such_module_xyz")
    try:
        with pytest.raises(MissingExtraError) as caught:
            require_extra("_probe", "the probe")
    finally:
        del EXTRAS["_probe"]
    assert str(caught.value) == (
        "the probe needs the _probe extra (tabletide_no_such_module_xyz not installed): "
        "pip install 'tabletide[_probe]'"
    )
    assert isinstance(caught.value, ImportError)
    assert caught.value.name == "tabletide_no_such_module_xyz"
    require_extra("rl", "the research API")  # installed here: no error


BLOCKER = """
import importlib.abc, json, sys
BLOCKED = {blocked!r}
ATTEMPTS = []
class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            ATTEMPTS.append(name)
            raise ModuleNotFoundError(f"No module named {{name!r}} (blocked)", name=name)
        return None
sys.meta_path.insert(0, Blocker())
"""

LIGHT_SCRIPT = """
import io, contextlib, random
import tabletide
from tabletide.agents import make_agent
from tabletide.sim.runner import play_game

games = {{}}
for name in tabletide.list_games():
    game = tabletide.load_game(name)
    n = max(2, game.min_players)
    state = game.new_state(n, 3)
    rng = random.Random(name)
    steps = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    result = play_game(game, [make_agent("random", seat) for seat in range(n)], seed=5)
    games[name] = [steps, len(state.scores()), len(result.scores)]

def cli(*args):
    from tabletide.cli import app
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            app(list(args), prog_name="tabletide")
            code = 0
        except SystemExit as exc:
            code = exc.code
        except Exception as exc:  # an uncaught error: a traceback, not one red line
            code = repr(exc)
    return [code, out.getvalue(), err.getvalue()]

try:
    import tabletide.rl
    rl = "imported"
except ImportError as exc:
    rl = [type(exc).__name__, str(exc)]

print(json.dumps({{
    "games": games,
    "cli_games": cli("games"),
    "cli_simulate": cli("simulate", "shipyard", "--games", "3"),
    "cli_serve": cli("serve"),
    "cli_ray": cli("tournament", "ahoy", "--agents", "random,greedy", "-n", "2",
                   "--backend", "ray"),
    "cli_out": cli("tournament", "ahoy", "--agents", "random,greedy", "-n", "2",
                   "--out", {out!r}),
    "rl": rl,
    "attempts": sorted(set(ATTEMPTS)),
    "loaded": sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED),
}}))
"""


@pytest.fixture(scope="module")
def light(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What a Python that cannot import the extras' libraries does (one subprocess)."""
    out = tmp_path_factory.mktemp("light") / "t.json"
    script = BLOCKER.format(blocked=BLOCKED) + LIGHT_SCRIPT.format(out=str(out))
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        capture_output=True,
        text=True,
        cwd=out.parent,
        env={"COLUMNS": "200", "NO_COLOR": "1", "PATH": "/usr/bin:/bin", "TERM": "dumb"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert not out.exists()  # the refused --out wrote nothing
    return result


def test_blocker_blocks(light: dict[str, Any]) -> None:
    """The light interpreter really refuses the heavy modules: tabletide.rl tried them."""
    assert light["loaded"] == []
    assert {"numpy", "gymnasium", "pettingzoo", "pyspiel"} <= set(light["attempts"])


def test_engine_plays_every_game_without_extras(light: dict[str, Any]) -> None:
    games = light["games"]
    assert isinstance(games, dict)
    assert set(games) >= {"shipyard", "tiny_epic_pirates", "ahoy", "maracaibo", "empires_north"}
    for name, (steps, seats, played_seats) in games.items():
        assert steps > 10, name  # a whole game, legal actions + apply
        assert seats == played_seats >= 1, name


def test_cli_works_without_extras(light: dict[str, Any]) -> None:
    code, out, err = light["cli_games"]
    assert (code, err) == (0, "")
    assert "shipyard" in out and "maracaibo" in out
    code, out, err = light["cli_simulate"]
    assert (code, err) == (0, "")
    assert "3 games" in out


@pytest.mark.parametrize(
    ("key", "extra", "what"),
    [
        ("cli_serve", "web", "tabletide serve"),
        ("cli_ray", "ray", "the ray backend"),
        ("cli_out", "plots", "--out"),
    ],
)
def test_commands_needing_an_extra_say_which(
    light: dict[str, Any], key: str, extra: str, what: str
) -> None:
    code, out, err = light[key]
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith(f"error: {what}")
    assert f"pip install 'tabletide[{extra}]'" in err


def test_research_api_import_says_which_extra(light: dict[str, Any]) -> None:
    kind, message = light["rl"]
    assert kind == "MissingExtraError"
    assert "pip install 'tabletide[rl]'" in message
