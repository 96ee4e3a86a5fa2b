// The native CLI's answer for a scenario text: what the page's result() must equal byte for byte.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const ROOT = path.resolve(__dirname, '../../..');
const CLI = process.env.PE_NATIVE_CLI || path.join(ROOT, 'build/bin/placement');

// Builds the native CLI only if it is not there (another build may be using the machine).
function ensureCli() {
  if (!fs.existsSync(CLI)) execFileSync(path.join(ROOT, 'scripts/build-native.sh'), { stdio: 'inherit' });
}

// format: '--json' (the result document) or '--markdown' (the explanation).
function nativeResult(scenarioText, command = 'schedule', format = '--json') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pe-browser-'));
  const file = path.join(dir, 'scenario.json');
  fs.writeFileSync(file, scenarioText);
  try {
    return execFileSync(CLI, [command, file, format], { encoding: 'utf8', maxBuffer: 1 << 28 });
  } catch (e) {
    if (typeof e.stdout === 'string' && e.stdout) return e.stdout;  // exit 2 still prints the error JSON
    throw e;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Where two texts first differ, for failure messages.
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i === a.length && a.length === b.length ? -1 : i;
}

function assertSameBytes(actual, expected, what) {
  const at = firstDifference(actual, expected);
  if (at >= 0) {
    throw new Error(`${what}: differs at byte ${at}: got ${JSON.stringify(actual.slice(at, at + 80))}, `
      + `native ${JSON.stringify(expected.slice(at, at + 80))}`);
  }
}

module.exports = { ensureCli, nativeResult, assertSameBytes, CLI, ROOT };
