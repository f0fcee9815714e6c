"""Empires of the North as text for the terminal: a pure function of an observation (Rich
markup).

Top to bottom: the header (round, phase, whose turn, the prompt); the action circle with every
disc on it; the sailing board (face-up islands, decks, the ship queue); the viewer's empire,
supply, hand and Lookout draws; the other players' public empires; the final scoring by
category when the game is over; the log's tail.

Only the observation is read, so what a seat may not see (other hands, decks, Lookout draws)
cannot be drawn (EN-4.5, EN-9.18).
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from tabletide.engine.view import seat_name
from tabletide.games.empires_north.constants import GOODS, bundle_text

LOG_TAIL = 12
SEAT_STYLES = ("bold red", "bold bright_blue", "bold green", "bold magenta")
TYPE_STYLES = {
    "production": "green",
    "upgrade": "green",
    "flex": "green",
    "feature": "cyan",
    "action": "yellow",
    "boost": "red",
    "island": "blue",
}
DIM = "grey62"
PHASES = {
    "setup": "Setup",
    "lookout": "Lookout phase",
    "action": "Action phase",
    "expedition": "Expedition phase",
    "cleanup": "Cleanup",
    "over": "Game over",
}


def _seat(obs: dict[str, Any], p: int) -> str:
    """Seat ``p`` by its name in the view (``"names"``), in its colour."""
    return f"[{SEAT_STYLES[p % 4]}]{escape(seat_name(obs.get('names'), p))}[/]"


def _card_line(card: dict[str, Any]) -> str:
    """A card in words: name, type, cost, icons and its text."""
    style = TYPE_STYLES.get(card["type"], "")
    bits = [f"[{style}]{escape(card['name'])}[/]", f"[{DIM}]{card['type']}[/]"]
    if card.get("cost"):
        bits.append(f"cost {bundle_text(card['cost'])}")
    if card.get("when"):
        bits.append(f"when {card['when']}")
    if card.get("icons"):
        bits.append("{" + ", ".join(card["icons"]) + "}")
    return " · ".join(bits) + f" — {escape(card['text'])}"


def _goods(goods: dict[str, int]) -> str:
    return ", ".join(f"{goods[g]} {g}" for g in GOODS)


def _header(obs: dict[str, Any]) -> list[str]:
    st = obs["state"]
    last = " [bold red](last round)[/]" if st["last_round"] else ""
    if st["next_round_last"]:
        last = " [bold red](the next round is the last)[/]"
    lines = [
        f"[bold]Imperial Settlers: Empires of the North[/] · round {st['round']}{last} · "
        f"{PHASES.get(st['phase'], st['phase'])} · start player {_seat(obs, st['start_player'])}",
        "Scores: " + "  ".join(f"{_seat(obs, p)} {int(v)} VP" for p, v in enumerate(obs["scores"])),
    ]
    prompt = obs.get("prompt")
    if prompt:
        lines.append(f"[bold]Waiting for {_seat(obs, prompt['seat'])}:[/] {escape(prompt['text'])}")
    return lines


def _circle(st: dict[str, Any]) -> list[str]:
    on: dict[str, list[str]] = {t: [] for t in st["circle"]}
    for pl in st["players"]:
        for disc in pl["discs"]:
            if disc["tile"]:
                mark = f"{pl['seat']}{'x' if disc['exhausted'] else ''}"
                on[disc["tile"]].append(f"[{SEAT_STYLES[pl['seat'] % 4]}]●{mark}[/]")
    parts = [f"{t}{(' ' + ' '.join(on[t])) if on[t] else ''}" for t in st["circle"]]
    return [
        "[bold]Action circle[/] (neighbours are adjacent; ●Nx = seat N's exhausted disc):",
        "  " + " ─ ".join(parts) + " ─ (back to " + st["circle"][0] + ")",
    ]


def _island_line(card: dict[str, Any] | None) -> str:
    if card is None:
        return f"[{DIM}](taken)[/]"
    conquer = "" if card["conquerable"] else " (raid only)"
    return (
        f"[blue]{escape(card['name'])}[/] raid: {bundle_text(card['raid'])}{conquer}"
        f" — {escape(card['text'])}"
    )


def _sailing(obs: dict[str, Any], st: dict[str, Any]) -> list[str]:
    lines = ["[bold]Sailing board[/]"]
    for which in ("near", "distant"):
        isl = st["islands"][which]
        lines.append(
            f"  {which.capitalize()} islands (deck {isl['deck']}, discard {len(isl['discard'])}):"
        )
        lines.extend(f"    {i + 1}. {_island_line(c)}" for i, c in enumerate(isl["face_up"]))
    if st.get("revealed"):
        lines.append(f"  Turned up: {_island_line(st['revealed'])}")
    if st["queue"]:
        ships = []
        for i, sh in enumerate(st["queue"]):
            cargo = "+".join(w for w, on in (("fish", sh["fish"]), ("axe", sh["axe"])) if on)
            kind = " common" if sh["common"] else ""
            ships.append(
                f"{i + 1}. {_seat(obs, sh['owner'])}{kind}{' (' + cargo + ')' if cargo else ''}"
            )
        lines.append("  Ship queue: " + "  ".join(ships))
    else:
        lines.append(f"  Ship queue: [{DIM}]empty[/]")
    return lines


def _empire(pl: dict[str, Any]) -> list[str]:
    lines = []
    for card in pl["empire"]:
        state = "[bold red](exhausted)[/]" if card["exhausted"] else f"[{DIM}](ready)[/]"
        extra = ""
        if "copies" in card:
            extra += f" (acts as {escape(card['copies'])})"
        if "under" in card:
            extra += f" (upgrade under #{card['under']})"
        if card.get("stored"):
            extra += f" [magenta]stored: {bundle_text(card['stored'])}[/]"
        lines.append(f"    #{card['pos']} {_card_line(card)} {state}{extra}")
    return lines


def _player(obs: dict[str, Any], pl: dict[str, Any], you: bool) -> list[str]:
    title = "You" if you else "Opponent"
    passed = " [bold]PASSED[/]" if pl["passed"] else ""
    discs = ", ".join(
        (d["tile"] + (" (exhausted)" if d["exhausted"] else "")) if d["tile"] else "in supply"
        for d in pl["discs"]
    )
    lines = [
        f"[bold]{title}: {_seat(obs, pl['seat'])} — {escape(pl['clan_name'])}[/] — "
        f"{pl['vp']} VP{passed}",
        f"  Goods: {_goods(pl['goods'])}",
        f"  Workers: {pl['workers']} ready, {pl['tired']} tired ({pl['workers_owned']} owned) · "
        f"ships: {pl['ships_free']} of {pl['ships']} free · discs: {discs}",
        f"  Hand {pl['hand']} · deck {pl['deck']} · discard {pl['discard']}"
        + (f" · drawing at the Lookout: {pl['looking']}" if pl["looking"] else ""),
        f"  Empire ({len(pl['empire'])} cards):",
    ]
    return lines + _empire(pl)


def _final(obs: dict[str, Any]) -> list[str]:
    scoring = obs.get("final_scoring")
    if not scoring:
        return []
    names = {"resources": "resources/2"}
    head = " + ".join(names.get(c, c) for c in scoring["categories"])
    lines = [f"[bold]Final scoring[/] (EN-8.2): {head} = total"]
    for p, (points, total) in enumerate(zip(scoring["seats"], scoring["totals"], strict=True)):
        parts = " + ".join(str(int(v)) for v in points)
        lines.append(f"  {_seat(obs, p)}: {parts} = [bold]{int(total)}[/]")
    return lines


def render(obs: dict[str, Any]) -> str:
    st = obs["state"]
    seat = obs["seat"]
    lines = [*_header(obs), "", *_circle(st), "", *_sailing(obs, st), ""]
    players = st["players"]
    if seat is not None:
        lines += _player(obs, players[seat], True)
        you = st["you"]
        lines.append(f"  [bold]Your hand ({len(you['hand'])}):[/]")
        lines += [f"    {_card_line(c)}" for c in you["hand"]] or [f"    [{DIM}](empty)[/]"]
        if you["looking"]:
            lines.append("  [bold]Drawn at the Lookout (keep for 1 worker each):[/]")
            lines += [f"    {_card_line(c)}" for c in you["looking"]]
        lines.append("")
    for pl in players:
        if pl["seat"] != seat:
            lines += [*_player(obs, pl, False), ""]
    lines += _final(obs)
    if obs.get("terminal"):
        winners = ", ".join(_seat(obs, w) for w in obs.get("winners", []))
        lines.append(f"[bold]Winner: {winners}[/]")
    lines.append("[bold]Log[/]")
    lines += [f"  {escape(line)}" for line in obs["log"][-LOG_TAIL:]]
    return "\n".join(lines)
