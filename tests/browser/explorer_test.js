// Browser tests of the explorer (issue 4 "Done when", issue 6 item 4) in Debian's headless
// Chromium, against the static folder build/web built by scripts/build-web.sh.
// usage: node explorer_test.js [--web DIR] [--only NAME]
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const assert = require('assert/strict');
const { runInBrowser } = require('./lib/browser_suite');
const { createRunner } = require('./lib/runner');
const ex = require('./lib/explorer_page');
const { ensureCli, nativeResult, assertSameBytes, ROOT } = require('./lib/native_cli');
const { decodePng, countColour, distinctColours } = require('./lib/png');

const argv = process.argv.slice(2);
const WEB = path.resolve(argv.includes('--web') ? argv[argv.indexOf('--web') + 1] : path.join(ROOT, 'build/web'));
const ARTIFACTS = path.join(ROOT, 'build/test-artifacts');
const EXAMPLES = path.join(ROOT, 'examples/scenarios');
const GGUF = path.join(ROOT, 'tests/data/gguf');
const STEPS = ['cluster', 'filters', 'fit', 'scoring', 'scale-down'];

const readExample = (name) => fs.readFileSync(path.join(EXAMPLES, name), 'utf8');
// Same document, whatever the whitespace: scenario() is dump(2) of what was loaded.
const sameDocument = (a, b) => assert.equal(JSON.stringify(JSON.parse(a)), JSON.stringify(JSON.parse(b)));
// A link made in Node with zlib, independent of the page: "v1." + base64url(raw deflate).
const fragmentOf = (text) => 'v1.' + zlib.deflateRawSync(Buffer.from(text)).toString('base64url');

const runner = createRunner();
const { test } = runner;

test('the page loads and renders', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  const all = await ex.items(page);
  assert.ok(all.length > 10, `only ${all.length} items drawn`);
  assert.ok(all.some((i) => i.id.startsWith('gpu/')), 'no GPU drawn');
  const canvas = await page.evaluate(() => { const c = document.getElementById('canvas'); return { w: c.width, h: c.height, cw: c.clientWidth }; });
  assert.equal(canvas.w, canvas.cw * 1, 'canvas backing store is not in device pixels');
  // With no scenario in the link or in storage, the first example is shown.
  sameDocument(await ex.scenario(page), readExample('binpack-vs-spread.json'));
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const png = await page.screenshot({ path: path.join(ARTIFACTS, 'page-loaded.png') });
  const colours = distinctColours(decodePng(png));
  assert.ok(colours > 20, `the page shows only ${colours} colours: nothing rendered`);
  assert.deepEqual(page.pageErrors, []);
});

test('an example loads through window.explorer.loadScenario', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  const text = readExample('binpack-packs-gpus.json');
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), text), null);
  await ex.settled(page);
  sameDocument(await ex.scenario(page), text);
});

test('an example loads through a URL fragment', async ({ context, url }) => {
  const text = readExample('manual-gpu-selection.json');
  const page = await ex.openExplorer(context, url + '#' + fragmentOf(text));
  sameDocument(await ex.scenario(page), text);
  // A link pasted into an open page's address bar is followed too.
  const other = readExample('distributed-vllm.json');
  await page.evaluate((f) => { location.hash = f; }, fragmentOf(other));
  await page.waitForFunction((t) => JSON.stringify(JSON.parse(window.explorer.scenario())) === t, JSON.stringify(JSON.parse(other)));
});

test('the result equals the native CLI byte for byte, for every example', async ({ context, url }) => {
  ensureCli();
  const page = await ex.openExplorer(context, url);
  const names = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.json')).sort();
  for (const name of names) {
    assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample(name)), null, name);
    await ex.settled(page);
    const shown = await ex.scenario(page);
    assertSameBytes(await ex.result(page), nativeResult(shown), name);
  }
  // Those answers came from the scheduling worker, which runs this same explorer.js/.wasm without
  // the app (a worker that failed would have handed scheduling back to the main thread).
  assert.equal(await page.evaluate(() => typeof window.peHost.schedule), 'function', 'the worker is not scheduling');
  assert.deepEqual(page.pageErrors, []);
});

// The outline the canvas draws around the selected GPU (ui/panels/cluster_canvas.cpp).
const SELECTION_COLOUR = [255, 220, 80];

test('clicking a GPU by its rectangle selects it', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  const gpu = await ex.findItem(page, (i) => /^gpu\/[^/]+\/\d+$/.test(i.id), 'gpu/<worker>/<index>');
  const clip = { x: gpu.x, y: gpu.y, width: Math.max(1, gpu.w), height: Math.max(1, gpu.h) };
  const outlined = async () => countColour(decodePng(await page.screenshot({ clip })), SELECTION_COLOUR);
  assert.equal(await outlined(), 0, `${gpu.id} is drawn selected before any click`);
  const scenarioBefore = await ex.scenario(page);
  await ex.clickItem(page, gpu.id);
  await ex.settled(page);
  await page.mouse.move(1, 1);  // no tooltip over the bar
  await ex.frames(page, 3);
  assert.ok(await outlined() > 20, `${gpu.id} is not outlined as selected after clicking it`);
  // Selecting is not an edit.
  assert.equal(await ex.scenario(page), scenarioBefore);
});

