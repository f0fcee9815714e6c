"""Empires of the North's game state: every field, setup (EN-3), clone, determinization and the
small queries every rule module asks (goods, payments, the empire's cards).

Cards are indexes into ``content.cards``. An empire is a list of :class:`Placed` cards; a card's
position in that list never changes (nothing leaves an empire), so positions name cards in
actions. The action circle holds the five tiles in a random order (EN-3.6); discs sit on circle
positions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletide.engine import Action, Closed, Frame, Rng, TableState, dispatch_tables
from tabletide.games.empires_north import actions, effects, expedition, facts, guide, turn
from tabletide.games.empires_north.constants import (
    DISCS,
    FACE_UP,
    GOODS,
    OPENING_DRAW,
    RESOURCES,
    START_SHIPS,
    START_WORKERS,
    TILES,
    VP,
    WORKER,
)
from tabletide.games.empires_north.content import Card, Content
from tabletide.games.empires_north.pieces import DISTANT, NEAR, Placed, Ship

if TYPE_CHECKING:
    from tabletide.engine import Game

_MODULES = (turn, actions, effects, expedition)
_RESOURCE_SET = frozenset(RESOURCES)
_NOTHING: dict[str, int] = {}
"""An empty reserve (read only)."""
_SOURCE_IN_PROMPT = {"alt": effects.Alt, "refresh": effects.Refresh, "release": effects.Release}
"""The effect decisions whose prompt names the card the effect comes from."""

PROMPTS = {
    "opening": "keep 3 of your first 5 cards, free (EN-3.15): choose one to keep",
    "lookout": "Lookout: keep a drawn card for 1 worker each, or done (EN-4.3)",
    "turn": "your action: build, place or move a disc, attack, use a card, or pass (EN-5.1)",
    "extra": "before the tile's action: play one boost or build one production card? (EN-5.3.3)",
    "host": "build it alone, or as an upgrade under which production location? (EN-5.2.3a2)",
    "construct": "CONSTRUCTION: build a location from your hand for free (EN-5.4.3)",
    "harvest": "HARVEST: take the goods of one production location (EN-5.4.4)",
    "sail": "SAIL: put a fish (or gold) and/or an axe on the ship? (EN-5.4.5.3)",
    "alt": "choose one option (a '/' on the card, EN-5.2.4)",
    "copy": "choose the card your copy location copies (EN-9.8)",
    "refresh": "refresh one of your exhausted cards? (EN-9.7)",
    "release": "release goods from one of your cards? (EN-9.5)",
    "relocate": "move one of your used discs to another tile? (EN-9.14)",
    "forward": "which of your ships moves 1 forward? (EN-9.15)",
    "launch": "which of your ships goes to the islands now? (EN-5.8)",
    "voyage": "Expedition: choose an island to raid or conquer, or skip (EN-6)",
    "landing": "the island is revealed: raid it or conquer it? (EN-6.3/6.4)",
    "pay": "how do you pay? gold may stand in for any of the resources (EN-9.21)",
}


class EmpiresState(TableState):
    """A game of Empires of the North. Plain lists and ints so that ``clone`` stays cheap."""

    LEGAL, APPLY, AUTO = dispatch_tables(*_MODULES)
    PROMPTS = PROMPTS
    SKIP_EMPTY = True

    content: Content
    cards: tuple[Card, ...]
    clan: list[str]
    circle: tuple[str, ...]
    """The five tiles in circle order (EN-3.6)."""
    # per player
    hand: list[list[int]]
    deck: list[list[int]]
    discard: list[list[int]]
    shown: list[list[int]]
    """The cards of each discard pile that everybody saw go there (played boosts)."""
    look: list[list[int]]
    """The cards drawn in the Lookout phase, not yet kept or discarded (EN-4.3)."""
    empire: list[list[Placed]]
    goods: list[dict[str, int]]
    stock: list[dict[int, dict[str, int]]]
    """Goods and workers assigned to cards (EN-9.4), by empire position."""
    workers: list[int]
    """Workers in the supply, ready to use."""
    tired: list[int]
    """Workers on the clan tile (EN-9.22)."""
    vp: list[int]
    ships: list[int]
    """Ship tokens each player owns (2, Olaf up to 3, EN-2.7)."""
    disc_at: list[list[int]]
    """Each disc's circle position, -1 in the supply."""
    disc_x: list[list[bool]]
    """Each disc's exhausted side up (EN-5.3.2)."""
    disc_uses: list[list[int]]
    passed: list[bool]
    # the sailing board (EN-2.2)
    isl_deck: list[list[int]]
    isl_up: list[list[int]]
    """The face-up islands under each deck, -1 for a taken slot (EN-6.8)."""
    isl_discard: list[list[int]]
    queue: list[Ship]
    # the round
    round: int
    phase: str
    start: int
    active: int
    last_round: bool
    next_last: bool
    """25 VP was reached in an Expedition: the next round is the last (EN-8.1b)."""
    revealed: int
    """The island taken face down from a deck and being decided on, -1 none."""
    final: list[dict[str, int]]

    # ------------------------------------------------------------------ creation
    @classmethod
    def setup(
        cls, game: Game, content: Content, num_players: int, seed: int, options: dict[str, Any]
    ) -> EmpiresState:
        s = cls.__new__(cls)
        s.game, s.content, s.num_players, s.seed, s.options = (
            game,
            content,
            num_players,
            seed,
            options,
        )
        s.cards = cards = content.cards
        s.rng = rng = Rng(seed)
        s.stack, s.events, s.history = [], [], []
        n = num_players
        s.clan = clans_for(options, n, rng, [c.id for c in content.clans])
        tiles = list(TILES)
        rng.shuffle(tiles)  # EN-3.6
        s.circle = tuple(tiles)
        # EN-3.3-3.5: the island decks, two face up under each.
        s.isl_deck, s.isl_up, s.isl_discard = [[], []], [[], []], [[], []]
        for i, card in enumerate(cards):
            if card.type == "island":
                d = NEAR if card.distance == "near" else DISTANT
                s.isl_deck[d].extend([i] * card.copies)
        for d in (NEAR, DISTANT):
            rng.shuffle(s.isl_deck[d])
            s.isl_up[d] = [s.isl_deck[d].pop() for _ in range(FACE_UP)]
        # EN-3.7-3.13: the clans' cards and goods.
        s.hand, s.deck, s.discard, s.shown, s.look = [], [], [], [], []
        s.empire, s.goods, s.stock = [], [], []
        for p in range(n):
            mine = [i for i, c in enumerate(cards) if c.clan == s.clan[p]]
            starts = [i for i in mine if cards[i].start]
            deck = [i for i in mine if not cards[i].start for _ in range(cards[i].copies)]
            rng.shuffle(deck)
            s.empire.append([Placed(i, i) for i in starts])
            goods = dict.fromkeys(GOODS, 0)
            for i in starts:
                for good, k in cards[i].produce.items():
                    goods[good] += k  # EN-3.12
            s.goods.append(goods)
            s.stock.append({})
            s.deck.append(deck)
            s.discard.append([])
            s.shown.append([])
            s.look.append([])
            s.hand.append([])
        s.workers = [START_WORKERS] * n
        s.tired = [0] * n
        s.vp = [0] * n
        s.ships = [START_SHIPS] * n
        s.disc_at = [[-1] * DISCS for _ in range(n)]
        s.disc_x = [[False] * DISCS for _ in range(n)]
        s.disc_uses = [[0] * DISCS for _ in range(n)]
        s.passed = [False] * n
        s.queue = []
        s.round, s.phase = 1, "setup"
        s.start = rng.below(n)  # EN-3.14: chosen at random
        s.active = s.start
        s.last_round = s.next_last = False
        s.revealed = -1
        s.final = []
        names = {c.id: c.name for c in content.clans}
        s.log("setup", None, clans=[names[c] for c in s.clan], circle=list(s.circle), start=s.start)
        # EN-3.15: draw 5, keep 3, in turn order from the start player.
        s.push("@round", s.start)
        for p in reversed(s.order()):
            s.push("opening", p)
        for p in range(n):
            s.look[p] = s.take_cards(p, OPENING_DRAW)
        s.advance()
        return s

    # ------------------------------------------------------------------ engine plumbing
    def _scores(self) -> list[int | float]:
        return list[int | float](self.vp)

    def _rank_keys(self) -> list[tuple[float, ...]]:
        """EN-8.4: VP, then cards in the empire, workers, cards in hand; still tied = shared."""
        return [
            (self.vp[p], len(self.empire[p]), self.workers_owned(p), len(self.hand[p]))
            for p in range(self.num_players)
        ]

    def _view(self, seat: int | None) -> dict[str, Any]:
        from tabletide.games.empires_north.present.view import build_view

        return build_view(self, seat)

    def _decision_context(self, frame: Frame) -> dict[str, Any]:
        return facts.decision_context(self, frame)

    def _decision_rules(self, frame: Frame) -> list[str]:
        return guide.decision_rules(self, frame)

    def _explain(self, frame: Frame, action: Action) -> str | None:
        return guide.explain(self, frame, action)

    def _closed_options(self, frame: Frame) -> list[Closed]:
        return guide.closed_options(self, frame)

    def _score_categories(self) -> list[tuple[str, list[int | float]]]:
        return facts.score_categories(self)

    def _prompt_text(self, frame: Frame) -> str:
        text = super()._prompt_text(frame)
        sourced = _SOURCE_IN_PROMPT.get(frame.kind)
        if sourced is not None:
            text += f" [{frame.record(sourced).source}]"
        elif frame.kind == "pay":
            text += f" [{self.paying_for(frame)}]"
        return text

    def paying_for(self, frame: Frame) -> str:
        """What a ``pay`` decision pays for, in words."""
        pay = frame.record(actions.Pay)
        if pay.purpose == "build":
            return f"building {self.cards[pay.card].name}"
        if pay.purpose == "move":
            return f"moving disc {pay.disc + 1} to {TILES[pay.tile].upper()}"
        return f"using {effects.card_name(self, frame.seat, pay.pos)}"

    # ------------------------------------------------------------------ clone and hiding
    def clone(self) -> EmpiresState:
        s = EmpiresState.__new__(EmpiresState)
        self._copy_base_into(s)
        s.content, s.cards, s.clan, s.circle = self.content, self.cards, self.clan, self.circle
        s.hand = [x[:] for x in self.hand]
        s.deck = [x[:] for x in self.deck]
        s.discard = [x[:] for x in self.discard]
        s.shown = [x[:] for x in self.shown]
        s.look = [x[:] for x in self.look]
        s.empire = [x[:] for x in self.empire]
        s.goods = [dict(x) for x in self.goods]
        s.stock = [{k: dict(v) for k, v in x.items()} for x in self.stock]
        s.workers, s.tired, s.vp, s.ships = (
            self.workers[:],
            self.tired[:],
            self.vp[:],
            self.ships[:],
        )
        s.disc_at = [x[:] for x in self.disc_at]
        s.disc_x = [x[:] for x in self.disc_x]
        s.disc_uses = [x[:] for x in self.disc_uses]
        s.passed = self.passed[:]
        s.isl_deck = [x[:] for x in self.isl_deck]
        s.isl_up = [x[:] for x in self.isl_up]
        s.isl_discard = [x[:] for x in self.isl_discard]
        s.queue = self.queue[:]
        s.round, s.phase, s.start, s.active = self.round, self.phase, self.start, self.active
        s.last_round, s.next_last, s.revealed = self.last_round, self.next_last, self.revealed
        s.final = [dict(f) for f in self.final]
        return s

    def _resample_hidden(self, seat: int) -> None:
        """Hidden from ``seat``: the order of every deck (its own and the islands' too), the
        other players' hands, Lookout draws and the discards nobody saw. Each other player's
        unseen cards are shuffled together and dealt back in the same numbers."""
        rng = self.rng
        for p in range(self.num_players):
            if p == seat:
                rng.shuffle(self.deck[p])
                continue
            seen = self.shown[p][:]
            private = self.discard[p][:]
            for card in seen:
                private.remove(card)
            known = self.committed(p)
            hand = self.hand[p][:]
            for card in known:
                hand.remove(card)
            pool = hand + self.look[p] + private + self.deck[p]
            rng.shuffle(pool)
            sizes = (len(hand), len(self.look[p]), len(private))
            self.hand[p] = sorted(known + pool[: sizes[0]])
            pool = pool[sizes[0] :]
            self.look[p] = sorted(pool[: sizes[1]])
            pool = pool[sizes[1] :]
            self.discard[p] = seen + pool[: sizes[2]]
            self.deck[p] = pool[sizes[2] :]
        for d in (NEAR, DISTANT):
            rng.shuffle(self.isl_deck[d])

    # ------------------------------------------------------------------ queries
    def order(self) -> list[int]:
        """Every player in turn order from the start player (clockwise = ascending seats)."""
        n = self.num_players
        return [(self.start + k) % n for k in range(n)]

    def card(self, i: int) -> Card:
        return self.cards[i]

    def acts(self, p: int, pos: int) -> Card:
        """What the card at ``pos`` of ``p``'s empire acts as (the copied card for a copy)."""
        return self.cards[self.empire[p][pos].acts]

    def committed(self, p: int) -> list[int]:
        """The cards of ``p``'s hand that everybody saw chosen: a card being built while its
        payment (``pay``) or its host (``host``) is still to be decided. They stay in the hand
        until placed, and a determinization keeps them there."""
        out = []
        for frame in self.stack:
            if frame.seat != p:
                continue
            if frame.kind == "pay":
                pay = frame.record(actions.Pay)
                if pay.purpose == "build":
                    out.append(pay.card)
            elif frame.kind == "host":
                out.append(frame.record(actions.Host).card)
        return out

    def workers_owned(self, p: int) -> int:
        """Every worker ``p`` has: ready, tired and assigned to cards (EN-GAP-9)."""
        on_cards = sum(g.get(WORKER, 0) for g in self.stock[p].values())
        return self.workers[p] + self.tired[p] + on_cards

    def ships_free(self, p: int) -> int:
        """``p``'s own ship tokens not in the queue."""
        out = sum(1 for s in self.queue if s.owner == p and not s.common)
        return self.ships[p] - out

    def can_pay(self, p: int, cost: dict[str, int], reserve: dict[str, int] | None = None) -> bool:
        """Whether ``p`` can pay ``cost``: gold stands in for missing resources (EN-9.21);
        axes and gold themselves, and workers, cannot be replaced. ``reserve``: goods set aside
        first, exactly (an assignment, EN-9.4: gold may not stand in)."""
        goods = self.goods[p]
        workers = self.workers[p]
        reserve = reserve or _NOTHING
        for good, k in reserve.items():
            if (workers if good == WORKER else goods[good]) < k:
                return False
        short = 0
        for good, k in cost.items():
            have = (workers if good == WORKER else goods[good]) - reserve.get(good, 0)
            if good in _RESOURCE_SET:
                if k > have:
                    short += k - have
            elif have < k:
                return False
        return short + cost.get("gold", 0) <= goods["gold"] - reserve.get("gold", 0)

    def payments(self, p: int, cost: dict[str, int]) -> list[dict[str, int]]:
        """Every distinct way ``p`` can pay ``cost`` (known to be affordable): how many gold
        stand in for each resource of the cost (EN-9.21: any number of them, the player's
        choice). One entry per distinct set of goods paid, the fewest gold first; a single
        entry when gold cannot be used or there is only one way."""
        goods = self.goods[p]
        spare = goods["gold"] - cost.get("gold", 0)
        ranges = []
        for good in RESOURCES:
            k = cost.get(good, 0)
            if k:
                ranges.append((good, max(0, k - goods[good]), min(k, spare)))
        if all(lo == hi for _, lo, hi in ranges):  # one way at most (no gold to spare, mostly)
            way = {good: lo for good, lo, _ in ranges}
            return [way] if sum(way.values()) <= spare else []
        ways: list[dict[str, int]] = [{}]
        for good, lo, hi in ranges:
            ways = [{**w, good: g} for w in ways for g in range(lo, hi + 1)]
        ways = [w for w in ways if sum(w.values()) <= spare]
        ways.sort(key=lambda w: (sum(w.values()), [-w[g] for g, _, _ in ranges]))
        return ways

    def paid_goods(self, cost: dict[str, int], gold_for: dict[str, int]) -> dict[str, int]:
        """What paying ``cost`` with ``gold_for`` gold in place of resources hands over: the
        resources in the order the cost names them, then the gold, then the rest (axes,
        workers)."""
        out: dict[str, int] = {}
        for good, k in cost.items():
            if good in RESOURCES and k > gold_for.get(good, 0):
                out[good] = k - gold_for.get(good, 0)
        gold = cost.get("gold", 0) + sum(gold_for.values())
        if gold:
            out["gold"] = gold
        for good, k in cost.items():
            if good not in RESOURCES and good != "gold" and k:
                out[good] = k
        return out

    def pay(self, p: int, cost: dict[str, int], gold_for: dict[str, int] | None = None) -> None:
        """Pay ``cost`` (known to be affordable): goods go to the common supply, workers become
        tired (EN-9.3). ``gold_for``: how many gold the player pays in place of each resource
        (EN-9.21); by default the fewest (the first of :meth:`payments`)."""
        if gold_for is None:
            gold_for = self.payments(p, cost)[0]
        goods = self.goods[p]
        for good, k in self.paid_goods(cost, gold_for).items():
            if good == WORKER:
                self.workers[p] -= k
                self.tired[p] += k
            else:
                goods[good] -= k

    def take_cards(self, p: int, k: int) -> list[int]:
        """Draw up to ``k`` cards from ``p``'s clan deck, reshuffling the discard pile when the
        deck runs out (EN-4.6); fewer when both are empty."""
        out: list[int] = []
        for _ in range(k):
            if not self.deck[p]:
                if not self.discard[p]:
                    break
                self.deck[p] = self.discard[p]
                self.discard[p], self.shown[p] = [], []
                self.rng.shuffle(self.deck[p])
                self.log("reshuffle", p)
            out.append(self.deck[p].pop())
        return out

    def draw_island(self, d: int) -> int:
        """The top card of island deck ``d``, reshuffling its discards when empty (EN-6.7);
        -1 when both are empty."""
        if not self.isl_deck[d]:
            if not self.isl_discard[d]:
                return -1
            self.isl_deck[d] = self.isl_discard[d]
            self.isl_discard[d] = []
            self.rng.shuffle(self.isl_deck[d])
        return self.isl_deck[d].pop()

    def count(self, p: int, what: str) -> int:
        """How many cards of ``p``'s empire are ``what`` (a type icon or a card kind)."""
        n = 0
        for placed in self.empire[p]:
            card = self.cards[placed.acts]
            if what == "card":
                n += 1
            elif what == "island":
                n += card.type == "island"
            elif what == "production":
                n += placed.host < 0 and card.type in ("production", "flex")
            elif what == "upgrade":
                n += placed.host >= 0
            elif what == "action":
                n += card.action is not None
            elif what == "feature":
                n += card.type == "feature"
            else:
                n += what in card.icons
        return n

    def gain(self, p: int, bundle: dict[str, int]) -> None:
        """Gain goods, workers (kept for the rest of the game, EN-9.1) and VP."""
        for good, k in bundle.items():
            if good == VP:
                self.score(p, k)
            elif good == WORKER:
                self.workers[p] += k
            else:
                self.goods[p][good] += k

    def score(self, p: int, k: int) -> None:
        """Move ``p``'s score marker (EN-5.2.6) and check the 25 VP end trigger (EN-8.1)."""
        self.vp[p] += k
        turn.check_end(self, p)


def clans_for(options: dict[str, Any], n: int, rng: Rng, all_clans: list[str]) -> list[str]:
    """The clan of each seat: the ``clan_N`` options (seat N-1), and for the seats left at
    ``random`` a clan drawn from the ones nobody chose (EN-3.7: each clan once)."""
    chosen = [str(options.get(f"clan_{p + 1}", "random")) for p in range(n)]
    pool = [c for c in all_clans if c not in chosen]
    rng.shuffle(pool)
    return [c if c != "random" else pool.pop() for c in chosen]
