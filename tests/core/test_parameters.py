"""Parameter checks (issue 17, items 9 and 10): every numeric parameter is
finite and within its documented range, spacings are far above the merge
tolerance, and each refusal is a sentence naming the parameter by its label
and its valid range."""
import math

import numpy as np
import pytest

from core import registry
from core.analysis.evaluate import evaluate
from core.analysis.perturb import perturb
from core.network.lineset import LineSet
from core.runner import run as run_spec

SPECS = registry.all_specs()
NUMERIC = [(s, p) for s in SPECS for p in s.all_params() if p.kind in ("distance", "number", "integer")]


def _lines():
    return LineSet([np.array([[0.0, 0.0], [100.0, 0.0], [100.0, 100.0]]),
                    np.array([[100.0, 0.0], [200.0, 0.0]])])


def test_every_numeric_parameter_has_a_finite_range():
    for spec, p in NUMERIC:
        assert p.minimum is not None and p.maximum is not None, (spec.id, p.name)
        assert math.isfinite(p.minimum) and math.isfinite(p.maximum), (spec.id, p.name)
        assert p.minimum <= p.maximum
        if p.default is not None:
            assert p.minimum <= p.default <= p.maximum, (spec.id, p.name)
        if p.kind == "distance":
            assert p.maximum <= registry.MAX_DISTANCE_M


@pytest.mark.parametrize("spec,p", NUMERIC, ids=lambda x: getattr(x, "id", getattr(x, "name", "")))
@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, 1e308, -1.0, 2 ** 31 - 1, "abc"])
def test_bad_values_refused_with_label_and_range(spec, p, bad):
    if bad == 2 ** 31 - 1 and p.maximum >= bad:
        return  # SEED's own maximum
    if bad == -1.0 and p.minimum <= -1.0:
        return
    with pytest.raises(ValueError) as e:
        spec.resolve({p.name: bad})
    msg = str(e.value)
    assert p.label in msg and p.name in msg and p.range_text() in msg, msg
    assert msg.endswith("."), msg


def test_nan_snap_distance_is_refused_not_scored_zero():
    # issue 17: SNAP_DISTANCE=nan gave APLS 0, MERGE_TOLERANCE=nan 0.207
    apls = registry.get("apls")
    for name in ("SNAP_DISTANCE", "MERGE_TOLERANCE", "CONTROL_SPACING", "MIN_PATH_LENGTH"):
        with pytest.raises(ValueError, match="must be a finite number"):
            run_spec(apls, _lines(), _lines(), {name: math.nan})
    for mid, name in (("tlts", "SNAP_DISTANCE"), ("optp", "SNAP_DISTANCE"), ("optj", "MAX_DISTANCE"),
                      ("tlts", "LENGTH_TOLERANCE")):
        with pytest.raises(ValueError, match=name):
            run_spec(registry.get(mid), _lines(), _lines(), {name: math.nan})


def test_huge_counts_and_distances_refused():
    with pytest.raises(ValueError, match=r"Number of sampled paths \(N_PATHS\) must be a whole number "
                                         r"from 1 to 100000; got 2147483647\."):
        registry.get("tlts").resolve({"N_PATHS": 2 ** 31 - 1})
    with pytest.raises(ValueError, match=r"N_SEEDS"):
        registry.get("subg").resolve({"N_SEEDS": 2 ** 31 - 1})
    with pytest.raises(ValueError, match=r"Subgraph radius \(RADIUS\) must be a finite number from "
                                         r"0.01 to 100000 m; got 1e\+308\."):
        registry.get("subg").resolve({"RADIUS": 1e308})
    with pytest.raises(ValueError, match="whole number"):
        registry.get("tlts").resolve({"N_PATHS": 10.5})
    assert registry.get("tlts").resolve({"N_PATHS": 10.0})["N_PATHS"] == 10


def test_merge_tolerance_must_be_far_below_the_spacing():
    apls = registry.get("apls")
    # issue 17: MERGE_TOLERANCE 1e6 gave APLS 1 ("both networks are empty")
    with pytest.raises(ValueError, match=r"Vertex merge tolerance \(MERGE_TOLERANCE\) must be a finite "
                                         r"number from 0 to 1 m; got 1e\+06\."):
        run_spec(apls, _lines(), _lines(), {"MERGE_TOLERANCE": 1e6})
    with pytest.raises(ValueError, match=r"must be far below Control point spacing \(CONTROL_SPACING, "
                                         r"2 m\): at most 1/5 of it"):
        apls.resolve({"MERGE_TOLERANCE": 0.5, "CONTROL_SPACING": 2.0})
    assert apls.resolve({"MERGE_TOLERANCE": 0.4, "CONTROL_SPACING": 2.0})["MERGE_TOLERANCE"] == 0.4
    # without a spacing, up to 1 m
    assert registry.get("junct").resolve({"MERGE_TOLERANCE": 1.0})["MERGE_TOLERANCE"] == 1.0


