"""The raster parameters described once (core/raster/params.py): defaults
from the extraction's constants, checks with the registry's sentences,
classes parsed, the extraction keywords and the record."""
import math

import pytest

from core.raster import centrelines as c
from core.raster.params import (RASTER_PARAMS, extraction_args, parse_classes, record,
                                resolve)


def test_defaults_are_the_extractions():
    r = resolve()
    assert r == {"RASTER_BAND": 1, "RASTER_THRESHOLD": None, "RASTER_CLASSES": None,
                 "RASTER_MIN_AREA": c.MIN_AREA_M2, "RASTER_FILL_HOLES": c.FILL_HOLES_M2,
                 "RASTER_PRUNE": c.PRUNE_M, "RASTER_SIMPLIFY": c.SIMPLIFY_M}
    assert extraction_args(r) == {"min_area_m2": 30.0, "fill_holes_m2": 30.0, "prune_m": 6.0,
                                  "simplify_m": 0.5}
    assert all(p.name.startswith("RASTER_") and p.help for p in RASTER_PARAMS)
    # band, threshold and classes in the main panel, the sizes advanced (issue 37)
    assert [p.name for p in RASTER_PARAMS if not p.advanced] == [
        "RASTER_BAND", "RASTER_THRESHOLD", "RASTER_CLASSES"]


def test_classes_parsed():
    assert parse_classes("1, 3;5") == [1.0, 3.0, 5.0]
    assert parse_classes(2) == [2.0] and parse_classes([1, 2]) == [1.0, 2.0]
    assert parse_classes("") is None and parse_classes(None) is None
    for bad in ("road", "1,x", "nan"):
        with pytest.raises(ValueError, match="separated by commas"):
            parse_classes(bad)


def test_bad_values_refused_with_a_sentence():
    with pytest.raises(ValueError, match=r"RASTER_BAND.*whole number from 1"):
        resolve({"RASTER_BAND": 0})
    with pytest.raises(ValueError, match="RASTER_PRUNE"):
        resolve({"RASTER_PRUNE": -1})
    with pytest.raises(ValueError, match="RASTER_THRESHOLD"):
        resolve({"RASTER_THRESHOLD": math.nan})
    with pytest.raises(ValueError, match="not both"):
        resolve({"RASTER_THRESHOLD": 0.5, "RASTER_CLASSES": "1"})
    with pytest.raises(KeyError):
        resolve({"THRESHOLD": 0.5})


def test_record():
    r = resolve({"RASTER_THRESHOLD": 0.5, "RASTER_BAND": 2})
    rec = record(r, -9999.0, (0.5, 0, 10, 0, -0.5, 20), (100, 200), "p.tif")
    assert rec == {"source": "p.tif", "band": 2, "shape": [100, 200], "pixel_size_m": 0.5,
                   "transform": [0.5, 0.0, 10.0, 0.0, -0.5, 20.0], "nodata": -9999.0,
                   "threshold": 0.5, "classes": None, "min_area_m2": 30.0,
                   "fill_holes_m2": 30.0, "prune_m": 6.0, "simplify_m": 0.5}
    assert record(r, math.nan, (1, 0, 0, 0, -1, 0), (1, 1), "x")["nodata"] is None


def test_mask_params_raster_threshold_sets_both_rasters_and_classes_are_road_classes():
    from core.raster.params import mask_params
    assert mask_params({"RASTER_THRESHOLD": 0.5, "TOLERANCE": 2.0}) == \
        {"GT_THRESHOLD": 0.5, "PRED_THRESHOLD": 0.5, "TOLERANCE": 2.0}
    assert mask_params({"RASTER_CLASSES": "1,3"}) == {"ROAD_CLASSES": "1,3"}
    # a per-raster threshold with classes for the other stays as it was
    assert mask_params({"PRED_THRESHOLD": 0.5, "ROAD_CLASSES": "1", "RASTER_THRESHOLD": None}) \
        == {"PRED_THRESHOLD": 0.5, "ROAD_CLASSES": "1"}


def test_mask_params_refuses_a_raster_given_both_ways_naming_the_faces_option():
    from core.raster.params import mask_params
    dash = lambda n: "--" + n.lower().replace("_", "-")  # noqa: E731
    with pytest.raises(ValueError, match=r"^--raster-threshold sets the threshold of both "
                                         r"rasters and --gt-threshold that of one: give one of "
                                         r"them\.$"):
        mask_params({"RASTER_THRESHOLD": 0.5, "GT_THRESHOLD": 0.5}, dash)
    with pytest.raises(ValueError, match="RASTER_THRESHOLD .* GT_THRESHOLD and PRED_THRESHOLD"):
        mask_params({"RASTER_THRESHOLD": 0.5, "GT_THRESHOLD": 0.5, "PRED_THRESHOLD": 0.4})
    with pytest.raises(ValueError, match="RASTER_CLASSES and ROAD_CLASSES are one parameter"):
        mask_params({"RASTER_CLASSES": "1", "ROAD_CLASSES": "1"})
    with pytest.raises(ValueError, match="not both"):
        mask_params({"RASTER_THRESHOLD": 0.5, "ROAD_CLASSES": "1"})
