"""The agent protocol.

An agent is seeded when it is built and then asked for one action at a time. The runner never
hands it the true state: it passes ``state.determinize(seat, seed)``, a copy in which everything
hidden from the deciding seat is resampled, so no agent can see another seat's secrets or foresee
future draws.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from tabletide.engine import Action, State


@runtime_checkable
class Agent(Protocol):
    """Chooses actions for whichever seat is current in the state it is given."""

    name: str
    """A short name for tables and logs, usually the spec it was built from (``"random:7"``)."""

    def act(self, state: State) -> Action:
        """One of ``state.legal_actions()`` for ``state.current_player()``."""
        ...
