"""Empires of the North rule tests: setup (EN-3), the round (EN-4: the Lookout with its STORED
income, hands, reshuffles), the order of turns in the Action phase (EN-5.1), Cleanup (EN-7), the
end of the game (EN-8.1, EN-GAP-8, the ROUND_LIMIT stop), the final scoring (EN-8.2, EN-GAP-9)
and the tie-breaks (EN-8.4)."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletide.engine import ConfigError
from tabletide.games.empires_north.constants import (
    CLANS,
    DECK_SIZE,
    ROUND_LIMIT,
    TILES,
)
from tabletide.games.empires_north.state import EmpiresState

from .helpers import (
    DISTANT,
    GAME,
    NEAR,
    act,
    build,
    card_id,
    clear,
    give,
    kind,
    kinds,
    make_card,
    new,
    pass_all,
    tile,
    turn,
)

rule = pytest.mark.rule


# ---------------------------------------------------------------------------- private helpers
def _fresh(n: int = 2, clans: tuple[str, ...] = ("glenn", "olaf"), seed: int = 0) -> EmpiresState:
    """A new game at its first decision (the opening, EN-3.15)."""
    options = {f"clan_{k + 1}": c for k, c in enumerate(clans)}
    s = GAME.new_state(n, seed, options)
    assert isinstance(s, EmpiresState)
    return s


def _lookouts_done(s: EmpiresState) -> None:
    """Every player keeps nothing at the Lookout."""
    for _ in range(2 * s.num_players):
        if kind(s) != "lookout":
            return
        act(s, "done")
    raise AssertionError("the Lookout does not end")


def _to_lookout(s: EmpiresState) -> None:
    """From the Action phase to the next round's Lookout (nobody sails)."""
    pass_all(s)
    assert kind(s) == "lookout", kind(s)


def _vp_card(s: EmpiresState, vp: int) -> int:
    """An action location "Action: gain ``vp`` VP"."""
    return make_card(s, type="action", action={"effects": [[{"do": "gain", "goods": {"vp": vp}}]]})


def _vp_island(s: EmpiresState, vp: int) -> int:
    """A raid-only near island "Raid and gain ``vp`` VP", face up in the first near slot."""
    card = make_card(s, type="island", distance="near", raid={"vp": vp}, conquerable=False)
    s.isl_up[NEAR][0] = card
    return card


def _stored_card(s: EmpiresState, each: int = 2) -> int:
    """EN-11.8's card: "Action: assign 1 wood. STORED ``each`` wood: 1 stone / 1 VP"."""
    return make_card(
        s,
        type="action",
        action={"assign": {"wood": 1}},
        stored={
            "good": "wood",
            "each": each,
            "yields": [
                [{"do": "gain", "goods": {"stone": 1}}],
                [{"do": "gain", "goods": {"vp": 1}}],
            ],
        },
    )


def _clan_cards(s: EmpiresState, p: int) -> list[int]:
    """The distinct non-starting cards of ``p``'s clan."""
    return [i for i, c in enumerate(s.cards) if c.clan == s.clan[p] and not c.start]


def _sail(s: EmpiresState, p: int) -> None:
    """``p`` (cleared: no goods, empty hand) places a disc on SAIL: a plain ship joins the queue."""
    assert s.current_player() == p
    act(s, "disc", tile=tile("sail"))


# ============================================================================ EN-3 setup
@rule("EN-3.6", "EN-2.5", "EN-5.4")
def test_en_3_6_circle_is_a_random_permutation_of_the_five_tiles() -> None:
    circles = set()
    for seed in range(20):
        s = _fresh(seed=seed)
        assert sorted(s.circle) == sorted(TILES)
        circles.add(s.circle)
    assert len(circles) > 3, "the tiles are laid out in a random order"


@rule("EN-3.6", "EN-5.3.2")
@pytest.mark.parametrize("i", range(5))
def test_en_3_6_adjacency_is_the_two_neighbours_in_the_circle(i: int) -> None:
    """Tile i of the circle is adjacent to tiles i-1 and i+1 (mod 5): a paid disc move from it
    may go to exactly those two."""
    s = new()
    clear(s, 0)
    build(s, 0, "Kailyard")  # something to HARVEST
    free = make_card(s, type="action", action={"effects": [[{"do": "gain", "goods": {"wood": 1}}]]})
    s.hand[0] = [free, free]  # something to build with CONSTRUCTION, twice
    here = s.circle[i]
    act(s, "disc", tile=TILES.index(here))
    while s.current_player() == 0 and kind(s) != "turn":
        s.apply(s.legal_actions()[0])
    act(s, "pass")  # seat 1
    give(s, 0, food=1)
    moves = {a["to"] for a in s.legal_actions() if a.kind == "move"}
    left, right = s.circle[(i - 1) % 5], s.circle[(i + 1) % 5]
    assert moves == {TILES.index(left), TILES.index(right)}


