"""One code base for QGIS 3.22 ... 4.x (PyQt5 and PyQt6).

Everything here is chosen once, at import, by what the running QGIS offers
(never by parsing a version string):

* field types: ``QMetaType.Type`` on QGIS >= 3.38, where
  ``QgsField(name, QVariant.Type)`` is deprecated; ``QVariant.Type`` before
  (PyQt6 has no ``QVariant.Type``, but QGIS < 3.38 is always Qt5);
* the QGIS enum values the plugin uses, fully scoped: the ``Qgis.*`` enums
  (QGIS >= 3.30 for geometry types, >= 3.36 for Processing), else the same
  value scoped in its old class (``QgsProcessing.SourceType.TypeVectorLine``,
  valid on PyQt5 builds, i.e. every QGIS older than those).

The rest of the plugin imports field types and enum values from here only;
tests/core/test_qt6_compat.py checks that statically.
"""
from qgis.core import (Qgis, QgsApplication, QgsFeatureRequest, QgsFeatureSink, QgsField, QgsProcessing,
                       QgsProcessingParameterDefinition, QgsProcessingParameterField,
                       QgsProcessingParameterNumber, QgsUnitTypes, QgsWkbTypes)
from qgis.PyQt.QtCore import QMetaType, QVariant

# QgsField(name, QMetaType.Type) exists since QGIS 3.38
_METATYPE_FIELDS = Qgis.versionInt() >= 33800


def _first(*getters):
    """The value of the first getter that does not raise AttributeError."""
    for get in getters:
        try:
            return get()
        except AttributeError:
            continue
    raise AttributeError("none of the spellings exists in this QGIS")


if _METATYPE_FIELDS:
    FIELD_TYPES = {"int": QMetaType.Type.Int, "double": QMetaType.Type.Double,
                   "string": QMetaType.Type.QString}
else:  # QGIS < 3.38: Qt5 only
    FIELD_TYPES = {"int": QVariant.Int, "double": QVariant.Double, "string": QVariant.String}


def field_type(kind: str):
    """The field type for ``kind`` ("int", "double" or "string") that this
    QGIS's ``QgsField`` takes without a deprecation warning."""
    return FIELD_TYPES[kind]


def make_field(name: str, kind: str) -> QgsField:
    """A ``QgsField`` called ``name`` of ``kind`` ("int", "double", "string")."""
    return QgsField(name, field_type(kind))


class SourceType:
    """Layer types of Processing sources and sinks."""
    Vector = _first(lambda: Qgis.ProcessingSourceType.Vector,
                    lambda: QgsProcessing.SourceType.TypeVector)
    VectorLine = _first(lambda: Qgis.ProcessingSourceType.VectorLine,
                        lambda: QgsProcessing.SourceType.TypeVectorLine)
    VectorPoint = _first(lambda: Qgis.ProcessingSourceType.VectorPoint,
                         lambda: QgsProcessing.SourceType.TypeVectorPoint)
    VectorPolygon = _first(lambda: Qgis.ProcessingSourceType.VectorPolygon,
                           lambda: QgsProcessing.SourceType.TypeVectorPolygon)
    Raster = _first(lambda: Qgis.ProcessingSourceType.Raster,
                    lambda: QgsProcessing.SourceType.TypeRaster)


class NumberType:
    """Types of a Processing number parameter."""
    Integer = _first(lambda: Qgis.ProcessingNumberParameterType.Integer,
                     lambda: QgsProcessingParameterNumber.Type.Integer)
    Double = _first(lambda: Qgis.ProcessingNumberParameterType.Double,
                    lambda: QgsProcessingParameterNumber.Type.Double)


class ParameterFlag:
    """Flags of a Processing parameter."""
    Advanced = _first(lambda: Qgis.ProcessingParameterFlag.Advanced,
                      lambda: QgsProcessingParameterDefinition.Flag.FlagAdvanced)
    Optional = _first(lambda: Qgis.ProcessingParameterFlag.Optional,
                      lambda: QgsProcessingParameterDefinition.Flag.FlagOptional)


class FieldDataType:
    """Field types a Processing field parameter accepts."""
    Any = _first(lambda: Qgis.ProcessingFieldParameterDataType.Any,
                 lambda: QgsProcessingParameterField.DataType.Any)
    Numeric = _first(lambda: Qgis.ProcessingFieldParameterDataType.Numeric,
                     lambda: QgsProcessingParameterField.DataType.Numeric)
    String = _first(lambda: Qgis.ProcessingFieldParameterDataType.String,
                    lambda: QgsProcessingParameterField.DataType.String)


class DistanceUnit:
    """Distance units (QGIS >= 3.30: Qgis.DistanceUnit)."""
    Meters = _first(lambda: Qgis.DistanceUnit.Meters,
                    lambda: QgsUnitTypes.DistanceUnit.DistanceMeters)
    Unknown = _first(lambda: Qgis.DistanceUnit.Unknown,
                     lambda: QgsUnitTypes.DistanceUnit.DistanceUnknownUnit)


# an area parameter with a unit selector in the dialog: QGIS >= 3.40
try:
    from qgis.core import QgsProcessingParameterArea as AreaParameter
    SQUARE_METRES = Qgis.AreaUnit.SquareMeters
except (ImportError, AttributeError):
    AreaParameter = SQUARE_METRES = None


class WkbType:
    """Geometry (WKB) types of the plugin's outputs."""
    NoGeometry = _first(lambda: Qgis.WkbType.NoGeometry, lambda: QgsWkbTypes.Type.NoGeometry)
    Point = _first(lambda: Qgis.WkbType.Point, lambda: QgsWkbTypes.Type.Point)
    LineString = _first(lambda: Qgis.WkbType.LineString, lambda: QgsWkbTypes.Type.LineString)
    Polygon = _first(lambda: Qgis.WkbType.Polygon, lambda: QgsWkbTypes.Type.Polygon)


class GeometryType:
    """Geometry families (point, line, polygon)."""
    Line = _first(lambda: Qgis.GeometryType.Line, lambda: QgsWkbTypes.GeometryType.LineGeometry)
    Polygon = _first(lambda: Qgis.GeometryType.Polygon,
                     lambda: QgsWkbTypes.GeometryType.PolygonGeometry)
    Null = _first(lambda: Qgis.GeometryType.Null, lambda: QgsWkbTypes.GeometryType.NullGeometry)


class SinkFlag:
    """Flags of QgsFeatureSink.addFeature(s)."""
    FastInsert = QgsFeatureSink.Flag.FastInsert


class RequestFlag:
    """Flags of a QgsFeatureRequest."""
    NoFlags = _first(lambda: Qgis.FeatureRequestFlag.NoFlags,
                     lambda: QgsFeatureRequest.Flag.NoFlags)


def max_threads(context=None) -> int:
    """The threads QGIS lets an algorithm use (Settings > Options >
    Rendering, "Max cores to use"; QgsProcessingContext.maximumThreads from
    QGIS 3.28, QgsApplication.maxThreads before): 0 for every core."""
    get = getattr(context, "maximumThreads", None)
    n = get() if callable(get) else QgsApplication.maxThreads()
    return max(int(n), 0)
