"""Pirates of Maracaibo as text for the terminal: a pure function of an observation (Rich markup).

Top to bottom: the header (round, whose turn, the prompt); the Caribbean as a box grid of 9
columns (1-9) by 4 rows (a-d) between the start area on the left and the Bay / Maracaibo on the
right, with ships, smuggler tiles, residence markers and the islands in their cells, and its
legend; the cards in the Caribbean in words; the exploration track; the offers (quests,
figureheads, level II deck); the modules; the viewer's own block (ship board, hideout, cards,
quests, figurehead, smuggler tiles), then the other players' public information and John Silver;
the final scoring by category when the game is over; the log's tail.

Only the observation is read: what a seat may not see (other players' quests before the end of
the game, face-down cards, the decks) is not in it, so it cannot be drawn (MA-5.61, MA-9.1,
MA-9.5). Every line is at most ``WIDTH`` characters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.markup import escape

from tabletide.games.maracaibo.constants import (
    BAY,
    FIGUREHEAD_COST,
    MARACAIBO,
    ROUNDS,
    ROWS,
    START,
    where,
)
from tabletide.games.markup import Token, markup, plain_text, wrap_items

WIDTH = 120
LABEL = 2
"""Width of the row labels left of the grid."""
CELL = 10
"""Inner width of a grid cell."""
START_W = 6
EAST_W = 9
COLUMNS = 9
ROW_NAMES = "abcd"
LOG_TAIL = 10
MIN_ROW = 4
"""The fewest text lines of a grid row."""

SEAT_STYLES = ("bold red", "bold bright_blue", "bold green", "bold magenta")
JOHN_STYLE = "bold grey70"
TREASURE_STYLES = {"gold": "bold yellow", "emerald": "bold green", "pearl": "bold bright_white"}
TYPE_STYLES = {"location": "cyan", "residence": "magenta", "upgrade": "yellow"}
CATEGORY_SHORT = {"crew": "crew", "equipment": "eqp", "ship": "ship"}
DIM = "grey62"
BOX = {
    (0, 1, 0, 1): "─",
    (1, 0, 1, 0): "│",
    (0, 1, 1, 0): "┌",
    (0, 0, 1, 1): "┐",
    (1, 1, 0, 0): "└",
    (1, 0, 0, 1): "┘",
    (0, 1, 1, 1): "┬",
    (1, 1, 0, 1): "┴",
    (1, 1, 1, 0): "├",
    (1, 0, 1, 1): "┤",
    (1, 1, 1, 1): "┼",
}
"""Light box-drawing characters by their arms (up, right, down, left)."""
FINAL_ROWS = (
    ("game", "VP scored during play"),
    ("rivers", "rivers crossed"),
    ("doubloons", "doubloons (1 VP per 5)"),
    ("card_vp", "VP on upgrade cards"),
    ("card_goals", "upgrade card goals"),
    ("cards", "upgrade cards"),
    ("residences", "residences"),
    ("treasure", "treasure"),
    ("buried", "buried treasure"),
    ("quests", "quests"),
    ("six_quests", "6 fulfilled quests"),
    ("rubies", "rubies"),
)
"""The final scoring categories in table order, with their labels."""
MODULE_NAMES = {
    "uncharted_locations": "Uncharted Waters: Locations",
    "uncharted_upgrades": "Uncharted Waters: Upgrades",
    "skirmish": "Pirate Skirmish",
    "royal_orders": "Royal Orders",
    "rubies": "Rubies",
    "retirement": "Retirement",
}


# ------------------------------------------------------------------------------ words
def _short(node: int) -> str:
    """A node in a word: ``3b``, start, Bay, Maracaibo."""
    return {START: "start", BAY: "Bay", MARACAIBO: "Maracaibo"}.get(node) or where(node)


def _tag(v: dict[str, Any], p: int) -> str:
    """A participant's piece on the board: ``S2``, or ``JS`` for John Silver."""
    return "JS" if v["players"][p]["john"] else f"S{p}"


def _style(v: dict[str, Any], p: int, seat: int | None = None) -> str:
    base = JOHN_STYLE if v["players"][p]["john"] else SEAT_STYLES[p % len(SEAT_STYLES)]
    return base + (" reverse" if p == seat else "")