@rule("EN-3.6", "EN-5.3.6")
def test_en_5_3_6_circle_order_never_changes_between_rounds() -> None:
    s = new()
    circle = s.circle
    for _ in range(3):
        _to_lookout(s)
        _lookouts_done(s)
        assert s.circle == circle


@rule("EN-3.3", "EN-3.4", "EN-3.5")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_en_3_5_two_near_and_two_distant_islands_face_up(seed: int) -> None:
    s = _fresh(seed=seed)
    total: Counter[str | None] = Counter()
    for c in s.cards:
        if c.type == "island":
            total[c.distance] += c.copies
    for d, distance in ((NEAR, "near"), (DISTANT, "distant")):
        assert len(s.isl_up[d]) == 2
        assert all(s.cards[i].distance == distance for i in s.isl_up[d])
        assert len(s.isl_deck[d]) + 2 == total[distance]
        assert all(s.cards[i].distance == distance for i in s.isl_deck[d])
        assert s.isl_discard[d] == []


@rule("EN-3.3", "EN-3.4")
def test_en_3_3_island_decks_are_shuffled() -> None:
    ups = {tuple(_fresh(seed=seed).isl_up[NEAR]) for seed in range(12)}
    decks = {tuple(_fresh(seed=seed).isl_deck[DISTANT]) for seed in range(12)}
    assert len(ups) > 2 and len(decks) > 2


@rule("EN-3.7", "EN-3.8", "EN-3.12")
@pytest.mark.parametrize(
    "clans", [("glenn", "olaf", "nanuuk"), ("heidel", "panurjuk", "mackinnon")]
)
def test_en_3_8_three_starting_locations_ready_and_their_goods(clans: tuple[str, ...]) -> None:
    s = _fresh(3, clans)
    for p, clan in enumerate(clans):
        starts = [i for i, c in enumerate(s.cards) if c.clan == clan and c.start]
        assert len(starts) == 3
        assert [pl.card for pl in s.empire[p]] == starts
        assert all(not pl.exhausted and pl.host < 0 for pl in s.empire[p])
        expected: Counter[str] = Counter()
        for i in starts:
            expected.update(s.cards[i].produce)
        assert {g: k for g, k in s.goods[p].items() if k} == dict(expected)  # EN-3.12


@rule("EN-3.7", "EN-3.8")
def test_en_3_8_the_clan_deck_is_the_30_other_cards_shuffled() -> None:
    decks = set()
    for seed in range(4):
        s = _fresh(seed=seed)
        for p in range(2):
            drawn = s.deck[p] + s.look[p]
            assert len(drawn) == DECK_SIZE
            expected = Counter(
                {i: c.copies for i, c in enumerate(s.cards) if c.clan == s.clan[p] and not c.start}
            )
            assert Counter(drawn) == expected
            assert s.hand[p] == [] and s.discard[p] == []
        decks.add(tuple(s.deck[0]))
    assert len(decks) > 1


@rule("EN-3.7", "EN-3.9", "EN-3.10", "EN-3.13", "EN-2.7", "EN-2.9")
def test_en_3_13_five_workers_two_ships_olaf_too_two_discs_score_zero() -> None:
    s = _fresh(4, ("olaf", "glenn", "heidel", "nanuuk"))
    for p in range(4):
        assert s.workers[p] == 5 and s.tired[p] == 0
        assert s.ships[p] == 2 and s.ships_free(p) == 2  # Olaf (seat 0) too
        assert s.disc_at[p] == [-1, -1]  # both discs in the supply,
        assert s.disc_x[p] == [False, False]  # not exhausted
        assert s.vp[p] == 0
        assert s.stock[p] == {}
    assert s.queue == []


@rule("EN-3.7", "EN-GAP-11")
def test_en_3_7_named_clans_are_seated_and_random_ones_never_repeat() -> None:
    seen_first = set()
    for seed in range(25):
        s = _fresh(4, ("random", "nanuuk", "random", "random"), seed=seed)
        assert s.clan[1] == "nanuuk"
        assert len(set(s.clan)) == 4
        assert all(c in CLANS for c in s.clan)
        seen_first.add(s.clan[0])
        s3 = _fresh(3, (), seed=seed)  # every clan random
        assert len(set(s3.clan)) == 3
    assert len(seen_first) > 2, "random clans are drawn at random"


@rule("EN-3.7")
def test_en_3_7_the_same_clan_twice_is_refused() -> None:
    with pytest.raises(ConfigError):
        GAME.new_state(2, 0, {"clan_1": "olaf", "clan_2": "olaf"})
    with pytest.raises(ConfigError):
        GAME.new_state(4, 0, {"clan_1": "random", "clan_2": "heidel", "clan_4": "heidel"})


