"""The SVG builder the games draw their boards with."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any, ClassVar

from tabletide.svg import (
    DEJAVU_SANS,
    INK,
    Font,
    Parts,
    Svg,
    action_index,
    freeze,
    memo,
    number,
    seat_color,
)

NS = "{http://www.w3.org/2000/svg}"


def test_a_drawing_is_well_formed_scalable_and_escaped() -> None:
    svg = Svg(200, 100.5, title="Board <1>")
    svg.rect(0, 0, 200, 100, fill="#fff", stroke_width=2.0, class_="board")
    with svg.group(transform="translate(10,10)", action=3, tip='Take the "A&B" tile'):
        svg.circle(5, 5, 4.25, fill=seat_color(1))
        svg.text(0, 20, "Score < 10 & rising")
    svg.polygon([(0, 0), (1.5, 2), (3, 0)], action=0)
    root = ET.fromstring(svg.to_string())
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox") == "0 0 200 100.5" and root.get("width") is None
    assert root.get("aria-label") == "Board <1>"
    rect = root.find(f"{NS}rect")
    assert rect is not None and rect.get("stroke-width") == "2" and rect.get("class") == "board"
    group = root.find(f"{NS}g")
    assert group is not None and group.get("data-action") == "3" and group.get("class") == "act"
    assert group.findtext(f"{NS}title") == 'Take the "A&B" tile'
    assert group.findtext(f"{NS}text") == "Score < 10 & rising"
    polygon = root.find(f"{NS}polygon")
    assert polygon is not None and polygon.get("points") == "0,0 1.5,2 3,0"
    assert polygon.get("data-action") == "0"


def test_actions_are_found_by_kind_and_fields() -> None:
    view = {
        "legal_actions": [
            {"action": {"kind": "pass"}, "label": "Pass"},
            {"action": {"kind": "place", "spot": 4, "die": 2}, "label": "Place"},
        ]
    }
    index = action_index(view)
    assert index[("pass", ())] == 0
    assert index[("place", (("die", 2), ("spot", 4)))] == 1
    assert action_index({}) == {}


def test_seats_have_distinct_colours_and_nobody_is_grey() -> None:
    assert len({seat_color(s) for s in range(4)}) == 4
    assert seat_color(None) == seat_color(-1) != seat_color(0)


def test_attribute_values_are_written_alike_however_often_they_recur() -> None:
    for _ in range(2):  # the second time from the memo of written attributes
        svg = Svg(10, 10)
        svg.rect(1, 1.0, 2.5, 0, data_a=True, data_b=False, data_c=None, data_d=1, data_e=0)
        svg.text(0, 0, "x", data_q='say "hi" & <go>', data_w="it's", data_l=[1, 2])
        out = svg.to_string()
        assert (
            '<rect x="1" y="1" width="2.5" height="0" data-a="True" data-d="1" data-e="0"/>' in out
        )
        text = ET.fromstring(out).find(f"{NS}text")
        assert text is not None and text.get("data-q") == 'say "hi" & <go>'
        assert text.get("data-w") == "it's" and text.get("data-l") == "[1, 2]"
        assert text.get("font-size") == "12"
    assert number(2.0) == "2" and number(-0.001) == "0" and number(1.256) == "1.26"
    assert number(1.25, 1) == "1.2"


def test_a_subclass_sets_precision_text_defaults_and_background() -> None:
    class Coarse(Svg):
        decimals: ClassVar[int] = 1
        text_defaults: ClassVar[Mapping[str, Any]] = {}
        background: ClassVar[str | None] = "#eee"

    fine = Svg(100, 50.25)
    coarse = Coarse(100, 50.25)
    for svg in (coarse, fine):
        svg.circle(1.26, 2, 3.04)
        svg.polygon([(0.126, 1), (2, 3)])
        svg.text(0, 0, "t")
    root = ET.fromstring(coarse.to_string())
    first, circle, polygon, text = list(root)
    assert first.tag == f"{NS}rect" and first.get("fill") == "#eee"
    assert (first.get("x"), first.get("width"), first.get("height")) == ("0", "100", "50.2")
    assert root.get("viewBox") == "0 0 100 50.25"
    assert circle.get("cx") == "1.3" and circle.get("r") == "3"
    assert polygon.get("points") == "0.13,1 2,3"  # points keep 2 digits
    assert text.get("font-size") is None and text.get("fill") is None
    root = ET.fromstring(fine.to_string())
    assert root[0].tag == f"{NS}circle" and root[0].get("cx") == "1.26"
    assert root[2].get("font-size") == "12"


def test_fragments_are_drawn_once_and_placed_anywhere() -> None:
    def badge(svg: Svg) -> None:
        svg.circle(0, 0, 5, fill="red", action=2)
        svg.text(0, 4, "A&B")

    part = Svg.fragment(badge)
    assert part.startswith("<circle") and "<svg" not in part and "A&amp;B" in part
    svg = Svg(50, 50)
    svg.raw(part)
    svg.place(10.5, 20, part)
    assert svg.markup() == f'{part}<g transform="translate(10.5,20)">{part}</g>'
    root = ET.fromstring(svg.to_string())
    assert [e.get("data-action") for e in root.iter(f"{NS}circle")] == ["2", "2"]

    class Plain(Svg):
        text_defaults: ClassVar[Mapping[str, Any]] = {}

    assert "font-size" not in Plain.fragment(badge)


def test_a_flat_font_measures_clips_and_wraps() -> None:
    font = Font(0.5, bold_em=0.6)
    assert font.width("abcd", 10) == 20 and font.width("abcd", 10, bold=True) == 24
    assert font.clip("abcdef", 30, 10) == "abcdef"
    assert font.clip("abcdefgh", 30, 10) == "abcde…"
    assert font.clip("ab  cdefgh", 20, 10) == "ab…"
    assert font.clip("ab  cdefgh", 20, 10, strip=False) == "ab …"
    assert font.wrap("one two three four", 40, 10) == ("one two", "three", "four")
    assert font.wrap("one two three four", 40, 10, 2) == ("one two", "three…")
    assert font.wrap("one two three four", 40, 10, 2, overflow="join") == ("one two", "three four")
    assert font.wrap("a hippopotamus", 40, 10) == ("a", "hippopo…")
    assert font.wrap("a hippopotamus", 40, 10, hyphenate=True) == ("a", "hippopo-", "tamus")
    assert font.wrap("", 40, 10) == ()
    assert font.fit("one two three", 50, 10) == "one two…"
    assert font.fit("hippopotamus", 50, 10) == "hippopota…"
    assert font.fit("", 50, 10) == ""
    assert Font(0.5).clip("abcdef", 5, 10) == "…"
    assert Font(0.5, min_chars=2).clip("abcdef", 5, 10) == "a…"
    assert Font(0.5, min_chars=4).wrap("ab cd ef", 5, 10) == ("ab", "cd", "ef")
    assert Font(0.5, min_chars=5).wrap("ab cd ef", 5, 10) == ("ab cd", "ef")


def test_the_dejavu_estimate_tells_narrow_from_wide_letters() -> None:
    assert DEJAVU_SANS.width("iiii", 10) < DEJAVU_SANS.width("mmmm", 10)
    assert DEJAVU_SANS.width("☃", 10) == DEJAVU_SANS.width("☃", 10) == 6.4  # unknown: 0.64 em
    assert DEJAVU_SANS.width("Mm", 12, bold=True) == DEJAVU_SANS.width("Mm", 12) * 1.1
    lines = DEJAVU_SANS.wrap("Gain 2 wood and 1 stone for each worker", 80, 10, 2)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert all(DEJAVU_SANS.width(line, 10) <= 80 for line in lines)


def test_a_recurring_element_is_written_as_it_was_with_equal_values_kept_apart() -> None:
    """Written elements are looked up by their values and the values' types: True and 1,
    False and 0, "1" and 1 are written differently, whichever came first; an unhashable
    value is written every time; each class writes with its own settings."""

    class Coarse(Svg):
        decimals: ClassVar[int] = 1
        text_defaults: ClassVar[Mapping[str, Any]] = {"fill": "red"}

    for _ in range(2):
        for svg in (Svg(10, 10), Coarse(10, 10)):
            for value in (1, True, 0, False, "1", 1.0):
                svg.rect(0, 0, 1, 1, data_v=value)
                svg.circle(0, 0, value)
                svg.polygon([(0, 1), (1, 1)], data_v=value)
                svg.text(0, 0, "t", data_v=value)
                with svg.group(data_v=value):
                    pass
            svg.text(0.25, 0, "u", data_l=[1, 2])
            svg.text(0.25, 0, "u", data_l=[3])
            attrs = [e.get("data-v") for e in ET.fromstring(svg.to_string()).iter(f"{NS}rect")]
            assert attrs == ["1", "True", "0", None, "1", "1"]
            radii = [e.get("r") for e in ET.fromstring(svg.to_string()).iter(f"{NS}circle")]
            assert radii == ["1", "True", "0", None, "1", "1"]
            texts = list(ET.fromstring(svg.to_string()).iter(f"{NS}text"))
            assert [t.get("data-l") for t in texts[-2:]] == ["[1, 2]", "[3]"]
            fill = "red" if isinstance(svg, Coarse) else INK
            assert {t.get("fill") for t in texts} == {fill}
            assert texts[-1].get("x") == ("0.2" if isinstance(svg, Coarse) else "0.25")


def test_a_memoized_part_is_drawn_once_per_arguments_and_class() -> None:
    drawn: list[tuple[Any, ...]] = []

    def tile(svg: Svg, x: float, label: str, cell: Any) -> None:
        drawn.append((type(svg), x, label, cell))
        svg.rect(x, 0, 10, 10, fill=dict(cell)["fill"])
        svg.text(x, 5, label)

    class Plain(Svg):
        text_defaults: ClassVar[Mapping[str, Any]] = {}

    art = memo(tile)
    cell = freeze({"fill": "#abc", "at": [1, 2]})
    assert cell == (("fill", "#abc"), ("at", (1, 2)))
    for _ in range(3):
        svg, plain = Svg(50, 50), Plain(50, 50)
        art(svg, 1, "A&B", cell)
        art(svg, 2, "A&B", cell)
        art(plain, 1, "A&B", cell)
        direct = Svg(50, 50)
        tile(direct, 1, "A&B", cell)
        tile(direct, 2, "A&B", cell)
        assert svg.to_string() == direct.to_string()
        assert 'font-size="12"' in svg.markup() and "font-size" not in plain.markup()
    assert len(drawn) == 3 + 3 * 2, "three parts drawn once, and six drawn directly"


def test_a_part_is_drawn_once_per_key_and_class_and_keeps_its_result() -> None:
    drawn: list[tuple[Any, ...]] = []

    def panel(svg: Svg, y: float, label: str) -> float:
        drawn.append((type(svg), y, label))
        with svg.group(data_panel=label):
            svg.rect(0, y, 10, 10, fill="#abc")
            svg.text(0, y + 5, label)
        return y + 12

    class Plain(Svg):
        text_defaults: ClassVar[Mapping[str, Any]] = {}

    parts = Parts(maxsize=2)
    for _ in range(3):
        svg, plain, direct = Svg(50, 50), Plain(50, 50), Svg(50, 50)
        svg.text(0, 0, "before")
        direct.text(0, 0, "before")
        bottom = parts.draw(svg, ("p", 4, "A&B"), panel, svg, 4, "A&B")
        assert parts.draw(plain, ("p", 4, "A&B"), panel, plain, 4, "A&B") == bottom == 16
        assert panel(direct, 4, "A&B") == 16
        svg.text(0, 40, "after")
        direct.text(0, 40, "after")
        assert svg.to_string() == direct.to_string()
    assert len(drawn) == 2 + 3, "drawn once per class into the picture, and three times directly"
    for k in range(3):  # when full, the oldest go (a quarter, at least one)
        parts.draw(Svg(50, 50), ("q", k), panel, Svg(50, 50), k, "x")
    assert [key for _, key in parts._table] == [("q", 1), ("q", 2)]