def _who(v: dict[str, Any], p: int) -> str:
    """Participant ``p`` by its name in the view (a seat's name, or John Silver)."""
    return f"[{_style(v, p)}]{escape(v['players'][p]['name'])}[/]"


def _fill(tokens: list[Token], width: int) -> list[list[Token]]:
    """Greedy line filling: tokens one space apart, lines at most ``width`` wide (a longer
    token is cut)."""
    lines: list[list[Token]] = []
    used = 0
    for text, style in tokens:
        text = text[:width]
        if lines and used + 1 + len(text) <= width:
            lines[-1] += [(" ", ""), (text, style)]
            used += 1 + len(text)
        else:
            lines.append([(text, style)])
            used = len(text)
    return lines


def _name_lines(name: str, width: int, most: int = 2) -> list[str]:
    """A card name wrapped into at most ``most`` lines (the last one cut with "…")."""
    words: list[str] = []
    for word in name.split():
        while len(word) > width:
            cut = word.rfind("-", 0, width) + 1 or width  # after a hyphen if there is one
            words.append(word[:cut])
            word = word[cut:]
        words.append(word)
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > most:
        last = lines[most - 1]
        lines = [*lines[: most - 1], last[: width - 1] + "…"]
    return lines


def _wrap(text: str, first: str, rest: str, width: int = WIDTH) -> list[str]:
    """Markup ``first`` followed by the plain ``text``, word-wrapped, later lines indented by
    ``rest``; every line at most ``width`` wide."""
    lines: list[str] = []
    current, size = first, len(plain_text(first))
    fresh = True
    for word in text.split():
        if not fresh and size + 1 + len(word) > width:
            lines.append(current)
            current, size, fresh = rest, len(rest), True
        while size + len(word) > width:  # a word longer than a line
            cut = width - size
            if cut <= 0:  # the line is full already
                lines.append(current)
                current, size = rest, len(rest)
                cut = max(1, width - size)
            lines.append(current + escape(word[:cut]))
            word = word[cut:]
            current, size = rest, len(rest)
        sep = "" if fresh else " "
        current += sep + escape(word)
        size += len(sep) + len(word)
        fresh = False
    lines.append(current)
    return lines


def _joined(items: list[str], first: str, rest: str, sep: str = " · ") -> list[str]:
    """Markup items separated by ``sep``, wrapped into lines of at most ``WIDTH`` columns (an
    item longer than a line is word-wrapped)."""
    lines: list[str] = []
    current, size = first, len(plain_text(first))
    fresh = True
    for item in items:
        plain = len(plain_text(item))
        gap = "" if fresh else sep
        if size + len(gap) + plain <= WIDTH:
            current, size, fresh = current + gap + item, size + len(gap) + plain, False
            continue
        if not fresh:
            lines.append(current)
            current, size = rest, len(rest)
        if len(rest) + plain <= WIDTH:
            current, size, fresh = current + item, size + plain, False
        else:
            wrapped = _wrap(plain_text(item), current, rest)
            lines += wrapped[:-1]
            current, size, fresh = wrapped[-1], len(plain_text(wrapped[-1])), False
    lines.append(current)
    return lines


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _money(n: int) -> str:
    return _count(n, "doubloon")


# ------------------------------------------------------------------------------ the grid
def _card_type(c: dict[str, Any]) -> list[Token]:
    """The short type line of a face-up card: ``loc I rf:G``, ``res 14d``, ``eqp 12d II``."""
    level = "I" * c["level"]
    if c["type"] == "location":
        text = f"loc {level}"
        if c.get("refill"):
            text += f" rf:{c['refill'][0].upper()}"
        return [(text, TYPE_STYLES["location"])]
    if c["type"] == "residence":
        return [(f"res {c['cost']}d", TYPE_STYLES["residence"])]
    text = f"{CATEGORY_SHORT[c['category']]} {c['cost']}d"
    if c["level"] == 2 and len(text) + 3 <= CELL:
        text += " II"
    return [(text, TYPE_STYLES["upgrade"])]


