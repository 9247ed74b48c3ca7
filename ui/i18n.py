"""Translation helpers (Qt linguist context 'RoadMetrics')."""
import os

from qgis.PyQt.QtCore import QCoreApplication, QSettings, QTranslator

CONTEXT = "RoadMetrics"
_translator = None


def tr(text):
    return QCoreApplication.translate(CONTEXT, text)


def install_translator():
    """Load i18n/roadmetrics_<lang>.qm for the user's locale, once."""
    global _translator
    if _translator is not None:
        return
    locale = str(QSettings().value("locale/userLocale", "en") or "en")[:2]
    if os.environ.get("ROADMETRICS_LOCALE"):
        locale = os.environ["ROADMETRICS_LOCALE"][:2]
    path = os.path.join(os.path.dirname(os.path.dirname(__file__)), "i18n",
                        f"roadmetrics_{locale}.qm")
    if os.path.exists(path):
        t = QTranslator()
        if t.load(path):
            QCoreApplication.installTranslator(t)
            _translator = t


def tr_noop(text):
    """Marks a text for translation where it is defined (class attributes);
    tr() translates it where it is shown.  scripts/update_ts.py collects the
    literals passed to tr() and tr_noop()."""
    return text
