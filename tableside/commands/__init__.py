"""Sub-commands of the ``tableside`` command line; see :mod:`tableside.cli`."""
