#!/usr/bin/env bash
# CTest entry of the @huggingface/gguf cross-check: installs the pinned package on first use
# (npm registry), then runs crosscheck.mjs. Exits 77 (CTest: skipped) when Node or the package
# cannot be had. usage: run.sh PLACEMENT_CLI DIR_OR_FILE...
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v node >/dev/null 2>&1; then
  echo "gguf crosscheck: node not found, skipped"
  exit 77
fi
if [ ! -f "$here/node_modules/@huggingface/gguf/package.json" ]; then
  if ! command -v npm >/dev/null 2>&1 || ! npm ci --prefix "$here" --no-audit --no-fund >/dev/null 2>&1; then
    echo "gguf crosscheck: cannot install @huggingface/gguf, skipped"
    exit 77
  fi
fi
exec node "$here/crosscheck.mjs" "$@"
