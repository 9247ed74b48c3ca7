"""Field names that fit formats with short names (ESRI Shapefile: 10 bytes).

evaluate-all's TILE_SCORES layer has one field per score, named
``<metric>_<score>`` (``boundaryf_precision``, ``instances_mean_iiou``); a
shapefile driver would cut them to 10 characters and number the collisions
(``boundaryf_``, ``boundary_1``, ...), so nobody could tell which is which and
the layer's style would point at a field that no longer exists.  For such
outputs the plugin names the fields itself, readable and unique, and keeps the
full name as the field's alias (in the .qml sidecar) and in the log.
"""
from __future__ import annotations

SHAPEFILE_LIMIT = 10
SHORT_NAME_FORMATS = (".shp", ".dbf")


def needs_short_names(destination: str) -> bool:
    """True when ``destination`` (a Processing output: a path, possibly with
    ``|layername=...`` options) is written by a driver with 10-character field
    names."""
    path = str(destination).split("|")[0].strip().lower()
    return path.endswith(SHORT_NAME_FORMATS)


def _abbreviate(name: str, limit: int) -> str:
    """``metric_score`` in at most ``limit`` characters: the metric's first 4
    letters, then the score's words, each cut to the same share of what is
    left (at least one letter per word)."""
    if len(name) <= limit:
        return name
    head, _, tail = name.partition("_")
    if not tail:
        return name[:limit]
    head = head[:4]
    words = [w for w in tail.split("_") if w]
    room = limit - len(head) - 1
    while words and sum(len(w) for w in words) > room:
        longest = max(range(len(words)), key=lambda i: (len(words[i]), -i))
        if len(words[longest]) == 1:
            words.pop()  # more words than room: the last ones go
            continue
        words[longest] = words[longest][:-1]
    return (head + "_" + "".join(words))[:limit]


def short_field_names(names: list[str], limit: int = SHAPEFILE_LIMIT,
                      taken: tuple[str, ...] = ()) -> list[str]:
    """Unique names of at most ``limit`` characters for ``names``, in order.

    A name that fits and is not taken (case-insensitively, as in a .dbf) is
    kept; a longer one is abbreviated (:func:`_abbreviate`); a collision gets
    a number in its last characters (``inst_mean2``).  Deterministic: the same
    names always give the same short names.  ``taken``: names already used by
    other fields of the layer.
    """
    used = {t.lower() for t in taken}
    out = []
    for name in names:
        short = _abbreviate(name, limit)
        k = 1
        candidate = short
        while candidate.lower() in used:
            k += 1
            suffix = str(k)
            candidate = short[:limit - len(suffix)] + suffix
        used.add(candidate.lower())
        out.append(candidate)
    return out
