"""Shipyard's component data: it loads, matches the rulebook's counts, carries provenance, and
the schema rejects broken records (SY-2, SY-3, SY-GAP-1/3/5/8/10)."""

from __future__ import annotations

import copy
import re
from collections import Counter
from typing import Any

import pytest
from pydantic import ValidationError

from tabletide.games.shipyard import content as C
from tabletide.games.shipyard.content import (
    GOODS,
    Board,
    CanalsFile,
    ContractsFile,
    EmployeesFile,
    Part,
    PartsFile,
    WagonsFile,
    load_content,
)

rule = pytest.mark.rule
GAP_ID = re.compile(r"^SY-GAP-(\d+)[a-z]?$")


def raw(name: str) -> Any:
    """A fresh, mutable copy of a content file as JSON data."""
    return copy.deepcopy(C._read(name))


def all_records() -> list[tuple[str, Any]]:
    c = load_content()
    out: list[tuple[str, Any]] = [("board", c.board)]
    out += [(f"part {p.id}", p) for p in c.parts]
    out += [(f"canal {x.id}", x) for x in c.canals]
    out += [("starting wagon", c.wagons.starting)]
    out += [(f"wagon {w.id}", w) for w in c.wagons.deck]
    out += [(f"employee {e.id}", e) for e in c.employees]
    out += [(f"contract {k.id}", k) for k in c.contracts]
    return out


# ---------------------------------------------------------------------------- it loads
@rule("SY-2")
def test_content_loads_and_validates() -> None:
    c = load_content()
    assert isinstance(c, C.Content)
    assert load_content() is c  # cached, shared by all states


@rule("SY-2", "SY-3.2", "SY-GAP-1a")
def test_104_parts_of_three_types_and_two_middle_groups() -> None:
    c = load_content()
    assert len(c.parts) == 104
    assert [p.id for p in c.parts] == list(range(104))
    kinds = Counter(p.type for p in c.parts)
    assert set(kinds) == {"bow", "middle", "stern"}
    groups = Counter(p.group for p in c.parts if p.type == "middle")
    assert set(groups) == {"A", "B"}
    assert all(p.group is None for p in c.parts if p.type != "middle")
    # Every offer column can be filled at setup (SY-3.2 steps 2-3).
    assert kinds["bow"] >= 5 and kinds["stern"] >= 5 and kinds["middle"] >= 10


@rule("SY-2", "SY-GAP-3a")
def test_24_canal_cards_with_valid_shapes() -> None:
    c = load_content()
    assert len(c.canals) == 24
    for canal in c.canals:
        assert len(canal.spaces) == C.SHAPES[canal.shape].spaces
        assert set(canal.spaces) <= set(C.SYMBOLS)
    assert any("riband" in canal.spaces for canal in c.canals)


@rule("SY-2", "SY-3.1.1", "SY-GAP-5c")
def test_14_wagon_tiles_plus_a_starting_tile_with_all_three_goods() -> None:
    c = load_content()
    assert len(c.wagons.deck) == 14
    assert sorted(c.wagons.starting.goods) == sorted(GOODS)
    assert len(GOODS) == 3 and {"coal", "steel"} <= set(GOODS)
    assert all(w.goods for w in c.wagons.deck)


@rule("SY-2", "SY-3.2", "SY-8.1.3", "SY-GAP-8b")
def test_24_distinct_employees() -> None:
    c = load_content()
    assert len(c.employees) == 24
    keys = {(e.role, e.item, e.goods, e.level) for e in c.employees}
    assert len(keys) == 24
    assert all(e.colour == "brown" for e in c.employees if e.role == "engineer")
    assert all(e.colour == "green" for e in c.employees if e.role == "recruiter")
    merchants = {(e.goods, e.level) for e in c.employees if e.role == "merchant"}
    assert merchants == {(g, lv) for g in GOODS for lv in (1, 2)}


@rule("SY-5.5.6", "SY-5.5.2", "SY-GAP-8a")
def test_the_oval_has_8_spaces_of_3_for_the_24_employees() -> None:
    c = load_content()
    assert c.board.oval_spaces == 8
    assert c.board.oval_spaces * 3 == len(c.employees) == 24


@rule("SY-2", "SY-8.3.2", "SY-GAP-10a")
def test_12_blue_and_12_green_contracts_with_anchors() -> None:
    c = load_content()
    colours = Counter(k.colour for k in c.contracts)
    assert colours == Counter({"blue": 12, "green": 12})
    assert sorted(k.id for k in c.contracts) == [f"SY-C-{i:02d}" for i in range(1, 25)]
    by_id = {k.id: k for k in c.contracts}
    assert by_id["SY-C-06"].colour == "blue"  # anchored by the p. 10 example
    assert by_id["SY-C-16"].colour == "green"