def _cell(entry: dict[str, Any], v: dict[str, Any], seat: int | None) -> list[list[Token]]:
    """The lines of one grid cell: what lies there, then the pieces on it."""
    kind = entry["kind"]
    if kind == "water":
        return [[("~  ~  ~", "blue")], [], [(" ~  ~  ~", "blue")]]
    if kind == "island":
        color = entry["island"]
        island = v["islands"][color]
        style = TREASURE_STYLES[color]
        return [
            [(color.upper(), style)],
            [("island", style)],
            [(_count(island["cubes"], "cube"), "")],
            [(f"{island['value']} VP each", "")],
        ]
    lines: list[list[Token]]
    if entry.get("empty"):
        lines = [[("(refilling)", DIM)]]
    elif entry.get("blank"):
        lines = [[("face-down", DIM)], [("(level I)", DIM)]]
    elif entry.get("face_down"):
        lines = [[("face-down", DIM)]]
        if entry.get("face_down_type"):
            lines.append([(entry["face_down_type"], DIM)])
    else:
        style = "bold " + TYPE_STYLES[entry["type"]]
        lines = [[(part, style)] for part in _name_lines(entry["name"], CELL)]
        lines.append(_card_type(entry))
    pieces: list[Token] = [(_tag(v, p), _style(v, p, seat)) for p in entry["ships"]]
    if "smuggler" in entry:
        owner = entry["smuggler"]["owner"]
        pieces.append((f"${owner}", _style(v, owner)))
    for p in entry.get("residents", []):
        pieces.append((f"h{p}", _style(v, p)))
    if entry.get("coins"):
        pieces.append((f"{entry['coins']}d", "gold1"))
    if entry.get("ruby_supply"):
        pieces.append(("ruby", "bold red"))
    return lines + _fill(pieces, CELL)


def _ships(v: dict[str, Any], ps: list[int], seat: int | None, width: int) -> list[list[Token]]:
    return _fill([(_tag(v, p), _style(v, p, seat)) for p in ps], width)


def _grid(obs: dict[str, Any], v: dict[str, Any], seat: int | None) -> list[str]:
    cells = v["grid"]
    boxes = {e["node"]: _cell(e, v, seat) for e in cells}
    heights = [
        max(MIN_ROW, *(len(boxes[(c - 1) * ROWS + r]) for c in range(1, COLUMNS + 1)))
        for r in range(ROWS)
    ]
    xs = [LABEL, LABEL + START_W + 1]  # the vertical borders
    for _ in range(COLUMNS):
        xs.append(xs[-1] + CELL + 1)
    xs.append(xs[-1] + EAST_W + 1)
    width = xs[-1] + 1
    tops = [0]  # the border line above each row
    for h in heights:
        tops.append(tops[-1] + h + 1)
    height = tops[-1] + 1
    canvas: list[list[Token]] = [[(" ", "")] * width for _ in range(height)]
    vert: set[tuple[int, int]] = set()  # (x, y): a line from (x, y) down to (x, y + 1)
    horiz: set[tuple[int, int]] = set()  # (x, y): a line from (x, y) right to (x + 1, y)
    for x in xs:
        vert.update((x, y) for y in range(height - 1))
    for y in (0, height - 1):
        horiz.update((x, y) for x in range(xs[0], xs[-1]))
    for y in tops[1:-1]:
        horiz.update((x, y) for x in range(xs[1], xs[-2]))
    horiz.update((x, tops[2]) for x in range(xs[-2], xs[-1]))  # the Bay above Maracaibo
    for y in range(height):
        for x in range(width):
            arms = (
                int((x, y - 1) in vert),
                int((x, y) in horiz),
                int((x, y) in vert),
                int((x - 1, y) in horiz),
            )
            if any(arms):
                canvas[y][x] = (BOX.get(arms, "┼"), DIM)

    def put(y: int, x: int, tokens: list[Token]) -> None:
        for text, style in tokens:
            for ch in text:
                canvas[y][x] = (ch, style)
                x += 1

    for r in range(ROWS):
        put(tops[r] + 1, 0, [(ROW_NAMES[r], "bold")])
        for c in range(1, COLUMNS + 1):
            for k, line in enumerate(boxes[(c - 1) * ROWS + r]):
                put(tops[r] + 1 + k, xs[c] + 1, line)
    for k, line in enumerate(_ships(v, v["start"], seat, START_W)):
        put(1 + k, xs[0] + 1, line)
    bay = [[("BAY", "bold")], *_ships(v, v["bay"], seat, EAST_W)]
    for k, line in enumerate(bay):
        put(1 + k, xs[-2] + 1, line)
    mcb = [[("MARACAIBO", "bold")], *_ships(v, v["maracaibo"], seat, EAST_W)]
    for k, line in enumerate(mcb):
        put(tops[2] + 1 + k, xs[-2] + 1, line)
    header = " " * LABEL + " " + "start".center(START_W) + " "
    header += "".join(str(c).center(CELL) + " " for c in range(1, COLUMNS + 1))
    header += "east".center(EAST_W)
    out = [
        f"[bold]The Caribbean[/] [{DIM}](layout {escape(v['layout'])}; ships sail from the "
        "start area to the right, through the Bay to Maracaibo)[/]",
        f"[bold]{header.rstrip()}[/]",
    ]
    out += [markup(line).rstrip() for line in canvas]
    ships = [
        f"{_tag(v, p)} {escape(pl['name'])}'s ship"
        for p, pl in enumerate(v["players"])
        if not pl["john"]
    ]
    key = [*ships, "yours reversed", "JS John Silver", "$1 S1's smuggler tile"]
    key += ["h2 S2's residence", "1d coins"]
    out += [f"  [{DIM}]{line}[/]" for line in wrap_items(key, WIDTH - 2)]
    out += [
        f"  [{DIM}]loc location · res residence · crew/eqp/ship upgrade · 8d cost · I/II level "
        "· rf:G refill tile · ruby supply[/]",
    ]
    bay_text = " and ".join(v["bay_actions"])
    out += _wrap(
        f"{bay_text}; a ship in the Bay sails on to Maracaibo next. "
        f"Maracaibo: {v['maracaibo_effects']} for every arrival.",
        f"  [{DIM}]The Bay:[/] ",
        "    ",
    )
    return out


