#!/usr/bin/env bash
# The .deb's life cycle on this machine, as root: install it with dpkg, run installer/smoke.sh through
# /usr/bin/hostwarden (as root and as the unprivileged user nobody), reinstall it (the upgrade path),
# remove it (dpkg -r), purge it (dpkg -P), and check that nothing of it is left in /opt/hostwarden.
# Every maintainer script must succeed, with or without a desktop.
# Usage: sudo installer/deb-smoke.sh [PACKAGE.deb]   (default: the one in target/packages/)
# It refuses to run where hostwarden is already installed, since it removes the package at the end;
# with CI=true (a throwaway machine) it purges that package first instead.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "deb-smoke: FAIL: $*" >&2; exit 1; }
step() { echo "deb-smoke: $*"; }

[ "$(id -u)" -eq 0 ] || fail "run as root (it installs and removes the package)"
deb=${1:-$(ls target/packages/hostwarden_*.deb 2>/dev/null | head -n 1)}
[ -n "$deb" ] && [ -f "$deb" ] || fail "no .deb: run installer/build-packages.sh first, or name one"
status=$(dpkg-query -W -f '${db:Status-Status}' hostwarden 2>/dev/null || true)
case "$status" in
  ""|not-installed|config-files) ;;   # absent, or only its conffiles left: nothing of a user's to lose
  *)
    # A throwaway CI machine may carry a package from an earlier run; a person's machine never loses it.
    if [ "${CI:-}" = true ]; then
      step "hostwarden is already installed here ($status); CI=true, so purging it before the test"
      dpkg -P hostwarden >/dev/null || fail "could not purge the hostwarden already installed here"
    else
      fail "hostwarden is already installed here ($status); this test would remove it (set CI=true on a throwaway machine)"
    fi;;
esac
installed=false
cleanup() { if $installed; then dpkg -P hostwarden >/dev/null 2>&1 || true; fi; rm -rf "${smoke_copy:-}"; }
trap cleanup EXIT

installed_ok() {  # installed_ok WHAT: the package is fully installed, on PATH, with its archive and desktop files
  [ "$(dpkg-query -W -f '${db:Status-Abbrev}' hostwarden)" = "ii " ] || fail "$1: dpkg status $(dpkg-query -W -f '${db:Status-Abbrev}' hostwarden)"
  [ "$(readlink -f /usr/bin/hostwarden)" = /opt/hostwarden/bin/hostwarden ] || fail "$1: /usr/bin/hostwarden is not the launcher"
  ls /opt/hostwarden/app/cli-*.jsa >/dev/null 2>&1 || fail "$1: postinst made no class-data-sharing archive"
  grep -qx 'Icon=hostwarden' /usr/share/applications/hostwarden.desktop || fail "$1: the menu entry names another icon"
  for size in 16 24 32 48 64 128 256; do
    [ -f "/usr/share/icons/hicolor/${size}x${size}/apps/hostwarden.png" ] || fail "$1: no ${size}x${size} hicolor icon"
  done
  unit=/usr/lib/systemd/user/hostwarden-supervise@.service
  grep -qx 'ExecStart=/usr/bin/hostwarden supervise %i' "$unit" || fail "$1: the systemd user unit of supervise is missing or runs something else"
  grep -qx 'KillMode=process' "$unit" || fail "$1: stopping the supervise unit would kill the owners it started"
  if command -v systemd-analyze >/dev/null; then
    verify=$(mktemp -d)
    cp "$unit" "$verify/hostwarden-supervise@gateway.service"
    complaints=$(systemd-analyze verify "$verify/hostwarden-supervise@gateway.service" 2>&1 || true)
    rm -rf "$verify"
    [ -z "$complaints" ] || fail "$1: systemd-analyze verify: $complaints"
  fi
  if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate /usr/share/applications/hostwarden.desktop || fail "$1: desktop-file-validate"
  else
    echo "deb-smoke: SKIPPED desktop-file-validate (apt-get install desktop-file-utils)" >&2
  fi
}

dpkg -i "$deb" || fail "dpkg -i exited $?"
installed=true
installed_ok "install"
version=$(dpkg-query -W -f '${Version}' hostwarden)
step "installed $(basename "$deb") (version $version, Depends: $(dpkg-query -W -f '${Depends}' hostwarden))"

installer/smoke.sh /usr/bin/hostwarden "$version" || fail "smoke test as root"
# The same as a user who cannot write /opt: nobody, from a copy of the script it can read.
smoke_copy=$(mktemp -d)
cp installer/smoke.sh "$smoke_copy/"
chmod 755 "$smoke_copy" "$smoke_copy/smoke.sh"
runuser -u nobody -- env HOME=/nonexistent "$smoke_copy/smoke.sh" /usr/bin/hostwarden "$version" || fail "smoke test as nobody"

dpkg -i "$deb" || fail "dpkg -i over the installed package (upgrade path) exited $?"
installed_ok "reinstall"
step "reinstalled over itself"

dpkg -r hostwarden || fail "dpkg -r exited $?"
[ ! -e /opt/hostwarden ] || fail "dpkg -r left $(find /opt/hostwarden | head -n 5 | tr '\n' ' ')"
[ ! -e /usr/bin/hostwarden ] && [ ! -L /usr/bin/hostwarden ] || fail "dpkg -r left /usr/bin/hostwarden"
dpkg -P hostwarden || fail "dpkg -P exited $?"
installed=false
[ "$(dpkg-query -W -f '${db:Status-Status}' hostwarden 2>/dev/null || echo not-installed)" = not-installed ] || fail "dpkg -P: still known to dpkg"
[ ! -e /usr/share/applications/hostwarden.desktop ] || fail "dpkg -P left the menu entry"
[ ! -e /usr/lib/systemd/user/hostwarden-supervise@.service ] || fail "dpkg -P left the systemd user unit"
step "removed and purged: nothing left in /opt/hostwarden"
echo "deb-smoke: PASS"
