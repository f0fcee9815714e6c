"""The Rules panel's text: a game's rules reference (``tabletide.reference``) as HTML sections.

The Markdown is rendered by markdown-it with raw HTML switched off (the reference cannot put
markup of its own into the page); each bracketed rule ID becomes a ``rule-id`` mark the page
can find and highlight, and pictures point at ``/rules/<game>/img/``.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

from tabletide.reference import load_reference, reference_path

_IMAGE_NAME = re.compile(r"^[a-z0-9_\-]+\.svg$")


@cache
def rules_json(game: str) -> dict[str, Any]:
    """``{"game", "title", "sections": [{"anchor", "level", "title", "html", "rules"}],
    "index": {rule ID: anchor}}``; the index maps every stated and mentioned ID.

    :raises ConfigError: unknown game. :raises NotInReference: the game has no reference.
    """
    reference = load_reference(game)
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    marked = re.compile(rf"\[({re.escape(reference.game_prefix)}-[A-Za-z0-9.\-]*[A-Za-z0-9])\]")
    sections = []
    index: dict[str, str] = {}
    for section in reference.sections:
        html = md.render(section.markdown)
        html = marked.sub(r'<span class="rule-id" data-rule="\1">\1</span>', html)
        html = html.replace('src="img/', f'src="/rules/{reference.game}/img/')
        sections.append(
            {
                "anchor": section.anchor,
                "level": section.level,
                "title": section.title,
                "html": html,
                "rules": list(section.states),
            }
        )
    for rule in sorted({i for s in reference.sections for i in s.mentions}):
        index[rule] = reference.section_for(rule).anchor
    return {"game": reference.game, "title": reference.title, "sections": sections, "index": index}


def image_path(game: str, name: str) -> Path | None:
    """The file of a reference's picture ``name`` (``docs/rules/img/``), or None."""
    if not _IMAGE_NAME.match(name):
        return None
    path = reference_path(game).parent / "img" / name
    return path if path.is_file() else None
