"""The layout of a game package (issue 21): presentation apart from the rules.

``games/<g>/present/`` holds the view builder, the text view and the board picture. Its modules
import only the game's content, constants and view schema (and ``present`` itself), the engine's
generic core, and the shared drawing helpers: never the game's state or a rule module, so a
picture cannot recompute a rule and a rule cannot depend on how it is drawn. Imports needed only
by the type checker (under ``if TYPE_CHECKING:``) are exempt. The evaluation and tensor code for
bots and learning sit apart in ``games/<g>/ai/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tabletide
from source import runtime_imports

GAMES = ["shipyard", "tiny_epic_pirates", "ahoy", "maracaibo", "empires_north"]
PACKAGE = Path(tabletide.__file__).parent
SHARED = ("tabletide.engine", "tabletide.svg", "tabletide.games.markup")


def allowed(game: str, module: str) -> bool:
    if not module.startswith("tabletide"):
        return True  # the standard library, rich, pydantic...
    own = f"tabletide.games.{game}"
    mine = (f"{own}.content", f"{own}.constants", f"{own}.present")
    return any(module == m or module.startswith(m + ".") for m in (*SHARED, *mine))


@pytest.mark.parametrize("game", GAMES)
def test_presentation_imports_no_rule_module(game: str) -> None:
    present = PACKAGE / "games" / game / "present"
    assert (present / "__init__.py").is_file(), f"{game} has no present/ package"
    bad = [
        f"{path.name}:{line} imports {module}"
        for path in sorted(present.glob("*.py"))
        for line, module in runtime_imports(path)
        if not allowed(game, module)
    ]
    assert not bad, f"{game}'s presentation reaches into the rules: {bad}"


@pytest.mark.parametrize("game", GAMES)
def test_bot_and_learning_code_sit_apart(game: str) -> None:
    package = PACKAGE / "games" / game
    assert (package / "ai" / "__init__.py").is_file(), f"{game} has no ai/ package"
    for name in ("evaluate.py", "tensor.py"):
        assert (package / "ai" / name).is_file(), f"{game}: ai/{name} is missing"
        assert not (package / name).exists(), f"{game}: {name} is still beside the rules"


def test_the_import_check_sees_runtime_imports_only(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "from tabletide.games.ahoy.constants import WIDTH\n"
        "from tabletide.games.ahoy import battle\n"
        "if TYPE_CHECKING:\n"
        "    from tabletide.games.ahoy.state import AhoyState\n",
        encoding="utf-8",
    )
    found = [m for _, m in runtime_imports(module)]
    assert (
        "tabletide.games.ahoy.state" not in found
        and "tabletide.games.ahoy.state.AhoyState" not in found
    )
    assert {m: allowed("ahoy", m) for m in found} == {
        "typing": True,
        "typing.TYPE_CHECKING": True,
        "tabletide.games.ahoy.constants": True,
        "tabletide.games.ahoy.constants.WIDTH": True,
        "tabletide.games.ahoy": False,
        "tabletide.games.ahoy.battle": False,
    }
