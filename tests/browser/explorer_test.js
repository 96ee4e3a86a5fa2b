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
const { ensureCli, nativeResult, assertSameBytes, ROOT, CLI } = require('./lib/native_cli');
const { execFileSync } = require('child_process');
const { decodePng, countColour, distinctColours } = require('./lib/png');

const argv = process.argv.slice(2);
const WEB = path.resolve(argv.includes('--web') ? argv[argv.indexOf('--web') + 1] : path.join(ROOT, 'build/web'));
const ARTIFACTS = path.join(ROOT, 'build/test-artifacts');
const EXAMPLES = path.join(ROOT, 'examples/scenarios');
const GGUF = path.join(ROOT, 'tests/data/gguf');
const STEPS = ['cluster', 'filters', 'fit', 'scoring', 'scale-down', 'what-if'];

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
    // The explanation "Copy explanation" gives is the CLI's --markdown, of the step shown.
    assertSameBytes(await page.evaluate(() => window.explorer.explanation('markdown')),
      nativeResult(shown, 'schedule', '--markdown'), name + ' (Markdown explanation)');
    assert.equal(await page.evaluate(() => window.explorer.step('scale-down')), true);
    assertSameBytes(await page.evaluate(() => window.explorer.explanation('markdown')),
      nativeResult(shown, 'scale-down', '--markdown'), name + ' (Markdown scale-down explanation)');
    assert.equal(await page.evaluate(() => window.explorer.step('cluster')), true);
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

test('a split GGUF: all shards through the file input are read together, one alone is refused', async ({ context, url }) => {
  ensureCli();
  const page = await ex.openExplorer(context, url);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample('gguf-partial-offload.json')), null);
  const shards = [1, 2, 3].map((n) => path.join(GGUF, `models/qwen2.5-7b-instruct-q8_0-0000${n}-of-00003.gguf`));
  // One shard alone (each position), or two of the three: refused, the scenario kept.
  for (const [k, one] of shards.entries()) {
    await assertErrorKeepsScenario(page, () => page.setInputFiles('#gguf-input', one), new RegExp(`shard ${k + 1} of 3: load all 3 files together`));
  }
  await assertErrorKeepsScenario(page, () => page.setInputFiles('#gguf-input', [shards[0], shards[2]]),
    /shard 2 of 3 is missing \(qwen2\.5-7b-instruct-q8_0-00002-of-00003\.gguf\)/);
  await assertErrorKeepsScenario(page, () => page.setInputFiles('#gguf-input', shards[0]), /shard 1 of 3: load all 3 files together/);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'gguf-one-shard-refused.png') });

  // All three at once, in any order: one model, the same profile as the native CLI's.
  await ex.clearStatus(page);
  await page.setInputFiles('#gguf-input', [shards[2], shards[0], shards[1]]);
  const status = await ex.waitForStatus(page, 'notice', 30000);
  assert.match(status.text, /GGUF profile loaded/);
  await ex.settled(page);
  const doc = JSON.parse(await ex.scenario(page));
  const profile = doc.estimates.gguf_profile;
  assert.equal(profile.shards, 3);
  assert.equal(profile.tensor_count, 339);
  assert.equal(profile.parameters, 7615616512);
  const native = JSON.parse(execFileSync(CLI, ['gguf', ...shards, '--profile'], { encoding: 'utf8' }));
  assert.deepEqual(profile, native, 'profile differs from `placement gguf SHARDS --profile`');
  // Named from the metadata and the first shard's file name.
  assert.equal(doc.model.name, 'qwen2.5-7b-instruct');
  assert.equal(doc.model.huggingface_filename, 'qwen2.5-7b-instruct-q8_0-00001-of-00003.gguf');
  const shown = await ex.result(page);
  assertSameBytes(shown, nativeResult(await ex.scenario(page)), 'result after loading the split GGUF');
  await page.screenshot({ path: path.join(ARTIFACTS, 'gguf-split-loaded.png') });
});

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

// ---- issue 23: wheel, deploy, keyboard, explanations and links

// The first example with `count` workers (copies of its first one), so the panels scroll.
function manyWorkers(count) {
  const doc = JSON.parse(readExample('binpack-vs-spread.json'));
  const first = doc.workers[0];
  const maxId = Math.max(...doc.workers.map((w) => w.id));
  for (let i = 1; doc.workers.length < count; i++) doc.workers.push({ ...JSON.parse(JSON.stringify(first)), id: maxId + i, name: `extra-${i}` });
  return JSON.stringify(doc);
}

