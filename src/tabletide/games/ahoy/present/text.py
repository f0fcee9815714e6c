"""Ahoy as text for the terminal: a pure function of an observation (Rich markup).

The map is a character grid over the bounding box of the placed tiles: one box per space, named
by its column ``x`` and row ``y`` as in the log's ``(x,y)`` (north is up, ``y`` grows southward).
Region borders are heavy lines, the borders between the spaces of one region light ones, and a
sandbar is a row of ``≈`` on its edge. Below the map come the regions (wealth, allies, control),
the market, the current battle, one block per player (the viewer's first) and the log's tail.

Only the observation is read, plus the printed names and texts of crew and plans; what a seat may
not see (the decks, the Union's plans, under which favor token another Smuggler's cards lie) is
not in its observation, so it cannot be drawn.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from tabletide.engine.view import seat_name
from tabletide.games.ahoy.constants import FORTS, PATROLS
from tabletide.games.ahoy.content import CREW_KEYS, load_content
from tabletide.games.markup import Token, markup, plain_text, wrap_items

Grid = list[list[Token]]
"""The map as single characters with their styles, row by row."""

WIDTHS = (12, 10, 8, 6)
"""The inner width of a space box, the widest that keeps the map within ``MAX_MAP`` columns."""
MAX_MAP = 190
LABEL = 6
"""Width of the row labels left of the map."""
LOG_TAIL = 10
JUNCTIONS = " ╴╸╷┐┑╻┒┓╶─╾┌┬┭┎┰┱╺╼━┍┮┯┏┲┳╵┘┙│┤┥╽┧┪└┴┵├┼┽┟╁╅┕┶┷┝┾┿┢╆╈╹┚┛╿┦┩┃┨┫┖┸┹┞╀╃┠╂╉┗┺┻┡╄╇┣╊╋"
"""The box-drawing character meeting arms of weight (none 0, light 1, heavy 2) going up, right,
down and left: index ``27 * up + 9 * right + 3 * down + left``."""
NONE, LIGHT, HEAVY, BAR = 0, 1, 2, 3
"""Edge kinds: no border, between two spaces of a region, a region's outline, a sandbar."""
EDGE_STYLE = {LIGHT: "grey42", HEAVY: "bold", BAR: "bold orange3"}
H_EDGE = {LIGHT: "─", HEAVY: "━", BAR: "≈"}
V_EDGE = {LIGHT: "│", HEAVY: "┃", BAR: "≈"}

FACTION_NAMES = {
    "fleet": "Fleet (Bluefin Squadron)",
    "union": "Union (Mollusk Union)",
    "smuggler": "Smuggler",
}
FACTION_STYLES = {"fleet": "bold bright_blue", "union": "bold magenta"}
SMUGGLER_STYLES = ("bold yellow", "bold bright_cyan")
ARROWS = {"north": "↑", "east": "→", "south": "↓", "west": "←"}
TERRAIN: dict[str, Token] = {
    "wreck": ("wreck", "red"),
    "harbor": ("harbor", "bold white"),
    "fog": ("fog", "grey62"),
}
SHORT = {"harbor": "hbr", "cutter": "cut", "gunboat": "gun", "BATTLE": "BATL", "ANCHOR": "ANCR"}
"""Shorter words for the narrowest boxes (a very wide map)."""
COST = {0: "a die", 1: "1 gold", 2: "2 gold"}
REWARD_WORDS = {"none": "nothing", "tile": "region tile", "recruit": "free recruit"}


# ------------------------------------------------------------------------------ words
def _at(at: list[int]) -> str:
    return f"({at[0]},{at[1]})"


def _tag(player: dict[str, Any]) -> str:
    """The letter of a flagship on the map."""
    faction = player["faction"]
    return "F" if faction == "fleet" else "U" if faction == "union" else f"S{player['seat']}"


def _style(players: list[dict[str, Any]], seat: int) -> str:
    faction = players[seat]["faction"]
    if faction != "smuggler":
        return FACTION_STYLES[faction]
    smugglers = [p["seat"] for p in players if p["faction"] == "smuggler"]
    return SMUGGLER_STYLES[smugglers.index(seat) % len(SMUGGLER_STYLES)]


def _name(obs: dict[str, Any], seat: int) -> str:
    """What people call ``seat`` (the view's ``"names"``), as markup."""
    return escape(seat_name(obs.get("names"), seat))


