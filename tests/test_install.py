"""Installing on a Raspberry Pi: the generated unit files, and install-pi.sh / uninstall-pi.sh
run for real in a throwaway root with DRY_RUN=1 (system commands printed, files written)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path, PurePosixPath

import pytest

from tableside.cli import main
from tableside.install.machine import find_board, is_pi5, pi_model
from tableside.install.units import (
    BOARD_PATTERN,
    Layout,
    avahi_service,
    installed_files,
    kiosk_launcher,
    service_unit,
)

REPO = Path(__file__).resolve().parents[1]
PI5 = "Raspberry Pi 5 Model B Rev 1.0"


def unit_entries(text: str) -> dict[str, list[tuple[str, str]]]:
    """A systemd unit as {section: [(key, value), ...]} (keys may repeat, as in systemd)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current = None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            current = sections.setdefault(line.strip("[]"), [])
            continue
        key, _, value = line.partition("=")
        current.append((key, value))
    return sections


def values(sections: dict, section: str, key: str) -> list[str]:
    return [v for k, v in sections[section] if k == key]


@pytest.mark.parametrize("pi5", [True, False])
def test_service_unit(pi5: bool) -> None:
    layout = Layout(user="dealer", home=PurePosixPath("/home/dealer"), pi5=pi5, port=8080)
    unit = unit_entries(service_unit(layout))
    assert values(unit, "Service", "Restart") == ["on-failure"]
    assert values(unit, "Service", "User") == ["dealer"]
    assert set(values(unit, "Service", "SupplementaryGroups")[0].split()) >= {"gpio", "dialout"}
    environment = values(unit, "Service", "Environment")
    assert ("GPIOZERO_PIN_FACTORY=lgpio" in environment) == pi5
    assert values(unit, "Service", "EnvironmentFile") == ["-/etc/default/tableside"]
    command = values(unit, "Service", "ExecStart")[0].split()
    assert command[:2] == [str(layout.venv / "bin" / "tableside"), "serve"]
    assert command[command.index("--port") + 1] == "8080"
    assert command[command.index("--db") + 1] == str(layout.database)
    assert values(unit, "Install", "WantedBy") == ["multi-user.target"]
    # serve must accept what the unit passes
    from tableside.cli import build_parser
    args = build_parser().parse_args(command[1:])
    assert args.port == 8080 and str(args.db) == str(layout.database)


def test_kiosk_and_mdns_files() -> None:
    layout = Layout(port=80)
    launcher = kiosk_launcher(layout)
    assert launcher.startswith("#!/bin/sh")
    assert "--kiosk" in launcher and "http://localhost/" in launcher
    assert "<port>80</port>" in avahi_service(layout)
    files = {str(f.path): f for f in installed_files(layout)}
    autostart = files["/home/pi/.config/autostart/tableside-kiosk.desktop"]
    assert "Exec=/usr/local/bin/tableside-kiosk" in autostart.text
    assert files["/usr/local/bin/tableside-kiosk"].mode == 0o755
    assert files["/etc/default/tableside"].keep
    assert f"TABLESIDE_BOARD={BOARD_PATTERN}" in files["/etc/default/tableside"].text


def test_machine_detection(tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_bytes(PI5.encode() + b"\0")
    assert pi_model(model) == PI5 and is_pi5(PI5)
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.5\0")
    assert not is_pi5(pi_model(model))
    assert pi_model(tmp_path / "missing") is None and not is_pi5(None)
    board = tmp_path / "usb-MicroPython_Board_in_FS_mode_e6614103e7000000-if00"
    board.touch()
    assert find_board(str(tmp_path / "usb-MicroPython_Board_in_FS_mode_*-if00")) == [str(board)]


def test_install_units_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["install-units", "--print", "service", "--pi5", "--user", "anna"]) == 0
    assert "GPIOZERO_PIN_FACTORY=lgpio" in capsys.readouterr().out
    root = tmp_path / "root"
    assert main(["install-units", "--write", str(root), "--user", "anna", "--no-pi5"]) == 0
    capsys.readouterr()
    settings = root / "etc/default/tableside"
    settings.write_text("TABLESIDE_BOARD=/dev/serial/by-id/mine\n")  # the user's edit
    assert main(["install-units", "--write", str(root), "--user", "anna", "--json"]) == 0
    assert '"written": false' in capsys.readouterr().out
    assert settings.read_text() == "TABLESIDE_BOARD=/dev/serial/by-id/mine\n"
    assert (root / "home/anna/.config/autostart/tableside-kiosk.desktop").exists()
    assert os.access(root / "usr/local/bin/tableside-kiosk", os.X_OK)


def run_script(name: str, root: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DRY_RUN": "1", "TABLESIDE_ROOT": str(root), "TABLESIDE_USER": "pi",
           "TABLESIDE_PI_MODEL": PI5, "TABLESIDE_GENERATOR_PYTHON": sys.executable}
    return subprocess.run(["bash", str(REPO / "scripts" / name), *args], env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_install_and_uninstall_in_a_throwaway_root(tmp_path: Path) -> None:
    root = tmp_path / "pi"
    done = run_script("install-pi.sh", root)
    assert done.returncode == 0, done.stderr
    planned = [line.removeprefix("would run: ") for line in done.stdout.splitlines()
               if line.startswith("would run: ")]
    install = next(line for line in planned if " apt-get install " in line).split()
    assert {"python3-picamera2", "python3-lgpio", "avahi-daemon"} <= set(install)
    assert {"chromium", "chromium-browser"} & set(install)
    assert "usermod -aG gpio,dialout,video pi" in planned
    assert "hostnamectl set-hostname tableside" in planned
    assert "systemctl enable tableside.service" in planned
    assert "include-system-site-packages = true" in (
        root / "opt/tableside/venv/pyvenv.cfg").read_text()
    unit = (root / "etc/systemd/system/tableside.service").read_text()
    assert "GPIOZERO_PIN_FACTORY=lgpio" in unit and "Restart=on-failure" in unit
    assert "127.0.1.1\ttableside" in (root / "etc/hosts").read_text()
    listed = (root / "opt/tableside/installed-files").read_text().split()
    assert listed and all((root / path.lstrip("/")).exists() for path in listed)
    (root / "var/lib/tableside/tableside.db").write_bytes(b"an evening")

    again = run_script("install-pi.sh", root)  # running it twice is fine
    assert again.returncode == 0, again.stderr
    assert (root / "etc/hosts").read_text().count("127.0.1.1") == 1

    removed = run_script("uninstall-pi.sh", root)
    assert removed.returncode == 0, removed.stderr
    assert not any((root / path.lstrip("/")).exists() for path in listed)
    assert not (root / "opt/tableside").exists()
    assert (root / "var/lib/tableside/tableside.db").read_bytes() == b"an evening"
    assert run_script("uninstall-pi.sh", root, "--purge").returncode == 0
    assert not (root / "var/lib/tableside").exists()