// Where the item `id` is drawn now (its top), after the wheel turned `notches` over (x, y).
async function wheelAndFind(page, x, y, notches, id) {
  await page.mouse.move(x, y);
  await ex.frames(page, 2);
  for (let i = 0; i < Math.abs(notches); i++) {
    await page.mouse.wheel(0, Math.sign(notches) * 100);  // one notch of a mouse wheel: 100 px down
    await ex.frames(page, 2);
  }
  await ex.frames(page, 2);
  return ex.findItem(page, id);
}

test('the mouse wheel scrolls the canvas and the right panel the platform way, a notch about 100 px', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), manyWorkers(40)), null);
  await ex.settled(page);
  const width = await page.evaluate(() => document.getElementById('canvas').clientWidth);
  // The canvas (left): a worker card moves up by about one notch per notch, and back.
  const card = await ex.findItem(page, (i) => i.id === 'worker/extra-4', 'worker/extra-4');
  const down = await wheelAndFind(page, width * 0.2, 450, 1, card.id);
  const moved = card.y - down.y;
  assert.ok(moved >= 60 && moved <= 140, `one notch down moved the canvas by ${moved} px (want about 100, upwards)`);
  const twice = await wheelAndFind(page, width * 0.2, 450, 2, card.id);
  assert.ok(Math.abs((down.y - twice.y) - 2 * moved) <= 2, 'two notches do not scroll twice as far');
  const back = await wheelAndFind(page, width * 0.2, 450, -3, card.id);
  assert.ok(Math.abs(back.y - card.y) <= 1, `three notches up did not come back (${card.y} -> ${back.y})`);
  // The right panel (the worker list of step 1).
  const all = await ex.items(page);
  const counts = new Map();
  for (const i of all) counts.set(i.id, (counts.get(i.id) || 0) + 1);
  const right = all.find((i) => i.x > width * 0.55 && i.y > 500 && i.y < 700 && i.visible && counts.get(i.id) === 1 && !i.id.startsWith('step/'));
  assert.ok(right, 'no item in the right panel to follow');
  const rightDown = await wheelAndFind(page, width * 0.75, 600, 1, right.id);
  const rightMoved = right.y - rightDown.y;
  assert.ok(rightMoved >= 60 && rightMoved <= 140, `one notch down moved the right panel by ${rightMoved} px (${right.id})`);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'wheel-scrolled.png') });
  assert.deepEqual(page.pageErrors, []);
});

const doc = async (page) => JSON.parse(await ex.scenario(page));
const mine = (d) => d.model_instances.filter((i) => i.model_id === d.model.id).length;

test('Deploy raises replicas; Scale down to a count previews GPUStack order; Deploy until full; Reset', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  const loaded = await doc(page);  // binpack-vs-spread: replicas 2, one instance
  assert.deepEqual([mine(loaded), loaded.model.replicas], [1, 2]);
  await ex.clickItem(page, 'button/deploy');
  await ex.settled(page);
  let d = await doc(page);
  assert.deepEqual([mine(d), d.model.replicas], [2, 2], 'Deploy placed the pending replica');
  await ex.clickItem(page, 'button/deploy');
  await ex.settled(page);
  d = await doc(page);
  assert.deepEqual([mine(d), d.model.replicas], [3, 3], 'Deploy did not raise replicas with the instances');
  // Scale down: the dialog proposes 2, previews the one that goes, removes exactly it.
  await ex.clickItem(page, 'button/scale-down');
  await ex.settled(page);
  const ranking = JSON.parse(await page.evaluate(() => window.explorer.scaleDownResult()));
  const apply = await ex.findItem(page, 'button/scale-down-apply');
  assert.match(apply.label, /Scale down to 2/);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'scale-down-dialog.png') });
  await ex.clickItem(page, 'button/scale-down-apply');
  await ex.settled(page);
  d = await doc(page);
  assert.deepEqual([mine(d), d.model.replicas], [2, 2], 'Scale down to 2 did not leave 2 replicas');
  assert.ok(!d.model_instances.some((i) => i.id === ranking.ranking[0].instance_id), 'the lowest-ranked instance is still there');
  // Deploy until full: one undo step, replicas follow, nothing fits afterwards.
  await ex.clickItem(page, 'button/deploy-until-full');
  await ex.settled(page);
  d = await doc(page);
  assert.ok(mine(d) > 2 && d.model.replicas === mine(d), `after Deploy until full: ${mine(d)} of ${d.model.replicas} replicas`);
  assert.equal(JSON.parse(await ex.result(page)).selected, null, 'a candidate still fits after Deploy until full');
  await page.screenshot({ path: path.join(ARTIFACTS, 'deploy-until-full.png') });
  const full = await ex.scenario(page);
  // Reset instances: back to the scenario as loaded, one undo step.
  await ex.clickItem(page, 'button/reset-instances');
  await ex.settled(page);
  d = await doc(page);
  assert.deepEqual(d.model_instances, loaded.model_instances);
  assert.equal(d.model.replicas, loaded.model.replicas);
  await ex.clickItem(page, 'button/undo');
  await ex.settled(page);
  assert.equal(await ex.scenario(page), full, 'Reset instances was not one undo step');
  assert.deepEqual(page.pageErrors, []);
});

