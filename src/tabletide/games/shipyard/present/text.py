"""Shipyard as text for the terminal: a pure function of an observation (Rich markup)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.markup import escape

from tabletide.engine.view import seat_name
from tabletide.games.shipyard.constants import PROMPTS, TILE_NAMES

SYMBOL = {
    "none": "·",
    "military": "M",
    "trade": "T",
    "lantern": "L",
    "lifeboat": "B",
    "lifebuoy": "O",
    "riband": "R",
}


def _counts(d: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in d.items()) or "nothing"


def _name(obs: dict[str, Any], seat: int) -> str:
    """What people call ``seat`` (the view's ``"names"``), as markup."""
    return escape(seat_name(obs.get("names"), seat))


def _header(obs: dict[str, Any], v: dict[str, Any]) -> list[str]:
    marker = v["round_marker"] or "end"
    first = _name(obs, v["starting_player"])
    bits = [f"[bold]Shipyard[/] · round marker {marker}", f"starting player {first}"]
    if v["early_end"]:
        bits.append("[red]early end triggered[/]")
    if v["final_phase"]:
        bits.append("[magenta]final actions[/]")
    return [" · ".join(bits)]


def _track(v: dict[str, Any]) -> list[str]:
    out = ["[bold]Action track[/] (leading tile first; income if chosen now)"]
    for t in v["track"]:
        who = " ".join(f"[cyan]S{p}[/]" for p in t["occupied_by"])
        lead = " [yellow]leading[/]" if t["leading"] else ""
        inc = f"  +{t['income']}" if t["income"] is not None else ""
        out.append(f"  {t['behind_leader']:>2} back  {t['tile']:<21}{inc}{lead} {who}")
    return out


def _offers(v: dict[str, Any]) -> list[str]:
    out = ["[bold]Ship parts[/] (row 1 = bottom = cheapest)"]
    for name, col in v["offer"].items():
        cells = []
        for row, c in enumerate(col):
            cells.append(f"{row + 1}:-" if c is None else f"{row + 1}:{c['part']} ({c['price']})")
        out.append(f"  [bold]{name}[/]")
        out += [f"    {cell}" for cell in cells]
    d = v["decks"]
    mids = d["middle"]["A"] + d["middle"]["B"]
    out.append(f"  decks: {d['bow']} bows, {mids} middles, {d['stern']} sterns")
    wag = "  ".join(f"{_wagon(w)} ({w['price']})" for w in v["wagon_offer"])
    out.append(f"[bold]Wagon tiles[/]: {wag}")
    can = "  ".join(f"{w['canal']} ({w['price']})" for w in v["canal_offer"])
    out.append(f"[bold]Canals[/]: {can}")
    return out


def _boards(v: dict[str, Any]) -> list[str]:
    ec, cc = v["equipment_circle"], v["crew_circle"]
    out = []
    for name, circ in (("Equipment", ec), ("Crew", cc)):
        items, p = circ["items"], circ["pointer"]
        order = [f"{items[(p + k) % 4]} {k - 1 if k > 1 else 0}" for k in (1, 2, 3, 4)]
        out.append(f"[bold]{name} circle[/]: pointer on {items[p]}; next: {', '.join(order)} coins")
    prices = ", ".join(f"{k} {p}" for k, p in v["exchange"]["prices"].items())
    out.append(f"[bold]Stock exchange[/] at space {v['exchange']['pointer'] + 1}: {prices}")
    ov = v["oval"]
    out.append(f"[bold]Employee oval[/] (pointer on {ov['pointer'] + 1}; next space free)")
    for i, sp in enumerate(ov["spaces"]):
        mark = "▶" if i == ov["pointer"] else " "
        out.append(f"  {mark}{i + 1}: " + " | ".join(x or "-" for x in sp))
    return out


def _wagon(w: dict[str, Any]) -> str:
    return "(" + "+".join(w["goods"]) + ")"


def _shipyard(row: list[dict[str, Any] | None]) -> str:
    return "".join("·" if c is None else c["type"][0].upper() for c in row)


def _player(obs: dict[str, Any], p: dict[str, Any], me: bool) -> list[str]:
    tag = " [green](you)[/]" if me else ""
    out = [
        f"[bold]{_name(obs, p['seat'])}[/]{tag}: [bold]{p['vp']} VP[/], {p['coins']} coins, "
        f"{p['contracts_held']} contracts, figures on {', '.join(p['figures']) or '-'}",
        f"  shipyard [{_shipyard(p['shipyard'])}]   supply: {_counts(p['supply'])}",
    ]
    if me:
        for i, c in enumerate(p["shipyard"]):
            if c is not None:
                out.append(f"    space {i + 1}: {c['part']}")
    if p["employees"]:
        out.append(f"  employees: {', '.join(p['employees'])}")
    wagons = " ".join(_wagon(w) for w in p["wagons"])
    out.append(f"  wagons: {wagons or '-'}   used canals: {p['used_canals']}")
    if p["canals"]:
        boat = p["boat"]
        cards = []
        for c in p["canals"]:
            here = " ⛴" if boat and (boat[0], boat[1]) == (c["x"], c["y"]) else ""
            cards.append(f"({c['x']},{c['y']}) {c['canal']} turned {c['rotation'] * 90}°{here}")
        out.append("  canals: " + "; ".join(cards))
        if boat:
            out.append(f"  boat on card ({boat[0]},{boat[1]}) space {boat[2]}")
    else:
        out.append("  canals: none yet (rent one before completing a ship)")
    for f in p["fleet"]:
        out.append(f"  fleet: {f['parts']}-part ship, speed {f['speed']}, {_counts(f['items'])}")
    return out


def _decision(obs: dict[str, Any]) -> list[str]:
    """The pending decision and what it is about (its context, never its prompt's words)."""
    d = obs.get("decision")
    if not d:
        return []
    kind, ctx = d["kind"], d["context"]
    about: Callable[[], str] | None = {
        "menu": lambda: f"the chosen tile: {TILE_NAMES[ctx['tile']]}",
        "build": lambda: "last chance: a part that completes a ship" if ctx["last_chance"] else "",
        "place": lambda: f"the part in hand: {ctx['part']['part']}",
        "first_canal": lambda: f"the new canal #{ctx['card']}",
        "place_canal": lambda: f"the new canal #{ctx['card']}",
        "circle": lambda: f"the {ctx['circle']} circle",
        "wagon": lambda: f"a {ctx['goods']} wagon of the traded tile",
        "route": lambda: (
            f"speed {ctx['speed']}, {ctx['moves_made']} moves made; options: "
            + ", ".join(f"card ({x},{y}) space {sp}" for x, y, sp in ctx["options"])
        ),
        "discard": lambda: f"keep {ctx['keep']} of each colour",
    }.get(kind)
    line = f"[bold]{_name(obs, d['seat'])} decides[/]: {PROMPTS.get(kind, kind)}"
    extra = about() if about else ""
    return [line + (f" ({extra})" if extra else "")]


def _final(obs: dict[str, Any]) -> list[str]:
    """The final scoring by category (``final_scoring``), each seat's revealed contracts and
    coins (the tie-break)."""
    final = obs["final_scoring"]
    out = ["[bold]Final scoring[/]"]
    for r in obs["state"]["revealed"]:
        seat = r["seat"]
        cats = " + ".join(
            f"{name} {value:g}"
            for name, value in zip(final["categories"], final["seats"][seat], strict=True)
        )
        cards = ", ".join(f"{c['id']} {c['vp']}" for c in r["contracts"])
        out.append(
            f"  {_name(obs, seat)}: {cats} = [bold]{final['totals'][seat]:g} VP[/] "
            f"({r['ships']} ships; contracts {cards or '-'}; {r['coins']} coins)"
        )
    out.append(f"[bold]Winners[/]: {', '.join(_name(obs, w) for w in obs['winners'])}")
    return out


def render(obs: dict[str, Any]) -> str:
    """The whole table as ``obs['seat']`` sees it."""
    v = obs["state"]
    seat = obs["seat"]
    out = _header(obs, v) + _track(v) + _offers(v) + _boards(v)
    for p in v["players"]:
        out += _player(obs, p, p["seat"] == seat)
    if "ship" in v:
        sh = v["ship"]
        mounts = _counts(sh["mounts"])
        out.append(
            f"[bold]Ship being fitted[/]: {sh['parts']} parts, {sh['cabins']} cabins, "
            f"mounts: {mounts}; safety: {_counts(sh['safety'])}"
        )
        out.append(f"  attached: {_counts(sh['items'])}; speed {sh['speed']}")
    if "my_contracts" in v:
        out.append("[bold]Your contracts[/]:")
        out += [f"  {c['id']} ({c['colour']}): {c['text']}" for c in v["my_contracts"]]
    out += _decision(obs)
    if obs["terminal"]:
        out += _final(obs)
    return "\n".join(out)
