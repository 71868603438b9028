"""Making a Raspberry Pi a table: the systemd, kiosk and mDNS files the installer writes
(:mod:`~tableside.install.units`) and what machine this is (:mod:`~tableside.install.machine`).
``scripts/install-pi.sh`` writes the files through ``tableside install-units``."""
