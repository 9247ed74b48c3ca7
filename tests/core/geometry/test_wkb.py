import struct

import numpy as np
import pytest

from core.geometry.wkb import line_parts


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
