"""Small helpers shared by the games' terminal screens: styled text runs as Rich markup and
back to plain text (for measuring widths)."""

from __future__ import annotations

from functools import lru_cache

from rich.markup import escape
from rich.text import Text

Token = tuple[str, str]
"""A piece of text and its Rich style ("" for none)."""


def markup(tokens: list[Token]) -> str:
    """Tokens as markup, joining neighbours of one style."""
    out: list[str] = []
    run, style = "", ""
    for text, st in tokens:
        if st != style and run:
            out.append(f"[{style}]{escape(run)}[/]" if style else escape(run))
            run = ""
        run, style = run + text, st
    if run:
        out.append(f"[{style}]{escape(run)}[/]" if style else escape(run))
    return "".join(out)


@lru_cache(maxsize=8192)
def plain_text(text: str) -> str:
    """The visible text of a markup string."""
    return Text.from_markup(text).plain


def wrap_items(items: list[str], width: int, sep: str = " · ") -> list[str]:
    """Markup ``items`` joined by ``sep`` into lines at most ``width`` wide (by their visible
    text; an item wider than a line gets a line of its own), for keys that list the players."""
    lines: list[str] = []
    line, size = "", 0
    for item in items:
        wide = len(plain_text(item))
        if line and size + len(sep) + wide > width:
            lines.append(line)
            line, size = "", 0
        line, size = (line + sep + item, size + len(sep) + wide) if line else (item, wide)
    if line:
        lines.append(line)
    return lines
