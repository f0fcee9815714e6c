"""Tiny Epic Pirates as text for the terminal: a pure function of an observation (Rich markup).

The sea is drawn as a 4x4 grid of compact cells, each labelled ``(row,col)`` like the log
(``constants.place_name``); below it come the market, the merchants, the crew row and one
block per ship, the viewing seat's first. Only the view is read: a face-down search token is a
``?`` and nothing more, because the view does not carry its kind."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from tabletide.engine.view import seat_name
from tabletide.games.markup import wrap_items
from tabletide.games.tiny_epic_pirates.constants import (
    MAX_CARGO,
    MAX_CREW,
    MAX_GOLD,
    MAX_VOLLEY,
    SIZE,
    TREASURES,
)
from tabletide.games.tiny_epic_pirates.constants import place_name as card_name

CELL = 21
"""Width of the text in a sea cell; the cell adds one space before it."""
SEAT_STYLES = ("cyan", "magenta", "yellow", "bright_blue")
LP_STYLE = "bold red"
NAVY_STYLE = "bold blue"
MERCHANT_STYLES = {"orange": "dark_orange", "green": "green"}

Token = tuple[str, str]
"""A piece of a cell: plain text and its Rich style ("" for none)."""


# ------------------------------------------------------------------------------ words
def _where(pos: int) -> str:
    return card_name(pos) if pos >= 0 else "not placed"


def _dice(faces: list[int]) -> str:
    return ",".join(str(f) for f in faces) or "none"


def _bonus_action(a: dict[str, Any]) -> str:
    kind = a["kind"]
    if kind == "gold":
        return f"+{a['amount']} gold"
    if kind == "special_trade":
        return f"sell {'+'.join(a['loot'])} for {a['amount']} gold"
    if kind == "exchange":
        return "exchange a cube"
    if kind in ("sail_navy", "sail_merchant"):
        who = "the Navy" if kind == "sail_navy" else "a merchant"
        return f"sail {who} {a['amount']}"
    if kind == "reroll":
        return "reroll " + "/".join(f"{f}s" for f in a["faces"])
    if kind == "reorganize":
        return "reorganize deckhands"
    if kind == "bury":
        return "bury"
    return f"+{kind}"  # sail, plunder, trade, recruit, search, attack: copy that order


def _bonus(row: dict[str, Any] | None) -> str:
    if not row:
        return "no bonus"
    return f"{row['trigger']} → " + ", ".join(_bonus_action(a) for a in row["actions"])


def _infamy_range(upto: int) -> str:
    return f"infamy 1-{upto}" if upto else "no infamy"


def _ship_tag(ship: dict[str, Any]) -> str:
    return "LP" if ship["legendary"] else f"S{ship['ship']}"


def _ship_style(ship: dict[str, Any], seat: int | None) -> str:
    if ship["legendary"]:
        return LP_STYLE
    style = SEAT_STYLES[ship["ship"] % len(SEAT_STYLES)]
    return f"bold reverse {style}" if ship["ship"] == seat else f"bold {style}"


def _name(obs: dict[str, Any], seat: int) -> str:
    """What people call ``seat`` (the view's ``"names"``), as markup."""
    return escape(seat_name(obs.get("names"), seat))


def _who(obs: dict[str, Any], ships: list[dict[str, Any]], index: int) -> str:
    """A ship of a battle by its seat's name, or the Legendary Pirate."""
    for ship in ships:
        if ship["ship"] == index and ship["legendary"]:
            return "the Legendary Pirate"
    return _name(obs, index)


def _owner(ships: list[dict[str, Any]], index: int) -> str:
    for ship in ships:
        if ship["ship"] == index:
            return _ship_tag(ship)
    return f"S{index}"


# ------------------------------------------------------------------------------ the sea
def _wrap(tokens: list[Token]) -> list[list[Token]]:
    """Greedy line filling: tokens separated by one space, lines at most CELL wide."""
    lines: list[list[Token]] = []
    width = 0
    for tok in tokens:
        size = len(tok[0])
        if lines and width + 1 + size <= CELL:
            lines[-1].append(tok)
            width += 1 + size
        else:
            lines.append([tok])
            width = size
    return lines


def _cell(card: dict[str, Any], v: dict[str, Any], seat: int | None) -> list[list[Token]]:
    pos = card["at"]
    feats: list[Token] = []
    if card["colony"]:
        feats.append(("col" + "●" * card["colony"], "bold"))
    if card["market"]:
        feats.append((f"mkt:{card['market']}", "bold"))
    if card["cove"]:
        feats.append(("cove", "cyan"))
    if card["storm"]:
        feats.append(("storm", "bold yellow"))
    if card["port"]:
        feats.append(("PORT", "bold white"))
    if card["search_token"]:
        feats.append(("?", "bold bright_magenta"))
    if not feats:
        feats.append(("open sea", "dim"))
    burial: list[Token] = []
    for spot in card["burial"]:
        if spot["treasure"] >= 0:
            burial.append((f"✝{spot['cost']}:{_owner(v['ships'], spot['treasure'])}", "bold"))
        else:
            burial.append((f"✝{spot['cost']}", "dim"))
    ships: list[Token] = []
    for ship in v["ships"]:
        if ship["at"] == pos:
            tag = _ship_tag(ship)
            ships.append((f"({tag})" if ship["hidden"] else tag, _ship_style(ship, seat)))
    if v["navy"] == pos:
        ships.append(("NAVY", NAVY_STYLE))
    merchants: list[list[Token]] = []
    for m in v["merchants"]:
        if m["at"] == pos:
            style = MERCHANT_STYLES.get(m["colour"], "bold")
            cube = f"{m['loot'] or 'empty'}→{_where(m['bound_for'])}"
            merchants.append([(m["colour"], style), (cube, style)])
    lines: list[list[Token]] = []
    for group in (feats, burial, ships):
        lines += _wrap(group)
    for merchant in merchants:  # one line each (two if it cannot fit)
        lines += _wrap(merchant)
    return lines


def _line(tokens: list[Token]) -> str:
    """One cell line as markup, padded to CELL characters."""
    plain = " ".join(t for t, _ in tokens)
    marked = " ".join(f"[{s}]{escape(t)}[/]" if s else escape(t) for t, s in tokens)
    return marked + " " * max(0, CELL - len(plain))


def _border(left: str, mid: str, right: str, labels: list[str] | None) -> str:
    parts = []
    for c in range(SIZE):
        label = f"─{labels[c]}" if labels else ""
        parts.append(label + "─" * (CELL + 1 - len(label)))
    return f"[dim]{left}{mid.join(parts)}{right}[/]"


def _sea(obs: dict[str, Any], v: dict[str, Any], seat: int | None) -> list[str]:
    cards = {card["at"]: card for card in v["sea"]}
    pad = " " * 6
    out = [
        "[bold]The sea[/] (cards named (row,col) as in the log)",
        pad + "".join(f"  col {c + 1}".ljust(CELL + 2) for c in range(SIZE)),
    ]
    for r in range(SIZE):
        labels = [card_name(r * SIZE + c) for c in range(SIZE)]
        if r == 0:
            out.append(pad + _border("┌", "┬", "┐", labels))
        else:
            out.append(pad + _border("├", "┼", "┤", labels))
        cells = [_cell(cards[r * SIZE + c], v, seat) for c in range(SIZE)]
        height = max(3, *(len(cell) for cell in cells))
        for i in range(height):
            left = f"row {r + 1}" if i == 0 else ""
            row = "[dim]│[/]".join(" " + _line(cell[i] if i < len(cell) else []) for cell in cells)
            out.append(f"{left:<{len(pad)}}[dim]│[/]{row}[dim]│[/]")
    out.append(pad + _border("└", "┴", "┘", None))
    out.append(
        "  [dim]col●● colony (● per loot symbol) · mkt: market · ? face-down search token · "
        "PORT · NAVY Royal Navy[/]"
    )
    ships = [
        f"S{s['ship']} {_name(obs, s['ship'])}'s ship" for s in v["ships"] if not s["legendary"]
    ]
    key = ["✝cost burial spot (✝7:S1 holds S1's treasure)", *ships, "(S1) hiding in the cove"]
    out += [f"  [dim]{line}[/]" for line in wrap_items(key, 96)]
    out.append("  [dim]LP Legendary Pirate · merchant: colour, cube carried→destination[/]")
    return out


# ------------------------------------------------------------------------------ the rest
def _header(obs: dict[str, Any], v: dict[str, Any]) -> list[str]:
    seat = obs["seat"]
    bits = [f"[bold]Tiny Epic Pirates[/] · round {v['round']}"]
    if v["solo"]:
        bits.append("solo against the Legendary Pirate")
    if obs["terminal"]:
        bits.append("[bold]game over[/]")
    elif v["active"] is None:
        bits.append("[bold red]the Legendary Pirate's turn[/]")
    else:
        you = " [green](you)[/]" if v["active"] == seat else ""
        bits.append(f"[bold]{_name(obs, v['active'])}'s turn[/]{you}")
    cur = obs["current_player"]
    if not obs["terminal"] and cur is not None and cur != v["active"]:
        bits.append(f"{_name(obs, cur)} to decide")
    if v["end_triggered"]:
        bits.append("[bold red]END TRIGGERED: the game ends this round[/]")
    view = "spectator" if seat is None else _name(obs, seat)
    bits.append(f"[dim]viewing as {view}[/]")
    return [" · ".join(bits)]


def _market(v: dict[str, Any]) -> list[str]:
    prices = " · ".join(f"[bold]{loot}[/] {price}" for loot, price in v["market"].items())
    out = [f"[bold]Market[/] (gold per cube): {prices}   [dim]bag: {v['bag']} cubes[/]"]
    for m in v["merchants"]:
        card = m["card"]
        style = MERCHANT_STYLES.get(m["colour"], "bold")
        place = (
            f"at {_where(m['at'])} carrying {m['loot'] or 'nothing'}, "
            f"bound for {_where(m['bound_for'])}"
        )
        out.append(
            f"  [{style}]{m['colour']} merchant[/] card: value {card['value']} · "
            f"[bold]damage {card['damage']}[/] · gold {card['gold']} · "
            f"{_infamy_range(card['infamy_upto'])}   [dim]{place}[/]"
        )
    out.append(f"  [dim]merchant deck: {v['merchant_deck']} cards[/]")
    out.append(f"[bold]Crew row[/] [dim](crew deck: {v['crew_deck']} cards)[/]")
    for i, c in enumerate(v["crew_row"]):
        out.append(f"  {i + 1}. {_crew(c)}")
    if not v["crew_row"]:
        out.append("  (empty)")
    return out


def _crew(c: dict[str, Any]) -> str:
    return (
        f"[bold]{escape(c['name'])}[/] · dice {_dice(c['dice'])} · "
        f"hits {c['hits']} · bonus {escape(_bonus(c['bonus']))}"
    )


def _helm(ship: dict[str, Any]) -> str:
    hands = set(ship["helm_deckhands"])
    spaces = []
    for sp, order in enumerate(ship["helm"]):
        text = f"{sp} {order}" + (" •" if sp in hands else "")
        if sp == ship["captain_at"]:
            spaces.append(f"[bold reverse]▶{escape(text)}[/]")
        else:
            spaces.append(escape(text))
    return "  helm: " + " │ ".join(spaces) + "   [dim](▶ captain, • deckhand)[/]"


def _common(ship: dict[str, Any]) -> list[str]:
    cargo = ", ".join(ship["cargo"]) or "empty"
    jobs = " · ".join(f"{k} {n}" for k, n in ship["assignments"].items())
    crew = f"{len(ship['crew'])}/{MAX_CREW}" if ship["crew"] else "none"
    return [
        _helm(ship),
        f"  deckhands: {jobs}",
        f"  cargo ({len(ship['cargo'])}/{MAX_CARGO}): {cargo} · crew: {crew}",
        *(f"    - {_crew(c)}" for c in ship["crew"]),
    ]


def _ship(obs: dict[str, Any], ship: dict[str, Any], seat: int | None) -> list[str]:
    tag = _ship_tag(ship)
    style = _ship_style(ship, None)
    where = _where(ship["at"]) + (" [cyan]hiding in the cove[/]" if ship["hidden"] else "")
    treasures = f"treasures [bold]{ship['buried']}/{TREASURES}[/]"
    if ship["legendary"]:
        lvl = ship["level"]
        return [
            f"[{style}]{tag} the Legendary Pirate[/] at {where} · "
            f"gold [bold]{ship['gold']}/{ship['gold_track']}[/] on its track · {treasures}",
            f"  bridge: {escape(ship['bridge'])} · personality: {escape(ship['personality'])}"
            f" · level: {lvl['dice']} dice, sail {lvl['sail']}, hits {lvl['hits']} · "
            f"action track space {ship['action_space'] + 1}",
            "  targets by helm space: "
            + " · ".join(f"{i + 1}→{t}" for i, t in enumerate(ship["targets"]))
            + f" · captain dice {_dice(ship['bridge_dice'])}",
            "  bonuses: "
            + (
                " · ".join(
                    f"{b['trigger']}: "
                    + ", ".join(f"+{b[k]} {k}" for k in ("sail", "hits", "gold") if b[k])
                    for b in ship["bridge_bonuses"]
                )
                or "none"
            ),
            "  action track: "
            + " · ".join(
                ("[bold]▶" if i == ship["action_space"] else "")
                + f"{i + 1} {'+'.join(sp['orders'])}"
                + (f" +{sp['hits']} hits" if sp["hits"] else "")
                + ("[/]" if i == ship["action_space"] else "")
                for i, sp in enumerate(ship["action_track"])
            ),
            *_common(ship),
        ]
    you = " [bold green](you)[/]" if ship["ship"] == seat else ""
    kept = ", ".join(ship["kept_tokens"]) or "none"
    side = "AB"[ship["captain_side"]] if ship["captain_side"] in (0, 1) else ship["captain_side"]
    mutiny = "[red]mutiny used[/]" if ship["mutiny"] else "mutiny unused"
    spare = " · [dim]4th deckhand still on the infamy track[/]" if ship["spare_deckhand"] else ""
    out = [
        f"[{style}]{_name(obs, ship['ship'])}[/]{you} at {where} · "
        f"gold [bold]{ship['gold']}/{MAX_GOLD}[/] · {treasures}",
        f"  infamy {ship['infamy'] + 1}/{ship['infamy_levels']}: "
        f"[bold]{escape(ship['infamy_name'])}[/] "
        f"(sail {ship['sail']}, {ship['dice']} dice) · volley {ship['volley']}/{MAX_VOLLEY}"
        f" · kept tokens: {kept}",
    ]
    common = _common(ship)
    common[1] += spare
    out += common
    out.append(
        f"  captain: [bold]{escape(ship['captain'])}[/] (side {side}) · dice "
        f"{_dice(ship['captain_dice'])} · hits {ship['captain_hits']} · {mutiny}"
    )
    out.append(f"    captain bonus: {escape(_bonus(ship['captain_bonus']))}")
    return out


def render(obs: dict[str, Any]) -> str:
    """The whole table as ``obs['seat']`` sees it."""
    v = obs["state"]
    seat = obs["seat"]
    out = _header(obs, v) + _sea(obs, v, seat)
    ports = " and ".join(_where(p) for p in v["ports"])
    navy = _where(v["navy"])
    out.append(f"[bold]Ports[/]: {ports} · [{NAVY_STYLE}]Royal Navy[/] at {navy}")
    out += _market(v)
    ships = sorted(v["ships"], key=lambda s: (s["ship"] != seat, s["ship"]))
    for ship in ships:
        out += _ship(obs, ship, seat)
    decision = obs.get("decision")
    if decision and decision["context"].get("battle"):
        out += _battle(obs, decision["context"]["battle"], v["ships"])
    if obs["terminal"]:
        winners = obs.get("winners") or []
        names = ", ".join(_name(obs, w) for w in winners) or "the Legendary Pirate"
        out.append(f"[bold green]Game over. Winner: {names}[/]")
        out += _final(obs, obs["final_scoring"])
    return "\n".join(out)


def _battle(obs: dict[str, Any], battle: dict[str, Any], ships: list[dict[str, Any]]) -> list[str]:
    """The battle under way, from the decision's context (``schema.Battle``)."""
    attack = battle["attack"]
    if battle["merchant"]:
        foe = f"the {battle['merchant']} merchant (damage {battle['merchant_damage']})"
    else:
        foe = _who(obs, ships, battle["defender"])
    out = [f"[bold red]Battle[/]: {_who(obs, ships, attack['ship'])} attacks {foe}"]
    for role, side in (("attack", attack), ("defence", battle["defence"])):
        if side is not None:
            out.append(
                f"  {role}: {_who(obs, ships, side['ship'])} dice {_dice(side['dice'])} · "
                f"matching {_dice(side['symbols'])} · [bold]damage {side['damage']}[/]"
            )
    return out


def _final(obs: dict[str, Any], final: dict[str, Any]) -> list[str]:
    """The final scoring (``view["final_scoring"]``): each category and the total per seat."""
    seats = range(len(final["totals"]))
    out = ["[bold]Final scoring[/]: " + " · ".join(_name(obs, s) for s in seats)]
    for c, name in enumerate(final["categories"]):
        points = " · ".join(f"{final['seats'][s][c]:g}" for s in seats)
        out.append(f"  {name.replace('_', ' ')}: {points}")
    out.append("  [bold]total[/]: " + " · ".join(f"{t:g}" for t in final["totals"]))
    return out
