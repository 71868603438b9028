#!/usr/bin/env bash
# Make a fresh Debian bookworm/trixie or Raspberry Pi OS machine ready for `make venv`.
#
# Checks, and installs via apt only what is missing:
#   - $PYTHON (default python3) is >= 3.11            (cannot be fixed here: error out)
#   - `$PYTHON -m venv` works with ensurepip           (Debian: python3-venv)
#   - libGL.so.1 and libglib-2.0.so.0 for opencv-python (libgl1, libglib2.0-0 / libglib2.0-0t64)
#   - Debian's chromium and the DejaVu fonts, for the web tests (Playwright drives
#     /usr/bin/chromium; no browser is downloaded)       (chromium, fonts-dejavu-core)
#   - on non-x86_64 machines (e.g. a Pi), a C compiler and Python headers, because some
#     test dependencies (phevaluator) ship no binary wheels there and build from source
#                                                       (gcc, python3-dev)
# Quick and silent-ish when nothing is missing; safe to run repeatedly.
set -euo pipefail

PYTHON="${PYTHON:-python3}"
MIN_MAJOR=3
MIN_MINOR=11

log() { printf 'install-system-deps: %s\n' "$*"; }
die() { printf 'install-system-deps: ERROR: %s\n' "$*" >&2; exit 1; }

have_lib() {
    local ldconfig
    ldconfig="$(command -v ldconfig || echo /sbin/ldconfig)"
    [ -x "$ldconfig" ] || die "ldconfig not found; cannot check shared libraries"
    # Read the whole listing before searching it: with pipefail, `ldconfig -p | grep -q`
    # fails whenever grep stops early and ldconfig dies of SIGPIPE, even on a match.
    local listing
    listing="$("$ldconfig" -p)"
    grep -qF "$1 " <<<"$listing"
}

# --- python version (not fixable by this script) ---------------------------------------
command -v "$PYTHON" >/dev/null 2>&1 || die "'$PYTHON' not found. Install Python >= $MIN_MAJOR.$MIN_MINOR (Debian: apt-get install python3)."
if ! "$PYTHON" -c "import sys; sys.exit(0 if sys.version_info >= ($MIN_MAJOR, $MIN_MINOR) else 1)"; then
    die "$PYTHON ($("$PYTHON" -V 2>&1 || true)) is too old; tableside needs Python >= $MIN_MAJOR.$MIN_MINOR (Debian bookworm or newer / Raspberry Pi OS bookworm or newer)."
fi
PYVER="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"

# --- collect what is missing -------------------------------------------------------------
missing=()      # apt package names (bookworm names; glib renamed for trixie after apt-get update)
check_all() {
    missing=()
    if ! "$PYTHON" -c 'import ensurepip, venv, sys; sys.exit(0 if ensurepip.version() else 1)' >/dev/null 2>&1; then
        missing+=(python3-venv)
    fi
    have_lib libGL.so.1       || missing+=(libgl1)
    have_lib libglib-2.0.so.0 || missing+=(libglib2.0-0)
    [ -x /usr/bin/chromium ] || missing+=(chromium)
    [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
    if [ "$(uname -m)" != x86_64 ]; then
        command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 || missing+=(gcc)
        "$PYTHON" -c 'import os, sys, sysconfig; sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")) else 1)' \
            || missing+=(python3-dev)
    fi
}
check_all

if [ "${#missing[@]}" -eq 0 ]; then
    log "ok: Python $PYVER with venv/ensurepip, libGL.so.1, libglib-2.0.so.0, chromium, DejaVu fonts present; nothing to install."
    exit 0
fi

# --- install -------------------------------------------------------------------------------
command -v apt-get >/dev/null 2>&1 || die "missing: ${missing[*]} - and apt-get is not available; install the equivalents by hand."

if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
    log "not root; using sudo for apt-get (you may be asked for your password)."
else
    die "missing: ${missing[*]} - need root or sudo to install them with apt-get."
fi

log "missing: ${missing[*]}"
log "running: apt-get update"
"${SUDO[@]}" apt-get update || die "apt-get update failed."

has_candidate() {
    local cand
    cand="$(apt-cache policy "$1" 2>/dev/null | awk '/Candidate:/ {print $2}')"
    [ -n "$cand" ] && [ "$cand" != "(none)" ]
}

pkgs=()
for p in "${missing[@]}"; do
    if [ "$p" = libglib2.0-0 ]; then
        # trixie renamed it in the 64-bit time_t transition
        if has_candidate libglib2.0-0t64; then p=libglib2.0-0t64; else p=libglib2.0-0; fi
    fi
    pkgs+=("$p")
done

log "running: apt-get install -y --no-install-recommends ${pkgs[*]}"
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${pkgs[@]}" \
    || die "apt-get install ${pkgs[*]} failed."

# --- re-check ------------------------------------------------------------------------------
check_all
if [ "${#missing[@]}" -ne 0 ]; then
    if [[ " ${missing[*]} " == *" python3-venv "* ]]; then
        die "'$PYTHON -m venv' still lacks ensurepip after installing python3-venv. '$PYTHON' ($("$PYTHON" -c 'import sys; print(sys.executable)')) is probably not the system Python; install its venv support (e.g. python$PYVER-venv) or run with PYTHON=/usr/bin/python3."
    fi
    die "still missing after apt-get install: ${missing[*]}"
fi
log "done: all system dependencies present."
