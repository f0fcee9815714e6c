"""How fully each game teaches itself (issue 22): over random games, the share of decisions that
name a rule, the distinct closed options seen, and the share of sampled actions explained.

    python scripts/guide_stats.py            # the five games, seeds 3 and 11, every player count

The bars themselves are held by ``tests/test_guide.py``; this prints the numbers.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_guide import GAMES, random_states


def main() -> int:
    for game in GAMES:
        decisions = named = explained = sampled = 0
        closed: set[str] = set()
        for i, state in enumerate(random_states(game, seeds=(3, 11))):
            decisions += 1
            named += bool(state.decision()["rules"])  # type: ignore[index]
            closed |= {c["option"] for c in state.closed_options(state.current_player())}
            if i % 7 == 0:
                for action in state.legal_actions():
                    sampled += 1
                    explained += state.explain(action) != action.label
        print(
            f"{game}: {named}/{decisions} decisions name a rule ({named / decisions:.1%}); "
            f"{len(closed)} distinct closed options; {explained}/{sampled} sampled actions "
            "explained"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
