#!/usr/bin/env bash
# Undo scripts/install-pi.sh:  sudo scripts/uninstall-pi.sh [--purge]
#
# Stops and disables tableside.service, removes the files install-pi.sh wrote (service, kiosk,
# avahi entry, /etc/default/tableside) and the virtual environment in /opt/tableside.
# The database in /var/lib/tableside stays unless --purge is given: it is the evenings'
# history. The apt packages, group memberships and the hostname stay (other programs may
# use them); the last lines say how to change those by hand.
#
# DRY_RUN=1 and TABLESIDE_ROOT as for install-pi.sh.
set -euo pipefail

log() { printf 'uninstall-pi: %s\n' "$*"; }
die() { printf 'uninstall-pi: ERROR: %s\n' "$*" >&2; exit 1; }

DRY_RUN="${DRY_RUN:-0}"
ROOT="${TABLESIDE_ROOT:-}"
ROOT="${ROOT%/}"
PREFIX=/opt/tableside
DATA=/var/lib/tableside
PURGE=0
for arg in "$@"; do
    case "$arg" in
        --purge) PURGE=1 ;;
        *) die "unknown argument $arg (only --purge)" ;;
    esac
done

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
fi

run systemctl disable --now tableside.service || true

LIST="$ROOT$PREFIX/installed-files"
if [ -f "$LIST" ]; then
    while IFS= read -r path; do
        case "$path" in
            /*) rm -f -- "$ROOT$path" && log "removed $path" ;;
            *) ;;  # never a relative path: the list is ours, but be careful with rm
        esac
    done <"$LIST"
else
    log "no $PREFIX/installed-files: removing the usual files"
    for path in /etc/systemd/system/tableside.service /etc/default/tableside \
                /usr/local/bin/tableside-kiosk /etc/avahi/services/tableside.service; do
        rm -f -- "$ROOT$path"
    done
fi
rm -rf -- "$ROOT$PREFIX"
log "removed $PREFIX"
run systemctl daemon-reload

if [ "$PURGE" = 1 ]; then
    rm -rf -- "$ROOT$DATA"
    log "removed $DATA (the database)"
else
    log "kept $DATA (the database); --purge removes it"
fi
log "left as they are: the apt packages, the user's groups (gpio, dialout, video) and the"
log "hostname; change those with apt remove, gpasswd -d USER GROUP, hostnamectl set-hostname."
