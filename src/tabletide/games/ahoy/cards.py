"""Marketplace cards (AH-5.33-5.37, AH-6.3.3-6.3.7): recruiting crew, the Smugglers' smuggling,
cargo limit, delivery with the reward grid and favor tokens, and the crew actions that need no
die (Mystic, Naive Noble, Whispering Breeze, Wind Sailors, Mysterious Gust)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame
from tabletide.games.ahoy import damage, geometry, movement
from tabletide.games.ahoy.constants import (
    CARGO_LIMIT,
    CREW_SPOT0,
    CUTTER,
    DELIVERY_FAME,
    FORT0,
    GRID_NEIGHBOURS,
    WEALTH_MAX,
)

if TYPE_CHECKING:
    from tabletide.games.ahoy.content import Content
    from tabletide.games.ahoy.state import AhoyState


class PayDie(NamedTuple):
    """``pay_die``: the crew card recruited for a die (AH-5.34)."""

    card: int


class Favor(NamedTuple):
    """``favor``: the card delivered, to slide under a favor token (AH-6.3.5)."""

    card: int


class RecruitFree(NamedTuple):
    """``recruit_free``: whether recruiting nothing is offered (0: no)."""

    optional: int


class Negotiate(NamedTuple):
    """``negotiate``: the island's region, and the cards recruited so far (AH-6.3.2)."""

    region: int
    recruited: int


class Goto(NamedTuple):
    """``goto``: the crew that moves the flagship (``"breeze"``, ``"gust"``)."""

    why: str


def crew_name(s: AhoyState, card: int) -> str:
    """How labels name a crew card: its crew, and for the two crews printed on two cards
    (Persuasive Officer, Persuasive Ally) which card by its symbol: "Persuasive Ally (star
    card)". The copies differ in symbol, cost and cargo (AH-GAP-2), so they are two choices."""
    return _crew_names(s.content)[card]


_CREW_NAMES: dict[int, tuple[Content, tuple[str, ...]]] = {}


def _crew_names(content: Content) -> tuple[str, ...]:
    """``crew_name`` of every market card, built once per content object: the content is
    frozen, and the cache holds it, so its id cannot be reused by another."""
    hit = _CREW_NAMES.get(id(content))
    if hit is not None and hit[0] is content:
        return hit[1]
    keys = [m.crew for m in content.market]
    crew = {c.key: c.name for c in content.crew}
    names = tuple(
        crew[m.crew] + (f" ({m.symbol} card)" if keys.count(m.crew) > 1 else "")
        for m in content.market
    )
    _CREW_NAMES[id(content)] = (content, names)
    return names


def cargo_name(s: AhoyState, card: int) -> str:
    """How labels name a cargo: its goods and the card they are on, "Tea (Elder card, shell)".
    Two cards may carry the same goods; their symbols count for favor scoring (AH-7.9)."""
    m = s.card(card)
    return f"{m.cargo} ({s.crew_of(card).name} card, {m.symbol})"


def refill(s: AhoyState) -> None:
    """AH-5.35: one card from the deck, if any (no reshuffle, AH-GAP-9)."""
    if s.market_deck:
        s.market.append(s.market_deck.pop())


def take(s: AhoyState, seat: int, card: int, as_cargo: bool = False, fill: bool = True) -> None:
    s.market.remove(card)
    if as_cargo:
        s.cargo[seat].append(card)
    else:
        s.crew[seat].append(card)
    s.log(
        "cargo" if as_cargo else "recruit",
        seat,
        card=card,
        name=crew_name(s, card),
        cargo=s.card(card).cargo,
    )
    if fill:
        refill(s)
    if as_cargo and len(s.cargo[seat]) > CARGO_LIMIT:
        s.push("overboard", seat)


def lose_crew(s: AhoyState, seat: int, card: int) -> None:
    """A crew card leaves the game, with whatever sat on its spot."""
    s.crew[seat].remove(card)
    spot = CREW_SPOT0 + card
    s.dice[seat] = [(sp, v) for sp, v in s.dice[seat] if sp != spot]
    s.damage[seat] = [sp for sp in s.damage[seat] if sp != spot]
    s.log("crew_lost", seat, card=card, name=crew_name(s, card))