def _islands(v: dict[str, Any]) -> list[str]:
    parts = [
        f"[{TREASURE_STYLES[name]}]{name}[/] {_count(i['cubes'], 'cube')} ({i['value']} VP each)"
        for name, i in v["islands"].items()
    ]
    return _joined([*parts, f"[{DIM}]treasure values at the end[/]"], "[bold]Islands[/] ", "  ")


def _card_head(c: dict[str, Any]) -> str:
    """A face-up card's kind in words, for the legend and the tableaus."""
    level = "I" * c["level"]
    if c["type"] == "location":
        out = f"location {level}"
        if c.get("refill"):
            out += f", {c['refill']} refill tile"
        return out
    if c["type"] == "residence":
        return f"residence, cost {c['cost']}"
    bits = [c["category"], f"cost {c['cost']}", f"level {level}"]
    if c["vp"]:
        bits.append(f"{c['vp']} VP")
    income_d, income_vp = c["income"]
    if income_d or income_vp:
        bits.append(f"income {income_d}d/{income_vp} VP")
    return ", ".join(bits)


def _legend(v: dict[str, Any]) -> list[str]:
    out = [f"[bold]Cards in the Caribbean[/] [{DIM}](by cell)[/]"]
    hidden = 0
    for e in sorted(v["grid"], key=lambda e: e["node"]):
        if e["kind"] != "card":
            continue
        if e.get("face_down") or e.get("blank") or e.get("empty"):
            hidden += 1
            continue
        head = f"  [bold]{where(e['node'])}[/] [bold {TYPE_STYLES[e['type']]}]"
        head += f"{escape(e['name'])}[/] ({_card_head(e)})"
        text = e["text"]
        if e["type"] == "residence" and e.get("residents"):
            built = ", ".join(
                escape(v["players"][p]["name"]) if not v["players"][p]["john"] else "John"
                for p in e["residents"]
            )
            text += f" Built by {built}."
        out += _wrap(text, head + ": ", "       ")
    if hidden:
        out.append(f"  [{DIM}]{hidden} face-down card(s) not shown.[/]")
    return out


