// Browser tests of the explorer (issue 4 "Done when", issue 6 item 4): loading scenarios, links,
// the native CLI's answers byte for byte, selection, undo and a screenshot of each view.
// usage: node explorer_test.js [--web DIR] [--only NAME]
'use strict';
const fs = require('fs');
const path = require('path');
const assert = require('assert/strict');
const ex = require('./lib/explorer_page');
const { ensureCli, nativeResult, assertSameBytes } = require('./lib/native_cli');
const { decodePng, countColour, distinctColours } = require('./lib/png');
const {
  ARTIFACTS, EXAMPLES, readExample, sameDocument, fragmentOf, explorerSuite,
} = require('./lib/explorer_suite');

// The outline the canvas draws around the selected GPU (ui/panels/cluster_canvas.cpp).
const SELECTION_COLOUR = [255, 220, 80];

const STEPS = ['cluster', 'filters', 'fit', 'scoring', 'scale-down', 'what-if'];

const suite = explorerSuite('explorer_test');
const { test } = suite;

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

test('start-up: no worker competes with the first frame; the first example is decided on the main thread', async ({ context, url }) => {
  ensureCli();
  await ex.recordWorkers(context);
  const page = await ex.openExplorer(context, url);
  assertSameBytes(await ex.result(page), nativeResult(await ex.scenario(page)), 'the first example');
  const firstFrame = await ex.firstFrameAt(page);
  const made = await ex.workers(page);
  // The decision line's capacity search is the only job: its worker comes after the first frame.
  assert.ok(made.every((w) => w.at >= firstFrame), `a worker was created before the first frame (${firstFrame} ms): ${JSON.stringify(made)}`);
  assert.deepEqual(made.map((w) => w.role), ['what-if']);
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
  await ex.recordWorkers(context);
  const page = await ex.openExplorer(context, url);
  const names = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.json')).sort();
  for (const name of names) {
    assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample(name)), null, name);
    await ex.settled(page);
    const shown = await ex.scenario(page);
    assertSameBytes(await ex.result(page), nativeResult(shown), name);
    // The explanation "Copy explanation" gives is the CLI's --markdown, of the step shown.
    assertSameBytes(await page.evaluate(() => window.explorer.explanation('markdown')),
      nativeResult(shown, 'schedule', '--markdown'), name + ' (Markdown explanation)');
    assert.equal(await page.evaluate(() => window.explorer.step('scale-down')), true);
    assertSameBytes(await page.evaluate(() => window.explorer.explanation('markdown')),
      nativeResult(shown, 'scale-down', '--markdown'), name + ' (Markdown scale-down explanation)');
    assert.equal(await page.evaluate(() => window.explorer.step('cluster')), true);
  }
  // Every example was decided on the main thread: the largest (222,000 characters of recorded
  // gguf-parser output) is looked up, not searched with the estimator, and the GGUF profile of
  // advise-gguf-context is under the page's limit. The worker's path: explorer_files_test.js.
  assert.equal(await page.evaluate(() => typeof window.peHost.schedule), 'function', 'the worker was given up');
  assert.deepEqual((await ex.workers(page)).filter((w) => w.role === 'schedule').length, 0, 'a scheduling worker for an example');
  assert.deepEqual(page.pageErrors, []);
});

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

test('Copy explanation gives the Markdown; a link keeps the open step and the selection', async ({ context, url }) => {
  ensureCli();
  const page = await ex.openExplorer(context, url);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample('cluster-filter.json')), null);
  await ex.settled(page);
  await ex.clickItem(page, 'button/copy-explanation');
  await ex.waitForStatus(page, 'notice');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assertSameBytes(copied, nativeResult(await ex.scenario(page), 'schedule', '--markdown'), 'copied explanation');
  assert.match(copied, /^# Scheduling one instance/);
  assert.match(copied, /\n## 2\. Base filters\n\n\| filter \| in \| kept \| verdict \|/);

  // Open step 3 and select a GPU with the mouse, copy the link, open it in a new page.
  await ex.clickItem(page, 'step/fit');
  const gpu = await ex.findItem(page, (i) => /^gpu\/[^/]+\/\d+$/.test(i.id), 'gpu/<worker>/<index>');
  await ex.clickItem(page, gpu.id);
  await ex.settled(page);
  assert.equal(await page.evaluate(() => window.explorer.currentStep()), 'fit');
  const [, worker, index] = gpu.id.split('/');
  assert.deepEqual(await page.evaluate(() => window.explorer.selection()), { worker, gpu: Number(index) });
  await ex.clickItem(page, 'button/copy-link');
  await page.waitForFunction(() => /&step=fit/.test(location.hash));
  const link = await page.evaluate(() => location.href);
  const opened = await ex.openExplorer(context, link);
  assert.equal(await ex.scenario(opened), await ex.scenario(page));
  assert.equal(await opened.evaluate(() => window.explorer.currentStep()), 'fit');
  assert.deepEqual(await opened.evaluate(() => window.explorer.selection()), { worker, gpu: Number(index) });
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await opened.screenshot({ path: path.join(ARTIFACTS, 'link-restores-step.png') });
  assert.deepEqual(opened.pageErrors, []);
});

suite.run();
