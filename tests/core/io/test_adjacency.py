"""core/io/adjacency.py: Sat2Graph / SAM-Road graph pickles, read without
running anything a hostile pickle names."""
import os
import pickle

import numpy as np
import pytest

from core.io.adjacency import read_adjacency_pickle
from core.io.read import read_path


def test_adjacency_pickle_with_numpy_and_python_numbers(tmp_path):
    d = {(np.float64(10.0), np.float64(20.0)): [(10, 40)], (10, 40): [(np.int64(10), 20.0), (30.0, 40.0)]}
    for proto in (0, 2, pickle.HIGHEST_PROTOCOL):
        path = tmp_path / f"g{proto}.p"
        path.write_bytes(pickle.dumps(d, protocol=proto))
        src = read_path(str(path))
        assert [p.tolist() for p in src.lines.parts] == [[[10, 20], [10, 40]], [[10, 40], [30, 40]]]


def test_empty_pickle_is_an_empty_prediction(tmp_path):
    path = tmp_path / "empty.pickle"
    path.write_bytes(pickle.dumps({}))
    assert read_path(str(path)).lines.parts == []


class Evil:
    def __reduce__(self):
        return (os.system, ("touch /tmp/roadmetrics-evil-pickle",))


def test_a_pickle_naming_code_is_refused_and_nothing_runs(tmp_path):
    path = tmp_path / "evil.p"
    path.write_bytes(pickle.dumps({(0.0, 0.0): [Evil()]}))
    if os.path.exists("/tmp/roadmetrics-evil-pickle"):
        os.remove("/tmp/roadmetrics-evil-pickle")
    with pytest.raises(ValueError, match=r"evil\.p: this pickle names (posix|os)\.system, which a graph "
                                         r"pickle does not need"):
        read_adjacency_pickle(str(path))
    assert not os.path.exists("/tmp/roadmetrics-evil-pickle")


def test_other_objects_and_broken_files(tmp_path):
    path = tmp_path / "list.pkl"
    path.write_bytes(pickle.dumps([1, 2, 3]))
    with pytest.raises(ValueError, match="holds a list, not an adjacency dict"):
        read_path(str(path))
    path.write_bytes(b"not a pickle")
    with pytest.raises(ValueError, match="cannot be read as a pickle"):
        read_path(str(path))
