"""shapely's vectorised API is detected by feature, whatever the version
string says (Debian sid's shapely 2.1 reports "0+unknown")."""
import types

from core.geometry.shapely_support import VECTORISED_FUNCTIONS, has_vectorised_shapely


def fake_shapely(version, functions):
    m = types.ModuleType("shapely")
    m.__version__ = version
    for name in functions:
        setattr(m, name, lambda *a, **k: None)
    return m


def test_unparseable_version_with_the_functions_is_vectorised():
    assert has_vectorised_shapely(fake_shapely("0+unknown", VECTORISED_FUNCTIONS))


def test_a_missing_function_means_the_per_geometry_path():
    for missing in VECTORISED_FUNCTIONS:
        rest = [n for n in VECTORISED_FUNCTIONS if n != missing]
        assert not has_vectorised_shapely(fake_shapely("2.1.0", rest))


def test_shapely_1_8_api_is_not_vectorised():
    # shapely 1.8 exposes geometry/ops submodules but no top-level array functions
    m = fake_shapely("1.8.5", [])
    m.geometry = types.ModuleType("shapely.geometry")
    assert not has_vectorised_shapely(m)


def test_installed_shapely_matches_its_api():
    import shapely
    assert has_vectorised_shapely() == all(hasattr(shapely, n) for n in VECTORISED_FUNCTIONS)
    if hasattr(shapely, "STRtree") and hasattr(shapely, "from_wkb"):  # shapely >= 2.0 only
        assert has_vectorised_shapely()
