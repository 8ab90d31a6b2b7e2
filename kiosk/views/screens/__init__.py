"""The display views, one module per view a floor file's ``[[display]]`` names
(``docs/floor.md``): ``layout``, ``limits``, ``signs``, ``jackpot``, ``trichro`` and
``twoup_lights``.  Each module's ``compose`` composes its view's
:class:`~kiosk.views.base.ViewState` from the table's (and link's) state.
"""
