"""The shared game-state backend, no Qt: the service (:mod:`kiosk.state.service`) and its command
handlers, the store, the HTTP server (:mod:`kiosk.state.http`), the client displays and consoles
use (:mod:`kiosk.state.client`) and the wire protocol the two share (:mod:`kiosk.state.wire`)."""
