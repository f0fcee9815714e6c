"""The same SQL on PostgreSQL: TABLETIDE_TEST_POSTGRES_URL names an empty database
(``postgresql+psycopg://user:password@host/db``; needs ``pip install -e '.[postgres]'``).

Marked ``postgres``, which ``addopts`` leaves out, so ``make test`` on a machine without
PostgreSQL does not run it; ``.ci/run`` starts a throwaway cluster and runs it with
``pytest -m postgres``. Selected without the URL, it fails: it never skips itself into green."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from .helpers import act, create, running, view, web_settings

URL = os.environ.get("TABLETIDE_TEST_POSTGRES_URL")
pytestmark = pytest.mark.postgres


def test_tables_moves_and_undo_on_postgresql(tmp_path: Path) -> None:
    assert URL, "set TABLETIDE_TEST_POSTGRES_URL to an empty PostgreSQL database (.ci/run does)"
    settings = replace(web_settings(tmp_path / "unused.sqlite3"), database_url=URL)
    with running(settings) as client:
        table = create(client, "shipyard", ["human", "human"], seed=2**62 + 5)
        seat = view(client, table, None)["current_player"]
        assert act(client, table, seat, 0).status_code == 200
        assert act(client, table, seat, 0).status_code == 200
        undo = client.post(
            f"/api/tables/{table.id}/undo",
            headers={"Authorization": f"Bearer {table.tokens[seat]}"},
            json={},
        )
        assert undo.status_code in (200, 409)
        before = {s: view(client, table, s) for s in (0, 1, None)}
    with running(settings) as client:
        assert {s: view(client, table, s) for s in (0, 1, None)} == before
