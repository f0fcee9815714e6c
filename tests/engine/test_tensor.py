"""The observation-tensor writer and the game hooks built on it."""

from __future__ import annotations

import numpy as np
import pytest

from agents.toys import VAULT, VaultGame
from tabletide.engine import DOUBLE, SINGLE, State, TensorLayout, TensorWriter, seat_order


def test_segments_record_names_offsets_and_sizes() -> None:
    out = TensorWriter()
    out.scalar("coins", 6, scale=12)
    out.onehot("phase", 2, 4)
    out.bits("ready", [True, False, True])
    out.counts("hand", [0, 2, 2], 3, scale=2)
    out.scalars("scores", [10, 20], scale=10)
    assert out.values.tolist() == [0.5, 0, 0, 1, 0, 1, 0, 1, 0.5, 0, 1, 1, 2]
    assert [(s.name, s.start, s.size) for s in out.segments] == [
        ("coins", 0, 1),
        ("phase", 1, 4),
        ("ready", 5, 3),
        ("hand", 8, 3),
        ("scores", 11, 2),
    ]
    assert out.segments[0].meaning == "value / 12"


def test_a_missing_category_is_all_zero_and_an_overflow_is_refused() -> None:
    out = TensorWriter()
    out.onehot("none", None, 3)
    out.onehot("negative", -1, 2)
    assert out.values.tolist() == [0.0] * 5
    with pytest.raises(ValueError, match="index 3 out of range"):
        out.onehot("phase", 3, 3)


def test_seat_order_starts_with_the_observer() -> None:
    assert seat_order(2, 4) == [2, 3, 0, 1]
    assert seat_order(0, 1) == [0]


def test_a_game_without_a_tensor_says_so() -> None:
    state = VAULT.new_state(2, 0)
    with pytest.raises(NotImplementedError, match="vault has no observation tensor"):
        VAULT.observation_tensor(state, 0)


class Counted(VaultGame):
    """Vault with a tensor: the observer's points, then the other seat's."""

    def write_tensor(self, state: State, seat: int, out: TensorWriter) -> None:
        points = state.scores()
        out.scalars("points", [points[s] for s in seat_order(seat, state.num_players)], 9)
        out.onehot("to_move", state.current_player(), state.num_players)


def test_the_hooks_give_values_layout_and_a_size_per_player_count() -> None:
    game = Counted()
    state = game.new_state(2, 0)
    state.apply(state.legal_actions()[1])
    state.apply(state.legal_actions()[2])  # door 1, drawer 2: 9 points for seat 0
    assert game.observation_tensor(state, 0) == [1.0, 0.0, 0.0, 1.0]
    assert game.observation_tensor(state, 1) == [0.0, 1.0, 0.0, 1.0]
    assert [s.name for s in game.tensor_layout(2)] == ["points", "to_move"]
    assert game.tensor_size(2) == 4
    assert game.tensor_size(1) == 2


def test_a_layout_is_filled_by_offset_and_emitted_after_other_segments() -> None:
    layout = TensorLayout()
    layout.add("coins", 1, "coins / 10")
    layout.add("hand", 3, "cards per kind")
    assert layout.off == {"coins": 0, "hand": 1} and layout.size == 4
    values = layout.blank()
    values[layout.off["hand"] + 2] = 1.0
    out = TensorWriter()
    out.scalar("round", 1, scale=4)
    layout.emit(out, values)
    assert out.values.tolist() == [0.25, 0.0, 0.0, 0.0, 1.0]
    assert [(s.name, s.start, s.size) for s in out.segments] == [
        ("round", 0, 1),
        ("coins", 1, 1),
        ("hand", 2, 3),
    ]
    with pytest.raises(ValueError, match="3 values for a layout of 4"):
        layout.emit(out, [0.0] * 3)
    with pytest.raises(ValueError, match="'hand' declared twice"):
        layout.add("hand", 1, "again")


def test_a_single_precision_layout_keeps_its_buffer_and_joins_a_double_writer() -> None:
    layout = TensorLayout(SINGLE)
    layout.add("share", 2, "shares")
    values = layout.blank()
    assert values.typecode == SINGLE and values.itemsize == 4
    values[1] = 1 / 3
    alone = TensorWriter()
    layout.emit(alone, values)
    assert alone.values is values  # handed over, not converted
    assert alone.values[1] == float(np.float32(1 / 3))  # rounded once, as float32 would
    alone.counts("dice", [1], 2)  # a zero run of the buffer's own item size, then the count
    assert alone.values.tolist() == [0.0, float(np.float32(1 / 3)), 0.0, 1.0]
    after = TensorWriter()
    after.scalar("round", 1, scale=4)
    after.counts("dice", [0, 0], 2, scale=2)  # a zero run of the writer's own item size
    layout.emit(after, layout.blank())
    assert after.values.typecode == DOUBLE
    assert after.values.tolist() == [0.25, 1.0, 0.0, 0.0, 0.0]


def test_learners_get_a_single_precision_tensor_as_it_is() -> None:
    from tabletide.rl.spaces import Table, as_float32

    table = Table.of("ahoy", 3, {})
    state = table.new_state(1)
    values = table.game.observation_values(state, 0)
    assert values.typecode == SINGLE  # Ahoy's 13,360 values
    tensor = as_float32(values)
    assert tensor.dtype == np.float32 and np.shares_memory(
        tensor, np.frombuffer(values, np.float32)
    )
    assert np.array_equal(table.observation(state, 0), tensor)
    shipyard = Table.of("shipyard", 2, {})
    double = shipyard.game.observation_values(shipyard.new_state(1), 0)
    assert double.typecode == DOUBLE
    assert np.array_equal(as_float32(double), np.frombuffer(double).astype(np.float32))
