"""What a seat (or a spectator) is sent: built from ``state.observation(seat)`` only.

Every field of :func:`table_view` comes from the seat's observation, the seat's redacted log
(``state.events_for(seat)`` through ``game.event_text``), the board drawn from the observation
(``game.render_svg(view)``, and the game's text view, which the games also draw from the
observation), public table facts, and the seat's own undo allowance. The seed and the journal
of actions, which would reveal everything, are sent only once the game is over (as a replay).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from rich.text import Text

from tabletide.engine import State, load_game
from tabletide.engine.state import RECENT_EVENTS, Event, event_for, with_log
from tabletide.web.hub import EncodedView
from tabletide.web.pictures import draw_board
from tabletide.web.store import FINISHED, TableInfo, iso

log = logging.getLogger("tabletide.web")


def board_svg(state: State, view: Mapping[str, Any]) -> str | None:
    """The game's board picture for ``view``, or None if the game has none (yet)."""
    return draw_board(state.game, view)


UNDRAWN: Any = object()
""":func:`table_view`'s ``picture`` when none was drawn for it: it draws its own."""


def board_text(state: State, seat: int | None) -> str | None:
    """The game's text view for ``seat`` (its Rich markup removed)."""
    try:
        markup = state.game.render(state, seat)
    except Exception:
        log.exception("render failed for %s", state.game.name)
        return None
    try:
        return Text.from_markup(markup).plain
    except Exception:
        return markup


def log_lines(
    state: State, seat: int | None, since: int = 0, known: list[tuple[Event, str]] | None = None
) -> dict[str, Any]:
    """The seat's log from line ``since`` on: ``{"start", "total", "lines"}``. Lines only
    ever grow, except after an undo, when the log is the earlier, shorter one again.

    ``known``: the lines written for this seat (and these names) before, as (the state's
    event, its line), which this call brings up to date and reads. A state's events are
    shared with its clones and never change once logged, so a line is written once per
    seat, not once per view (a view holds the whole log). A log that is not a continuation of
    ``known`` (after an undo the state is rebuilt: new events) starts it afresh."""
    events = state.events
    total = len(events)
    start = max(0, min(since, total))
    if known is None:
        return {
            "start": start,
            "total": total,
            "lines": [
                state.game.event_text(e, state.names) for e in state.events_for(seat)[start:]
            ],
        }
    _bring_up(state, seat, known)
    return {"start": start, "total": total, "lines": [line for _, line in known[start:]]}


def _bring_up(state: State, seat: int | None, known: list[tuple[Event, str]]) -> None:
    """Write the lines of the events logged since ``known`` was last brought up (see
    :func:`log_lines`)."""
    events = state.events
    if len(known) > len(events) or (known and known[-1][0] is not events[len(known) - 1]):
        known.clear()
    text, names = state.game.event_text, state.names
    for event in events[len(known) :]:
        known.append((event, text(event_for(event, seat), names)))


def recent_lines(state: State, seat: int | None, known: list[tuple[Event, str]]) -> list[str]:
    """The lines of ``state.observation(seat)["log"]`` (its last ``RECENT_EVENTS`` events),
    taken from the seat's lines kept in ``known`` (:func:`log_lines`) instead of written
    again: the same events, the same names, the same text."""
    _bring_up(state, seat, known)
    return [line for _, line in known[-RECENT_EVENTS:]]


def breakdown_table(view: Mapping[str, Any], num_players: int) -> dict[str, Any] | None:
    """The end-of-game scoring by category, read from the view's ``final_scoring`` (one
    schema in every game, ``tabletide.engine.view.FinalScoring``): ``{"columns", "rows"}`` with
    one row per category, then the total, and one column per seat. None before the end."""
    final = view.get("final_scoring")
    if not isinstance(final, Mapping):
        return None
    rows: list[list[Any]] = [
        [name.replace("_", " "), *[_points(seat[c]) for seat in final["seats"]]]
        for c, name in enumerate(final["categories"])
    ]
    rows.append(["total", *[_points(t) for t in final["totals"]]])
    return {"columns": ["category", *[f"seat {s}" for s in range(num_players)]], "rows": rows}


