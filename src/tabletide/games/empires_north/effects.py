"""The card language at work: resolving effects and "/" alternatives (EN-5.2.4, EN-9), the
decisions some effects ask for, and features firing on events (EN-5.2.3b).

Effects run from a frame ``@effects`` (an :class:`Effects` record): the first effect is
performed and the rest wait below whatever decisions it asks for, so a card's effects resolve
in printed order.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from tabletide.engine import Action, Frame, make_action
from tabletide.games.empires_north.constants import STOCK_GOODS, TILES, bundle_text
from tabletide.games.empires_north.content import Alternatives, Card, Effect, Feature

if TYPE_CHECKING:
    from tabletide.games.empires_north.state import EmpiresState as S

LEGAL: dict[str, Any] = {}
APPLY: dict[str, Any] = {}
AUTO: dict[str, Any] = {}


# ---------------------------------------------------------------------------- words
def card_name(s: S, p: int, pos: int, article: bool = True) -> str:
    """The card at ``pos`` of ``p``'s empire in words: its name, and when the empire holds
    several cards of that name, which one in empire order ("the 2nd Frozen Harbour"; without
    the article: "2nd Frozen Harbour", after "seat 1's")."""
    return empire_names(s, p, article)[pos]


def empire_names(s: S, p: int, article: bool = True) -> tuple[str, ...]:
    """:func:`card_name` of every card of ``p``'s empire, in empire order."""
    cards = s.cards
    return _numbered(tuple([cards[pl.card].name for pl in s.empire[p]]), article)


@lru_cache(maxsize=4096)
def _numbered(names: tuple[str, ...], article: bool) -> tuple[str, ...]:
    """The card names of an empire, numbered where a name repeats (see :func:`card_name`).
    Cached on the names themselves: the words depend on nothing else."""
    total = Counter(names)
    seen: Counter[str] = Counter()
    out = []
    for name in names:
        if total[name] < 2:
            out.append(name)
            continue
        seen[name] += 1
        nth = ordinal(seen[name])
        out.append(f"the {nth} {name}" if article else f"{nth} {name}")
    return tuple(out)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def describe(e: Effect) -> str:
    """One effect in words."""
    n = e.n
    match e.do:
        case "gain":
            return f"gain {bundle_text(e.goods)}"
        case "draw":
            return f"draw {n} card{'s' * (n > 1)}"
        case "find":
            return f"find {e.card} in your deck"
        case "rouse":
            return f"rouse {n} worker{'s' * (n > 1)}"
        case "refresh":
            return f"refresh {n} exhausted card{'s' * (n > 1)}"
        case "release":
            return f"release {n} assigned good{'s' * (n > 1)}"
        case "move_disc":
            return "move a used disc to any tile"
        case "ship_forward":
            return "move your ship 1 forward"
        case "expedition":
            return "send a queued ship to the islands now"
        case "tile":
            return f"perform {str(e.tile).upper()}"
        case "per":
            cap = f" (max {e.cap})" if e.cap else ""
            return f"gain {bundle_text(e.goods)} per {e.what}{cap}"
        case "ship":
            return f"gain a ship (up to {n})"
        case "common_ship":
            return "sail a common ship"
        case "gift":
            return f"each opponent gains {bundle_text(e.goods)}"
    return e.do


def describe_option(option: tuple[Effect, ...]) -> str:
    return ", ".join(describe(e) for e in option) or "nothing"


def describe_alts(alts: Alternatives) -> str:
    return " / ".join(describe_option(o) for o in alts)


# ---------------------------------------------------------------------------- resolving
def push_alts(s: S, p: int, alts: Alternatives, source: str) -> None:
    """Resolve one option of ``alts`` for ``p``: a decision when there is a "/"."""
    if not alts:
        return
    if len(alts) == 1:
        push_effects(s, p, alts[0], source)
    else:
        s.push_record("alt", p, Alt(alts, source))


def push_effects(s: S, p: int, effects: tuple[Effect, ...], source: str) -> None:
    if effects:
        s.push_record("@effects", p, Effects(effects, source))


class Alt(NamedTuple):
    """``alt``: the options of a "/" (EN-5.2.4), one to choose."""

    alts: Alternatives
    source: str
    """The name of the card the effect comes from."""


