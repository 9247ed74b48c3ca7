import struct

import numpy as np
import pytest

from core.geometry.wkb import line_parts, lines_from_wkbs, usable_parts


def ls(coords, order="<", z=False, m=False, iso=True):
    nd = 2 + z + m
    t = 2 + (1000 * (z + 2 * m) if iso else 0)
    if not iso:
        t |= (0x80000000 if z else 0) | (0x40000000 if m else 0)
    b = struct.pack(order + "bII", 1 if order == "<" else 0, t, len(coords))
    return b + np.asarray(coords, dtype=np.dtype(order + "f8")).reshape(-1, nd).tobytes()


def test_linestring_xy_and_big_endian():
    for order in "<>":
        p = line_parts(ls([[0, 0], [3, 4]], order))
        assert len(p) == 1 and p[0].tolist() == [[0, 0], [3, 4]]


@pytest.mark.parametrize("iso", [True, False])
def test_z_and_m_dropped(iso):
    p = line_parts(ls([[0, 0, 9, 8], [3, 4, 7, 6]], z=True, m=True, iso=iso))
    assert p[0].tolist() == [[0, 0], [3, 4]]
    p = line_parts(ls([[0, 0, 9], [3, 4, 7]], z=True, iso=iso))
    assert p[0].tolist() == [[0, 0], [3, 4]]


def test_multilinestring_parts():
    a, b = ls([[0, 0], [1, 0]]), ls([[5, 5], [6, 6], [7, 7]])
    multi = struct.pack("<bII", 1, 5, 2) + a + b
    p = line_parts(multi)
    assert [x.shape for x in p] == [(2, 2), (3, 2)]


def test_curve_rejected():
    with pytest.raises(ValueError):
        line_parts(struct.pack("<bII", 1, 8, 0))


def _one_by_one(wkbs):
    """What line_parts gives geometry by geometry, as lines_from_wkbs returns it."""
    parts, owner, failed = [], [], []
    for i, w in enumerate(wkbs):
        try:
            ps = line_parts(w)
        except ValueError:
            failed.append(i)
            continue
        parts += ps
        owner += [i] * len(ps)
    return parts, owner, failed


def test_many_geometries_in_one_pass_give_what_line_parts_gives():
    rng = np.random.default_rng(1)
    multi2 = struct.pack("<bII", 1, 5, 2) + ls([[0, 0], [1, 0]]) + ls([[5, 5], [6, 6], [7, 7]])
    multi1 = struct.pack("<bII", 1, 5, 1) + ls([[2, 2], [3, 3]])
    multi1_z = struct.pack("<bII", 1, 1005, 1) + ls([[2, 2, 1], [3, 3, 1]], z=True)
    multi0 = struct.pack("<bII", 1, 5, 0)
    srid = struct.pack("<bIII", 1, 2 | 0x20000000, 4326, 2) + np.array([1., 2, 3, 4]).tobytes()
    curve = struct.pack("<bII", 1, 8, 0)
    nan = ls([[0, 0], [np.nan, 1]])
    odd = [multi2, multi1, multi1_z, multi0, srid, curve, nan, ls([[0, 0]]), ls([]),
           ls([[0, 0, 9], [3, 4, 7]], ">", z=True), ls([[0, 0, 9, 8], [3, 4, 7, 6]], z=True, m=True),
           ls([[0, 0, 9], [3, 4, 7]], m=True, iso=False)]
    plain = [ls(rng.normal(size=(int(k), 2)) * 1e3) for k in rng.integers(2, 6, 40)]
    for wkbs in (plain, odd, plain[:5] + odd + plain[5:] + odd[::-1], [], [multi1]):
        xy, lens, owner, failed = lines_from_wkbs(wkbs)
        parts, own, fail = _one_by_one(wkbs)
        assert np.nonzero(failed)[0].tolist() == fail
        assert owner.tolist() == own and lens.tolist() == [len(p) for p in parts]
        ref = np.concatenate(parts) if parts else np.zeros((0, 2))
        assert xy.shape == ref.shape and np.array_equal(xy, ref, equal_nan=True)


def test_usable_parts_rule():
    parts = [[[0, 0], [1, 0]], [[0, 0]], [[0, 0], [0, 0]], [[0, 0], [0, 0], [1, 1]],
             [[0, 0], [np.inf, 0]], [[0, 0], [1, np.nan]], [[2, 2], [3, 3], [2, 2]]]
    xy = np.concatenate([np.asarray(p, dtype=float) for p in parts])
    lens = np.array([len(p) for p in parts])
    assert usable_parts(xy, lens).tolist() == [True, False, False, True, False, False, True]
