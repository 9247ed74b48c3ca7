"""In a checkout, ``roadnetworkmetrics.core`` is the plugin's core/ folder:
this stand-in points the subpackage there (its ``__path__``), so the library
runs from the repository without being installed.  An installed package
holds a copy of core/ in its place instead (pyproject.toml, package-dir)."""
import os as _os

__path__ = [_os.path.join(_os.path.dirname(_os.path.dirname(_os.path.dirname(
    _os.path.abspath(__file__)))), "core")]
with open(_os.path.join(__path__[0], "__init__.py"), encoding="utf-8") as _f:
    _code = _f.read()
__doc__ = _code.split('"""')[1]
# the real core/__init__.py, run as this package (its one-identity finder)
exec(compile(_code, _os.path.join(__path__[0], "__init__.py"), "exec"))