def _who(obs: dict[str, Any], seat: int) -> str:
    """``Alice (Union)``: the seat's name and faction in the seat's colour."""
    players = obs["state"]["players"]
    faction = players[seat]["faction"].title()
    return f"[{_style(players, seat)}]{_name(obs, seat)} ({faction})[/]"


def _figure(obs: dict[str, Any], fig: int) -> str:
    for f in obs["state"]["figures"]:
        if f["fig"] == fig:
            return f"{_who(obs, f['owner'])}'s {escape(f['kind'])}"
    return f"figure {fig}"


def _dice(values: list[int]) -> str:
    return " ".join(str(d) for d in values) or "none"


def _card(c: dict[str, Any]) -> str:
    return f"{escape(c['name'])} ({c['symbol']})"


def _cargo(c: dict[str, Any]) -> str:
    return f"[bold]{escape(c['cargo'])}[/] → {c['cargo_symbol']} island"


def _crew_text(key: str) -> str:
    return load_content().crew[CREW_KEYS.index(key)].text


def _plan(key: str) -> tuple[str, str]:
    plan = next(p for p in load_content().plans if p.key == key)
    return plan.name, plan.text


def _wrap(tokens: list[Token], width: int) -> list[list[Token]]:
    """Greedy line filling: tokens one space apart, lines at most ``width`` wide (a longer
    token is shortened)."""
    lines: list[list[Token]] = []
    used = 0
    for text, style in tokens:
        if len(text) > width:
            text = SHORT.get(text, text)[:width]
        if lines and used + 1 + len(text) <= width:
            lines[-1].append((text, style))
            used += 1 + len(text)
        else:
            lines.append([(text, style)])
            used = len(text)
    return lines


def _columns(rows: list[list[str]], indent: str = "  ") -> list[str]:
    """Rows of markup cells, each column padded to its widest plain text."""
    plains = [[plain_text(cell) for cell in row] for row in rows]
    widths = [max(len(p[i]) for p in plains) for i in range(len(rows[0]))]
    out = []
    for row, plain in zip(rows, plains, strict=True):
        cells = [c + " " * (w - len(p)) for c, p, w in zip(row, plain, widths, strict=True)]
        out.append((indent + "  ".join(cells)).rstrip())
    return out


# ------------------------------------------------------------------------------ the map
def _terrain(cell: dict[str, Any], wealth: int | None) -> list[Token]:
    """A space's terrain: island symbol (and its region's wealth die), wreck, harbor, fog or
    current, then treasure and the tailwind number."""
    terrain = cell["terrain"]
    head: list[Token] = []
    if terrain == "island":
        head.append((cell["symbol"].upper(), "bold green"))
        if wealth is not None:
            head.append((f"[{wealth}]", "bold"))
    elif terrain == "current":
        head.append((ARROWS[cell["current"]] * 3, "bold bright_white"))
    elif terrain in TERRAIN:
        head.append(TERRAIN[terrain])
    if cell["gold"]:
        head.append((f"{cell['gold']}g", "gold1"))
    if cell["tailwind"]:
        head.append((f"w{cell['tailwind']}", "grey62"))
    return head


def _space(
    cell: dict[str, Any],
    v: dict[str, Any],
    seat: int | None,
    width: int,
) -> list[list[Token]]:
    """What a space box holds: terrain, then its region's data (island), then the pieces."""
    at = cell["at"]
    region = None
    if cell["terrain"] == "island":
        region = next(r for r in v["regions"] if r["island"] == at)
    lines = _wrap(_terrain(cell, None if region is None else region["wealth"]), width)
    if region is not None:
        extra: list[Token] = [(f"r{region['region']}", "grey62")]
        if region["allies"]:
            allies = f"allies {region['allies']}"
            if len(allies) > width:
                allies = f"a{region['allies']}"
            extra.append((allies, FACTION_STYLES["union"]))
        lines += _wrap(extra, width)
    pieces: list[Token] = []
    players = v["players"]
    patrols: list[str] = []
    for f in v["figures"]:
        if f["at"] != at:
            continue
        owner, kind = f["owner"], f["kind"]
        style = _style(players, owner) + (" reverse" if owner == seat else "")
        if kind == "patrol":
            patrols.append(style)
        elif kind == "flagship":
            pieces.append((_tag(players[f["fig"]]), style))
        else:
            pieces.append((kind, style))
    if patrols:
        pieces.append(("p" if len(patrols) == 1 else f"p×{len(patrols)}", patrols[0]))
    fight = v["fight"]
    if fight is not None and fight["at"] == at:
        pieces.append(("BATTLE", "bold red"))
    lines += _wrap(pieces, width)
    return lines


