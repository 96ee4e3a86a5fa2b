// Browser tests that text is wrapped or shortened, never silently cut (issue 23 item 6): GPU
// labels on worker cards, the worker pickers, the instances table, the allocatable GPUs of the
// GGUF requirement, and rows of buttons at 1440 and 1024 px. Real mouse events; screenshots in
// build/test-artifacts.
// usage: node explorer_text_test.js [--web DIR] [--only NAME]
'use strict';
const assert = require('assert/strict');
const ex = require('./lib/explorer_page');
const { decodePng } = require('./lib/png');
const { readExample, shot, loadText, explorerSuite } = require('./lib/explorer_suite');
const { ensureCli, CLI } = require('./lib/native_cli');
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const suite = explorerSuite('explorer_text_test');
const { test } = suite;

const SIZES = [[1440, 900], [1024, 768]];

// The native CLI's text explanation of a scenario text.
function cliText(scenarioText) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pe-text-'));
  const file = path.join(dir, 'scenario.json');
  fs.writeFileSync(file, scenarioText);
  try {
    return execFileSync(CLI, ['schedule', file], { encoding: 'utf8', maxBuffer: 1 << 26 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const LONG_GPU = 'NVIDIA GeForce RTX 4090 D Founders Edition (VGA compatible controller)';
const LONG_WORKER = 'gpu-worker-in-rack-17-of-the-eu-west-datacenter-a';

// Pixels of the PNG that are near white (the canvas draws labels in white over the bars).
function whitePixels(buffer) {
  const png = decodePng(buffer);
  let n = 0;
  for (let i = 0; i < png.rgba.length; i += 4) if (png.rgba[i] > 200 && png.rgba[i + 1] > 200 && png.rgba[i + 2] > 200) n++;
  return n;
}

// Every visible item ends inside the window.
async function assertNothingPastEdge(page, width) {
  const past = (await ex.items(page)).filter((i) => i.visible && i.w > 0 && i.x + i.w > width + 0.5);
  assert.deepEqual(past.map((i) => `${i.id || i.label} ends at ${i.x + i.w}`), [], `at ${width} px`);
}

// Turns the wheel over x until the item `id` is drawn inside the window's height.
async function scrollIntoView(page, id, x, height) {
  for (let notch = 0; notch < 30; notch++) {
    const item = (await ex.items(page)).find((i) => i.id === id);
    if (item && item.visible && item.y > 60 && item.y + item.h <= height - 4) return item;
    await page.mouse.move(x, height / 2);
    await page.mouse.wheel(0, 100);
    await ex.frames(page, 3);
  }
  throw new Error(`${id} never came into view`);
}

test('a GPU label keeps its memory size whole at the bar\'s right end, however long the GPU name', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  const base = JSON.parse(readExample('binpack-vs-spread.json'));
  const worker = base.workers[1].name;  // its GPU 0 carries no instance and is not the winner
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    const ends = [];
    for (const name of ['X', LONG_GPU]) {
      const d = JSON.parse(JSON.stringify(base));
      d.workers[1].status.gpu_devices[0].name = name;
      await loadText(page, JSON.stringify(d));
      await page.mouse.move(1, 1);
      await ex.frames(page, 3);
      const bar = await ex.findItem(page, `gpu/${worker}/0`);
      // The last 56 px of the bar: the end of the size ("...99 GiB"), right-aligned.
      ends.push(await page.screenshot({ clip: { x: bar.x + bar.w - 56, y: bar.y, width: 56, height: bar.h } }));
    }
    await shot(page, `gpu-label-long-name-${width}.png`);
    assert.ok(whitePixels(ends[0]) > 30, `at ${width} px no size is drawn at the right end of the bar`);
    assert.deepEqual(ends[1], ends[0], `at ${width} px a long GPU name changes (cuts) the memory size at the bar's end`);
  }
  assert.deepEqual(page.pageErrors, []);
});

test('the worker pickers are as wide as the worker\'s name, inside the window', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  const d = JSON.parse(readExample('scale-down-order.json'));
  d.workers[0].name = LONG_WORKER;
  await loadText(page, JSON.stringify(d));
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await ex.frames(page, 3);
    // "Place an instance by hand" holds the second picker: scroll the panel to it and open it.
    await scrollIntoView(page, 'tree/place-by-hand', width * 0.75, height);
    if (!(await ex.items(page)).some((i) => i.id === 'picker/place')) await ex.clickItem(page, 'tree/place-by-hand');
    await scrollIntoView(page, 'picker/place', width * 0.75, height);
    for (const id of ['picker/add-template', 'picker/place']) {
      const picker = await ex.findItem(page, id);
      assert.equal(picker.label, LONG_WORKER);
      // A DejaVu Sans letter is wider than 6 px at the UI's size: a cut name is far narrower.
      assert.ok(picker.w >= LONG_WORKER.length * 6, `${id} is ${picker.w} px wide for a ${LONG_WORKER.length}-letter name at ${width} px`);
      assert.ok(picker.x + picker.w <= width, `${id} runs past the window at ${width} px`);
    }
    await shot(page, `worker-picker-${width}.png`);
  }
  assert.deepEqual(page.pageErrors, []);
});

