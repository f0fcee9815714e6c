"""The rules side of learning Shipyard (issue 22): which rules govern each decision, what each
legal action will do, and which options of a turn's main decision are closed and why.

Everything is worked out from the rules' own helpers (track, building, canals, supplies,
voyage, scoring), never by applying an action to a clone, and only from what the deciding seat
may know: public facts and its own contracts. Rule IDs are those stated in
``docs/rules/shipyard.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletide.engine import Action, Closed
from tabletide.games.shipyard import building, canals, supplies, track, voyage
from tabletide.games.shipyard.building import Build, Place
from tabletide.games.shipyard.canals import DELTA, NewCanal
from tabletide.games.shipyard.constants import (
    BONUS_PRICE,
    BOW,
    BUILD,
    CANAL,
    CAPTAIN,
    COLUMN_TYPE,
    CREW_TILE,
    EMPTY,
    EQUIP,
    EXCHANGE,
    GOODS_TILE,
    HIRE,
    ITEM_INDEX,
    ITEMS,
    MIDDLE,
    OFFER_ROWS,
    PART_TYPES,
    STERN,
    SUBSIDY_COINS,
    TILE_NAMES,
)
from tabletide.games.shipyard.content import geometry
from tabletide.games.shipyard.present.components import employee_effect
from tabletide.games.shipyard.scoring import contract_vp
from tabletide.games.shipyard.supplies import CircleChoice, WagonSale
from tabletide.games.shipyard.turn import Menu, performable, tile_candidates

if TYPE_CHECKING:
    from tabletide.engine import Frame
    from tabletide.games.shipyard.state import ShipyardState

# ---------------------------------------------------------------------------- decision rules
RULES: dict[str, tuple[str, ...]] = {
    "choose_tile": ("SY-4.9.1", "SY-4.10", "SY-4.11", "SY-4.9.2"),
    "menu": ("SY-4.12.2", "SY-4.12.4", "SY-4.12.1"),
    "build": ("SY-5.1.2", "SY-5.1.9", "SY-5.1.1"),
    "place": ("SY-5.1.4", "SY-5.1.6", "SY-5.1.3"),
    "canal": ("SY-5.2.1", "SY-5.2.4"),
    "first_canal": ("SY-5.2.2",),
    "place_canal": ("SY-5.2.3",),
    "oval": ("SY-5.5.1", "SY-5.5.2"),
    "hire": ("SY-5.5.2", "SY-5.5.3", "SY-5.5.4"),
    "goods": ("SY-5.6.1", "SY-5.6.2"),
    "exchange": ("SY-5.7.3", "SY-5.7.2"),
    "wagon": ("SY-5.7.3", "SY-5.7.4"),
    "launch": ("SY-6.1",),
    "fit": ("SY-6.4.1", "SY-6.4.2", "SY-6.3.1", "SY-6.3.3"),
    "boost": ("SY-6.6", "SY-6.7.3"),
    "route": ("SY-6.9.2", "SY-6.9.1", "SY-6.10", "SY-6.11"),
    "discard": ("SY-4.15", "SY-4.15.1"),
    "final": ("SY-7.4",),
}
"""Decision kind -> the rules that govern it, most specific first."""


def decision_rules(s: ShipyardState, frame: Frame) -> list[str]:
    """The rule IDs governing ``frame``, refined by its record where that matters."""
    kind, seat = frame.kind, frame.seat
    if kind == "choose_tile":
        first = _first_turn_rule(s, seat)
        return [first, *RULES[kind]] if first else list(RULES[kind])
    if kind == "circle":
        if frame.record(CircleChoice).circle == "equipment":
            rules = ["SY-5.3.1", "SY-5.3.2", "SY-5.3.4"]
            extra = (("engineer", "SY-E-ENG"), ("accountant", "SY-E-ACC"))
        else:
            rules = ["SY-5.4.1", "SY-5.4.2", "SY-5.4.3"]
            extra = (("recruiter", "SY-E-REC"), ("accountant", "SY-E-ACC"))
        return rules + [rule for role, rule in extra if s.has_role(seat, role)]
    if kind in ("build", "place"):
        last_chance = (
            frame.record(Build).last_chance if kind == "build" else frame.record(Place).last_chance
        )
        if last_chance:
            return ["SY-7.5", "SY-5.1.9"] if kind == "build" else ["SY-7.5", "SY-5.1.4"]
    rules = list(RULES.get(kind, ()))
    if kind == "menu" and s.turns_taken[seat] == 0:
        rules.append("SY-4.12.5")
    elif kind == "oval" and s.has_role(seat, "foreman"):
        rules.append("SY-E-FOR")
    elif kind == "wagon" and any(e.role == "merchant" for e in s.owned(seat)):
        rules.append("SY-E-MER")
    elif kind == "fit" and s.has_role(seat, "designer"):
        rules.append("SY-E-DES")
    elif kind == "boost":
        rules += [
            r
            for role, r in (("helmsman", "SY-E-HEL"), ("rigger", "SY-E-RIG"))
            if s.has_role(seat, role)
        ]
    return rules


def _first_turn_rule(s: ShipyardState, seat: int) -> str | None:
    """The first-turn rule for this choice (SY-4.3 / SY-4.4), None in a normal turn."""
    left = s.first_left[seat]
    if not left:
        return None
    placed = sum(1 for figs in s.figs if figs)
    if s.num_players == 2:
        if left == 2:
            return "SY-4.4.2" if placed == 0 else "SY-4.4.3"
        return "SY-4.4.4" if seat == s.start else "SY-4.4.5"
    return ("SY-4.3.2", "SY-4.3.3")[placed] if placed < 2 else "SY-4.3.4"


# ---------------------------------------------------------------------------- explanations
def explain(s: ShipyardState, frame: Frame, action: Action) -> str:
    """What ``action`` at ``frame`` will do, in one or two sentences."""
    fn = _EXPLAIN.get(frame.kind)
    text = fn(s, frame, action) if fn else ""
    return text or f"{action.label}."


def _tile_text(s: ShipyardState, seat: int, tile: int) -> str:
    """What performing ``tile`` does, as a clause."""
    if tile == BUILD:
        return "buy 1 to 3 ship parts at their row prices and place them in your shipyard"
    if tile == CANAL:
        return "rent one of the canals on offer and add it to your canal system"
    if tile in (EQUIP, CREW_TILE):
        which = "equipment" if tile == EQUIP else "crew"
        pointer = s.eq_ptr if tile == EQUIP else s.crew_ptr
        item = s.circle(which)[(pointer + 1) % supplies.CIRCLE_SPACES]
        return f"move the {which} pointer: a {item} is free, other items cost 1 coin a step"
    if tile == HIRE:
        return "move the employee pointer (1 step free) and hire one employee there"
    if tile == GOODS_TILE:
        return "buy one goods wagon tile (the bottom one is free)"
    if tile == EXCHANGE:
        return "move the stock-exchange pointer one space and sell or swap one wagon tile"
    return f"take {SUBSIDY_COINS} coins from the bank"


def _choose_tile(s: ShipyardState, frame: Frame, action: Action) -> str:
    seat, tile = frame.seat, action.num("tile")
    occ = track.occupied(s)
    income = track.incomes(s)[tile]
    d = track.behind(s, tile)
    ahead = sum(1 for t in occ if track.behind(s, t) < d)
    bonus = income - ahead if income else 0
    paid = f"pays {income} coin{'s' if income != 1 else ''} of income"
    if income:
        paid += f" ({ahead} occupied tile{'s' if ahead != 1 else ''} ahead"
        paid += f", +{bonus} for empty spaces)" if bonus else ")"
    coins = s.coins[seat] + income
    if not performable(s, seat, tile, coins):
        return (
            f"Marks {TILE_NAMES[tile]} and {paid}, but you cannot perform it, so it does nothing."
        )
    return (
        f"Marks {TILE_NAMES[tile]} and {paid}, giving you {coins}; "
        f"you then {_tile_text(s, seat, tile)}."
    )


def _menu(s: ShipyardState, frame: Frame, action: Action) -> str:
    seat = frame.seat
    menu = frame.record(Menu)
    if action.kind == "main":
        return f"Performs your main action now: {_tile_text(s, seat, menu.tile)}."
    if action.kind == "end_turn":
        return "Ends phase 4 without a bonus action; any ship you completed then sails."
    tile = action.num("tile")
    left = s.coins[seat] - BONUS_PRICE
    then = "then your main action follows" if not menu.main_done else "then your turn ends"
    return (
        f"Pays {BONUS_PRICE} of your {s.coins[seat]} coins ({left} left) to "
        f"{_tile_text(s, seat, tile)}; {then}."
    )


def _build(s: ShipyardState, frame: Frame, action: Action) -> str:
    seat = frame.seat
    build = frame.record(Build)
    if action.kind == "stop_building":
        return (
            f"Ends Ship building after {build.bought} part{'s' if build.bought != 1 else ''}; "
            "the offer then slides down and refills from the decks."
        )
    if action.kind == "pass":
        return "Leaves your shipyard as it is; you complete no ship in the last chance."
    more = "" if build.last_chance else f" (up to {2 - build.bought} more after it)"
    if action.kind == "substitute":
        return (
            f"Takes a free stand-in {action.text('part')}: no mounts, cabins or safety features, "
            f"but it counts for length; you then place it{more}."
        )
    col, row = action.num("column"), action.num("row")
    price = s.content.board.part_prices[row]
    code = s.offer[col][row]
    what = s.describe_part(code).split(": ", 1)
    feats = what[1] if len(what) > 1 else "no cabins, mounts or safety features"
    return (
        f"Pays {price} of your {s.coins[seat]} coins for this {PART_TYPES[COLUMN_TYPE[col]]} "
        f"({feats}); you then place it in your shipyard{more}."
    )


def _place(s: ShipyardState, frame: Frame, action: Action) -> str:
    seat = frame.seat
    code = frame.record(Place).part
    cell = action.num("cell")
    types = building.row_types(s, s.row[seat])
    types[cell] = building.part_type(s, code)
    ship = next(((a, b) for a, b in building.completed_ships(types) if a <= cell <= b), None)
    name = PART_TYPES[types[cell]]
    if ship:
        a, b = ship
        return (
            f"Puts the {name} on space {cell + 1}, completing the {b - a + 1}-part ship on "
            f"spaces {a + 1}-{b + 1}; it sails at the end of your turn."
        )
    free = types.count(EMPTY)
    return (
        f"Puts the {name} on space {cell + 1}; {free} of your {len(types)} spaces stay empty, "
        "and the part stays there until its ship is complete."
    )


def _canal(s: ShipyardState, frame: Frame, action: Action) -> str:
    slot = action.num("slot")
    price = s.content.board.canal_prices[slot]
    card = s.canal_offer[slot]
    c = s.content.canals[card]
    marks = [m for m in c.spaces if m != "none"]
    has = ", ".join(marks) if marks else "no symbols"
    then = (
        "it becomes your first canal and you choose where your boat starts"
        if s.boat[frame.seat] is None
        else "you then lay it touching your canal system"
    )
    return f"Pays {price} coins for a {c.shape} canal with {has}; {then}."


def _first_canal(s: ShipyardState, frame: Frame, action: Action) -> str:
    side = canals.SIDE_NAMES[action.num("side")]
    return (
        f"Puts your boat on the {side} end space with its stern pointing out; your first voyage "
        "starts there and cannot leave the card that way."
    )


def _place_canal(s: ShipyardState, frame: Frame, action: Action) -> str:
    seat = frame.seat
    boat = s.boat[seat]
    card = frame.record(NewCanal).card
    if boat is None:
        return ""
    x, y = boat[0] + action.num("dx"), boat[1] + action.num("dy")
    ports, _ = geometry(s.content.canals[card].shape, action.num("rotation"))
    system = s.canals[seat]
    joins = 0
    for side in ports:
        dx, dy = DELTA[side]
        other = system.get((x + dx, y + dy))
        if other is not None:
            oports, _ = geometry(s.content.canals[other[0]].shape, other[1])
            joins += (side + 2) % 4 in oports
    sides = ", ".join(canals.SIDE_NAMES[p] for p in sorted(ports))
    if joins:
        cards = f"{joins} card{'s' if joins > 1 else ''}"
        return f"Lays the card with its ends {sides}; its water joins {cards} of yours."
    return (
        f"Lays the card with its ends {sides}; no water joins yet, so your boat cannot reach it "
        "until a later canal links it."
    )


def _circle(s: ShipyardState, frame: Frame, action: Action) -> str:
    seat = frame.seat
    which = frame.record(CircleChoice).circle
    steps = action.num("steps")
    pointer = s.eq_ptr if which == "equipment" else s.crew_ptr
    item = s.circle(which)[(pointer + steps) % supplies.CIRCLE_SPACES]
    cost = supplies.circle_cost(s, seat, steps)
    role = "engineer" if which == "equipment" else "recruiter"
    extras = [e.item for e in s.owned(seat) if e.role == role and e.item]
    plus = f", plus {', '.join(extras)} from your {role}s" if extras else ""
    return (
        f"Moves the {which} pointer {steps} step{'s' if steps > 1 else ''} for {cost} coins; "
        f"you take a {item}{plus} into your supply."
    )


def _oval(s: ShipyardState, frame: Frame, action: Action) -> str:
    seat = frame.seat
    steps = action.num("steps")
    cost = supplies.oval_cost(s, seat, steps)
    space = (s.oval_ptr + steps) % s.content.board.oval_spaces
    return (
        f"Moves the employee pointer {steps} step{'s' if steps > 1 else ''} for {cost} of your "
        f"{s.coins[seat]} coins "
        f"to space {space + 1}; you then hire one of the employees listed there."
    )


def _hire(s: ShipyardState, frame: Frame, action: Action) -> str:
    stack = s.oval[s.oval_ptr][action.num("slot")]
    emp = s.content.employees[stack[-1]]
    cost = f"for {emp.surcharge} extra coin" if emp.surcharge else "at no extra cost"
    return f"Hires the {s.employee_name(emp.id)} {cost}: {employee_effect(emp, surcharge=False)}."


def _goods(s: ShipyardState, frame: Frame, action: Action) -> str:
    slot = action.num("slot")
    price = s.content.board.wagon_prices[slot]
    goods = supplies.wagon_goods(s, s.wagon_offer[slot])
    return (
        f"Pays {price} coins for a tile with {len(goods)} wagon{'s' if len(goods) > 1 else ''} "
        f"({' + '.join(goods)}); a later Stock exchange sells or swaps them."
    )


def _exchange(s: ShipyardState, frame: Frame, action: Action) -> str:
    seat = frame.seat
    goods = supplies.wagon_goods(s, action.num("tile"))
    prices = ", ".join(f"{g} {supplies.sale_price(s, seat, g)}" for g in dict.fromkeys(goods))
    return (
        f"Trades this tile's {len(goods)} wagon{'s' if len(goods) > 1 else ''} one by one, each "
        f"sold (now {prices} coins) or swapped; the tile is then spent."
    )


def _wagon(s: ShipyardState, frame: Frame, action: Action) -> str:
    seat = frame.seat
    sale = frame.record(WagonSale)
    goods = supplies.wagon_goods(s, sale.tile)[sale.position]
    price = supplies.sale_price(s, seat, goods)
    base = s.content.board.exchange_prices[s.hex_ptr][goods]
    if action.kind == "sell":
        bonus = (
            f" ({base} at the pointer + {price - base} from your merchants)" if price > base else ""
        )
        return f"Adds {price} coins{bonus} to your {s.coins[seat]}."
    item = action.text("item")
    return (
        f"Puts a {item} into your supply instead of {price} coins; no other wagon of this tile "
        f"may be swapped for a {item}."
    )


def _launch(s: ShipyardState, frame: Frame, action: Action) -> str:
    a = action.num("cell")
    types = building.row_types(s, s.row[frame.seat])
    b = next(b for x, b in building.completed_ships(types) if x == a)
    return (
        f"This {b - a + 1}-part ship is fitted and sails first; the other completed ships "
        "follow from where the boat stops."
    )


def _fit(s: ShipyardState, frame: Frame, action: Action) -> str:
    seat = frame.seat
    ship = s.ship
    if ship is None:
        return ""
    speed = voyage.base_speed(ship.items)
    if action.kind == "attach":
        item = action.text("item")
        i = ITEM_INDEX[item]
        items = list(ship.items)
        items[i] += 1
        new = voyage.base_speed(items)
        gain = {"crane": 2, "cannon": 2}.get(item, 1 if item in ITEMS[5:] else 0) + new - speed
        worth = f"+{gain} VP" if gain else "no VP of its own"
        note = f" (speed {speed} → {new})" if new != speed else ""
        left = s.supply[seat][i] - 1
        if item == "captain" and ship.items[CAPTAIN] == 0:
            return "Puts your captain on the ship (no cabin needed) so that it can score: +1 VP."
        return f"Puts a {item} from your supply on the ship ({left} left): {worth}{note}."
    boost = voyage.max_boost(s, seat, ship.items)
    if ship.items[CAPTAIN] == 0:
        return "Sends the ship off without a captain: it scores nothing and leaves the game."
    boat = s.boat[seat]
    if boat is None or not canals.can_sail(s, s.canals[seat], boat, speed):
        return (
            f"Sends the ship off at speed {speed}, but your canals cannot take {speed} moves: "
            "it scores nothing and leaves the game."
        )
    score = voyage.ship_base_score(ship.items, speed)
    more = f" (your employees may add up to {boost} speed)" if boost else ""
    return (
        f"Stops fitting: the ship scores {score} VP for crew, cranes, cannons and speed {speed}"
        f"{more}, then sails."
    )


def _boost(s: ShipyardState, frame: Frame, action: Action) -> str:
    ship = s.ship
    boat = s.boat[frame.seat]
    if ship is None:
        return ""
    speed = voyage.base_speed(ship.items) + action.num("amount")
    ok = boat is not None and canals.can_sail(s, s.canals[frame.seat], boat, speed)
    vp = voyage.ship_base_score(ship.items, speed)
    if not ok:
        return (
            f"Sails at speed {speed}: your canals cannot take {speed} moves, so the ship is lost."
        )
    return (
        f"Sails at speed {speed}: {vp} VP before the voyage, and the boat must move {speed} spaces."
    )


def _route(s: ShipyardState, frame: Frame, action: Action) -> str:
    route = frame.record(voyage.Route)
    ship = s.ship
    if ship is None:
        return ""
    symbol = s.content.canals[action.num("canal")].spaces[action.num("space")]
    move = route.moves_made + 1
    left = route.speed - move
    rest = f"{left} move{'s' if left != 1 else ''} left" if left else "the voyage ends here"
    if symbol == "riband":
        return (
            f"Move {move} of {route.speed} onto a Blue Riband: worth {move} VP if it is the last "
            f"one you enter; {rest}."
        )
    if symbol == "none":
        return f"Move {move} of {route.speed} onto a blank space (no VP); {rest}."
    vp = voyage.official_score(symbol, ship, voyage.hull(s, ship.parts))
    return f"Move {move} of {route.speed}: the {symbol} official gives this ship {vp} VP; {rest}."


def _discard(s: ShipyardState, frame: Frame, action: Action) -> str:
    card = s.content.contracts[action.num("contract")]
    vp = contract_vp(s, frame.seat, card)
    return (
        f"Discards {card.id} face down (your fleet would score {vp} VP with it now); "
        "nobody sees which."
    )


def _final(s: ShipyardState, frame: Frame, action: Action) -> str:
    if action.kind == "pass":
        return "Takes no final action; the last chance to complete a ship with one part follows."
    tile = action.num("tile")
    return (
        f"Your final action: {_tile_text(s, frame.seat, tile)}, with no income and no bonus action."
    )


_EXPLAIN = {
    "choose_tile": _choose_tile,
    "menu": _menu,
    "build": _build,
    "place": _place,
    "canal": _canal,
    "first_canal": _first_canal,
    "place_canal": _place_canal,
    "circle": _circle,
    "oval": _oval,
    "hire": _hire,
    "goods": _goods,
    "exchange": _exchange,
    "wagon": _wagon,
    "launch": _launch,
    "fit": _fit,
    "boost": _boost,
    "route": _route,
    "discard": _discard,
    "final": _final,
}


# ---------------------------------------------------------------------------- closed options
def closed_options(s: ShipyardState, frame: Frame) -> list[Closed]:
    """For the turn's main decisions (``choose_tile``, ``menu``, ``final``): the action tiles
    and the bonus action that are closed now, with the reason and the rule."""
    if frame.kind == "choose_tile":
        return _closed_tiles(s, frame.seat)
    if frame.kind == "menu":
        return _closed_bonus(s, frame.seat, frame.record(Menu))
    if frame.kind == "final":
        out = [
            Closed(TILE_NAMES[t], reason, rule)
            for t in s.tiles
            if (why := why_not(s, frame.seat, t, s.coins[frame.seat])) is not None
            for reason, rule in (why,)
        ]
        out.append(
            Closed("Bonus action", "no bonus action may be bought with the final action", "SY-7.4")
        )
        return out
    return []


def _closed_tiles(s: ShipyardState, seat: int) -> list[Closed]:
    candidates, _ = tile_candidates(s, seat)
    incomes = track.incomes(s)
    first = s.first_left[seat] > 0
    # In first turns the rule for the seat's own first choice says which tiles are taken.
    occupied_rule = (_first_turn_rule(s, seat) if first else None) or "SY-4.9.1"
    out = []
    for t in s.tiles:
        if t in candidates:
            continue
        owners = [p for p, figs in enumerate(s.figs) if t in figs]
        if owners:
            stand = "figures stand" if s.num_players == 2 else "figure stands"
            who = (
                f"the starting player's {stand}"
                if first and owners == [s.start] and seat != s.start
                else "your own figures stand"
                if owners == [seat]
                else "another player's figure stands"
                if seat not in owners
                else "figures stand"
            )
            out.append(Closed(TILE_NAMES[t], f"{who} on it", occupied_rule))
        elif t == s.lead and not first:
            out.append(
                Closed(TILE_NAMES[t], "it is the leading tile, just moved to the front", "SY-4.9.1")
            )
        else:
            why = why_not(s, seat, t, s.coins[seat] + incomes[t])
            if why is not None:
                out.append(Closed(TILE_NAMES[t], *why))
    return out


def _closed_bonus(s: ShipyardState, seat: int, menu: Menu) -> list[Closed]:
    coins = s.coins[seat]
    if menu.bonus_done:
        return [Closed("Another bonus action", "you already bought one this turn", "SY-4.12.2")]
    out = [
        Closed(
            f"Bonus {TILE_NAMES[menu.tile]}", "it is the action you chose this turn", "SY-4.12.2"
        )
    ]
    if coins < BONUS_PRICE:
        out.append(
            Closed(
                "Bonus action", f"it costs {BONUS_PRICE} coins and you have {coins}", "SY-4.12.2"
            )
        )
        return out
    if not menu.main_done and not performable(s, seat, menu.tile, coins - BONUS_PRICE):
        out.append(
            Closed(
                "Bonus action before the main action",
                f"after paying {BONUS_PRICE} you would have {coins - BONUS_PRICE} coins and "
                f"could no longer perform {TILE_NAMES[menu.tile]}",
                "SY-4.12.4",
            )
        )
        return out
    for t in s.tiles:
        if t == menu.tile:
            continue
        why = why_not(s, seat, t, coins - BONUS_PRICE)
        if why is not None:
            out.append(Closed(f"Bonus {TILE_NAMES[t]}", *why))
    return out


def why_not(s: ShipyardState, seat: int, tile: int, coins: int) -> tuple[str, str] | None:
    """Why ``seat`` cannot perform ``tile`` holding ``coins`` (reason, rule), None if it can."""
    if performable(s, seat, tile, coins):
        return None
    if tile == EXCHANGE:
        return "you own no goods wagon tile", "SY-5.7.1"
    if tile == CANAL:
        return _too_dear("canal", s.content.board.canal_prices, s.canal_offer, coins), "SY-5.2.1"
    if tile == GOODS_TILE:
        prices = s.content.board.wagon_prices
        return _too_dear("wagon tile", prices, s.wagon_offer, coins), "SY-5.6.1"
    if tile == HIRE:
        return f"no employee you may hire is within reach with {coins} coins", "SY-5.5.1"
    if tile == BUILD:
        fits = [
            t for t in (BOW, MIDDLE, STERN) if building.legal_cells(s, seat, t, last_chance=False)
        ]
        if not fits:
            return "no ship part fits your shipyard any more", "SY-5.1.4"
        costs = [
            s.content.board.part_prices[row]
            for col in range(4)
            if COLUMN_TYPE[col] in fits
            for row in range(OFFER_ROWS)
            if s.offer[col][row] != EMPTY
        ]
        names = "/".join(PART_TYPES[t] for t in fits)
        return (
            f"the cheapest {names} that fits costs {min(costs)}, you would have {coins}",
            "SY-5.1.2",
        )
    return None  # Equipment production, Crew recruitment and Subsidy are always possible


def _too_dear(what: str, prices: tuple[int, ...], offer: list[int], coins: int) -> str:
    costs = [prices[i] for i, card in enumerate(offer) if card >= 0]
    if not costs:
        return f"no {what} is on offer"
    return f"the cheapest {what} costs {min(costs)}, you would have {coins}"