def test_seed_range():
    tlts = registry.get("tlts")
    assert tlts.resolve({"SEED": 2 ** 31 - 1})["SEED"] == 2 ** 31 - 1
    # issue 17: SEED above 2^32 gave the numbers of SEED 0; refused
    with pytest.raises(ValueError, match=r"Random seed \(SEED\) must be a whole number from 0 to "
                                         r"2147483647; got 4294967297\."):
        tlts.resolve({"SEED": 2 ** 32 + 1})
    with pytest.raises(ValueError, match="SEED"):
        perturb(_lines(), "interruptions", 1, seed=2 ** 32)
    ev = evaluate(_lines(), _lines(), ["tlts"], seed=2 ** 40)
    assert "Random seed (SEED) must be a whole number" in ev.errors["tlts"]


def test_enum_and_bool_checked():
    with pytest.raises(ValueError, match=r"Variant \(VARIANT\) must be one of spacenet, sat2graph"):
        registry.get("apls").resolve({"VARIANT": "cosmiq"})
    with pytest.raises(ValueError, match="true or false"):
        registry.get("apls").resolve({"NODE_CROSSINGS": "maybe"})


def test_evaluate_reports_the_refused_metric_and_keeps_the_others():
    # issue 17: CONTROL_SPACING=nan raised "negative dimensions are not allowed"
    ev = evaluate(_lines(), _lines(), ["junct", "apls"], {"apls": {"CONTROL_SPACING": math.nan}})
    assert set(ev.results) == {"junct"}
    assert ev.errors["apls"] == ("Control point spacing (CONTROL_SPACING) must be a finite number "
                                 "from 0.01 to 100000 m; got nan.")


def test_perturb_parameters_checked():
    with pytest.raises(ValueError, match=r"Gap length \(GAP_LENGTH\) must be a finite number"):
        perturb(_lines(), "interruptions", 1, params={"GAP_LENGTH": math.nan})
    with pytest.raises(ValueError, match=r"MERGE_TOLERANCE"):
        perturb(_lines(), "interruptions", 1, params={"MERGE_TOLERANCE": 1e6})
    with pytest.raises(ValueError, match=r"Number of errors \(COUNT\)"):
        perturb(_lines(), "interruptions", 2 ** 31 - 1)


def test_refusals_are_translatable_with_translated_parts():
    # the sentence, the parameter's label, the kind ("a finite number") and
    # the range are each a template the QGIS side translates (core/text.py)
    from core.text import Text, translate
    with pytest.raises(ValueError) as e:
        registry.get("apls").resolve({"CONTROL_SPACING": math.nan})
    m = e.value.args[0]
    assert isinstance(m, Text) and m.template == "{} must be {} {}; got {}."
    fr = {"{} must be {} {}; got {}.": "{} doit être {} {} ; reçu {}.",
          "a finite number": "un nombre fini", "from {} to {} {}": "de {} à {} {}",
          "Control point spacing": "Espacement des points de contrôle"}
    assert translate(m, lambda t: fr.get(t, t)) == (
        "Espacement des points de contrôle (CONTROL_SPACING) doit être un nombre fini "
        "de 0.01 à 100000 m ; reçu nan.")
    # evaluate keeps the template of a refused metric's message
    ev = evaluate(_lines(), _lines(), ["apls"], {"apls": {"CONTROL_SPACING": math.nan}})
    assert isinstance(ev.errors["apls"], Text) and ev.errors["apls"] == m
    assert translate(ev.warnings()[0], lambda t: fr.get(t, t)).endswith("reçu nan.")


def test_merge_tolerance_refusal_is_translatable():
    from core.text import translate
    with pytest.raises(ValueError) as e:
        registry.get("apls").resolve({"MERGE_TOLERANCE": 0.5, "CONTROL_SPACING": 2.0})
    upper = translate(e.value.args[0], lambda t: t.upper())
    # the template and the spacing's label are translated, the numbers and ids kept
    assert upper.startswith("VERTEX MERGE TOLERANCE (MERGE_TOLERANCE, 0.5 M) MUST BE FAR BELOW "
                            "CONTROL POINT SPACING (CONTROL_SPACING, 2 M)"), upper
