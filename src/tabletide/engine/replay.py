"""Replays: seed + options + actions reproduce a game exactly. Saved as JSON.

>>> from tabletide import load_game
>>> state = load_game("shipyard").new_state(2, seed=7)
>>> state.apply(state.legal_actions()[0])
>>> Replay.from_state(state).play().history == state.history
True
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletide.engine.errors import IllegalActionError, ReplayError, TabletideError
from tabletide.engine.registry import load_game
from tabletide.engine.state import State

FORMAT = "tabletide-replay"
VERSION = 1


@dataclass
class Replay:
    game: str
    num_players: int
    seed: int
    options: dict[str, Any]
    actions: list[dict[str, Any]]
    meta: dict[str, Any] = field(default_factory=dict)
    rules_version: int | None = None
    """The game's ``rules_version`` when the replay was recorded (None: not recorded, as in
    files older than the field). A replay of another version is refused when played."""

    @classmethod
    def from_state(cls, state: State, meta: dict[str, Any] | None = None) -> Replay:
        return cls(
            game=state.game.name,
            num_players=state.num_players,
            seed=state.seed,
            options=dict(state.options),
            actions=[a.to_json() for a in state.history],
            meta=dict(meta or {}),
            rules_version=state.game.rules_version,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "num_players": self.num_players,
            # A decimal string: seeds reach 2^62, and JavaScript's JSON rounds integers past
            # 2^53 (a browser would replay another deal). Numbers are still read.
            "seed": str(self.seed),
            "options": self.options,
            "actions": self.actions,
            "meta": self.meta,
            **({} if self.rules_version is None else {"rules_version": self.rules_version}),
        }

    @classmethod
    def from_json(cls, data: Any) -> Replay:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ReplayError(f'not a tabletide replay (expected "format": "{FORMAT}")')
        if data.get("version") != VERSION:
            raise ReplayError(f"unsupported replay version {data.get('version')!r}")
        try:
            replay = cls(
                game=str(data["game"]),
                num_players=int(data["num_players"]),
                seed=int(data["seed"]),
                options=dict(data.get("options") or {}),
                actions=list(data["actions"]),
                meta=dict(data.get("meta") or {}),
                rules_version=None
                if data.get("rules_version") is None
                else int(data["rules_version"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayError(f"malformed replay: {exc}") from exc
        return replay

    def save(self, path: str | Path) -> None:
        """Write atomically (a temporary file renamed over the target)."""
        path = Path(path)
        fd, tmp = tempfile.mkstemp(dir=path.parent or ".", prefix=".replay-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(self.to_json(), fh, indent=1)
        os.chmod(tmp, 0o644)  # mkstemp makes owner-only files; a saved game is an ordinary file
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ReplayError(f"cannot read replay {path}: {exc}") from exc
        return cls.from_json(data)

    def states(self) -> Iterator[State]:
        """The initial state, then the state after each action (the same object, mutated)."""
        try:
            game = load_game(self.game)
            state = game.new_state(self.num_players, self.seed, self.options)
        except TabletideError as exc:
            raise ReplayError(f"cannot start replay: {exc}") from exc
        if self.rules_version is not None and self.rules_version != game.rules_version:
            raise ReplayError(
                f"this replay was recorded with {game.title} rules version "
                f"{self.rules_version}; this tabletide plays version {game.rules_version}"
            )
        yield state
        for i, data in enumerate(self.actions):
            try:
                state.apply(game.action_from_json(data))
            except IllegalActionError as exc:
                older = "" if self.rules_version is not None else " (an older tabletide's file?)"
                raise ReplayError(f"replay action {i} does not apply{older}: {exc}") from exc
            yield state

    def play(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (all by default)."""
        last: State | None = None
        for i, state in enumerate(self.states()):
            last = state
            if upto is not None and i >= upto:
                break
        assert last is not None
        return last
