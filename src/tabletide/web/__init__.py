"""The web app: play tabletide's games in a browser, against friends or bots.

:func:`tabletide.web.app.create_app` builds the FastAPI application (REST lobby and game API, a
WebSocket per table for live updates and moves, the static browser client). Games are stored as
seed + options + moves in a SQL database and rebuilt by replay, so they survive restarts; bots
think in a process pool. ``tabletide serve`` runs it; ``docs/web.md`` describes it.
"""

from tabletide.extras import require_extra

require_extra("web", "tabletide.web (the web app)")