def _edges(cells: dict[tuple[int, int], dict[str, Any]]) -> tuple[Any, Any]:
    def kind(a: tuple[int, int], b: tuple[int, int], towards: str) -> int:
        ca, cb = cells.get(a), cells.get(b)
        if ca is None and cb is None:
            return NONE
        if ca is None or cb is None or ca["region"] != cb["region"]:
            return HEAVY
        return BAR if towards in ca["sandbars"] else LIGHT

    def above(x: int, y: int) -> int:
        """The edge between (x, y-1) and (x, y)."""
        return kind((x, y - 1), (x, y), "south")

    def left(x: int, y: int) -> int:
        """The edge between (x-1, y) and (x, y)."""
        return kind((x - 1, y), (x, y), "east")

    return above, left


def _draw(
    cells: dict[tuple[int, int], dict[str, Any]],
    boxes: dict[tuple[int, int], list[list[Token]]],
    width: int,
) -> tuple[Grid, dict[int, int]]:
    """The bounding box of ``cells`` as a character grid, boxes ``width`` wide (border
    excluded), and the grid line of each row's first text line by ``y``."""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    heights = [
        max(3, *(len(boxes.get((x, y), [])) for x in range(x0, x1 + 1))) for y in range(y0, y1 + 1)
    ]
    above, left = _edges(cells)
    pitch = width + 1
    grid: Grid = []
    rows: dict[int, int] = {}

    def blank() -> list[Token]:
        return [(" ", "")] * ((x1 - x0 + 1) * pitch + 1)

    for j, y in enumerate(range(y0, y1 + 2)):
        line = blank()
        for i, x in enumerate(range(x0, x1 + 2)):
            up = left(x, y - 1) if y > y0 else NONE
            down = left(x, y) if y <= y1 else NONE
            west = above(x - 1, y) if x > x0 else NONE
            east = above(x, y) if x <= x1 else NONE
            arms = [LIGHT if k == BAR else k for k in (up, east, down, west)]
            ch = JUNCTIONS[27 * arms[0] + 9 * arms[1] + 3 * arms[2] + arms[3]]
            line[i * pitch] = (ch, EDGE_STYLE[max(arms)] if max(arms) else "")
            if x <= x1 and east:
                for k in range(1, pitch):
                    line[i * pitch + k] = (H_EDGE[east], EDGE_STYLE[east])
        grid.append(line)
        if y > y1:
            break
        rows[y] = len(grid)
        for k in range(heights[j]):
            line = blank()
            for i, x in enumerate(range(x0, x1 + 2)):
                edge = left(x, y)
                if edge:
                    line[i * pitch] = (V_EDGE[edge], EDGE_STYLE[edge])
                box = boxes.get((x, y), [])
                if x <= x1 and k < len(box):
                    col = i * pitch + 2
                    for text, style in box[k]:
                        for ch in text:
                            line[col] = (ch, style)
                            col += 1
                        col += 1
            grid.append(line)
    return grid, rows


