"""The staff screens: the dealer panel and the pit console, their one write path and their live feed."""
