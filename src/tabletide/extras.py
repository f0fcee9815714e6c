"""The optional parts of tabletide and the extra that installs each.

``pip install tabletide`` is the core: the engine, the games, the bots, tournaments on the local
backend and the terminal CLI. The rest comes with extras (README.md, "Installing"):

* ``rl``: the research API, :mod:`tabletide.rl` (NumPy, Gymnasium, PettingZoo, OpenSpiel);
* ``web``: the web app, ``tabletide serve`` (FastAPI, SQLAlchemy, Uvicorn, websockets);
* ``ray``: the ``ray`` backend of ``tournament`` and ``analyze``;
* ``plots``: PNG charts, ``tournament --out`` and ``analyze --png`` (matplotlib);
* ``bench``: the PettingZoo reference of ``bench --peers``, ``tictactoe_v3`` (pygame).

A part whose extra is missing raises :class:`MissingExtraError` before it starts, naming the
extra; the CLI shows it as one red line (exit code 2).
"""

from __future__ import annotations

import importlib.util
import sys

from tabletide.engine.errors import TabletideError

EXTRAS: dict[str, tuple[str, ...]] = {
    "rl": ("numpy", "gymnasium", "pettingzoo", "pyspiel"),
    "web": ("fastapi", "sqlalchemy", "uvicorn", "websockets", "orjson"),
    "ray": ("ray",),
    "plots": ("matplotlib",),
    "bench": ("pygame",),
}
"""Each extra and the top-level modules it installs."""


class MissingExtraError(TabletideError, ImportError):
    """A part of tabletide whose extra is not installed; the message says which one."""


def _installed(module: str) -> bool:
    if module in sys.modules:  # imported already (or stood in for by a test)
        return True
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def require_extra(extra: str, what: str) -> None:
    """Fail unless the modules of ``extra`` are installed (without importing them).

    :param what: the part that needs them, as the message names it (``"tabletide serve"``).
    :raises MissingExtraError: one is missing; the message ends with the pip command.
    """
    missing = [m for m in EXTRAS[extra] if not _installed(m)]
    if missing:
        raise MissingExtraError(
            f"{what} needs the {extra} extra ({', '.join(missing)} not installed): "
            f"pip install 'tabletide[{extra}]'",
            name=missing[0],
        )