def _map(obs: dict[str, Any], v: dict[str, Any], seat: int | None) -> list[str]:
    cells = {(c["at"][0], c["at"][1]): c for c in v["cells"]}
    xs = sorted({x for x, _ in cells})
    cols = xs[-1] - xs[0] + 1
    width = next((w for w in WIDTHS if LABEL + cols * (w + 1) + 1 <= MAX_MAP), WIDTHS[-1])
    boxes = {xy: _space(c, v, seat, width - 1) for xy, c in cells.items()}
    grid, rows = _draw(cells, boxes, width)
    out = [
        "[bold]The map[/] [grey62](spaces are (x,y) as in the log: x grows east, y grows south)[/]"
    ]
    header = " " * LABEL + "".join(f"x={x}".center(width + 1) for x in range(xs[0], xs[-1] + 1))
    out.append(f"[grey62]{header.rstrip()}[/]")
    labels = {n: f"y={y}" for y, n in rows.items()}
    for n, line in enumerate(grid):
        out.append(f"[grey62]{labels.get(n, ''):>{LABEL - 1}}[/] " + markup(line).rstrip())
    out += [
        "  [grey62]SKULL an island and its symbol, with [4] its region's wealth die, r3 the "
        "region's number and the Union allies on it · wreck (1 damage) · harbor[/]",
        "  [grey62]fog (no battles) · →→→ strong current · 2g treasure · w4 tailwind space of "
        "a 4 · ━ region border · ─ space border · [/][bold orange3]≈[/][grey62] sandbar[/]",
        *(
            f"  [grey62]{line}[/]"
            for line in wrap_items(
                [
                    "F Fleet flagship",
                    "U Union flagship",
                    *(
                        f"S{p['seat']} {_name(obs, p['seat'])}'s Smuggler"
                        for p in v["players"]
                        if p["faction"] == "smuggler"
                    ),
                    "p×2 patrols · fort · cutter · gunboat · your pieces reversed",
                    "BATTLE the battle under way",
                ],
                150,
            )
        ),
    ]
    return out


def _drawn(v: dict[str, Any]) -> list[str]:
    """The region tile being placed, in each of its 4 turns, side by side."""
    drawn = v.get("drawn")
    if drawn is None:
        return []
    width = WIDTHS[0]
    pictures = []
    for turn in drawn["turns"]:
        cells = {(c["at"][0], c["at"][1]): c for c in turn}
        boxes = {xy: _wrap(_terrain(c, None), width - 1) for xy, c in cells.items()}
        grid, _ = _draw(cells, boxes, width)
        pictures.append([markup(line) for line in grid])
    size = 2 * (width + 1) + 1
    out = [
        f"[bold]The region tile to place:[/] {escape(drawn['name'])} "
        "[grey62](turned clockwise as in the choices below)[/]",
        "  " + "".join(f"turned {90 * k}°".ljust(size + 3) for k in range(4)).rstrip(),
    ]
    for lines in zip(*pictures, strict=True):
        out.append("  " + "   ".join(lines))
    return out


# ------------------------------------------------------------------------------ the rest
def _header(obs: dict[str, Any], v: dict[str, Any]) -> list[str]:
    seat = obs["seat"]
    bits = [f"[bold]Ahoy[/] · round {v['round']}", f"first player {_name(obs, v['first'])}"]
    if obs["terminal"]:
        bits.append("[bold]game over[/]")
    else:
        you = " [bold green](you)[/]" if v["active"] == seat else ""
        bits.append(f"{_who(obs, v['active'])}'s turn{you}")
    bits.append(f"gold in the bank {v['gold_bank']}")
    view = "spectator" if seat is None else _name(obs, seat)
    bits.append(f"[grey62]viewing as {view}[/]")
    out = [" · ".join(bits)]
    prompt = obs.get("prompt")
    if prompt is not None and not obs["terminal"]:
        you = " [bold green](you)[/]" if prompt["seat"] == seat else ""
        out.append(f"[bold]▶ {escape(prompt['text'])}[/]{you}")
    return out


def _regions(v: dict[str, Any]) -> list[str]:
    rows = [
        [
            "[bold]#[/]",
            "[bold]region[/]",
            "[bold]island[/]",
            "[bold]symbol[/]",
            "[bold]wealth[/]",
            "[bold]allies[/]",
            "[bold]fort[/]",
            "[bold]control Fleet:Union[/]",
        ]
    ]
    for r in v["regions"]:
        fleet, union = r["control"]["fleet"], r["control"]["union"]
        if fleet > union:
            scores = f"[{FACTION_STYLES['fleet']}]Fleet[/] +{r['wealth']}"
        elif union > fleet:
            scores = f"[{FACTION_STYLES['union']}]Union[/] +{r['wealth']}"
        else:
            scores = "[grey62]tie, no score[/]"
        rows.append(
            [
                f"r{r['region']}",
                escape(r["name"]),
                _at(r["island"]),
                r["symbol"],
                f"[bold]\\[{r['wealth']}][/]",
                str(r["allies"]),
                "[bold]fort[/]" if r["fort"] else "",
                f"{fleet}:{union} → {scores}",
            ]
        )
    return [
        f"[bold]Regions[/] [grey62](region tiles left in the supply: {v['supply']})[/]",
        *_columns(rows),
    ]


