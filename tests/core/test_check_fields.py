"""registry.check_fields: the field check every algorithm runs before any
work (single metrics and tools alike)."""
import pytest

from core import registry
from core.analysis.evaluate import metric_params


def fields(gt, pred):
    return {"GROUND_TRUTH": set(gt), "PREDICTION": set(pred)}


def test_class_field_must_be_on_both_layers():
    spec = registry.get("apls")
    p = spec.resolve({"CLASS_FIELD": "cls"})
    registry.check_fields(spec, p, fields(["cls"], ["cls", "x"]))
    with pytest.raises(ValueError, match="CLASS_FIELD 'cls' is missing from the prediction layer"):
        registry.check_fields(spec, p, fields(["cls"], []))
    with pytest.raises(ValueError, match="missing from the ground truth layer"):
        registry.check_fields(spec, p, fields([], ["cls"]))


def test_a_field_must_be_on_its_parent_layer_only():
    # SPEED_FIELD: on the ground truth (its parent); a prediction without it
    # uses DEFAULT_SPEED (the metric warns), so it is not refused
    apls = registry.get("apls")
    p = apls.resolve({"SPEED_FIELD": "speed"})
    registry.check_fields(apls, p, fields(["speed"], []))
    with pytest.raises(ValueError, match="SPEED_FIELD 'speed' is missing from the ground truth"):
        registry.check_fields(apls, p, fields([], ["speed"]))
    # the sentence lists the fields the layer has, to pick from
    with pytest.raises(ValueError, match=r"SPEED_FIELD 'speed' is missing from the ground truth "
                                         r"layer \(its fields: maxspeed, name\)$"):
        registry.check_fields(apls, p, {"GROUND_TRUTH": ["maxspeed", "name"], "PREDICTION": []})
    # CONFIDENCE_FIELD belongs to the prediction
    inst = registry.get("instances")
    p = inst.resolve({"CONFIDENCE_FIELD": "score"})
    registry.check_fields(inst, p, fields([], ["score"]))
    with pytest.raises(ValueError, match="CONFIDENCE_FIELD 'score' is missing from the prediction"):
        registry.check_fields(inst, p, fields(["score"], []))


def test_unset_fields_and_unknown_layers_are_not_checked():
    spec = registry.get("apls")
    registry.check_fields(spec, spec.resolve({}), fields([], []))
    p = spec.resolve({"CLASS_FIELD": "cls"})
    registry.check_fields(spec, p, {"GROUND_TRUTH": {"cls"}, "PREDICTION": None})


@pytest.mark.parametrize("spec", registry.all_specs(), ids=lambda s: s.id)
def test_every_metric_checks_the_shared_class_field(spec):
    # evaluate-all passes CLASS_FIELD to every metric: each one refuses it
    # when the prediction lacks it, as the single algorithm does
    p = metric_params(spec, {"CLASS_FIELD": "cls"})
    with pytest.raises(ValueError, match="CLASS_FIELD 'cls' is missing from the prediction"):
        registry.check_fields(spec, p, fields(["cls"], ["other"]))


def test_missing_field_message_is_translatable():
    from core.text import translate
    spec = registry.get("apls")
    p = spec.resolve({"CLASS_FIELD": "cls"})
    with pytest.raises(ValueError) as e:
        registry.check_fields(spec, p, fields(["cls"], []))
    fr = {"{}: {} '{}' is missing from the {} layer (its fields: {}); the field must exist (same "
          "name) on both layers": "{} : {} « {} » est absent de la couche de {} (ses champs : {}) ; "
          "le champ doit exister (sous le même nom) dans les deux couches",
          "prediction": "prédiction", "none": "aucun"}
    assert translate(e.value.args[0], lambda t: fr.get(t, t)) == (
        "apls : CLASS_FIELD « cls » est absent de la couche de prédiction (ses champs : aucun) ; le "
        "champ doit exister (sous le même nom) dans les deux couches")
