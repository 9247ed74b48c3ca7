"""The Processing provider 'roadmetrics': one algorithm per registry entry."""
import os

from qgis.core import QgsProcessingProvider
from qgis.PyQt.QtGui import QIcon

from ..core import registry
from .algorithm import algorithm_class
from .i18n import tr

ICON = os.path.join(os.path.dirname(os.path.dirname(__file__)), "resources", "icon.svg")


class RoadMetricsProvider(QgsProcessingProvider):
    def id(self):
        return "roadmetrics"

    def name(self):
        return tr("Road network metrics")

    def longName(self):
        return self.name()

    def icon(self):
        return QIcon(ICON)

    def svgIconPath(self):
        return ICON

    def loadAlgorithms(self):
        for spec in registry.all_specs():
            self.addAlgorithm(algorithm_class(spec)())
        from .evaluate import EvaluateAlgorithm
        self.addAlgorithm(EvaluateAlgorithm())
        from .perturb import PerturbAlgorithm
        self.addAlgorithm(PerturbAlgorithm())
        from .sensitivity import SensitivityAlgorithm
        self.addAlgorithm(SensitivityAlgorithm())
        from .compare import CompareAlgorithm
        self.addAlgorithm(CompareAlgorithm())
        from .centrelines import CentrelinesAlgorithm
        self.addAlgorithm(CentrelinesAlgorithm())
