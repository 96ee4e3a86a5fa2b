// Browser tests that text is wrapped or shortened, never silently cut (issue 23 item 6).
// usage: node explorer_text_test.js [--web DIR] [--only NAME]
'use strict';
const assert = require('assert/strict');
const ex = require('./lib/explorer_page');
const { readExample, shot, loadText, explorerSuite } = require('./lib/explorer_suite');

const suite = explorerSuite('explorer_text_test');
const { test } = suite;

test('at 1440 px nothing runs past the window; a cut worker name has a tooltip', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  await page.setViewportSize({ width: 1440, height: 900 });
  const d = JSON.parse(readExample('cluster-filter.json'));
  d.workers[0].name = 'a-worker-with-a-name-far-too-long-for-any-card-in-the-canvas';
  await loadText(page, JSON.stringify(d));
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
  await shot(page, 'width-1440-tooltip.png');
  assert.deepEqual(page.pageErrors, []);
});

suite.run();
