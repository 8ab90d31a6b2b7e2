"""The law as code: small pure functions and data, each carrying its citation.

Nothing in this package imports Qt, touches the network or the disk (other than
reading the bundled rule data in ``kiosk/rules/data``).
"""