# ------------------------------------------------------------------------------ the track
def _track(v: dict[str, Any], seat: int | None) -> list[str]:
    items = []
    retire = v["retirement"]
    for sp in v["track"]:
        i = sp["space"]
        bits = [f"[bold]{i}[/]"]
        bits.append(escape(sp["effects"]) if sp["effects"] else ("start" if i == 0 else "—"))
        if retire is not None and i == retire:
            bits.append("[bold magenta]\\[R][/]")
        for p in sp["explorers"]:
            bits.append(f"[{_style(v, p, seat)}]{_tag(v, p)}[/]")
        nxt, river = sp["next"], sp["river"]
        if not nxt:
            arrow = "■"
        elif nxt == [i + 1]:
            arrow = "[bold cyan]≈→[/]" if river else "→"
        else:
            targets = ",".join(("≈" if t in river else "") + str(t) for t in nxt)
            arrow = f"→{targets} │"
        items.append(" ".join(bits) + " " + arrow)
    out = [
        f"[bold]Exploration track[/] [{DIM}](≈ a river on the arrow · →6,10 arrows to spaces 6 "
        "and 10" + (" · \\[R] Retirement tile" if retire is not None else "") + ")[/]"
    ]
    out += _joined(items, "  ", "  ", sep=" ")
    return out


# ------------------------------------------------------------------------------ offers, modules
def _offers(v: dict[str, Any]) -> list[str]:
    out = [f"[bold]Quest offer[/] [{DIM}](quest deck: {v['quest_deck']} cards)[/]"]
    for q in v["quest_offer"]:
        out += _wrap(q["text"], f"  quest {q['quest']}: ", "    ")
    if not v["quest_offer"]:
        out.append("  (empty)")
    out.append(f"[bold]Figurehead offer[/] [{DIM}]({FIGUREHEAD_COST} doubloons each)[/]")
    for f in v["figureheads"]:
        out += _wrap(f["text"], f"  {f['letter']} [bold]{escape(f['name'])}[/]: ", "    ")
    if not v["figureheads"]:
        out.append("  (empty)")
    deck = [f"{v['level2']} cards"]
    top = v["level2_top"]
    if top is not None:
        name = escape(top["name"])
        deck.append(f"the top card lies face up: [bold]{name}[/] ({_card_head(top)})")
    out += _joined(deck, "[bold]Level II deck[/] ", "  ")
    return out


def _modules(v: dict[str, Any]) -> list[str]:
    mods = v["modules"]
    if not mods:
        return ["[bold]Modules[/] none"]
    out = ["[bold]Modules[/] " + ", ".join(MODULE_NAMES.get(m, m) for m in mods)]
    grid = [e for e in v["grid"] if e["kind"] == "card"]
    if "uncharted_locations" in mods:
        down = [e for e in grid if e.get("face_down_type") == "location"]
        coins = sum(e.get("coins", 0) for e in down)
        out.append(
            f"  Uncharted locations: {len(down)} face down ({_money(coins)} on them: "
            + (", ".join(f"{where(e['node'])} {e['coins']}d" for e in down) or "none")
            + ")"
        )
    if "uncharted_upgrades" in mods:
        down = [e for e in grid if e.get("face_down") and not e.get("face_down_type")]
        top = "face up" if v["level2_top"] is not None else "face down or none"
        out.append(
            f"  Uncharted upgrades: {len(down)} face-down card(s) in the Caribbean; "
            f"the level II deck's top card is {top}"
        )
    if "rubies" in mods:
        supply = [e for e in grid if e.get("ruby_supply")]
        names = ", ".join(
            f"{escape(e.get('name', 'a face-down card'))} ({where(e['node'])})" for e in supply
        )
        out.append(f"  Ruby supply tiles on: {names or 'none'}")
        spaces = [
            ("[" + DIM + "]■ taken[/] " if m["taken"] else "□ ") + escape(m["text"])
            for m in v["ruby_market"]
        ]
        out += _joined(
            [f"{k + 1} {s}" for k, s in enumerate(spaces)], "  Ruby market: ", "    ", " │ "
        )
    if "retirement" in mods:
        waiting = [p for p, pl in enumerate(v["players"]) if not pl["retired"]]
        who = ", ".join(_who(v, p) for p in waiting) or "nobody"
        out += _joined(
            [
                f"Retirement tile on track space {v['retirement']}: build a residence at half "
                "price, then the explorer restarts",
                f"markers still on it: {who}",
            ],
            "  ",
            "    ",
        )
    if "skirmish" in mods:
        out.append("  Pirate Skirmish: ending on a card with other ships starts a skirmish")
    if "royal_orders" in mods:
        out.append(
            "  Royal Orders: a quest counts only at its higher level (double VP), else -5 VP"
        )
    return out


