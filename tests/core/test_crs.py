"""core/crs.py: which CRSs are reprojected, with scales checked against
closed-form projections (no pyproj needed)."""
import math

import numpy as np
import pytest

from core import crs

R = 6378137.0


def mercator_inverse(xs, ys):
    """EPSG:3857 (spherical Mercator on the WGS 84 radius) -> lon, lat."""
    xs, ys = np.asarray(xs, float), np.asarray(ys, float)
    return np.degrees(xs / R), np.degrees(np.arctan(np.sinh(ys / R)))


def equirect_inverse(xs, ys):
    """EPSG:4087-like plate carree (true scale on the equator)."""
    return np.degrees(np.asarray(xs, float) / R), np.degrees(np.asarray(ys, float) / R)


def helsinki_box(to_xy):
    x, y = to_xy(24.94, 60.17)
    return (x - 2000, y - 2000, x + 2000, y + 2000)


def mercator_forward(lon, lat):
    return R * math.radians(lon), R * math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))


def test_utm_zone():
    assert crs.utm_epsg(24.94, 60.17) == 32635
    assert crs.utm_epsg(-74.0, 40.7) == 32618
    assert crs.utm_epsg(151.2, -33.9) == 32756
    assert crs.utm_epsg(180.0, 0.0) == 32601


def test_ground_length_of_one_degree():
    # one degree of latitude at the equator: 110,574 m; of longitude: 111,319 m
    assert crs.ground_length(0, 0, 0, 1) == pytest.approx(110574, rel=2e-4)
    assert crs.ground_length(0, 0, 1, 0) == pytest.approx(111319.5, rel=1e-5)


def test_web_mercator_scale_at_60_north_is_two():
    s = crs.worst_scale(mercator_inverse, helsinki_box(mercator_forward))
    # 1 / cos(60.17 deg) on the sphere, ~0.3 % more on the ellipsoid
    assert s == pytest.approx(1 / math.cos(math.radians(60.17)), rel=5e-3)
    p = crs.plan("EPSG:3857", False, "metre", s, (24.94, 60.17))
    assert p.target_epsg == 32635
    assert p.record["reprojected_to"] == "EPSG:32635"
    assert p.record["crs_scale_at_data"] == pytest.approx(s, abs=1e-4)
    assert "EPSG:3857" in p.warning and "EPSG:32635" in p.warning


def test_web_mercator_near_equator_kept():
    box = (-2000, -2000, 2000, 2000)
    s = crs.worst_scale(mercator_inverse, box)
    assert abs(s - 1) < crs.SCALE_TOLERANCE
    assert crs.plan("EPSG:3857", False, "metre", s, (0.0, 0.0)).target_epsg is None


def test_equidistant_cylindrical_east_west_scale():
    x, y = R * math.radians(24.94), R * math.radians(60.17)
    s = crs.worst_scale(equirect_inverse, (x - 1000, y - 1000, x + 1000, y + 1000))
    assert s == pytest.approx(2.0, rel=1e-2)     # parallels stretched by 1/cos(lat)


def test_metre_crs_true_to_scale_kept():
    p = crs.plan("EPSG:3067", False, "metre", 0.9996, (24.9, 60.2))
    assert p.target_epsg is None and p.warning is None and p.record == {}


def test_geographic_and_feet_reprojected():
    g = crs.plan("EPSG:4326", True, "degree", None, (24.9, 60.2))
    assert g.target_epsg == 32635 and "geographic" in g.warning
    f = crs.plan("EPSG:2263", False, "US survey foot", None, (-74.0, 40.7))
    assert f.target_epsg == 32618
    assert f.record == {"reprojected_to": "EPSG:32618", "converted_from_unit": "US survey foot"}
    assert "EPSG:2263 (US survey foot) -> EPSG:32618 (metres)" in f.warning


def test_unknown_unit_warned_not_reprojected():
    p = crs.plan("custom CRS", False, None, None, None)
    assert p.target_epsg is None and "unknown" in p.warning


def test_reprojection_without_centre_is_refused():
    with pytest.raises(ValueError, match="cannot be transformed"):
        crs.plan("EPSG:3857", False, "metre", 2.0, None)


def test_untransformable_extent_gives_no_scale():
    def broken(xs, ys):
        raise RuntimeError("no")
    assert crs.worst_scale(broken, (0, 0, 1, 1)) is None
    assert crs.worst_scale(lambda x, y: (np.full(len(x), np.nan),) * 2, (0, 0, 1, 1)) is None
    assert crs.worst_scale(mercator_inverse, (0, 0, math.inf, 1)) is None
