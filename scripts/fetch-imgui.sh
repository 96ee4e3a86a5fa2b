#!/usr/bin/env bash
# Fetches Dear ImGui 1.86 sources from Debian's source package into third_party/imgui (ignored by
# git; never committed). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=third_party/imgui
[ -f "$dest/imgui.cpp" ] && exit 0
if ! apt-get indextargets --format '$(IDENTIFIER)' 2>/dev/null | grep -q '^Sources$'; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO tee /etc/apt/sources.list.d/placement-explorer-src.sources >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  $SUDO apt-get update -qq
fi
tmp=$(mktemp -d)
(cd "$tmp" && apt-get source --download-only imgui >/dev/null)
mkdir -p "$dest"
tar -xJf "$tmp"/imgui_1.86+ds.orig.tar.xz -C "$dest" --strip-components=1
rm -rf "$tmp"
test -f "$dest/imgui.cpp" && test -f "$dest/backends/imgui_impl_glfw.cpp"
echo "fetch-imgui: ImGui sources in $dest"
