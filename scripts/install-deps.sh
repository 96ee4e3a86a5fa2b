#!/usr/bin/env bash
# Installs the Debian packages Placement Explorer needs; idempotent (does nothing when all are
# present). Usage: scripts/install-deps.sh [native|web|test]...
#   native: compiler, CMake, Ninja, nlohmann_json, Catch2, Python (the CLI and unit tests)
#   web:    Emscripten, ImGui sources, the UI font and pyftsubset to cut it (the browser explorer)
#   test:   native + web + Chromium and Node (browser tests), clang-14 runtime (fuzzing, sanitizers)
set -euo pipefail

want=()
for kind in "${@:-native}"; do
  case "$kind" in
    native) want+=(build-essential cmake ninja-build nlohmann-json3-dev catch2 python3 pkg-config zlib1g-dev ccache) ;;
    web) want+=(emscripten nodejs npm dpkg-dev xz-utils fonts-dejavu-core fonttools) ;;
    test) want+=(build-essential cmake ninja-build nlohmann-json3-dev catch2 python3 pkg-config zlib1g-dev ccache
                 emscripten nodejs npm dpkg-dev xz-utils fonts-dejavu-core fonttools chromium clang-14 libclang-rt-14-dev) ;;
    *) echo "install-deps: unknown kind '$kind'" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${want[@]}"; do
  # A non-Debian Node already on PATH is fine (it is what this machine's image ships).
  if [[ "$p" == nodejs || "$p" == npm ]] && command -v "${p/nodejs/node}" >/dev/null 2>&1; then continue; fi
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
