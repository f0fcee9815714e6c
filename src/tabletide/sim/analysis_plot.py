"""The win-chance graph of an analysis (``tabletide analyze --png``), drawn with matplotlib:
one line per side, the key moments marked on their mover's line."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabletide.extras import require_extra

SEAT_COLORS = ["#c0392b", "#2471a3", "#229954", "#d4ac0d", "#7d3c98", "#ca6f1e"]
"""The seat colours of the web client (``static/js/render.js``)."""


def plot_analysis(result: Mapping[str, Any], path: str | Path) -> Path:
    """Draw ``result`` (the JSON of :func:`tabletide.sim.analysis.analyze`) into ``path``."""
    require_extra("plots", "the win-chance graph")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plies = result["plies"]
    xs = [p["ply"] + 1 for p in plies]
    fig, ax = plt.subplots(figsize=(8, 3.6), dpi=110)
    for side, name in enumerate(result["sides"]):
        color = SEAT_COLORS[side % len(SEAT_COLORS)] if side < result["num_players"] else "#555"
        ax.plot(xs, [100 * p["win_prob"][side] for p in plies], color=color, label=name)
    for moment in result["key_moments"]:
        row = plies[moment["ply"]]
        seat = moment["seat"]
        ax.scatter(
            [moment["ply"] + 1],
            [100 * row["win_prob"][seat]],
            s=60,
            facecolors="none",
            edgecolors="black",
            zorder=3,
        )
        ax.annotate(
            f"{moment['ply'] + 1}", (moment["ply"] + 1, 100 * row["win_prob"][seat]), fontsize=7
        )
    ax.set_ylim(0, 100)
    ax.set_xlim(1, max(xs) if xs else 1)
    ax.set_xlabel("decision")
    ax.set_ylabel("chance of winning (%)")
    ax.set_title(f"{result['game']}: win chances ({result['method']}); circles: key moments")
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out)
    plt.close(fig)
    return out