test('keyboard: Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y, Tab with a visible focus, Enter and Space, Esc; the decision is announced', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  // The live region says the decision line.
  await page.waitForFunction(() => /^Winner: /.test(document.getElementById('decision-status').textContent));
  const a = await ex.scenario(page);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample('cpu-fallback.json')), null);
  await ex.settled(page);
  const b = await ex.scenario(page);
  await ex.clickAt(page, 5, 790);  // the page has the focus, as after any click
  await ex.press(page, 'Control+z');
  await ex.settled(page);
  assert.equal(await ex.scenario(page), a, 'Ctrl+Z did not undo');
  await ex.press(page, 'Control+Shift+z');
  await ex.settled(page);
  assert.equal(await ex.scenario(page), b, 'Ctrl+Shift+Z did not redo');
  await ex.press(page, 'Control+z');
  await ex.press(page, 'Control+y');
  await ex.settled(page);
  assert.equal(await ex.scenario(page), b, 'Ctrl+Y did not redo');
  await ex.press(page, 'Control+z');
  await ex.settled(page);
  assert.equal(await ex.scenario(page), a);

  // Tab moves a visible focus from item to item; Shift+Tab goes back.
  const seen = [];
  for (let i = 0; i < 5; i++) {
    await ex.press(page, 'Tab');
    const f = await ex.focusedItem(page);
    assert.ok(f, `no visible focus after ${i + 1} Tab presses`);
    seen.push(f.id);
  }
  assert.equal(new Set(seen).size, 5, `Tab did not move: ${seen.join(', ')}`);
  await ex.press(page, 'Shift+Tab');
  assert.equal((await ex.focusedItem(page)).id, seen[3], 'Shift+Tab did not go back');
  // Enter on Deploy deploys; Space on Undo undoes.
  const before = mine(await doc(page));
  const deploy = await ex.tabTo(page, 'button/deploy');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'keyboard-focus.png') });
  // ImGui's focus rectangle (ImGuiCol_NavHighlight) around the button.
  const shot = await page.screenshot({ clip: { x: deploy.x - 4, y: deploy.y - 4, width: deploy.w + 8, height: deploy.h + 8 } });
  assert.ok(countColour(decodePng(shot), [66, 150, 250], 16) > deploy.w + deploy.h, 'the focused button shows no focus rectangle');
  await ex.press(page, 'Enter');
  await ex.settled(page);
  assert.equal(mine(await doc(page)), before + 1, 'Enter on Deploy did not deploy');
  await page.waitForFunction(() => /^(Winner|No candidate)/.test(document.getElementById('decision-status').textContent));
  await ex.tabTo(page, 'button/undo');
  await ex.press(page, ' ');
  await ex.settled(page);
  assert.equal(mine(await doc(page)), before, 'Space on Undo did not undo');

  // Esc closes the app's dialog (Scale down) and the page's (Paste JSON), changing nothing.
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample('scale-down-order.json')), null);
  await ex.settled(page);
  const kept = await ex.scenario(page);
  await ex.clickItem(page, 'button/scale-down');
  await ex.findItem(page, 'button/scale-down-apply');
  await ex.press(page, 'Escape');
  assert.ok(!(await ex.items(page)).some((i) => i.id === 'button/scale-down-apply'), 'Esc did not close the Scale down dialog');
  await ex.clickItem(page, 'button/paste-json');
  await page.waitForSelector('#paste-dialog[open]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#paste-dialog:not([open])', { state: 'attached', timeout: 3000 });
  await ex.settled(page);
  assert.equal(await ex.scenario(page), kept);
  assert.deepEqual(page.pageErrors, []);
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

