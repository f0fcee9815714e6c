"""Tiny Epic Pirates' game state: every field, the automatic part of setup (PC-3), clone,
determinization and dispatch. The rules live in the topic modules; this one holds the data.

Ships are indexed 0..ships-1: seats first, then (solo only) the Legendary Pirate, ``lp``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletide.engine import Action, Closed, Frame, Rng, TableState, dispatch_tables
from tabletide.games.tiny_epic_pirates import (
    bonus,
    combat,
    economy,
    facts,
    guide,
    helm,
    orders,
    sailing,
    solo,
    turn,
)
from tabletide.games.tiny_epic_pirates.combat import Fight
from tabletide.games.tiny_epic_pirates.constants import (
    CREW_ROW,
    CUBES_PER_TYPE,
    HELM_SPACES,
    NUM_LOOT,
    ORDER_INDEX,
    START_GOLD,
    START_HANDS,
)
from tabletide.games.tiny_epic_pirates.content import (
    ORDERS,
    SEARCH_KINDS,
    Content,
    MapCard,
    SoloBridge,
    SoloInfamy,
    SoloLevel,
)

if TYPE_CHECKING:
    from tabletide.engine import Game

_MODULES = (turn, helm, sailing, orders, combat, bonus, economy, solo)

PROMPTS = {
    "ports": "choose the diagonal for the two ports",
    "navy": "place the Royal Navy ship",
    "start": "choose the cove your ship starts in",
    "side": "choose the side of your captain card",
    "helm": "move your captain around the helm (step 1)",
    "pay": "choose where the deckhand that skips this space comes from",
    "free": "send the deckhand leaving the helm to an assignment",
    "sail": "sail your ship (step 2)",
    "storm": "a storm: spend your storm token or list",
    "list": "your ship lists: move a deckhand to repairs",
    "order": "perform your captain's order (step 3)",
    "cargo": "your ship is full: choose what to leave",
    "sell": "sell your loot",
    "recruit": "recruit crew",
    "release": "dismiss a crew card to make room",
    "target": "choose the ship to attack",
    "reroll": "reroll dice",
    "volley": "spend accurate volley tokens",
    "port": "choose the port the sunk merchant restarts from",
    "reassign": "reassign your deckhands",
    "new_hand": "place your new deckhand",
    "bonus": "take bonus actions (step 4)",
    "bury": "choose the burial spot",
    "exchange": "exchange a cube",
    "pick_merchant": "choose the merchant ship to sail",
    "drive": "sail the ship",
    "steer": "move the ships as the player to the right (step 5)",
    "pick": "break a tie for the Legendary Pirate",
}


class PiratesState(TableState):
    """A game of Tiny Epic Pirates. Plain lists and ints so that ``clone`` stays cheap."""

    LEGAL, APPLY, AUTO = dispatch_tables(*_MODULES)
    PROMPTS = PROMPTS

    content: Content
    ships: int
    lp: int
    """The Legendary Pirate's ship index in solo, else -1."""
    over: bool
    grid: list[int]
    """Map card id at each position (row * 4 + col)."""
    search: list[int]
    """Face-down search token kind at each position (SEARCH_KINDS index), -1 = none."""
    token_box: list[int]
    """Tokens returned to the box unseen (PC-3.1 B)."""
    burial: list[list[int]]
    """Per position, per burial spot: the ship whose treasure lies there, -1 = free."""
    ports: tuple[int, int]
    merchant_at: list[int]
    merchant_dest: list[int]
    merchant_cube: list[int]
    merchant_slot: list[int]
    """The face-up merchant card under the market for orange and green (PC-GAP-5.4)."""
    merchant_deck: list[int]
    navy: int
    market: list[int]
    """Loot types from price 5 (first) down to price 2 (last)."""
    bag: list[int]
    """Cubes of each type in the loot bag."""
    crew_deck: list[int]
    """Top = last element; the bottom is index 0."""
    crew_known: int
    """How many cards at the bottom of the crew deck everyone saw go there (a refreshed row, a
    dismissed crew card), in public order; determinize shuffles only the cards above them."""
    crew_row: list[int]
    # per ship
    at: list[int]
    hidden: list[bool]
    gold: list[int]
    infamy: list[int]
    mutiny: list[bool]
    helm: list[list[int]]
    """Per ship, the order (ORDERS index) on each helm space; space 0 is Hide."""
    captain: list[int]
    on_helm: list[list[bool]]
    assign: list[list[int]]
    spare: list[bool]
    """The 4th deckhand still waits on the infamy track (PC-3.3 F)."""
    captain_card: list[int]
    side: list[int]
    crew: list[list[int]]
    volley: list[int]
    kept: list[list[str]]
    cargo: list[list[int]]
    buried: list[int]
    turns: list[int]
    # the turn
    active: int
    round: int
    order: int
    crossed: bool
    refreshed: bool
    moves: int
    sail_extra: int
    captain_next: int
    crew_used: list[tuple[int, int]]
    end_triggered: bool
    fight: Fight | None
    # solo
    lp_bridge_id: int
    lp_sheet_id: int
    lp_track: int
    lp_order: str

    # ------------------------------------------------------------------ creation
    @classmethod
    def setup(
        cls, game: Game, content: Content, num_players: int, seed: int, options: dict[str, Any]
    ) -> PiratesState:
        s = cls.__new__(cls)
        s.game, s.content, s.num_players, s.seed, s.options = (
            game,
            content,
            num_players,
            seed,
            options,
        )
        s.rng = rng = Rng(seed)
        s.stack, s.events, s.history = [], [], []
        is_solo = bool(options.get("solo"))
        s.ships = num_players + (1 if is_solo else 0)
        s.lp = num_players if is_solo else -1
        s.over = False
        # PC-3.1: the sea and one face-down search token per card.
        s.grid = list(range(len(content.map_cards)))
        rng.shuffle(s.grid)
        tokens = [
            SEARCH_KINDS.index(k)
            for k, n in sorted(content.search_tokens.counts.items())
            for _ in range(n)
        ]
        rng.shuffle(tokens)
        s.search = tokens[: len(s.grid)]
        s.token_box = sorted(tokens[len(s.grid) :])
        s.burial = [[-1] * len(s.card(p).burial) for p in range(len(s.grid))]
        # PC-3.5: one cube of each type on the market at random, the rest in the bag.
        s.market = list(range(NUM_LOOT))
        rng.shuffle(s.market)
        s.bag = [CUBES_PER_TYPE - 1] * NUM_LOOT
        # PC-3.7: the merchant deck, 2s on top and 8s at the bottom, two face up.
        s.merchant_deck = []
        for value in (8, 6, 4, 2):
            group = [m.id for m in content.merchants if m.value == value]
            rng.shuffle(group)
            s.merchant_deck += group
        s.merchant_slot = [s.merchant_deck.pop(), s.merchant_deck.pop()]
        s.ports = (-1, -1)
        s.merchant_at, s.merchant_dest, s.merchant_cube = [-1, -1], [-1, -1], [-1, -1]
        s.navy = -1
        # PC-3.8: the crew row.
        s.crew_deck = [c.id for c in content.crew]
        rng.shuffle(s.crew_deck)
        s.crew_row = [s.crew_deck.pop() for _ in range(CREW_ROW)]
        s.crew_known = 0
        # PC-3.2-3.4: the players' sheets.
        n = s.ships
        s.at = [-1] * n
        s.hidden = [False] * n
        s.gold = [START_GOLD] * n
        s.infamy = [0] * n
        s.mutiny = [False] * n
        s.helm = []
        for _ in range(n):
            tokens_ = [ORDER_INDEX[o] for o in ORDERS[1:]]
            rng.shuffle(tokens_)  # PC-3.4 G
            s.helm.append([ORDER_INDEX["hide"], *tokens_])
        s.captain = [0] * n  # PC-3.4 H
        s.on_helm = [[False] * HELM_SPACES for _ in range(n)]
        s.assign = [list(START_HANDS) for _ in range(n)]
        s.spare = [True] * n
        captains = list(range(len(content.captains)))
        rng.shuffle(captains)
        s.captain_card = [captains[i % len(captains)] for i in range(n)]
        s.side = [0] * n
        s.crew = [[] for _ in range(n)]
        s.volley = [0] * n
        s.kept = [[] for _ in range(n)]
        s.cargo = [[] for _ in range(n)]
        s.buried = [0] * n
        s.turns = [0] * n
        s.active, s.round, s.order = 0, 1, ORDER_INDEX["hide"]
        s.crossed = s.refreshed = s.end_triggered = False
        s.moves = s.sail_extra = s.captain_next = 0
        s.crew_used = []
        s.fight = None
        s.lp_bridge_id = s.lp_sheet_id = s.lp_track = 0
        s.lp_order = ""
        if is_solo:  # PC-6.2
            lp = s.lp
            s.lp_bridge_id = rng.below(len(content.solo_bridges))
            s.lp_sheet_id = rng.below(len(content.solo_infamy))
            s.gold[lp] = 0
            s.spare[lp] = False  # its 4th deckhand goes back to the box
            s.captain_card[lp] = -1
        # The choices of setup, in the rulebook's order, then the starting loot (PC-3.11).
        s.push("@starting_loot", 0)
        for seat in reversed(range(num_players)):
            s.push("side", seat)
        if is_solo:  # PC-6.2.3: your ship, the Navy, then the Legendary Pirate
            s.push("navy", 0)
            s.push("start", 0)
        else:
            for seat in reversed(range(num_players)):
                s.push("start", seat)
            s.push("navy", 0)
        s.push("ports", 0)
        s.log("setup", None, players=num_players, solo=is_solo)
        s.advance()
        return s

    # ------------------------------------------------------------------ engine plumbing
    def push_frame(self, frame: Frame) -> None:
        """On top of the stack, unless the game is over (``TableState.push_frame``, inlined:
        several frames are pushed per action)."""
        if not self.over:
            self.stack.append(frame)

    def finish(self) -> None:
        self.over = True
        self.stack.clear()
        self.log("game_over", None, winners=self.winners())

    def _prompt_text(self, frame: Frame) -> str:
        text = super()._prompt_text(frame)
        if frame.kind == "sail":
            left = sailing.sail_total(self, frame.seat) - self.moves
            text += f" ({max(left, 0)} move{'s' if left != 1 else ''} left)"
        elif frame.kind in ("order", "bonus"):
            text += f" [{ORDERS[self.order]}]"
        return text

    def _scores(self) -> list[int | float]:
        return list[int | float](self.buried[: self.num_players])

    def _rank_keys(self) -> list[tuple[float, ...]]:
        """PC-5.27.3: treasures, then infamy, gold and loot aboard; equal = shared."""
        return [
            (self.buried[i], self.infamy[i], self.gold[i], len(self.cargo[i]))
            for i in range(self.num_players)
        ]

    def automated_turns(self) -> int:
        """The Legendary Pirate's finished turns in the solo game (PC-6.4), else 0."""
        return self.turns[self.lp] if self.lp >= 0 else 0

    def winners(self) -> list[int]:
        if self.stack:
            return []
        if self.lp >= 0:  # PC-6.12.1: you win by burying 3 first
            return [0] if self.buried[0] > self.buried[self.lp] else []
        return super().winners()

    def _decision_context(self, frame: Frame) -> dict[str, Any]:
        """The public facts of the pending decision (``facts.py``; schema per kind in
        ``present/schema.py``)."""
        return facts.decision_context(self, frame)

    def _decision_rules(self, frame: Frame) -> list[str]:
        """The rules that govern the decision (``guide.py``)."""
        return guide.decision_rules(self, frame)

    def _explain(self, frame: Frame, action: Action) -> str | None:
        """What a legal action will do, in words (``guide.py``)."""
        return guide.explain(self, frame, action)

    def _closed_options(self, frame: Frame) -> list[Closed]:
        """The helm moves of step 1 that are closed now, and why (``guide.py``)."""
        return guide.closed_options(self, frame)

    def _score_categories(self) -> list[tuple[str, list[int | float]]]:
        """Points are buried treasures and nothing else (PC-1.3); the tie-breaks of
        PC-5.27.3 rank but score nothing (they are in the view's ``breakdown``)."""
        return [("treasures", list(self._scores()))]

    def _view(self, seat: int | None) -> dict[str, Any]:
        from tabletide.games.tiny_epic_pirates.present.view import build_view

        return build_view(self, seat)

    # ------------------------------------------------------------------ clone and hiding
    def clone(self) -> PiratesState:
        s = PiratesState.__new__(PiratesState)
        self._copy_base_into(s)
        s.content, s.ships, s.lp, s.over = self.content, self.ships, self.lp, self.over
        s.grid = self.grid
        s.search = self.search[:]
        s.token_box = self.token_box[:]
        s.burial = [b[:] for b in self.burial]
        s.ports = self.ports
        s.merchant_at = self.merchant_at[:]
        s.merchant_dest = self.merchant_dest[:]
        s.merchant_cube = self.merchant_cube[:]
        s.merchant_slot = self.merchant_slot[:]
        s.merchant_deck = self.merchant_deck[:]
        s.navy = self.navy
        s.market = self.market[:]
        s.bag = self.bag[:]
        s.crew_deck = self.crew_deck[:]
        s.crew_row = self.crew_row[:]
        s.crew_known = self.crew_known
        s.at = self.at[:]
        s.hidden = self.hidden[:]
        s.gold = self.gold[:]
        s.infamy = self.infamy[:]
        s.mutiny = self.mutiny[:]
        s.helm = self.helm  # fixed after setup
        s.captain = self.captain[:]
        s.on_helm = [h[:] for h in self.on_helm]
        s.assign = [a[:] for a in self.assign]
        s.spare = self.spare[:]
        s.captain_card = self.captain_card
        s.side = self.side[:]
        s.crew = [c[:] for c in self.crew]
        s.volley = self.volley[:]
        s.kept = [k[:] for k in self.kept]
        s.cargo = [c[:] for c in self.cargo]
        s.buried = self.buried[:]
        s.turns = self.turns[:]
        s.active, s.round, s.order = self.active, self.round, self.order
        s.crossed, s.refreshed, s.end_triggered = self.crossed, self.refreshed, self.end_triggered
        s.moves, s.sail_extra, s.captain_next = self.moves, self.sail_extra, self.captain_next
        s.crew_used = self.crew_used[:]
        s.fight = self.fight.copy() if self.fight is not None else None
        s.lp_bridge_id, s.lp_sheet_id = self.lp_bridge_id, self.lp_sheet_id
        s.lp_track, s.lp_order = self.lp_track, self.lp_order
        return s

    def _resample_hidden(self, seat: int) -> None:
        """Hidden from everyone: the face-down search tokens (with the boxed ones), the
        merchant deck and the crew deck. Nothing is secret to one seat only."""
        rng = self.rng
        where = [p for p, k in enumerate(self.search) if k >= 0]
        pool = [self.search[p] for p in where] + self.token_box
        rng.shuffle(pool)
        for p in where:
            self.search[p] = pool.pop()
        self.token_box = sorted(pool)
        known = min(self.crew_known, len(self.crew_deck))
        unseen = self.crew_deck[known:]
        rng.shuffle(unseen)
        self.crew_deck[known:] = unseen
        # The merchant deck keeps its value bands (2s above 4s above 6s above 8s).
        bands: dict[int, list[int]] = {}
        for m in self.merchant_deck:
            bands.setdefault(self.content.merchants[m].value, []).append(m)
        self.merchant_deck = []
        for value in (8, 6, 4, 2):
            group = bands.get(value, [])
            rng.shuffle(group)
            self.merchant_deck += group

    # ------------------------------------------------------------------ helpers for the rules
    def crew_under(self, cards: list[int]) -> None:
        """Put face-up ``cards`` under the crew deck, the first one lowest (PC-5.11.2/5.11.4)."""
        self.crew_deck[:0] = cards
        self.crew_known = min(self.crew_known, len(self.crew_deck) - len(cards)) + len(cards)

    def crew_draw(self) -> int:
        """The top card of the crew deck."""
        card = self.crew_deck.pop()
        self.crew_known = min(self.crew_known, len(self.crew_deck))
        return card

    def card(self, pos: int) -> MapCard:
        return self.content.map_cards[self.grid[pos]]

    def decider(self, ship: int) -> int:
        """The seat that decides for ``ship``: its own, or seat 0 for the Legendary Pirate."""
        return 0 if ship == self.lp else ship

    def say(self, type_: str, ship: int, **fields: Any) -> None:
        """Log an event about ``ship`` (the Legendary Pirate's events have no seat). The event
        is built here rather than through ``log`` (the same dict, with ``ship`` first): a turn
        logs several."""
        seat = None if ship == self.lp else ship
        self.events.append({"type": type_, "seat": seat, "ship": ship, **fields})

    def ship_name(self, ship: int) -> str:
        """What people call ``ship`` (the table's name of its seat), for labels and
        explanations."""
        return "the Legendary Pirate" if ship == self.lp else self.seat_name(ship)

    def ship_tag(self, ship: int) -> str:
        """The ship in events' ``target``/``against`` fields, independent of the table's names
        (events hold facts; the log names the ship from the event's ``foe``)."""
        return "the Legendary Pirate" if ship == self.lp else f"seat {ship}"

    def lp_bridge(self) -> SoloBridge:
        return self.content.solo_bridges[self.lp_bridge_id]

    def lp_sheet(self) -> SoloInfamy:
        return self.content.solo_infamy[self.lp_sheet_id]

    def lp_level(self) -> SoloLevel:
        """PC-6.9.1 a: the rightmost level space no treasure covers."""
        return self.lp_sheet().levels[min(self.buried[self.lp], 3)]