@rule("EN-3.7")
def test_en_3_7_a_clan_for_a_seat_beyond_the_player_count_is_refused() -> None:
    with pytest.raises(ConfigError):
        GAME.new_state(2, 0, {"clan_1": "glenn", "clan_3": "olaf"})
    with pytest.raises(ConfigError):
        GAME.new_state(3, 0, {"clan_4": "olaf"})
    GAME.new_state(3, 0, {"clan_3": "olaf"})  # the last seat is fine


@rule("EN-3.14", "EN-2.11")
def test_en_3_14_start_player_is_random_and_opens_first() -> None:
    starts = set()
    for seed in range(12):
        s = _fresh(3, ("glenn", "olaf", "nanuuk"), seed=seed)
        starts.add(s.start)
        assert kind(s) == "opening" and s.current_player() == s.start
    assert starts == {0, 1, 2}


@rule("EN-3.15")
def test_en_3_15_opening_draw_5_keep_3_free() -> None:
    s = _fresh(seed=3)
    first = s.start
    chosen = {}
    for p in (first, 1 - first):
        assert s.current_player() == p and kind(s) == "opening"
        look = list(s.look[p])
        assert len(look) == 5
        assert len(s.deck[p]) == DECK_SIZE - 5
        # keep the last three drawn
        want = look[2:]
        for card in want:
            if kind(s) == "opening" and s.current_player() == p:
                act(s, "keep", card=card)
        chosen[p] = (sorted(want), sorted(look[:2]))
    for p in (0, 1):
        kept, rejected = chosen[p]
        assert s.hand[p] == kept
        assert sorted(s.discard[p]) == rejected
        assert s.workers[p] == 5 and s.tired[p] == 0  # free
    # then the first round's Lookout
    assert kind(s) == "lookout" and s.round == 1


# ============================================================================ EN-4 the round
@rule("EN-4.1")
def test_en_4_1_phases_lookout_action_expedition_cleanup() -> None:
    s = _fresh()
    while kind(s) == "opening":
        s.apply(s.legal_actions()[0])
    assert kind(s) == "lookout" and s.phase == "lookout" and s.round == 1
    _lookouts_done(s)
    assert kind(s) == "turn" and s.phase == "action"
    turn(s, 0)
    clear(s, 0)
    _sail(s, 0)
    pass_all(s)
    assert kind(s) == "voyage" and s.phase == "expedition"
    act(s, "skip")
    # Cleanup ran (the start player moved on), then the next round's Lookout
    assert kind(s) == "lookout" and s.phase == "lookout" and s.round == 2
    assert s.start == 1


@rule("EN-4.3", "EN-11.1")
def test_en_11_1_lookout_keep_2_of_4_tires_2_workers_discards_2() -> None:
    s = new()
    _to_lookout(s)
    act(s, "done")  # seat 1 (now the start player) keeps nothing
    assert s.current_player() == 0 and kind(s) == "lookout"
    look = list(s.look[0])
    held = [c for c in _clan_cards(s, 0) if c not in look][:3]
    s.hand[0] = sorted(held)  # the cards set aside in step 1
    assert len(look) == 4
    # the set-aside hand is not offered: only the drawn cards can be kept
    assert {a["card"] for a in s.legal_actions() if a.kind == "keep"} == set(look)
    discard_before = list(s.discard[0])
    act(s, "keep", card=look[0])
    act(s, "keep", card=look[1])
    act(s, "done")
    assert s.tired[0] == 2 and s.workers[0] == 3
    assert sorted(s.hand[0]) == sorted([*held, look[0], look[1]])
    assert Counter(s.discard[0]) == Counter(discard_before) + Counter(look[2:])
    assert kind(s) == "turn"


@rule("EN-4.3", "EN-4.3a")
def test_en_4_3a_keep_all_four_or_none() -> None:
    s = new()
    _to_lookout(s)
    look1 = list(s.look[1])
    act(s, "done")  # seat 1 keeps none
    assert s.tired[1] == 0 and s.workers[1] == 5
    assert Counter(s.discard[1]) >= Counter(look1)
    look0 = list(s.look[0])
    hand0 = list(s.hand[0])
    for card in look0:
        if kind(s) == "lookout":
            act(s, "keep", card=card)
    assert s.tired[0] == 4 and s.workers[0] == 1
    assert sorted(s.hand[0]) == sorted(hand0 + look0)


@rule("EN-4.3a")
def test_en_4_3a_keep_no_more_cards_than_available_workers() -> None:
    s = new()
    s.workers[0], s.tired[0] = 1, 0
    _to_lookout(s)
    act(s, "done")  # seat 1
    look = list(s.look[0])
    hand0 = list(s.hand[0])
    act(s, "keep", card=look[0])
    # no worker left: nothing more can be kept, the rest is discarded
    assert s.look[0] == []
    assert s.workers[0] == 0 and s.tired[0] == 1
    assert sorted(s.hand[0]) == sorted([*hand0, look[0]])
    assert Counter(s.discard[0]) >= Counter(look[1:])


