"""Readers that need no QGIS: files and in-memory objects to
:class:`core.io.source.Source` (a LineSet with its CRS).  Shared by the
Python library and the command line (``library/``); each reader raises
ValueError with a sentence naming the file and what is wrong.

* ``gpkg``: GeoPackage line layers through the standard library's sqlite3;
* ``geojson``: GeoJSON (RFC 7946; an old-style ``crs`` member is honoured);
* ``ogr``: anything else GDAL/OGR reads, through pyogrio or GDAL's bindings;
* ``roadtracer``: RoadTracer ``.graph`` text files (pixel coordinates);
* ``spacenet``: SpaceNet road CSVs (``ImageId``, ``WKT_Pix``);
* ``graphs``: networkx / osmnx graphs;
* ``shapes``: shapely geometries, WKT / WKB, coordinate arrays.
"""
