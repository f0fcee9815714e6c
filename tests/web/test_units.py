"""Small parts of the web app: tokens, rate limiter, journal folding, the scoring table."""

from __future__ import annotations

import pytest

from tabletide.web import auth
from tabletide.web.ratelimit import RateLimiter
from tabletide.web.store import Move, effective_moves
from tabletide.web.views import breakdown_table


def test_tokens_are_long_random_and_stored_as_a_hash() -> None:
    tokens = {auth.new_token() for _ in range(100)}
    assert len(tokens) == 100 and all(len(t) == 43 and auth.token_shape_ok(t) for t in tokens)
    token = next(iter(tokens))
    assert auth.hash_token(token) != token and len(auth.hash_token(token)) == 64
    assert auth.bearer_token(f"Bearer {token}") == token
    assert auth.bearer_token(f"bearer  {token} ") == token
    assert auth.bearer_token(token) is None and auth.bearer_token("Basic abc") is None
    assert not auth.token_shape_ok("short") and not auth.token_shape_ok("x" * 30 + "/")
    assert auth.table_id_ok(auth.new_table_id()) and not auth.table_id_ok("../etc")


def test_rate_limiter_refills_at_its_rate() -> None:
    now = [0.0]
    limiter = RateLimiter(rate=2.0, burst=3, clock=lambda: now[0])
    assert [limiter.hit("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limiter.hit("a") == pytest.approx(0.5)
    assert limiter.hit("b") == 0.0, "keys are independent"
    now[0] = 0.5
    assert limiter.hit("a") == 0.0 and limiter.hit("a") > 0


def test_rate_limiter_forgets_idle_keys() -> None:
    now = [0.0]
    limiter = RateLimiter(rate=1.0, burst=1, clock=lambda: now[0], max_keys=10)
    for i in range(10):
        limiter.hit(str(i))
    now[0] = 100.0
    limiter.hit("new")
    assert len(limiter._buckets) <= 10


def test_the_journal_folds_undo_rows_away() -> None:
    a = {"kind": "a"}
    b = {"kind": "b"}
    c = {"kind": "c"}
    moves = [
        Move(1, "act", 0, a, True),
        Move(2, "act", 0, b, True),
        Move(3, "undo", 0, steps=1),
        Move(4, "act", 0, c, False),
        Move(5, "act", 1, b, True),
    ]
    actions, flags = effective_moves(moves)
    assert actions == [a, c, b]
    assert flags == [(0, True), (0, False), (1, True)]


def test_breakdown_table_reads_the_final_scoring_of_the_view() -> None:
    view = {
        "final_scoring": {
            "categories": ["voyages", "six_quests"],
            "seats": [[2.0, 4.0], [5.0, 0.5]],
            "totals": [6.0, 5.5],
        }
    }
    assert breakdown_table(view, 2) == {
        "columns": ["category", "seat 0", "seat 1"],
        "rows": [["voyages", 2, 5], ["six quests", 4, 0.5], ["total", 6, 5.5]],
    }
    assert breakdown_table({"state": {"final": [{"a": 1}]}}, 2) is None  # not over yet


def test_views_are_written_as_the_standard_librarys_compact_json() -> None:
    """hub.dumps (orjson) writes every view of random play of each game as ``json.dumps``
    with compact separators would, and falls back to ``json`` for what orjson refuses."""
    import json
    import random

    from tabletide.engine import registry
    from tabletide.web.hub import dumps

    for name in registry.installed_games():
        state = registry.load_game(name).new_state(2, seed=3)
        rng = random.Random(3)
        for _ in range(40):
            if state.is_terminal():
                break
            for seat in (None, *range(state.num_players)):
                view = state.observation(seat)
                assert dumps(view) == json.dumps(view, separators=(",", ":"), ensure_ascii=False)
            state.apply(rng.choice(state.legal_actions()))
    assert dumps({1: "é", "big": 2**70}) == '{"1":"é","big":1180591620717411303424}'
