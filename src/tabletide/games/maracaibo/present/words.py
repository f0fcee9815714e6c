"""Pirates of Maracaibo's components in words: an effect, a permanent ability or a ship-board
slot in a few words, for action labels (the rules), the view and the pictures. Reads only the
content and the constants."""

from __future__ import annotations

from functools import cache

from tabletide.games.maracaibo.constants import FIGUREHEAD_COST, QUEST_SELL
from tabletide.games.maracaibo.content import Effect, Perm, Slot


def article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


DIE_OF = {"gold": "yellow", "emerald": "green", "pearl": "white"}
COUNTED_WORDS = {
    "buried": "buried treasure",
    "crew": "Crew card",
    "equipment": "Equipment card",
    "ship": "Ship card",
    "cards": "upgrade card",
    "cards_res": "upgrade card or residence",
    "residences": "residence",
    "lightning": "one-time card",
    "river": "river crossed",
    "quests": "quest card",
    "fulfilled": "fulfilled quest",
    "gold": "gold",
    "emerald": "emerald",
    "pearl": "pearl",
    "set": "set of gold, emerald and pearl",
    "income_d": "doubloon of income",
    "income_vp": "VP of income",
    "upgrades": "ship upgrade",
}


def _treasure_words(e: Effect) -> str:
    kind = {"any": "of one type of your choice", "die": "of the die's colour"}.get(str(e.color))
    if kind is None:
        return f"{article(str(e.color))} {e.color}" if e.n == 1 else f"{e.n} {e.color}s"
    return f"a treasure {kind}" if e.n == 1 else f"{e.n} treasures {kind}"


@cache
def describe(e: Effect) -> str:
    """An effect in a few words, for labels and the screen."""
    n = e.n
    if e.do == "treasure":
        return _treasure_words(e)
    if e.do == "refill":
        color = "of one type of your choice" if e.color == "any" else str(e.color)
        cubes = "a cube" if n == 1 else "2 identical cubes"
        return (
            f"{cubes} {color} onto its island"
            if e.color == "any"
            else (f"{cubes} onto the {color} island")
        )
    if e.do == "card":
        what = {"crew": "a Crew", "equipment": "an Equipment", "ship": "a Ship"}.get(
            str(e.category), "an upgrade"
        )
        return f"{what} card from the Caribbean" + (f" (cost +{n})" if n else "")
    if e.do == "per":
        cap = f" (at most {e.cap})" if e.cap else ""
        return f"{n} VP per {COUNTED_WORDS[str(e.what)]}{cap}"
    words = {
        "vp": f"{n} VP",
        "doubloons": f"{n} doubloon{'s' if n != 1 else ''}",
        "pay": f"pay {n}",
        "raid": "raid",
        "raid_die": f"raid with the {DIE_OF.get(str(e.color))} die +{n}",
        "raid_as": f"raid as if {n} was rolled",
        "explore": f"explore {n}",
        "explore_space": "your explorer's space again",
        "bury": f"bury {n}" if n > 1 else "bury a treasure",
        "quest": "a quest",
        "quest_sell": f"discard a quest for {QUEST_SELL} doubloons",
        "ship_upgrade": "a ship upgrade",
        "figurehead": f"a figurehead (pay {FIGUREHEAD_COST})",
        "smuggler": "place a smuggler tile",
        "activate_smuggler": "activate one of your smuggler tiles",
        "residence": "build a residence",
        "income_vp": "VP equal to your VP income",
        "income_doubloons": "doubloons equal to your doubloon income",
    }
    return words[e.do]


@cache
def describe_all(effects: tuple[Effect, ...]) -> str:
    return ", ".join(describe(e) for e in effects) or "nothing"


def describe_perm(p: Perm) -> str:
    """A permanent ability in a few words."""
    color = f" ({p.color} die)" if p.color else ""
    return {
        "raid_bonus": f"raid +{p.n}{color}",
        "raid_action": f"raid action: {p.n} strength -> {describe_all(p.gives)}",
        "explore_bonus": f"explore +{p.n}",
        "trade": f"explore: give up {p.n} step(s) for {describe_all(p.gives)}",
        "discount": f"discount {p.n}",
        "moves": f"sail up to {p.n} spaces",
        "rerolls": f"up to {p.n} rerolls",
        "income": f"income +{p.n} doubloons" + (f", +{p.vp} VP" if p.vp else ""),
    }[p.perm]


def describe_slot(slot: Slot) -> str:
    """A ship-board slot's benefit in a few words."""
    if slot.effects:
        return describe_all(slot.effects)
    return "; ".join(describe_perm(p) for p in slot.permanent)
