"""TILE_SIZE and MARGIN of evaluate-all and compare (issue 23, item 6):
checked by the core (core.analysis.tiles.check_tiling) like every distance,
so NaN no longer means "whole extent" silently and 1e308 no longer gives one
tile of infinite area."""
import math

import pytest
from conftest import memory_layer

from qgis.core import QgsProcessingException

L_SHAPE = ["LINESTRING(0 0, 200 0)", "LINESTRING(200 0, 200 200)"]
GAP = ["LINESTRING(0 0, 90 0)", "LINESTRING(110 0, 200 0, 200 200)"]


@pytest.mark.parametrize("alg", ["roadmetrics:evaluate", "roadmetrics:compare"])
@pytest.mark.parametrize("name,value", [("TILE_SIZE", math.nan), ("TILE_SIZE", 1e308),
                                        ("TILE_SIZE", math.inf), ("MARGIN", math.nan),
                                        ("MARGIN", 1e6)])
def test_tile_size_and_margin_out_of_range_are_refused_with_a_sentence(run_alg, alg, name, value):
    gt, pred = memory_layer(L_SHAPE), memory_layer(GAP)
    params = {"GROUND_TRUTH": gt, "METRICS": [0], name: value}
    params.update({"PREDICTION": pred} if alg.endswith("evaluate") else {"PREDICTIONS": [pred, memory_layer(L_SHAPE)]})
    with pytest.raises(QgsProcessingException) as e:
        run_alg(alg, params)
    text = str(e.value)
    assert "Traceback" not in text
    assert name in text and "100000" in text, text


def test_dialogs_show_the_tiling_ranges(qgis_app):
    from qgis.core import QgsApplication
    from core.analysis.tiles import TILE_PARAMS
    for alg_id in ("roadmetrics:evaluate", "roadmetrics:compare"):
        alg = QgsApplication.processingRegistry().algorithmById(alg_id)
        for name, p in TILE_PARAMS.items():
            d = alg.parameterDefinition(name)
            assert (d.minimum(), d.maximum()) == (p.minimum, p.maximum) == (0.0, 100000.0)
