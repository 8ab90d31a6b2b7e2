"""Tests of kiosk.state.client: the client of the HTTP API and the stream."""
