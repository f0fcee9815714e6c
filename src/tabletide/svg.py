"""A small SVG builder for the games' board pictures (``Game.render_svg``).

Each game draws its board from one seat's observation (the JSON of ``state.observation(seat)``,
never the state itself), so a picture cannot show more than the seat may know. The browser puts
the picture on the page as it is and wires up two conventions:

* an element with ``data-action="I"`` is a legal move: ``I`` indexes
  ``view["legal_actions"]``; the page highlights it and plays that action when it is clicked
  (several elements may carry the same index);
* a ``<title>`` child (``tip=`` below) is the element's tooltip.

Drawings use a ``viewBox`` and no fixed size, so they scale to the page from phone to desktop.
Text is escaped here; callers pass plain strings.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any
from xml.sax.saxutils import escape, quoteattr

SEAT_COLORS = ("#c0392b", "#2471a3", "#229954", "#d4ac0d", "#7d3c98", "#ca6f1e")
"""Seat 0, 1, 2... in every game's picture (and the page's turn order)."""
INK = "#1c2833"
PAPER = "#fdfefe"
SEA = "#aed6f1"


def seat_color(seat: int | None) -> str:
    return "#7f8c8d" if seat is None or seat < 0 else SEAT_COLORS[seat % len(SEAT_COLORS)]


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _attrs(attrs: Mapping[str, Any]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = _number(value)
        parts.append(f" {name}={quoteattr(str(value))}")
    return "".join(parts)


class Svg:
    """Collects elements; :meth:`to_string` gives the document.

    Keyword attributes use ``_`` for ``-`` (``stroke_width=2``) and a trailing ``_`` for
    Python keywords (``class_="tile"``). ``action=I`` marks a legal move, ``tip=`` a tooltip.
    """

    def __init__(self, width: float, height: float, *, title: str = "") -> None:
        self.width = width
        self.height = height
        self.title = title
        self._parts: list[str] = []

    def _element(
        self, tag: str, attrs: dict[str, Any], text: str | None = None, tip: str | None = None
    ) -> None:
        action = attrs.pop("action", None)
        if action is not None:
            attrs["data_action"] = int(action)
            attrs["class_"] = f"{attrs.get('class_', '')} act".strip()
        inner = escape(text) if text is not None else ""
        if tip:
            inner = f"<title>{escape(tip)}</title>{inner}"
        if inner:
            self._parts.append(f"<{tag}{_attrs(attrs)}>{inner}</{tag}>")
        else:
            self._parts.append(f"<{tag}{_attrs(attrs)}/>")

    def rect(
        self, x: float, y: float, w: float, h: float, *, tip: str | None = None, **attrs: Any
    ) -> None:
        self._element("rect", {"x": x, "y": y, "width": w, "height": h, **attrs}, tip=tip)

    def circle(
        self, cx: float, cy: float, r: float, *, tip: str | None = None, **attrs: Any
    ) -> None:
        self._element("circle", {"cx": cx, "cy": cy, "r": r, **attrs}, tip=tip)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> None:
        self._element("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, **attrs})

    def polygon(
        self, points: Sequence[tuple[float, float]], *, tip: str | None = None, **attrs: Any
    ) -> None:
        pts = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        self._element("polygon", {"points": pts, **attrs}, tip=tip)

    def path(self, d: str, *, tip: str | None = None, **attrs: Any) -> None:
        self._element("path", {"d": d, **attrs}, tip=tip)

    def text(self, x: float, y: float, text: str, *, tip: str | None = None, **attrs: Any) -> None:
        attrs.setdefault("font_size", 12)
        attrs.setdefault("fill", INK)
        self._element("text", {"x": x, "y": y, **attrs}, text=text, tip=tip)

    @contextmanager
    def group(self, *, tip: str | None = None, **attrs: Any) -> Iterator[None]:
        """``with svg.group(transform="translate(10,20)", action=3): ...`` nests elements."""
        action = attrs.pop("action", None)
        if action is not None:
            attrs["data_action"] = int(action)
            attrs["class_"] = f"{attrs.get('class_', '')} act".strip()
        self._parts.append(f"<g{_attrs(attrs)}>")
        if tip:
            self._parts.append(f"<title>{escape(tip)}</title>")
        yield
        self._parts.append("</g>")

    def to_string(self) -> str:
        label = f' aria-label={quoteattr(self.title)} role="img"' if self.title else ""
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_number(self.width)} '
            f'{_number(self.height)}"{label} font-family="sans-serif">'
            + "".join(self._parts)
            + "</svg>"
        )


def action_index(view: Mapping[str, Any]) -> dict[tuple[str, tuple[tuple[str, Any], ...]], int]:
    """The position of each legal action of ``view`` by (kind, sorted fields), for ``action=``:
    ``index.get(("place", (("spot", 4),)))``."""
    out = {}
    for i, item in enumerate(view.get("legal_actions", [])):
        action = dict(item["action"])
        kind = action.pop("kind")
        out[(kind, tuple(sorted(action.items())))] = i
    return out
