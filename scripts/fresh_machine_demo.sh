#!/usr/bin/env bash
# The README's `make demo` on a fresh Debian 12, checked end to end (issue 19, "the first run").
#
#   sudo scripts/fresh_machine_demo.sh [WORKDIR]      # default WORKDIR: /var/tmp/kiosk-fresh
#
# 1. A minimal Debian 12 root made with debootstrap (--variant=minbase, plus what the README
#    assumes: python3, python3-venv, make), kept in WORKDIR/base.tar so later runs skip it; each
#    run unpacks it afresh into WORKDIR/root.
# 2. The repository's committed tree (git archive HEAD) copied to /home/demo/kiosk inside it.
# 3. An X server (Xvfb, 1280x800) on the host; its socket is the only thing the root sees of it.
# 4. `make demo` as an ordinary user: it must stop with the one apt-get line to run.
# 5. `make demo` as root: it must install Qt's libraries itself and open the demo's window;
#    `xwininfo -root -tree` must list it, and a screenshot is written to WORKDIR/screen.png.
#
# Everything runs in a private mount namespace (unshare), so nothing stays mounted afterwards.
# Needs root, network access to deb.debian.org and the same Python package index pip uses here
# (the host's pip configuration and local wheel folders are copied or bound in).  It takes
# minutes (debootstrap alone several on the first run), so it is not part of `make test`.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
WORK=${1:-/var/tmp/kiosk-fresh}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
DISPLAY_NUM=${DISPLAY_NUM:-}
WAIT_S=${WAIT_S:-900}
ROOT="$WORK/root"

say() { printf 'fresh-machine: %s\n' "$*"; }
fail() { say "FAILED: $*"; exit 1; }

[ "$(id -u)" -eq 0 ] || fail "run as root (debootstrap, chroot and mounts need it)"
missing=()
command -v debootstrap >/dev/null || missing+=(debootstrap)
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v xwininfo >/dev/null || missing+=(x11-utils)
command -v xwdtopnm >/dev/null || missing+=(netpbm)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null \
    || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null; }
fi

mkdir -p "$WORK"
start=$(date +%s)
if [ ! -f "$WORK/base.tar" ]; then
  say "debootstrap bookworm (minbase + python3 python3-venv make) into $WORK/base"
  rm -rf "$WORK/base"
  debootstrap --variant=minbase --include=python3,python3-venv,make,ca-certificates \
    bookworm "$WORK/base" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 || fail "debootstrap (see $WORK/debootstrap.log)"
  tar -C "$WORK/base" -cf "$WORK/base.tar" .
  rm -rf "$WORK/base"
  say "debootstrap took $(($(date +%s) - start)) s"
fi

rm -rf "$ROOT" && mkdir -p "$ROOT"
tar -C "$ROOT" -xf "$WORK/base.tar"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
# The network this machine reaches the package index through is the fresh machine's too: the
# host's pip settings (merged into one /etc/pip.conf), the files they name (constraints, a
# certificate bundle for a TLS proxy) and local package folders (bound in read-only).
binds=()
if command -v python3 >/dev/null && python3 -m pip --version >/dev/null 2>&1; then
  {
    echo "[global]"
    python3 -m pip config list 2>/dev/null | sed -n "s/^global\.\([a-z-]*\)='\(.*\)'$/\1 = \2/p"
  } >"$ROOT/etc/pip.conf"
  for f in $(sed -n 's/^\(cert\|constraint\) = //p' "$ROOT/etc/pip.conf"); do
    [ -f "$f" ] && mkdir -p "$ROOT$(dirname "$f")" && cp "$f" "$ROOT$f"
  done
  for d in $(sed -n 's/^\(find-links\|extra-index-url\|index-url\) = //p' "$ROOT/etc/pip.conf" | tr ' ' '\n' | sed 's|^file://||;s|/simple$||'); do
    [ -d "$d" ] && binds+=("$d")
  done
fi
chroot "$ROOT" useradd -m -u 4242 demo
mkdir -p "$ROOT/home/demo/kiosk"
git -C "$REPO" archive HEAD | tar -C "$ROOT/home/demo/kiosk" -xf -
chroot "$ROOT" chown -R demo:demo /home/demo/kiosk
say "root ready: $ROOT (repository at $(git -C "$REPO" rev-parse --short HEAD))"

