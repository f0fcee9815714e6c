"""Rule coverage: the share of each game's rule IDs that at least one test names.

A rule ID is *defined* by the game's specification, ``../shared/rules/<spec>.md`` beside the
project (the ID that opens a line, a list item or a heading); gap IDs (``-GAP-``) are decisions,
recorded in ``docs/games/<game>.md``, and are not counted. A test *names* an ID in its
``@pytest.mark.rule(...)`` marker (also inside ``pytest.param(..., marks=...)`` of its
parametrization), in its function name (``test_en_9_21_...`` names EN-9.21) or
in its docstring. A heading ID is covered by the rules below it (``PC-5.1`` by ``PC-5.1.1``).
An ID the spec gives a range (``EN-5.3.1-5.3.7``) is not expanded.

    python scripts/rule_coverage.py                 # a line per game
    python scripts/rule_coverage.py shipyard --missing   # and the IDs no test names yet

``tests/test_rule_coverage.py`` holds every game at or above ``MINIMUM`` and requires every
ID that no test names to be explained under "## Rule coverage" in ``docs/games/<game>.md``.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT.parent / "shared" / "rules"
TESTS_DIR = ROOT / "tests"
MINIMUM = 0.90

#: game name -> (spec file, ID prefix)
SPECS: dict[str, tuple[str, str]] = {
    "shipyard": ("shipyard.md", "SY"),
    "tiny_epic_pirates": ("pirate-code.md", "PC"),
    "ahoy": ("ahoy.md", "AH"),
    "maracaibo": ("maracaibo.md", "MA"),
    "empires_north": ("empires-north.md", "EN"),
}
_TAIL = r"-[A-Z0-9]+(?:[.\-][A-Za-z0-9]+)*"


@dataclass(frozen=True)
class Coverage:
    game: str
    defined: frozenset[str]
    named: frozenset[str]

    @property
    def covered(self) -> frozenset[str]:
        """Named IDs, and headings whose rules below them are named (``PC-5.1`` holds
        ``PC-5.1.1``...)."""
        named = self.defined & self.named
        return frozenset(
            i
            for i in self.defined
            if i in named or any(n.startswith((i + ".", i + "-")) for n in named)
        )

    @property
    def missing(self) -> list[str]:
        """The IDs that are not covered (neither named nor a heading of named rules)."""
        return sorted(self.defined - self.covered, key=_sort_key)

    @property
    def share(self) -> float:
        return len(self.covered) / len(self.defined) if self.defined else 1.0


def _sort_key(rule_id: str) -> list[tuple[int, str]]:
    return [
        (0, "") if p == "" else (1, p) if not p.isdigit() else (0, p.zfill(6))
        for p in re.split(r"[.\-]", rule_id)
    ]


def defined_ids(game: str, rules_dir: Path = RULES_DIR) -> frozenset[str]:
    """The non-gap rule IDs that the game's spec defines."""
    spec, prefix = SPECS[game]
    text = (rules_dir / spec).read_text(encoding="utf-8")
    pattern = prefix + _TAIL
    opening = re.compile(r"^[\s>|]*(?:[-*]\s+|#+\s+(?:[^()\n]*\()?)?\**`?(" + pattern + ")")
    heading = re.compile(r"^#+.*\((" + pattern + r")\)")
    found: set[str] = set()
    for line in text.splitlines():
        for match in (opening.match(line), heading.match(line)):
            if match:
                found.add(match.group(1).rstrip("."))
    return frozenset(i for i in found if "-GAP-" not in i)


def _ids_in_name(name: str, prefix: str) -> set[str]:
    """``test_en_9_21_gold`` -> {"EN-9.21"}; ``test_sy_ex_3_...`` -> {"SY-EX-3"}; a letter
    series may be written with a dot in the spec: ``test_ah_a_11_...`` -> {"AH-A-11", "AH-A.11"}
    (only the one the spec defines counts)."""
    found = set()
    for match in re.finditer(
        r"(?:^|_)" + prefix.lower() + r"_((?:[a-z]{1,3}_)?\d+(?:_\d+)*)", name
    ):
        parts = match.group(1).split("_")
        head = [p.upper() for p in parts if not p.isdigit()]
        digits = ".".join(p for p in parts if p.isdigit())
        found.add("-".join([prefix, *head, digits]))
        if head:
            found.add("-".join([prefix, *head]) + "." + digits)
    return found


