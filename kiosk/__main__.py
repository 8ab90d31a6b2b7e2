"""``python -m kiosk``: the same as the ``kiosk`` command."""

import sys

from kiosk.cli import main

sys.exit(main())
