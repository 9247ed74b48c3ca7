"""core/raster/memory.py: a raster that cannot fit is refused from its
header, with the memory needed and available (issue 32 item 5)."""
import pytest

from core.raster import memory
from core.raster.memory import GIB, available_bytes, check_fits


def test_refusal_names_the_sizes():
    with pytest.raises(ValueError) as e:
        check_fits((100_000, 100_000), 11, "big.tif", available=int(4 * GIB))
    assert str(e.value) == (
        "The raster big.tif is 100000 x 100000 pixels: reading and scoring it needs at least "
        "102.4 GiB of memory, and 4.0 GiB are available. Cut it into tiles (gdal_retile.py; QGIS: "
        "Processing > GDAL > Raster miscellaneous > Retile) and score them as a batch, or use a "
        "coarser pixel size.")
    check_fits((10_000, 10_000), 11, "ok.tif", available=int(4 * GIB))   # 1.0 GiB: fits


def test_available_memory_is_the_smallest_limit(monkeypatch):
    monkeypatch.setattr(memory, "_meminfo_available", lambda: 20 << 30)
    monkeypatch.setattr(memory, "_address_space_left", lambda: 4 << 30)
    monkeypatch.setattr(memory, "_cgroup_left", lambda: None)
    assert available_bytes() == 4 << 30
    monkeypatch.setattr(memory, "_address_space_left", lambda: None)
    assert available_bytes() == 20 << 30
    monkeypatch.setattr(memory, "_meminfo_available", lambda: None)
    assert available_bytes() is None
    check_fits((10 ** 6, 10 ** 6), 100, "unknown.tif")   # nothing known: not refused


def test_this_machine_reports_some_memory():
    a = available_bytes()
    assert a is not None and a > 0
