"""A tournament's journal: every finished game's record, one JSON line each, written as it
arrives, so that a run that is stopped (Ctrl-C, a crash, a lost machine) resumes where it was.

The first line holds the tournament's settings; a journal is only ever resumed by the same
tournament (same game, agents, players, games, seed and options). Records are the same whichever
backend or job plays a game (see :mod:`tabletide.sim.backends`), so resumed and fresh records mix
freely; only their ``seconds`` differ.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

import tabletide
from tabletide.engine import BotSettings, ConfigError
from tabletide.sim.backends import GameRecord

if TYPE_CHECKING:
    from tabletide.sim.tournament import TournamentPlan


def journal_path(out: Path) -> Path:
    """The journal kept beside a results file while its tournament runs."""
    return out.with_name(out.stem + ".journal.jsonl")


class Record(Protocol):
    """What a journal keeps per game: its index and a JSON form."""

    @property
    def index(self) -> int: ...

    def to_json(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=Record)


def journal_for(plan: TournamentPlan, out: Path) -> Journal[GameRecord]:
    """The journal of ``plan`` beside ``out``. Its settings include the game's bot settings
    and tabletide's version, so a run with other ``hard`` budgets never resumes it."""
    settings = {
        **plan.settings(),
        "bot": asdict(plan.game.bot),
        "version": tabletide.__version__,
    }
    return Journal[GameRecord](journal_path(out), settings)


class Journal(Generic[R]):
    """Appends records to ``path`` and reads back those of an earlier, unfinished run. A
    tournament's records are :class:`GameRecord`; a kind of run with other records overrides
    :meth:`_record` (and :meth:`_mismatch`, its message for another run's journal)."""

    def __init__(self, path: Path, settings: Mapping[str, Any]) -> None:
        self.path = path
        self.settings = json.loads(json.dumps(dict(settings)))
        self._file: IO[str] | None = None

    RECORD_ERRORS: tuple[type[Exception], ...] = (json.JSONDecodeError, TypeError, KeyError)
    """What reading a record line that is not a record raises."""

    def load(self) -> dict[int, R]:
        """The records already in the journal, by game index (none if there is no journal).

        :raises ConfigError: the journal belongs to another run, or is not a journal.
        """
        if not self.path.exists():
            return {}
        lines = self.path.read_text(encoding="utf-8").splitlines()
        try:
            header = json.loads(lines[0]) if lines else {}
        except json.JSONDecodeError:
            header = {}
        saved = header.get("settings") if isinstance(header, dict) else None
        if not _same_settings(saved, self.settings):
            raise ConfigError(self._mismatch(saved))
        done: dict[int, R] = {}
        for number, line in enumerate(lines[1:], start=2):
            try:
                record = self._record(json.loads(line))
            except self.RECORD_ERRORS:
                if number == len(lines):
                    break  # the last line was cut short when the run stopped
                raise ConfigError(f"{self.path}, line {number}: not a game record") from None
            done[record.index] = record
        return done

    def _record(self, data: Mapping[str, Any]) -> R:
        """One record line read back."""
        return cast(R, _record(data))

    def _mismatch(self, saved: Any) -> str:
        """Why the journal with the settings ``saved`` cannot be resumed by this run."""
        return (
            f"{self.path} is the journal of another tournament (or not a journal); "
            "delete it, or choose another --out, to start this one"
        )

    def open(self) -> None:
        """Start appending (writing the settings first into a new journal)."""
        fresh = not self.path.exists()
        if not fresh:
            self._trim_cut_line()
        self._file = self.path.open("a", encoding="utf-8")
        if fresh:
            self._write({"settings": self.settings})

    def append(self, record: R) -> None:
        """Write one record and flush it to the disk."""
        self._write(record.to_json())

    def close(self) -> None:
        """Stop appending (the journal stays for a later resume)."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def remove(self) -> None:
        """Delete the journal of a finished tournament whose results are written."""
        self.close()
        self.path.unlink(missing_ok=True)

    def _write(self, data: Mapping[str, Any]) -> None:
        assert self._file is not None, "open() the journal first"
        self._file.write(json.dumps(data) + "\n")
        self._file.flush()

    def _trim_cut_line(self) -> None:
        text = self.path.read_text(encoding="utf-8")
        if text and not text.endswith("\n"):
            self.path.write_text(text[: text.rfind("\n") + 1], encoding="utf-8")


def _same_settings(saved: Any, now: Mapping[str, Any]) -> bool:
    """Whether a journal's settings are these. A bot setting added to ``BotSettings`` after
    the journal was written counts as the same when it has its default value (new settings
    default to the old behaviour), so a long run survives such an upgrade."""
    if not isinstance(saved, Mapping) or set(saved) != set(now):
        return False
    for key, value in now.items():
        if key == "bot" and isinstance(value, Mapping) and isinstance(saved[key], Mapping):
            defaults = asdict(BotSettings())
            old = saved[key]
            if any(k not in value for k in old):
                return False
            if any(old.get(k, defaults.get(k)) != v for k, v in value.items()):
                return False
        elif saved[key] != value:
            return False
    return True


def _record(data: Mapping[str, Any]) -> GameRecord:
    return GameRecord(
        index=int(data["index"]),
        seed=int(data["seed"]),
        lineup=int(data["lineup"]),
        rotation=int(data["rotation"]),
        entrants=tuple(int(e) for e in data["entrants"]),
        scores=tuple(float(v) for v in data["scores"]),
        ranks=tuple(float(v) for v in data["ranks"]),
        winners=tuple(int(w) for w in data["winners"]),
        decisions=int(data["decisions"]),
        decisions_per_seat=tuple(int(d) for d in data["decisions_per_seat"]),
        seconds=float(data["seconds"]),
    )