def named_ids(tests_dir: Path = TESTS_DIR, *, markers_only: bool = False) -> frozenset[str]:
    """Every rule ID that a test names (marker, function name or docstring)."""
    any_id = re.compile(r"\b(?:" + "|".join(p for _, p in SPECS.values()) + ")" + _TAIL)
    found: set[str] = set()
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if not node.name.startswith("test"):
                continue
            if not markers_only:
                for _, prefix in SPECS.values():
                    found |= _ids_in_name(node.name, prefix)
                doc = ast.get_docstring(node) or ""
                found |= {m.rstrip(".") for m in any_id.findall(doc)}
            for deco in node.decorator_list:  # rule(...) itself, or in pytest.param(marks=...)
                for call in ast.walk(deco):
                    if isinstance(call, ast.Call) and _is_rule_marker(call.func):
                        for arg in call.args:
                            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                                found.add(arg.value)
    return frozenset(found)


def _is_rule_marker(func: ast.expr) -> bool:
    """``@pytest.mark.rule(...)`` or ``@rule(...)`` after ``rule = pytest.mark.rule``."""
    if isinstance(func, ast.Attribute):
        return func.attr == "rule"
    return isinstance(func, ast.Name) and func.id == "rule"


DOCS_DIR = ROOT / "docs" / "games"


def explained_ids(game: str, docs_dir: Path = DOCS_DIR) -> frozenset[str]:
    """The IDs that the "## Rule coverage" section of ``docs/games/<game>.md`` names: there a
    game says which rules no test can check (flavour text, a component list) and why."""
    _, prefix = SPECS[game]
    text = (docs_dir / f"{game}.md").read_text(encoding="utf-8")
    match = re.search(r"^## Rule coverage\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not match:
        return frozenset()
    return frozenset(m.rstrip(".") for m in re.findall(prefix + _TAIL, match.group(1)))


def sections(game: str, rules_dir: Path = RULES_DIR) -> frozenset[str]:
    """The numbered headings of the game's spec as IDs: ``### 2.1 General components`` of the
    Maracaibo spec is ``MA-2.1``."""
    spec, prefix = SPECS[game]
    text = (rules_dir / spec).read_text(encoding="utf-8")
    return frozenset(f"{prefix}-{n}" for n in re.findall(r"^#+\s+(\d+(?:\.\d+)*)\.?\s", text, re.M))


def known(rule_id: str, defined: frozenset[str], headings: frozenset[str] = frozenset()) -> bool:
    """A defined ID, a gap, a numbered heading, or a section that holds defined IDs
    (``PC-6.2``, ``EN-8.2b``)."""
    if rule_id in defined or rule_id in headings or "-GAP-" in rule_id:
        return True
    section = rule_id.rstrip("abcdefghij") if re.search(r"\d[a-j]$", rule_id) else rule_id
    return section in defined or any(d.startswith((section + ".", section + "-")) for d in defined)


def coverage(game: str, named: frozenset[str] | None = None) -> Coverage:
    return Coverage(game, defined_ids(game), named if named is not None else named_ids())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", choices=[*SPECS, []], help="default: all five")
    parser.add_argument("--missing", action="store_true", help="list the IDs no test names")
    args = parser.parse_args(argv)
    named = named_ids()
    for game in args.games or list(SPECS):
        cov = coverage(game, named)
        explained = explained_ids(game)
        unexplained = [i for i in cov.missing if i not in explained]
        print(
            f"{game:18} {len(cov.covered):4d} of {len(cov.defined):4d}  {cov.share:6.1%}"
            f"  ({len(cov.missing) - len(unexplained)} untestable, explained in the doc)"
        )
        if args.missing:
            for rule_id in cov.missing:
                print(f"    {rule_id}{'  (explained)' if rule_id in explained else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