# ------------------------------------------------------------------------------ players
def _title(v: dict[str, Any], p: int, seat: int | None, over: bool) -> list[str]:
    pl = v["players"][p]
    head = _who(v, p)
    if p == seat:
        head += " [bold green](you)[/]"
    bits = [head]
    if not pl["john"]:
        bits.append(_money(pl["doubloons"]))
    bits.append(f"[bold]{pl['vp']}[/] VP")
    if not pl["john"]:
        d, vp = pl["income"]
        bits.append(f"income {d}d + {vp} VP")
    bits.append(f"ship at {_short(pl['ship'])}")
    bits.append(f"explorer space {pl['explorer']} ({_count(pl['rivers'], 'river')})")
    if "rubies" in v["modules"]:
        bits.append(f"rubies {pl['rubies']}")
    if p == v["active"] and not over:
        bits.append("[bold]to play[/]")
    return _joined(bits, "", "  ")


def _treasure_short(v: dict[str, Any], pl: dict[str, Any]) -> str:
    parts = []
    for name, t in pl["treasure"].items():
        buried = f" ({t['buried']} buried)" if t["buried"] else ""
        parts.append(f"[{TREASURE_STYLES[name]}]{name}[/] {t['total']}{buried}")
    return " · ".join(parts)


def _ship_board(v: dict[str, Any], pl: dict[str, Any]) -> list[str]:
    board = v["ship_board"]
    filled = set(pl["slots"])
    thresholds = board["thresholds"]
    out = [
        f"  ship board [{DIM}](■ cube, □ free; * permanent; zone 2 (2+) opens once 2 cubes lie in "
        "the zones left of it)[/]"
    ]
    zones = sorted({s["zone"] for s in board["slots"]})
    for z in zones:
        items = []
        for i, s in enumerate(board["slots"]):
            if s["zone"] != z:
                continue
            mark = "[bold]■[/]" if i in filled else "□"
            star = "*" if s["permanent"] else ""
            items.append(f"{mark}{i + 1} {star}{escape(s['text'])}")
        label = f"    zone {z + 1}" + (f" ({thresholds[z - 1]}+)" if z else "") + ": "
        out += _joined(items, label.ljust(17), " " * 17)
    return out


def _hideout(v: dict[str, Any], pl: dict[str, Any]) -> list[str]:
    out = [f"  hideout [{DIM}](■ filled, □ free, each space with its bonus)[/]"]
    for name, t in pl["treasure"].items():
        layout = v["hideout"][name]
        bonus = " ".join(
            ("[bold]■[/]" if k in t["bonus"] else "□") + escape(text)
            for k, text in enumerate(layout["bonus"])
        )
        buried = " ".join(
            ("[bold]■[/]" if k in t["burial"] else "□") + escape(text)
            for k, text in enumerate(layout["buried"])
        )
        head = f"    [{TREASURE_STYLES[name]}]{name:<8}[/]"
        out += _joined(
            [
                f"total {t['total']}",
                f"above the line {t['above'] + len(t['bonus'])}: bonus spaces {bonus}",
                f"buried {t['buried']}: {buried}",
            ],
            head + " ",
            " " * 13,
            " │ ",
        )
    if pl["figurehead_info"] and pl["figurehead_info"]["special"] == "poseidon":
        spaces = ", ".join(list(v["islands"])[c] if c >= 0 else "free" for c in pl["poseidon"])
        out.append(f"    Poseidon's spaces: {spaces}")
    return out


def _cards(v: dict[str, Any], pl: dict[str, Any], full: bool) -> list[str]:
    cards = pl["cards"]
    if not full:
        names = [f"{escape(c['name'])} ({c.get('category') or c['type']})" for c in cards]
        out = _joined(names, f"  upgrade cards ({len(cards)}): ", "    ", ", ")
        if not cards:
            out = ["  upgrade cards: none"]
    else:
        out = [f"  upgrade cards ({len(cards)})" + ("" if cards else ": none")]
        for c in cards:
            head = f"    [bold]{escape(c['name'])}[/] ({_card_head(c)}): "
            out += _wrap(c["text"], head, "      ")
    residences = [escape(r) for r in pl["residences"]]
    out += _joined(residences or ["none"], "  residences: ", "    ", ", ")
    return out


