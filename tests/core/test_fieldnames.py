"""core/fieldnames.py: short, unique field names for shapefile outputs."""
from hypothesis import given
from hypothesis import strategies as st

from core.fieldnames import needs_short_names, short_field_names


def test_destinations_with_short_names():
    assert needs_short_names("/tmp/a/TILES.SHP")
    assert needs_short_names("/tmp/a/t.shp|layername=t")
    assert needs_short_names("/tmp/t.dbf")
    assert not needs_short_names("/tmp/t.gpkg")
    assert not needs_short_names("TEMPORARY_OUTPUT")
    assert not needs_short_names("memory:")


def test_hand_checked_names():
    names = ["apls", "junct_f1", "boundaryf_precision", "boundaryf_recall", "boundaryf_f",
             "instances_mean_iou", "instances_mean_iiou", "distances_hd95",
             "distances_hd95_pooled", "tlts_too_long", "tlts_too_long_or_short"]
    assert short_field_names(names) == [
        "apls", "junct_f1", "boun_preci", "boun_recal", "boun_f",
        # "mean" and "iou" / "iiou" cut to the 5 letters left after "inst_"
        "inst_meiou", "inst_meiio", "dist_hd95",
        "dist_hdpoo", "tlts_tolon", "tlts_tlosh"]


def test_collisions_are_numbered_and_taken_names_avoided():
    assert short_field_names(["abcdefghijkl", "abcdefghijzz"]) == ["abcdefghij", "abcdefghi2"]
    assert short_field_names(["error", "Error"], taken=("ERROR",)) == ["error2", "Error3"]


@given(st.lists(st.from_regex(r"[a-z]{1,12}(_[a-z0-9]{1,8}){0,3}", fullmatch=True),
                max_size=40))
def test_unique_short_and_stable(names):
    out = short_field_names(names)
    assert len(out) == len(names)
    assert all(len(n) <= 10 for n in out)
    assert len({n.lower() for n in out}) == len(out)
    assert out == short_field_names(list(names))
    # a name that fits is kept unless an earlier field already holds it
    for i, (name, short) in enumerate(zip(names, out)):
        if len(name) <= 10 and name.lower() not in {o.lower() for o in out[:i]}:
            assert short == name
