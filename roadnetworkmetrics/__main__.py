"""python -m roadnetworkmetrics: the roadmetrics command line."""
import sys

from .cli import main

sys.exit(main())
