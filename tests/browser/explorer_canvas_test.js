// Browser tests of the cluster canvas (issue 23 items 3 and 5): wheel scrolling, Ctrl+wheel
// zoom and Fit, 256 workers in compact rows with search, the Why pane and its splitter, panning.
// usage: node explorer_canvas_test.js [--web DIR] [--only NAME]
'use strict';
const fs = require('fs');
const path = require('path');
const assert = require('assert/strict');
const ex = require('./lib/explorer_page');
const {
  ARTIFACTS, shot, loadText, manyWorkers, workerItems, explorerSuite,
} = require('./lib/explorer_suite');

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

const suite = explorerSuite('explorer_canvas_test');
const { test } = suite;

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

// A press, a move in steps and a release, a frame apart each, as a person drags.
async function drag(page, from, to, { steps = 6, button = 'left' } = {}) {
  await page.mouse.move(from.x, from.y);
  await ex.frames(page, 2);
  await page.mouse.down({ button });
  await ex.frames(page, 2);
  for (let k = 1; k <= steps; k++) {
    await page.mouse.move(from.x + (to.x - from.x) * k / steps, from.y + (to.y - from.y) * k / steps);
    await ex.frames(page, 1);
  }
  await ex.frames(page, 2);
  await page.mouse.up({ button });
  await ex.frames(page, 2);
}

test('the Why pane has a splitter: dragging resizes it; a window resize keeps both panes usable', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  await page.setViewportSize({ width: 1280, height: 800 });
  await ex.frames(page, 3);
  const before = await ex.findItem(page, 'splitter/why');
  // Up by 150 px: the pane grows by as much.
  await drag(page, { x: before.x + before.w / 2, y: before.y + before.h / 2 }, { x: before.x + before.w / 2, y: before.y + before.h / 2 - 150 });
  const up = await ex.findItem(page, 'splitter/why');
  assert.ok(Math.abs((before.y - up.y) - 150) <= 3, `the splitter moved ${before.y - up.y} px for a 150 px drag`);
  await shot(page, 'why-splitter-dragged.png');
  // Far down: the pane keeps its minimum, the splitter stays in the window.
  await drag(page, { x: up.x + up.w / 2, y: up.y + up.h / 2 }, { x: up.x + up.w / 2, y: 795 });
  const down = await ex.findItem(page, 'splitter/why');
  assert.ok(down.y < 800 - 80, `the splitter went to y=${down.y}: the Why pane has no room`);
  // A much smaller window: both panes still there.
  await page.setViewportSize({ width: 1024, height: 520 });
  await ex.frames(page, 3);
  const small = await ex.findItem(page, 'splitter/why');
  const canvasTop = (await ex.findItem(page, (i) => /^worker\//.test(i.id), 'a worker')).y;
  assert.ok(small.y - canvasTop >= 100 && small.y + small.h <= 520 - 70, `at 520 px high the splitter is at y=${small.y} (canvas from ${canvasTop})`);
  await shot(page, 'why-splitter-small-window.png');
  assert.deepEqual(page.pageErrors, []);
});

test('Space + drag and middle-button drag pan the canvas only when they start over it', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  await loadText(page, manyWorkers(40));
  assert.equal(await page.evaluate(() => window.explorer.step('scoring')), true);
  await ex.settled(page);
  const width = await page.evaluate(() => document.getElementById('canvas').clientWidth);
  const card = await ex.findItem(page, 'worker/extra-4');
  await ex.clickAt(page, card.x + card.w / 2, card.y + 6);  // the canvas has the focus
  await ex.settled(page);
  const at = (await ex.findItem(page, 'worker/extra-4')).y;
  const canvasY = async () => (await ex.findItem(page, 'worker/extra-4')).y;
  // Over the right panel (a middle-button press leaves the focus on the canvas): no pan.
  await drag(page, { x: width * 0.8, y: 700 }, { x: width * 0.8, y: 560 }, { button: 'middle' });
  assert.equal(await canvasY(), at, 'a middle-button drag over the right panel panned the canvas');
  await page.keyboard.down('Space');
  await ex.frames(page, 2);
  await drag(page, { x: width * 0.8, y: 700 }, { x: width * 0.8, y: 560 });
  await page.keyboard.up('Space');
  await ex.frames(page, 3);
  assert.equal(await canvasY(), at, 'Space + drag over the right panel panned the canvas');
  // Over the canvas: it pans with the pointer, with either.
  const gap = card.x + card.w + 4;  // between two columns of cards
  await page.keyboard.down('Space');
  await ex.frames(page, 2);
  await drag(page, { x: gap, y: 500 }, { x: gap, y: 400 });
  await page.keyboard.up('Space');
  await ex.frames(page, 3);
  const panned = await canvasY();
  assert.ok(at - panned >= 60, `Space + drag over the canvas moved it by ${at - panned} px`);
  await drag(page, { x: gap, y: 400 }, { x: gap, y: 500 }, { button: 'middle' });
  assert.ok((await canvasY()) - panned >= 60, 'a middle-button drag over the canvas did not pan it');
  assert.deepEqual(page.pageErrors, []);
});

suite.run();
