"""What a seat sees and the log in words (MA-5.61, MA-9.1, MA-9.5). Hidden: other players'
quests, the quest deck, the level II deck (but a face-up top card), the box, face-down cards in
the Caribbean (and their refill tiles), and the order of John Silver's solo deck."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from tabletide.engine import Event
from tabletide.engine.view import seat_name
from tabletide.games.maracaibo.constants import (
    BAY,
    GRID,
    MARACAIBO,
    QUEST_SELL,
    START,
    column,
    row,
    where,
)
from tabletide.games.maracaibo.content import COLORS, Card, Content, load_content
from tabletide.games.maracaibo.present.words import (
    COUNTED_WORDS,
    article,
    describe,
    describe_all,
    describe_perm,
    describe_slot,
)

if TYPE_CHECKING:
    from tabletide.games.maracaibo.board import Board
    from tabletide.games.maracaibo.state import MaracaiboState as S

Facts = dict[str, Any]
"""What the rules computed for the view (``facts.view_facts``): ``values`` (VP per treasure
of each island), ``counts`` (per participant) and ``fulfilled`` (per participant, per visible
quest)."""


def card_info(card: Card, index: int) -> dict[str, Any]:
    """A card's printed facts (a fresh copy of a cached record). Looked up by the card's
    identity (cards are immutable; hashing one hashes all its fields, which cost more than a
    view's other work), then by the card itself."""
    hit = _CARD_INFO.get((id(card), index))
    if hit is None or hit[0] is not card:
        if len(_CARD_INFO) >= 4096:
            _CARD_INFO.clear()
        hit = _CARD_INFO[(id(card), index)] = (card, _card_info(card, index))
    return dict(hit[1])


_CARD_INFO: dict[tuple[int, int], tuple[Card, dict[str, Any]]] = {}


@cache
def _card_info(card: Card, index: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "card": index,
        "id": card.id,
        "name": card.name,
        "level": card.level,
        "type": card.type,
        "text": card.text,
    }
    if card.type == "upgrade":
        out.update(
            category=card.category,
            cost=card.cost,
            vp=card.vp,
            income=[card.income_d, card.income_vp],
            lightning=[describe(e) for e in card.lightning],
            permanent=[describe_perm(p) for p in card.permanent],
            endgame=[f"{g.vp} VP per {g.each} {g.per}" for g in card.endgame],
        )
    elif card.type == "residence":
        assert card.condition is not None
        cond = card.condition
        each = f"{cond.each} " if cond.each > 1 else ""
        out.update(cost=card.cost, condition=f"{cond.vp} VP per {each}{cond.per}", cap=cond.cap)
    else:
        out["actions"] = [[describe_all(alt) for alt in group] for group in card.actions]
    return out


NodeShape = tuple[int, int, bool, str | None]
"""A grid node's fixed facts on a board: its column, row, whether it is a card slot, and the
treasure island on it (or None)."""


def _board_nodes(board: Board) -> tuple[NodeShape, ...]:
    """Each grid node's fixed facts on ``board``, worked out once per board (a board is
    immutable and shared by every state of its layout; looked up by identity) instead of per
    node of every view: the grid is most of Maracaibo's view, which the undo check builds 9
    times a move."""
    hit = _NODES.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    slots = set(board.slots)
    islands = {at: name for name, at in reversed(board.islands.items())}
    shapes = tuple((column(n), row(n), n in slots, islands.get(n)) for n in range(GRID))
    if len(_NODES) >= 16:
        _NODES.clear()
    _NODES[id(board)] = (board, shapes)
    return shapes


_NODES: dict[int, tuple[Board, tuple[NodeShape, ...]]] = {}


def _node(s: S, n: int, shape: NodeShape, ships: list[int] | None) -> dict[str, Any]:
    """Grid node ``n`` (``shape``: its fixed facts, ``ships``: the participants there)."""
    col, r, slot, island = shape
    entry: dict[str, Any] = {"node": n, "col": col, "row": r, "ships": ships or []}
    card = s.slot[n]
    if card == -1 and not slot:
        entry["kind"] = "island" if island else "water"
        if island:
            entry["island"] = island
        return entry
    entry["kind"] = "card"
    if card == -1:  # a bought card's slot, refilled after its one-time effects (MA-5.14)
        entry["empty"] = True
    elif card < -1:
        entry["blank"] = True
    elif s.up[n]:
        entry.update(card_info(s.cards[card], card))
        if card in s.refill_of:
            entry["refill"] = s.refill_of[card]
        if card in s.res:
            entry["residents"] = s.res[card][:]
    else:
        entry["face_down"] = True
        entry["coins"] = s.coins[n]
        if s.face_down_kind(n) == "location":
            entry["face_down_type"] = "location"
    if s.smug[n] >= 0:
        owner, tile = divmod(s.smug[n], 10)
        entry["smuggler"] = {"owner": owner, "tile": tile, "text": _smug_text(s, tile)}
    if s.ruby_supply(n):
        entry["ruby_supply"] = True
    return entry


def _smug_text(s: S, tile: int) -> str:
    return s.content.smugglers[tile][s.smug_sides[tile]].text


def _fig_info(s: S, fig: int) -> dict[str, Any] | None:
    if fig < 0:
        return None
    f = s.content.figureheads[fig]
    return {"fig": fig, "letter": f.letter, "name": f.name, "text": f.text, "special": f.special}


def _player(s: S, p: int, seat: int | None, facts: Facts) -> dict[str, Any]:
    hideout = s.content.hideout
    mine = seat == p
    out: dict[str, Any] = {
        "index": p,
        "name": "John Silver" if p == s.john else s.seat_name(p),
        "john": p == s.john,
        "doubloons": s.doubloons[p],
        "vp": s.vp[p],
        "ship": s.ship[p],
        "explorer": s.explorer[p],
        "rivers": s.river_count(p),
        "income": list(s.income(p)),
        "cards": [card_info(s.cards[c], c) for c in s.owned[p]],
        "residences": [s.cards[c].name for c in s.residences_of(p)],
        "treasure": {
            name: {
                "above": s.store[p][i],
                "bonus": [
                    j for j in range(len(hideout.section(name).bonus)) if s.bonus[p][i] >> j & 1
                ],
                "buried": s.buried_in(p, i) + s.poseidon[p].count(i),
                "burial": [
                    j
                    for j in range(len(hideout.section(name).buried))
                    if s.buried_at[p][i] >> j & 1
                ],
                "total": s.treasure(p, i),
            }
            for i, name in enumerate(COLORS)
        },
        "slots": [i for i in range(len(s.content.ship.slots)) if s.slots[p] >> i & 1],
        "figurehead": s.fig[p],
        "smugglers_left": s.smug_left[p][:],
        "quest_count": len(s.quests[p]),
        "rubies": s.rubies[p],
        "retired": s.retired[p],
        "poseidon": s.poseidon[p][:],
        "figurehead_info": _fig_info(s, s.fig[p]),
        "smuggler_texts": [_smug_text(s, t) for t in s.smug_left[p]],
    }
    if mine or s.over:
        out["quests"] = [
            {
                "quest": q,
                "text": s.content.quests[q].summary,
                "fulfilled": done,
            }
            for q, done in zip(s.quests[p], facts["fulfilled"][p], strict=True)
        ]
    if p == s.john:
        out["level"] = s.content.solo.levels[s.john_level]
        out["john_slots"] = s.john_slots
        out["john_space"] = s.john_level
        out["john_levels"] = list(s.content.solo.levels)
        out["john_board"] = [list(col) for col in s.content.solo.board]
        out["doubloons"] = 0
    if s.over and s.final:
        out["final"] = s.final[p]
    else:
        out["counts"] = dict(facts["counts"][p])
    return out


def _printed(content: Content) -> dict[str, Any]:
    """The words of the printed boards in ``content`` (the same in every view: written once
    per content, looked up by its identity; a test that edits content makes a new one)."""
    hit = _PRINTED.get(id(content))
    if hit is not None and hit[0] is content:
        return hit[1]
    words: dict[str, Any] = {
        "track": [
            (sp.id, describe_all(sp.effects) if sp.effects else "", tuple(sp.next),
             tuple(sp.river))
            for sp in content.track.spaces
        ],
        "slots": [
            (sl.zone, describe_slot(sl), bool(sl.permanent)) for sl in content.ship.slots
        ],
        "ruby_market": [describe_all(b) for b in content.places.ruby_market],
        "bay_actions": [" / ".join(describe_all(alt) for alt in g) for g in content.places.bay],
        "maracaibo_effects": describe_all(content.places.maracaibo),
        "hideout": [
            (
                name,
                tuple(describe_all(b) if b else "no bonus" for b in sec.bonus),
                tuple(describe_all(b) if b else "no bonus" for b in sec.buried),
            )
            for name in COLORS
            for sec in (content.hideout.section(name),)
        ],
    }  # fmt: skip
    if len(_PRINTED) >= 8:
        _PRINTED.clear()
    _PRINTED[id(content)] = (content, words)
    return words


_PRINTED: dict[int, tuple[Content, dict[str, Any]]] = {}


def build_view(s: S, seat: int | None, facts: Facts) -> dict[str, Any]:
    """``observation(seat)["state"]`` (``present/schema.py``: ``MaracaiboView``) from the
    state's fields and the ``facts`` the rules computed for it (``facts.view_facts``)."""
    track = s.content.track
    printed = _printed(s.content)
    top_up = bool(s.deck2) and s.deck2_up[-1] and "uncharted_upgrades" in s.mods
    ships: dict[int, list[int]] = {}  # node -> the participants there, in order
    for p in range(s.participants):
        ships.setdefault(s.ship[p], []).append(p)
    return {
        "round": s.round,
        "active": s.active,
        "ending": s.ending,
        "modules": sorted(s.mods),
        "layout": s.board.name,
        "solo": s.john >= 0,
        "islands": {
            name: {"cubes": s.islands[i], "value": facts["values"][i]}
            for i, name in enumerate(COLORS)
        },
        "grid": [_node(s, n, shape, ships.get(n)) for n, shape in enumerate(_board_nodes(s.board))],
        "start": [p for p in range(s.participants) if s.ship[p] == START],
        "bay": [p for p in range(s.participants) if s.ship[p] == BAY],
        "maracaibo": [p for p in range(s.participants) if s.ship[p] == MARACAIBO],
        "track": [
            {
                "space": space,
                "effects": effects,
                "next": list(nxt),
                "river": list(river),
                "explorers": [p for p in range(s.participants) if s.explorer[p] == space],
            }
            for space, effects, nxt, river in printed["track"]
        ],
        "retirement": track.retirement if "retirement" in s.mods else None,
        "quest_offer": [{"quest": q, "text": s.content.quests[q].summary} for q in s.quest_offer],
        "quest_deck": len(s.quest_deck),
        "level2": len(s.deck2),
        "level2_top": card_info(s.cards[s.deck2[-1]], s.deck2[-1]) if top_up else None,
        "figureheads": [
            {"fig": i, "letter": f.letter, "name": f.name, "text": f.text}
            for i, f in enumerate(s.content.figureheads)
            if i in s.fig_offer
        ],
        "figurehead_names": [f.name for f in s.content.figureheads],
        "smuggler_tiles": [_smug_text(s, t) for t in range(len(s.smug_sides))],
        "smuggler_sides": list(s.smug_sides),
        "ship_board": {
            "thresholds": list(s.content.ship.thresholds),
            "slots": [
                {"zone": zone, "text": text, "permanent": permanent}
                for zone, text, permanent in printed["slots"]
            ],
        },
        "ruby_market": [
            {"text": text, "taken": bool(s.ruby_market >> i & 1)}
            for i, text in enumerate(printed["ruby_market"])
        ]
        if "rubies" in s.mods
        else [],
        "solo_deck": len(s.solo_deck) if s.john >= 0 else None,
        "solo_revealed": len(s.solo_out) if s.john >= 0 else None,
        "bay_actions": list(printed["bay_actions"]),
        "maracaibo_effects": printed["maracaibo_effects"],
        "hideout": {
            name: {"bonus": list(bonus), "buried": list(buried)}
            for name, bonus, buried in printed["hideout"]
        },
        "players": [_player(s, p, seat, facts) for p in range(s.participants)],
    }


# ---------------------------------------------------------------------------- the log
def _card_name(i: Any) -> str:
    if not isinstance(i, int) or i < 0:
        return "a face-down card"
    return load_content().cards[i].name


def _n(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _seat(names: Sequence[str] | None, p: int) -> str:
    """A participant by name: a seat's, or John Silver's (the one past the seats)."""
    return "John Silver" if names is not None and p >= len(names) else seat_name(names, p)


def _paid(e: Event, who: str, names: Sequence[str] | None = None) -> str:
    if e.get("to") is not None:
        return f"{who} pays 1 doubloon to {_seat(names, e['to'])}."
    return f"{who} {'gains' if e.get('gain') else 'pays'} 1 doubloon (solo)."


def _vp(e: Event, who: str) -> str:
    per = e.get("per")
    why = f" ({COUNTED_WORDS.get(per, per)})" if per else ""
    return f"{who} gains {e['n']} VP{why}."


def _game_over(e: Event, who: str, seats: Sequence[str] | None = None) -> str:
    names = [_seat(seats, i) for i in range(len(e["vp"]))]
    if e.get("solo"):
        names[1] = "John Silver"
    scores = ", ".join(f"{name} {v}" for name, v in zip(names, e["vp"], strict=True))
    won = " and ".join(names[w] for w in e["winners"]) or "John Silver"
    return f"The game is over. Final VP: {scores}. Won by {won}."


_TEXTS: dict[str, Callable[[Event, str], str]] = {
    "setup": lambda e, who: (
        f"A new game of Pirates of Maracaibo for {e['players']} on the {e['layout']} layout"
        + (f" with {', '.join(e['modules'])}" if e["modules"] else "")
        + "."
    ),
    "draft": lambda e, who: (
        f"{who} keeps their quests"
        + (f" (quest {e['secret']['discarded']} discarded)." if "secret" in e else ".")
    ),
    "quest_offer": lambda e, who: f"The quest offer: {', '.join(map(str, e['offer']))}.",
    "round": lambda e, who: f"Round {e['round']} begins.",
    "round_ends": lambda e, who: (
        f"{who} reaches Maracaibo: round {e['round']} ends after the last player."
    ),
    "sail": lambda e, who: f"{who} sails to {where(e['to'])}.",
    "reveal": lambda e, who: (
        f"The card at {where(e['at'])} is turned face up: {_card_name(e['card'])}."
    ),
    "refill_tile": lambda e, who: f"It carries a {e['color']} refill tile.",
    "uncharted": lambda e, who: f"{who} uncovers the location at {where(e['at'])}.",
    "paid": _paid,
    "skirmish": lambda e, who: f"Skirmish at {where(e['at'])}: {e['rolls']}.",
    "skirmish_win": lambda e, who: (
        f"{who} wins the skirmish: {e['vp']} VP, {_n(e['took'], 'doubloon')}."
    ),
    "maracaibo": lambda e, who: f"{who} arrives in Maracaibo.",
    "vp": _vp,
    "doubloons": lambda e, who: f"{who} gains {_n(e['n'], 'doubloon')}.",
    "pay": lambda e, who: f"{who} pays {_n(e['n'], 'doubloon')}.",
    "cannot_pay": lambda e, who: f"{who} cannot pay {e['n']}: the effect is skipped.",
    "treasure": lambda e, who: f"{who} gains {article(e['color'])} {e['color']}.",
    "refill": lambda e, who: (
        f"A cube goes onto the {e['color']} island."
        if e["n"] == 1
        else f"{e['n']} cubes go onto the {e['color']} island."
    ),
    "bonus_space": lambda e, who: f"{who} stores the {e['color']} on a bonus space.",
    "bury": lambda e, who: f"{who} buries {article(e['color'])} {e['color']}.",
    "quest": lambda e, who: (
        f"{who} takes quest {e['quest']} from the offer."
        if "quest" in e
        else f"{who} takes a quest from the {e['source']}"
        + (f" (quest {e['secret']['quest']})." if "secret" in e else ".")
    ),
    "quest_refresh": lambda e, who: f"{who} refreshes the quest offer.",
    "sell_quest": lambda e, who: (
        f"{who} discards "
        + (f"quest {e['secret']['quest']}" if "secret" in e else "a quest")
        + f" for {QUEST_SELL} doubloons."
    ),
    "card": lambda e, who: f"{who} gains {_card_name(e['card'])} for {e['paid']}.",
    "ship_upgrade": lambda e, who: f"{who} upgrades the ship (slot {e['slot'] + 1}).",
    "figurehead": lambda e, who: (
        f"{who} takes the figurehead {load_content().figureheads[e['fig']].name}."
    ),
    "smuggler": lambda e, who: f"{who} places a smuggler tile at {where(e['at'])}.",
    "activate": lambda e, who: f"{who} activates the smuggler tile at {where(e['at'])}.",
    "residence": lambda e, who: (
        f"{who} builds {_card_name(e['card'])}" + (" first (+2 VP)." if e["first"] else ".")
    ),
    "action": lambda e, who: f"{who}: {e['text']}.",
    "roll": lambda e, who: f"{who} {'rerolls' if e.get('reroll') else 'rolls'} {e['dice']}.",
    "raid": lambda e, who: f"{who} raids with the {e['color']} die: strength {e['strength']}.",
    "explore": lambda e, who: (
        f"{who}'s explorer moves to space {e['to']}"
        + (f", crossing {_n(e['rivers'], 'new river')}." if e["rivers"] else ".")
    ),
    "no_explore": lambda e, who: f"{who} cannot explore any further.",
    "explore_space": lambda e, who: f"{who} uses the explorer's space {e['space']} again.",
    "trade": lambda e, who: f"{who} gives up {_n(e['steps'], 'explorer step')}.",
    "retire": lambda e, who: f"{who} retires: the explorer goes back to the start.",
    "income": lambda e, who: (
        f"{who} gains income: {_n(e['doubloons'], 'doubloon')} and {e['vp']} VP."
    ),
    "ruby": lambda e, who: f"{who} takes a ruby.",
    "sell_ruby": lambda e, who: f"{who} sells a ruby.",
    "solo_card": lambda e, who: f"John Silver reveals solo card {e['card']} ({e['deck']}).",
    "solo_skip": lambda e, who: "No action of that card is possible: John reveals another.",
    "john_upgrade": lambda e, who: f"John Silver upgrades his ship: {e['slot']}.",
    "john_raid": lambda e, who: (
        f"John Silver raids (level {e['level']}): {e['cubes']} {e['color']}, {e['vp']} VP."
    ),
    "figurehead_removed": lambda e, who: (
        f"John Silver rolls {e['roll']} and removes the figurehead "
        f"{load_content().figureheads[e['fig']].name}."
    ),
    "game_over": _game_over,
}


def event_text(e: Event, names: Sequence[str] | None = None) -> str:
    seat = e.get("seat")
    john = e.get("john")
    who = "The game" if seat is None else ("John Silver" if john else seat_name(names, seat))
    if e["type"] in ("paid", "game_over"):  # they name other seats too
        return (_paid if e["type"] == "paid" else _game_over)(e, who, names)
    fn = _TEXTS.get(e["type"])
    return fn(e, who) if fn else f"{who}: {e['type']}"
