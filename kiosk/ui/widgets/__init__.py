"""Widgets every window shares: the scene widget (and what changed between two scenes), touch controls."""