def _market(v: dict[str, Any]) -> list[str]:
    out = [f"[bold]Market[/] [grey62](deck: {v['market_deck']} cards)[/]"]
    for i, c in enumerate(v["market"]):
        out.append(
            f"  {i + 1}. [bold]{escape(c['name'])}[/] · symbol {c['symbol']} · "
            f"cost {COST[c['cost']]} · cargo {_cargo(c)}"
        )
        out.append(f"       [grey62]{escape(_crew_text(c['crew']))}[/]")
    if not v["market"]:
        out.append("  (empty)")
    if v["removed"]:
        out.append(
            "  [grey62]removed from the game:[/] " + ", ".join(_card(c) for c in v["removed"])
        )
    return out


def _fight(obs: dict[str, Any]) -> list[str]:
    v = obs["state"]
    f = v["fight"]
    if f is None:
        return []
    players = v["players"]
    head = f"[bold red]Battle[/] at {_at(f['at'])}: {_figure(obs, f['mover'])} attacks"
    if f["defender"] < 0:
        return [head + " (choosing whom to battle)"]
    out = [f"{head} {_figure(obs, f['defender'])}"]
    if f["ignored"]:
        out.append("  ignored (Near Miss)")
        return out
    sides = []
    for side, name in ((0, "attacker"), (1, "defender")):
        dice = "2 dice" if f["two_dice"][side] else "1 die"
        roll = f"rolled {f['roll'][side]}" if f["roll"][side] else f"{dice} to roll"
        sides.append(f"{name} +{f['modifier'][side]}, {roll}")
    out.append("  " + " · ".join(sides))
    if f["winner"] >= 0:
        seat = players[f["attacker"] if f["winner"] == 0 else f["defender_seat"]]["seat"]
        out.append(f"  winner: {_who(obs, seat)}")
    return out


def _spot(sp: dict[str, Any]) -> str:
    notes = [sp["need"]] if sp.get("need", "any") != "any" else []
    notes += ["dashed"] if sp.get("dashed") else []
    label = escape(sp["name"]) + (f" ({', '.join(notes)})" if notes else "")
    if sp["damaged"]:
        return f"{label}: [bold red]DAMAGED[/]"
    if sp["dice"]:
        return f"{label}: [bold]{_dice(sp['dice'])}[/]"
    return f"{label}: [grey62]·[/]"


def _joined(items: list[str], first: str, rest: str, width: int = 150) -> list[str]:
    """Items separated by `` │ ``, wrapped into lines of about ``width`` columns."""
    lines: list[str] = []
    current, size = first, len(plain_text(first))
    for n, item in enumerate(items):
        plain = len(plain_text(item))
        sep = " │ " if n else ""
        if n and size + len(sep) + plain > width:
            lines.append(current)
            current, size = rest + item, len(plain_text(rest)) + plain
        else:
            current, size = current + sep + item, size + len(sep) + plain
    lines.append(current)
    return lines


def _grid(p: dict[str, Any], v: dict[str, Any]) -> list[str]:
    tokens = p["reward_tokens"]
    cells = []
    for i, space in enumerate(v["reward_grid"]):
        kind, amount = space["kind"], space["amount"]
        text = REWARD_WORDS.get(kind) or (
            f"repair {amount}" if kind == "repair" else f"{amount} {kind}"
        )
        mark = ("○" if tokens["white"] == i else "") + ("●" if tokens["black"] == i else "")
        cells.append((text, mark))
    out = ["  reward grid [grey62](○ white token, ● black token)[/]:"]
    for row in range(3):
        parts = []
        for text, mark in cells[row * 3 : row * 3 + 3]:
            body = f"{mark} {text}" if mark else text
            parts.append(f"[bold]{body:^14}[/]" if mark else f"{body:^14}")
        out.append("    │" + "│".join(parts) + "│")
    return out


