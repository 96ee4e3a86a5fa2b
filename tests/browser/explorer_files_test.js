// Browser tests of what comes into the explorer from outside: GGUF files (whole and split),
// malformed files, corrupted links, invalid pastes, and the scenario kept across a reload.
// usage: node explorer_files_test.js [--web DIR] [--only NAME]
'use strict';
const fs = require('fs');
const path = require('path');
const assert = require('assert/strict');
const { execFileSync } = require('child_process');
const ex = require('./lib/explorer_page');
const { benchScenario } = require('./lib/edit_timing');
const { ensureCli, nativeResult, assertSameBytes, CLI, ROOT } = require('./lib/native_cli');
const {
  ARTIFACTS, GGUF, readExample, sameDocument, fragmentOf, assertErrorKeepsScenario, explorerSuite,
} = require('./lib/explorer_suite');

const suite = explorerSuite('explorer_files_test');
const { test } = suite;

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

test('a large GGUF cluster: searched in the worker, decided by the app with its estimates as the CLI decides', async ({ context, url }) => {
  ensureCli();
  await ex.recordWorkers(context);
  const page = await ex.openExplorer(context, url);
  // 64 workers x 8 GPUs with a model profile: the multi-GPU search runs the estimator ~250 times.
  const text = benchScenario(ROOT, 128, 'gguf_multi_gpu');
  for (const workers of [64, 63]) {
    const doc = JSON.parse(text);
    doc.workers = doc.workers.slice(0, workers);  // a second generation, another search
    assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), JSON.stringify(doc)), null);
    await ex.settled(page);
    const shown = await ex.result(page);
    assert.ok(Array.isArray(JSON.parse(shown).candidates), 'no decision: ' + shown.slice(0, 200));
    assertSameBytes(shown, nativeResult(await ex.scenario(page)), `result with ${workers} workers`);
  }
  // Both were answered with estimates, not result texts; the app drew them typed (the canvas's
  // "Why not here?" findings and the scale-down ranking read the typed result).
  const answers = (await ex.workerAnswers(page)).filter((a) => a !== 'ready' && !a.includes('kind'));
  assert.deepEqual(answers, ['estimates,generation', 'estimates,generation'], 'the worker\'s answers: ' + JSON.stringify(answers));
  await page.screenshot({ path: path.join(ARTIFACTS, 'gguf-cluster-from-estimates.png') });
});

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
  const kept = await ex.scenario(page);  // nothing was edited: the first example, nothing to save
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

suite.run();
