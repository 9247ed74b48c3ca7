"""core/protocols.py: the aggregation rules of the published protocols, on
hand cases (issue 33): SAM-Road's 5-decimal cut and NaN stop in file order,
F1 of means against mean of F1."""
import math

import pytest

from core import protocols
from core.protocols import (cityscale_apls, cityscale_topo, get, go_line, protocol_params,
                            spacenet_apls, spacenet_topo)


def apls_row(i, a, b):
    return {"id": i, "APLS_GT_TO_PRED": a, "APLS_PRED_TO_GT": b, "APLS": (a + b) / 2}


def test_go_line_formats_as_fmt_sprintf():
    assert go_line(0.8405029, math.nan, math.inf) == "0.840503 NaN +Inf\n"


def test_cityscale_apls_cuts_to_5_decimals_and_stops_at_the_first_nan_in_file_order():
    # files 108.txt < 19.txt < 8.txt < 9.txt: the NaN tile 19 stops the loop, so 8 and 9
    # are left out although they come first in numeric order
    rows = [apls_row("8", 0.9, 0.9), apls_row("9", 0.5, 0.5),
            apls_row("19", math.nan, 0.7), apls_row("108", 0.8405029 * 2 - 0.6, 0.6)]
    out = cityscale_apls(rows)
    # tile 108: APLS 0.8405029 printed 0.840503, read as 0.84050
    assert out["tiles_used"] == ["108"] and out["APLS"] == 0.8405
    assert out["stopped_at"] == "19" and out["tiles_left_out"] == ["19", "8", "9"]
    out = cityscale_apls([apls_row("1", 0.123456, 0.123456), apls_row("2", 0.999999, 0.999999)])
    assert out["APLS"] == pytest.approx((0.12345 + 0.99999) / 2, abs=0)


def test_spacenet_apls_skips_nan_tiles_and_keeps_6_decimals():
    rows = [apls_row("a", 0.1234564, 0.1234564), apls_row("b", 0.0, math.nan)]
    out = spacenet_apls(rows)
    assert out["APLS"] == 0.123456 and out["tiles_left_out"] == ["b"]


def test_topo_aggregations_mean_of_f1_and_f1_of_means():
    rows = [{"id": "1", "PRECISION": 1.0, "RECALL": 0.5}, {"id": "2", "PRECISION": 0.5, "RECALL": 0.5},
            {"id": "3", "PRECISION": 0.0, "RECALL": 0.0}]
    city = cityscale_topo(rows)
    assert city["F1"] == pytest.approx((2 / 3 + 0.5) / 2) and city["PRECISION"] == 0.75
    assert city["reference_fails_on"] == ["3"]
    sn = spacenet_topo(rows)
    assert sn["PRECISION"] == 0.75 and sn["RECALL"] == 0.5
    assert sn["F1"] == pytest.approx(2 * 0.75 * 0.5 / 1.25) and sn["tiles_left_out"] == ["3"]


def test_protocol_params_and_refusals():
    p = get("sat2graph_cityscale")
    assert protocol_params(p, "apls", {"SNAP_DISTANCE": 8}) == {"SNAP_DISTANCE": 8, "VARIANT": "sat2graph"}
    with pytest.raises(ValueError, match="sets VARIANT = sat2graph; VARIANT = spacenet contradicts"):
        protocol_params(p, "apls", {"VARIANT": "spacenet"})
    with pytest.raises(ValueError, match="covers apls, topo, not ccq"):
        protocol_params(p, "ccq", {})
    with pytest.raises(ValueError, match="Unknown protocol 'city'"):
        get("city")
    assert set(protocols.PROTOCOLS) == {"sat2graph_cityscale", "samroad_spacenet", "spacenet"}
    assert p.record() == {"name": "sat2graph_cityscale", "version": "1"}


FIXTURES = __import__("pathlib").Path(__file__).resolve().parents[1] / "fixtures" / "protocols" / \
    "sat2graph_reference.json"


