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

Besides :class:`Svg` the module has what several games need around it: pre-drawn fragments
(:meth:`Svg.fragment`, :meth:`Svg.raw`, :meth:`Svg.place`) and text measured by an estimate
of the font (:class:`Font`: widths, clipping, word wrap).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import islice
from json.encoder import encode_basestring as _encode_json
from typing import Any, ClassVar, Literal, Self
from xml.sax.saxutils import escape, quoteattr

SEAT_COLORS = ("#c0392b", "#2471a3", "#229954", "#d4ac0d", "#7d3c98", "#ca6f1e")
"""Seat 0, 1, 2... in every game's picture (and the page's turn order)."""
INK = "#1c2833"
PAPER = "#fdfefe"
SEA = "#aed6f1"
ELLIPSIS = "…"


def seat_color(seat: int | None) -> str:
    return "#7f8c8d" if seat is None or seat < 0 else SEAT_COLORS[seat % len(SEAT_COLORS)]


def number(value: float, decimals: int = 2) -> str:
    """``value`` as the builder writes coordinates: ``decimals`` digits at most, no trailing
    zeros (for path data and other attribute text built by hand)."""
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@lru_cache(maxsize=1024)
def _name(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


@lru_cache(maxsize=16384)
def _escaped(text: str) -> str:
    return escape(text)


# ------------------------------------------------------------------------------ attributes
_PLAIN = (str, int, float)
_CACHE_SIZE = 32768
_CACHES: dict[int, dict[tuple[str, Any], str]] = {}
"""Written attributes (`` name="value"``) by (keyword, value), one table per float precision:
a picture has thousands of attributes but few distinct ones (colours, sizes, words and
coordinates recur within a picture and from one picture to the next)."""


def _attr(key: str, value: Any, decimals: int) -> str:
    kind = type(value)
    if kind is float:
        quoted = f'"{number(value, decimals)}"'
    elif kind is int:
        quoted = f'"{value}"'
    else:
        quoted = quoteattr(str(value))
    return f" {_name(key)}={quoted}"


def _attrs(attrs: Mapping[str, Any], cache: dict[tuple[str, Any], str], decimals: int) -> str:
    """The attributes as `` name="value"`` text, skipping ``None`` and ``False``.

    The table is keyed by equality, so ``True`` (equal to 1) is always written afresh and
    only plain str, int and float values are stored (a value of another type equal to a
    stored one, such as an ``IntEnum``, is written as that one)."""
    parts = []
    for item in attrs.items():
        value = item[1]
        if value is None or value is False:
            continue
        try:
            chunk = cache.get(item)
        except TypeError:  # an unhashable value: written as str(value)
            chunk = None
        if chunk is None or value is True:
            chunk = _attr(item[0], value, decimals)
            if type(value) in _PLAIN:
                if len(cache) >= _CACHE_SIZE:
                    cache.clear()
                cache[item] = chunk
        parts.append(chunk)
    return "".join(parts)


_ELEMENT_CACHE_SIZE = 65536
"""Written elements (and groups' opening tags) kept per :class:`Svg` class, by tag, text,
tooltip, attributes and the attributes' types: the types keep apart values that are equal but
written differently (``True`` and ``1``, ``False`` and ``0``). A class's table is emptied when
full. A picture of a game recurs mostly: its frames, tracks, labels and tokens in their places."""


class _Group:
    """What :meth:`Svg.group` returns: closes the group when its ``with`` block ends."""

    __slots__ = ("_parts",)

    def __init__(self, parts: list[str]) -> None:
        self._parts = parts

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        self._parts.append("</g>")


# ------------------------------------------------------------------------------ the builder
class Svg:
    """Collects elements; :meth:`to_string` gives the document.

    Keyword attributes use ``_`` for ``-`` (``stroke_width=2``) and a trailing ``_`` for
    Python keywords (``class_="tile"``). ``action=I`` marks a legal move, ``tip=`` a tooltip.

    A game's picture may subclass it to change the class settings below (and nothing else).
    """

    decimals: ClassVar[int] = 2
    """Digits kept after the point of float attribute values (a polygon's ``points`` and the
    viewBox always keep 2)."""
    text_defaults: ClassVar[Mapping[str, Any]] = {"font_size": 12, "fill": INK}
    """Attributes :meth:`text` adds when not given (empty: text inherits from its groups)."""
    background: ClassVar[str | None] = None
    """The colour of a rectangle laid under the whole picture, at its final size."""
    _cache: ClassVar[dict[tuple[str, Any], str]] = _CACHES.setdefault(2, {})
    _elements: ClassVar[dict[tuple[Any, ...], str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._cache = _CACHES.setdefault(cls.decimals, {})
        cls._elements = {}

    def __init__(self, width: float, height: float, *, title: str = "") -> None:
        self.width = width
        self.height = height
        self.title = title
        self._parts: list[str] = []

    def _element(
        self, tag: str, attrs: dict[str, Any], text: str | None = None, tip: str | None = None
    ) -> None:
        # Most elements of a picture recur exactly, within it and from one picture to the
        # next (frames, tracks, labels, the same token in the same place): the written
        # element is looked up by everything that makes it (:data:`_ELEMENT_CACHE_SIZE`).
        try:
            key = (tag, text, tip, *attrs.items(), *map(type, attrs.values()))
            written = self._elements.get(key)
        except TypeError:  # an unhashable value: written every time
            self._parts.append(self._write(tag, attrs, text, tip))
            return
        if written is None:
            written = self._remember(key, self._write(tag, attrs, text, tip))
        self._parts.append(written)

    def _remember(self, key: tuple[Any, ...], written: str) -> str:
        elements = self._elements
        if len(elements) >= _ELEMENT_CACHE_SIZE:
            elements.clear()
        elements[key] = written
        return written

    def _write(self, tag: str, attrs: dict[str, Any], text: str | None, tip: str | None) -> str:
        action = attrs.pop("action", None)
        if action is not None:
            attrs["data_action"] = int(action)
            attrs["class_"] = f"{attrs.get('class_', '')} act".strip()
        inner = _escaped(text) if text is not None else ""
        if tip:
            inner = f"<title>{_escaped(tip)}</title>{inner}"
        if inner:
            return f"<{tag}{_attrs(attrs, self._cache, self.decimals)}>{inner}</{tag}>"
        return f"<{tag}{_attrs(attrs, self._cache, self.decimals)}/>"

    # The shapes below look their element up before building its attribute dictionary (the
    # key as :meth:`_element` makes it, plus the positional values and their types, under a
    # tag of its own).
    def rect(
        self, x: float, y: float, w: float, h: float, *, tip: str | None = None, **attrs: Any
    ) -> None:
        try:
            key = (
                "rect()", tip, x, y, w, h, type(x), type(y), type(w), type(h),
                *attrs.items(), *map(type, attrs.values()),
            )  # fmt: skip
            written = self._elements.get(key)
        except TypeError:
            self._element("rect", {"x": x, "y": y, "width": w, "height": h, **attrs}, tip=tip)
            return
        if written is None:
            box = {"x": x, "y": y, "width": w, "height": h, **attrs}
            written = self._remember(key, self._write("rect", box, None, tip))
        self._parts.append(written)

    def circle(
        self, cx: float, cy: float, r: float, *, tip: str | None = None, **attrs: Any
    ) -> None:
        try:
            key = (
                "circle()", tip, cx, cy, r, type(cx), type(cy), type(r),
                *attrs.items(), *map(type, attrs.values()),
            )  # fmt: skip
            written = self._elements.get(key)
        except TypeError:
            self._element("circle", {"cx": cx, "cy": cy, "r": r, **attrs}, tip=tip)
            return
        if written is None:
            disc = {"cx": cx, "cy": cy, "r": r, **attrs}
            written = self._remember(key, self._write("circle", disc, None, tip))
        self._parts.append(written)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> None:
        self._element("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, **attrs})

    def polygon(
        self, points: Sequence[tuple[float, float]], *, tip: str | None = None, **attrs: Any
    ) -> None:
        try:  # the points as given (their text is written on a miss only)
            key = ("polygon()", tip, *points, *attrs.items(), *map(type, attrs.values()))
            written = self._elements.get(key)
        except TypeError:
            key = None
            written = None
        if written is None:
            pts = " ".join(f"{number(x)},{number(y)}" for x, y in points)
            written = self._write("polygon", {"points": pts, **attrs}, None, tip)
            if key is not None:
                self._remember(key, written)
        self._parts.append(written)

    def path(self, d: str, *, tip: str | None = None, **attrs: Any) -> None:
        self._element("path", {"d": d, **attrs}, tip=tip)

    def text(self, x: float, y: float, text: str, *, tip: str | None = None, **attrs: Any) -> None:
        # The class's text_defaults are the same for every call: the key needs only what
        # the call gives (each class has its own table).
        try:
            key = (
                "text()", text, tip, x, y, type(x), type(y),
                *attrs.items(), *map(type, attrs.values()),
            )  # fmt: skip
            written = self._elements.get(key)
        except TypeError:
            key = None
            written = None
        if written is None:
            for name, value in self.text_defaults.items():
                attrs.setdefault(name, value)
            written = self._write("text", {"x": x, "y": y, **attrs}, text, tip)
            if key is not None:
                self._remember(key, written)
        self._parts.append(written)

    def group(self, *, tip: str | None = None, **attrs: Any) -> _Group:
        """``with svg.group(transform="translate(10,20)", action=3): ...`` nests elements."""
        try:
            key = ("g", tip, *attrs.items(), *map(type, attrs.values()))
            opening = self._elements.get(key)
        except TypeError:
            key = None
            opening = None
        if opening is None:
            action = attrs.pop("action", None)
            if action is not None:
                attrs["data_action"] = int(action)
                attrs["class_"] = f"{attrs.get('class_', '')} act".strip()
            opening = f"<g{_attrs(attrs, self._cache, self.decimals)}>"
            if tip:
                opening += f"<title>{_escaped(tip)}</title>"
            if key is not None:
                self._remember(key, opening)
        self._parts.append(opening)
        return _Group(self._parts)

    # -------------------------------------------------------------------------- fragments
    @classmethod
    def fragment(cls, draw: Callable[[Self], None]) -> str:
        """The markup ``draw`` makes in a scratch builder of this class, to add to pictures
        with :meth:`raw` or :meth:`place`. Parts that recur from one picture to the next
        are worth drawing once: memoize the function that makes the fragment, keyed by
        everything it reads."""
        scratch = cls(0, 0)
        draw(scratch)
        return scratch.markup()

    def raw(self, markup: str) -> None:
        """Add markup drawn before (:meth:`fragment`, :meth:`markup`) as it is."""
        self._parts.append(markup)

    def place(self, x: float, y: float, markup: str) -> None:
        """Add markup drawn before with its origin moved to (x, y)."""
        self._parts.append(f'<g transform="translate({number(x)},{number(y)})">{markup}</g>')

    def markup(self) -> str:
        """The elements drawn so far, without the ``<svg>`` document around them."""
        return "".join(self._parts)

    def to_string(self) -> str:
        """The document (a :class:`Picture`: a ``str`` that can also write itself as JSON)."""
        label = f' aria-label={quoteattr(self.title)} role="img"' if self.title else ""
        under = ""
        if self.background is not None:
            box = {"x": 0, "y": 0, "width": self.width, "height": self.height}
            under = f"<rect{_attrs({**box, 'fill': self.background}, self._cache, self.decimals)}/>"
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {number(self.width)} '
            f'{number(self.height)}"{label} font-family="sans-serif">'
        )
        parts = [head, under, *self._parts, "</svg>"]
        picture = Picture("".join(parts))
        picture.parts = parts
        return picture


_JSON_SIZE = 65536
_JSON: dict[str, str] = {}
"""Each written piece of a picture as JSON string text (without its quotes), by the piece."""


class Picture(str):
    """A drawing's SVG text that keeps the pieces it was joined from (elements, groups,
    parts), for :meth:`json`. It is the text for everything else (``str``)."""

    parts: list[str]
    _json: str | None = None

    @classmethod
    def written(cls, text: str, json_text: str) -> Picture:
        """A picture drawn elsewhere (a worker process) that comes with its :meth:`json`."""
        picture = cls(text)
        picture.parts = []
        picture._json = json_text
        return picture

    def json(self) -> str:
        """``json.dumps(self, ensure_ascii=False)``, written from its pieces' JSON: most
        pieces of a picture recur from one picture to the next (the same elements and parts,
        the same string objects), so their escaping is looked up instead of done again over
        the whole text (which cost a quarter of a millisecond a picture)."""
        if self._json is not None:
            return self._json
        table = _JSON
        out = []
        for piece in self.parts:
            text = table.get(piece)
            if text is None:
                if len(table) >= _JSON_SIZE:
                    table.clear()
                text = table[piece] = _encode_json(piece)[1:-1]
            out.append(text)
        return '"' + "".join(out) + '"'


def memo(draw: Callable[..., None], maxsize: int = 4096) -> Callable[..., None]:
    """``draw(svg, *args)`` made to draw once per class of builder and ``args`` (all hashable,
    and everything the drawing reads: it must read nothing else): ``memo(draw)(svg, *args)``
    adds the markup drawn the first time (:meth:`Svg.fragment`). For the parts of a picture
    that recur from one picture to the next with the same arguments (a tile, a card, a map
    space). The table keeps ``maxsize`` drawings and is emptied when full."""
    table: dict[tuple[Any, ...], str] = {}

    def drawn(svg: Svg, *args: Any) -> None:
        key = (type(svg), *args)
        markup = table.get(key)
        if markup is None:
            if len(table) >= maxsize:
                table.clear()
            markup = table[key] = type(svg).fragment(lambda scratch: draw(scratch, *args))
        svg.raw(markup)

    return drawn


class Parts:
    """A part of a picture (a panel, a track, a map) drawn once per key: :meth:`draw` adds the
    markup it drew the first time and returns what it returned then (a section's bottom edge).
    Unlike :func:`memo` the part is drawn into the picture itself (not a scratch builder) and
    keeps its result, so a section that lays out what follows it can be reused whole. The key
    must hold everything the drawing reads, and the drawing must change nothing but the
    markup it adds. Most of a picture is the same from one move to the next, and between two
    seats' pictures of the same position (a spectator's and a seat's that is not deciding).
    The table keeps ``maxsize`` parts; when it is full the oldest quarter is dropped."""

    __slots__ = ("_table", "maxsize")

    def __init__(self, maxsize: int = 512) -> None:
        self._table: dict[Any, tuple[str, Any]] = {}
        self.maxsize = maxsize

    def draw(self, svg: Svg, key: Any, draw: Callable[..., Any], *args: Any) -> Any:
        """``draw(*args)`` (which draws into ``svg``) once per ``key`` and class of ``svg``."""
        full = (type(svg), key)
        hit = self._table.get(full)
        if hit is None:
            parts = svg._parts
            start = len(parts)
            result = draw(*args)
            markup = "".join(parts[start:])
            del parts[start:]
            parts.append(markup)
            table = self._table
            if len(table) >= self.maxsize:  # the oldest quarter goes (not all: at a busy
                # server the parts of the positions being played would all be drawn again)
                for old in list(islice(table, max(1, self.maxsize // 4))):
                    del table[old]
            table[full] = (markup, result)
            return result
        svg._parts.append(hit[0])
        return hit[1]


def freeze(value: Any) -> Any:
    """A JSON value (of a view) as a hashable one, for :func:`memo`'s arguments: lists become
    tuples, objects tuples of their (key, value) items in order."""
    if isinstance(value, dict):
        return tuple((k, freeze(v)) for k, v in value.items())
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value


def action_index(view: Mapping[str, Any]) -> dict[tuple[str, tuple[tuple[str, Any], ...]], int]:
    """The position of each legal action of ``view`` by (kind, sorted fields), for ``action=``:
    ``index.get(("place", (("spot", 4),)))``."""
    out = {}
    for i, item in enumerate(view.get("legal_actions", [])):
        action = dict(item["action"])
        kind = action.pop("kind")
        out[(kind, tuple(sorted(action.items())))] = i
    return out


# ------------------------------------------------------------------------------ text
class Font:
    """An estimate of how wide text is drawn, and text cut or wrapped to fit by it.

    The browser picks the actual sans-serif face, so widths are estimates in em (times the
    font size): one average advance ``em`` per character (``bold_em`` in bold), or, given
    ``widths``, an advance per character (``em`` for the characters not listed) and bold
    ``bold_scale`` times wider. Cut text ends in :data:`ELLIPSIS`. However narrow the room,
    :meth:`clip` and :meth:`wrap` give a line at least ``min_chars`` average characters.
    """

    def __init__(
        self,
        em: float = 0.6,
        *,
        bold_em: float | None = None,
        widths: Mapping[str, float] | None = None,
        bold_scale: float = 1.0,
        min_chars: int = 0,
    ) -> None:
        self.em = em
        self.bold_em = em if bold_em is None else bold_em
        self.widths = dict(widths) if widths is not None else None
        self.bold_scale = bold_scale
        self.min_chars = min_chars
        self._measured: dict[tuple[str, float, bool], float] = {}
        self._wrapped: dict[tuple[Any, ...], tuple[str, ...]] = {}

    def width(self, text: str, size: float, bold: bool = False) -> float:
        """The estimated width of ``text`` at font size ``size``."""
        widths = self.widths
        if widths is None:
            return len(text) * size * (self.bold_em if bold else self.em)
        key = (text, size, bold)
        out = self._measured.get(key)
        if out is None:
            em = self.em
            out = sum(widths.get(ch, em) for ch in text) * size * (self.bold_scale if bold else 1.0)
            if len(self._measured) >= _CACHE_SIZE:
                self._measured.clear()
            self._measured[key] = out
        return out

    def _room(self, width: float, size: float, bold: bool) -> float:
        """``width``, or the width of ``min_chars`` average characters if more."""
        if self.min_chars:
            return max(width, self.min_chars * size * (self.bold_em if bold else self.em))
        return width

    def clip(
        self, text: str, width: float, size: float, bold: bool = False, *, strip: bool = True
    ) -> str:
        """``text`` if it fits in ``width``, else cut character by character to fit with an
        ellipsis (``strip``: without the spaces the cut leaves before it)."""
        width = self._room(width, size, bold)
        if self.width(text, size, bold) <= width:
            return text
        while text and self.width(text + ELLIPSIS, size, bold) > width:
            text = text[:-1].rstrip() if strip else text[:-1]
        return text + ELLIPSIS

    def wrap(
        self,
        text: str,
        width: float,
        size: float,
        lines: int | None = None,
        bold: bool = False,
        *,
        hyphenate: bool = False,
        overflow: Literal["ellipsis", "join"] = "ellipsis",
        strip: bool = True,
    ) -> tuple[str, ...]:
        """The words of ``text`` in lines of ``width`` (greedily), at most ``lines`` of them.

        A word wider than a line gets a line of its own, or with ``hyphenate`` is broken
        over lines (ending in ``-``). With more lines than ``lines``, ``overflow`` says what
        happens: ``"ellipsis"`` cuts the last line kept to end in an ellipsis (as
        :meth:`clip`, which also cuts any line still too wide), ``"join"`` joins the rest
        onto the last line (which may then be too wide)."""
        key = (text, width, size, lines, bold, hyphenate, overflow, strip)
        out = self._wrapped.get(key)
        if out is None:
            out = self._wrap(text, width, size, lines, bold, hyphenate, overflow, strip)
            if len(self._wrapped) >= _CACHE_SIZE:
                self._wrapped.clear()
            self._wrapped[key] = out
        return out

    def fit(
        self, text: str, width: float, size: float, bold: bool = False, *, strip: bool = True
    ) -> str:
        """``text`` on one line of ``width``: whole, or cut after the last word that fits with
        an ellipsis (by characters when even the first word is too wide)."""
        return self.wrap(text, width, size, 1, bold, strip=strip)[0] if text else ""

    def _wrap(
        self,
        text: str,
        width: float,
        size: float,
        lines: int | None,
        bold: bool,
        hyphenate: bool,
        overflow: str,
        strip: bool,
    ) -> tuple[str, ...]:
        width = self._room(width, size, bold)
        out: list[str] = []
        line = ""
        for word in text.split():
            if hyphenate:
                while len(word) > 1 and self.width(word, size, bold) > width:
                    k = len(word) - 1
                    while k > 1 and self.width(word[:k] + "-", size, bold) > width:
                        k -= 1
                    if line:
                        out.append(line)
                        line = ""
                    out.append(word[:k] + "-")
                    word = word[k:]
            trial = f"{line} {word}" if line else word
            if line and self.width(trial, size, bold) > width:
                out.append(line)
                line = word
            else:
                line = trial
        if line:
            out.append(line)
        if overflow == "join":
            if lines is not None and len(out) > lines:
                out[max(lines, 1) - 1 :] = [" ".join(out[max(lines, 1) - 1 :])]
            return tuple(out)
        if lines is not None and len(out) > lines:
            if lines < 1:
                return ()
            out[lines - 1 :] = [out[lines - 1] + ELLIPSIS]  # words left over
        return tuple(self.clip(x, width, size, bold, strip=strip) for x in out)


DEJAVU_SANS = Font(
    0.64,
    widths=dict(
        zip(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ .,:;'()/-·…!&+×?",
            (
                0.613, 0.635, 0.55, 0.635, 0.615, 0.352, 0.635, 0.634, 0.278, 0.278, 0.579,
                0.278, 0.974, 0.634, 0.612, 0.635, 0.635, 0.411, 0.521, 0.392, 0.634, 0.592,
                0.818, 0.592, 0.592, 0.525, 0.684, 0.686, 0.698, 0.77, 0.632, 0.575, 0.775,
                0.752, 0.295, 0.295, 0.656, 0.557, 0.863, 0.748, 0.787, 0.603, 0.787, 0.695,
                0.635, 0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685, 0.318, 0.318, 0.318,
                0.337, 0.337, 0.275, 0.39, 0.39, 0.337, 0.361, 0.318, 1.0, 0.4, 0.78, 0.838,
                0.838, 0.531,
            ),
            strict=True,
        )
    ),
    bold_scale=1.1,
)  # fmt: skip
"""Advance widths of DejaVu Sans, the widest common sans-serif (bold taken 10% wider): an
estimate that errs on the safe side for the narrower faces browsers usually pick. Slower
than a flat :class:`Font` but closer (narrow ``i``, wide ``m``)."""