def test_every_record_has_provenance_and_stand_ins_name_a_gap() -> None:
    for name, record in all_records():
        assert record.provenance in ("rulebook", "stand-in"), name
        for gap in record.gaps:
            m = GAP_ID.match(gap)
            assert m is not None, f"{name}: {gap!r} is not a SY-GAP id"
            assert 1 <= int(m.group(1)) <= 12, f"{name}: {gap!r} does not exist"
        if record.provenance == "stand-in":
            assert record.gaps, f"{name} is a stand-in without a SY-GAP id"


@rule("SY-GAP-1c", "SY-5.1.2", "SY-5.6.1")
def test_board_prices_bottom_first() -> None:
    b = load_content().board
    assert b.part_prices == (0, 1, 1, 2, 2)
    assert b.wagon_prices[0] == 0
    assert b.shipyard_spaces >= 9


# ---------------------------------------------------------------------------- broken data
@rule("SY-2", "SY-GAP-1a")
def test_middle_part_without_group_is_rejected() -> None:
    with pytest.raises(ValidationError, match="group"):
        Part(id=0, type="middle")
    with pytest.raises(ValidationError, match="group"):
        Part(id=0, type="bow", group="A")
    data = raw("parts.json")
    middle = next(p for p in data["parts"] if p["type"] == "middle")
    middle["group"] = None
    with pytest.raises(ValidationError):
        PartsFile.model_validate(data)


@rule("SY-2")
def test_103_parts_are_rejected() -> None:
    data = raw("parts.json")
    data["parts"].pop()
    with pytest.raises(ValidationError, match="104"):
        PartsFile.model_validate(data)


@rule("SY-2", "SY-GAP-3a")
def test_23_canals_are_rejected() -> None:
    data = raw("canals.json")
    data["canals"].pop()
    with pytest.raises(ValidationError, match="24"):
        CanalsFile.model_validate(data)


@rule("SY-GAP-3a")
def test_canal_with_wrong_space_count_is_rejected() -> None:
    data = raw("canals.json")
    data["canals"][0]["spaces"] = data["canals"][0]["spaces"][:-1]
    with pytest.raises(ValidationError):
        CanalsFile.model_validate(data)


@rule("SY-2", "SY-3.1.1")
def test_wrong_wagon_data_is_rejected() -> None:
    data = raw("wagons.json")
    data["deck"].pop()
    with pytest.raises(ValidationError, match="14"):
        WagonsFile.model_validate(data)
    data = raw("wagons.json")
    data["starting"]["goods"] = ["coal", "steel"]
    with pytest.raises(ValidationError, match="three goods"):
        WagonsFile.model_validate(data)


@rule("SY-2", "SY-8.1.3")
def test_duplicate_or_missing_employees_are_rejected() -> None:
    data = raw("employees.json")
    data["employees"][1] = {**data["employees"][0], "id": 1}
    with pytest.raises(ValidationError, match="distinct"):
        EmployeesFile.model_validate(data)
    data = raw("employees.json")
    data["employees"].pop()
    with pytest.raises(ValidationError, match="24"):
        EmployeesFile.model_validate(data)


@rule("SY-8.1.5", "SY-E-ENG")
def test_engineer_must_be_brown() -> None:
    data = raw("employees.json")
    engineer = next(e for e in data["employees"] if e["role"] == "engineer")
    engineer["colour"] = "blue"
    with pytest.raises(ValidationError, match="brown"):
        EmployeesFile.model_validate(data)


@rule("SY-2")
def test_contract_colour_split_is_enforced() -> None:
    data = raw("contracts.json")
    green = next(k for k in data["contracts"] if k["colour"] == "green")
    green["colour"] = "blue"
    with pytest.raises(ValidationError, match="12 blue"):
        ContractsFile.model_validate(data)


@rule("SY-5.1.2", "SY-5.6.1")
def test_board_with_a_priced_bottom_row_is_rejected() -> None:
    data = raw("board.json")
    data["part_prices"] = [1, 1, 1, 2, 2]
    with pytest.raises(ValidationError, match="free"):
        Board.model_validate(data)


def test_unknown_fields_and_provenance_values_are_rejected() -> None:
    data = raw("canals.json")
    data["canals"][0]["colour"] = "red"
    with pytest.raises(ValidationError):
        CanalsFile.model_validate(data)
    data = raw("canals.json")
    data["canals"][0]["provenance"] = "guess"
    with pytest.raises(ValidationError):
        CanalsFile.model_validate(data)
