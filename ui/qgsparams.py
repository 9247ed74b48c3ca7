"""Core parameter descriptions (core.registry.Param) as QGIS Processing
parameters, and their values read back: the metric algorithms' own
parameters and the raster parameters (core/raster/params.py) of every
algorithm that takes a raster are made here, from one description."""
from qgis.core import (QgsProcessingParameterBoolean, QgsProcessingParameterEnum,
                       QgsProcessingParameterField, QgsProcessingParameterNumber,
                       QgsProcessingParameterString)

from .compat import SQUARE_METRES, AreaParameter, FieldDataType, NumberType, ParameterFlag
from .i18n import tr
from .tool_common import metres_parameter


def qgis_parameter(p, advanced=None):
    """The QGIS parameter of the core Param ``p`` (label translated, unit
    in brackets, range, help, the advanced flag unless ``advanced`` says
    otherwise)."""
    q = _make(p)
    if p.advanced if advanced is None else advanced:
        q.setFlags(q.flags() | ParameterFlag.Advanced)
    if hasattr(q, "setHelp"):
        q.setHelp(tr(p.help))
    return q


def _make(p):
    if p.unit == "m2" and p.kind == "number" and AreaParameter is not None:
        return _area(p)
    label = tr(p.label) + (f" [{tr(p.unit)}]" if p.unit and p.kind != "distance" else "")
    if p.kind == "distance":
        q = metres_parameter(p.name, label, p.default, p.optional,
                             p.minimum if p.minimum is not None else 0.0)
        if p.maximum is not None:
            q.setMaximum(p.maximum)
        return q
    if p.kind in ("number", "integer"):
        t = NumberType.Integer if p.kind == "integer" else NumberType.Double
        q = QgsProcessingParameterNumber(p.name, label, t, p.default, p.optional)
        if p.minimum is not None:
            q.setMinimum(p.minimum)
        if p.maximum is not None:
            q.setMaximum(p.maximum)
        return q
    if p.kind == "enum":
        # the options shown translated; values are their indices, the same in every language
        return QgsProcessingParameterEnum(p.name, label, [tr(o) for o in p.options], False,
                                          p.options.index(p.default), p.optional)
    if p.kind == "bool":
        return QgsProcessingParameterBoolean(p.name, label, bool(p.default), p.optional)
    if p.kind == "field":
        ftype = {"numeric": FieldDataType.Numeric,
                 "string": FieldDataType.String}.get(p.field_type, FieldDataType.Any)
        return QgsProcessingParameterField(p.name, label, p.default, p.parent, ftype, False,
                                           p.optional)
    return QgsProcessingParameterString(p.name, label, p.default, False, p.optional)


def _area(p):
    """An area in square metres with the dialog's unit selector (QGIS >=
    3.40: km2, ha, ft2 ... converted to m2 by the widget; scripts and models
    pass m2 as before).  No parent layer: the plugin works in metres."""
    q = AreaParameter(p.name, tr(p.label), p.default, "", p.optional,
                      p.minimum if p.minimum is not None else 0.0)
    if p.maximum is not None:
        q.setMaximum(p.maximum)
    q.setDefaultUnit(SQUARE_METRES)
    return q


def parameter_value(alg, p, parameters, context):
    """The value of the Param ``p`` in ``parameters``, in its kind's type
    (None for an optional parameter left empty)."""
    raw = parameters.get(p.name)
    if p.optional and (raw is None or raw == "" or (hasattr(raw, "isNull") and raw.isNull())):
        return None
    if p.kind in ("distance", "number"):
        return alg.parameterAsDouble(parameters, p.name, context)
    if p.kind == "integer":
        return alg.parameterAsInt(parameters, p.name, context)
    if p.kind == "enum":
        return p.options[alg.parameterAsEnum(parameters, p.name, context)]
    if p.kind == "bool":
        return alg.parameterAsBoolean(parameters, p.name, context)
    if p.kind == "field":
        return alg.parameterAsString(parameters, p.name, context) or None
    return alg.parameterAsString(parameters, p.name, context)