// ---- What if (issue 22, item 5)
// The blue of what-if previews on the canvas (ui/panels/cluster_canvas.cpp).
const PREVIEW_COLOUR = [80, 200, 255];
const itemLabel = async (page, id) => (await ex.findItem(page, id)).label;
const loadExample = async (page, name) => {
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample(name)), null);
  await ex.settled(page);
};

test('What if: the decision line says how many more replicas fit; Capacity draws them and deploys all', async ({ context, url }) => {
  ensureCli();
  const page = await ex.openExplorer(context, url);
  await loadExample(page, 'capacity-replicas.json');
  const shown = await ex.scenario(page);
  // window.explorer.capacity() is the CLI's answer byte for byte; the decision line says its count.
  const answer = await page.evaluate(() => window.explorer.capacity());
  assertSameBytes(answer, nativeResult(shown, 'capacity'), 'capacity');
  const count = JSON.parse(answer).count;
  assert.ok(count > 1, `capacity ${count}`);
  assert.equal(await itemLabel(page, 'decision/capacity'), `${count} more replicas fit`);

  await ex.clickItem(page, 'step/what-if');
  await ex.settled(page);
  assert.equal(await itemLabel(page, 'capacity/summary'), `${count} more replicas fit`);
  await page.mouse.move(1, 1);
  await ex.frames(page, 3);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const png = await page.screenshot({ path: path.join(ARTIFACTS, 'whatif-capacity.png') });
  assert.ok(countColour(decodePng(png), PREVIEW_COLOUR) > 100, 'the replicas capacity places are not drawn on the canvas');

  await ex.clickItem(page, 'button/deploy-all');
  await ex.settled(page);
  const after = JSON.parse(await ex.scenario(page));
  assert.equal(after.model_instances.length, JSON.parse(shown).model_instances.length + count);
  assert.equal(await itemLabel(page, 'decision/capacity'), 'no further replica fits');
  await ex.clickItem(page, 'button/undo');
  await ex.settled(page);
  assert.equal(await ex.scenario(page), shown, 'Deploy all was not one undo step');
  assert.deepEqual(page.pageErrors, []);
});

test('What if: a suggestion previews on the canvas, applies in one click and undoes', async ({ context, url }) => {
  ensureCli();
  const page = await ex.openExplorer(context, url);
  await loadExample(page, 'advise-what-would-fit.json');
  const before = await ex.scenario(page);
  assertSameBytes(await page.evaluate(() => window.explorer.advise()), nativeResult(before, 'advise'), 'advise');
  await ex.clickItem(page, 'step/what-if');
  await ex.clickItem(page, 'whatif/advice');
  await ex.settled(page);
  const advice = JSON.parse(await page.evaluate(() => window.explorer.advise()));
  assert.ok(advice.suggestions.length >= 2);
  assert.equal(await itemLabel(page, 'suggestion/0'), advice.suggestions[0].summary);
  // Hovering a suggestion previews where it would go.
  const row = await ex.findItem(page, 'suggestion/0');
  await page.mouse.move(row.x + row.w / 2, row.y + row.h / 2);
  await ex.frames(page, 4);
  const png = await page.screenshot({ path: path.join(ARTIFACTS, 'whatif-advice.png') });
  assert.ok(countColour(decodePng(png), PREVIEW_COLOUR) > 20, 'the hovered suggestion is not previewed on the canvas');

  await ex.clickItem(page, 'button/apply-suggestion/0');
  await ex.settled(page);
  const result = JSON.parse(await ex.result(page));
  const winner = result.candidates[result.selected];
  assert.notEqual(await ex.scenario(page), before, 'the suggestion changed nothing');
  assert.equal(winner.worker_name, advice.suggestions[0].placement.worker_name);
  await ex.clickItem(page, 'button/undo');
  await ex.settled(page);
  assert.equal(await ex.scenario(page), before, 'undo did not take the suggestion back');
  assert.deepEqual(page.pageErrors, []);
});

