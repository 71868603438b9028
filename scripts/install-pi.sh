#!/usr/bin/env bash
# Make a Raspberry Pi (Raspberry Pi OS bookworm or trixie, desktop) a poker table:
#   sudo scripts/install-pi.sh            (from a checkout of tableside, as the table's user)
#
# 1. apt: picamera2, lgpio, Chromium, avahi (mDNS), Python's venv
# 2. a virtual environment with the system's site packages (picamera2 and lgpio come from apt)
#    in /opt/tableside/venv, with tableside installed from this checkout
# 3. the user in the gpio, dialout and video groups; /var/lib/tableside for the database
# 4. the files of `tableside install-units`: tableside.service (systemd, Restart=on-failure,
#    GPIOZERO_PIN_FACTORY=lgpio on a Pi 5), /etc/default/tableside (the board's
#    /dev/serial/by-id path), the TV's Chromium kiosk (desktop autostart), the avahi service
# 5. hostname "tableside" so phones open http://tableside.local; desktop auto-login, no
#    screen blanking; the service enabled and started
#
# Safe to run again (it updates). Environment:
#   TABLESIDE_USER   the user the table runs as (default: $SUDO_USER, else the caller)
#   TABLESIDE_HOSTNAME  (default tableside)     TABLESIDE_PORT  web port (default 80)
#   DRY_RUN=1        change nothing outside TABLESIDE_ROOT: print the system commands
#                    (apt, usermod, systemctl, hostnamectl, raspi-config) instead of running
#                    them, and skip pip (the test suite runs the script this way)
#   TABLESIDE_ROOT   write every file under this folder instead of / (with DRY_RUN)
#   TABLESIDE_PI_MODEL  pretend to be this model (default: /proc/device-tree/model)
#   TABLESIDE_GENERATOR_PYTHON  the Python that runs `tableside install-units`
#                    (default: the new venv's; DRY_RUN needs one that has tableside)
set -euo pipefail

log() { printf 'install-pi: %s\n' "$*"; }
die() { printf 'install-pi: ERROR: %s\n' "$*" >&2; exit 1; }

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DRY_RUN="${DRY_RUN:-0}"
ROOT="${TABLESIDE_ROOT:-}"
ROOT="${ROOT%/}"
TABLE_USER="${TABLESIDE_USER:-${SUDO_USER:-$(id -un)}}"
HOSTNAME_WANTED="${TABLESIDE_HOSTNAME:-tableside}"
PORT="${TABLESIDE_PORT:-80}"
PREFIX=/opt/tableside
DATA=/var/lib/tableside
VENV="$ROOT$PREFIX/venv"

# System commands: run, or only shown with DRY_RUN=1.
run() {
    if [ "$DRY_RUN" = 1 ]; then
        printf 'would run: %s\n' "$*"
    else
        "$@"
    fi
}

if [ "$DRY_RUN" != 1 ]; then
    [ "$(id -u)" -eq 0 ] || die "run as root: sudo $0"
    [ -z "$ROOT" ] || die "TABLESIDE_ROOT is only for DRY_RUN=1"
elif [ -z "$ROOT" ]; then
    ROOT="$(mktemp -d)"
    VENV="$ROOT$PREFIX/venv"
    log "dry run: writing the files under $ROOT"
fi
getent passwd "$TABLE_USER" >/dev/null || [ "$DRY_RUN" = 1 ] || die "no user $TABLE_USER"
TABLE_HOME="$(getent passwd "$TABLE_USER" | cut -d: -f6 || true)"
TABLE_HOME="${TABLE_HOME:-/home/$TABLE_USER}"

# --- what machine is this -------------------------------------------------------------------
# shellcheck disable=SC1091
CODENAME="$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-unknown}")"
case "$CODENAME" in
    bookworm|trixie) ;;
    *) log "warning: made for Raspberry Pi OS bookworm or trixie, this is '$CODENAME'" ;;
esac
MODEL="${TABLESIDE_PI_MODEL:-$(tr -d '\0' </proc/device-tree/model 2>/dev/null || true)}"
case "$MODEL" in
    "Raspberry Pi 5"*|*"Compute Module 5"*) PI5=1 ;;
    "Raspberry Pi"*) PI5=0 ;;
    *) PI5=0; log "warning: not a Raspberry Pi ('${MODEL:-unknown}'): no camera or GPIO here" ;;
esac
log "machine: ${MODEL:-unknown}, $CODENAME; table user $TABLE_USER; dry run: $DRY_RUN"

