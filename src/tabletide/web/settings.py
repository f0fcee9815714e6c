"""The web app's settings: database, bot workers, limits. One frozen value per app."""

from __future__ import annotations

from dataclasses import dataclass

BOT_SPEEDS = {"fast": 0.25, "normal": 1.0, "slow": 3.0}
"""A table's ``bot_speed`` (the creator's choice) as a factor of the server's ``bot_delay``."""

DEFAULT_DATABASE_URL = "sqlite:///tabletide-web.sqlite3"
"""An embedded SQLite file in the working directory (``make run``)."""


@dataclass(frozen=True)
class WebSettings:
    database_url: str = DEFAULT_DATABASE_URL
    """A SQLAlchemy URL: ``sqlite:///path.sqlite3`` or ``postgresql+psycopg://user:pw@host/db``."""
    bot_workers: int = 2
    """Processes in the bots' pool (each thinks about one move at a time)."""
    bot_delay: float = 1.0
    """Seconds a bot's turn takes at least at a ``normal`` speed table (``fast``: a quarter,
    ``slow``: three times), so that people can follow the game. Paid once per turn, less the
    time the bot spent thinking; the turn's later decisions follow at once."""
    picture_workers: int = 0
    """Processes that draw the board pictures of pushed views (``pictures.py``); 0 draws
    them on the event loop. ``tabletide serve`` starts 2."""
    bot_retries: int = 3
    """Failed bot moves (a crashed worker) retried before the table reports an error."""

    client_rate: float = 30.0
    """Requests (HTTP and WebSocket messages) per second allowed to one client address..."""
    client_burst: int = 120
    """...with bursts up to this many."""
    token_rate: float = 8.0
    """Requests per second allowed to one seat or spectator token..."""
    token_burst: int = 40
    """...with bursts up to this many."""
    create_rate: float = 0.5
    """New tables per second allowed to one client address..."""
    create_burst: int = 20
    """...with bursts up to this many."""

    max_body: int = 64 * 1024
    """Largest request body in bytes (the replay upload has its own limit)."""
    max_upload: int = 2 * 1024 * 1024
    """Largest replay upload in bytes."""
    max_ws_message: int = 16 * 1024
    """Largest WebSocket message from a client, in bytes."""
    hello_timeout: float = 10.0
    """Seconds a new WebSocket has to authenticate before it is closed."""
    max_cached_tables: int = 256
    """Tables kept rebuilt in memory; older ones are rebuilt from the database when needed."""
    max_websockets_per_client: int = 20
    """Open WebSockets allowed to one client address; the next is closed with code 4429."""
    idempotency_keys: int = 64
    """``Idempotency-Key`` answers remembered per table (in memory, the latest ones)."""
    max_status_queries: int = 100
    """Tables one "your tables" status request may ask about."""
    bot_lease: float = 10.0
    """PostgreSQL: seconds a process's claim on a bot turn lasts without renewal (renewed
    every third of it); a process that died loses its turns to another after this."""
    bot_turns: int = 64
    """PostgreSQL: bot turns one process plays at once at most (claimed from the queue)."""

    # Chat (chat.py)
    chat_rate: float = 1.0
    """Chat messages per second one seat may send..."""
    chat_burst: int = 5
    """...with bursts up to this many."""
    chat_max_length: int = 500
    """Longest chat message, in characters (after trimming)."""
    chat_history: int = 100
    """Chat messages a (re)connecting page gets at most."""