class Effects(NamedTuple):
    """``@effects``: effects still to resolve, in printed order."""

    effects: tuple[Effect, ...]
    source: str
    """The name of the card they come from."""


def legal_alt(s: S, f: Frame) -> list[Action]:
    alts = f.record(Alt).alts
    return [make_action("alt", describe_option(o).capitalize(), i=i) for i, o in enumerate(alts)]


def apply_alt(s: S, f: Frame, a: Action) -> None:
    alt = f.record(Alt)
    push_effects(s, f.seat, alt.alts[a.num("i")], alt.source)


def auto_effects(s: S, f: Frame) -> None:
    record = f.record(Effects)
    effects, source = record.effects, record.source
    first, rest = effects[0], effects[1:]
    if rest:
        s.push_record("@effects", f.seat, record._replace(effects=rest))
    perform(s, f.seat, first, source)


def perform(s: S, p: int, e: Effect, source: str) -> None:
    """Do one effect for ``p`` (EN-9). The tile and ship effects reach into ``actions`` and
    ``expedition``, which import this module, so they import them where they are used."""
    match e.do:
        case "gain":  # logged first, so a 25 VP notice follows the gain that caused it
            s.log("gain", p, goods=dict(e.goods), source=source)
            s.gain(p, e.goods)
        case "draw":
            got = s.take_cards(p, e.n)
            s.hand[p] = sorted(s.hand[p] + got)
            s.log("draw", p, n=len(got), source=source, secret=[s.cards[c].name for c in got])
        case "find":
            _find(s, p, str(e.card), source)
        case "rouse":
            k = min(e.n, s.tired[p])
            s.tired[p] -= k
            s.workers[p] += k
            s.log("rouse", p, n=k, source=source)
        case "refresh":
            s.push_record("refresh", p, Refresh(e.n, source))
        case "release":
            s.push_record("release", p, Release(e.n, source))
        case "move_disc":
            s.push_record("relocate", p, Relocate(source))
        case "ship_forward":
            s.push_record("forward", p, Forward(source))
        case "expedition":
            if s.phase == "action":
                s.push_record("launch", p, Launch(source))
        case "tile":
            from tabletide.games.empires_north import actions

            tile = TILES.index(str(e.tile))
            if actions.performable(s, p, tile):
                s.log("tile_effect", p, tile=TILES[tile], source=source)
                actions.start_tile(s, p, tile)
        case "per":
            k = s.count(p, str(e.what))
            if e.cap:
                k = min(k, e.cap)
            goods = {g: v * k for g, v in e.goods.items()}
            s.log("gain", p, goods=goods, source=source)
            if k:
                s.gain(p, goods)
        case "ship":
            if s.ships[p] < e.n:
                s.ships[p] += 1
                s.log("ship", p, ships=s.ships[p], source=source)
        case "common_ship":
            from tabletide.games.empires_north import expedition

            expedition.start_sail(s, p, common=True)
        case "gift":
            s.log("gift", p, goods=dict(e.goods), source=source)
            for q in range(s.num_players):
                if q != p:
                    s.gain(q, e.goods)


def _find(s: S, p: int, name: str, source: str) -> None:
    """EN-9.10: search the whole draw deck for the card, take it, shuffle the deck."""
    deck = s.deck[p]
    for i, card in enumerate(deck):
        if s.cards[card].name == name:
            deck.pop(i)
            s.hand[p] = sorted([*s.hand[p], card])
            break
    else:
        card = -1
    s.rng.shuffle(deck)
    s.log("find", p, card=name, found=card >= 0, source=source)


AUTO["@effects"] = auto_effects
LEGAL["alt"] = legal_alt
APPLY["alt"] = apply_alt


# ---------------------------------------------------------------------------- effect decisions
class Refresh(NamedTuple):
    """``refresh``: exhausted cards to refresh, one at a time (EN-9.7)."""

    left: int
    """How many cards may still be refreshed, this one included."""
    source: str
    """The name of the card the effect comes from."""


def legal_refresh(s: S, f: Frame) -> list[Action]:
    p = f.seat
    out = [
        make_action("refresh", f"Refresh {card_name(s, p, i)}", pos=i)
        for i, pl in enumerate(s.empire[p])
        if pl.exhausted
    ]
    return [*out, make_action("done", "Done")] if out else []