def _points(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def legal_list(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The view's legal actions, numbered, each with its label and what it will do."""
    return [
        {"index": i, "label": item["label"], "detail": item["detail"], "action": item["action"]}
        for i, item in enumerate(view.get("legal_actions", []))
    ]


def table_summary(
    info: TableInfo, status: str, version: int, finished_at: datetime | None
) -> dict[str, Any]:
    """Public facts of a table (the seed only once it is over)."""
    return {
        "id": info.id,
        "game": info.game,
        "title": load_game(info.game).title,
        "num_players": info.num_players,
        "options": info.options,
        "seats": [{"seat": i, **s.to_json()} for i, s in enumerate(info.seats)],
        "status": status,
        "version": version,
        "created_at": iso(info.created_at),
        "finished_at": iso(finished_at),
        # A string: JavaScript would round a seed past 2^53 (they reach 2^62).
        "seed": str(info.seed) if status == FINISHED else None,
        "hints": info.hints,
        "bot_speed": info.bot_speed,
        "time_control": None if info.time_control is None else info.time_control.to_json(),
    }


def seat_observation(
    state: State, seat: int | None, log_known: list[tuple[Event, str]] | None = None
) -> dict[str, Any]:
    """``state.observation(seat)``; with ``log_known`` (:func:`log_lines`), its recent log
    lines are those kept for the seat (written once each)."""
    if log_known is None:
        return state.observation(seat)
    lines = recent_lines(state, seat, log_known)
    return with_log(state.observation(seat, log=False), lines)


def table_view(
    state: State,
    info: TableInfo,
    seat: int | None,
    *,
    status: str,
    version: int,
    finished_at: datetime | None,
    undo_depth: int = 0,
    log_since: int = 0,
    bot_error: str | None = None,
    analysis: str | None = None,
    latest_bot: dict[str, int] | None = None,
    text: bool = True,
    log_known: list[tuple[Event, str]] | None = None,
    observation: dict[str, Any] | None = None,
    picture: str | None = UNDRAWN,
) -> dict[str, Any]:
    """Everything ``seat`` (None: a spectator) sees of the table now. ``analysis`` is the state
    of the post-game analysis (``pending``, ``ready`` or ``failed``), shown in ``final``.
    ``text``: include the text view (``board.text``) even when there is a picture; it costs
    more than the rest of the view together, and the page shows it only on request (a game
    without a picture, and the end screen, always get it). ``log_known``: see
    :func:`log_lines`. ``observation``: ``state.observation(seat)`` if the caller has it
    (an :class:`EncodedView` is taken as it is). ``picture``: the board picture of that
    observation if the caller had it drawn (``pictures.py``; None: the game has none).

    The observation is a JSON copy that keeps its JSON text (:class:`EncodedView`): a push
    writes that text into the message instead of encoding the observation again."""
    if observation is None:
        observation = seat_observation(state, seat, log_known)
    view = observation if isinstance(observation, EncodedView) else EncodedView.of(observation)
    current = state.current_player()
    scores = view["scores"]
    seats = info.seats
    # A person's seat handed to a bot (zombie.py) no longer decides: its person only watches.
    handed_over = seat is not None and seats[seat].kind != "human"
    legal = [] if handed_over else legal_list(view)
    payload: dict[str, Any] = {
        "table": table_summary(info, status, version, finished_at),
        "you": {
            "seat": seat,
            "role": "spectator" if seat is None else "player",
            "name": seats[seat].name if seat is not None else "Spectator",
        },
        "version": version,
        "ply": len(state.history),
        "current_player": current,
        "terminal": view["terminal"],
        "prompt": view["prompt"],
        "your_turn": seat is not None and seat == current and not handed_over,
        "legal_actions": legal,
        "rules": view["decision"]["rules"] if view["decision"] else [],
        "closed_options": [] if handed_over else view.get("closed_options", []),
        "scores": scores,
        "turn_order": [
            {
                "seat": i,
                "name": s.name,
                "kind": s.kind,
                "bot": s.bot,
                "current": i == current,
                "score": scores[i] if i < len(scores) else None,
                # A person's seat handed to a bot (zombie.py): why, and from which version.
                "zombie": (
                    None
                    if s.zombie_since is None
                    else {
                        "since": s.zombie_since,
                        "by": s.zombie_by,
                        "reason": s.zombie_reason,
                        "log_at": s.zombie_log,
                    }
                ),
            }
            for i, s in enumerate(seats)
        ],
        "bot_thinking": 0 <= current < len(seats) and seats[current].kind == "bot",
        "bot_error": bot_error,
        # The latest bot turn: {"seat", "moves", "log_from", "log_to"} (log line numbers).
        "latest_bot": latest_bot,
        "undo": {"depth": undo_depth},
        "log": log_lines(state, seat, log_since, log_known),
        "board": {"svg": None, "text": None},
        "observation": view,
        "final": None,
    }
    svg = board_svg(state, view) if picture is UNDRAWN else picture
    wanted = text or svg is None or view["terminal"]
    payload["board"] = {"svg": svg, "text": board_text(state, seat) if wanted else None}
    if view["terminal"]:
        winners = view.get("winners", [])
        payload["final"] = {
            "scores": scores,
            "winners": winners,
            "winner_names": [seats[w].name for w in winners if 0 <= w < len(seats)],
            "breakdown": breakdown_table(view, state.num_players),
            "text": payload["board"]["text"],
            "analysis": analysis or "pending",
        }
    return payload


def frame_view(state: State, seat: int | None, step: int, last: int) -> dict[str, Any]:
    """One step of a replay as ``seat`` saw it (for the replay viewer)."""
    view = json.loads(json.dumps(state.observation(seat)))
    payload: dict[str, Any] = {
        "step": step,
        "last": last,
        "seat": seat,
        "current_player": view["current_player"],
        "terminal": view["terminal"],
        "prompt": view["prompt"],
        "scores": view["scores"],
        "legal_actions": legal_list(view),
        "rules": view["decision"]["rules"] if view["decision"] else [],
        "log": log_lines(state, seat, 0),
        "board": {"svg": board_svg(state, view), "text": board_text(state, seat)},
        "observation": view,
        "final": None,
    }
    if view["terminal"]:
        payload["final"] = {
            "scores": view["scores"],
            "winners": view.get("winners", []),
            "breakdown": breakdown_table(view, state.num_players),
            "text": payload["board"]["text"],
        }
    return payload
