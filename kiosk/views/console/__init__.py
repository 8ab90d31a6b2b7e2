"""The pit console's decisions, without Qt: what an edit of a table would send and what the
service would answer (:mod:`~kiosk.views.console.limits_edit`), and what the displays' reports
say of a scheduled change's notice (:mod:`~kiosk.views.console.notice_state`).  The console's
widgets (``kiosk.ui.staff.console``) read the text and state these give and paint them.
"""
