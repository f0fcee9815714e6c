"""A table's names (the players' list) are what its prompt, log and board say: "Alice", never
"Seat 0", for every seat and the spectator, and still after the table is rebuilt from its
journal or a move is taken back."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from .helpers import Table, act, live, service, view

SEAT_WORDS = re.compile(r"\bSeat [0-9]")


def create_named(client: TestClient, seats: list[dict[str, Any]], game: str = "shipyard") -> Table:
    response = client.post("/api/tables", json={"game": game, "seats": seats, "seed": 5})
    assert response.status_code == 201, response.text
    data = response.json()
    tokens = {s["seat"]: s["token"] for s in data["links"]["seats"]}
    return Table(data["table"]["id"], tokens, data["links"]["spectator"]["token"], data)


def check_named(page: dict[str, Any], names: list[str]) -> None:
    """One page's view: its observation names the seats, and no reading part says "Seat N"."""
    assert page["observation"]["names"] == names
    prompt = page["prompt"]
    assert prompt is not None and prompt["text"].startswith(names[prompt["seat"]] + ":")
    log = "\n".join(page["log"]["lines"])
    for where, text in (
        ("prompt", prompt["text"]),
        ("log", log),
        ("text board", page["board"]["text"]),
        ("svg board", page["board"]["svg"]),
    ):
        assert not SEAT_WORDS.search(text), f"{where}: {SEAT_WORDS.findall(text)}"
    for name in names:
        assert name in page["board"]["text"] and name in page["board"]["svg"]


def test_a_table_shows_its_names_in_prompt_log_and_board(client: TestClient) -> None:
    names = ["Alice", "Bob"]
    table = create_named(client, [{"kind": "human", "name": n} for n in names])
    for seat in (0, 1, None):
        check_named(view(client, table, seat), names)
    first = view(client, table, None)["current_player"]
    assert act(client, table, first, 0).status_code == 200
    after = view(client, table, 1 - first)
    check_named(after, names)
    assert any(line.startswith(names[first] + " ") for line in after["log"]["lines"])
    # A table loaded again from its journal (a restart) keeps the names.
    service(client)._forget(table.id)
    check_named(view(client, table, None), names)
    assert live(client, table).state.names == names


def test_a_bot_seat_is_called_as_the_table_names_it(client: TestClient) -> None:
    table = create_named(
        client,
        [{"kind": "human", "name": "Alice"}, {"kind": "bot", "bot": "random", "name": "Bot Rita"}],
    )
    page = view(client, table, 0)
    check_named(page, ["Alice", "Bot Rita"])
    assert page["you"]["name"] == "Alice"


def test_a_person_without_a_name_is_seat_n_everywhere(client: TestClient) -> None:
    """The default name of a seat is "Seat 0", as the players' list shows it."""
    table = create_named(client, [{"kind": "human"}, {"kind": "human", "name": "Bob"}])
    page = view(client, table, None)
    assert page["observation"]["names"] == ["Seat 0", "Bob"]
    assert "Bob" in page["board"]["text"]


def test_an_unnamed_bot_is_named_by_its_strength(client: TestClient) -> None:
    """Not "Seat 1": a bot the creator left unnamed is "Bot (hard)", numbered by its seat when
    another bot of the table has the same strength."""
    bot = {"kind": "bot", "bot": "medium"}
    table = create_named(
        client, [{"kind": "human"}, bot, {"kind": "bot", "bot": "hard"}, bot], game="ahoy"
    )
    names = [s["name"] for s in table.created["table"]["seats"]]
    assert names == ["Seat 0", "Bot 1 (medium)", "Bot (hard)", "Bot 3 (medium)"]
