"""LineSet built in one pass over all vertices (issue 23, item 8): the same
parts, lengths and far-coordinate rule as part by part."""
import numpy as np

from core.network.lineset import MAX_COORDINATE_M, LineSet


def _parts(seed=3, n=400):
    rng = np.random.default_rng(seed)
    return [rng.normal(size=(int(k), 2)) * 500 for k in rng.integers(1, 40, n)]


def test_total_length_is_the_part_by_part_sum_to_the_last_bit():
    for parts in (_parts(), _parts(4, 50), [np.array([[0.0, 0], [3, 4]])] * 1000, []):
        # the same hypot and the same pairwise sums, added in the same order:
        # equal bits on any CPU (numpy's hypot and float sums round alike with every
        # SIMD kernel set, unlike its exp / log / arctan2)
        ref = float(sum(np.hypot(*np.diff(p, axis=0).T).sum() for p in parts if len(p) > 1))
        assert LineSet(parts).total_length() == ref


def test_from_flat_is_the_lineset_of_its_parts():
    parts = _parts()
    parts[7] = parts[7].copy()
    parts[7][0, 1] = 1e308   # a far part, skipped and counted by both
    lens = np.array([len(p) for p in parts])
    a = LineSet(parts, part_feature=np.arange(len(parts)) // 2)
    b = LineSet.from_flat(np.concatenate(parts), lens, part_feature=np.arange(len(parts)) // 2)
    assert len(a.parts) == len(b.parts) == len(parts) - 1
    assert all(np.array_equal(p, q) for p, q in zip(a.parts, b.parts))
    assert np.array_equal(a.part_feature, b.part_feature)
    assert a.counts == b.counts == {"far_parts": 1}
    for ls in (a, b):
        xy, ln = ls.flat()
        assert np.array_equal(xy, np.concatenate(ls.parts)) and ln.tolist() == [len(p) for p in ls.parts]
        assert np.abs(xy).max() < MAX_COORDINATE_M


def test_pickled_lineset_travels_as_its_flat_arrays():
    """A LineSet is pickled as its flat coordinates and lengths (two arrays,
    not one per part: a batch sends thousands of chips to its workers) and
    its parts are views into them again: the same parts, features and
    attributes."""
    import pickle
    parts = _parts(n=40)
    a = LineSet(parts, part_feature=np.arange(40) // 2, attributes={"k": list(range(20))})
    a._networks = {"cached": object()}      # never sent
    state = a.__getstate__()
    assert "parts" not in state and "_networks" not in state
    b = pickle.loads(pickle.dumps(a))
    assert all(np.array_equal(x, y) for x, y in zip(a.flat(), b.flat()))
    assert [p.tolist() for p in b.parts] == [p.tolist() for p in a.parts]
    assert all(p.base is b.flat()[0] or p.base is b.flat()[0].base for p in b.parts)
    assert b.part_feature.tolist() == a.part_feature.tolist() and b.attributes == a.attributes
    assert not hasattr(b, "_networks")