@rule("EN-4.3")
def test_en_4_3_lookout_keep_options_need_a_worker() -> None:
    s = new()
    s.workers[0] = 0
    _to_lookout(s)
    act(s, "done")  # seat 1
    # seat 0's decision had only "done" and was taken for it
    assert kind(s) == "turn"
    assert s.tired[0] == 0 and s.look[0] == []


@rule("EN-4.6", "EN-GAP-13")
def test_en_4_6_lookout_reshuffles_the_discard_pile_before_discarding_rejects() -> None:
    """EN-GAP-13(a): the deck runs out during the 4-card draw; the discard pile becomes the new
    deck, and only then do the rejected cards go to the (now empty) discard pile."""
    s = new()
    ids = _clan_cards(s, 0)
    deck, old_discard = ids[:2], ids[2:7]
    s.deck[0] = list(deck)
    s.discard[0] = list(old_discard)
    _to_lookout(s)
    look = list(s.look[0])
    assert len(look) == 4
    assert set(deck) <= set(look)  # both deck cards drawn first
    assert len(s.deck[0]) == 3 and set(s.deck[0]) <= set(old_discard)
    assert Counter(look) + Counter(s.deck[0]) == Counter(deck + old_discard)
    assert s.discard[0] == []
    act(s, "done")  # seat 1
    act(s, "keep", card=look[0])
    act(s, "done")
    assert Counter(s.discard[0]) == Counter(look[1:])  # rejects only, not reshuffled
    assert len(s.deck[0]) == 3


@rule("EN-4.6")
def test_en_4_6_reshuffle_randomises_the_new_deck() -> None:
    orders = set()
    for seed in range(8):
        s = new(seed=seed)
        ids = _clan_cards(s, 0)
        s.deck[0] = []
        s.discard[0] = list(ids[:10])
        _to_lookout(s)
        orders.add(tuple(s.look[0]))
    assert len(orders) > 1


@rule("EN-4.6")
def test_en_4_6_lookout_draws_fewer_when_deck_and_discard_are_empty() -> None:
    s = new()
    ids = _clan_cards(s, 0)
    s.deck[0], s.discard[0] = ids[:2], []
    _to_lookout(s)
    assert sorted(s.look[0]) == sorted(ids[:2])


@rule("EN-4.5")
def test_en_4_5_hand_size_is_unlimited() -> None:
    s = new()
    ids = _clan_cards(s, 0)
    big = sorted(ids[:12])
    s.hand[0] = list(big)
    _to_lookout(s)
    act(s, "done")  # seat 1
    look = list(s.look[0])
    for card in look:
        if kind(s) == "lookout":
            act(s, "keep", card=card)
    assert len(s.hand[0]) == 16
    _to_lookout(s)  # a whole round and a Cleanup: nothing is discarded from the hand
    assert Counter(s.hand[0]) == Counter(big + look)


# ---------------------------------------------------------------------------- STORED
@rule("EN-4.4", "EN-9.9", "EN-11.8")
@pytest.mark.parametrize(
    ("choices", "stone", "vp"),
    [((0, 0), 2, 0), ((1, 1), 0, 2), ((0, 1), 1, 1), ((1, 0), 1, 1)],
)
def test_en_11_8_stored_5_on_a_stored_2_card_gives_2_yields_chosen_separately(
    choices: tuple[int, int], stone: int, vp: int
) -> None:
    s = new()
    card = _stored_card(s, each=2)
    pos = build(s, 0, card)
    s.stock[0][pos] = {"wood": 5}
    _to_lookout(s)
    stone0, vp0 = s.goods[0]["stone"], s.vp[0]
    act(s, "done")  # seat 1
    assert kind(s) == "lookout"  # not paid before every player has finished the Lookout
    act(s, "done")  # seat 0
    for i in choices:
        assert kind(s) == "alt" and s.current_player() == 0
        act(s, "alt", i=i)
    # exactly 2 yields: the fifth wood gives nothing; then the Action phase starts
    assert kind(s) == "turn" and s.phase == "action"
    assert s.goods[0]["stone"] - stone0 == stone
    assert s.vp[0] - vp0 == vp
    assert s.stock[0][pos] == {"wood": 5}  # the stored goods stay on the card


@rule("EN-9.9", "EN-4.4")
@pytest.mark.parametrize(("stored", "yields"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (6, 3)])
def test_en_9_9_one_yield_per_each_n_goods_stored(stored: int, yields: int) -> None:
    s = new()
    card = _stored_card(s, each=2)
    pos = build(s, 0, card)
    if stored:
        s.stock[0][pos] = {"wood": stored}
    _to_lookout(s)
    _lookouts_done(s)
    got = 0
    while kind(s) == "alt":
        act(s, "alt", i=1)
        got += 1
    assert got == yields
    assert kind(s) == "turn"


