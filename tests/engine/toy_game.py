"""Lanterns, a tiny hidden-card game for testing the engine and tools without a real game.

Rules. A deck of 18 cards (values 1-6, three of each) is shuffled; each seat is dealt
``hand_size`` cards, kept secret. On a turn the current seat either *plays* a card from its hand
(public; it scores the card's value if higher than the top of the pile, else 1) and then draws a
card if the deck has one, or *passes* (only while the deck has cards) and draws. A played 6 makes
every other seat with cards, in seat order, *discard* one card of its choice (out-of-turn frames),
when the option ``sixes_attack`` is on. A seat with no cards when the deck is empty is skipped.
The game ends when every hand and the deck are empty; most points wins.

Two kinds of frame (``turn`` and ``discard``), secret draws in the log, and a codec.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletide.engine import (
    Action,
    ActionCodec,
    ActionSpec,
    Event,
    Frame,
    Game,
    OptionSpec,
    Rng,
    State,
    ints,
    register_game,
)

VALUES = range(1, 7)
COPIES = 3
DECK = [v for v in VALUES for _ in range(COPIES)]


class LanternsState(State):
    hands: list[list[int]]
    """Each seat's secret hand, sorted."""
    deck: list[int]
    """Draw pile, top last; hidden from everyone."""
    pile: list[int]
    """Played cards, top last; public."""
    points: list[int]

    def clone(self) -> LanternsState:
        twin = type(self).__new__(type(self))
        self._copy_base_into(twin)
        twin.hands = [h[:] for h in self.hands]
        twin.deck = self.deck[:]
        twin.pile = self.pile[:]
        twin.points = self.points[:]
        return twin

    def _legal(self, frame: Frame) -> list[Action]:
        hand = sorted(set(self.hands[frame.seat]))
        if frame.kind == "discard":
            return [Action.make("discard", f"Discard a {v}", card=v) for v in hand]
        out = [Action.make("play", f"Play a {v}", card=v) for v in hand]
        if self.deck:
            out.append(Action.make("pass", "Pass and draw a card"))
        return out

    def _apply(self, frame: Frame, action: Action) -> None:
        seat = frame.seat
        if action.kind == "discard":
            self.hands[seat].remove(action.num("card"))
            self.log("discard", seat, card=action.num("card"))
        elif action.kind == "pass":
            self.log("pass", seat)
            self._draw(seat)
            self._next_turn(seat)
        else:
            card = action.num("card")
            self.hands[seat].remove(card)
            gain = card if not self.pile or card > self.pile[-1] else 1
            self.pile.append(card)
            self.points[seat] += gain
            self.log("play", seat, card=card, points=gain)
            self._draw(seat)
            self._next_turn(seat)
            if card == 6 and self.options["sixes_attack"]:
                n = self.num_players
                for other in reversed([(seat + k) % n for k in range(1, n)]):
                    if self.hands[other]:
                        self.stack.append(Frame("discard", other))
        # A discard may have emptied the hand of the seat whose turn is next: skip it.
        while self.stack and self.stack[-1].kind == "turn" and not self._legal(self.stack[-1]):
            self._next_turn(self.stack.pop().seat)
        if not self.stack:
            self.log("end", None, points=self.points[:])

    def _draw(self, seat: int) -> None:
        if self.deck:
            card = self.deck.pop()
            self.hands[seat].append(card)
            self.hands[seat].sort()
            self.log("draw", seat, secret={"card": card})

    def _next_turn(self, seat: int) -> None:
        n = self.num_players
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if self.hands[nxt] or self.deck:
                self.stack.append(Frame("turn", nxt))
                return

    def _scores(self) -> list[int | float]:
        return list(self.points)

    def _view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "hand_sizes": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "pile": self.pile[:],
            "points": self.points[:],
        }
        if seat is not None:
            view["hand"] = self.hands[seat][:]
        return view

    def _prompt_text(self, frame: Frame) -> str:
        if frame.kind == "discard":
            return f"{self.seat_name(frame.seat)}: a 6 was played; discard a card"
        return f"{self.seat_name(frame.seat)}: play a card or pass"

    def _resample_hidden(self, seat: int) -> None:
        others = [s for s in range(self.num_players) if s != seat]
        pool = self.deck[:]
        for s in others:
            pool.extend(self.hands[s])
        self.rng.shuffle(pool)
        for s in others:
            k = len(self.hands[s])
            self.hands[s] = sorted(pool[:k])
            del pool[:k]
        self.deck = pool


class LanternsGame(Game):
    name = "lanterns"
    title = "Lanterns (test game)"
    description = "A tiny hidden-card game used by the engine tests."
    min_players = 2
    max_players = 4
    options = (
        OptionSpec("hand_size", 3, (2, 3, 4), "cards dealt to each seat"),
        OptionSpec("sixes_attack", True, (True, False), "a played 6 makes the others discard"),
    )
    max_game_length = 2 * len(DECK)
    codec = ActionCodec(
        [
            ActionSpec("play", (ints("card", 6, lo=1),)),
            ActionSpec("pass"),
            ActionSpec("discard", (ints("card", 6, lo=1),)),
        ]
    )

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> LanternsState:
        state = LanternsState.__new__(LanternsState)
        state.game = self
        state.num_players = num_players
        state.seed = seed
        state.options = options
        state.rng = Rng(seed)
        state.stack = []
        state.events = []
        state.history = []
        state.deck = DECK[:]
        state.rng.shuffle(state.deck)
        state.hands = []
        for seat in range(num_players):
            hand = sorted(state.deck.pop() for _ in range(options["hand_size"]))
            state.hands.append(hand)
            state.log("deal", seat, cards=len(hand), secret={"hand": hand[:]})
        state.pile = []
        state.points = [0] * num_players
        state.stack.append(Frame("turn", 0))
        return state

    def event_text(self, event: Event, names: Sequence[str] | None = None) -> str:
        seat = event.get("seat")
        who = f"Seat {seat}" if names is None or seat is None else names[seat]
        kind = event["type"]
        secret = event.get("secret")
        if kind == "deal":
            seen = f": {secret['hand']}" if secret else ""
            return f"{who} is dealt {event['cards']} cards{seen}"
        if kind == "draw":
            return f"{who} draws a {secret['card']}" if secret else f"{who} draws a card"
        if kind == "play":
            return f"{who} plays a {event['card']} (+{event['points']})"
        if kind == "pass":
            return f"{who} passes"
        if kind == "discard":
            return f"{who} discards a {event['card']}"
        if kind == "end":
            return f"Game over: points {event['points']}"
        return str(event)

    def render(self, state: State, seat: int | None) -> str:
        assert isinstance(state, LanternsState)
        view = state._view(seat)
        lines = [
            f"[bold]Lanterns[/bold]  deck {view['deck']}  "
            f"pile top {view['pile'][-1] if view['pile'] else '-'}",
            "points " + " ".join(f"S{s}:{p}" for s, p in enumerate(view["points"])),
            "hands  " + " ".join(f"S{s}:{k}" for s, k in enumerate(view["hand_sizes"])),
        ]
        if seat is not None:
            lines.append(f"your hand: {' '.join(map(str, view['hand'])) or '(empty)'}")
        return "\n".join(lines)


GAME = LanternsGame()


def register() -> LanternsGame:
    """Register Lanterns for this process and return it."""
    register_game(GAME)
    return GAME
