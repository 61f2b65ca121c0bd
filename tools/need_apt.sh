#!/bin/sh
# Install the Debian packages a build needs, once: those already installed are
# skipped; the rest come from apt-get when run as root (or through sudo without
# a password), otherwise a one-line message says which packages to install.
# The README's promise is a fresh machine with Python, make and git: any
# other tool a target needs is installed by the Makefile through this script.
#
#   tools/need_apt.sh PACKAGE...        (exit 0 when all are installed)
#
# From the Makefile: $(call need_apt,gcc-arm-none-eabi cmake)
set -e
missing=""
for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "missing packages:$missing (no apt-get here: install them with your system's package manager)" >&2
    exit 1
fi
if [ "$(id -u)" = 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
else
    echo "missing Debian packages:$missing; install them as root: apt-get install$missing" >&2
    exit 1
fi
echo "installing Debian packages:$missing"
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
if ! $SUDO apt-get install -y -q --no-install-recommends $missing >/dev/null; then
    $SUDO apt-get update -q >/dev/null
    # shellcheck disable=SC2086
    $SUDO apt-get install -y -q --no-install-recommends $missing >/dev/null
fi
