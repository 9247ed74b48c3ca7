"""core/io/files.py: an output never replaces or restyles an input, however
its path is spelt (links, sidecars, style files), in every face."""
import os

from core.io.files import clash, file_key, footprint


def test_shapefile_footprint_and_style(tmp_path):
    shp = str(tmp_path / "roads.shp")
    fp = footprint(shp, sidecar_style=True)
    assert str(tmp_path / "roads.dbf") in fp and str(tmp_path / "roads.qml") in fp
    assert str(tmp_path / "roads.shp.aux.xml") not in fp
    assert str(tmp_path / "roads.shp.aux.xml") in footprint(shp, raster_sidecars=True)


def test_links_and_new_files_have_one_key(tmp_path):
    a = tmp_path / "a.gpkg"
    a.write_bytes(b"x")
    os.link(a, tmp_path / "hard.gpkg")
    os.symlink(a, tmp_path / "soft.gpkg")
    assert file_key(str(a)) == file_key(str(tmp_path / "hard.gpkg")) == \
        file_key(str(tmp_path / "soft.gpkg"))
    assert file_key(str(tmp_path / "new" / "x.GeoJSON")) == \
        file_key(str(tmp_path / "new" / "x.geojson"))


def test_clash_finds_the_input_an_output_would_touch(tmp_path):
    shp = str(tmp_path / "gt.shp")
    tif = str(tmp_path / "pred.tif")
    for f in (shp, tif):
        open(f, "wb").close()
    assert clash(str(tmp_path / "gt.dbf"), [shp]) == shp          # a sidecar of the input
    assert clash(str(tmp_path / "gt.qml"), [shp]) == shp          # its style
    assert clash(tif + ".aux.xml", [tif]) == tif                   # a raster's sidecar
    assert clash(str(tmp_path / "out.shp"), [shp, tif]) is None
    os.symlink(shp, tmp_path / "link.shp")
    assert clash(str(tmp_path / "link.shp"), [shp]) == shp
