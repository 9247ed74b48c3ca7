"""QGIS plugin entry: registers the Processing provider."""
from qgis.core import QgsApplication

from .ui.i18n import install_translator


class RoadMetricsPlugin:
    def __init__(self, iface):
        self.iface = iface
        self.provider = None
        install_translator()

    def initProcessing(self):
        """Called by QGIS (also by qgis_process, which never calls initGui)."""
        if self.provider is None:
            from .ui.provider import RoadMetricsProvider
            self.provider = RoadMetricsProvider()
            QgsApplication.processingRegistry().addProvider(self.provider)

    def initGui(self):
        self.initProcessing()

    def unload(self):
        if self.provider is not None:
            QgsApplication.processingRegistry().removeProvider(self.provider)
            self.provider = None
