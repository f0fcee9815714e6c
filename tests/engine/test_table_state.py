"""TableState's dispatch loop: automatic steps, forced decisions taken for the player, and
decisions with nothing to offer dropped only when a game asks for it (SKIP_EMPTY)."""

from __future__ import annotations

from typing import Any, ClassVar

from tabletide.engine import Action, Frame, TableState


class Steps(TableState):
    """A minimal state: "@log" notes a step, "pick" offers ``data`` as choices."""

    LEGAL: ClassVar[dict[str, Any]] = {
        "pick": lambda s, f: [Action.make("take", n=n) for n in f.data],
    }
    APPLY: ClassVar[dict[str, Any]] = {
        "pick": lambda s, f, a: s.seen.append(a.num("n")),
    }
    AUTO: ClassVar[dict[str, Any]] = {"@log": lambda s, f: s.seen.append(-1)}

    def __init__(self, frames: list[Frame]) -> None:
        self.stack = frames
        self.history: list[Action] = []
        self.seen: list[int] = []

    # The abstract parts of State are not needed by advance().
    def clone(self) -> Steps:  # pragma: no cover
        raise NotImplementedError

    def _scores(self) -> list[int | float]:  # pragma: no cover
        return []

    def _view(self, seat: int | None) -> dict[str, Any]:  # pragma: no cover
        return {}

    def _resample_hidden(self, seat: int) -> None:  # pragma: no cover
        pass


class Skipping(Steps):
    SKIP_EMPTY = True


def frames() -> list[Frame]:
    # bottom to top: a real choice, an automatic step, an empty choice, a forced one
    return [
        Frame("pick", 0, (1, 2)),
        Frame("@log", 0),
        Frame("pick", 0, ()),
        Frame("pick", 0, (7,)),
    ]


def test_forced_decisions_are_taken_and_an_empty_one_stops_by_default() -> None:
    s = Steps(frames())
    s.advance()
    assert s.seen == [7]
    assert s.stack[-1] == Frame("pick", 0, ()), "a decision with no action waits (a bug)"


def test_skip_empty_drops_a_decision_that_offers_nothing() -> None:
    s = Skipping(frames())
    s.advance()
    assert s.seen == [7, -1]
    assert s.stack == [Frame("pick", 0, (1, 2))], "the real choice is still pending"


def test_search_reuses_the_list_built_at_the_stop_but_not_after_a_hand_edit() -> None:
    s = Skipping(frames())
    s.advance()
    built = s.search_legal()
    assert built == [Action.make("take", n=1), Action.make("take", n=2)]
    assert s.search_legal() is built, "the list advance() built is reused"
    s.stack[-1] = Frame("pick", 0, (3,))  # edited by hand: a new frame
    assert s.search_legal() == [Action.make("take", n=3)]
    s.stack[-1] = Frame("pick", 0, (1, 2))
    s.history.append(Action.make("take", n=9))  # another position with an equal frame
    assert s.search_legal() is not built
