#!/usr/bin/env bash
# Sets up, builds and shows Placement Explorer on an example scenario. The README's first command.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh native
scripts/build-native.sh
example=${1:-examples/scenarios/binpack-vs-spread.json}
echo "== build/bin/placement schedule $example"
build/bin/placement schedule "$example"
