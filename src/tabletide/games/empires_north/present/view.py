"""What each seat may see (EN-9.18: supplies are public, hands hidden), as JSON, and the log in
words. Hands, decks, Lookout draws and unseen discards of other seats appear only as counts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletide.engine.view import seat_name
from tabletide.games.empires_north.constants import TILES, bundle_text
from tabletide.games.empires_north.content import Card

if TYPE_CHECKING:
    from tabletide.games.empires_north.state import EmpiresState as S


def card_view(card: Card, index: int) -> dict[str, Any]:
    """A card as everybody reads it (type, cost, what it does)."""
    out: dict[str, Any] = {"card": index, "name": card.name, "type": card.type, "text": card.text}
    if card.icons:
        out["icons"] = list(card.icons)
    if card.cost:
        out["cost"] = dict(card.cost)
    if card.when:
        out["when"] = card.when.upper()
    return out


def _island(s: S, i: int) -> dict[str, Any] | None:
    if i < 0:
        return None
    card = s.cards[i]
    out = card_view(card, i)
    out["raid"] = dict(card.raid)
    out["conquerable"] = card.conquerable
    return out


def _empire(s: S, p: int) -> list[dict[str, Any]]:
    out = []
    for pos, pl in enumerate(s.empire[p]):
        entry = card_view(s.cards[pl.card], pl.card)
        entry["pos"] = pos
        entry["exhausted"] = pl.exhausted
        if pl.acts != pl.card:
            entry["copies"] = s.cards[pl.acts].name
        if pl.host >= 0:
            entry["under"] = pl.host
        if pos in s.stock[p]:
            entry["stored"] = dict(s.stock[p][pos])
        out.append(entry)
    return out


def build_view(s: S, seat: int | None) -> dict[str, Any]:
    clans = {c.id: c for c in s.content.clans}
    players = []
    for p in range(s.num_players):
        players.append(
            {
                "seat": p,
                "clan": s.clan[p],
                "clan_name": clans[s.clan[p]].name,
                "vp": s.vp[p],
                "goods": dict(s.goods[p]),
                "workers": s.workers[p],
                "tired": s.tired[p],
                "workers_owned": s.workers_owned(p),
                "ships": s.ships[p],
                "ships_free": s.ships_free(p),
                "discs": [
                    {"tile": TILES[t].upper() if t >= 0 else None, "exhausted": x}
                    for t, x in zip(s.disc_at[p], s.disc_x[p], strict=True)
                ],
                "passed": s.passed[p],
                "hand": len(s.hand[p]),
                "deck": len(s.deck[p]),
                "discard": len(s.discard[p]),
                "discard_seen": [s.cards[c].name for c in s.shown[p]],
                "looking": len(s.look[p]),
                "empire": _empire(s, p),
            }
        )
    view: dict[str, Any] = {
        "round": s.round,
        "phase": s.phase,
        "last_round": s.last_round,
        "next_round_last": s.next_last,
        "start_player": s.start,
        "active": s.active,
        "circle": [t.upper() for t in s.circle],
        "islands": {
            which: {
                "face_up": [_island(s, i) for i in s.isl_up[d]],
                "deck": len(s.isl_deck[d]),
                "discard": [s.cards[i].name for i in s.isl_discard[d]],
            }
            for d, which in enumerate(("near", "distant"))
        },
        "revealed": _island(s, s.revealed),
        "queue": [
            {"owner": sh.owner, "fish": sh.fish, "axe": sh.axe, "common": sh.common}
            for sh in s.queue
        ],
        "players": players,
    }
    if seat is not None:
        view["you"] = {
            "hand": [card_view(s.cards[c], c) for c in s.hand[seat]],
            "looking": [card_view(s.cards[c], c) for c in s.look[seat]],
            "discard": [s.cards[c].name for c in s.discard[seat]],
        }
    return view


# ---------------------------------------------------------------------------- the log
def event_text(e: dict[str, Any], names: Sequence[str] | None = None) -> str:
    t = e["type"]
    who = seat_name(names, e["seat"]) if e.get("seat") is not None else ""
    src = f" ({e['source']})" if e.get("source") else ""
    secret = e.get("secret")
    match t:
        case "setup":
            clans = ", ".join(f"{seat_name(names, p)} {c}" for p, c in enumerate(e["clans"]))
            circle = " - ".join(t.upper() for t in e["circle"])
            return f"Clans: {clans}. The action circle: {circle}."
        case "round":
            last = " (the last round)" if e["last"] else ""
            return f"Round {e['round']}{last}: {seat_name(names, e['start'])} starts."
        case "opening":
            kept = f": {', '.join(secret)}" if secret else ""
            return f"{who} keeps 3 opening cards{kept}."
        case "discard_look":
            names = f" ({', '.join(secret)})" if secret else ""
            return f"{who} discards {e['n']} card{'s' * (e['n'] != 1)}{names}."
        case "look":
            names = f": {', '.join(secret)}" if secret else ""
            return f"{who} draws {e['n']} cards at the Lookout{names}."
        case "keep":
            return f"{who} keeps {secret} for a worker." if secret else f"{who} keeps a card."
        case "lookout":
            return f"{who} kept {e['kept']} card{'s' * (e['kept'] != 1)} at the Lookout."
        case "reshuffle":
            return f"{who} shuffles the discard pile into a new deck."
        case "gain":
            return f"{who} gains {bundle_text(e['goods'])}{src}."
        case "draw":
            names = f": {', '.join(secret)}" if secret else ""
            return f"{who} draws {e['n']} card{'s' * (e['n'] != 1)}{src}{names}."
        case "find":
            found = "finds" if e["found"] else "does not find"
            return f"{who} searches the deck and {found} {e['card']}{src}."
        case "rouse":
            return f"{who} rouses {e['n']} worker{'s' * (e['n'] != 1)}{src}."
        case "refresh":
            return f"{who} refreshes {e['card']}."
        case "release":
            return f"{who} releases 1 {e['good']} from {e['card']}."
        case "relocate":
            return f"{who} moves disc {e['disc'] + 1} to {e['tile'].upper()}."
        case "forward":
            return f"{who}'s ship overtakes the ship ahead (now place {e['place']})."
        case "launch":
            return f"{who} sends a ship to the islands now."
        case "tile_effect":
            return f"{who} performs {e['tile'].upper()}{src}."
        case "ship":
            return f"{who} gains a ship ({e['ships']} in all){src}."
        case "gift":
            return f"Every opponent of {who} gains {bundle_text(e['goods'])}{src}."
        case "features":
            return f"{who}: {e['event']} triggers {', '.join(e['cards'])}."
        case "build":
            how = (
                " for free"
                if e.get("free")
                else (f" for {bundle_text(e['cost'])}" if e["cost"] else "")
            )
            return f"{who} builds {e['card']}{how}."
        case "produce":
            return f"{who} gains {bundle_text(e['goods'])} from {e['card']}."
        case "copy":
            return f"{who}'s {e['card']} copies {e['copies']}."
        case "disc":
            verb = f"moves a disc (1 {e['moved']}) to" if e["moved"] else "places a disc on"
            return f"{who} {verb} {e['tile'].upper()}."
        case "boost":
            return f"{who} plays {e['card']}."
        case "populate":
            return f"{who} gains a worker (POPULATE)."
        case "harvest":
            return f"{who} harvests {e['card']}: {bundle_text(e['goods'])}."
        case "attack":
            return f"{who} attacks {seat_name(names, e['target'])}'s {e['card']} (1 axe)."
        case "use":
            return f"{who} uses {e['card']}."
        case "pass":
            return f"{who} passes."
        case "sail":
            cargo = [w for w, on in (("a fish", e["fish"]), ("an axe", e["axe"])) if on]
            ship = "a common ship" if e["common"] else "a ship"
            with_ = f" with {' and '.join(cargo)}" if cargo else ""
            return f"{who} sails {ship}{with_} (place {e['place']} in the queue)."
        case "voyage":
            return f"{who}'s ship chooses no island."
        case "reveal":
            return f"{who} turns up {e['island']}."
        case "raid":
            return f"{who} raids {e['island']}: {bundle_text(e['goods'])}."
        case "conquer":
            return f"{who} conquers {e['island']}."
        case "end_now":
            return f"{who} reaches {e['vp']} VP: this is the last round."
        case "end_next":
            return f"{who} reaches {e['vp']} VP in the Expedition: the next round is the last."
        case "final":
            scores = ", ".join(f"{seat_name(names, p)}: {v}" for p, v in enumerate(e["scores"]))
            return "Final scores: " + scores
    return f"{t} {who}".strip()