@rule("EN-4.4", "EN-9.9")
def test_en_4_4_stored_pays_every_round_after_the_lookout_for_every_player() -> None:
    s = new()
    mine = _stored_card(s, each=1)
    theirs = _stored_card(s, each=3)
    p0 = build(s, 0, mine)
    p1 = build(s, 1, theirs)
    s.stock[0][p0] = {"wood": 1}
    s.stock[1][p1] = {"wood": 3}
    for _ in range(2):
        _to_lookout(s)
        vp = list(s.vp)
        _lookouts_done(s)
        while kind(s) == "alt":
            act(s, "alt", i=1)
        assert [s.vp[0] - vp[0], s.vp[1] - vp[1]] == [1, 1]


# ============================================================================ EN-5.1 turn order
@rule("EN-5.1.1", "EN-5.1.3", "EN-5.1.4")
def test_en_5_1_one_action_per_turn_clockwise_from_the_start_player() -> None:
    s = new(3, ("glenn", "olaf", "nanuuk"))
    for p in range(3):
        clear(s, p)
    turn(s, 1)
    populate = tile("populate")
    seen = []
    for _ in range(3):
        seen.append(s.current_player())
        act(s, "disc", tile=populate)
    assert seen == [1, 2, 0]
    assert s.workers == [6, 6, 6]  # one action each, not more
    seen = []
    for _ in range(3):
        seen.append(s.current_player())
        act(s, "disc", tile=populate)  # the second disc: any number of actions over the phase
    assert seen == [1, 2, 0]
    assert s.workers == [7, 7, 7]


@rule("EN-5.1.4", "EN-5.1.5", "EN-5.7")
def test_en_5_1_4_passed_players_are_skipped_and_the_phase_ends_when_all_passed() -> None:
    s = new(3, ("glenn", "olaf", "nanuuk"))
    for p in range(3):
        clear(s, p)
    card = build(s, 2, _vp_card(s, 1))
    other = build(s, 2, _vp_card(s, 1))
    turn(s, 1)
    populate = tile("populate")
    act(s, "pass")  # seat 1
    assert s.current_player() == 2
    act(s, "disc", tile=populate)  # seat 2
    assert s.current_player() == 0
    act(s, "disc", tile=populate)  # seat 0
    assert s.current_player() == 2  # seat 1 is skipped
    act(s, "use", pos=card)  # seat 2
    assert s.current_player() == 0  # seat 1 is skipped again
    act(s, "pass")  # seat 0
    assert s.current_player() == 2 and kind(s) == "turn"
    act(s, "use", pos=other)  # seat 2, alone: turn after turn
    assert s.current_player() == 2 and kind(s) == "turn" and s.phase == "action"
    assert s.workers == [6, 5, 6]
    act(s, "pass")
    # all passed: the Expedition and Cleanup ran, the next round began
    assert s.phase == "lookout" and s.round == 2


@rule("EN-5.1.6", "EN-8.1")
def test_en_5_1_6_the_action_phase_continues_after_25_vp() -> None:
    s = new()
    clear(s, 0)
    clear(s, 1)
    pos = build(s, 0, _vp_card(s, 25))
    act(s, "use", pos=pos)
    assert s.vp[0] == 25 and s.last_round
    assert kind(s) == "turn" and s.current_player() == 1
    act(s, "disc", tile=tile("populate"))  # seat 1 still acts
    assert kind(s) == "turn" and s.current_player() == 0  # and seat 0 too
    act(s, "disc", tile=tile("populate"))
    assert s.workers == [6, 6]
    assert not s.is_terminal()
    pass_all(s)
    assert s.is_terminal()


