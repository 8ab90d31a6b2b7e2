"""Alerts of the pit console acknowledged by a person: the audit record's action.

The console raises an alert when a display of a table is offline, in fault or never heard from,
or a scheduled change's notice will not be shown in time (``kiosk.views.console.displays``), and
keeps it until a pit boss or an administrator acknowledges it; the acknowledgement is one
``alert_acknowledged`` audit record (``POST /api/v1/alerts/acknowledge``,
:meth:`kiosk.state.service.Service.acknowledge_alert`): who, when, about which table or link, the
alert's key and its words (docs/readings.md A-90).
"""

from __future__ import annotations

__all__ = ["ALERT_ACTION"]

ALERT_ACTION = "alert_acknowledged"