def _quests(pl: dict[str, Any]) -> list[str]:
    quests = pl.get("quests")
    if quests is None:
        return []
    out = [f"  quests ({len(quests)})" + ("" if quests else ": none")]
    for q in quests:
        done = " [bold green](fulfilled)[/]" if q["fulfilled"] else ""
        out += _wrap(q["text"], f"    quest {q['quest']}{done}: ", "      ")
    return out


def _own(v: dict[str, Any], p: int, seat: int | None, over: bool) -> list[str]:
    pl = v["players"][p]
    out = _title(v, p, seat, over)
    fig = pl["figurehead_info"]
    if fig is None:
        out.append("  figurehead: none")
    else:
        out += _wrap(
            fig["text"], f"  figurehead {fig['letter']} [bold]{escape(fig['name'])}[/]: ", "    "
        )
    out += _ship_board(v, pl)
    out += _hideout(v, pl)
    out += _cards(v, pl, full=True)
    out += _quests(pl)
    tiles = [escape(t) for t in pl["smuggler_texts"]]
    out += _joined(tiles, f"  smuggler tiles left ({len(tiles)}): ", "    ", " │ ")
    if "counts" in pl:
        counts = " · ".join(f"{k} {n}" for k, n in pl["counts"].items())
        out.append(f"  [{DIM}]counts: {counts} · quests {pl['quest_count']}[/]")
    return out


def _john(v: dict[str, Any], p: int, seat: int | None, over: bool) -> list[str]:
    pl = v["players"][p]
    out = _title(v, p, seat, over)
    levels = pl["john_levels"]
    track = " ".join(
        f"[bold]\\[{lv}][/]" if k == pl["john_space"] else str(lv) for k, lv in enumerate(levels)
    )
    out.append(
        f"  raid & exploration level [bold]{pl['level']}[/] (track: {track}) · "
        f"solo deck {v['solo_deck']} cards, {v['solo_revealed']} revealed · "
        f"quests {pl['quest_count']} · figurehead "
        + (escape(pl["figurehead_info"]["name"]) if pl["figurehead_info"] else "none")
    )
    order = [slot for col in pl["john_board"] for slot in col]
    marks = [("[bold]■[/]" if k < pl["john_slots"] else "□") + s for k, s in enumerate(order)]
    out += _joined(
        marks, f"  solo ship board ({pl['john_slots']}/{len(order)} filled): ", "    ", " "
    )
    out.append(f"  treasure: {_treasure_short(v, pl)}")
    out += _cards(v, pl, full=False)
    out += _quests(pl)
    return out


def _other(v: dict[str, Any], p: int, seat: int | None, over: bool) -> list[str]:
    pl = v["players"][p]
    out = _title(v, p, seat, over)
    fig = pl["figurehead_info"]
    bits = [
        _treasure_short(v, pl),
        f"ship upgrades {len(pl['slots'])}"
        + (f" (slots {', '.join(str(i + 1) for i in pl['slots'])})" if pl["slots"] else ""),
        "figurehead " + (f"{fig['letter']} {escape(fig['name'])}" if fig else "none"),
        f"smuggler tiles left {len(pl['smugglers_left'])}",
        f"quests {pl['quest_count']}",
    ]
    out += _joined(bits, "  ", "  ")
    out += _cards(v, pl, full=False)
    out += _quests(pl)
    return out


def _players(v: dict[str, Any], seat: int | None, over: bool) -> list[str]:
    order = sorted(range(len(v["players"])), key=lambda p: (p != seat, p))
    out: list[str] = []
    for p in order:
        if v["players"][p]["john"]:
            out += _john(v, p, seat, over)
        elif p == seat:
            out += _own(v, p, seat, over)
        else:
            out += _other(v, p, seat, over)
    return out


# ------------------------------------------------------------------------------ the end
def final_columns(obs: Mapping[str, Any]) -> list[dict[str, int]] | None:
    """Each participant's final scoring by category once the game is over: the seats' from
    ``obs["final_scoring"]``, John Silver's (no seat) from his player record."""
    final = obs.get("final_scoring")
    if not obs["terminal"] or final is None:
        return None
    players = obs["state"]["players"]
    columns: list[dict[str, int]] = []
    for p, pl in enumerate(players):
        if p < len(final["seats"]):
            values = final["seats"][p]
            columns.append({k: int(x) for k, x in zip(final["categories"], values, strict=True)})
        else:
            columns.append(dict(pl.get("final") or {}))
    return columns


