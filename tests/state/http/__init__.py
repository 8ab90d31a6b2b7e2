"""Tests of kiosk.state.http: the aiohttp application, its routes and the stream."""