def _player(
    obs: dict[str, Any], p: dict[str, Any], v: dict[str, Any], seat: int | None, over: bool
) -> list[str]:
    players = v["players"]
    me = p["seat"] == seat
    faction = p["faction"]
    title = f"[{_style(players, p['seat'])}]{_name(obs, p['seat'])} · {FACTION_NAMES[faction]}[/]"
    if me:
        title += " [bold green](you)[/]"
    marks = []
    if p["seat"] == v["first"]:
        marks.append("first player")
    if p["seat"] == v["active"] and not over:
        marks.append("[bold]to play[/]")
    where = "not placed" if p["flagship"] is None else f"at {_at(p['flagship'])}"
    out = [
        f"{title} · fame [bold]{p['fame']}[/] · gold [bold]{p['gold']}[/] · flagship {where}"
        f" · dice in hand: [bold]{_dice(p['hand'])}[/]"
        + (f" · {' · '.join(marks)}" if marks else "")
    ]
    out += _joined([_spot(sp) for sp in p["spots"]], "  die spots: ", "             ")
    if me and p["crew"]:
        out.append(f"  crew ({len(p['crew'])}):")
        for c in p["crew"]:
            out.append(f"    [bold]{_card(c)}[/]: [grey62]{escape(_crew_text(c['crew']))}[/]")
    else:
        out.append("  crew: " + (", ".join(_card(c) for c in p["crew"]) or "none"))
    if faction == "fleet":
        out.append(
            f"  in supply: patrols {p['patrols_in_supply']}/{PATROLS} · "
            f"forts {p['forts_in_supply']}/{FORTS}"
        )
    if faction == "union":
        ships = ", ".join(p["ship_cards"]) or "none"
        out.append(
            f"  ready allies [bold]{p['ready_allies']}[/] · allies in supply {p['ally_supply']}"
            f" · plans in hand {p['plans_in_hand']} · ship cards: {ships}"
        )
        if "plans" in p:
            for key in p["plans"]:
                name, text = _plan(key)
                out.append(f"    plan [bold]{escape(name)}[/]: [grey62]{escape(text)}[/]")
        discard = ", ".join(escape(_plan(k)[0]) for k in v["plan_discard"]) or "none"
        out.append(f"  [grey62]plan deck: {v['plan_deck']} cards · discarded: {discard}[/]")
    if faction == "smuggler":
        cargo = ", ".join(
            f"{_cargo(c)} [grey62](card {escape(c['name'])}, {c['symbol']})[/]" for c in p["cargo"]
        )
        out.append(f"  cargo ({len(p['cargo'])}/2): {cargo or 'none'}")
        if "favor" in p:
            for token in ("fleet", "union"):
                cards = ", ".join(_card(c) for c in p["favor"][token]) or "none"
                out.append(f"  under your {token.title()} favor token: {cards}")
        else:
            out.append(f"  delivered under its favor tokens: {p['delivered']} cards")
        out += _grid(p, v)
    return out


def _log(obs: dict[str, Any]) -> list[str]:
    tail = obs["log"][-LOG_TAIL:]
    return ["[bold]Log[/] [grey62](type log for more)[/]"] + [f"  · {escape(t)}" for t in tail]


def _final_scoring(obs: dict[str, Any]) -> list[str]:
    """The fame by source (``obs["final_scoring"]``, one schema in every game)."""
    final = obs.get("final_scoring")
    if not final:
        return []
    players = obs["state"]["players"]
    rows = [["[bold]fame from[/]", *(_who(obs, p["seat"]) for p in players)]]
    for c, name in enumerate(final["categories"]):
        rows.append([name.replace("_", " "), *(f"{seats[c]:g}" for seats in final["seats"])])
    rows.append(["[bold]total[/]", *(f"[bold]{total:g}[/]" for total in final["totals"])])
    return ["[bold]Final scoring[/]", *_columns(rows)]


def render(obs: dict[str, Any]) -> str:
    """The whole table as ``obs['seat']`` sees it."""
    v = obs["state"]
    seat = obs["seat"]
    out = _header(obs, v)
    out += _map(obs, v, seat)
    out += _drawn(v)
    out += _regions(v)
    out += _market(v)
    out += _fight(obs)
    players = sorted(v["players"], key=lambda p: (p["seat"] != seat, p["seat"]))
    for p in players:
        out += _player(obs, p, v, seat, obs["terminal"])
    out += _log(obs)
    if obs["terminal"]:
        winners = obs.get("winners") or []
        names = ", ".join(_who(obs, w) for w in winners) or "nobody"
        fame = " · ".join(f"{_name(obs, p['seat'])} {p['fame']}" for p in v["players"])
        out += _final_scoring(obs)
        out.append(f"[bold green]Game over.[/] Fame: {fame}. Winner: {names}")
    return "\n".join(out)
