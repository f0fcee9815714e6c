"""One convention for the five games (issue 21): how a rule module declares its decisions.

- A decision kind's handlers are named for it: ``legal_<kind>``, ``apply_<kind>`` and, for an
  automatic step ``@<kind>``, ``auto_<kind>`` (a handler shared by several kinds keeps the
  prefix). So the handlers of a kind are found by name in any game.
- A kind that carries data carries one small record (a ``NamedTuple``) declared in the module
  of its handlers (``TableState.push_record``, ``Frame.record``), with named fields, never a
  bare tuple read by position.
- No field of a state or a record has a single-letter name.
- A rule module never imports the state at run time (only for the type checker): the state
  imports the rules and registers their tables, not the other way round.
"""

from __future__ import annotations

import importlib
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

import tabletide
from source import runtime_imports
from tabletide.engine import Rng, TableState, derive_seed, load_game

GAMES = {"shipyard": 3, "tiny_epic_pirates": 2, "ahoy": 3, "maracaibo": 2, "empires_north": 3}
PACKAGE = Path(tabletide.__file__).parent
SEEDS = range(3)


def tables(name: str) -> tuple[type[TableState], dict[str, dict[str, Any]]]:
    state = load_game(name).new_state(GAMES[name], 0)
    assert isinstance(state, TableState)
    cls = type(state)
    return cls, {"legal": cls.LEGAL, "apply": cls.APPLY, "auto": cls.AUTO}


@pytest.mark.parametrize("name", list(GAMES))
def test_handlers_are_named_for_their_kind(name: str) -> None:
    _, by_role = tables(name)
    bad = []
    for role, table in by_role.items():
        kinds_of: dict[Any, list[str]] = defaultdict(list)
        for kind, handler in table.items():
            kinds_of[handler].append(kind)
        for handler, kinds in kinds_of.items():
            fn = getattr(handler, "__name__", repr(handler))
            if len(kinds) == 1:
                want = f"{role}_{kinds[0].lstrip('@')}"
                if fn != want:
                    bad.append(f"{kinds[0]}: {fn} (want {want})")
            elif not fn.startswith(f"{role}_"):
                bad.append(f"{', '.join(kinds)}: {fn} (want {role}_...)")
    assert not bad, f"{name}: handlers not named for their kind: {bad}"


def _frames_seen(name: str) -> dict[str, set[type]]:
    """The data types each decision kind carried over a few random games."""
    game = load_game(name)
    seen: dict[str, set[type]] = defaultdict(set)
    for seed in SEEDS:
        state = game.new_state(GAMES[name], seed)
        rng = Rng(derive_seed("conventions", seed))
        while not state.is_terminal():
            for frame in state.stack:
                if frame.data:  # a kind without data pushes the empty tuple
                    seen[frame.kind].add(type(frame.data))
            state.apply(rng.choice(state.legal_actions()))
    return seen


@pytest.mark.parametrize("name", list(GAMES))
def test_decision_data_are_named_records_beside_their_handlers(name: str) -> None:
    _, by_role = tables(name)
    bad = []
    for kind, types in sorted(_frames_seen(name).items()):
        handler = (by_role["auto"] if kind.startswith("@") else by_role["legal"])[kind]
        for kind_type in types:
            if kind_type is tuple:
                bad.append(f"{kind}: a bare tuple")
            elif not hasattr(kind_type, "_fields"):
                bad.append(f"{kind}: {kind_type.__name__} is not a NamedTuple record")
            elif kind_type.__module__ != handler.__module__:
                bad.append(f"{kind}: {kind_type.__name__} is not declared in {handler.__module__}")
            else:
                short = [f for f in kind_type._fields if len(f) == 1]
                if short:
                    bad.append(f"{kind}: {kind_type.__name__} has single-letter fields {short}")
    assert not bad, f"{name}: {bad}"


def test_a_frame_hands_out_its_record_and_refuses_another() -> None:
    from typing import NamedTuple

    from tabletide.engine import Frame

    class Route(NamedTuple):
        speed: int

    class Other(NamedTuple):
        speed: int

    frame = Frame("route", 0, Route(3))
    assert frame.record(Route).speed == 3
    with pytest.raises(TypeError, match="holds Route, not Other"):
        frame.record(Other)


@pytest.mark.parametrize("name", list(GAMES))
def test_no_single_letter_field_names(name: str) -> None:
    state = load_game(name).new_state(GAMES[name], 0)
    names = set(vars(state)) | set(getattr(type(state), "__slots__", ()))
    short = sorted(n for n in names if len(n.lstrip("_")) == 1)
    assert not short, f"{name}: the state has single-letter fields {short}"


@pytest.mark.parametrize("name", list(GAMES))
def test_rule_modules_do_not_import_the_state(name: str) -> None:
    package = PACKAGE / "games" / name
    state_module = f"tabletide.games.{name}.state"
    bad = []
    for path in sorted(package.rglob("*.py")):
        if path.name in ("state.py", "game.py", "__init__.py") or path.parent.name == "ai":
            continue  # ai/ reads whole states (evaluation, tensors); present/ is tested apart
        for line, module in runtime_imports(path):
            if module == state_module:
                bad.append(f"{path.relative_to(package)}:{line}")
    importlib.import_module(state_module)
    assert not bad, f"{name}: rule modules import the state at run time: {sorted(set(bad))}"
