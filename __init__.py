"""Road Network Metrics — QGIS plugin entry point."""


def classFactory(iface):  # noqa: N802 (QGIS API name)
    from .plugin import RoadMetricsPlugin
    return RoadMetricsPlugin(iface)
