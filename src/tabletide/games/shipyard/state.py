"""Shipyard's game state: every field, the setup (SY-3), clone, dispatch and determinization.

Rules live in the topic modules (track, turn, building, canals, supplies, voyage, scoring);
this module only holds the data they act on and routes each pending decision to them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletide.engine import Rng, TableState
from tabletide.games.shipyard import (
    building,
    canals,
    facts,
    guide,
    scoring,
    supplies,
    turn,
    voyage,
)
from tabletide.games.shipyard.canals import Boat, Cell
from tabletide.games.shipyard.constants import (
    BOW,
    CONTRACTS_PER_COLOUR,
    EMPTY,
    FIRST_TURNS,
    MIDDLE,
    NUM_TILES,
    OFFER_ROWS,
    PART_TYPES,
    PROMPTS,
    START_COINS,
    STARTING_WAGON,
    STERN,
    SUBSIDY,
    SUBSTITUTE,
)
from tabletide.games.shipyard.content import Content, Employee, Item, Part
from tabletide.games.shipyard.supplies import Oval
from tabletide.games.shipyard.voyage import Ship

if TYPE_CHECKING:
    from tabletide.engine import Action, Closed, Frame, Game

LEGAL: dict[str, Any] = {
    **turn.LEGAL,
    **building.LEGAL,
    **canals.LEGAL,
    **supplies.LEGAL,
    **voyage.LEGAL,
    **scoring.LEGAL,
}
APPLY: dict[str, Any] = {
    **turn.APPLY,
    **building.APPLY,
    **canals.APPLY,
    **supplies.APPLY,
    **voyage.APPLY,
    **scoring.APPLY,
}
AUTO: dict[str, Any] = {**turn.AUTO, **building.AUTO, **voyage.AUTO, **scoring.AUTO}


class ShipyardState(TableState):
    """A game of Shipyard. Fields are plain lists and ints so that ``clone`` stays cheap."""

    LEGAL = LEGAL
    APPLY = APPLY
    AUTO = AUTO
    PROMPTS = PROMPTS

    content: Content
    part_types: tuple[int, ...]
    """BOW, MIDDLE or STERN of each part id (static, shared)."""
    track_len: int
    tiles: tuple[int, ...]
    """Action tiles in play (SY-3.3: Subsidy only with 4 players)."""
    pos: list[int]
    """Track space of each tile id (-1 when not in play)."""
    lead: int
    """The leading tile."""
    figs: list[list[int]]
    """Per seat, the tile under each of its figures on the board (2 players: oldest first)."""
    first_left: list[int]
    """First turns each seat has still to play (SY-4.3/4.4)."""
    turns_taken: list[int]
    start: int
    """The starting player (SY-GAP-11a: drawn at random)."""
    marker: int
    """The round marker: the player count at the start, 0 = end symbol (SY-4.14.4)."""
    lap_pending: bool
    early_end: bool
    final: bool
    coins: list[int]
    vp: list[int]
    supply: list[list[int]]
    """Per seat, the count of each item (ITEMS order) in the shipyard supply."""
    row: list[list[int]]
    """Per seat, each shipyard cell: a part id, SUBSTITUTE + type, or EMPTY."""
    fleet: list[list[Ship]]
    employees: list[list[int]]
    wagons: list[list[int]]
    contracts: list[list[int]]
    """Per seat, held contract indices (secret)."""
    discarded: list[list[int]]
    """Per seat, discarded contract indices (secret)."""
    contract_box: list[int]
    canals: list[dict[Cell, tuple[int, int]]]
    boat: list[Boat | None]
    used_pile: list[list[int]]
    used_count: list[int]
    part_decks: list[list[int]]
    """Face-down decks by part type; the top card is the last element."""
    offer: list[list[int]]
    """The part offer: 4 columns (bow, left middle, right middle, stern) of 5, bottom first."""
    wagon_deck: list[int]
    wagon_offer: list[int]
    wagon_discard: list[int]
    canal_deck: list[int]
    canal_offer: list[int]
    canal_discard: list[int]
    eq_ptr: int
    crew_ptr: int
    hex_ptr: int
    oval_ptr: int
    oval: Oval
    """Employee oval: per space, three stacks of employee ids (top = last). Immutable: a hire
    replaces it (:func:`supplies.hire_from_oval`), so clones share it and the tensor caches its
    block by identity."""
    ship: Ship | None
    """The ship being fitted or sailing, between launch and the end of its voyage."""

    # ------------------------------------------------------------------ creation
    @classmethod
    def setup(
        cls, game: Game, content: Content, num_players: int, seed: int, options: dict[str, Any]
    ) -> ShipyardState:
        """SY-3: deal the players' materials and lay out the board."""
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
        n = num_players
        s.part_types = tuple(PART_TYPES.index(p.type) for p in content.parts)
        s.track_len = content.board.track_spaces
        s.tiles = tuple(t for t in range(NUM_TILES) if t != SUBSIDY or n == 4)  # SY-3.2 step 9
        order = list(s.tiles)
        rng.shuffle(order)  # SY-3.2 step 10 / SY-GAP-9b: random order, contiguous, leader on start
        s.pos = [-1] * NUM_TILES
        for i, t in enumerate(order):
            s.pos[t] = (-i) % s.track_len
        s.lead = order[0]
        s.figs = [[] for _ in range(n)]
        s.first_left = [FIRST_TURNS[n]] * n
        s.turns_taken = [0] * n
        s.marker = n  # SY-3.2 step 11
        s.lap_pending = s.early_end = s.final = False
        s.coins = [START_COINS] * n
        s.vp = [0] * n
        s.supply = [[0] * 8 for _ in range(n)]
        s.row = [[EMPTY] * content.board.shipyard_spaces for _ in range(n)]
        s.fleet = [[] for _ in range(n)]
        s.employees = [[] for _ in range(n)]
        s.wagons = [[STARTING_WAGON] for _ in range(n)]
        s.canals = [{} for _ in range(n)]
        s.boat = [None] * n
        s.used_pile = [[] for _ in range(n)]
        s.used_count = [0] * n
        s.ship = None
        # SY-3.2 step 1: four decks by back; the larger middle group goes on top.
        s.part_decks = [[], [], []]
        groups: dict[str, list[int]] = {"A": [], "B": []}
        for p in content.parts:
            if p.type == "middle":
                assert p.group is not None
                groups[p.group].append(p.id)
            else:
                s.part_decks[PART_TYPES.index(p.type)].append(p.id)
        for deck in (*s.part_decks, groups["A"], groups["B"]):
            rng.shuffle(deck)
        small, large = sorted(groups.values(), key=len)
        s.part_decks[MIDDLE] = small + large  # top = end of list
        s.offer = [[EMPTY] * OFFER_ROWS for _ in range(4)]
        building.refill_offer(s)  # steps 2-3
        # Step 4: wagons and canals, 5 face up each.
        s.wagon_deck = list(range(len(content.wagons.deck)))
        s.canal_deck = list(range(len(content.canals)))
        rng.shuffle(s.wagon_deck)
        rng.shuffle(s.canal_deck)
        s.wagon_offer, s.wagon_discard, s.canal_offer, s.canal_discard = [], [], [], []
        s.refill_column(s.wagon_offer, s.wagon_deck, s.wagon_discard)
        s.refill_column(s.canal_offer, s.canal_deck, None)
        # Step 12-13: pointers.
        s.crew_ptr = rng.below(4)
        s.eq_ptr = rng.below(4)
        s.hex_ptr = 0
        s.oval_ptr = rng.below(content.board.oval_spaces)
        s.oval = s._lay_out_employees(bool(options.get("first_game")))
        # SY-3.1.1: 3 blue + 3 green contracts each, face down.
        s.contracts = [[] for _ in range(n)]
        s.discarded = [[] for _ in range(n)]
        s.contract_box = []
        for colour in ("blue", "green"):
            pile = [i for i, c in enumerate(content.contracts) if c.colour == colour]
            rng.shuffle(pile)
            for seat in range(n):
                s.contracts[seat] += pile[
                    seat * CONTRACTS_PER_COLOUR : (seat + 1) * CONTRACTS_PER_COLOUR
                ]
            s.contract_box += pile[n * CONTRACTS_PER_COLOUR :]
        for seat in range(n):
            s.contracts[seat].sort()
            s.log(
                "deal",
                seat,
                secret={"contracts": [content.contracts[i].id for i in s.contracts[seat]]},
            )
        s.start = rng.below(n)
        s.log("start", s.start)
        s.push("@start_turn", s.start)
        s.advance()
        return s

    def _lay_out_employees(self, first_game: bool) -> Oval:
        """SY-3.2 steps 13-15: three employees per oval space, in random order; with 3-4
        players each is a stack of two identical tiles. First game: every space gets one
        Engineer or Recruiter."""
        spaces = self.content.board.oval_spaces
        ids = [e.id for e in self.content.employees]
        self.rng.shuffle(ids)
        if first_game:
            key = [e.id for e in self.content.employees if e.role in ("engineer", "recruiter")]
            rest = [i for i in ids if i not in key]
            key = [i for i in ids if i in key]
            ids = []
            for sp in range(spaces):
                ids += [key[sp], rest[2 * sp], rest[2 * sp + 1]]
        copies = 1 if self.num_players == 2 else 2
        return tuple(tuple((ids[sp * 3 + k],) * copies for k in range(3)) for sp in range(spaces))

    # ------------------------------------------------------------------ engine plumbing
    def _scores(self) -> list[int | float]:
        return list(self.vp)

    def _rank_keys(self) -> list[tuple[float, ...]]:
        """SY-7.7: most VP, then most coins; still tied = shared (SY-GAP-11h)."""
        return [(float(v), float(c)) for v, c in zip(self.vp, self.coins, strict=True)]

    def _view(self, seat: int | None) -> dict[str, Any]:
        from tabletide.games.shipyard.present.view import build_view

        return build_view(self, seat, facts.view_facts(self))

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

    # ------------------------------------------------------------------ clone and hiding
    def clone(self) -> ShipyardState:
        s = ShipyardState.__new__(ShipyardState)
        self._copy_base_into(s)
        s.content, s.part_types, s.track_len, s.tiles = (
            self.content,
            self.part_types,
            self.track_len,
            self.tiles,
        )
        s.pos = self.pos[:]
        s.lead = self.lead
        s.figs = [f[:] for f in self.figs]
        s.first_left = self.first_left[:]
        s.turns_taken = self.turns_taken[:]
        s.start, s.marker = self.start, self.marker
        s.lap_pending, s.early_end, s.final = self.lap_pending, self.early_end, self.final
        s.coins = self.coins[:]
        s.vp = self.vp[:]
        s.supply = [x[:] for x in self.supply]
        s.row = [x[:] for x in self.row]
        s.fleet = [x[:] for x in self.fleet]
        s.employees = [x[:] for x in self.employees]
        s.wagons = [x[:] for x in self.wagons]
        s.contracts = [x[:] for x in self.contracts]
        s.discarded = [x[:] for x in self.discarded]
        s.contract_box = self.contract_box[:]
        s.canals = [dict(x) for x in self.canals]
        s.boat = self.boat[:]
        s.used_pile = [x[:] for x in self.used_pile]
        s.used_count = self.used_count[:]
        s.part_decks = [x[:] for x in self.part_decks]
        s.offer = [x[:] for x in self.offer]
        s.wagon_deck, s.wagon_offer = self.wagon_deck[:], self.wagon_offer[:]
        s.wagon_discard = self.wagon_discard[:]
        s.canal_deck, s.canal_offer = self.canal_deck[:], self.canal_offer[:]
        s.canal_discard = self.canal_discard[:]
        s.eq_ptr, s.crew_ptr, s.hex_ptr, s.oval_ptr = (
            self.eq_ptr,
            self.crew_ptr,
            self.hex_ptr,
            self.oval_ptr,
        )
        s.oval = self.oval  # immutable
        s.ship = self.ship
        return s

    def _resample_hidden(self, seat: int) -> None:
        """Hidden from ``seat``: other seats' contracts (held and discarded) and the unused
        ones, by colour; the order of every face-down deck (middle groups stay apart)."""
        rng = self.rng
        for colour in ("blue", "green"):
            pools: list[list[int]] = []
            for other in range(self.num_players):
                if other == seat:
                    continue
                pools += [
                    [
                        i
                        for i in self.contracts[other]
                        if self.content.contracts[i].colour == colour
                    ],
                    [
                        i
                        for i in self.discarded[other]
                        if self.content.contracts[i].colour == colour
                    ],
                ]
            pools.append(
                [i for i in self.contract_box if self.content.contracts[i].colour == colour]
            )
            unseen = [i for pool in pools for i in pool]
            rng.shuffle(unseen)
            dealt = iter(unseen)
            refill = [[next(dealt) for _ in pool] for pool in pools]
            k = 0
            for other in range(self.num_players):
                if other == seat:
                    continue
                keep = [
                    i for i in self.contracts[other] if self.content.contracts[i].colour != colour
                ]
                self.contracts[other] = sorted(keep + refill[k])
                keep = [
                    i for i in self.discarded[other] if self.content.contracts[i].colour != colour
                ]
                self.discarded[other] = keep + refill[k + 1]
                k += 2
            self.contract_box = [
                i for i in self.contract_box if self.content.contracts[i].colour != colour
            ] + refill[k]
        for deck in (
            self.part_decks[BOW],
            self.part_decks[STERN],
            self.wagon_deck,
            self.canal_deck,
        ):
            rng.shuffle(deck)
        middles = self.part_decks[MIDDLE]
        top_group = self.content.parts[middles[-1]].group if middles else None
        bottom = [p for p in middles if self.content.parts[p].group != top_group]
        top = [p for p in middles if self.content.parts[p].group == top_group]
        rng.shuffle(bottom)
        rng.shuffle(top)
        self.part_decks[MIDDLE] = bottom + top

    # ------------------------------------------------------------------ helpers for the rules
    def refill_column(self, column: list[int], deck: list[int], discard: list[int] | None) -> None:
        """Fill a wagon or canal column (bottom first) to 5 from its deck; an empty deck is
        remade from the spent tiles (SY-5.6.3), or for canals from every player's used canals
        and the canal discard pile (SY-5.2.5, SY-GAP-4e)."""
        while len(column) < OFFER_ROWS:
            if not deck:
                if discard is None:
                    pool = self.canal_discard + [c for pile in self.used_pile for c in pile]
                    self.canal_discard.clear()
                    for pile in self.used_pile:
                        pile.clear()
                else:
                    pool = discard[:]
                    discard.clear()
                if not pool:
                    return
                self.rng.shuffle(pool)
                deck += pool
                self.log("reshuffle", None, deck="canals" if discard is None else "wagons")
            column.append(deck.pop())

    def owned(self, seat: int) -> list[Employee]:
        return [self.content.employees[i] for i in self.employees[seat]]

    def has_role(self, seat: int, role: str) -> bool:
        return any(self.content.employees[i].role == role for i in self.employees[seat])

    def circle(self, which: str) -> tuple[Item, Item, Item, Item]:
        b = self.content.board
        return b.equipment_circle if which == "equipment" else b.crew_circle

    def describe_part(self, code: int) -> str:
        if code >= SUBSTITUTE:
            return f"substitute {PART_TYPES[code - SUBSTITUTE]}"
        return _part_texts(self.content)[code]

    def describe_wagon(self, tile: int) -> str:
        goods = supplies.wagon_goods(self, tile)
        return "(" + "+".join(goods) + ")"

    def describe_canal(self, card: int) -> str:
        c = self.content.canals[card]
        marks = [s for s in c.spaces if s != "none"]
        return f"#{card} ({c.shape}{': ' + ', '.join(marks) if marks else ''})"

    def employee_name(self, emp_id: int) -> str:
        e = self.content.employees[emp_id]
        if e.role == "merchant":
            return f"{e.goods} merchant L{e.level}"
        if e.item:
            return f"{e.role} ({e.item})"
        return e.role


_PART_TEXTS: dict[int, tuple[str, ...]] = {}


def _part_texts(content: Content) -> tuple[str, ...]:
    """Labels of every part, made once per content set."""
    texts = _PART_TEXTS.get(id(content))
    if texts is None:
        texts = tuple(_part_text(p) for p in content.parts)
        _PART_TEXTS[id(content)] = texts
    return texts


def _part_text(p: Part) -> str:
    m = p.mounts
    bits = []
    for n, name in (
        (p.cabins, "cabin"),
        (m.sail_funnel, "sail/funnel mount"),
        (m.propeller, "propeller mount"),
        (m.crane, "crane mount"),
        (m.cannon, "cannon mount"),
        (p.lifebuoys, "lifebuoy"),
        (p.lifeboats, "lifeboat"),
        (p.lanterns, "lantern"),
    ):
        if n:
            bits.append(f"{n} {name}" + ("s" if n > 1 else ""))
    return f"{p.type} #{p.id}" + (f": {', '.join(bits)}" if bits else "")
