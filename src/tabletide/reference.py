"""The players' rules references, ``docs/rules/<game>.md``: read, cut into sections, looked up
by rule ID and searched. The terminal (``tabletide rules``) and the web's Rules panel both
serve them from here.

A reference is Markdown. Each ``#``-heading opens a section that runs to the next heading. A
section *states* the rules whose IDs it writes in brackets (``[SY-5.1]``); it may mention other
IDs plainly ("see SY-5.1") without stating them. The components listing between
``<!-- components:start -->`` and ``<!-- components:end -->`` is generated from the game's
content files (``scripts/rules_components.py``), so it cannot drift from the data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from tabletide.engine import TabletideError, load_game

COMPONENTS_START = "<!-- components:start -->"
COMPONENTS_END = "<!-- components:end -->"
_SOURCE_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"
"""Where the references live in a checkout (an editable install reads them there)."""
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


class NotInReference(TabletideError, LookupError):
    """No reference for a game, or no section for a rule ID."""


@dataclass(frozen=True)
class Section:
    """One heading of a reference and its text (up to the next heading)."""

    anchor: str
    """A stable id for links (``setup``, ``the-turn``), unique in the reference."""
    level: int
    title: str
    markdown: str
    """The section's Markdown, its heading included."""
    states: tuple[str, ...]
    """The rule IDs it states (written ``[ID]``), in order."""
    mentions: tuple[str, ...]
    """Every rule ID it names, stated or not."""


@dataclass(frozen=True)
class Reference:
    game: str
    title: str
    game_prefix: str
    """The game's rule-ID prefix (``SY``)."""
    markdown: str
    sections: tuple[Section, ...]

    @property
    def rule_ids(self) -> frozenset[str]:
        """Every rule ID the reference states."""
        return frozenset(i for s in self.sections for i in s.states)

    def section_for(self, rule_id: str) -> Section:
        """The section that states ``rule_id`` (else the first that mentions it; else the one
        that states the nearest enclosing rule: ``SY-5.1`` for ``SY-5.1.3``).

        :raises NotInReference: no section names it or a rule above it.
        """
        wanted = rule_id.strip().upper()
        for ids in ("states", "mentions"):
            for section in self.sections:
                if any(i.upper() == wanted for i in getattr(section, ids)):
                    return section
        parent = re.sub(r"[.\-][A-Za-z0-9]+$", "", wanted)
        if parent != wanted and "-" in parent:
            try:
                return self.section_for(parent)
            except NotInReference:
                pass
        raise NotInReference(f"the {self.title} rules reference has no rule {rule_id!r}")

    def search(self, query: str) -> list[Section]:
        """Sections whose words hold every word of ``query`` (case-insensitive), in order."""
        words = query.lower().split()
        return [s for s in self.sections if all(w in s.markdown.lower() for w in words)]


def reference_path(game: str) -> Path:
    """The file of ``game``'s reference: in the package when installed from a wheel, else in
    the checkout's ``docs/rules``."""
    packaged = resources.files("tabletide") / "rules" / f"{game}.md"
    if packaged.is_file():
        return Path(str(packaged))
    return _SOURCE_DIR / f"{game}.md"


@cache
def load_reference(game: str) -> Reference:
    """``game``'s rules reference.

    :raises ConfigError: an unknown game. :raises NotInReference: the game has no reference.
    """
    loaded = load_game(game)
    path = reference_path(loaded.name)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NotInReference(f"{loaded.title} has no rules reference ({path})") from None
    return Reference(
        loaded.name, loaded.title, loaded.rule_prefix, text, parse(text, loaded.rule_prefix)
    )


def parse(text: str, prefix: str) -> tuple[Section, ...]:
    """Cut ``text`` into sections at its headings (not inside code fences)."""
    ids = re.compile(rf"(?<![A-Za-z0-9]){re.escape(prefix)}-[A-Z0-9]+(?:[.\-][A-Za-z0-9]+)*")
    stated = re.compile(rf"\[({ids.pattern})\]")
    heads: list[tuple[int, int, str]] = []  # (line, level, title)
    lines = text.splitlines()
    fenced = False
    for n, line in enumerate(lines):
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced and (m := _HEADING.match(line)):
            heads.append((n, len(m.group(1)), m.group(2)))
    sections: list[Section] = []
    used: set[str] = set()
    for k, (start, level, title) in enumerate(heads):
        end = heads[k + 1][0] if k + 1 < len(heads) else len(lines)
        body = "\n".join(
            line
            for line in lines[start:end]
            if line.strip() not in (COMPONENTS_START, COMPONENTS_END)
        ).strip()
        anchor = _unique(_slug(title), used)
        sections.append(
            Section(
                anchor=anchor,
                level=level,
                title=ids.sub("", title).replace("[]", "").strip(" ·—-()[]") or title,
                markdown=body,
                states=tuple(dict.fromkeys(stated.findall(body))),
                mentions=tuple(dict.fromkeys(ids.findall(body))),
            )
        )
    return tuple(sections)


def _slug(title: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return slug or "section"


def _unique(slug: str, used: set[str]) -> str:
    anchor, n = slug, 2
    while anchor in used:
        anchor, n = f"{slug}-{n}", n + 1
    used.add(anchor)
    return anchor


def components_block(text: str) -> str | None:
    """The generated components listing inside ``text`` (between the markers), or None."""
    start, end = text.find(COMPONENTS_START), text.find(COMPONENTS_END)
    if start < 0 or end < start:
        return None
    return text[start + len(COMPONENTS_START) : end].strip("\n")


def with_components(text: str, listing: str) -> str:
    """``text`` with its components block replaced by ``listing``.

    :raises NotInReference: the markers are missing."""
    start, end = text.find(COMPONENTS_START), text.find(COMPONENTS_END)
    if start < 0 or end < start:
        raise NotInReference(f"no {COMPONENTS_START} ... {COMPONENTS_END} block")
    return f"{text[: start + len(COMPONENTS_START)]}\n{listing.strip()}\n{text[end:]}"
