"""Errors a user of the engine can cause, one class per kind of wrong.

- :class:`ConfigError`: a bad game name, player count or option (the message lists what is
  allowed).
- :class:`IllegalActionError`: an action that is not legal at the pending decision (the state
  is left unchanged).
- :class:`MalformedActionError`: an action that is not even well formed (a subclass of
  ``IllegalActionError``, so one ``except`` catches both).
- :class:`ReplayError`: a replay file that cannot be read or does not replay.
"""

from __future__ import annotations


class TabletideError(Exception):
    """Base class of every error raised on purpose by tabletide."""


class ConfigError(TabletideError, ValueError):
    """A game, player count or option that is not allowed; the message lists what is."""


class IllegalActionError(TabletideError, ValueError):
    """An action that is not legal at the pending decision. The state is unchanged."""


class MalformedActionError(IllegalActionError):
    """An action that is not well formed (unknown kind, missing or mistyped field)."""


class ReplayError(TabletideError, ValueError):
    """A replay that cannot be read, or whose actions do not replay."""
