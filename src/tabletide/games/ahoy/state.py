"""Ahoy's game state: every field, the automatic part of setup (AH-3), clone, determinization
and dispatch. The rules live in the topic modules; this one holds the data and small queries.

Seats follow AH-3.3 (the Fleet is seat 0). Figures have fixed indexes (``constants``): the
flagships by seat, then patrols, forts, the cutter and the gunboat; ``fig[f]`` is the space a
figure is on, -1 when it is in its supply (or out of the game).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from tabletide.engine import Action, Closed, Frame, Rng, TableState, dispatch_tables
from tabletide.games.ahoy import actions, battle, cards, damage, geometry, movement, plans, turn
from tabletide.games.ahoy.battle import Fight
from tabletide.games.ahoy.constants import (
    ALLY_TOKENS,
    CREW_SPOT0,
    CUTTER,
    FACTIONS_BY_COUNT,
    FIGURES,
    FORT0,
    GOLD_TOKENS,
    MARKET_SIZE,
    ORIGIN,
    PATROL0,
    PATROL_FIGS,
    SHIP_SPOT0,
    START_GOLD,
    START_PLANS,
    START_READY,
    WIDTH,
)
from tabletide.games.ahoy.content import CREW_KEYS, SYMBOLS, Content, Crew, MarketCard, Spot
from tabletide.games.ahoy.geometry import Cell
from tabletide.games.ahoy.movement import Move

if TYPE_CHECKING:
    from tabletide.engine import Game

_MODULES = (turn, actions, movement, battle, damage, cards, plans)

PROMPTS = {
    "start": "place your flagship",
    "turn": "take an action (place a die, or a free action), or end your turn",
    "pay_die": "place a die on the crew card you recruit",
    "step": "move",
    "explore": "place the region tile you explore",
    "tile": "add the region tile to an edge of the map",
    "tailwind": "choose where the wind takes you",
    "harbor": "harbor: repair 2, or move a placed die onto Cannons",
    "rider_patrol": "place a patrol where your flagship anchored?",
    "rider_allies": "island: place 2 allies, or gain 2 ready allies?",
    "current": "a strong current: choose how it moves you",
    "hit": "choose the die spot the damage goes on",
    "suffer": "choose the die spot of your damage",
    "repair": "choose damage to repair",
    "order": "Order: move a patrol 1 space",
    "officer": "Persuasive Officer: move a patrol 1 or 2 spaces",
    "deploy": "Deploy: place a patrol",
    "whisper": "Whisper Campaign: place an ally on an island",
    "count": "how many?",
    "fort": "end of turn: build a fort?",
    "pick_defender": "choose whom to battle",
    "battle_plan": "play a plan at the start of this battle?",
    "cannons": "lower your Cannons die for a bonus?",
    "rum": "Rum Guzzler: suffer 1 damage to reroll?",
    "reward": "you won the battle: choose your reward",
    "ram": "Battering Ram: move the damaged figure 1 space?",
    "buccaneer": "Buccaneer: discard it to remove 2 of their crew?",
    "gunner_target": "Assistant Gunner: battle a space of your region?",
    "grid": "move your white reward token",
    "favor": "slide the delivered card under a favor token",
    "overboard": "too much cargo: throw a card overboard",
    "recruit_free": "recruit a market card for free",
    "negotiate": "Negotiation: recruit another card by removing an ally?",
    "target": "choose the figure to damage",
    "noble": "Naive Noble: choose the card to steal",
    "goto": "choose the space",
    "ally_move": "move allies between islands",
    "evac_from": "Evacuation: choose the island to evacuate",
    "evac_to": "Evacuation: choose where the next ally goes",
    "region": "choose the region",
    "island": "choose the island",
    "stealth": "Stealth Attack: remove a patrol?",
    "drive": "Recruitment Drive: recruit a card with the island's symbol",
    "raise": "2-player adjustment: raise a region's wealth",
    "clear_market": "2-player adjustment: clear the market?",
}


class AhoyState(TableState):
    """A game of Ahoy. Plain lists and ints so that ``clone`` stays cheap."""

    LEGAL, APPLY, AUTO = dispatch_tables(*_MODULES)
    PROMPTS = PROMPTS

    content: Content
    faction: tuple[str, ...]
    spots: tuple[tuple[Spot, ...], ...]
    """Each seat's board spots."""
    crew_keys: tuple[str, ...]
    """The crew of every marketplace card, by card id."""
    fleet: int
    union: int
    over: bool
    # the map (immutable values, replaced when a tile is added)
    cells: dict[int, Cell]
    bars: frozenset[tuple[int, int]]
    islands: frozenset[int]
    placed: tuple[geometry.Placement, ...]
    island_of: tuple[int, ...]
    """The island's space of each region."""
    supply: list[int]
    """Region tiles face down; the top is the last element."""
    boxed: int
    wealth: list[int]
    allies: list[int]
    """Allies on each region's island."""
    ready: int
    # figures and pieces
    fig: list[int]
    # cards
    market_deck: list[int]
    market: list[int]
    removed: list[int]
    """The 6 cards boxed in a 2-3 player game (public, AH-3.8)."""
    plan_cards: tuple[str, ...]
    """The 12 plan cards by id: their plan key."""
    plan_deck: list[int]
    plan_hand: list[int]
    plan_discard: list[int]
    ship_card: list[bool]
    """Whether the Union holds the cutter / gunboat card (index 0 / 1)."""
    # per seat
    gold: list[int]
    fame: list[int]
    hand: list[list[int]]
    """Dice not yet placed this round, by value."""
    dice: list[list[tuple[int, int]]]
    """Placed dice as (spot, value)."""
    damage: list[list[int]]
    """Damaged spots."""
    crew: list[list[int]]
    cargo: list[list[int]]
    favor: list[list[list[int]]]
    """Per Smuggler: the cards under the Fleet (0) and Union (1) favor tokens (hidden)."""
    white: list[int]
    black: list[int]
    # the round and turn
    round: int
    first: int
    active: int
    quota: int
    placed_turn: int
    once: list[str]
    """Once-per-turn crew already used this turn (Mystic, Whispering Breeze)."""
    moves: list[Move]
    fight: Fight | None
    drawn: int
    """The region tile drawn for the pending placement, -1 = none."""

    # ------------------------------------------------------------------ creation
    @classmethod
    def setup(
        cls, game: Game, content: Content, num_players: int, seed: int, options: dict[str, Any]
    ) -> AhoyState:
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
        s.faction = FACTIONS_BY_COUNT[num_players]
        s.fleet, s.union = s.faction.index("fleet"), s.faction.index("union")
        s.spots = tuple(content.board(f).spots for f in s.faction)
        s.crew_keys = tuple(m.crew for m in content.market)
        s.over = False
        # AH-3.4: shuffle the 12 tiles, box one unseen.
        tiles = list(range(len(content.regions)))
        rng.shuffle(tiles)
        s.boxed = tiles.pop()
        s.supply = tiles
        s.cells, s.bars, s.islands = {}, frozenset(), frozenset()
        s.placed, s.island_of = (), ()
        s.wealth, s.allies = [], []
        _initial_map(s)
        # AH-3.8/3.9: the market.
        deck = list(range(len(content.market)))
        rng.shuffle(deck)
        s.removed = []
        if num_players < 4:
            for symbol in SYMBOLS:
                card = next(m for m in deck if content.market[m].symbol == symbol)
                deck.remove(card)
                s.removed.append(card)
            rng.shuffle(deck)
        s.market_deck = deck
        s.market = [deck.pop() for _ in range(MARKET_SIZE)]
        # AH-3.15 I: the plan deck.
        s.plan_cards = tuple(p.key for p in content.plans for _ in range(p.count))
        s.plan_deck = list(range(len(s.plan_cards)))
        rng.shuffle(s.plan_deck)
        s.plan_hand = sorted(s.plan_deck.pop() for _ in range(START_PLANS))
        s.plan_discard = []
        s.ship_card = [False, False]
        n = num_players
        s.gold = [START_GOLD] * n  # AH-3.12
        s.fame = [0] * n
        s.hand = [s.roll(seat) for seat in range(n)]  # AH-3.11
        s.dice = [[] for _ in range(n)]
        s.damage = [[] for _ in range(n)]
        s.crew = [[] for _ in range(n)]
        s.cargo = [[] for _ in range(n)]
        s.favor = [[[], []] for _ in range(n)]
        s.white = [4] * n  # AH-3.14 F: both tokens on the middle space
        s.black = [4] * n
        s.fig = [-1] * FIGURES
        s.ready = START_READY
        s.round, s.first, s.active = 1, 0, 0
        s.quota = s.placed_turn = 0
        s.once = []
        s.moves, s.fight, s.drawn = [], None, -1
        # AH-3.13-3.16 in seat order: each faction places its flagship; then the first turn.
        s.push("@first_turn", 0)
        for seat in reversed(range(n)):
            s.push("start", seat)
        s.log("setup", None, players=n, factions=list(s.faction))
        s.advance()
        return s

    # ------------------------------------------------------------------ engine plumbing
    def push_frame(self, frame: Frame) -> None:
        if not self.over:
            super().push_frame(frame)

    def asks_anyway(self, frame: Frame) -> bool:
        """The Union's turn and its start-of-battle plan prompt are never taken for it while it
        holds plans. The plans it could play there are its secret (AH-5.41): a turn that ended
        by itself, or a battle that went on at once, only when no plan was playable would tell
        every seat so. How many plans it holds is public, so waiting whenever it holds any
        tells nothing."""
        return bool(self.plan_hand) and (
            frame.kind == "battle_plan" or (frame.kind == "turn" and frame.seat == self.union)
        )

    def finish(self) -> None:
        self.over = True
        self.stack.clear()
        self.log("game_over", None, winners=self.winners(), fame=self.fame[:])

    def _scores(self) -> list[int | float]:
        return list[int | float](self.fame)

    def _rank_keys(self) -> list[tuple[float, ...]]:
        """AH-7.10: fame, then gold; still tied = shared victory (AH-GAP-11)."""
        return [(self.fame[i], self.gold[i]) for i in range(self.num_players)]

    def _view(self, seat: int | None) -> dict[str, Any]:
        from tabletide.games.ahoy.facts import view_facts
        from tabletide.games.ahoy.present.view import build_view

        return build_view(self, seat, view_facts(self))

    def _decision_context(self, frame: Frame) -> dict[str, Any]:
        from tabletide.games.ahoy.facts import decision_context

        return decision_context(self, frame)

    def _decision_rules(self, frame: Frame) -> list[str]:
        from tabletide.games.ahoy.guide import decision_rules

        return decision_rules(self, frame)

    def _explain(self, frame: Frame, action: Action) -> str | None:
        from tabletide.games.ahoy.guide import explain

        return explain(self, frame, action)

    def _closed_options(self, frame: Frame) -> list[Closed]:
        from tabletide.games.ahoy.guide import closed_options

        return closed_options(self, frame)

    def _score_categories(self) -> list[tuple[str, list[int | float]]]:
        """AH-1.6: fame by source (region control, deliveries, reward grid, favor cards)."""
        from tabletide.games.ahoy.facts import score_categories

        return score_categories(self)

    def _prompt_text(self, frame: Frame) -> str:
        text = super()._prompt_text(frame)
        if frame.kind == "turn":
            text += f" [{self.placed_turn}/{self.quota} dice placed]"
        elif frame.kind == "step" and self.moves:
            mv = self.moves[-1]
            text += f" ({mv.steps} step{'s' if mv.steps != 1 else ''} left)"
        return text

    # ------------------------------------------------------------------ clone and hiding
    def clone(self) -> AhoyState:
        s = AhoyState.__new__(AhoyState)
        self._copy_base_into(s)
        s.spots, s.crew_keys = self.spots, self.crew_keys
        s.content, s.faction, s.fleet, s.union, s.over = (
            self.content,
            self.faction,
            self.fleet,
            self.union,
            self.over,
        )
        s.cells, s.bars, s.islands = self.cells, self.bars, self.islands
        s.placed, s.island_of = self.placed, self.island_of
        s.supply, s.boxed = self.supply[:], self.boxed
        s.wealth, s.allies, s.ready = self.wealth[:], self.allies[:], self.ready
        s.fig = self.fig[:]
        s.market_deck, s.market = self.market_deck[:], self.market[:]
        s.removed = self.removed
        s.plan_cards = self.plan_cards
        s.plan_deck, s.plan_hand = self.plan_deck[:], self.plan_hand[:]
        s.plan_discard, s.ship_card = self.plan_discard[:], self.ship_card[:]
        s.gold, s.fame = self.gold[:], self.fame[:]
        s.hand = [h[:] for h in self.hand]
        s.dice = [d[:] for d in self.dice]
        s.damage = [d[:] for d in self.damage]
        s.crew = [c[:] for c in self.crew]
        s.cargo = [c[:] for c in self.cargo]
        s.favor = [[f[0][:], f[1][:]] for f in self.favor]
        s.white, s.black = self.white[:], self.black[:]
        s.round, s.first, s.active = self.round, self.first, self.active
        s.quota, s.placed_turn, s.once = self.quota, self.placed_turn, self.once[:]
        s.moves = [m.copy() for m in self.moves]
        s.fight = self.fight.copy() if self.fight is not None else None
        s.drawn = self.drawn
        return s

    def _resample_hidden(self, seat: int) -> None:
        """Hidden from ``seat``: the region supply and the boxed tile, the market deck, the
        Union's plans in hand and deck (unless ``seat`` is the Union), and which favor token
        each other Smuggler's delivered cards lie under (AH-5.41)."""
        rng = self.rng
        pool = [*self.supply, self.boxed]
        rng.shuffle(pool)
        self.boxed = pool.pop()
        self.supply = pool
        rng.shuffle(self.market_deck)
        if seat != self.union:
            cards_ = self.plan_hand + self.plan_deck
            rng.shuffle(cards_)
            self.plan_hand = sorted(cards_[: len(self.plan_hand)])
            self.plan_deck = cards_[len(self.plan_hand) :]
        else:
            rng.shuffle(self.plan_deck)
        for other in range(self.num_players):
            if other != seat and self.faction[other] == "smuggler":
                delivered = self.favor[other][0] + self.favor[other][1]
                self.favor[other] = [[], []]
                for card in delivered:
                    self.favor[other][rng.below(2)].append(card)

    # ------------------------------------------------------------------ dice and spots
    def roll(self, seat: int) -> list[int]:
        n = self.content.board(self.faction[seat]).dice
        return sorted(1 + self.rng.below(6) for _ in range(n))

    def board_spots(self, seat: int) -> tuple[Spot, ...]:
        return self.spots[seat]

    def spot_index(self, seat: int, action: str) -> int:
        return next(i for i, sp in enumerate(self.board_spots(seat)) if sp.action == action)

    def dice_on(self, seat: int, spot: int) -> list[int]:
        return [v for sp, v in self.dice[seat] if sp == spot]

    def cannons_dice(self, seat: int) -> list[int]:
        return self.dice_on(seat, self.spot_index(seat, "cannons"))

    def has_crew(self, seat: int, key: str) -> bool:
        crew = self.crew[seat]
        if not crew:
            return False
        return key in map(self.crew_keys.__getitem__, crew)  # no generator: asked ~2x a step

    def crew_card(self, seat: int, key: str) -> int:
        return next(card for card in self.crew[seat] if self.content.market[card].crew == key)

    def card(self, card: int) -> MarketCard:
        return self.content.market[card]

    def crew_of(self, card: int) -> Crew:
        """The crew printed on a marketplace card (its name, kind and text)."""
        return self.content.crew[_CREW_INDEX[self.content.market[card].crew]]

    def crew_spot(self, card: int) -> bool:
        """AH-GAP-4: a crew card has a die spot if its action takes a die or it costs a die."""
        return self.content.market[card].cost == 0 or self.crew_of(card).kind == "die"

    def own_spots(self, seat: int, ships: bool = False) -> list[int]:
        """Every die spot of ``seat``: board, crew cards with a spot, and (``ships``) the cutter
        and gunboat cards it holds."""
        out = list(range(len(self.board_spots(seat))))
        out += [CREW_SPOT0 + c for c in self.crew[seat] if self.crew_spot(c)]
        if ships and seat == self.union:
            for i, held in enumerate(self.ship_card):
                if held:
                    out += [SHIP_SPOT0 + 2 * i, SHIP_SPOT0 + 2 * i + 1]
        return out

    def dashed(self, seat: int, spot: int) -> bool:
        spots = self.board_spots(seat)
        return spot < len(spots) and spots[spot].dashed

    # ------------------------------------------------------------------ figures and map
    def owner(self, f: int) -> int:
        if f < PATROL0:
            return f
        return self.fleet if f < CUTTER else self.union

    def figures_at(self, pos: int) -> list[int]:
        return [f for f in range(FIGURES) if self.fig[f] == pos]

    def region_at(self, pos: int) -> int:
        cell = self.cells.get(pos)
        return -1 if cell is None else cell.region

    def flag_region(self, seat: int) -> int:
        return self.region_at(self.fig[seat])

    def on_island(self, seat: int) -> int:
        """The region whose island the seat's flagship is on, or -1."""
        cell = self.cells.get(self.fig[seat])
        return cell.region if cell is not None and cell.terrain == "island" else -1

    def island_name(self, region: int) -> str:
        """ "the skull island at (2,-1)": how prompts name a region's island."""
        return (
            f"the {self.island_symbol(region)} island at {self.space_name(self.island_of[region])}"
        )

    def island_symbol(self, region: int) -> str:
        symbol = self.cells[self.island_of[region]].symbol
        assert symbol is not None
        return symbol

    def has_fort(self, region: int) -> bool:
        return self.island_of[region] in self.fig[FORT0:CUTTER]

    def patrols_in_supply(self) -> list[int]:
        return [f for f in PATROL_FIGS if self.fig[f] < 0]

    def ally_supply(self) -> int:
        return ALLY_TOKENS - self.ready - sum(self.allies)

    def bank(self) -> int:
        return GOLD_TOKENS - sum(self.gold)

    def gain_gold(self, seat: int, n: int) -> int:
        """AH-5.38: gold from an empty bank is not gained. Returns what was gained."""
        got = max(0, min(n, self.bank()))
        self.gold[seat] += got
        return got

    def raise_wealth(self, region: int) -> None:
        self.wealth[region] = min(6, self.wealth[region] + 1)

    def name(self, seat: int) -> str:
        return f"{self.seat_name(seat)} ({self.faction[seat]})"

    def figure_name(self, f: int) -> str:
        if f < PATROL0:
            return f"{self.faction[f]} flagship"
        if f < FORT0:
            return "patrol"
        if f < CUTTER:
            return "fort"
        return "cutter" if f == CUTTER else "gunboat"

    def spot_name(self, seat: int, spot: int) -> str:
        """A die spot's name: its board action, its crew card's name, or the ship card's."""
        if spot < CREW_SPOT0:
            return _action_title(self.board_spots(seat)[spot].action)
        if spot < SHIP_SPOT0:
            return self.crew_of(spot - CREW_SPOT0).name
        ships = ("cutter Sail", "cutter Tailwind", "gunboat Sail", "gunboat Tailwind")
        return ships[spot - SHIP_SPOT0]

    def space_name(self, pos: int) -> str:
        return geometry.space_name(pos)

    def add_region(self, placement: geometry.Placement) -> int:
        """Put a tile on the map with a wealth die showing 1 (AH-3.6, AH-5.16); its region."""
        tile = self.content.regions[placement.tile]
        region = len(self.placed)
        cells = dict(self.cells)
        new = geometry.tile_cells(tile, region, placement.rotation, placement.origin)
        cells.update(new)
        self.cells = cells
        self.bars = self.bars | geometry.tile_bars(tile, placement.rotation, placement.origin)
        island = next(p for p, c in new.items() if c.terrain == "island")
        self.islands = self.islands | {island}
        self.placed = (*self.placed, placement)
        self.island_of = (*self.island_of, island)
        self.wealth.append(1)
        self.allies.append(0)
        return region


