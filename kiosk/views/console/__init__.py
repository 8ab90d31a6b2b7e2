"""The pit console's decisions, without Qt: what an edit of a table would send and what the
service would answer (:mod:`~kiosk.views.console.limits_edit`), and what the displays' reports
say of a scheduled change's notice (:mod:`~kiosk.views.console.notice_state`).  The console's
widgets (``kiosk.ui.staff.console``) read the text and state these give and paint them.
"""

__all__ = ["TIME_FORMAT"]

TIME_FORMAT = "%a %d %b %H:%M"
"""The console's one way of writing a moment in text: "Wed 02 Dec 00:22" (ux-review C11)."""
