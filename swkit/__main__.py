"""``python -m swkit`` runs the ``swkit`` command."""

import sys

from swkit.cli import main

sys.exit(main())
