#!/bin/sh
# Installs Simulcast from this unpacked archive, as root:
#   /opt/simulcast               the program and the files it serves
#   /usr/local/bin/simulcast     a link to it
#   /etc/systemd/system/simulcast.service, and a system user "simulcast" that runs it
#   /etc/simulcast/simulcast.toml written by `simulcast setup` (unless it exists), which asks
#                                its questions here; arguments go to setup (e.g. --non-interactive ...)
# DESTDIR=/some/root installs into another root without asking or starting anything.
set -eu
cd "$(dirname "$0")"
DESTDIR="${DESTDIR:-}"
PREFIX=/opt/simulcast
[ -n "$DESTDIR" ] || [ "$(id -u)" -eq 0 ] || { echo "install.sh: run as root (sudo ./install.sh)" >&2; exit 1; }

install -d "$DESTDIR$PREFIX" "$DESTDIR/usr/local/bin" "$DESTDIR/etc/systemd/system" "$DESTDIR/etc/simulcast"
install -m 755 simulcast "$DESTDIR$PREFIX/simulcast"
# The files the program reads beside itself (web pages, bundled catalogs, the Caddyfile).
for bundle in *.resources; do
  rm -rf "$DESTDIR$PREFIX/$bundle"
  cp -R "$bundle" "$DESTDIR$PREFIX/$bundle"
done
install -m 644 Caddyfile simulcast.example.toml "$DESTDIR$PREFIX/"
ln -sf "$PREFIX/simulcast" "$DESTDIR/usr/local/bin/simulcast"
install -m 644 simulcast.service "$DESTDIR/etc/systemd/system/simulcast.service"
[ -z "$DESTDIR" ] || { echo "installed into $DESTDIR"; exit 0; }

id simulcast >/dev/null 2>&1 || useradd --system --home-dir /var/lib/simulcast --shell /usr/sbin/nologin simulcast
install -d -o simulcast -g simulcast -m 700 /var/lib/simulcast
if [ ! -e /etc/simulcast/simulcast.toml ]; then
  /usr/local/bin/simulcast setup --config /etc/simulcast/simulcast.toml \
    --database /var/lib/simulcast/simulcast.sqlite --secrets-key-file /var/lib/simulcast/secrets.key "$@"
fi
# The service reads its config and key as its own user; they stay closed to everyone else.
chown simulcast:simulcast /etc/simulcast/simulcast.toml
[ ! -e /var/lib/simulcast/secrets.key ] || chown simulcast:simulcast /var/lib/simulcast/secrets.key
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  systemctl daemon-reload
  echo "Start it with: systemctl enable --now simulcast"
fi
echo "Key files the config names (the MusicKit .p8, a client secret) must be readable by the user simulcast."
echo "Check everything with: sudo -u simulcast simulcast doctor --config /etc/simulcast/simulcast.toml"
