"""What makes a move cheaper to serve gives the same answers: log lines written once per seat,
observations encoded once (issue 26)."""

from __future__ import annotations

import json
import random

import pytest

from tabletide.engine import Event, State, load_game
from tabletide.engine.state import with_log
from tabletide.engine.undo import check_move, observation
from tabletide.svg import Picture
from tabletide.web.hub import EncodedView, encode
from tabletide.web.views import log_lines, recent_lines

GAMES = ["shipyard", "tiny_epic_pirates", "ahoy", "maracaibo", "empires_north"]


def replayed(state: State) -> State:
    """``state`` played again from its seed: the same log, in new event objects."""
    again = state.game.new_state(state.num_players, state.seed, state.options)
    again.set_names(list(state.names))
    for action in state.history:
        again.apply(action)
    return again


@pytest.mark.parametrize("name", GAMES)
def test_log_lines_written_once_are_the_lines_written_afresh(name: str) -> None:
    """Over random play, with a restart half-way (the state rebuilt from its actions, as after
    an undo: new events), each seat's lines kept from view to view are the lines written
    from scratch, secrets and all, whichever line the view starts from."""
    game = load_game(name)
    state = game.new_state(2, 11)
    state.set_names(["Ann", "Bob"])
    rng = random.Random(3)
    known: dict[int | None, list[tuple[Event, str]]] = {None: [], 0: [], 1: []}
    secret = False
    for step in range(60):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
        if step == 30:  # rebuilt: the same log, in new event objects
            state = replayed(state)
        secret = secret or any("secret" in e for e in state.events)
        for seat in known:
            since = rng.randrange(len(state.events) + 2)
            kept = log_lines(state, seat, since, known[seat])
            assert kept == log_lines(state, seat, since)
            assert len(known[seat]) == len(state.events)
    fresh = game.new_state(2, 11)  # a shorter log than the one known: written afresh
    fresh.set_names(["Ann", "Bob"])
    fresh.apply(fresh.legal_actions()[0])
    assert log_lines(fresh, 0, 0, known[0]) == log_lines(fresh, 0, 0)
    if name in ("shipyard", "maracaibo", "empires_north"):
        assert secret, "the check should cover redacted events"


def test_a_message_with_an_encoded_observation_says_what_plain_encoding_says() -> None:
    observation = {"state": {"deck": (1, 2), "name": 'Säge "x"'}, "log": ["…"]}
    view = EncodedView.of(observation)
    assert view == observation and json.loads(view.text) == {
        "state": {"deck": [1, 2], "name": 'Säge "x"'},
        "log": ["…"],
    }
    message = {"type": "state", "board": {"svg": '<svg a="1"/>'}, "observation": view}
    text = encode(message)
    assert json.loads(text) == json.loads(json.dumps(message))
    assert text.endswith(f',"observation":{view.text}}}')
    alone = {"observation": view}
    assert json.loads(encode(alone)) == {"observation": json.loads(view.text)}


@pytest.mark.parametrize("name", GAMES)
def test_observations_are_json_already(name: str) -> None:
    """A view's observation is sent as the game built it, not copied through JSON: so it must
    say exactly what its JSON says (no tuples, no number keys), for every seat."""
    game = load_game(name)
    state = game.new_state(2, 5)
    rng = random.Random(2)
    for _ in range(80):
        for seat in (None, 0, 1):
            observation = state.observation(seat)
            view = EncodedView.of(observation)
            assert json.loads(view.text) == observation == view
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_a_views_observation_with_kept_log_lines_is_the_seats_observation(name: str) -> None:
    """A view's observation takes its log's recent lines from the seat's kept lines (issue 26)
    instead of writing them again: over random play, with a restart half-way and names, it is
    ``state.observation(seat)``, key order too, for every seat and a spectator; so is the
    mover's, built from the undo check (``undo.observation`` with the kept lines)."""
    game = load_game(name)
    state = game.new_state(2, 5)
    state.set_names(["Ann", "Bob"])
    rng = random.Random(8)
    known: dict[int | None, list[tuple[Event, str]]] = {None: [], 0: [], 1: []}
    for step in range(70):
        if state.is_terminal():
            break
        before = state.clone()
        action = rng.choice(state.legal_actions())
        state.apply(action)
        if step == 35:  # rebuilt: the same log, in new event objects
            state = replayed(state)
        for seat in known:
            lines = recent_lines(state, seat, known[seat])
            built = with_log(state.observation(seat, log=False), lines)
            expected = state.observation(seat)
            assert built == expected and list(built) == list(expected), (step, seat)
        mover = before.current_player()
        seen = check_move(before, action, state).seen
        if seen is not None and state.names == before.names:
            built = observation(state, mover, seen, recent_lines(state, mover, known[mover]))
            assert built == state.observation(mover), step


@pytest.mark.parametrize("name", GAMES)
def test_a_pictures_json_from_its_pieces_is_the_json_of_its_text(name: str) -> None:
    """A board picture writes itself as JSON from its pieces' JSON (svg.Picture, issue 26),
    and a push splices it into the message: the same text json.dumps writes, over random play
    (quotes, newlines in tooltips, non-ASCII marks), for every seat and a spectator."""
    game = load_game(name)
    state = game.new_state(2, 9)
    state.set_names(['Ann "the" \\ Bold', "Bob\u2026"])
    rng = random.Random(4)
    for _ in range(40):
        if state.is_terminal():
            break
        for seat in (0, 1, None):
            picture = game.render_svg(state.observation(seat))
            assert isinstance(picture, Picture)
            plain = json.dumps(str(picture), ensure_ascii=False)
            assert picture.json() == plain
            message = {"type": "state", "board": {"svg": picture, "text": None}, "ply": 3}
            assert encode(message) == json.dumps(
                {"type": "state", "board": {"svg": str(picture), "text": None}, "ply": 3},
                separators=(",", ":"),
                ensure_ascii=False,
            )
        state.apply(rng.choice(state.legal_actions()))