# --- 1. packages ------------------------------------------------------------------------------
has_candidate() {
    local cand
    cand="$(apt-cache policy "$1" 2>/dev/null | awk '/Candidate:/ {print $2}')"
    [ -n "$cand" ] && [ "$cand" != "(none)" ]
}
# Raspberry Pi OS bookworm ships Chromium as chromium-browser; trixie (and Debian) as chromium.
BROWSER=chromium
if ! has_candidate chromium && has_candidate chromium-browser; then BROWSER=chromium-browser; fi
PACKAGES=(python3-venv python3-picamera2 python3-lgpio "$BROWSER" avahi-daemon libgl1)
run apt-get update
run env DEBIAN_FRONTEND=noninteractive apt-get install -y "${PACKAGES[@]}"

# --- 2. the virtual environment ----------------------------------------------------------------
mkdir -p "$ROOT$PREFIX"
if [ "$DRY_RUN" = 1 ]; then
    # The real venv layout (system site packages), without pip: nothing is downloaded.
    python3 -m venv --system-site-packages --without-pip "$VENV"
    printf 'would run: %s\n' "$VENV/bin/pip install --upgrade $REPO"
else
    python3 -m venv --system-site-packages "$VENV"
    "$VENV/bin/pip" install --upgrade pip
    "$VENV/bin/pip" install --upgrade "$REPO"
fi
GENERATOR="${TABLESIDE_GENERATOR_PYTHON:-$VENV/bin/python}"

# --- 3. groups and the data folder -------------------------------------------------------------
GROUPS_WANTED=()
for group in gpio dialout video; do
    if getent group "$group" >/dev/null || [ "$DRY_RUN" = 1 ]; then GROUPS_WANTED+=("$group"); fi
done
if [ "${#GROUPS_WANTED[@]}" -gt 0 ]; then
    run usermod -aG "$(IFS=,; echo "${GROUPS_WANTED[*]}")" "$TABLE_USER"
fi
mkdir -p "$ROOT$DATA"
run chown "$TABLE_USER:" "$ROOT$DATA"

# --- 4. service, settings, kiosk, mDNS ---------------------------------------------------------
PI5_FLAG=--no-pi5
[ "$PI5" = 1 ] && PI5_FLAG=--pi5
UNIT_ARGS=(--user "$TABLE_USER" --home "$TABLE_HOME" --prefix "$PREFIX" --data "$DATA"
           --port "$PORT" "$PI5_FLAG")
"$GENERATOR" -m tableside install-units "${UNIT_ARGS[@]}" --write "${ROOT:-/}"
# What the uninstaller removes.
"$GENERATOR" -m tableside install-units "${UNIT_ARGS[@]}" --list >"$ROOT$PREFIX/installed-files"
AUTOSTART_DIR="$ROOT$TABLE_HOME/.config/autostart"
run chown -R "$TABLE_USER:" "$ROOT$TABLE_HOME/.config"
[ -d "$AUTOSTART_DIR" ] || die "the kiosk's autostart entry was not written"

# --- 5. name on the network, desktop, start ----------------------------------------------------
run hostnamectl set-hostname "$HOSTNAME_WANTED"
HOSTS="$ROOT/etc/hosts"
mkdir -p "$(dirname "$HOSTS")"
touch "$HOSTS"
# Debian names the machine itself on a 127.0.1.1 line; keep it in step with the hostname.
if grep -q '^127\.0\.1\.1' "$HOSTS"; then
    sed -i "s/^127\.0\.1\.1.*/127.0.1.1\t$HOSTNAME_WANTED/" "$HOSTS"
else
    printf '127.0.1.1\t%s\n' "$HOSTNAME_WANTED" >>"$HOSTS"
fi
if command -v raspi-config >/dev/null 2>&1 || [ "$DRY_RUN" = 1 ]; then
    run raspi-config nonint do_boot_behaviour B4   # desktop, logged in automatically
    run raspi-config nonint do_blanking 1          # the TV never blanks
fi
run systemctl daemon-reload
run systemctl enable --now avahi-daemon.service
run systemctl enable tableside.service
run systemctl restart tableside.service

log "done. Reboot once (groups, auto-login); then the TV shows the table, phones open"
log "  http://$HOSTNAME_WANTED.local$([ "$PORT" = 80 ] || echo ":$PORT")/ and the dealer's console is at /dealer."
log "Check the hardware with: $PREFIX/venv/bin/tableside doctor --db $DATA/tableside.db"