test('a GGUF file through the file input becomes a gguf_profile and a decision', async ({ context, url }) => {
  ensureCli();
  const page = await ex.openExplorer(context, url);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample('gguf-partial-offload.json')), null);
  await ex.settled(page);
  await ex.clearStatus(page);
  const file = path.join(GGUF, 'models/meta-llama-3-8b-instruct-q5_k_m.gguf');
  // Count what the page reads: only a header prefix, never the whole file.
  await page.evaluate(() => {
    window.__sliced = 0;
    const slice = Blob.prototype.slice;
    Blob.prototype.slice = function (start, end, type) { const b = slice.call(this, start, end, type); window.__sliced = Math.max(window.__sliced, end || 0); return b; };
  });
  await page.setInputFiles('#gguf-input', file);
  const status = await ex.waitForStatus(page, 'notice', 30000);
  assert.match(status.text, /GGUF profile loaded/);
  await ex.settled(page);
  const doc = JSON.parse(await ex.scenario(page));
  assert.ok(doc.estimates && doc.estimates.gguf_profile, 'no estimates.gguf_profile in the scenario');
  const shown = await ex.result(page);
  const decision = JSON.parse(shown);
  assert.ok(!decision.error && Array.isArray(decision.candidates), 'no decision: ' + shown.slice(0, 200));
  assertSameBytes(shown, nativeResult(await ex.scenario(page)), 'result after loading the GGUF file');
  const read = await page.evaluate(() => window.__sliced);
  // The fixtures are header-only files (tensor data stripped), so the header is the whole file
  // here; that only a prefix of a real file is read is checked in page_test.js.
  assert.ok(read > 0 && read <= fs.statSync(file).size, `read ${read} of ${fs.statSync(file).size} bytes`);
});

test('Copy link, opened in a new page, gives the identical scenario', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample('scale-down-order.json')), null);
  await ex.settled(page);
  await ex.clickItem(page, 'button/copy-link');
  await page.waitForFunction(() => location.hash.startsWith('#v1.'));
  const link = await page.evaluate(() => location.href);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, link, 'the clipboard does not hold the link in the address bar');
  const opened = await ex.openExplorer(context, link);
  assert.equal(await ex.scenario(opened), await ex.scenario(page));
});

async function assertErrorKeepsScenario(page, act, pattern) {
  await ex.settled(page);
  const before = await ex.scenario(page);
  await ex.clearStatus(page);
  await act();
  const status = await ex.waitForStatus(page, 'error');
  assert.match(status.text, pattern);
  await ex.settled(page);
  assert.equal(await ex.scenario(page), before, 'the scenario changed');
}

test('a malformed GGUF file shows an error and keeps the scenario', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  for (const name of ['bad-magic.gguf', 'truncated-header.gguf', 'string-length-2p63.gguf']) {
    await assertErrorKeepsScenario(page, () => page.setInputFiles('#gguf-input', path.join(GGUF, 'malformed', name)), /byte offset|offset \d+/);
  }
});

test('a corrupted URL fragment shows an error and keeps the scenario', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  const good = fragmentOf(readExample('cpu-fallback.json'));
  for (const bad of ['v1.' + good.slice(3, 40), 'v9.' + good.slice(3), 'v1.@@not-base64@@']) {
    await assertErrorKeepsScenario(page, () => page.evaluate((f) => { location.hash = f; }, bad), /link could not be opened/i);
  }
  // Opened as a new page: the error is shown and the last good scenario is restored instead.
  const kept = await ex.scenario(page);
  await page.waitForTimeout(600);
  const fresh = await ex.openExplorer(context, url + '#v1.AAAA');
  assert.equal((await ex.pageStatus(fresh)).kind, 'error');
  sameDocument(await ex.scenario(fresh), kept);
});

test('an invalid JSON paste shows an error and keeps the scenario', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  await assertErrorKeepsScenario(page, async () => {
    await ex.clickItem(page, 'button/paste-json');
    await page.waitForSelector('#paste-dialog[open]');
    await page.fill('#paste-text', '{"workers": [{"name": "w1",');
    await page.click('#paste-import');
  }, /Paste not imported/);
  assert.notEqual(await page.textContent('#paste-error'), '');
  assert.ok(await page.isVisible('#paste-dialog'), 'the dialog closed and lost the pasted text');
});

test('the last good scenario survives a reload', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  const text = readExample('distributed-vllm.json');
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), text), null);
  await ex.settled(page);
  // A failed load afterwards must not replace what is saved.
  assert.notEqual(await page.evaluate(() => window.explorer.loadScenario('{"workers": 3}')), null);
  const shown = await ex.scenario(page);
  await page.reload();
  await page.evaluate(() => window.explorer.ready);
  await ex.settled(page);
  assert.equal(await ex.scenario(page), shown);
});

test('undo and redo after edits', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  const a = await ex.scenario(page);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample('cpu-fallback.json')), null);
  await ex.settled(page);
  const b = await ex.scenario(page);
  assert.notEqual(a, b);
  await ex.clickItem(page, 'button/undo');
  await ex.settled(page);
  assert.equal(await ex.scenario(page), a, 'undo did not restore the scenario before the edit');
  await ex.clickItem(page, 'button/redo');
  await ex.settled(page);
  assert.equal(await ex.scenario(page), b, 'redo did not restore the edit');
});

test('a screenshot of each main view', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample('scale-down-order.json')), null);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const shots = [];
  for (const step of STEPS) {
    assert.equal(await page.evaluate((s) => window.explorer.step(s), step), true, `step(${step})`);
    await ex.settled(page);
    const file = path.join(ARTIFACTS, `step-${step}.png`);
    shots.push(await page.screenshot({ path: file }));
  }
  for (let i = 1; i < shots.length; i++) assert.notDeepEqual(shots[i], shots[i - 1], `${STEPS[i]} looks like ${STEPS[i - 1]}`);
});

(async () => {
  if (!fs.existsSync(path.join(WEB, 'explorer.js'))) {
    console.error(`explorer_test: ${WEB}/explorer.js is missing; build it with scripts/build-web.sh`);
    process.exit(1);
  }
  await runInBrowser(runner, argv, [{ prefix: '/', dir: WEB }]);
})();
