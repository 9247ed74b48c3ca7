"""Result.plot and EvaluationResult.plot (roadnetworkmetrics/_plot.py),
rendered to PNG with matplotlib's Agg backend: the layers in the colours of
their QGIS styles (the registry's sink styles through core/styles.py), the
legend with the layers' labels, equal aspect, the scale bar, the headline
in the title; the pixel metrics' maps in their legend's colours; a clear
sentence without matplotlib."""
import sys

import numpy as np
import pytest

import roadnetworkmetrics as rnm
from roadnetworkmetrics import InputError
from core import registry



def grid(xs, ys, dx=0.0, dy=0.0, skip_x=()):
    """Roads between the nodes of a grid (noded: a road ends at each
    crossing), shifted by (dx, dy), without the vertical roads at skip_x."""
    h = [[(x0 + dx, y + dy), (x1 + dx, y + dy)] for y in ys for x0, x1 in zip(xs, xs[1:])]
    v = [[(x + dx, y0 + dy), (x + dx, y1 + dy)] for x in xs if x not in skip_x
         for y0, y1 in zip(ys, ys[1:])]
    return h + v


# a 600 m x 400 m grid of roads; the prediction lacks the middle road, has
# one the ground truth lacks (x = 150) and runs 1.5 m off elsewhere
GT = grid([0, 300, 600], [0, 200, 400])
PRED = grid([0, 150, 300, 600], [0, 200, 400], 1.5, 1.5, skip_x=(300,))
PRED = [r for r in PRED if not (r[0][0] == 151.5 and r[0][1] == 201.5)]   # x = 150: one block


@pytest.fixture
def plt():
    mpl = pytest.importorskip("matplotlib")
    mpl.use("Agg", force=True)
    import matplotlib.pyplot as pyplot
    yield pyplot
    pyplot.close("all")


def rgb(hex_colour):
    c = hex_colour.lstrip("#")
    return np.array([int(c[i:i + 2], 16) for i in (0, 2, 4)])


def png_pixels(ax, path):
    """The figure saved as PNG at ``path``, read back: the pixels inside the
    axes (the map or chart, not the legend beside it) as (n, 3) RGB 0-255."""
    import matplotlib.image
    ax.figure.set_dpi(100)
    ax.figure.savefig(path, dpi=100)
    assert path.exists() and path.stat().st_size > 5000
    img = matplotlib.image.imread(str(path))
    box = ax.get_window_extent()          # display pixels at the figure's dpi, from the bottom
    h = img.shape[0]
    inside = img[int(h - box.y1) + 2:int(h - box.y0) - 2, int(box.x0) + 2:int(box.x1) - 2]
    return np.round(inside[..., :3].reshape(-1, 3) * 255).astype(int)


def has_colour(pixels, hex_colour, tol=2) -> bool:
    return bool((np.abs(pixels - rgb(hex_colour)).max(axis=1) <= tol).any())