test('What if: pin a baseline, edit, and the change is listed', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  await loadExample(page, 'compare-memory-utilization.json');
  await ex.clickItem(page, 'step/what-if');
  await ex.clickItem(page, 'whatif/compare');
  await ex.clickItem(page, 'button/pin-baseline');
  const edited = JSON.parse(readExample('compare-memory-utilization.json'));
  edited.model.backend_parameters = [...(edited.model.backend_parameters || []), '--gpu-memory-utilization=0.6'];
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), JSON.stringify(edited)), null);
  await ex.settled(page);
  assert.equal(await itemLabel(page, 'compare/candidate/0'), 'appeared a100-1');
  await page.mouse.move(1, 1);
  await ex.frames(page, 3);
  await page.screenshot({ path: path.join(ARTIFACTS, 'whatif-compare.png') });
  // binpack <-> spread in one click: one undo step.
  const shown = await ex.scenario(page);
  await ex.clickItem(page, 'button/compare-strategies');
  await ex.settled(page);
  assert.equal(JSON.parse(await ex.scenario(page)).model.placement_strategy, 'binpack');
  await ex.findItem(page, 'compare/winner');
  await ex.clickItem(page, 'button/undo');
  await ex.settled(page);
  assert.equal(await ex.scenario(page), shown);
  assert.deepEqual(page.pageErrors, []);
});

// ---- issue 23 items 3 and 4: a canvas for big clusters, text that is never silently cut

// The workers drawn in view (cards or rows).
const workerItems = (all) => all.filter((i) => /^worker\/[^/]+$/.test(i.id) && i.visible);

test('Ctrl+wheel zooms the canvas around the pointer; Fit shows every worker', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), manyWorkers(40)), null);
  await ex.settled(page);
  const before = await ex.findItem(page, 'worker/extra-1');
  await page.mouse.move(before.x + before.w / 2, before.y + 4);
  await ex.frames(page, 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -100);  // Ctrl + one notch up: zoom in
  await ex.frames(page, 3);
  await page.keyboard.up('Control');
  await ex.frames(page, 2);
  const inItem = (await ex.items(page)).find((i) => i.id === 'worker/extra-1');
  assert.ok(inItem, 'worker/extra-1 left the view: the zoom did not keep the pointer\'s place');
  assert.ok(inItem.w > before.w * 1.15, `Ctrl+wheel did not zoom in: card ${before.w} -> ${inItem.w} px wide`);
  // Cards reflow into fewer columns, so only the height under the pointer is kept.
  assert.ok(Math.abs(inItem.y - before.y) < 40, `the card under the pointer moved from y=${before.y} to y=${inItem.y}`);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'canvas-zoomed-in.png') });
  // Fit: every worker drawn (built, not skipped as out of view) and inside the canvas.
  await ex.clickItem(page, 'button/zoom-fit');
  await ex.frames(page, 4);
  const fitted = workerItems(await ex.items(page));
  assert.equal(fitted.length, 40, `after Fit ${fitted.length} of 40 workers are in view`);
  const height = await page.evaluate(() => document.getElementById('canvas').clientHeight);
  assert.ok(fitted.every((i) => i.y + i.h <= height), 'a worker is below the window after Fit');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'canvas-fit.png') });
  assert.deepEqual(page.pageErrors, []);
});

test('256 workers: compact rows, the search narrows them, the Why pane is in view', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), manyWorkers(256)), null);
  await ex.settled(page);
  const height = await page.evaluate(() => document.getElementById('canvas').clientHeight);
  const rows = workerItems(await ex.items(page));
  assert.ok(rows.length >= 15, `only ${rows.length} worker rows in view`);
  assert.ok(rows[0].h < 40, `a worker takes ${rows[0].h} px: not the compact view`);
  // Click a worker: its explanation appears in the Why pane, on screen, with no scrolling.
  await ex.clickItem(page, rows[3].id);
  await ex.settled(page);
  const why = await ex.findItem(page, 'why/subject');
  assert.equal(why.label, rows[3].id.slice('worker/'.length));
  assert.ok(why.visible && why.y > 0 && why.y + why.h <= height, `the Why pane's subject is at y=${why.y} (window ${height})`);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'big-cluster-why.png') });
  // Type into the search box: only matching workers remain.
  await ex.clickItem(page, 'input/canvas-search');
  await page.keyboard.type('extra-12');
  await ex.frames(page, 4);
  const found = workerItems(await ex.items(page)).map((i) => i.id).sort();
  const want = ['extra-12', ...Array.from({ length: 10 }, (_, k) => `extra-12${k}`)].map((n) => 'worker/' + n).sort();
  assert.deepEqual(found, want);
  await page.screenshot({ path: path.join(ARTIFACTS, 'big-cluster-search.png') });
  assert.deepEqual(page.pageErrors, []);
});

