"""One scene, two painters: ``qt`` for screens, ``pdf`` for paper."""
