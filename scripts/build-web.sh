#!/usr/bin/env bash
# Builds the browser explorer and assembles the self-contained static folder build/web/
# (index.html, ui/web/*.js, explorer.js/.wasm, examples/*.json) that
# any static file server can serve as it is.
#   BUILD_DIR (default build-web): the emcmake build directory.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh native web
scripts/fetch-imgui.sh
export NODE_PATH=/usr/share/nodejs   # emcc's own Node tools need acorn (toolchain.md, trap 1)
build=${BUILD_DIR:-build-web}
out=build/web

emcmake cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$build" -j"${JOBS:-$(nproc)}" explorer

# Wherever the targets put their outputs, take them by name.
find_output() {
  local found
  found=$(find "$build" -name "$1" -type f -not -path '*/CMakeFiles/*' | head -n1)
  [ -n "$found" ] || { echo "build-web: $1 was not built in $build" >&2; exit 1; }
  echo "$found"
}

rm -rf "$out"
mkdir -p "$out/ui/web" "$out/examples"
cp index.html "$out/"
cp ui/web/*.js "$out/ui/web/"
for f in explorer.js explorer.wasm; do
  cp "$(find_output "$f")" "$out/"
done
cp examples/scenarios/*.json "$out/examples/"
echo "build-web: static explorer in $out ($(du -sh "$out" | cut -f1))"
