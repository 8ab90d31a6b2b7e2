"""What each screen shows, without Qt.

* ``screens/``: the display views a floor file's ``[[display]]`` names, one module each
  (``layout``, ``limits``, ``signs``, ``jackpot``, ``trichro``, ``twoup_lights``), and
  :data:`~kiosk.views.screens.SCREENS`, the registry of them;
* ``signs/``: every sign kind's content and its typesetting, one layout for paper and screen;
* ``console/``: the pit console's decisions (an edit's commands and the service's answer, a
  notice's state), which its widgets only show;
* the machinery the screens share: ``base`` (the frozen
  :class:`~kiosk.views.base.ViewState` every view composes, the inputs a view takes, text held
  to the 8 mm floor), ``screen`` (:func:`~kiosk.views.screen.compose_view`, the one
  table-to-scene entry point), ``display_model`` (one display's views kept up to date from the
  stream), ``facts`` (the game-state keys the views read), ``cloth`` and ``placing``;
* ``builders``: the commands the console and the dealer panel send, checked by the service's
  own handlers before they are sent.

Widgets only paint the scene a view state carries.
"""
