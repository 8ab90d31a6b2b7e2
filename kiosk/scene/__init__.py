"""Drawings in millimetres: layouts, signs and text sized to a physical height. No Qt."""