def apply_refresh(s: S, f: Frame, a: Action) -> None:
    """EN-9.7: an exhausted card turns upright and may act again this round."""
    if a.kind == "done":
        return
    p, pos = f.seat, a.num("pos")
    s.empire[p][pos] = s.empire[p][pos]._replace(exhausted=False)
    s.log("refresh", p, card=s.cards[s.empire[p][pos].card].name)
    record = f.record(Refresh)
    if record.left > 1:
        s.push_record("refresh", p, record._replace(left=record.left - 1))


class Release(NamedTuple):
    """``release``: assigned goods to take back, one at a time (EN-9.5)."""

    left: int
    """How many goods may still be released, this one included."""
    source: str
    """The name of the card the effect comes from."""


def legal_release(s: S, f: Frame) -> list[Action]:
    p = f.seat
    out = []
    for pos, goods in sorted(s.stock[p].items()):
        name = card_name(s, p, pos)
        for good, k in goods.items():
            if k > 0:
                g = STOCK_GOODS.index(good)
                out.append(make_action("release", f"Release 1 {good} from {name}", pos=pos, good=g))
    return [*out, make_action("done", "Done")] if out else []


def apply_release(s: S, f: Frame, a: Action) -> None:
    """EN-9.5: take a good (or worker) from one of your cards back into your supply."""
    if a.kind == "done":
        return
    p, pos, good = f.seat, a.num("pos"), STOCK_GOODS[a.num("good")]
    on_card = s.stock[p][pos]
    on_card[good] -= 1
    if not on_card[good]:
        del on_card[good]
    if not on_card:
        del s.stock[p][pos]
    s.gain(p, {good: 1})
    s.log("release", p, good=good, card=s.cards[s.empire[p][pos].card].name)
    record = f.record(Release)
    if record.left > 1:
        s.push_record("release", p, record._replace(left=record.left - 1))


class Relocate(NamedTuple):
    """``relocate``: a used disc may move to another tile (EN-9.14)."""

    source: str
    """The name of the card the effect comes from."""


def legal_relocate(s: S, f: Frame) -> list[Action]:
    """EN-9.14: a disc used this round (on a tile) moves to any other tile; an exhausted disc
    stays put (moving it could change nothing, EN-GAP-6)."""
    p = f.seat
    out = []
    for d, at in enumerate(s.disc_at[p]):
        if at < 0 or s.disc_x[p][d]:
            continue
        for t in range(len(TILES)):
            if t != at:
                label = f"Move disc {d + 1} from {TILES[at].upper()} to {TILES[t].upper()}"
                out.append(make_action("relocate", label, disc=d, to=t))
    return [*out, make_action("done", "Leave the discs where they are")] if out else []


def apply_relocate(s: S, f: Frame, a: Action) -> None:
    if a.kind == "done":
        return
    p, d, t = f.seat, a.num("disc"), a.num("to")
    s.disc_at[p][d] = t
    s.log("relocate", p, disc=d, tile=TILES[t])


class Forward(NamedTuple):
    """``forward``: one of the seat's ships moves 1 forward (EN-9.15)."""

    source: str
    """The name of the card the effect comes from."""


def legal_forward(s: S, f: Frame) -> list[Action]:
    """EN-9.15: one of your ships overtakes the ship directly ahead; a passed opponent's ship
    cannot be overtaken (EN-GAP-13e) and the first ship stays first (EN-GAP-13l)."""
    p = f.seat
    q = s.queue
    out = []
    for i in range(1, len(q)):
        ahead = q[i - 1].owner
        if q[i].owner == p and (ahead == p or not s.passed[ahead]):
            out.append(make_action("forward", f"Ship {i + 1} overtakes ship {i}", ship=i))
    return out


def apply_forward(s: S, f: Frame, a: Action) -> None:
    i = a.num("ship")
    q = s.queue
    q[i - 1], q[i] = q[i], q[i - 1]
    s.log("forward", f.seat, place=i)


class Launch(NamedTuple):
    """``launch``: one of the seat's ships may go to the islands now (EN-5.8)."""

    source: str
    """The name of the card the effect comes from."""


def legal_launch(s: S, f: Frame) -> list[Action]:
    """EN-5.8: one of your ships in the queue goes to the islands now."""
    p = f.seat
    out = [
        make_action("launch", f"Send your ship in place {i + 1} now", ship=i)
        for i, ship in enumerate(s.queue)
        if ship.owner == p
    ]
    return [*out, make_action("done", "Keep it in the queue")] if out else []


