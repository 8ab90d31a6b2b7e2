"""What each screen shows, without Qt.

``kiosk.views.base`` defines the frozen :class:`~kiosk.views.base.ViewState` every view
composes and the inputs a view takes; one module per display view of ``docs/floor.md``
composes it (``layout``, ``limits``, ``signs``, ``jackpot``, ``trichro``, ``twoup_lights``).
Widgets only paint the scene a view state carries.
"""
