"""Learning a game inside tabletide (issue 22): every game has a players' rules reference in
``docs/rules/<game>.md``, every decision names the rules that govern it, every option explains
itself, and the main decision of a turn says which options are closed and why.

Checked over random games of every player count, for all five games alike.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletide.engine import Rng, State, load_game
from tabletide.reference import components_block, load_reference

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from rule_coverage import RULES_DIR, defined_ids  # noqa: E402

GAMES = ["shipyard", "tiny_epic_pirates", "ahoy", "maracaibo", "empires_north"]
STATED_SHARE = 0.90
"""At least this share of the spec's rule IDs (gaps aside) appear in the reference."""
NAMED_SHARE = 0.95
"""At least this share of decisions in random games name a rule (issue 22)."""
SEEDS = (3, 11)


def random_states(game_name: str, seeds: tuple[int, ...] = SEEDS) -> Iterator[State]:
    """Every decision of random games, for each player count and seed."""
    game = load_game(game_name)
    for players in range(game.min_players, game.max_players + 1):
        for seed in seeds:
            state = game.new_state(players, seed)
            rng = Rng(seed * 7919 + players)
            while not state.is_terminal():
                yield state
                state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", GAMES)
def test_the_reference_lists_the_components_from_the_content_files(game: str) -> None:
    reference = load_reference(game)
    block = components_block(reference.markdown)
    assert block is not None, f"docs/rules/{game}.md has no components block"
    assert block == load_game(game).components_markdown().strip(), (
        f"docs/rules/{game}.md: the components listing is stale; run "
        "python scripts/rules_components.py"
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_reference_states_the_rules_of_the_spec(game: str) -> None:
    if not RULES_DIR.is_dir():
        pytest.fail(f"the specs are missing: {RULES_DIR}")
    reference = load_reference(game)
    named = {i for s in reference.sections for i in s.mentions}
    defined = defined_ids(game)
    share = len(defined & named) / len(defined)
    missing = sorted(defined - named)
    assert share >= STATED_SHARE, f"{game}: {share:.1%} of the rules; missing {missing[:40]}"
    # Every section stating a rule stays findable by that rule.
    for rule in reference.rule_ids:
        assert rule in reference.section_for(rule).states


@pytest.mark.parametrize("game", GAMES)
def test_decisions_name_their_rules_and_the_reference_states_them(game: str) -> None:
    reference = load_reference(game)
    stated = reference.rule_ids
    decisions = named = 0
    unknown: set[str] = set()
    for state in random_states(game):
        rules = state.decision()["rules"]  # type: ignore[index]
        decisions += 1
        named += bool(rules)
        unknown |= set(rules) - stated
    assert not unknown, f"{game}: decisions name rules the reference does not state: {unknown}"
    assert named / decisions >= NAMED_SHARE, f"{game}: {named}/{decisions} decisions name a rule"


@pytest.mark.parametrize("game", GAMES)
def test_every_option_explains_what_it_will_do(game: str) -> None:
    for n, state in enumerate(random_states(game, seeds=(5,))):
        if n % 3:
            continue
        for action in state.legal_actions():
            detail = state.explain(action)
            assert detail and detail != action.label, f"{game}: {action.label!r} is unexplained"
            assert len(detail) <= 400, f"{game}: {action.label!r}: {len(detail)} characters"
            sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", detail) if s]
            assert len(sentences) <= 3, f"{game}: {action.label!r}: {detail!r}"


@pytest.mark.parametrize("game", GAMES)
def test_closed_options_say_why_and_hide_other_seats_secrets(game: str) -> None:
    stated = load_reference(game).rule_ids
    seen: set[str] = set()
    for n, state in enumerate(random_states(game)):
        seat = state.current_player()
        closed = state.closed_options(seat)
        assert state.closed_options(None) == []
        others = [s for s in range(state.num_players) if s != seat]
        assert all(state.closed_options(s) == [] for s in others)
        labels = {a.label for a in state.legal_actions()}
        for item in closed:
            assert set(item) == {"option", "reason", "rule"}
            assert item["reason"] and item["option"] not in labels, item
            assert item["rule"] in stated, f"{game}: {item} cites a rule the reference lacks"
            seen.add(item["option"])
        if closed and n % 2 == 0:  # the same for every world the seat cannot tell apart
            for k in range(2):
                twin = state.determinize(seat, 1000 + k)
                assert twin.closed_options(seat) == closed, f"{game}: closed options leak"
    assert len(seen) >= 2, f"{game}: random games closed only {sorted(seen)}"