test('at 1440 px nothing runs past the window; a cut worker name has a tooltip', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  await page.setViewportSize({ width: 1440, height: 900 });
  const d = JSON.parse(readExample('cluster-filter.json'));
  d.workers[0].name = 'a-worker-with-a-name-far-too-long-for-any-card-in-the-canvas';
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), JSON.stringify(d)), null);
  await ex.settled(page);
  await ex.frames(page, 4);
  const all = (await ex.items(page)).filter((i) => i.visible && i.w > 0);
  const past = all.filter((i) => i.x + i.w > 1440 + 0.5);
  assert.deepEqual(past.map((i) => `${i.id || i.label} ends at ${i.x + i.w}`), []);
  const card = await ex.findItem(page, 'worker/' + d.workers[0].name);
  const clip = { x: card.x, y: card.y + card.h, width: 400, height: 120 };
  const plain = await page.screenshot({ clip });
  await page.mouse.move(card.x + card.w / 2, card.y + 5);
  await ex.frames(page, 6);
  const hovered = await page.screenshot({ clip });
  assert.notDeepEqual(hovered, plain, 'no tooltip with the whole name when hovering the cut name');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'width-1440-tooltip.png') });
  assert.deepEqual(page.pageErrors, []);
});

// ---- Model facts (issue 23, item 1): the repo field decides which model is sized
test('model facts: typing a repo takes its catalogue facts; an unknown repo gets no winner', async ({ context, url }) => {
  ensureCli();
  const page = await ex.openExplorer(context, url);
  const first = JSON.parse(await ex.result(page));
  assert.equal(first.trace.requirement.model_facts.repo, 'Qwen/Qwen2.5-7B-Instruct');
  assert.notEqual(first.selected, null, 'the first example has a winner');
  // Replace the repo by typing, as a person does: click the field, select all, type.
  await ex.clickItem(page, 'huggingface_repo_id');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('meta-llama/Llama-3.1-70B-Instruct');
  await page.keyboard.press('Enter');
  await ex.settled(page);
  const edited = JSON.parse(await ex.scenario(page));
  assert.equal(edited.model.huggingface_repo_id, 'meta-llama/Llama-3.1-70B-Instruct');
  // The app copies the catalogue's facts into the scenario, so a shared link carries them.
  assert.equal(edited.estimates.config._name_or_path, 'meta-llama/Llama-3.1-70B-Instruct');
  const big = JSON.parse(await ex.result(page));
  const facts = big.trace.requirement.model_facts;
  assert.equal(facts.repo, 'meta-llama/Llama-3.1-70B-Instruct');
  assert.equal(facts.architecture, 'LlamaForCausalLM');
  assert.ok(facts.weights_bytes > 130e9, `70B weights read as ${facts.weights_bytes} bytes`);
  // The same scenario through the CLI decides the same: no 24 GiB GPU holds a 70B model.
  assertSameBytes(await ex.result(page), nativeResult(await ex.scenario(page), 'schedule'), 'schedule');
  assert.equal(big.selected, null, 'a 70B model still "wins" a small GPU');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'model-facts-70b.png') });

  // A repo nobody knows: refused, with how to give facts, and no winner.
  await ex.clickItem(page, 'huggingface_repo_id');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('acme/unknown-model');
  await page.keyboard.press('Enter');
  await ex.settled(page);
  const line = await page.evaluate(() => document.getElementById('decision-status').textContent);
  assert.match(line, /no model facts for acme\/unknown-model/);
  const refused = JSON.parse(await ex.result(page));
  assert.ok(!refused.candidates || refused.candidates.length === 0, 'an unknown repo got candidates');
  await page.screenshot({ path: path.join(ARTIFACTS, 'model-facts-unknown.png') });
  assert.deepEqual(page.pageErrors, []);
});

(async () => {
  if (!fs.existsSync(path.join(WEB, 'explorer.js'))) {
    console.error(`explorer_test: ${WEB}/explorer.js is missing; build it with scripts/build-web.sh`);
    process.exit(1);
  }
  await runInBrowser(runner, argv, [{ prefix: '/', dir: WEB }]);
})();
