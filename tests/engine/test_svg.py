"""The SVG builder the games draw their boards with."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tabletide.svg import Svg, action_index, seat_color

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
