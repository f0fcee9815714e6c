"""Pirates of Maracaibo's game state: every field, the automatic part of setup (MA-3), clone,
determinization and dispatch. The rules live in the topic modules; this one holds the data and
the small queries every module asks (counts, incomes, discounts, treasure).

Participants (``participants`` of them) take turns in index order; in the solo game (MA-8)
index 1 is John Silver, who is not an engine seat (``num_players`` is 1) and whose turns run
automatically.
Cards are indexes into ``content.cards``; ``BLANK`` is a level I card from the box placed face
down when the level II deck is empty (MA-5.15).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from tabletide.engine import Action, Closed, Frame, Rng, TableState, dispatch_tables
from tabletide.games.maracaibo import effects, explore, movement, raid, solo, spaces, turn
from tabletide.games.maracaibo.board import Board, board_of
from tabletide.games.maracaibo.constants import (
    FIGUREHEAD_EXTRA,
    GRID,
    ISLAND_START,
    MODULES,
    MOVES,
    NODES,
    RAID_CARD,
    RAID_FIG,
    RAID_SLOT,
    SMUGGLER_TILES,
    SOLO_FIGUREHEADS,
    START,
    START_DOUBLOONS,
)
from tabletide.games.maracaibo.content import COLORS, Card, Content, Effect, Perm
from tabletide.games.maracaibo.memo import per_object

if TYPE_CHECKING:
    from tabletide.engine import Game

BLANK = -2
PERMS_MEMO_SIZE = 4096
"""Entries a :class:`PermsMemo` keeps at most (it starts afresh when full)."""


class Perms(NamedTuple):
    """The permanent abilities of one ship board, figurehead and set of cards, and what they
    add up to (read-only, like everything in a :class:`PermsMemo`)."""

    all: tuple[tuple[int, Perm], ...]
    """Every ability with its raid-action id base (:meth:`MaracaiboState.perms`)."""
    totals: dict[str, int]
    """The abilities' ``n`` summed, by ability kind."""
    most: dict[str, int]
    """The largest ``n``, by ability kind."""
    income: tuple[int, int]
    """(doubloons, VP) on the cards' scrolls and from the income abilities (MA-6.5)."""


class PermsMemo:
    """:class:`Perms` by (ship slots filled, figurehead, cards counted), for one content and
    card list: the answer depends only on these, so clones share the memo; a state whose
    content or cards are replaced (a test's edit) starts a new one."""

    __slots__ = ("cards", "content", "table")

    def __init__(self, content: Content, cards: tuple[Card, ...]) -> None:
        self.content, self.cards = content, cards
        self.table: dict[tuple[int, int, tuple[int, ...]], Perms] = {}


@per_object
def level1_locations(cards: tuple[Card, ...]) -> tuple[bool, ...]:
    """Per card, whether it is a level I location: what a face-down card is known to be with
    Uncharted Waters: Locations (:meth:`MaracaiboState.face_down_kind`). Computed once per card
    list, an immutable tuple shared by every state of a content."""
    return tuple(c.type == "location" and c.level == 1 for c in cards)


_MODULES = (turn, movement, spaces, effects, raid, explore, solo)

PROMPTS = {
    "draft": "keep your quests: choose the card to discard",
    "move": "sail your ship (1-3 spaces, ending further right)",
    "step": "sail step by step: the next space, or stop here",
    "pay": "you cannot pay everybody: choose whom to pay",
    "upgrade_space": "buy this upgrade card, or take 5 doubloons",
    "residence_space": "build this residence?",
    "smuggle_here": "activate your smuggler tile here?",
    "ship_upgrade": "place a cube on your ship board?",
    "location": "perform the location's actions (any order), or end your turn",
    "bay": "the Bay: raid and explore, or end your turn",
    "lightning": "resolve the card's one-time effects: which next?",
    "color": "choose the treasure type",
    "store": "place the treasure on a bonus space of your hideout?",
    "reroll": "raid: reroll all dice, or choose a die",
    "spend": "raid: spend your strength on raid actions",
    "explore": "explore: choose where your explorer stops",
    "bury": "bury a treasure?",
    "quest": "take a quest card",
    "quest_sell": "discard a quest card for 8 doubloons?",
    "buy": "gain an upgrade card from the Caribbean?",
    "figurehead": "pay 3 doubloons for a figurehead?",
    "smuggler": "place a smuggler tile on a location",
    "activate": "activate one of your smuggler tiles?",
    "residence": "build a residence?",
    "ruby": "take a ruby?",
    "sell_ruby": "sell a ruby at the ruby market?",
    "retire": "Retirement: build a residence at half price",
}


