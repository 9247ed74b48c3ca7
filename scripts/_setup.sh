# Shared set-up for scripts/test, scripts/demo, scripts/bench (sourced, not run).
# Installs what is missing, idempotently: QGIS and the Python packages a stock
# QGIS ships (Debian/Ubuntu packages), a venv for the QGIS tests, and a venv
# with the latest PyPI releases for the core tests.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export QT_QPA_PLATFORM=offscreen
export PYTHONDONTWRITEBYTECODE=1
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
RUFF_VERSION=0.17.6
APT_PACKAGES="qgis python3-qgis python3-numpy python3-scipy python3-shapely python3-networkx python3-pyproj python3-distributed python3-venv python3-pip gdal-bin qttools5-dev-tools"

log() { printf '\033[1m[roadmetrics]\033[0m %s\n' "$*" >&2; }

need_apt() {
  for p in $APT_PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || return 0
  done
  return 1
}

install_system() {
  if need_apt; then
    log "installing QGIS and Python packages from the distribution (apt) ..."
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -q
    $SUDO apt-get install -y -q --no-install-recommends $APT_PACKAGES
  fi
}

# the qgis_process executable that works (Debian bookworm's wrapper is broken)
find_qgis_process() {
  for c in /usr/bin/qgis_process.bin "$(command -v qgis_process.bin 2>/dev/null || true)" "$(command -v qgis_process 2>/dev/null || true)"; do
    [ -n "$c" ] && [ -x "$c" ] || continue
    if QT_QPA_PLATFORM=offscreen "$c" --version >/dev/null 2>&1; then echo "$c"; return 0; fi
  done
  return 1
}

# venv on the system Python that has the QGIS bindings (stock numpy/scipy/shapely)
setup_qgis_venv() {
  VQ="$ROOT/.venv-qgis"
  if [ ! -x "$VQ/bin/python" ]; then
    log "creating $VQ (system site packages: QGIS, numpy, scipy, shapely, networkx)"
    /usr/bin/python3 -m venv --system-site-packages "$VQ"
  fi
  if ! "$VQ/bin/python" -c "import pytest, hypothesis" 2>/dev/null; then
    "$VQ/bin/python" -m pip install -q --disable-pip-version-check pytest hypothesis
  fi
}

# venv with the latest PyPI releases of the core's dependencies
setup_latest_venv() {
  VL="$ROOT/.venv-latest"
  if [ ! -x "$VL/bin/python" ]; then
    log "creating $VL (latest numpy, scipy, shapely, networkx from PyPI)"
    /usr/bin/python3 -m venv "$VL"
  fi
  # scikit-image: the raster tests compare the fallback thinning with its skeletonize
  if ! "$VL/bin/python" -c "import numpy, scipy, shapely, networkx, pyproj, pytest, hypothesis, distributed, skimage" 2>/dev/null; then
    "$VL/bin/python" -m pip install -q --disable-pip-version-check -U numpy scipy shapely networkx pyproj pytest hypothesis distributed scikit-image
  fi
  # reference implementations the pixel metrics are checked against
  # (tests/core/metrics/pixel/: medpy, DeepMind's surface-distance, clDice with scikit-image)
  if ! "$VL/bin/python" -c "import medpy.metric.binary, surface_distance, skimage.morphology" 2>/dev/null; then
    "$VL/bin/python" -m pip install -q --disable-pip-version-check medpy surface-distance scikit-image
  fi
  # the linter is pinned: a new ruff release may add checks to the selected rules
  if [ "$("$VL/bin/ruff" --version 2>/dev/null)" != "ruff $RUFF_VERSION" ]; then
    "$VL/bin/python" -m pip install -q --disable-pip-version-check "ruff==$RUFF_VERSION"
  fi
}

# the Python library as a user gets it: a wheel built from this checkout and
# installed with its optional extras into a fresh venv (latest PyPI releases,
# no QGIS, no access to the checkout's modules)
setup_wheel_venv() {
  VW="$ROOT/.venv-wheel"
  rm -rf "$VW" "$ROOT/build" "$ROOT"/*.egg-info "$ROOT/.wheel-dist"
  /usr/bin/python3 -m venv "$VW"
  "$VW/bin/python" -m pip install -q --disable-pip-version-check -U pip >/dev/null
  "$VW/bin/python" -m pip wheel -q --disable-pip-version-check --no-deps -w "$ROOT/.wheel-dist" "$ROOT"
  rm -rf "$ROOT/build" "$ROOT"/*.egg-info
  local whl
  whl="$(ls "$ROOT"/.wheel-dist/road_network_metrics-*.whl)"
  "$VW/bin/python" -m pip install -q --disable-pip-version-check "$whl[graphs,crs,io,progress,geopandas,parquet,dask,raster,plot]" pytest hypothesis
}

# ruff with the project's configuration (pyproject.toml) over the whole tree
run_lint() {
  log "lint: ruff $RUFF_VERSION check (rules: pyproject.toml [tool.ruff])"
  if ! "$VL/bin/ruff" check --no-cache "$ROOT"; then
    log "lint failed: fix the lines listed above (\"$VL/bin/ruff check --fix $ROOT\" fixes the ones marked [*]), then run again"
    return 1
  fi
}

# a private plugin folder and QGIS profile for qgis_process
setup_qgis_profile() {
  WORK="${ROADMETRICS_WORK:-$ROOT/.venv-qgis/qgis-home}"
  mkdir -p "$WORK/plugins" "$WORK/profile"
  ln -sfn "$ROOT" "$WORK/plugins/roadmetrics"
  export QGIS_PLUGINPATH="$WORK/plugins"
  export QGIS_CUSTOM_CONFIG_PATH="$WORK/profile"
  QGIS_PROCESS="$(find_qgis_process)" || { log "no working qgis_process found"; return 1; }
  export QGIS_PROCESS
  "$QGIS_PROCESS" plugins enable roadmetrics >/dev/null 2>&1 || true
}