# ============================================================================ EN-7 Cleanup
@rule("EN-7.1", "EN-7.2")
def test_en_7_1_cleanup_resets_workers_cards_discs_islands_and_start_player() -> None:
    s = new()
    s.workers[0], s.tired[0] = 3, 2
    s.workers[1], s.tired[1] = 1, 6
    s.empire[0][0] = s.empire[0][0]._replace(exhausted=True)
    s.empire[1][2] = s.empire[1][2]._replace(exhausted=True)
    s.disc_at[0] = [tile("populate"), tile("harvest")]
    s.disc_x[0] = [True, False]
    s.disc_at[1] = [tile("sail"), -1]
    s.disc_x[1] = [True, False]
    s.disc_uses[0] = [2, 1]
    give(s, 0, stone=3, gold=2, axe=1)
    give(s, 1, fish=4)
    s.stock[0][1] = {"wood": 2, "worker": 1}
    goods = [dict(g) for g in s.goods]
    stock = [{k: dict(v) for k, v in x.items()} for x in s.stock]
    # one near island was taken this round
    left_near = s.isl_up[NEAR][1]
    s.isl_up[NEAR][0] = -1
    old_distant = list(s.isl_up[DISTANT])
    near_top = s.isl_deck[NEAR][-2:][::-1]
    distant_top = s.isl_deck[DISTANT][-2:][::-1]
    _to_lookout(s)  # the Expedition (no ships) and Cleanup
    # 1. tired workers back to the supply
    assert s.workers == [5, 7] and s.tired == [0, 0]
    # 2. every card refreshed
    assert not any(pl.exhausted for p in range(2) for pl in s.empire[p])
    # 3. discs back, not exhausted
    assert s.disc_at == [[-1, -1], [-1, -1]]
    assert s.disc_x == [[False, False], [False, False]]
    # 4. face-up islands discarded, 2 + 2 new ones from the decks
    assert s.isl_discard[NEAR] == [left_near]
    assert sorted(s.isl_discard[DISTANT]) == sorted(old_distant)
    assert s.isl_up[NEAR] == near_top
    assert s.isl_up[DISTANT] == distant_top
    # 5. the start player token passes left
    assert s.start == 1 and s.current_player() == 1
    # EN-7.2: goods and assigned goods are kept
    assert s.goods == goods
    assert s.stock == stock
    assert s.round == 2


@rule("EN-7.1")
def test_en_7_1_a_moved_disc_is_reusable_after_cleanup() -> None:
    """Step 3 through the public API: a disc moved (exhausted) this round can be placed and
    moved again next round."""
    s = new()
    clear(s, 0)
    clear(s, 1)
    populate = tile("populate")
    act(s, "disc", tile=populate)
    act(s, "pass")  # seat 1
    give(s, 0, food=1)
    target = next(a["to"] for a in s.legal_actions() if a.kind == "move")
    act(s, "move", disc=0, to=target)
    while s.current_player() == 0 and kind(s) not in ("turn",):
        s.apply(s.legal_actions()[0])
    assert s.disc_x[0][0]
    pass_all(s)
    while kind(s) == "voyage":  # the move may have been to SAIL
        act(s, "skip")
    _lookouts_done(s)
    turn(s, 0)
    assert "disc" in kinds(s)
    act(s, "disc", tile=populate)
    act(s, "pass")  # seat 1
    give(s, 0, food=1)
    assert "move" in kinds(s)


@rule("EN-7.1")
def test_en_7_1_start_player_passes_left_around_the_table() -> None:
    s = new(3, ("glenn", "olaf", "nanuuk"))
    turn(s, 2)
    _to_lookout(s)
    assert s.start == 0
    _lookouts_done(s)
    assert s.current_player() == 0
    _to_lookout(s)
    assert s.start == 1


@rule("EN-7.1", "EN-6.7")
def test_en_7_1_new_face_up_islands_reshuffle_an_empty_deck() -> None:
    s = new()
    old = list(s.isl_up[NEAR])
    s.isl_deck[NEAR] = []
    _to_lookout(s)
    # the discarded face-ups are the only cards left: they come back up
    assert sorted(s.isl_up[NEAR]) == sorted(old)
    assert s.isl_discard[NEAR] == []


@rule("EN-7.0", "EN-8.1")
def test_en_7_0_no_cleanup_in_the_last_round() -> None:
    s = new()
    s.last_round = True
    s.workers[0], s.tired[0] = 3, 2
    s.empire[0][0] = s.empire[0][0]._replace(exhausted=True)
    ups = [list(u) for u in s.isl_up]
    start = s.start
    pass_all(s)
    assert s.is_terminal()
    assert s.tired[0] == 2 and s.workers[0] == 3
    assert s.empire[0][0].exhausted
    assert s.isl_up == ups and s.start == start and s.round == 1


# ============================================================================ EN-8.1 the end
@rule("EN-8.1", "EN-4.2")
def test_en_8_1a_25_vp_in_the_action_phase_ends_after_this_rounds_expedition() -> None:
    s = new()
    clear(s, 0)
    clear(s, 1)
    pos = build(s, 0, _vp_card(s, 25))
    act(s, "use", pos=pos)
    assert s.last_round and not s.next_last
    raid = s.cards[s.isl_up[NEAR][0]].raid
    _sail(s, 1)
    pass_all(s)
    # this round's Expedition still happens
    assert kind(s) == "voyage" and s.current_player() == 1
    act(s, "raid", slot=0)
    assert {g: k for g, k in s.goods[1].items() if k} == raid
    assert s.is_terminal() and s.round == 1
    assert s.final and s.phase == "over"


def _to_voyage_at_20_vp(s: EmpiresState) -> None:
    """Seat 0 at 20 VP sails to a 5 VP island; everybody passes: its voyage is pending."""
    clear(s, 0)
    clear(s, 1)
    give(s, 0, vp=20)
    _vp_island(s, 5)
    _sail(s, 0)
    pass_all(s)
    assert kind(s) == "voyage"


