from __future__ import annotations

from tabletide.engine import Rng, derive_seed


def test_same_seed_same_stream_and_copy_continues_it() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    twin = a.copy()
    assert [a.below(100) for _ in range(20)] == [twin.below(100) for _ in range(20)]
    assert Rng(1).next_u64() != Rng(2).next_u64()


def test_known_values_are_stable_across_platforms() -> None:
    # SplitMix64 reference output for seed 0.
    assert Rng(0).next_u64() == 0xE220A8397B1DCDAF


def test_shuffle_is_a_deterministic_permutation() -> None:
    items = list(range(20))
    first, second = items[:], items[:]
    Rng(7).shuffle(first)
    Rng(7).shuffle(second)
    assert first == second
    assert sorted(first) == items
    assert first != items
    other = items[:]
    Rng(8).shuffle(other)
    assert other != first


def test_below_is_in_range_and_roughly_uniform() -> None:
    rng = Rng(3)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < c < 1150 for c in counts)


def test_derive_seed_is_stable_and_sensitive_to_every_part() -> None:
    assert derive_seed(1, "determinize", 3) == derive_seed(1, "determinize", 3)
    assert derive_seed(1, "determinize", 3) != derive_seed(1, "determinize", 4)
    assert derive_seed(1, "a") != derive_seed("1", "a")
    assert 0 <= derive_seed("x") < 2**64
    # Pinned: the value must not change between releases (replays and series depend on it).
    assert derive_seed(0, "game", 0) == 13439797244269201002
