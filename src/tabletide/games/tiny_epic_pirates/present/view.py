"""What each seat sees of a Tiny Epic Pirates game, and the log in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletide.engine import Event
from tabletide.engine.view import seat_name
from tabletide.games.tiny_epic_pirates.constants import ASSIGNMENTS, MERCHANT_COLOURS, place_name
from tabletide.games.tiny_epic_pirates.content import LOOT, ORDERS

if TYPE_CHECKING:
    from tabletide.games.tiny_epic_pirates.state import PiratesState


def build_view(s: PiratesState, seat: int | None) -> dict[str, Any]:
    """Everything here is public: the only hidden things are face-down search tokens, the
    tokens in the box and the order of the merchant and crew decks, none of which appear."""
    sea_view = []
    for p in range(len(s.grid)):
        card = s.card(p)
        sea_view.append(
            {
                "at": p,
                "name": card.name,
                "colony": card.colony,
                "market": card.market,
                "cove": card.cove,
                "storm": card.storm,
                "burial": [
                    {"cost": cost, "treasure": s.burial[p][i]} for i, cost in enumerate(card.burial)
                ],
                "search_token": s.search[p] >= 0,
                "port": p in s.ports,
            }
        )
    ships = []
    for i in range(s.ships):
        ship: dict[str, Any] = {
            "ship": i,
            "name": "the Legendary Pirate" if i == s.lp else s.seat_name(i),
            "legendary": i == s.lp,
            "at": s.at[i],
            "hidden": s.hidden[i],
            "gold": s.gold[i],
            "cargo": [LOOT[c] for c in s.cargo[i]],
            "buried": s.buried[i],
            "helm": [ORDERS[o] for o in s.helm[i]],
            "captain_at": s.captain[i],
            "helm_deckhands": [sp for sp in range(len(s.on_helm[i])) if s.on_helm[i][sp]],
            "assignments": dict(zip(ASSIGNMENTS, s.assign[i], strict=True)),
            "crew": [crew_card(s, c) for c in s.crew[i]],
            "turns": s.turns[i],
        }
        if i == s.lp:
            sheet = s.lp_sheet()
            bridge = s.lp_bridge()
            ship.update(
                bridge=bridge.name,
                targets=list(bridge.targets),
                bridge_dice=list(bridge.dice),
                bridge_bonuses=[b.model_dump(mode="json") for b in bridge.bonuses],
                action_track=[sp.model_dump(mode="json") for sp in sheet.track],
                personality=sheet.name,
                gold_track=sheet.gold_track,
                action_space=s.lp_track,
                level=s.lp_level().model_dump(mode="json"),
            )
        else:
            level = s.content.sheets.infamy[s.infamy[i]]
            captain = s.content.captains[s.captain_card[i]]
            side = captain.sides[s.side[i]]
            ship.update(
                infamy=s.infamy[i],
                infamy_levels=len(s.content.sheets.infamy),
                infamy_name=level.name,
                sail=level.sail,
                dice=level.dice,
                mutiny=s.mutiny[i],
                volley=s.volley[i],
                kept_tokens=list(s.kept[i]),
                spare_deckhand=s.spare[i],
                captain=captain.name,
                captain_side=s.side[i],
                captain_dice=list(side.dice),
                captain_hits=side.hits,
                captain_bonus=side.bonus.model_dump(mode="json") if side.bonus else None,
            )
        ships.append(ship)
    return {
        "round": s.round,
        "active": s.active if s.active < s.num_players else None,
        "sea": sea_view,
        "ships": ships,
        "navy": s.navy,
        "ports": list(s.ports),
        "merchants": [
            {
                "colour": colour,
                "at": s.merchant_at[m],
                "bound_for": s.merchant_dest[m],
                "loot": LOOT[s.merchant_cube[m]] if s.merchant_cube[m] >= 0 else None,
                "card": s.content.merchants[s.merchant_slot[m]].model_dump(
                    mode="json", include={"value", "damage", "gold", "infamy_upto"}
                ),
            }
            for m, colour in enumerate(MERCHANT_COLOURS)
        ],
        "merchant_deck": len(s.merchant_deck),
        "market": {LOOT[t]: 5 - i for i, t in enumerate(s.market)},
        "bag": sum(s.bag),
        "crew_row": [crew_card(s, c) for c in s.crew_row],
        "crew_deck": len(s.crew_deck),
        "end_triggered": s.end_triggered,
        "solo": s.lp >= 0,
        **({} if s.stack else {"breakdown": final_breakdown(s)}),
    }


def final_breakdown(s: PiratesState) -> list[dict[str, int]]:
    """What ranks each seat at the end (PC-5.27.3): buried treasures, then infamy, gold and the
    loot aboard as tie-breaks, in that order."""
    return [
        {
            "seat": i,
            "treasures": s.buried[i],
            "tie_break_1_infamy": s.infamy[i],
            "tie_break_2_gold": s.gold[i],
            "tie_break_3_loot_aboard": len(s.cargo[i]),
        }
        for i in range(s.num_players)
    ]


def crew_card(s: PiratesState, card: int) -> dict[str, Any]:
    return {"name": s.content.crew[card].name, **s.content.crew[card].face.model_dump(mode="json")}


def who(event: Event, names: Sequence[str] | None = None) -> str:
    seat = event.get("seat")
    if seat is None:
        return "The Legendary Pirate" if "ship" in event else "The game"
    return seat_name(names, seat)


def _foe(e: Event, text: str, names: Sequence[str] | None, the: str = "") -> str:
    """The other ship of a battle (``e["foe"]``) by its name; else ``the`` and ``e[text]``, its
    words at the time (a merchant, the Legendary Pirate, or any ship without names)."""
    foe = e.get("foe")
    if names is None or foe is None or not 0 <= foe < len(names):
        words = str(e[text])
        return words if words.startswith("the ") else the + words
    return names[foe]


def event_text(e: Event, names: Sequence[str] | None = None) -> str:
    t = e["type"]
    w = who(e, names)
    at = e.get("at")
    if t == "setup":
        mode = "solo" if e.get("solo") else f"{e['players']} players"
        return f"New game of Tiny Epic Pirates ({mode})."
    if t == "turn":
        return f"-- {w}'s turn (round {e['round']}) --"
    if t == "captain":
        crossed = ", crossing the ship line" if e.get("crossed") else ""
        return f"{w}'s captain moves to space {e['space']} ({e['order']}){crossed}."
    if t == "sail":
        return f"{w} sails to {place_name(e['to'])}."
    if t == "order":
        return f"{w} performs {e['order']}{' (bonus)' if e.get('copy') else ''}."
    if t == "gold":
        lost = f" ({e['lost']} lost to the cap)" if e.get("lost") else ""
        return f"{w} gains {e['amount']} gold from {e['why']}{lost}."
    if t == "attack":
        return f"{w} attacks {_foe(e, 'target', names, 'the ')} and rolls {e['dice']}."
    if t == "defend":
        return f"{w} defends with {e['dice']} against {e['against']} damage."
    if t == "battle":
        return (
            f"Battle: {w} deals {e['damage']}, {_foe(e, 'target', names, 'the ')} {e['against']}."
        )
    if t == "bury":
        return f"{w} buries treasure {e['count']} at {place_name(e['at'])} for {e['cost']} gold."
    if t in ("start", "to_cove"):
        return f"{w} hides in the cove at {place_name(e['at'])}."
    if t == "solo_die":
        return f"{w} rolls {e['die']}."
    if t in ("navy", "merchant") and "to" in e:
        name = "The Royal Navy" if t == "navy" else f"The {e['merchant']} merchant"
        return f"{name} moves to {place_name(e['to'])}."
    if t == "loot":
        return f"{w} loads a {e['loot']} cube."
    if t in ("discard_loot", "swap_loot"):
        dropped = e.get("dropped", e["loot"])
        return f"{w}'s ship is full: a {dropped} cube goes back to the bag."
    if t == "trade":
        return f"{w} sells {e['count']} {e['loot']} for {e['earned']} gold."
    if t == "volley":
        return f"{w} gains an accurate volley token ({e['why']})."
    if t == "use_volley":
        return f"{w} spends a volley token: die {e['die'] + 1} becomes {e['face']}."
    if t == "listing":
        return f"{w}'s ship lists ({e['why']}): a deckhand from {e['source']} goes to repairs."
    if t == "listing_immune":
        return f"{w}'s ship cannot list further ({e['why']}): every deckhand is on repairs."
    if t == "full_listing":
        return f"{w} is battered by the Navy: every deckhand goes to repairs."
    if t == "navy_attack":
        return f"The Royal Navy attacks {w.lower() if e.get('seat') is None else w}."
    if t == "navy_misses":
        return f"The Royal Navy finds {w} hidden in a cove and cannot attack."
    if t == "infamy":
        return f"{w} rises to infamy level {e['level'] + 1}: {e['name']}."
    if t == "win_battle":
        return f"{w} wins the battle against {_foe(e, 'against', names)}."
    if t == "sink":
        return f"{w} sinks the {e['merchant']} merchant."
    if t == "cross":
        return f"{w} crossed the ship line: extortion, then the merchants and the Navy sail."
    if t == "deliver":
        return f"The {e['merchant']} merchant delivers and turns for the other port."
    if t == "recruit":
        return f"{w} recruits a crew card."
    if t == "search":
        return f"{w} searches and finds a {e['token']} token."
    if t == "hide":
        return f"{w} hides in the cove."
    if t == "bonus":
        return f"{w} takes a bonus action: {e['action']}."
    if t == "mutiny":
        return f"{w} calls a mutiny and flips the captain card."
    if t == "end_triggered":
        return f"{w} has buried 3 treasures: the game ends after this round."
    if t == "game_over":
        winners = ", ".join(seat_name(names, w) for w in e["winners"])
        return f"Game over. Winners: {winners or 'the Legendary Pirate'}."
    if t == "ports":
        return f"Ports at {place_name(e['at'][0])} and {place_name(e['at'][1])}."
    details = ", ".join(
        f"{k}={v}" for k, v in e.items() if k not in ("type", "seat", "ship") and v is not None
    )
    text = f"{w}: {t.replace('_', ' ')}" + (f" ({details})" if details else "")
    _ = at
    return text + "."
