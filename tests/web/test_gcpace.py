"""The server's garbage collector pace (issue 26, web/gcpace.py): set by ``tabletide serve``
for its app, never by ``create_app`` alone."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletide.web import gcpace
from tabletide.web.app import create_app
from tabletide.web.serving import prepare
from tabletide.web.settings import WebSettings


@pytest.fixture
def collector() -> Iterator[None]:
    """Put the test process's collector back as it was."""
    thresholds = gc.get_threshold()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_serve_paces_the_collector_for_its_app(tmp_path: Path, collector: None) -> None:
    gc.set_threshold(700, 10, 10)
    gc.unfreeze()
    settings = WebSettings(database_url=f"sqlite:///{tmp_path / 'pace.sqlite3'}")
    app = prepare(settings, workers=1)
    assert app is not None
    assert gc.get_threshold() == (gcpace.YOUNG, gcpace.MIDDLE, gcpace.OLD)
    assert gc.get_freeze_count() > 0  # what the process held at start is out of sight


def test_an_app_made_elsewhere_leaves_its_hosts_collector_alone(
    tmp_path: Path, collector: None
) -> None:
    gc.set_threshold(700, 10, 10)
    gc.unfreeze()
    create_app(WebSettings(database_url=f"sqlite:///{tmp_path / 'host.sqlite3'}"))
    assert gc.get_threshold() == (700, 10, 10)
    assert gc.get_freeze_count() == 0
