"""Setup choices, the turn loop, the end of a round, the income phase and the end of the game
(MA-3.11, MA-4, MA-6, MA-GAP-10).

Round end (MA-GAP-10.1/13.9): once a ship reaches Maracaibo, play goes on to the last player in
turn order (who holds the marker on Maracaibo, MA-3.15), so every player has taken the same
number of turns in every round. Then the income phase, and the ships go back to the start area
(MA-GAP-10.2); the start player begins every round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletide.engine import Action, Frame, make_action
from tabletide.games.maracaibo.constants import GRID, ROUNDS, START
from tabletide.games.maracaibo.scoring import final_scoring

if TYPE_CHECKING:
    from tabletide.games.maracaibo.state import MaracaiboState as S


# ---------------------------------------------------------------------------- the quest draft
def legal_draft(s: S, f: Frame) -> list[Action]:
    """MA-3.11 / MA-9.13: discard one of the drawn quests (keep 1 of 2, or 2 of 3)."""
    return [
        make_action("discard_quest", f"Discard quest {q}: {s.content.quests[q].summary}", quest=q)
        for q in s.quests[f.seat]
    ]


def apply_draft(s: S, f: Frame, a: Action) -> None:
    q = a.num("quest")
    s.quests[f.seat].remove(q)
    s.quest_deck.append(q)
    s.log("draft", f.seat, secret={"discarded": q})


def auto_offer(s: S, f: Frame) -> None:
    """MA-3.11: shuffle the discards back and show 2 quests (Royal Orders: 3)."""
    s.rng.shuffle(s.quest_deck)
    size = 3 if "royal_orders" in s.mods else 2
    s.quest_offer = [s.quest_deck.pop() for _ in range(min(size, len(s.quest_deck)))]
    s.log("quest_offer", None, offer=s.quest_offer[:])


def offer_size(s: S) -> int:
    return 3 if "royal_orders" in s.mods else 2


# ---------------------------------------------------------------------------- turns
def auto_first_turn(s: S, f: Frame) -> None:
    s.active = 0
    s.log("round", None, round=s.round)
    s.push("@turn", 0)


def auto_turn(s: S, f: Frame) -> None:
    """MA-4.2: move, then the space's actions; John's turns run by the solo rules."""
    p = s.active
    s.raid_used = []
    s.push("@end_turn", seat_of(s, p))
    if p == s.john:
        s.push("@john", 0)
    else:
        s.push("@move", p)


def seat_of(s: S, p: int) -> int:
    """The engine seat that owns automatic frames of participant ``p`` (John's belong to 0)."""
    return 0 if p == s.john else p


def auto_end_turn(s: S, f: Frame) -> None:
    if s.active == s.john:
        s.john_turns += 1  # for search agents: State.automated_turns
    if s.ending and s.active == s.participants - 1:
        end_round(s)
        return
    s.active = (s.active + 1) % s.participants
    s.push("@turn", seat_of(s, s.active))


def end_round(s: S) -> None:
    """MA-GAP-10: the income phase, then the next round or the final scoring."""
    for p in range(s.participants):
        d, v = s.income(p)  # John's is 0: his cards' income is ignored (MA-8.23)
        if d or v:
            s.doubloons[p] += d
            s.vp[p] += v
            s.log("income", p, doubloons=d, vp=v)
    if "uncharted_locations" in s.mods:  # MA-9.3
        for n in range(GRID):
            # Only the module's own face-down locations: a face-down level II card (Uncharted
            # Waters: Upgrades) is not known to be a location (MA-GAP-12.1).
            if s.slot[n] >= 0 and not s.up[n] and s.face_down_kind(n) == "location":
                s.coins[n] += 1
    if s.round >= ROUNDS:
        final_scoring(s)
        s.over = True
        s.stack.clear()
        s.log("game_over", None, winners=s.winners(), vp=s.vp[:], final=s.final, solo=s.john >= 0)
        return
    s.round += 1
    s.ending = False
    s.ship = [START] * s.participants
    s.active = 0
    s.log("round", None, round=s.round)
    s.push("@turn", 0)


LEGAL = {"draft": legal_draft}
APPLY = {"draft": apply_draft}
AUTO = {
    "@offer": auto_offer,
    "@first_turn": auto_first_turn,
    "@turn": auto_turn,
    "@end_turn": auto_end_turn,
}
