"""The shared game-state backend: store, service, server and client. No Qt."""
