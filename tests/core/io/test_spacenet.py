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


def test_no_text():
    xy, starts, counts = sn._plain_linestrings([])
    assert xy.shape == (0, 2) and len(starts) == len(counts) == 0


def test_only_empty_texts():
    xy, starts, counts = sn._plain_linestrings(["LINESTRING EMPTY"] * 2)
    assert xy.shape == (0, 2) and counts.tolist() == [0, 0]


@pytest.mark.parametrize("text", [
    "LINESTRING (0 0 1, 1)",        # tokens add up, vertices do not
    "LINESTRING (0 0, 1)", "LINESTRING (0 0 1 1)", "LINESTRING (0 0,, 1 1)",
    "LINESTRING (0 0, 1 x)", "LINESTRING Z (0 0 0, 1 1 1)", "LINESTRING(0 0, 1 1)",
    "MULTILINESTRING ((0 0, 1 1))", "LINESTRING (0 0, 1 1", "POINT (1 2)",
    "LINESTRING (1.2.3 4, 5 6)",    # a token that is not one number
    "LINESTRING (0 0; 1 1)", "LINESTRING (nan 0, 1 1)", "LINESTRING (0x1 0, 1 1)",
    "LINESTRING (1e 2, 3 4)", "LINESTRING (0\t0, 1 1)", "LINESTRING (0 0, 1 1 e)",
    "LINESTRING (\u0661 0, 1 1)",  # an Arabic-Indic digit
    "LINESTRING ()", "LINESTRING EMPTYX", "LINESTRING EMPTY;", "LINESTRING (0 0, 1 1)x",
    " LINESTRING (0 0, 1 1)", "LINESTRING  (0 0, 1 1)", "",
])
def test_anything_else_is_left_to_shapely(text):
    assert sn._plain_linestrings([TEXTS[0], text]) is None


@pytest.mark.parametrize("text", ["LINESTRING (0 0,1 1)", "LINESTRING ( 0  0 , 1 1 )",
                                  "LINESTRING (+1.5e+2 -.5, 1. 2E-3)"])
def test_spacing_and_number_forms_read(text):
    xy, _, counts = sn._plain_linestrings([text])
    assert counts.tolist() == [2]
    ref = {"LINESTRING (+1.5e+2 -.5, 1. 2E-3)": [[150, -0.5], [1, 0.002]]}
    assert xy.tolist() == ref.get(text, [[0, 0], [1, 1]])


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


CHIPS_CSV = ('ImageId,WKT_Pix,length_m,travel_time_s\n'
             'a,"LINESTRING (0 0, 10 0)",3,1.5\n'
             'b,LINESTRING EMPTY,,\n'
             'a,"LINESTRING (10 0, 10 0)",1,1\n'      # one distinct vertex: invalid
             'c,"LINESTRING (5 5, 6 6, 7 7)",2,1\n'
             'a,"LINESTRING (10 0, 10 10)",4,2\n'     # chip a's rows are not together
             'c,"LINESTRING (1 1, 2 2)",,\n')


def _by_chip_collector(path, monkeypatch):
    """The reference: the text-by-text path (a LineCollector per chip)."""
    with monkeypatch.context() as m:
        m.setattr(sn, "_linestrings", lambda texts, name: None)
        return sn.read_spacenet_csv(path)


def test_whole_file_pass_equals_chip_by_chip(tmp_path, monkeypatch):
    pytest.importorskip("shapely")
    p = tmp_path / "s.csv"
    p.write_text(CHIPS_CSV)
    fast, ref = sn.read_spacenet_csv(str(p)), _by_chip_collector(str(p), monkeypatch)
    assert list(fast) == list(ref) == ["a", "b", "c"]
    for k in fast:
        f, r = fast[k], ref[k]
        assert [q.tolist() for q in f.lines.parts] == [q.tolist() for q in r.lines.parts]
        assert f.lines.attributes == r.lines.attributes
        assert f.lines.counts == r.lines.counts and f.warnings == r.warnings
        assert f.lines.feature_ids.tolist() == r.lines.feature_ids.tolist()
        assert f.lines.part_feature.tolist() == r.lines.part_feature.tolist()
        assert f.pixel and r.pixel and f.pixel_size_m is None
    assert fast["a"].lines.counts["invalid_parts"] == 1 and len(fast["a"].warnings) == 1


def test_scaled_while_reading(tmp_path):
    """With the batch's pixel size the whole file is scaled once: x s, -y s."""
    p = tmp_path / "s.csv"
    p.write_text(CHIPS_CSV)
    plain, scaled = sn.read_spacenet_csv(str(p)), sn.read_spacenet_csv(str(p), 0.3)
    for k in plain:
        assert scaled[k].pixel_size_m == 0.3
        for a, b in zip(plain[k].lines.parts, scaled[k].lines.parts):
            assert np.array_equal(a * np.array([0.3, -0.3]), b)


ROAD, EMPTY = '"LINESTRING (0 0, 10 0)"', "LINESTRING EMPTY"


@pytest.mark.parametrize("order", [
    "ER", "RE", "RER", "ERE", "REE", "EER", "RREE", "E", "EE", "EEE",
], ids=lambda o: o.replace("E", "empty-").replace("R", "road-").rstrip("-"))
@pytest.mark.parametrize("path", ["whole-file", "chip-by-chip"])
def test_empty_rows_anywhere(tmp_path, monkeypatch, order, path):
    """LINESTRING EMPTY first, in the middle, last, several in a row, or
    alone: every chip is read, on the whole-file and the per-chip paths
    (an empty last row once indexed past the coordinates: issue 30)."""
    if path == "chip-by-chip":
        pytest.importorskip("shapely")
    rows = "".join(f"c{k},{ROAD if t == 'R' else EMPTY}\n" for k, t in enumerate(order))
    p = tmp_path / "s.csv"
    p.write_text("ImageId,WKT_Pix\n" + rows)
    chips = (sn.read_spacenet_csv(str(p)) if path == "whole-file"
             else _by_chip_collector(str(p), monkeypatch))
    assert list(chips) == [f"c{k}" for k in range(len(order))]
    for k, t in enumerate(order):
        parts = [q.tolist() for q in chips[f"c{k}"].lines.parts]
        assert parts == ([[[0, 0], [10, 0]]] if t == "R" else [])
        assert chips[f"c{k}"].warnings == []


def test_usable_parts_with_empty_parts_at_the_ends():
    from core.io.source import usable_parts
    xy = np.array([[0.0, 0], [1, 0], [2, 2], [2, 2]])
    # parts: empty, [0-1], empty, [2-3] (one distinct vertex), empty (past the end)
    offsets = np.array([0, 0, 2, 2, 4, 4])
    assert usable_parts(xy, offsets).tolist() == [False, True, False, False, False]
    assert usable_parts(np.empty((0, 2)), np.array([0, 0, 0])).tolist() == [False, False]
