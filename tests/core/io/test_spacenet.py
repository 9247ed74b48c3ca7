"""core/io/spacenet.py: the one-pass reader of plain SpaceNet WKT gives
shapely's coordinates exactly and refuses (None: shapely then decides)
every text it does not read exactly; a CSV's chips and speeds."""
import numpy as np
import pytest
from hypothesis import given, strategies as st

from core.io import spacenet as sn
from core.io.source import LineCollector

TEXTS = ["LINESTRING (0 0, 10.5 -3)", "LINESTRING EMPTY", "LINESTRING (1e3 2.25, 3 4, 5 6)"]


def test_plain_form_read_in_one_pass():
    xy, starts, counts = sn._plain_linestrings(TEXTS)
    assert counts.tolist() == [2, 0, 3]
    assert starts.tolist() == [0, 2, 2]
    assert xy.tolist() == [[0, 0], [10.5, -3], [1000, 2.25], [3, 4], [5, 6]]


def test_only_empty_texts():
    xy, starts, counts = sn._plain_linestrings(["LINESTRING EMPTY"] * 2)
    assert xy.shape == (0, 2) and counts.tolist() == [0, 0]


@pytest.mark.parametrize("text", [
    "LINESTRING (0 0 1, 1)",        # tokens add up, vertices do not
    "LINESTRING (0 0, 1)", "LINESTRING (0 0 1 1)", "LINESTRING (0 0,, 1 1)",
    "LINESTRING (0 0, 1 x)", "LINESTRING Z (0 0 0, 1 1 1)", "LINESTRING(0 0, 1 1)",
    "MULTILINESTRING ((0 0, 1 1))", "LINESTRING (0 0, 1 1", "POINT (1 2)",
])
def test_anything_else_is_left_to_shapely(text):
    assert sn._plain_linestrings([TEXTS[0], text]) is None


coord = st.floats(-1e7, 1e7, allow_nan=False).map(lambda v: round(v, 3))
line = st.lists(st.tuples(coord, coord), min_size=2, max_size=6)


@given(st.lists(st.one_of(st.none(), line), min_size=1, max_size=8))
def test_same_coordinates_as_shapely(lines):
    shapely = pytest.importorskip("shapely")
    if not hasattr(shapely, "from_wkt"):
        pytest.skip("shapely 1.8 has no vectorised WKT reader")
    texts = ["LINESTRING EMPTY" if ln is None else
             "LINESTRING (" + ", ".join(f"{x!r} {y!r}" for x, y in ln) + ")" for ln in lines]
    plain, ref = sn._plain_linestrings(texts), sn._shapely_linestrings(texts)
    for a, b in zip(plain, ref):
        assert np.array_equal(a, b)


def test_csv_chips_rows_and_speed(tmp_path):
    p = tmp_path / "s.csv"
    p.write_text('ImageId,WKT_Pix,length_m,travel_time_s\n'
                 'a,"LINESTRING (0 0, 10 0)",3,1.5\n'
                 'b,LINESTRING EMPTY,,\n'
                 'a,"LINESTRING (10 0, 10 10)",4,0\n')
    chips = sn.read_spacenet_csv(str(p))
    assert list(chips) == ["a", "b"]
    a = chips["a"].lines
    assert [q.tolist() for q in a.parts] == [[[0, 0], [10, 0]], [[10, 0], [10, 10]]]
    assert a.attributes[sn.SPEED] == [2.0, None]  # 3 m / 1.5 s; travel time 0: no speed
    assert chips["b"].lines.parts == [] and chips["a"].pixel


def test_collector_blocks_keep_feature_order():
    """add() and add_many() mixed: parts in the order they were added, the
    bad ones counted and dropped."""
    c = LineCollector(["k"])
    c.add([np.array([[0.0, 0], [1, 0]])], 0, {"k": "one"})
    c.add_many(np.array([[5.0, 5], [6, 6], [7, 7], [7, 7], [8, 8], [9, 9]]),
               np.array([0, 2, 4, 6]), {"k": ["two", "bad", "three"]})
    c.add([np.array([[2.0, 2], [3, 3]])], 9, {"k": "four"})
    ls = c.lineset()
    assert [p.tolist() for p in ls.parts] == [[[0, 0], [1, 0]], [[5, 5], [6, 6]],
                                              [[8, 8], [9, 9]], [[2, 2], [3, 3]]]
    assert ls.attributes["k"] == ["one", "two", "three", "four"]
    assert c.counts["invalid_parts"] == 1 and c.counts["features"] == 5
