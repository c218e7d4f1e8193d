#!/usr/bin/env bash
# Installs the Debian packages named that are not installed yet (as root): one apt-get update
# and install for all of them, nothing when all are there.
#
#   bash scripts/apt-install.sh PACKAGE…
set -euo pipefail
missing=()
for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    echo "== apt-get install ${missing[*]}"
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
