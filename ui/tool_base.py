"""What the tool algorithms (evaluate, perturb, sensitivity, compare) share:
their identity from class attributes, and the parameters that several of
them offer (metric choice, seed, run options)."""
import os

from qgis.core import (QgsProcessing, QgsProcessingAlgorithm, QgsProcessingParameterDefinition,
                       QgsProcessingParameterDistance, QgsProcessingParameterEnum,
                       QgsProcessingParameterFeatureSource, QgsProcessingParameterNumber,
                       QgsProcessingParameterString)

from ..core import registry
from .i18n import tr

AGGREGATIONS = ["pooled", "mean"]
EMPTY = ["skip", "worst", "best"]


class ToolAlgorithm(QgsProcessingAlgorithm):
    """A tool: NAME and GROUP_ID as they are; DISPLAY, GROUP and HELP are
    English texts marked with tr_noop (collected for translation) and
    translated when QGIS asks for them."""

    NAME = DISPLAY = GROUP = GROUP_ID = HELP = ""

    def createInstance(self):
        return type(self)()

    def name(self):
        return self.NAME

    def displayName(self):
        return tr(self.DISPLAY)

    def group(self):
        return tr(self.GROUP)

    def groupId(self):
        return self.GROUP_ID

    def shortHelpString(self):
        return tr(self.HELP)

    @staticmethod
    def specs():
        return registry.all_specs()

    def add_advanced(self, params):
        for p in params:
            p.setFlags(p.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
            self.addParameter(p)

    def chosen_metrics(self, parameters, context):
        """Ids of the metrics chosen in METRICS (all when none is)."""
        specs = self.specs()
        chosen = self.parameterAsEnums(parameters, "METRICS", context)
        return [specs[i].id for i in chosen] if chosen else [s.id for s in specs]


def metrics_parameter(specs):
    return QgsProcessingParameterEnum("METRICS", tr("Metrics"), [s.id for s in specs], True,
                                      list(range(len(specs))), True)


def seed_parameter():
    return QgsProcessingParameterNumber("SEED", tr("Random seed"),
                                        QgsProcessingParameterNumber.Integer, 0, False, 0)


def run_parameters():
    """WORKERS, DASK_SCHEDULER and PARAMETERS (advanced)."""
    return [
        QgsProcessingParameterNumber("WORKERS", tr("Worker processes (0 = one per core)"),
                                     QgsProcessingParameterNumber.Integer, 0, False, 0),
        QgsProcessingParameterString("DASK_SCHEDULER", tr("Dask scheduler address"), None, False, True),
        QgsProcessingParameterString("PARAMETERS", tr("Per-metric parameters (JSON)"), None, True, True),
    ]


def tile_parameters():
    """TILE_SIZE, TILES, AGGREGATION, EMPTY_TILES and the advanced MARGIN
    (evaluate-all and compare): (parameters, advanced parameters)."""
    return ([
        QgsProcessingParameterDistance("TILE_SIZE", tr("Tile size (0 = whole extent)"), 0.0,
                                       "GROUND_TRUTH", False, 0.0),
        QgsProcessingParameterFeatureSource("TILES", tr("Tiles (polygon layer)"),
                                            [QgsProcessing.TypeVectorPolygon], None, True),
        QgsProcessingParameterEnum("AGGREGATION", tr("Aggregation over tiles"), AGGREGATIONS, False, 0),
        QgsProcessingParameterEnum("EMPTY_TILES", tr("Tiles without ground truth"), EMPTY, False, 0),
    ], [
        QgsProcessingParameterDistance("MARGIN", tr("Tile margin"), 0.0, "GROUND_TRUTH", False, 0.0),
    ])


def tile_options(alg, parameters, context):
    """(tile size, tiles source, aggregation, empty-tile policy, margin)."""
    return (alg.parameterAsDouble(parameters, "TILE_SIZE", context),
            alg.parameterAsSource(parameters, "TILES", context),
            AGGREGATIONS[alg.parameterAsEnum(parameters, "AGGREGATION", context)],
            EMPTY[alg.parameterAsEnum(parameters, "EMPTY_TILES", context)],
            alg.parameterAsDouble(parameters, "MARGIN", context))


def write_report(path, text):
    """Write an HTML report (creating its folder); returns the path."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    return path
