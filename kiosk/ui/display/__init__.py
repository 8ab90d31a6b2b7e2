"""The display process: full-screen windows of the table-side screens, fed live by a server."""
