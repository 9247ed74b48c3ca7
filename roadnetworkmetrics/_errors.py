"""The one exception type of the library."""


class InputError(ValueError):
    """Bad input or parameters: the message is the sentence the QGIS plugin
    shows for the same problem (a file that cannot be read, a layer without
    lines, a parameter out of its range, a CRS that cannot be handled ...).
    A ValueError, so ``except ValueError`` catches it too."""


def library_spelling(name: str) -> str:
    """A parameter as the library spells it: ``raster_threshold=``."""
    return name.lower() + "="


def cli_spelling(name: str) -> str:
    """A parameter as the command line spells it: ``--raster-threshold``."""
    return "--" + name.lower().replace("_", "-")


class ThresholdNeeded(InputError):
    """A raster read as a mask that is not one (a probability or class map
    without a threshold or classes): the core's sentence, then the
    parameters that read it, spelt by the face that shows the message
    (:meth:`spelt`; ``str()`` is the library's)."""

    def __init__(self, text: str):
        self.text = str(text)
        super().__init__(self.spelt(library_spelling))

    def spelt(self, spell) -> str:
        t, c = spell("RASTER_THRESHOLD"), spell("RASTER_CLASSES")
        example = t + ("0.5" if t.endswith("=") else " 0.5")
        return f"{self.text} Set {t} (e.g. {example} for a probability map) or {c}."


def spelt(e: BaseException, spell) -> str:
    """The message of ``e`` with the parameters it names spelt by a face."""
    return e.spelt(spell) if isinstance(e, ThresholdNeeded) else str(e)
