"""Write each game's components listing into its rules reference, from the content files.

    python scripts/rules_components.py            # rewrite the blocks in docs/rules/*.md
    python scripts/rules_components.py --check    # exit 1 if a block is out of date

The listing is ``game.components_markdown()`` (each game's ``present/components.py``); it goes
between ``<!-- components:start -->`` and ``<!-- components:end -->``. ``tests/test_reference.py``
fails when a reference's block differs from the data.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tabletide.engine import list_games, load_game
from tabletide.reference import components_block, with_components

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games to do (default: all)")
    parser.add_argument("--check", action="store_true", help="only report stale blocks")
    args = parser.parse_args()
    stale = 0
    for name in args.games or list_games():
        game = load_game(name)
        path = DOCS / f"{game.name}.md"
        text = path.read_text(encoding="utf-8")
        listing = game.components_markdown().strip()
        if components_block(text) == listing:
            continue
        stale += 1
        if args.check:
            print(f"{path}: the components listing is out of date", file=sys.stderr)
        else:
            path.write_text(with_components(text, listing), encoding="utf-8")
            print(f"{path}: components listing rewritten")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
