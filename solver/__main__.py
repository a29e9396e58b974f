"""``python -m solver``: the command line (see ``solver.cli``)."""

import sys

from .cli import main

sys.exit(main())
