"""core/styles.py: the sink styles read as classes, colours, sizes and
legend texts, the one reading the QGIS renderers (ui/styles.py) and the
library's plots (roadnetworkmetrics/_plot.py) share."""
import math

from core import registry
from core.styles import (INPUT_STYLES, LINE_MM, POINT_MM, class_field, class_of, range_label,
                         style_classes, style_size)

GRADUATED = dict(color="#000000", graduated="distance", ramp=["#111111", "#222222", "#333333"],
                 breaks=[0.0, 1.0, 2.0, 1e9], unit="m")
CATEGORIZED = dict(color="#000000", categorized="class_code",
                   categories=[(0, "#aaaaaa", "correct"), (2, "#bbbbbb", "too short")])


def test_graduated_classes_and_labels():
    assert style_classes(GRADUATED) == [("#111111", "0 - 1 m"), ("#222222", "1 - 2 m"),
                                        ("#333333", "over 2 m")]
    assert [class_of(GRADUATED, v) for v in (0.0, 0.5, 1.0, 1.5, 7.0, -1.0, 5e9)] == \
        [0, 0, 0, 1, 2, 0, 2]
    assert class_of(GRADUATED, None) == class_of(GRADUATED, math.nan) == -1
    assert class_field(GRADUATED) == "distance"


def test_categorized_and_single_symbol():
    assert style_classes(CATEGORIZED) == [("#aaaaaa", "correct"), ("#bbbbbb", "too short")]
    assert [class_of(CATEGORIZED, v) for v in (0, 2, 1, None)] == [0, 1, -1, -1]
    single = dict(color="#d7191c", size=1.1)
    assert style_classes(single) == [] and class_of(single, 3.0) == -1
    assert class_field(single) is None


def test_sizes_and_labels_translated():
    assert style_size("LineString", {}) == LINE_MM and style_size("Point", {}) == POINT_MM
    assert style_size("Point", {"size": 3.2}) == 3.2
    assert range_label(4, 1e9, "m", tr=lambda t: t.replace("over", "au-delà de")) == "au-delà de 4 m"
    assert range_label(0.5, 0.75) == "0.5 - 0.75"
    assert set(INPUT_STYLES) == {"ground_truth", "prediction"}


def test_every_sink_style_reads():
    """Every registered layer style gives classes whose colours are hex and
    whose labels are texts; graduated ramps have one colour per class."""
    for spec in registry.all_specs(None):
        for s in spec.sinks:
            for colour, label in style_classes(s.style):
                assert colour.startswith("#") and len(colour) == 7 and label
            if s.style.get("graduated"):
                assert len(style_classes(s.style)) == len(s.style["ramp"])
