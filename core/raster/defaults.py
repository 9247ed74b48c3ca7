"""Default sizes of centreline extraction (core/raster/centrelines.py), in a
module of their own so that the parameter descriptions (params.py), which
every face reads when it builds its parameters, load without numpy or
scipy; every size is in metres or square metres (docs/raster.md)."""

MIN_AREA_M2 = 30.0
"""Components smaller than this (m^2) are dropped: 30 m^2 is a 3 m lane
10 m long, shorter than any road a ground truth digitises; what is smaller
is a car, a parking bay or a speck of noise in the prediction."""
FILL_HOLES_M2 = 30.0
"""Holes smaller than this (m^2) are filled: a car, a shadow or a tree crown
on the road; the smallest real block enclosed by roads is hundreds of m^2.
A hole left open makes a small loop in the skeleton."""
PRUNE_M = 6.0
"""Spurs (a branch from a junction to a free end) shorter than this (m) are
removed: thinning leaves spurs towards the corners and bumps of a road's
outline, about as long as half the road's width plus the bump (up to 5-6 m
on a 10 m wide street); a real dead end that short is a driveway."""
SIMPLIFY_M = 0.5
"""Douglas-Peucker tolerance (m): the staircase of a pixel skeleton is
removed while the lines stay within half a metre of it (half a pixel at 1 m,
so well within one pixel of the road's centre)."""
