"""``python -m tableside`` runs the command line, the same as the ``tableside`` command."""

import sys

from tableside.cli import main

sys.exit(main())
