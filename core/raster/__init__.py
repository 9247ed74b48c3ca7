"""Rasters to lines: centreline extraction from a road mask or probability
map (docs/raster.md), in pure numpy / scipy (scikit-image used when it is
installed, with a fallback that gives the same pixels)."""
