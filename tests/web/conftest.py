"""Fixtures of the web app's tests: one app per test module (its bot pool starts once)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from .helpers import running, web_settings


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("web") / "web.sqlite3"


@pytest.fixture(scope="module")
def client(db: Path) -> Iterator[TestClient]:
    with running(web_settings(db)) as test_client:
        yield test_client
