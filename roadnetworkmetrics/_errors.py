"""The one exception type of the library."""


class InputError(ValueError):
    """Bad input or parameters: the message is the sentence the QGIS plugin
    shows for the same problem (a file that cannot be read, a layer without
    lines, a parameter out of its range, a CRS that cannot be handled ...).
    A ValueError, so ``except ValueError`` catches it too."""