@rule("EN-8.1")
def test_en_8_1b_25_vp_in_the_expedition_makes_the_next_round_the_last() -> None:
    s = new()
    _to_voyage_at_20_vp(s)
    act(s, "raid", slot=0)
    assert s.vp[0] == 25
    # Cleanup happened, round 2 began, and it is the last
    assert kind(s) == "lookout" and s.round == 2
    assert s.last_round and not s.next_last
    assert s.start == 1 and s.tired == [0, 0]
    _lookouts_done(s)
    assert not s.is_terminal()
    s.tired[0] = 1
    pass_all(s)
    assert s.is_terminal() and s.round == 2
    assert s.tired[0] == 1  # no Cleanup after the last round


@rule("EN-8.1", "EN-GAP-8")
def test_en_gap_8_25_vp_through_stored_in_the_lookout_counts_as_the_action_phase() -> None:
    s = new()
    give(s, 0, vp=24)
    pos = build(s, 0, _stored_card(s, each=2))
    s.stock[0][pos] = {"wood": 2}
    _to_lookout(s)
    assert not s.last_round
    _lookouts_done(s)
    act(s, "alt", i=1)  # 1 VP
    assert s.vp[0] == 25
    assert s.last_round and not s.next_last  # this round is the last, not the next
    assert kind(s) == "turn" and s.round == 2
    pass_all(s)
    assert s.is_terminal() and s.round == 2


@rule("EN-8.1", "EN-GAP-8")
def test_en_gap_8_25_vp_in_the_expedition_of_the_last_round_changes_nothing() -> None:
    s = new()
    s.last_round = True
    _to_voyage_at_20_vp(s)
    act(s, "raid", slot=0)
    assert s.vp[0] >= 25
    assert s.is_terminal() and s.round == 1
    assert not s.next_last


@rule("EN-8.1", "EN-GAP-8")
def test_en_gap_8_reaching_25_again_in_the_announced_last_round_changes_nothing() -> None:
    """(b) made round 2 the last; another 25 VP in round 2's Expedition does not add a round."""
    s = new()
    _to_voyage_at_20_vp(s)
    act(s, "raid", slot=0)
    _lookouts_done(s)
    assert s.last_round and s.round == 2
    turn(s, 1)
    give(s, 1, vp=20)
    _vp_island(s, 10)
    _sail(s, 1)
    pass_all(s)
    act(s, "raid", slot=0)
    assert s.vp[1] >= 25
    assert s.is_terminal() and s.round == 2


@rule("EN-8.1")
def test_en_8_1_below_25_the_game_goes_on() -> None:
    s = new()
    clear(s, 0)
    clear(s, 1)
    pos = build(s, 0, _vp_card(s, 24))
    act(s, "use", pos=pos)
    assert not s.last_round
    pass_all(s)
    assert not s.is_terminal() and s.round == 2


@rule("EN-8.1")
def test_en_8_1_round_limit_is_a_software_stop_after_the_expedition() -> None:
    """ROUND_LIMIT (not a rule): the game also ends after the Expedition of that round."""
    s = new()
    s.round = ROUND_LIMIT - 1
    _to_lookout(s)
    assert s.round == ROUND_LIMIT and not s.last_round
    _lookouts_done(s)
    s.tired[0] = 1
    pass_all(s)
    assert not s.last_round  # ended by the limit, not by the VP trigger
    assert s.is_terminal() and s.round == ROUND_LIMIT
    assert s.tired[0] == 1  # no Cleanup
    assert s.final


# ============================================================================ EN-8.2 final scoring
def _end(s: EmpiresState) -> None:
    """End the game after this round: mark it the last and let everybody pass."""
    s.last_round = True
    pass_all(s)
    assert s.is_terminal()


@rule("EN-8.2", "EN-GAP-9", "EN-11.5")
def test_en_8_2_final_scoring_cards_resources_gold_axes() -> None:
    s = new()
    clear(s, 0)
    clear(s, 1)
    home = build(s, 0, "Kailyard")
    build(s, 0, "Birch Wood")
    upgrade = make_card(s, type="upgrade", when="harvest", produce={"food": 1})
    build(s, 0, upgrade, host=home)  # an upgrade: 1 VP
    build(s, 0, card_id("Puffin Skerry"))  # a conquered island: 1 VP
    stored = build(s, 0, _vp_card(s, 1))
    s.stock[0][stored] = {"gold": 4, "wood": 6, "worker": 2}  # assigned: scores nothing
    give(s, 0, vp=7, wood=2, stone=1, food=2, gold=3, axe=2)  # 5 resources -> 2 VP
    s.hand[0] = _clan_cards(s, 0)[:5]  # cards in hand score nothing
    give(s, 0, worker=4)  # nor do workers
    _end(s)
    assert s.vp[0] == 7 + 5 + 2 + 3 + 2
    final = s.final[0]
    assert (final["cards"], final["resources"], final["gold"], final["axes"]) == (5, 2, 3, 2)
    assert final["total"] == s.vp[0]
    assert s.scores()[0] == s.vp[0]
    assert s.vp[1] == 0  # nothing at all


