"""Shipyard's typed view (issue 21): each decision's context says what the decision is about,
from the state itself, and the final scoring adds up by voyages, contracts and merchants."""

from __future__ import annotations

from random import Random

from tabletide.games.shipyard import building, canals, supplies, turn, voyage
from tabletide.games.shipyard.constants import PART_TYPES, SUBSTITUTE
from tabletide.games.shipyard.supplies import wagon_goods

from .helpers import new


def test_decision_contexts_name_what_the_decision_is_about() -> None:
    checked: set[str] = set()
    for seed in range(6):
        state = new(2 + seed % 3, seed)
        rng = Random(seed)
        while not state.is_terminal():
            frame = state.stack[-1]
            decision = state.observation(None)["decision"]
            assert (decision["kind"], decision["seat"]) == (frame.kind, frame.seat)
            ctx = decision["context"]
            if frame.kind == "place":
                code = frame.record(building.Place).part
                part = ctx["part"]
                if code >= SUBSTITUTE:
                    assert part["id"] is None and part["type"] == PART_TYPES[code - SUBSTITUTE]
                else:
                    assert part["id"] == code
            elif frame.kind in ("first_canal", "place_canal"):
                assert ctx["card"] == frame.record(canals.NewCanal).card
            elif frame.kind == "menu":
                assert ctx["tile"] == frame.record(turn.Menu).tile
            elif frame.kind == "wagon":
                sale = frame.record(supplies.WagonSale)
                assert ctx["goods"] == wagon_goods(state, sale.tile)[sale.position]
            elif frame.kind == "route":
                route = frame.record(voyage.Route)
                spots = voyage.route_options(state, frame.seat, route.speed - route.moves_made)
                assert ctx["options"] == [list(spot) for spot in spots]
            elif frame.kind == "circle":
                pointer = (
                    state.eq_ptr
                    if frame.record(supplies.CircleChoice).circle == "equipment"
                    else state.crew_ptr
                )
                assert ctx["targets"][0] == (pointer + 1) % 4
            checked.add(frame.kind)
            state.apply(rng.choice(state.legal_actions()))
    assert {"place", "menu", "wagon", "circle", "first_canal"} <= checked


def test_final_scoring_by_voyages_contracts_and_merchants() -> None:
    state = new(3, seed=5)
    rng = Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    view = state.observation(0)
    final = view["final_scoring"]
    assert final["categories"] == ["voyages", "contracts", "merchants"]
    for seat in range(3):
        voyages = sum(e["vp"] for e in state.events if e["type"] == "voyage" and e["seat"] == seat)
        assert final["seats"][seat][0] == voyages
        assert sum(final["seats"][seat]) == state.vp[seat]
    text = state.game.render(state, 0)
    assert "Final scoring" in text and "voyages" in text and "merchants" in text