# the X server, on the host: a 1280x800 laptop screen, on the first free display from :90
if [ -z "$DISPLAY_NUM" ]; then
  DISPLAY_NUM=90
  while [ -e "/tmp/.X11-unix/X$DISPLAY_NUM" ] || [ -e "/tmp/.X$DISPLAY_NUM-lock" ]; do DISPLAY_NUM=$((DISPLAY_NUM + 1)); done
fi
Xvfb ":$DISPLAY_NUM" -screen 0 1280x800x24 -nolisten tcp -ac >"$WORK/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 50); do [ -S "/tmp/.X11-unix/X$DISPLAY_NUM" ] && break; sleep 0.2; done
[ -S "/tmp/.X11-unix/X$DISPLAY_NUM" ] || fail "Xvfb did not start (see $WORK/xvfb.log)"

# runs "$@" inside the root, in a private mount namespace with /proc, /dev and the X socket
in_root() {
  unshare --mount --propagation private bash -c '
    set -e; root=$1; shift
    mount -t proc proc "$root/proc"; mount --rbind /dev "$root/dev"; mount -t sysfs sys "$root/sys"
    mkdir -p "$root/tmp/.X11-unix"; mount --bind /tmp/.X11-unix "$root/tmp/.X11-unix"
    while [ "$1" != "--" ]; do mkdir -p "$root$1"; mount --bind "$1" "$root$1"; shift; done; shift
    exec chroot "$root" "$@"' bash "$ROOT" "${binds[@]}" -- "$@"
}

say "make demo as a user who may not install packages (must name the apt-get line and stop)"
set +e
in_root su demo -c "cd /home/demo/kiosk && DISPLAY=:$DISPLAY_NUM make demo" >"$WORK/user.log" 2>&1
user_rc=$?
set -e
tail -n 3 "$WORK/user.log" | sed 's/^/    /'
[ $user_rc -ne 0 ] || fail "make demo as a user ended with 0 without the libraries"
grep -q "apt-get install" "$WORK/user.log" || fail "make demo as a user did not name the apt-get line"

say "make demo as root (must install the libraries and open its window)"
demo_start=$(date +%s)
in_root bash -c "cd /home/demo/kiosk && DISPLAY=:$DISPLAY_NUM exec make demo" >"$WORK/root.log" 2>&1 &
demo=$!
found=""
for _ in $(seq "$WAIT_S"); do
  if xwininfo -display ":$DISPLAY_NUM" -root -tree 2>/dev/null | grep -q '"kiosk demo'; then found=yes; break; fi
  kill -0 $demo 2>/dev/null || break
  sleep 1
done
if [ -z "$found" ]; then
  tail -n 20 "$WORK/root.log" | sed 's/^/    /'
  kill $demo 2>/dev/null || true
  fail "no kiosk demo window within ${WAIT_S} s"
fi
say "window open $(($(date +%s) - demo_start)) s after make demo started:"
sleep 8 # the croupier's first moves
xwininfo -display ":$DISPLAY_NUM" -root -tree | grep '"kiosk demo' | sed 's/^ */    /'
xwd -display ":$DISPLAY_NUM" -root -silent | xwdtopnm 2>/dev/null | pnmtopng >"$WORK/screen.png"
say "screenshot: $WORK/screen.png"
# stop the demo as Ctrl-C would: SIGINT to the kiosk process this script started (by its id)
descendants() { local c; for c in $(pgrep -P "$1"); do echo "$c"; descendants "$c"; done; }
for pid in $(descendants $demo); do
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'bin/kiosk demo' && kill -INT "$pid"
done
for _ in $(seq 30); do kill -0 $demo 2>/dev/null || break; sleep 1; done
kill $demo 2>/dev/null || true
grep -E "^kiosk demo: (installing|stopping)" "$WORK/root.log" | sed 's/^/    /' || true
say "PASSED in $(($(date +%s) - start)) s (logs: $WORK/user.log, $WORK/root.log)"
