#!/usr/bin/env bash
# Sets up, builds and serves the browser explorer on http://127.0.0.1:8080 (loopback only) with an
# example scenario loaded. The README's first command.
#   PORT=8081 scripts/serve.sh         another port
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PORT:-8080}
scripts/build-web.sh

url="http://127.0.0.1:$port/"
echo "== Placement Explorer: open $url   (Ctrl+C stops the server)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory build/web
