"""``python -m kiosk.cli``: the same entry point as the ``kiosk`` console script."""

import sys

from kiosk.cli import main

sys.exit(main())
