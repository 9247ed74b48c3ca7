"""core/layers.py: whether the running metric builds its layers (per thread,
nested, restored)."""
import threading

import pytest

from core.layers import layers_for_run, layers_wanted


def test_layers_are_wanted_unless_a_run_says_otherwise():
    assert layers_wanted() is True
    with layers_for_run(False):
        assert layers_wanted() is False
        with layers_for_run(True):
            assert layers_wanted() is True
        assert layers_wanted() is False
    assert layers_wanted() is True


def test_restored_after_an_error():
    with pytest.raises(RuntimeError):
        with layers_for_run(False):
            raise RuntimeError("boom")
    assert layers_wanted() is True


def test_the_wish_is_per_thread():
    seen = []
    with layers_for_run(False):
        t = threading.Thread(target=lambda: seen.append(layers_wanted()))
        t.start()
        t.join()
    assert seen == [True]