def recruit_islands(s: AhoyState, seat: int) -> list[int]:
    """Regions whose island ``seat`` may recruit on: its flagship's island without an enemy
    fort (AH-5.37), and for the Fleet every island with a fort (AH-6.1.5)."""
    out: list[int] = []
    here = s.on_island(seat)
    fleet = seat == s.fleet
    if here >= 0 and (fleet or not s.has_fort(here)):
        out.append(here)
    if fleet:
        forts = s.fig[FORT0:CUTTER]
        out += [r for r, pos in enumerate(s.island_of) if pos in forts and r != here]
    return out


def fort_free_island(s: AhoyState, seat: int) -> int:
    """The island the flagship is on, if no fort forbids smuggling or delivering there."""
    here = s.on_island(seat)
    return here if here >= 0 and not s.has_fort(here) else -1


def free_actions(s: AhoyState, seat: int) -> list[Action]:
    out: list[Action] = []
    regions = recruit_islands(s, seat)
    if regions:  # no island to recruit on: no card to look at
        symbols = {s.island_symbol(r) for r in regions}
        can_die = bool(s.hand[seat]) and s.placed_turn < s.quota
        market, gold = s.content.market, s.gold[seat]
        for card in s.market:
            m = market[card]
            if m.symbol not in symbols:
                continue
            if (m.cost == 0 and can_die) or (m.cost and gold >= m.cost):
                out.append(_recruit(card, crew_name(s, card), m.cost))
    if s.faction[seat] == "smuggler":
        here = fort_free_island(s, seat)
        if here >= 0:
            symbol = s.island_symbol(here)
            for card in s.market:  # AH-6.3.3
                if s.card(card).symbol == symbol:
                    out.append(
                        Action.make(
                            "smuggle",
                            f"Smuggle {s.card(card).cargo} for {s.card(card).cargo_symbol} "
                            f"({s.crew_of(card).name} card)",
                            card=card,
                        )
                    )
            for card in s.cargo[seat]:  # AH-6.3.5
                if s.card(card).cargo_symbol == symbol:
                    out.append(Action.make("deliver", f"Deliver {cargo_name(s, card)}", card=card))
    out += _crew_actions(s, seat)
    return out


@cache
def _recruit(card: int, name: str, cost: int) -> Action:
    """Recruiting market card ``card`` (crew ``name``) for ``cost`` gold (0: a die). Cached:
    it depends on these values alone, and actions are immutable."""
    price = "a die" if cost == 0 else f"{cost} gold"
    return Action.make("recruit", f"Recruit {name} for {price}", card=card)


def apply_free(s: AhoyState, seat: int, action: Action) -> bool:
    """Perform a free action of this module; False if ``action`` is not one."""
    kind = action.kind
    if kind == "recruit":
        card = action.num("card")
        cost = s.card(card).cost
        take(s, seat, card)
        if cost:
            s.gold[seat] -= cost
        else:
            s.push_record("pay_die", seat, PayDie(card))
    elif kind == "smuggle":
        take(s, seat, action.num("card"), as_cargo=True)
    elif kind == "deliver":
        deliver(s, seat, action.num("card"))
    elif kind in CREW_ACTIONS:
        CREW_ACTIONS[kind](s, seat)
    else:
        return False
    return True


def legal_pay_die(s: AhoyState, frame: Frame) -> list[Action]:
    card = frame.record(PayDie).card
    return [
        Action.make("pay_die", f"Place your {v} on {crew_name(s, card)}", die=v)
        for v in sorted(set(s.hand[frame.seat]))
    ]


def apply_pay_die(s: AhoyState, frame: Frame, action: Action) -> None:
    """AH-5.34 / AH-GAP-4: the die sits on the card's spot; the action is not triggered."""
    card = frame.record(PayDie).card
    v = action.num("die")
    s.hand[frame.seat].remove(v)
    s.dice[frame.seat].append((CREW_SPOT0 + card, v))
    s.placed_turn += 1