def _final(obs: dict[str, Any], v: dict[str, Any]) -> list[str]:
    players = v["players"]
    finals = final_columns(obs)
    if finals is None:
        return []
    keys = [k for k, _ in FINAL_ROWS if any(k in f for f in finals)]
    keys += sorted({k for f in finals for k in f} - {k for k, _ in FINAL_ROWS})
    labels = dict(FINAL_ROWS)
    names = [plain_text(_who(v, p)) for p in range(len(players))]
    width = max(12, *(len(n) + 2 for n in names))
    left = max(len(labels.get(k, k)) for k in [*keys, "total"]) + 2
    head = "  " + "".ljust(left) + "".join(n.rjust(width) for n in names)
    out = ["[bold]Final scoring[/]", f"[bold]{escape(head)}[/]"]
    for k in keys:
        row = "  " + labels.get(k, k).ljust(left)
        row += "".join((str(f[k]) if k in f else "–").rjust(width) for f in finals)
        out.append(escape(row))
    totals = "".join(str(sum(f.values())).rjust(width) for f in finals)
    out.append(f"[bold]{escape('  ' + 'total'.ljust(left) + totals)}[/]")
    return out


def _result(obs: dict[str, Any], v: dict[str, Any]) -> list[str]:
    if not obs["terminal"]:
        return []
    winners = obs.get("winners") or []
    vps = ", ".join(f"{_who(v, p)} {pl['vp']}" for p, pl in enumerate(v["players"]))
    if v["solo"]:
        verdict = (
            "[bold green]You beat John Silver.[/]"
            if winners
            else "[bold red]John Silver rules the Caribbean.[/]"
        )
        return [f"[bold]Game over.[/] VP: {vps}. {verdict}"]
    names = ", ".join(_who(v, w) for w in winners) or "nobody"
    return [f"[bold green]Game over.[/] VP: {vps}. Winner: {names}"]


# ------------------------------------------------------------------------------ the screen
def _header(obs: dict[str, Any], v: dict[str, Any]) -> list[str]:
    seat = obs["seat"]
    bits = [f"[bold]Pirates of Maracaibo[/] · round {v['round']} of {ROUNDS}"]
    if obs["terminal"]:
        bits.append("[bold]game over[/]")
    else:
        you = " [bold green](you)[/]" if v["active"] == seat else ""
        bits.append(f"{_who(v, v['active'])}'s turn{you}")
        if v["ending"]:
            bits.append("[bold]a ship reached Maracaibo: last turns of the round[/]")
    view = "spectator" if seat is None else escape(v["players"][seat]["name"])
    bits.append(f"[{DIM}]viewing as {view}[/]")
    out = _joined(bits, "", "  ")
    prompt = obs.get("prompt")
    if prompt is not None and not obs["terminal"]:
        you = " [bold green](you)[/]" if prompt["seat"] == seat else ""
        out += _wrap(prompt["text"], "[bold]▶[/] ", "  ")
        if you and len(plain_text(out[-1] + you)) <= WIDTH:
            out[-1] += you
        elif you:
            out.append("  " + you.strip())
    return out


def _log(obs: dict[str, Any]) -> list[str]:
    out = [f"[bold]Log[/] [{DIM}](type log for more)[/]"]
    for text in obs["log"][-LOG_TAIL:]:
        out += _wrap(text, "  · ", "    ")
    return out


def render(obs: dict[str, Any]) -> str:
    """The whole table as ``obs['seat']`` sees it."""
    v = obs["state"]
    seat = obs["seat"]
    over = bool(obs["terminal"])
    out = _header(obs, v)
    out += _grid(obs, v, seat)
    out += _islands(v)
    out += _legend(v)
    out += _track(v, seat)
    out += _offers(v)
    out += _modules(v)
    out += _players(v, seat, over)
    out += _final(obs, v)
    out += _log(obs)
    out += _result(obs, v)
    return "\n".join(out)


__all__ = ["WIDTH", "render", "where"]