_CREW_INDEX = {key: i for i, key in enumerate(CREW_KEYS)}


@cache
def _action_title(action: str) -> str:
    """A board die spot's name from its action key ("fast_sail" -> "Fast Sail"). Cached: it
    depends on the key alone."""
    return action.replace("_", " ").title()


def _initial_map(s: AhoyState) -> None:
    """AH-3.5/AH-GAP-5: two tiles sharing one space edge (the second to the right, one row
    down), turned so that their islands are as far apart as possible (ties at random)."""
    a, b = s.supply.pop(), s.supply.pop()
    ta, tb = s.content.regions[a], s.content.regions[b]
    oa, ob = ORIGIN, ORIGIN + 2 + WIDTH
    best: list[tuple[int, int]] = []
    best_d = -1
    for ra in range(4):
        ia = geometry.xy(geometry.cell_pos(oa, ra, ta.island))
        for rb in range(4):
            ib = geometry.xy(geometry.cell_pos(ob, rb, tb.island))
            d = abs(ia[0] - ib[0]) + abs(ia[1] - ib[1])
            if d > best_d:
                best, best_d = [], d
            if d == best_d:
                best.append((ra, rb))
    ra, rb = s.rng.choice(best)
    s.add_region(geometry.Placement(a, ra, oa))
    s.add_region(geometry.Placement(b, rb, ob))