# ------------------------------------------------------------------ delivery
def deliver(s: AhoyState, seat: int, card: int) -> None:
    """AH-6.3.5: 2 fame, +1 wealth, a reward, then the favor token."""
    region = s.on_island(seat)
    s.cargo[seat].remove(card)
    s.fame[seat] += DELIVERY_FAME
    before = s.wealth[region]
    s.wealth[region] = min(WEALTH_MAX, before + 1)
    s.log(
        "deliver", seat, card=card, cargo=s.card(card).cargo, region=region, wealth=s.wealth[region]
    )
    s.push_record("favor", seat, Favor(card))
    start_reward(s, seat)


def start_reward(s: AhoyState, seat: int) -> None:
    if grid_moves(s, seat):
        s.push("grid", seat)


def grid_moves(s: AhoyState, seat: int) -> list[int]:
    return [g for g in GRID_NEIGHBOURS[s.white[seat]] if g != s.black[seat]]


def reward_possible(s: AhoyState, seat: int, g: int) -> bool:
    space = s.content.reward_grid.spaces[g]
    if space.kind == "tile":
        return bool(s.supply) and bool(tile_targets(s))
    if space.kind == "recruit":  # AH-GAP-3: not on a fort island
        here = s.on_island(seat)
        return bool(s.market) and not (here >= 0 and s.has_fort(here))
    if space.kind == "repair":
        return bool(damage.repairable(s, seat))
    return space.kind != "none"


def tile_targets(s: AhoyState) -> list[tuple[int, int]]:
    return [
        (t, d)
        for t, d in geometry.edge_targets(s.cells)
        if geometry.can_explore(s.cells, s.islands, t, d)
    ]


GRID_PLACES = (
    "top-left",
    "top",
    "top-right",
    "left",
    "middle",
    "right",
    "bottom-left",
    "bottom",
    "bottom-right",
)
"""The reward grid's spaces by where they lie (the grid is indexed row by row)."""


def reward_text(kind: str, amount: int) -> str:
    return {
        "gold": f"{amount} gold",
        "fame": f"{amount} fame",
        "tile": "a region tile",
        "recruit": "a free recruit",
        "repair": f"repair {amount}",
    }.get(kind, "nothing")


def legal_grid(s: AhoyState, frame: Frame) -> list[Action]:
    """AH-6.3.6. Two spaces may hold the same reward (2 gold), so a label names the space by
    its place on the grid: "Move to the top-right space (2 gold) and take it"."""
    seat = frame.seat
    out: list[Action] = []
    for g in grid_moves(s, seat):
        space = s.content.reward_grid.spaces[g]
        text = f"the {GRID_PLACES[g]} space ({reward_text(space.kind, space.amount)})"
        if reward_possible(s, seat, g):
            out.append(Action.make("grid", f"Move to {text} and take it", to=g, take=1))
        out.append(Action.make("grid", f"Move to {text}, take nothing", to=g, take=0))
    return out


def apply_grid(s: AhoyState, frame: Frame, action: Action) -> None:
    seat = frame.seat
    g = action.num("to")
    s.black[seat], s.white[seat] = s.white[seat], g  # AH-6.3.6
    if not action.num("take"):
        return
    space = s.content.reward_grid.spaces[g]
    s.log("grid", seat, kind=space.kind, amount=space.amount)
    if space.kind == "gold":
        s.gain_gold(seat, space.amount)
    elif space.kind == "fame":
        s.fame[seat] += space.amount
    elif space.kind == "repair":
        damage.start_repair(s, seat, space.amount)
    elif space.kind == "recruit":
        s.push_record("recruit_free", seat, RecruitFree(0))
    elif space.kind == "tile":  # AH-5.18
        s.drawn = s.supply.pop()
        s.push("tile", seat)


def legal_tile(s: AhoyState, frame: Frame) -> list[Action]:
    return movement.placements(s, tile_targets(s))


def apply_tile(s: AhoyState, frame: Frame, action: Action) -> None:
    movement.place_tile(s, frame.seat, action)


def legal_favor(s: AhoyState, frame: Frame) -> list[Action]:
    return [
        Action.make("favor", "Under your Fleet favor token", token=0),
        Action.make("favor", "Under your Union favor token", token=1),
    ]


def apply_favor(s: AhoyState, frame: Frame, action: Action) -> None:
    card = frame.record(Favor).card
    token = action.num("token")
    s.favor[frame.seat][token].append(card)
    s.log("favor", frame.seat, secret={"token": ("fleet", "union")[token]})


