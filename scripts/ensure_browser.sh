#!/usr/bin/env bash
# Run by `make test` before the suite: the browser tests (tests/e2e) drive a real Chromium.
# If it is missing, install Debian's chromium (and a font) when this user can (root with
# apt-get, as CI and a fresh container run); otherwise stop at once with the one command to run.
#   TABLETIDE_E2E_CHROMIUM   the browser to use (default /usr/bin/chromium)
#   TABLETIDE_NO_INSTALL=1   never install, only check (the tests of this script use it)
set -euo pipefail
browser=${TABLETIDE_E2E_CHROMIUM:-/usr/bin/chromium}
packages="chromium fonts-dejavu-core"
[ -x "$browser" ] && exit 0

if [ -z "${TABLETIDE_NO_INSTALL:-}" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
        && [ "$browser" = /usr/bin/chromium ]; then
    echo "make test: the browser tests need Chromium; installing Debian's $packages (apt-get)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $packages
    [ -x "$browser" ] && exit 0
fi

{
    echo "make test: the browser tests need Chromium at $browser, which is missing. Run:"
    if [ "$browser" = /usr/bin/chromium ]; then
        echo "    sudo apt-get install -y --no-install-recommends $packages"
        echo "or point TABLETIDE_E2E_CHROMIUM at another Chromium, then run make test again."
    else
        echo "    TABLETIDE_E2E_CHROMIUM names a file that is not an executable; fix the path."
    fi
} >&2
exit 1
