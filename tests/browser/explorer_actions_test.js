// Browser tests of what a person does to the scenario (issue 23 items 1, 5 and 6): typing a
// repo (model facts), Deploy / Scale down / Deploy until full / Reset, and the keyboard.
// usage: node explorer_actions_test.js [--web DIR] [--only NAME]
'use strict';
const fs = require('fs');
const path = require('path');
const assert = require('assert/strict');
const ex = require('./lib/explorer_page');
const { ensureCli, nativeResult, assertSameBytes } = require('./lib/native_cli');
const { decodePng, countColour } = require('./lib/png');
const {
  ARTIFACTS, readExample, doc, mine, explorerSuite,
} = require('./lib/explorer_suite');

const suite = explorerSuite('explorer_actions_test');
const { test } = suite;

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

suite.run();
