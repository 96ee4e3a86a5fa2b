// Browser tests of step 6, What if (issue 22, item 5): capacity, suggestions, compare.
// usage: node explorer_whatif_test.js [--web DIR] [--only NAME]
'use strict';
const fs = require('fs');
const path = require('path');
const assert = require('assert/strict');
const ex = require('./lib/explorer_page');
const { ensureCli, nativeResult, assertSameBytes } = require('./lib/native_cli');
const { decodePng, countColour } = require('./lib/png');
const {
  ARTIFACTS, readExample, itemLabel, loadExample, explorerSuite,
} = require('./lib/explorer_suite');

// The blue of what-if previews on the canvas (ui/panels/cluster_canvas.cpp).
const PREVIEW_COLOUR = [80, 200, 255];

const suite = explorerSuite('explorer_whatif_test');
const { test } = suite;

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

// A suggestion's sentences wrap inside the panel: nothing of the table runs past the window's
// edge at 1440 or 1024 px (the cost and placement columns used to be cut off).
test('What if: the advice table fits the panel at 1440 and 1024 px', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  await loadExample(page, 'nothing-fits.json');
  await ex.clickItem(page, 'step/what-if');
  await ex.clickItem(page, 'whatif/advice');
  await ex.settled(page);
  const advice = JSON.parse(await page.evaluate(() => window.explorer.advise()));
  assert.ok(advice.suggestions.length >= 2, `${advice.suggestions.length} suggestions`);
  for (const [width, height] of [[1440, 900], [1024, 768]]) {
    await page.setViewportSize({ width, height });
    await ex.frames(page, 4);
    for (const [n, s] of advice.suggestions.entries()) {
      for (const cell of ['change', 'cost', 'placement']) {
        const item = await ex.findItem(page, `suggestion/${n}/${cell}`);
        assert.ok(item.w > 0 && item.x + item.w <= width, `suggestion ${n} ${cell} runs past ${width} px (${item.x} + ${item.w})`);
      }
      assert.equal(await itemLabel(page, `suggestion/${n}/change`), s.summary);
      assert.match(await itemLabel(page, `suggestion/${n}/placement`), new RegExp(`^${s.placement.worker_name}`));
    }
    await page.screenshot({ path: path.join(ARTIFACTS, `whatif-advice-${width}.png`) });
  }
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

suite.run();