def _aggregate():
    import json
    if not FIXTURES.exists():
        pytest.skip("no reference fixtures")
    return json.loads(FIXTURES.read_text())["aggregate"]


def _apls_rows(files: dict) -> list:
    rows = []
    for name, text in files.items():
        a, b, c = (math.nan if v == "NaN" else float(v) for v in text.split())
        rows.append({"id": name[:-4], "APLS_GT_TO_PRED": a, "APLS_PRED_TO_GT": b, "APLS": c})
    return rows


def _topo_rows(files: dict) -> list:
    rows = []
    for name, text in files.items():
        last = text.strip().splitlines()[-1]
        p = float(last.split(" ")[0].split("=")[-1])
        r = float(last.split(" ")[-1].split("=")[-1])
        rows.append({"id": name[:-4], "PRECISION": p, "RECALL": r})
    return rows


def _printed(stdout: str, key: str) -> list:
    """The numbers of the script's last line starting with ``key`` ('APLS x',
    'TOPO f1 Precision p Recall r')."""
    line = [l for l in stdout.splitlines() if l.startswith(key + " ")][-1].split()
    return [float(v) for v in line[1::2]]


def test_aggregations_print_what_sam_roads_scripts_print_on_the_same_tile_files():
    """SAM-Road's apls.py / topo.py were run on the reference's per-tile output
    files (scripts/protocol_fixtures.py); the same texts give the same numbers."""
    agg = _aggregate()
    city, sn = agg["cityscale"], agg["spacenet"]
    out = cityscale_apls(_apls_rows(city["apls_files"]))
    assert out["APLS"] == pytest.approx(_printed(city["apls_py"]["stdout"], "APLS")[0], abs=1e-12)
    assert out["stopped_at"] == "49"
    out = spacenet_apls(_apls_rows(sn["apls_files"]))
    assert out["APLS"] == pytest.approx(_printed(sn["apls_py"]["stdout"], "APLS")[0], abs=1e-12)
    f1, p, r = _printed(sn["topo_py"]["stdout"], "TOPO")
    out = spacenet_topo(_topo_rows(sn["topo_files"]))
    assert (out["F1"], out["PRECISION"], out["RECALL"]) == pytest.approx((f1, p, r), abs=1e-12)
    # City-Scale TOPO: the script fails on the empty tile; without it, its numbers
    out = cityscale_topo(_topo_rows(city["topo_files"]))
    assert out["reference_fails_on"] == ["49"]
    f1, p, r = _printed(city["topo_py_without_empty"]["stdout"], "TOPO")
    assert (out["F1"], out["PRECISION"], out["RECALL"]) == pytest.approx((f1, p, r), abs=1e-12)


def test_cityscale_topo_carries_the_largest_row_in_the_scripts_tile_order():
    """SAM-Road's City-Scale TOPO loop reads tiles 8, 9, 19, ... (numbers
    ascending, not file order) and keeps min_lat: each tile gets the largest
    first coordinate of the tiles before it; a tile read as nothing adds
    nothing."""
    assert protocols.script_order(["19", "8", "108", "9", "x"]) == ["8", "9", "19", "108", "x"]
    got = protocols.cityscale_topo_carry({"19": 1050.0, "8": 1860.0, "108": 700.0, "9": None})
    assert got == {"8": {"PRIOR_MAX_A": None}, "9": {"PRIOR_MAX_A": 1860.0},
                   "19": {"PRIOR_MAX_A": 1860.0}, "108": {"PRIOR_MAX_A": 1860.0}}
    got = protocols.cityscale_topo_carry({"29": 1050.0, "8": 900.0})
    assert got["29"] == {"PRIOR_MAX_A": 900.0}
    assert get("sat2graph_cityscale").carry["topo"] is protocols.cityscale_topo_carry
    assert get("samroad_spacenet").carry == {}
