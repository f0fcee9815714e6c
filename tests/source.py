"""Reading the project's source as code (for the layout and convention tests)."""

from __future__ import annotations

import ast
from pathlib import Path


def runtime_imports(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` of every import in the file, in functions too, except those under
    ``if TYPE_CHECKING:`` (for the type checker only). ``from a.b import c`` gives ``a.b`` and
    ``a.b.c`` (``c`` may be a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                skipped |= {id(n) for n in ast.walk(inner)}
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found
