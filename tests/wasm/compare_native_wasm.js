// Same answer everywhere: every acceptance case and example is run through the native CLI and
// through the WASM module under Node; the JSON results must be byte-identical.
// usage: node compare_native_wasm.js NATIVE_CLI WASM_JS SCENARIO_DIR...
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const [cli, wasmJs, ...dirs] = process.argv.slice(2);
if (!cli || !wasmJs || dirs.length === 0) {
  console.error('usage: compare_native_wasm.js NATIVE_CLI WASM_JS DIR...');
  process.exit(2);
}
const factory = require(path.resolve(wasmJs));
const wasmBinary = fs.readFileSync(path.resolve(wasmJs).replace(/\.js$/, '.wasm'));
const mod = factory({ wasmBinary });
const run = (m) => {
  const os = require('os');
  let passed = 0, failed = 0;
  const files = [];
  for (const d of dirs) for (const f of fs.readdirSync(d).sort()) if (f.endsWith('.json')) files.push(path.join(d, f));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pe-cmp-'));
  for (const f of files) {
    const doc = JSON.parse(fs.readFileSync(f, 'utf8'));
    for (const k of ['expected', 'source', 'backend', 'notes', 'upstream_messages']) delete doc[k];
    const text = JSON.stringify(doc);
    const scenarioFile = path.join(tmp, 'scenario.json');
    fs.writeFileSync(scenarioFile, text);
    const cmd = doc.scale_down ? 'scale-down' : 'schedule';
    let native;
    try {
      native = execFileSync(cli, [cmd, scenarioFile, '--json'], { encoding: 'utf8', maxBuffer: 1 << 28 });
    } catch (e) {
      native = 'exit ' + e.status + ': ' + e.stderr;
    }
    const wasm = doc.scale_down ? m.scaleDown(text) : m.schedule(text);
    if (native === wasm) passed++;
    else {
      failed++;
      let i = 0;
      while (i < native.length && native[i] === wasm[i]) i++;
      console.log(`FAIL ${f}: differs at byte ${i}: native ${JSON.stringify(native.slice(i, i + 60))} wasm ${JSON.stringify(wasm.slice(i, i + 60))}`);
    }
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
};
if (mod && typeof mod.then === 'function') mod.then(run); else run(mod);