test('instances table cells wrap inside their columns', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  const d = JSON.parse(readExample('scale-down-order.json'));
  d.workers[0].name = LONG_WORKER;
  d.model_instances[0].name = 'qwen2.5-7b-instruct-replica-with-a-long-generated-name-1';
  await loadText(page, JSON.stringify(d));
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await ex.frames(page, 3);
    const cell = async (c) => ex.findItem(page, `instance/0/${c}`);
    const [name, model, worker, claim] = [await cell('name'), await cell('model'), await cell('worker'), await cell('claim')];
    assert.equal(name.label, d.model_instances[0].name);
    assert.ok(name.x + name.w <= model.x, `the name runs into the model column at ${width} px`);
    assert.ok(worker.x + worker.w <= claim.x, `the worker runs into the claim column at ${width} px`);
    const line = model.h;
    assert.ok(name.h > line * 1.5 && worker.h > line * 1.5, `long cells are not wrapped at ${width} px (${name.h}, ${worker.h} vs ${line})`);
    await shot(page, `instances-wrapped-${width}.png`);
  }
  assert.deepEqual(page.pageErrors, []);
});

test('allocatable_gpus reads as one line per GPU, folded for a big cluster', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  await page.setViewportSize({ width: 1024, height: 768 });
  const d = JSON.parse(readExample('gguf-partial-offload.json'));
  await loadText(page, JSON.stringify(d));
  assert.equal(await page.evaluate(() => window.explorer.step('fit')), true);
  await ex.settled(page);
  const walk = JSON.parse(await ex.result(page)).trace.requirement.allocatable_gpus;
  const head = await ex.findItem(page, 'requirement/allocatable_gpus');
  assert.match(head.label, new RegExp(`^allocatable_gpus: ${walk.length} GPUs`));
  for (const [n, g] of walk.entries()) {
    const line = await ex.findItem(page, `requirement/allocatable_gpus/${n}`);
    assert.match(line.label, new RegExp(`^${g.worker_name} GPU ${g.gpu_index}: \\d+\\.\\d\\d GiB$`));
    assert.ok(line.visible && line.x + line.w <= 1024, `${line.label} is cut at the window's edge`);
  }
  assert.ok(!(await ex.items(page)).some((i) => i.label.includes('"worker_name"')), 'raw JSON is still shown');
  await shot(page, 'allocatable-gpus.png');

  // 40 workers of 2 GPUs: folded under its header; a click opens it, every line whole.
  const first = d.workers[1];
  for (let i = 1; d.workers.length < 40; i++) d.workers.push({ ...JSON.parse(JSON.stringify(first)), id: 1000 + i, name: `${first.name}-${i}` });
  await loadText(page, JSON.stringify(d));
  const big = JSON.parse(await ex.result(page)).trace.requirement.allocatable_gpus;
  assert.ok(big.length > 16);
  assert.ok(!(await ex.items(page)).some((i) => i.id.startsWith('requirement/allocatable_gpus/')), 'a big walk is not folded');
  await ex.clickItem(page, 'requirement/allocatable_gpus');
  await ex.frames(page, 3);
  const lines = (await ex.items(page)).filter((i) => i.id.startsWith('requirement/allocatable_gpus/'));
  assert.ok(lines.length >= 5, `only ${lines.length} GPU lines after opening`);
  assert.equal(lines[0].label.split(':')[0], `${big[0].worker_name} GPU ${big[0].gpu_index}`);
  await shot(page, 'allocatable-gpus-big.png');
  assert.deepEqual(page.pageErrors, []);
});

// The requirement in step 3 reads as the CLI's explanation says it: the same fields, numbers and
// words (the model's facts, not a '-'), and the CLI's estimate-query lines.
test('the requirement reads as the CLI explains it', async ({ context, url }) => {
  ensureCli();
  const page = await ex.openExplorer(context, url);
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const example of ['binpack-vs-spread.json', 'gguf-partial-offload.json']) {
    const text = readExample(example);
    await loadText(page, text);
    assert.equal(await page.evaluate(() => window.explorer.step('fit')), true);
    await ex.settled(page);
    await ex.frames(page, 3);
    const cli = cliText(text).split('\n').map((l) => l.trim());
    const cliLine = (head) => (cli.find((l) => l.startsWith(head)) || '').slice(head.length);
    const all = await ex.items(page);
    const fields = all.filter((i) => i.id.startsWith('requirement/field/'));
    assert.ok(fields.length >= 5, `${example}: only ${fields.length} requirement fields drawn`);
    assert.equal(fields.map((i) => i.label.replace(': ', ' ')).join(', '), cliLine('Requirement: '), `${example}: requirement`);
    const facts = all.find((i) => i.id === 'requirement/model_facts');
    assert.ok(facts, `${example}: no model facts line`);
    assert.equal(facts.label, `model facts: ${cliLine('Model facts: ')}`);
    const queries = all.filter((i) => i.id.startsWith('requirement/query/')).map((i) => i.label);
    assert.deepEqual(queries, cli.filter((l) => l.startsWith('estimate query ')), `${example}: estimate queries`);
    assert.match(facts.label, /^model facts: scenario: [^-]/, `${example}: the model's facts read '-'`);
    await shot(page, `requirement-${example.replace('.json', '')}.png`);
  }
  assert.deepEqual(page.pageErrors, []);
});

test('at 1440 and 1024 px no button or tab runs past the window', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    for (const step of ['cluster', 'fit']) {
      assert.equal(await page.evaluate((s) => window.explorer.step(s), step), true);
      await ex.settled(page);
      await assertNothingPastEdge(page, width);
    }
    await shot(page, `toolbar-${width}.png`);
  }
  assert.deepEqual(page.pageErrors, []);
});

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