class MaracaiboState(TableState):
    """A game of Pirates of Maracaibo. Plain lists and ints so that ``clone`` stays cheap."""

    LEGAL, APPLY, AUTO = dispatch_tables(*_MODULES)
    PROMPTS = PROMPTS
    SKIP_EMPTY = True

    content: Content
    cards: tuple[Card, ...]
    board: Board
    mods: frozenset[str]
    participants: int
    """Who takes turns: the players, and John Silver in the solo game (index 1)."""
    john: int
    """John Silver's index in the solo game, else -1."""
    over: bool
    # the Caribbean
    slot: list[int]
    """The card on each node (-1: no card)."""
    up: list[bool]
    coins: list[int]
    """Doubloons on face-down locations (Uncharted Waters: Locations)."""
    refill_of: dict[int, str]
    """The refill tile on each location card that has one, by card."""
    smug: list[int]
    """The smuggler tile on each node: ``owner * 10 + tile``, or -1."""
    res: dict[int, list[int]]
    """The residence markers on each residence card, by card, in building order."""
    ruby_cards: tuple[int, ...]
    """Bonaire and Tobago, which carry the ruby supply tiles (Rubies module)."""
    deck2: list[int]
    deck2_up: list[bool]
    box: list[int]
    islands: list[int]
    quest_deck: list[int]
    quest_offer: list[int]
    fig_offer: list[int]
    smug_sides: tuple[int, ...]
    ruby_market: int
    """Occupied ruby-market spaces (bitmask)."""
    # per participant
    ship: list[int]
    explorer: list[int]
    rivers: list[int]
    """Rivers crossed (bitmask of river ids)."""
    doubloons: list[int]
    vp: list[int]
    owned: list[list[int]]
    """Upgrade cards in each tableau."""
    store: list[list[int]]
    """Treasure above the burial line, not on a bonus space, by colour."""
    bonus: list[list[int]]
    """Occupied bonus spaces above the line (bitmask), by colour."""
    buried_at: list[list[int]]
    """Filled buried-treasure spaces below the burial line (bitmask), by colour: the player
    chooses the free space (MA-5.41)."""
    poseidon: list[list[int]]
    """Treasure buried on Poseidon's spaces: the colour index per space, -1 free."""
    slots: list[int]
    """Filled ship-board slots (bitmask)."""
    fig: list[int]
    """The figurehead's index, -1 none."""
    smug_left: list[list[int]]
    quests: list[list[int]]
    rubies: list[int]
    retired: list[bool]
    # the round and turn
    round: int
    active: int
    ending: bool
    """A ship reached Maracaibo this round: it ends after the last player's turn (MA-GAP-10.1)."""
    john_turns: int
    """John Silver's finished turns (for search agents, :meth:`automated_turns`)."""
    raid_used: list[int]
    dice: list[int]
    # John Silver (MA-8)
    solo_deck: list[int]
    solo_out: list[int]
    john_level: int
    john_slots: int
    final: list[dict[str, int]]
    perms_memo: PermsMemo

    # ------------------------------------------------------------------ creation
    @classmethod
    def setup(
        cls, game: Game, content: Content, num_players: int, seed: int, options: dict[str, Any]
    ) -> MaracaiboState:
        s = cls.__new__(cls)
        s.game, s.content, s.num_players, s.seed, s.options = (
            game,
            content,
            num_players,
            seed,
            options,
        )
        s.cards = content.cards
        s.rng = rng = Rng(seed)
        s.stack, s.events, s.history = [], [], []
        s.mods = frozenset(m for m in MODULES if options.get(m))
        s.over = False
        solo_game = num_players == 1
        s.participants = participants = 2 if solo_game else num_players
        s.john = 1 if solo_game else -1
        layout = next(
            lay for lay in content.layouts if lay.name == options.get("layout", "standard")
        )
        s.board = board_of(layout)
        cards = content.cards
        # MA-3.3: the level I deck of 27 cards; the rest goes to the box unseen.
        by_type: dict[str, list[int]] = {"location": [], "residence": [], "upgrade": []}
        level2: list[int] = []
        for i, card in enumerate(cards):
            (by_type[card.type] if card.level == 1 else level2).append(i)
        rng.shuffle(by_type["residence"])
        rng.shuffle(by_type["upgrade"])
        deck1 = by_type["location"] + by_type["residence"][:4] + by_type["upgrade"][:15]
        s.box = by_type["residence"][4:] + by_type["upgrade"][15:]
        rng.shuffle(deck1)
        # MA-3.4: deal into the layout.
        s.slot, s.up, s.coins = [-1] * NODES, [False] * NODES, [0] * NODES
        s.smug = [-1] * NODES
        s.res = {}
        dealt = dict(zip(s.board.slots, deck1, strict=True))
        if options.get("first_game"):
            break_up_locations(s.board, dealt, cards)
        for node, card_i in dealt.items():
            s.slot[node] = card_i
            kind = cards[card_i].type
            hidden = (kind == "location" and "uncharted_locations" in s.mods) or (
                kind == "upgrade" and "uncharted_upgrades" in s.mods
            )
            s.up[node] = not hidden
            if kind == "location" and "uncharted_locations" in s.mods:
                s.coins[node] = 1  # MA-9.1
            if kind == "residence":
                s.res[card_i] = []
        # MA-3.5 / MA-9.5: the level II deck.
        rng.shuffle(level2)
        s.deck2 = level2
        s.deck2_up = [True] * len(level2)
        if "uncharted_upgrades" in s.mods:
            half = len(level2) // 2
            flags = [True] * half + [False] * (len(level2) - half)
            rng.shuffle(flags)
            s.deck2_up = flags
        s.islands = [ISLAND_START] * 3  # MA-3.6
        # MA-3.7: the refill tiles on the locations with the symbol.
        tiles = list(content.refill_tiles)
        rng.shuffle(tiles)
        s.refill_of = {}
        for i, card in enumerate(cards):
            if card.refill and i in deck1:
                s.refill_of[i] = tiles.pop()
        # MA-3.8-3.10
        s.ship = [START] * participants
        s.explorer = [0] * participants
        s.rivers = [0] * participants
        s.smug_sides = tuple(rng.below(2) for _ in range(SMUGGLER_TILES))
        s.smug_left = [list(range(SMUGGLER_TILES)) for _ in range(participants)]
        s.doubloons = [START_DOUBLOONS[p] for p in range(participants)]  # MA-3.14
        if s.john >= 0:
            s.doubloons[s.john] = 0  # MA-8.2: John never holds doubloons
        s.vp = [0] * participants
        s.owned = [[] for _ in range(participants)]
        s.store = [[0, 0, 0] for _ in range(participants)]
        s.bonus = [[0, 0, 0] for _ in range(participants)]
        s.buried_at = [[0, 0, 0] for _ in range(participants)]
        s.poseidon = [[-1, -1, -1, -1] for _ in range(participants)]
        s.slots = [0] * participants
        s.fig = [-1] * participants
        s.quests = [[] for _ in range(participants)]
        s.rubies = [0] * participants
        s.retired = [False] * participants
        # MA-3.12: the figurehead offer.
        figs = list(range(len(content.figureheads)))
        rng.shuffle(figs)
        s.fig_offer = sorted(
            figs[: SOLO_FIGUREHEADS if solo_game else participants + FIGUREHEAD_EXTRA]
        )
        # MA-9.15: ruby supply tiles on Bonaire and Tobago.
        # MA-9.15: the ruby supply tiles lie on Bonaire and Tobago (all level I locations are
        # dealt); a face-down one gets its tile when it is turned face up (MA-GAP-12.1).
        s.ruby_cards = ()
        if "rubies" in s.mods:
            s.ruby_cards = tuple(i for i in deck1 if cards[i].name in ("Bonaire", "Tobago"))
        s.ruby_market = 0
        s.round, s.active, s.ending = 1, 0, False
        s.john_turns = 0
        s.raid_used, s.dice = [], [0, 0, 0]
        s.solo_deck, s.solo_out, s.john_level, s.john_slots = [], [], 0, 0
        s.final = []
        s.perms_memo = PermsMemo(content, s.cards)
        # MA-3.11 / MA-9.13 / MA-8.7: quests.
        s.quest_deck = list(range(len(content.quests)))
        rng.shuffle(s.quest_deck)
        s.quest_offer = []
        draw = 3 if "royal_orders" in s.mods else 2
        humans = [p for p in range(participants) if p != s.john]
        for p in humans:
            s.quests[p] = sorted(s.quest_deck.pop() for _ in range(draw))
        if s.john >= 0:
            s.quests[s.john] = [s.quest_deck.pop()]
            solo.setup_deck(s, int(options.get("difficulty", 0)))
        s.log("setup", None, players=num_players, modules=sorted(s.mods), layout=layout.name)
        s.push("@first_turn", 0)
        s.push("@offer", 0)
        for p in reversed(humans):
            s.push("draft", p)
        s.advance()
        return s

    # ------------------------------------------------------------------ engine plumbing
    def log(self, type_: str, seat: int | None = None, **fields: Any) -> None:
        """:meth:`State.log`'s event, marked ``john`` when John Silver did it."""
        if seat is not None and seat == self.john:
            fields["john"] = True
        super().log(type_, seat, **fields)

    def push_frame(self, frame: Frame) -> None:
        if not self.over:
            super().push_frame(frame)

    def _scores(self) -> list[int | float]:
        return list[int | float](self.vp[: self.num_players])

    def _rank_keys(self) -> list[tuple[float, ...]]:
        """MA-7.10/7.11: VP, then buried treasures; still tied = shared victory."""
        return [(self.vp[p], self.buried_count(p)) for p in range(self.num_players)]

    def automated_turns(self) -> int:
        return self.john_turns

    def winners(self) -> list[int]:
        if self.stack:
            return []
        if self.john >= 0:  # MA-8.29: more VP than John Silver; a tie is a loss
            return [0] if self.vp[0] > self.vp[self.john] else []
        return super().winners()

    def _view(self, seat: int | None) -> dict[str, Any]:
        from tabletide.games.maracaibo.facts import view_facts
        from tabletide.games.maracaibo.present.view import build_view

        return build_view(self, seat, view_facts(self, seat))

    def _decision_context(self, frame: Frame) -> dict[str, Any]:
        from tabletide.games.maracaibo.facts import decision_context

        return decision_context(self, frame)

    def _decision_rules(self, frame: Frame) -> list[str]:
        from tabletide.games.maracaibo.guide import decision_rules

        return decision_rules(self, frame)

    def _explain(self, frame: Frame, action: Action) -> str | None:
        from tabletide.games.maracaibo.guide import explain

        return explain(self, frame, action)

    def _closed_options(self, frame: Frame) -> list[Closed]:
        from tabletide.games.maracaibo.guide import closed_options

        return closed_options(self, frame)

    def _score_categories(self) -> list[tuple[str, list[int | float]]]:
        from tabletide.games.maracaibo.facts import score_categories

        return score_categories(self)

    def _prompt_text(self, frame: Frame) -> str:
        text = super()._prompt_text(frame)
        if frame.kind == "spend":
            text += f" ({frame.record(raid.Spend).strength} strength left)"
        elif frame.kind == "explore":
            text += f" (up to {frame.record(explore.Explore).steps} steps)"
        return text

    # ------------------------------------------------------------------ clone and hiding
    def clone(self) -> MaracaiboState:
        s = MaracaiboState.__new__(MaracaiboState)
        self._copy_base_into(s)
        s.content, s.cards, s.board, s.mods, s.participants, s.john, s.over = (
            self.content,
            self.cards,
            self.board,
            self.mods,
            self.participants,
            self.john,
            self.over,
        )
        s.slot, s.up, s.coins, s.smug = self.slot[:], self.up[:], self.coins[:], self.smug[:]
        s.refill_of = dict(self.refill_of)
        s.res = {k: v[:] for k, v in self.res.items()}
        s.ruby_cards = self.ruby_cards
        s.deck2, s.deck2_up, s.box = self.deck2[:], self.deck2_up[:], self.box[:]
        s.islands = self.islands[:]
        s.quest_deck, s.quest_offer = self.quest_deck[:], self.quest_offer[:]
        s.fig_offer, s.smug_sides, s.ruby_market = (
            self.fig_offer[:],
            self.smug_sides,
            self.ruby_market,
        )
        s.ship, s.explorer, s.rivers = self.ship[:], self.explorer[:], self.rivers[:]
        s.doubloons, s.vp = self.doubloons[:], self.vp[:]
        s.owned = [x[:] for x in self.owned]
        s.store = [x[:] for x in self.store]
        s.bonus = [x[:] for x in self.bonus]
        s.buried_at = [x[:] for x in self.buried_at]
        s.poseidon = [x[:] for x in self.poseidon]
        s.slots, s.fig = self.slots[:], self.fig[:]
        s.smug_left = [x[:] for x in self.smug_left]
        s.quests = [x[:] for x in self.quests]
        s.rubies, s.retired = self.rubies[:], self.retired[:]
        s.round, s.active, s.ending = self.round, self.active, self.ending
        s.john_turns = self.john_turns
        s.raid_used, s.dice = self.raid_used[:], self.dice[:]
        s.solo_deck, s.solo_out = self.solo_deck[:], self.solo_out[:]
        s.john_level, s.john_slots = self.john_level, self.john_slots
        s.final = [dict(f) for f in self.final]
        s.perms_memo = self.perms_memo
        return s

    def _resample_hidden(self, seat: int) -> None:
        """Hidden from ``seat``: the other players' quests and the quest deck; the level II deck
        (its face-up top card excepted) and the box; face-down cards in the Caribbean (shuffled
        with the unseen cards of their kind, with their refill tiles); the solo deck's order."""
        rng = self.rng
        # Quests: other hands and the deck form one pool (MA-5.61).
        others = [p for p in range(self.participants) if p != seat]
        pool = [q for p in others for q in self.quests[p]] + self.quest_deck
        rng.shuffle(pool)
        for p in others:
            n = len(self.quests[p])
            self.quests[p], pool = sorted(pool[:n]), pool[n:]
        self.quest_deck = pool
        # Cards: face-down Caribbean cards, the box and the level II deck below a face-up top.
        keep_top = bool(self.deck2) and self.deck2_up[-1] and "uncharted_upgrades" in self.mods
        deck_part = self.deck2[:-1] if keep_top else self.deck2[:]
        down = [n for n in range(GRID) if self.slot[n] >= 0 and not self.up[n]]
        for kind in ("location", "upgrade", "residence"):
            nodes = [n for n in down if self.cards[self.slot[n]].type == kind]
            level1 = [n for n in nodes if self.cards[self.slot[n]].level == 1]
            box = [b for b in self.box if self.cards[b].type == kind]
            unseen = [self.slot[n] for n in level1] + box
            rng.shuffle(unseen)
            for n in level1:
                self.slot[n] = unseen.pop()
            self.box = [b for b in self.box if self.cards[b].type != kind] + unseen
        level2_down = [n for n in down if self.cards[self.slot[n]].level == 2]
        unseen = [self.slot[n] for n in level2_down] + deck_part
        rng.shuffle(unseen)
        for n in level2_down:
            self.slot[n] = unseen.pop()
        self.deck2 = unseen + (self.deck2[-1:] if keep_top else [])
        # Refill tiles of face-down locations go with whichever card is there now.
        hidden_tiles = [
            self.refill_of.pop(c)
            for c in list(self.refill_of)
            if not any(self.slot[n] == c and self.up[n] for n in range(GRID))
        ]
        rng.shuffle(hidden_tiles)
        for n in down:
            card = self.slot[n]
            if self.cards[card].refill and hidden_tiles:
                self.refill_of[card] = hidden_tiles.pop()
        rng.shuffle(self.solo_deck)

    # ------------------------------------------------------------------ queries
    def card(self, i: int) -> Card:
        return self.cards[i]

    def name(self, p: int) -> str:
        return "John Silver" if p == self.john else self.seat_name(p)

    def perms(self, p: int) -> tuple[tuple[int, Perm], ...]:
        """Every permanent ability of ``p`` with its raid-action id base: ship slots, the
        figurehead, then upgrade cards (John ignores his cards' effects, MA-8.23). Read-only:
        do not modify the answer."""
        return self._perms(p).all

    def _perms(self, p: int) -> Perms:
        """``p``'s :class:`Perms`, looked up in ``perms_memo`` by what it depends on."""
        cards = tuple(self.owned[p]) if p != self.john else ()
        key = (self.slots[p], self.fig[p], cards)
        memo = self.perms_memo
        if memo.cards is not self.cards or memo.content is not self.content:
            memo = self.perms_memo = PermsMemo(self.content, self.cards)
        found = memo.table.get(key)
        if found is None:
            if len(memo.table) >= PERMS_MEMO_SIZE:
                memo.table.clear()
            found = memo.table[key] = self._perms_of(*key)
        return found

    def _perms_of(self, filled: int, fig: int, cards: tuple[int, ...]) -> Perms:
        out: list[tuple[int, Perm]] = []
        if filled:
            for i, sl in enumerate(self.content.ship.slots):
                if filled >> i & 1:
                    out.extend((RAID_SLOT + i, perm) for perm in sl.permanent)
        if fig >= 0:
            out.extend((RAID_FIG, perm) for perm in self.content.figureheads[fig].permanent)
        for card in cards:
            out.extend((RAID_CARD + card, perm) for perm in self.cards[card].permanent)
        totals: dict[str, int] = {}
        most: dict[str, int] = {}
        for _, perm in out:
            totals[perm.perm] = totals.get(perm.perm, 0) + perm.n
            most[perm.perm] = max(most.get(perm.perm, perm.n), perm.n)
        d = sum(self.cards[c].income_d for c in cards)
        v = sum(self.cards[c].income_vp for c in cards)
        for _, perm in out:
            if perm.perm == "income":
                d += perm.n
                v += perm.vp
        return Perms(tuple(out), totals, most, (d, v))

    def perm_total(self, p: int, kind: str) -> int:
        return self._perms(p).totals.get(kind, 0)

    def discount(self, p: int) -> int:
        return self.perm_total(p, "discount")

    def max_moves(self, p: int) -> int:
        return max(MOVES, self._perms(p).most.get("moves", MOVES))

    def income(self, p: int) -> tuple[int, int]:
        """(doubloon income, VP income) on scrolls: cards, slots, figurehead (MA-6.5); the
        Whale adds 1 doubloon per quest held (MA-GAP-10.3)."""
        if p == self.john:
            return 0, 0
        d, v = self._perms(p).income
        if self.fig[p] >= 0 and self.content.figureheads[self.fig[p]].special == "whale":
            d += len(self.quests[p])
        return d, v

    def treasure(self, p: int, color: int) -> int:
        """Treasure of one type, above and below the line (MA-5.35)."""
        return (
            self.store[p][color]
            + self.bonus[p][color].bit_count()
            + self.buried_at[p][color].bit_count()
            + self.poseidon[p].count(color)
        )

    def buried_in(self, p: int, color: int) -> int:
        """Treasure of one type buried in its hideout section (Poseidon's spaces not counted)."""
        return self.buried_at[p][color].bit_count()

    def buried_count(self, p: int) -> int:
        """Every buried treasure, on the hideout board and on Poseidon (MA-10.1.G)."""
        return sum(m.bit_count() for m in self.buried_at[p]) + sum(
            1 for c in self.poseidon[p] if c >= 0
        )

    def above(self, p: int, color: int) -> int:
        return self.store[p][color] + self.bonus[p][color].bit_count()

    def residences_of(self, p: int) -> list[int]:
        return [card for card, who in self.res.items() if p in who]

    def river_count(self, p: int) -> int:
        return self.rivers[p].bit_count()

    def upgrades_count(self, p: int) -> int:
        if p == self.john:
            return self.john_slots
        return self.slots[p].bit_count()

    def cost(self, p: int, card: int, surcharge: int = 0) -> int:
        """MA-5.60: discounts stack, never below 0; a surcharge is added after (MA-GAP-13.3)."""
        return max(0, self.cards[card].cost - self.discount(p)) + surcharge

    def gain_vp(self, p: int, n: int) -> None:
        self.vp[p] += n

    def take_cube(self, color: int) -> None:
        """MA-5.33: from the island's top, or the supply when it is empty."""
        if self.islands[color] > 0:
            self.islands[color] -= 1

    def color_index(self, color: str) -> int:
        return COLORS.index(color)

    def effects_of_smuggler(self, tile: int) -> tuple[Effect, ...]:
        return self.content.smugglers[tile][self.smug_sides[tile]].effects

    def ruby_supply(self, n: int) -> bool:
        """Whether grid node ``n`` holds a ruby supply tile (on a face-up Bonaire or Tobago)."""
        return self.up[n] and self.slot[n] in self.ruby_cards

    def face_down_kind(self, n: int) -> str:
        """What everybody knows of a face-down card: the level I locations of Uncharted Waters:
        Locations are known to be locations (they carry doubloons); any other is just a card."""
        if "uncharted_locations" in self.mods and level1_locations(self.cards)[self.slot[n]]:
            return "location"
        return "card"

    def draw_level2(self) -> tuple[int, bool]:
        """MA-5.14/5.15: the next level II card and whether it lies face up, or a blank."""
        if self.deck2:
            return self.deck2.pop(), self.deck2_up.pop()
        return BLANK, False


def break_up_locations(board: Board, dealt: dict[int, int], cards: tuple[Card, ...]) -> None:
    """MA-3.4's advice for first games: no group of 4 or more adjacent location cards.
    While there is one, its location with the most location neighbours (the first in deal order
    on a tie) swaps places with the first upgrade card, in deal order, that touches no location
    (MA-GAP-4.7)."""

    def is_location(node: int) -> bool:
        return node in dealt and cards[dealt[node]].type == "location"

    def group(start: int) -> set[int]:
        seen, todo = {start}, [start]
        while todo:
            for n in board.neighbours(todo.pop()):
                if is_location(n) and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    for _ in range(len(dealt)):
        big = next((g for n in board.slots if is_location(n) and len(g := group(n)) >= 4), None)
        if big is None:
            return
        worst = max(
            (n for n in board.slots if n in big),
            key=lambda n: sum(1 for m in board.neighbours(n) if is_location(m)),
        )
        lonely = [
            n
            for n in board.slots
            if cards[dealt[n]].type == "upgrade"
            and not any(is_location(m) for m in board.neighbours(n))
        ]
        if not lonely:
            return
        dealt[worst], dealt[lonely[0]] = dealt[lonely[0]], dealt[worst]