@rule("EN-8.2", "EN-GAP-9")
@pytest.mark.parametrize(
    ("goods", "points"),
    [
        ({}, 0),
        ({"wood": 1}, 0),
        ({"wood": 1, "stone": 1}, 1),  # counted together, not type by type
        ({"fish": 1, "sheep": 1, "food": 1}, 1),
        ({"sheep": 7}, 3),
        ({"food": 2, "wood": 2, "stone": 2, "sheep": 2, "fish": 2}, 5),
    ],
)
def test_en_8_2b_one_vp_per_two_resources_rounded_down(goods: dict[str, int], points: int) -> None:
    s = new()
    clear(s, 0)
    clear(s, 1)
    give(s, 0, **goods)
    _end(s)
    assert s.vp[0] == points


@rule("EN-8.2", "EN-GAP-9")
def test_en_8_2c_gold_and_axes_score_one_each_not_as_resources() -> None:
    s = new()
    clear(s, 0)
    clear(s, 1)
    give(s, 0, gold=3)
    give(s, 1, axe=3, wood=1)
    _end(s)
    assert s.vp == [3, 3]


# ============================================================================ EN-8.4 ties
def _tie_setup() -> EmpiresState:
    s = new()
    for p in (0, 1):
        clear(s, p)
        build(s, p, "Kailyard" if p == 0 else "Pine Slope")
    return s


@rule("EN-8.3", "EN-8.4")
def test_en_8_3_most_vp_wins() -> None:
    s = _tie_setup()
    give(s, 1, vp=1)
    s.hand[0] = _clan_cards(s, 0)[:5]
    give(s, 0, worker=5)
    _end(s)
    assert s.winners() == [1]
    assert s.returns() == [-1.0, 1.0]


@rule("EN-8.4")
def test_en_8_4_tie_break_1_more_cards_in_the_empire() -> None:
    s = _tie_setup()
    build(s, 0, "Birch Wood")
    give(s, 0, vp=2)  # seat 0: 2 cards + 2 VP = 4
    give(s, 1, vp=3, worker=9)  # seat 1: 1 card + 3 VP = 4, more workers
    s.hand[1] = _clan_cards(s, 1)[:5]
    _end(s)
    assert s.vp[0] == s.vp[1]
    assert s.winners() == [0]
    assert s.returns() == [1.0, -1.0]


@rule("EN-8.4", "EN-GAP-9")
def test_en_8_4_tie_break_2_all_workers_owned_tired_and_assigned_too() -> None:
    s = _tie_setup()
    # seat 0: 2 ready + 2 tired + 1 on a card = 5; seat 1: 4 ready
    s.workers[0], s.tired[0] = 2, 2
    s.stock[0][0] = {"worker": 1}
    s.workers[1], s.tired[1] = 4, 0
    s.hand[1] = _clan_cards(s, 1)[:5]
    _end(s)
    assert s.vp[0] == s.vp[1]
    assert s.winners() == [0]


@rule("EN-8.4")
def test_en_8_4_tie_break_3_more_cards_in_hand() -> None:
    s = _tie_setup()
    s.hand[0] = _clan_cards(s, 0)[:1]
    s.hand[1] = _clan_cards(s, 1)[:2]
    _end(s)
    assert s.winners() == [1]
    assert s.returns() == [-1.0, 1.0]


@rule("EN-8.4")
def test_en_8_4_still_tied_players_share_the_victory() -> None:
    s = _tie_setup()
    s.hand[0] = _clan_cards(s, 0)[:2]
    s.hand[1] = _clan_cards(s, 1)[:2]
    _end(s)
    assert s.winners() == [0, 1]
    assert s.returns() == [0.0, 0.0]


@rule("EN-8.4")
def test_en_8_4_shared_victory_among_three_players() -> None:
    s = new(3, ("glenn", "olaf", "nanuuk"))
    for p in range(3):
        clear(s, p)
    give(s, 0, gold=2)
    give(s, 2, gold=2)
    give(s, 1, gold=1)
    _end(s)
    assert s.vp == [2, 1, 2]
    assert s.winners() == [0, 2]
    assert s.returns() == [0.5, -1.0, 0.5]


@rule("EN-8.4")
def test_en_8_4_no_winner_before_the_end() -> None:
    s = new()
    assert s.winners() == [] and s.returns() == [0.0, 0.0]