def apply_launch(s: S, f: Frame, a: Action) -> None:
    if a.kind == "done":
        return
    ship = s.queue.pop(a.num("ship"))  # EN-GAP-13(c): the ships behind move up
    s.log("launch", f.seat)
    from tabletide.games.empires_north.expedition import Voyage

    s.push_record("voyage", f.seat, Voyage(ship))


for _kind, _legal, _apply in (
    ("refresh", legal_refresh, apply_refresh),
    ("release", legal_release, apply_release),
    ("relocate", legal_relocate, apply_relocate),
    ("forward", legal_forward, apply_forward),
    ("launch", legal_launch, apply_launch),
):
    LEGAL[_kind] = _legal
    APPLY[_kind] = _apply


# ---------------------------------------------------------------------------- features
class _Features(NamedTuple):
    """The features of every card of a content card tuple, sorted for :func:`trigger`."""

    own: tuple[dict[str, tuple[Feature, ...]] | None, ...]
    """Per card: its features by the event of its owner that fires them, in printed order
    (None for a card without any)."""
    opponent: tuple[tuple[Feature, ...], ...]
    """Per card: its features fired by an opponent's tile action (``opponent_tile``)."""
    any_opponent: bool
    """Whether any card has such a feature (else no other empire is looked at)."""


_FEATURES: dict[int, tuple[tuple[Card, ...], _Features]] = {}
""":class:`_Features` per content card tuple, keyed by its id (the tuple is held beside them so
that the id cannot be reused; content cards are frozen records, never edited in place)."""


def _features(cards: tuple[Card, ...]) -> _Features:
    hit = _FEATURES.get(id(cards))
    if hit is None or hit[0] is not cards:
        own: list[dict[str, tuple[Feature, ...]] | None] = []
        for card in cards:
            by_event: dict[str, tuple[Feature, ...]] = {}
            for feature in card.features:
                if feature.on != "opponent_tile":
                    by_event[feature.on] = (*by_event.get(feature.on, ()), feature)
            own.append(by_event or None)
        opponent = tuple(
            tuple(ft for ft in card.features if ft.on == "opponent_tile") for card in cards
        )
        tables = _Features(tuple(own), opponent, any(opponent))
        hit = _FEATURES[id(cards)] = (cards, tables)
    return hit[1]


def trigger(
    s: S, event: str, p: int, tile: str | None = None, icons: tuple[str, ...] = (), skip: int = -1
) -> None:
    """Fire every feature that ``event`` of ``p`` triggers (EN-5.2.3b): ``p``'s own first, then
    the other players' in turn order (EN-GAP-13d); each card in empire order. ``skip``: the
    position of the card that caused the event (a card does not trigger on its own build).
    Only a tile action fires other players' features (``opponent_tile``), so for any other
    event only ``p``'s empire is looked at."""
    n = s.num_players
    tables = _features(s.cards)
    own = tables.own
    fired: list[tuple[int, Alternatives, str]] = []
    empire = s.empire[p]
    for pos, placed in enumerate(empire):
        by_event = own[placed.acts]
        if by_event is None or pos == skip:
            continue
        features = by_event.get(event)
        if features is None:
            continue
        for feature in features:
            if event == "tile" and feature.tile != tile:
                continue
            if feature.icon is not None and feature.icon not in icons:
                continue
            if feature.once:
                if empire[pos].exhausted:
                    continue
                empire[pos] = empire[pos]._replace(exhausted=True)
            fired.append((p, feature.effects, s.cards[placed.card].name))
    if event == "tile" and tables.any_opponent:
        opponent = tables.opponent
        for k in range(1, n):
            q = (p + k) % n
            theirs = s.empire[q]
            for pos, placed in enumerate(theirs):
                for feature in opponent[placed.acts]:
                    if feature.tile != tile:
                        continue
                    if feature.once:
                        if theirs[pos].exhausted:
                            continue
                        theirs[pos] = theirs[pos]._replace(exhausted=True)
                    fired.append((q, feature.effects, s.cards[placed.card].name))
    for q, alts, name in reversed(fired):
        push_alts(s, q, alts, name)
    if fired:
        s.log("features", p, event=event, cards=[name for _, _, name in fired])
