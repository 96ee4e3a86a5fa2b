#!/usr/bin/env bash
# Prints the id of the code the fuzz targets run: the git trees of core/ and tests/fuzz/ at HEAD,
# with "+dirty" when either has uncommitted edits. The fuzz builds stamp it into their fuzz/ folder
# (code-id) so the ledger names the code a binary was built from, not whatever HEAD is later.
set -euo pipefail
cd "$(dirname "$0")/.."
id=$(git rev-parse --short=12 HEAD:core 2>/dev/null)/$(git rev-parse --short=12 HEAD:tests/fuzz 2>/dev/null) || id=unknown
git diff --quiet HEAD -- core tests/fuzz 2>/dev/null || id+="+dirty"
echo "$id"