def legend_texts(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


def sink(metric, name):
    return {s.name: s for s in registry.get(metric).sinks}[name]


def test_line_layers_in_their_qgis_colours(plt, tmp_path):
    r = rnm.ccq(GT, PRED)
    ax = r.plot()
    pixels = png_pixels(ax, tmp_path / "ccq.png")
    assert len(np.unique(pixels, axis=0)) > 8
    for name in ("UNMATCHED_GT", "UNMATCHED_PRED"):       # single-symbol styles
        assert has_colour(pixels, sink("ccq", name).style["color"]), name
    matched = sink("ccq", "MATCHED").style                  # graduated by distance: 1-2 m
    assert has_colour(pixels, matched["ramp"][1])
    texts = legend_texts(ax)
    assert "Ground truth" in texts and "Prediction" in texts
    for name in ("MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED"):
        n = len(r.layers[name])
        assert f"{sink('ccq', name).label} ({n})" in [t.replace("\n", " ") for t in texts]
    assert any("1 - 2 m" in t for t in texts) and any("over 4 m" in t for t in texts)
    assert f"CCQ_F1 {r.scores['CCQ_F1']:.3f}" in ax.get_title()
    assert ax.get_aspect() == 1.0


def test_line_widths_and_legend_colours_are_the_styles(plt):
    from roadnetworkmetrics._plot import POINTS_PER_MM
    ax = rnm.ccq(GT, PRED).plot()
    handles = {h.get_label(): h for h in ax.get_legend().legend_handles} \
        if hasattr(ax.get_legend(), "legend_handles") else \
        {h.get_label(): h for h in ax.get_legend().legendHandles}
    missed = sink("ccq", "UNMATCHED_GT")
    h = next(v for k, v in handles.items() if k.startswith(missed.label))
    assert h.get_color() == missed.style["color"]
    assert h.get_linewidth() == pytest.approx(missed.style["size"] * POINTS_PER_MM)


def test_point_layers_and_scale_bar(plt, tmp_path):
    from mpl_toolkits.axes_grid1.anchored_artists import AnchoredSizeBar
    r = rnm.junct(GT, PRED)
    ax = r.plot()
    pixels = png_pixels(ax, tmp_path / "junct.png")
    assert has_colour(pixels, sink("junct", "UNMATCHED_GT").style["color"])
    assert has_colour(pixels, "#1a9641")                    # matched: all roads found
    texts = " | ".join(legend_texts(ax)).replace("\n", " ")
    for name in ("MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED"):
        assert sink("junct", name).label in texts
    assert "all its roads found" in texts
    bars = [a for a in ax.get_children() if isinstance(a, AnchoredSizeBar)]
    assert len(bars) == 1
    assert bars[0].txt_label.get_text() in ("100 m", "200 m")   # about a fifth of the 600 m


def test_options(plt):
    r = rnm.junct(GT, PRED)
    ax = r.plot(layers=["UNMATCHED_GT"], scale_bar=False, title="mine", figsize=(5, 5))
    texts = legend_texts(ax)
    assert any(t.startswith("Missed ground-truth junctions") for t in texts)
    assert not any("Matched" in t for t in texts)
    assert ax.get_title() == "mine"
    assert rnm.junct(GT, PRED).plot(legend=False).get_legend() is None
    fig, own = plt.subplots()
    assert r.plot(ax=own) is own
    with pytest.raises(InputError, match="no layer 'NOPE'"):
        r.plot(layers=["NOPE"])


def test_pixel_map_in_its_legend_colours(plt, tmp_path):
    g = np.zeros((60, 80), np.uint8)
    g[20:24] = 1
    g[:, 40:43] = 1
    p = np.roll(g, 2, axis=0)
    p[50:55, 5:15] = 1
    r = rnm.pixel_iou(g, p, pixel_size=0.5, maps=True)
    ax = r.plot()
    pixels = png_pixels(ax, tmp_path / "pixel_iou.png")
    legend = r.map_legend("CONFUSION_MAP")
    for code, colour, text in legend[1:4]:      # TP, FP, FN
        assert has_colour(pixels, colour), text
    texts = [t.replace("\n", " ") for t in legend_texts(ax)]
    for code, colour, text in legend[1:4]:
        assert any(t.startswith(text.split(":")[0]) for t in texts)
    assert "IOU" in ax.get_title()
    with pytest.raises(InputError, match="maps=True"):
        rnm.pixel_iou(g, p, pixel_size=0.5).plot()


def test_evaluation_small_multiples(plt, tmp_path):
    ev = rnm.evaluate(GT, PRED, metrics=["ccq", "junct", "apls"])
    axes = ev.plot()
    assert len(axes) == 3
    for a, m in zip(axes, ["ccq", "junct", "apls"]):
        spec = registry.get(m)
        assert a.get_title().startswith(spec.name)
        assert spec.headline_output().name in a.get_title()
        assert a.get_ylim()[0] == 0 and 1.0 <= a.get_ylim()[1] <= 1.2
    pixels = png_pixels(axes[0], tmp_path / "evaluate.png")
    assert has_colour(pixels, "#08306b")           # the headline bars


def test_nice_scale_lengths():
    from roadnetworkmetrics._plot import nice_length
    assert [nice_length(s) for s in (600, 1000, 80, 7.0, 12000)] == [100, 200, 10, 1, 2000]


def test_without_matplotlib_one_sentence(monkeypatch):
    r = rnm.ccq(GT, PRED)
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r"^Result.plot needs matplotlib \(pip install matplotlib\)$"):
        r.plot()
    ev = rnm.evaluate(GT, PRED, metrics=["ccq"])
    with pytest.raises(ImportError, match=r"EvaluationResult.plot needs matplotlib"):
        ev.plot()
