#!/usr/bin/env bash
# Builds the install archive for Linux on this machine's architecture:
#   dist/simulcast-VERSION-linux-ARCH.tar.gz holding the program linked with the Swift
#   standard library and Foundation built in (it needs no Swift toolchain), the files it serves
#   (its *.resources folders, which must stay beside it), the systemd unit, install.sh, the
#   Caddyfile, an example config and a Containerfile.
# Usage: scripts/package.sh [--configuration release|debug] [--output DIR]
# CI packages the debug build (already built for the tests, so only the link is new); a release
# archive takes a release build (about 19 minutes on 2 cores) and is checked by the same
# scripts/check-archive.sh. Other architectures need a cross-compilation SDK, which this
# toolchain does not have: build on an arm64 machine for arm64.
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=release
output=dist
while [ $# -gt 0 ]; do
  case "$1" in
    --configuration) configuration="$2"; shift 2 ;;
    --output) output="$2"; shift 2 ;;
    *) echo "usage: scripts/package.sh [--configuration release|debug] [--output DIR]" >&2; exit 2 ;;
  esac
done

echo "== building simulcast ($configuration)"
swift build -c "$configuration" --product simulcast
bin="$(swift build -c "$configuration" --show-bin-path)"
version="$("$bin/simulcast" --version)"
arch="$(uname -m)"
name="simulcast-$version-linux-$arch"
stage="$output/$name"
rm -rf "$stage" "$output/$name.tar.gz"
mkdir -p "$stage"

# Linked again with the standard library and Foundation built in, from the objects SwiftPM
# compiled. swiftc's -static-stdlib leaves out what static Foundation needs beneath it
# (CoreFoundation, its ICU and shims), so they are named; lld takes archives in any order.
static_libraries=/usr/lib/swift_static/linux
toolchain="$(dirname "$(dirname "$(command -v swiftc)")")"
echo "== linking $name/simulcast with the Swift runtime built in"
swiftc -static-stdlib -emit-executable -o "$stage/simulcast" \
  @"$bin/simulcast.product/Objects.LinkFileList" -L "$bin" -L "$toolchain$static_libraries" \
  -Xlinker --defsym -Xlinker main=simulcast_main -use-ld=lld \
  -lCoreFoundation -l_FoundationICU -l_FoundationCShims -l_FoundationCollections -lstdc++ -lm -lz
if [ "$configuration" = release ]; then strip "$stage/simulcast"; fi

# Only the resource bundles of the program's own targets.
for bundle in "$bin"/simulcast_*.resources; do cp -R "$bundle" "$stage/"; done
cp -L deploy/Caddyfile deploy/simulcast.service deploy/simulcast.example.toml deploy/Containerfile deploy/install.sh "$stage/"
chmod +x "$stage/install.sh"
cat > "$stage/README.txt" <<TEXT
Simulcast $version for Linux $arch, built $(date -u +%Y-%m-%d) ($configuration).
Try it: ./simulcast demo
Install as a service (as root): ./install.sh     (asks its questions, then prints the next steps)
Without installing: ./simulcast setup --config simulcast.toml, then ./simulcast serve --config simulcast.toml
Keep the *.resources folders beside the program: they are the pages and data it serves.
TEXT
tar -C "$output" -czf "$output/$name.tar.gz" "$name"
echo "== $output/$name.tar.gz ($(du -h "$output/$name.tar.gz" | cut -f1))"