def legal_overboard(s: AhoyState, frame: Frame) -> list[Action]:
    return [
        Action.make("overboard", f"Throw {cargo_name(s, c)} overboard", card=c)
        for c in s.cargo[frame.seat]
    ]


def apply_overboard(s: AhoyState, frame: Frame, action: Action) -> None:
    s.cargo[frame.seat].remove(action.num("card"))  # AH-6.3.4: out of the game
    s.log("overboard", frame.seat, card=action.num("card"))


def legal_recruit_free(s: AhoyState, frame: Frame) -> list[Action]:
    out = [Action.make("done", "Recruit nothing")] if frame.record(RecruitFree).optional else []
    out += [Action.make("take", f"Recruit {crew_name(s, c)}", card=c) for c in s.market]
    return out or [Action.make("done", "The market is empty")]


def apply_recruit_free(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "take":
        take(s, frame.seat, action.num("card"))


# ------------------------------------------------------------------ Negotiation (AH-6.3.2)
def negotiate(s: AhoyState, seat: int) -> None:
    region = fort_free_island(s, seat)
    if region >= 0 and s.market:
        s.push_record("negotiate", seat, Negotiate(region, 0))


def legal_negotiate(s: AhoyState, frame: Frame) -> list[Action]:
    negotiate = frame.record(Negotiate)
    region, count = negotiate.region, negotiate.recruited
    out = [Action.make("done", "Stop")] if count else []
    if count == 1 and not s.allies[region]:
        return out
    extra = " (remove 1 ally from this island)" if count else ""
    out += [Action.make("take", f"Recruit {crew_name(s, c)}{extra}", card=c) for c in s.market]
    return out


def apply_negotiate(s: AhoyState, frame: Frame, action: Action) -> None:
    negotiate = frame.record(Negotiate)
    region, count = negotiate.region, negotiate.recruited
    if action.kind == "done":
        return
    if count:
        s.allies[region] -= 1
        s.log("allies_removed", frame.seat, region=region, count=1)
    take(s, frame.seat, action.num("card"))
    if count == 0 and s.allies[region] and s.market:
        s.push_record("negotiate", frame.seat, negotiate._replace(recruited=1))


# ------------------------------------------------------------------ crew actions without a die
def _crew_actions(s: AhoyState, seat: int) -> list[Action]:
    out: list[Action] = []
    crew = s.crew[seat]
    if s.fig[seat] < 0 or not crew:  # each action below needs its crew card
        return out
    keys = s.crew_keys
    held = {keys[card] for card in crew}
    if "mystic" in held and "mystic" not in s.once and damage.open_spots(s, seat, board_only=True):
        out.append(_MYSTIC)
    if "naive_noble" in held and noble_victims(s, seat):
        out.append(_NOBLE)
    if (
        "whispering_breeze" in held
        and "breeze" not in s.once
        and s.gold[seat] >= 2
        and _goto_spaces(s, seat, "breeze")
    ):
        out.append(_BREEZE)
    if "wind_sailors" in held and s.gold[seat] >= 1 and twin_island(s, seat) >= 0:
        out.append(_WIND)
    if "mysterious_gust" in held:
        out.append(_GUST)
    return out


_MYSTIC = Action.make("mystic", "Mystic: suffer 1 damage to deal 1 in your region")
_NOBLE = Action.make("noble", "Naive Noble: steal a card (discards the Noble)")
_BREEZE = Action.make("breeze", "Whispering Breeze: 2 gold to any tailwind space")
_WIND = Action.make("wind", "Wind Sailors: 1 gold to the twin island")
_GUST = Action.make("gust", "Mysterious Gust: move anywhere (discards it)")
"""The crew cards' free actions: each always the same immutable action, made once."""


def twin_island(s: AhoyState, seat: int) -> int:
    """AH-A.26: the other island with the same symbol, if it is on the map."""
    here = s.on_island(seat)
    if here < 0:
        return -1
    symbol = s.island_symbol(here)
    return next((r for r in range(len(s.placed)) if r != here and s.island_symbol(r) == symbol), -1)


def noble_victims(s: AhoyState, seat: int) -> list[tuple[int, int, int]]:
    """(seat, card, 1 if cargo) a Naive Noble can steal: from a flagship in its region."""
    region = s.flag_region(seat)
    out: list[tuple[int, int, int]] = []
    for other in range(s.num_players):
        if other != seat and s.fig[other] >= 0 and s.region_at(s.fig[other]) == region:
            out += [(other, c, 0) for c in s.crew[other]]
            out += [(other, c, 1) for c in s.cargo[other]]
    return out


def _mystic(s: AhoyState, seat: int) -> None:  # AH-A.11
    s.once.append("mystic")
    s.push_record("target", seat, damage.Target("mystic"))
    damage.suffer(s, seat, 1, board_only=True)


def _noble(s: AhoyState, seat: int) -> None:
    lose_crew(s, seat, s.crew_card(seat, "naive_noble"))
    s.push("noble", seat)


def _breeze(s: AhoyState, seat: int) -> None:
    s.once.append("breeze")
    s.gold[seat] -= 2
    s.push_record("goto", seat, Goto("breeze"))


def _wind(s: AhoyState, seat: int) -> None:
    s.gold[seat] -= 1
    movement.jump(s, seat, seat, "Wind Sailors", s.island_of[twin_island(s, seat)])


def _gust(s: AhoyState, seat: int) -> None:
    lose_crew(s, seat, s.crew_card(seat, "mysterious_gust"))
    s.push_record("goto", seat, Goto("gust"))


CREW_ACTIONS = {"mystic": _mystic, "noble": _noble, "breeze": _breeze, "wind": _wind, "gust": _gust}


def legal_noble(s: AhoyState, frame: Frame) -> list[Action]:
    out: list[Action] = []
    smuggler = s.faction[frame.seat] == "smuggler"
    for other, card, was_cargo in noble_victims(s, frame.seat):
        what = cargo_name(s, card) if was_cargo else crew_name(s, card)
        for into in (0, 1) if smuggler else (0,):
            where = " as cargo" if into else " as crew" if smuggler else ""
            out.append(
                Action.make(
                    "steal",
                    f"Steal {what} from {s.name(other)}{where}",
                    seat=other,
                    card=card,
                    cargo=into,
                )
            )
    return out or [Action.make("done", "Nothing to steal")]


def apply_noble(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "done":
        return
    other, card, into = action.num("seat"), action.num("card"), action.num("cargo")
    if card in s.cargo[other]:
        s.cargo[other].remove(card)
    else:
        lose_crew(s, other, card)
    (s.cargo if into else s.crew)[frame.seat].append(card)
    s.log("steal", frame.seat, frm=other, card=card)
    if into and len(s.cargo[frame.seat]) > CARGO_LIMIT:
        s.push("overboard", frame.seat)


def _goto_spaces(s: AhoyState, seat: int, why: str) -> list[int]:
    """Where Whispering Breeze (any tailwind space) or Mysterious Gust (any space) may take the
    flagship: never its own space, which would be no MOVE (AH-5.12) but would start battles."""
    spaces = movement.tailwind_spaces(s, 0) if why == "breeze" else sorted(s.cells)
    return [p for p in spaces if p != s.fig[seat]]


def legal_goto(s: AhoyState, frame: Frame) -> list[Action]:
    return [
        Action.make("goto", f"Go to {s.space_name(p)}", at=p)
        for p in _goto_spaces(s, frame.seat, frame.record(Goto).why)
    ]


def apply_goto(s: AhoyState, frame: Frame, action: Action) -> None:
    how = "Whispering Breeze" if frame.record(Goto).why == "breeze" else "Mysterious Gust"
    movement.jump(s, frame.seat, frame.seat, how, action.num("at"))


LEGAL = {
    "pay_die": legal_pay_die,
    "grid": legal_grid,
    "tile": legal_tile,
    "favor": legal_favor,
    "overboard": legal_overboard,
    "recruit_free": legal_recruit_free,
    "negotiate": legal_negotiate,
    "noble": legal_noble,
    "goto": legal_goto,
}
APPLY = {
    "pay_die": apply_pay_die,
    "grid": apply_grid,
    "tile": apply_tile,
    "favor": apply_favor,
    "overboard": apply_overboard,
    "recruit_free": apply_recruit_free,
    "negotiate": apply_negotiate,
    "noble": apply_noble,
    "goto": apply_goto,
}
