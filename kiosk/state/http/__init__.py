"""The HTTP side of the state service: the aiohttp application serving ``/api/v1``, its
routes, the live stream, authentication and connection limits."""
