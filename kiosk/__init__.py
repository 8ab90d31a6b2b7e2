"""Table-side signage and display system for casino gaming tables.

Subpackages:

- ``kiosk.rules``  the law as code (pure Python, no Qt, no I/O)
- ``kiosk.scene``  drawings in millimetres (pure Python, no Qt)
- ``kiosk.render`` one scene, two painters (Qt for screens, reportlab for paper)
- ``kiosk.state``  the shared game-state backend (store, service, server, client)
- ``kiosk.ui``     PySide6 windows: the display process, the dealer panel and pit console
- ``kiosk.demo``   the embedded demo: the backend in-process, a croupier, live windows
"""

__version__ = "0.1.0"
