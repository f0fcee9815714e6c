"""Every game's rule IDs are named by tests: at least ``MINIMUM`` of each spec's IDs (gap IDs
aside), and every ID a test names exists in a spec (a typo would count for nothing)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "rule_coverage.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rule_coverage", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["rule_coverage"] = module
    spec.loader.exec_module(module)
    return module


rc = _load()


def test_the_specs_are_beside_the_project() -> None:
    missing = [f for f, _ in rc.SPECS.values() if not (rc.RULES_DIR / f).is_file()]
    assert not missing, f"rule specs missing from {rc.RULES_DIR}: {missing}"


@pytest.mark.parametrize("game", list(rc.SPECS))
def test_rule_coverage_at_least_the_minimum(game: str) -> None:
    cov = rc.coverage(game)
    assert len(cov.defined) > 100, f"{game}: only {len(cov.defined)} rule IDs parsed"
    assert cov.share >= rc.MINIMUM, (
        f"{game}: {cov.share:.1%} of rule IDs named by tests, below {rc.MINIMUM:.0%}; "
        f"not named: {', '.join(cov.missing)}"
    )


@pytest.mark.parametrize("game", list(rc.SPECS))
def test_every_untested_rule_is_explained_in_the_doc(game: str) -> None:
    """The rules no test names are listed, with the reason, under "## Rule coverage" in
    ``docs/games/<game>.md``."""
    cov = rc.coverage(game)
    unexplained = [i for i in cov.missing if i not in rc.explained_ids(game)]
    assert not unexplained, (
        f"{game}: neither tested nor explained under 'Rule coverage': {', '.join(unexplained)}"
    )


def test_marked_ids_exist_in_a_spec() -> None:
    """A ``rule(...)`` marker names a rule, a gap or a section of a spec (not a typo)."""
    defined: frozenset[str] = frozenset()
    headings: frozenset[str] = frozenset()
    for game in rc.SPECS:
        defined |= rc.defined_ids(game)
        headings |= rc.sections(game)
    marked = rc.named_ids(markers_only=True)
    unknown = sorted(i for i in marked if not rc.known(i, defined, headings))
    assert not unknown, f"tests mark rule IDs that no spec defines: {unknown}"


def test_names_are_read_from_test_names_markers_and_docstrings(tmp_path: Path) -> None:
    (tmp_path / "test_x.py").write_text(
        "import pytest\n"
        "rule = pytest.mark.rule\n"
        "@rule('SY-4.11')\n"
        "def test_a(): pass\n"
        "@pytest.mark.rule('AH-5.7')\n"
        "def test_b(): pass\n"
        "def test_en_9_21_gold_stands_in(): pass\n"
        "def test_sy_ex_3_income(): pass\n"
        "def test_ah_a_11_mystic(): pass\n"
        "def test_c():\n    '''MA-5.8: the Bay stops a ship.'''\n"
        "@pytest.mark.parametrize('x', [pytest.param(1, marks=rule('PC-2.3'))])\n"
        "def test_d(x): pass\n"
        "def helper():\n    '''PC-1.1 is not a test.'''\n",
        encoding="utf-8",
    )
    assert rc.named_ids(tmp_path) == {
        "SY-4.11",
        "AH-5.7",
        "EN-9.21",
        "SY-EX-3",
        "SY-EX.3",
        "AH-A-11",
        "AH-A.11",
        "MA-5.8",
        "PC-2.3",
    }
