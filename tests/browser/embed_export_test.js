// Browser tests of what lets the explorer leave its own page and greet a newcomer (issue 23,
// items 4 and 7): Save image, ?embed=1 for iframes, the start panel of a first visit, notices that
// do not pile up, and the page's download budget. Real mouse and keyboard events; screenshots in
// build/test-artifacts.
// usage: node embed_export_test.js [--web DIR (default build/web)] [--only NAME]
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const assert = require('assert/strict');
const { runInBrowser } = require('./lib/browser_suite');
const { createRunner } = require('./lib/runner');
const ex = require('./lib/explorer_page');
const { ROOT } = require('./lib/native_cli');
const { decodePng, distinctColours } = require('./lib/png');

const argv = process.argv.slice(2);
const WEB = path.resolve(argv.includes('--web') ? argv[argv.indexOf('--web') + 1] : path.join(ROOT, 'build/web'));
const ARTIFACTS = path.join(ROOT, 'build/test-artifacts');
const EXAMPLES = path.join(ROOT, 'examples/scenarios');
const PAGE_BUDGET_BYTES = 3 * 1024 * 1024;
const EDIT_BUTTONS = ['undo', 'redo', 'import', 'paste-json', 'load-gguf', 'deploy', 'deploy-until-full', 'scale-down', 'reset-instances'];

const readExample = (name) => fs.readFileSync(path.join(EXAMPLES, name), 'utf8');
const sameDocument = (a, b) => assert.equal(JSON.stringify(JSON.parse(a)), JSON.stringify(JSON.parse(b)));
const fragmentOf = (text) => 'v1.' + zlib.deflateRawSync(Buffer.from(text)).toString('base64url');
const ids = async (page) => (await ex.items(page)).map((i) => i.id);
const shot = (page, name) => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return page.screenshot({ path: path.join(ARTIFACTS, name) });
};
const canvasSize = (page) => page.evaluate(() => { const c = document.getElementById('canvas'); return { width: c.width, height: c.height }; });

const runner = createRunner();
const { test } = runner;

test('page files (index.html, ui/web/*.js, explorer.js + .wasm) stay within 3 MiB', async () => {
  const files = ['index.html', 'explorer.js', 'explorer.wasm',
    ...fs.readdirSync(path.join(WEB, 'ui/web')).filter((f) => f.endsWith('.js')).map((f) => 'ui/web/' + f)];
  const total = files.reduce((sum, f) => sum + fs.statSync(path.join(WEB, f)).size, 0);
  console.log(`    page files: ${total} bytes (${(total / 1048576).toFixed(2)} MiB) in ${files.length} files`);
  assert.ok(total <= PAGE_BUDGET_BYTES, `page files are ${total} bytes, over ${PAGE_BUDGET_BYTES}`);
});

test('Save image: the toolbar button downloads a PNG of the canvas size; saveImage() gives the same', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  const size = await canvasSize(page);
  const [download] = await Promise.all([page.waitForEvent('download'), ex.clickItem(page, 'button/save-image')]);
  assert.match(download.suggestedFilename(), /\.png$/);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, 'save-image.png');
  await download.saveAs(file);
  const png = decodePng(fs.readFileSync(file));
  assert.deepEqual({ width: png.width, height: png.height }, size);
  assert.ok(distinctColours(png) > 20, 'the saved image is blank: the canvas was read after WebGL cleared it');

  const dataUrl = await page.evaluate(() => window.explorer.saveImage());
  assert.match(dataUrl, /^data:image\/png;base64,/);
  const again = decodePng(Buffer.from(dataUrl.split(',')[1], 'base64'));
  assert.deepEqual({ width: again.width, height: again.height }, size);
  assert.ok(distinctColours(again) > 20);
  assert.deepEqual(page.pageErrors, []);
});

test('?embed=1: read-only (no edit buttons, no undo); Open in Explorer opens the same link editable', async ({ context, url }) => {
  const text = readExample('cpu-fallback.json');
  const page = await ex.openExplorer(context, `${url}?embed=1#${fragmentOf(text)}&step=filters`);
  sameDocument(await ex.scenario(page), text);
  assert.equal(await page.evaluate(() => window.explorer.currentStep()), 'filters');
  const shown = await ids(page);
  for (const b of EDIT_BUTTONS) assert.ok(!shown.includes('button/' + b), `button/${b} is shown in embed mode`);
  assert.ok(!shown.some((i) => i.startsWith('example/')), 'the examples menu is open to an embed');
  assert.ok(shown.includes('button/open-in-explorer'));
  assert.ok(shown.includes('button/save-image'));
  await shot(page, 'embed.png');

  // Keyboard edits and the cluster step's widgets change nothing.
  const before = await ex.scenario(page);
  await ex.clickItem(page, 'step/cluster');
  await ex.press(page, 'Control+z');
  const editors = (await ex.items(page)).filter((i) => /^(worker|model|field|instances?)\//.test(i.id) && i.visible).slice(0, 5);
  for (const e of editors) await ex.clickAt(page, e.x + e.w / 2, e.y + e.h / 2);
  await ex.press(page, 'Delete');
  await ex.settled(page);
  assert.equal(await ex.scenario(page), before, 'the embed changed the scenario');
  assert.equal(await page.evaluate(() => localStorage.getItem('placement-explorer/scenario')), null, 'the embed saved its scenario');

  const [full] = await Promise.all([context.waitForEvent('page'), ex.clickItem(page, 'button/open-in-explorer')]);
  await full.waitForLoadState();
  await full.evaluate(() => window.explorer.ready);
  await full.evaluate(() => window.explorer.settled());
  const link = new URL(full.url());
  assert.equal(link.searchParams.get('embed'), null, 'the full explorer was opened with embed=1');
  assert.match(link.hash, /^#v1\./);
  sameDocument(await full.evaluate(() => window.explorer.scenario()), text);
  assert.equal(await full.evaluate(() => window.explorer.currentStep()), 'cluster');
  const editable = await ids(full);
  assert.ok(editable.includes('button/deploy') && editable.includes('button/undo'), 'the opened explorer is not editable');
  await shot(full, 'embed-opened-in-explorer.png');
  assert.deepEqual(page.pageErrors, []);
});

test('?embed=1: no empty menu-bar strip; explorer.deploy() refuses and changes nothing', async ({ context, url }) => {
  const text = readExample('binpack-vs-spread.json');
  const page = await ex.openExplorer(context, `${url}?embed=1#${fragmentOf(text)}`);
  // The toolbar is the first row: no menu bar above it (the full page's menu bar is ~20 px high).
  const first = await ex.findItem(page, 'button/open-in-explorer');
  assert.ok(first.y < 14, `the embed's toolbar starts at y=${first.y}: a strip is left above it`);
  await shot(page, 'embed-top.png', { clip: { x: 0, y: 0, width: 640, height: 80 } });
  const before = await ex.scenario(page);
  assert.equal(await page.evaluate(() => window.explorer.deploy()), false, 'deploy() in embed mode claims it deployed');
  await ex.settled(page);
  assert.equal(await ex.scenario(page), before, 'deploy() changed the embed');
  const banner = (await ex.items(page)).find((i) => i.id === 'banner/notice');
  assert.ok(banner && /read-only/.test(banner.label), 'the refusal is not explained');

  // The same call on the full page deploys.
  const full = await ex.openExplorer(context, `${url}#${fragmentOf(text)}`);
  assert.equal(await full.evaluate(() => window.explorer.deploy()), true);
  await ex.settled(full);
  assert.notEqual(await ex.scenario(full), before);
  assert.deepEqual(page.pageErrors, []);
});

test('?embed=1 follows a link changed in its address: the new scenario, step and selection', async ({ context, url }) => {
  const first = readExample('cpu-fallback.json');
  const page = await ex.openExplorer(context, `${url}?embed=1#${fragmentOf(first)}`);
  sameDocument(await ex.scenario(page), first);
  const second = readExample('scale-down-order.json');
  const worker = JSON.parse(second).workers[1].name;
  await page.evaluate((f) => { location.hash = f; }, `${fragmentOf(second)}&step=fit&worker=${worker}`);
  await page.waitForFunction((t) => JSON.stringify(JSON.parse(window.explorer.scenario())) === t, JSON.stringify(JSON.parse(second)), { timeout: 5000 });
  await ex.settled(page);
  assert.equal(await page.evaluate(() => window.explorer.currentStep()), 'fit');
  assert.equal((await page.evaluate(() => window.explorer.selection())).worker, worker);
  // Still read-only, and nothing saved.
  const shown = await ids(page);
  assert.ok(!shown.includes('button/deploy') && shown.includes('button/open-in-explorer'));
  assert.equal(await page.evaluate(() => localStorage.getItem('placement-explorer/scenario')), null, 'the embed saved its scenario');
  // A broken link: an error, the scenario kept.
  await page.evaluate(() => { location.hash = 'v1.@@broken@@'; });
  await ex.waitForStatus(page, 'error');
  sameDocument(await ex.scenario(page), second);
  await shot(page, 'embed-followed-link.png');
  assert.deepEqual(page.pageErrors, []);
});

test('first visit: the start panel shows the examples gallery; a click loads one; never shown again', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url, { firstVisit: true });
  const gallery = (await ids(page)).filter((i) => i.startsWith('start/example/'));
  const stems = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
  assert.deepEqual(gallery.sort(), stems.map((s) => 'start/example/' + s));
  assert.ok((await ids(page)).includes('start/new-empty'));
  await shot(page, 'start-panel.png');
  const pick = await ex.findItem(page, (i) => i.id.startsWith('start/example/') && i.visible && !i.id.endsWith('/binpack-vs-spread'),
    'a visible example other than the default');
  await ex.clickItem(page, pick.id);
  await ex.settled(page);
  sameDocument(await ex.scenario(page), readExample(pick.id.replace('start/example/', '') + '.json'));
  assert.ok(!(await ids(page)).some((i) => i.startsWith('start/')), 'the start panel is still open');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), ex.START_PANEL_KEY), '1');

  // Even with nothing saved any more, a dismissed panel stays away.
  await page.waitForFunction(() => localStorage.getItem('placement-explorer/scenario') !== null);  // the debounced save
  await page.evaluate(() => localStorage.removeItem('placement-explorer/scenario'));
  await page.reload();
  await page.evaluate(() => window.explorer.ready);
  await ex.settled(page);
  sameDocument(await ex.scenario(page), readExample('binpack-vs-spread.json'));
  assert.ok(!(await ids(page)).some((i) => i.startsWith('start/')), 'the start panel came back');
  assert.deepEqual(page.pageErrors, []);
});

test('first visit: Close keeps the default example; New empty cluster has no workers; links skip the panel', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url, { firstVisit: true });
  await ex.clickItem(page, 'start/close');
  await ex.settled(page);
  sameDocument(await ex.scenario(page), readExample('binpack-vs-spread.json'));
  assert.ok(!(await ids(page)).some((i) => i.startsWith('start/')));

  const other = await context.browser().newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const fresh = await ex.openExplorer(other, url, { firstVisit: true });
    await ex.clickItem(fresh, 'start/new-empty');
    await ex.settled(fresh);
    const doc = JSON.parse(await ex.scenario(fresh));
    assert.deepEqual(doc.workers, []);
    assert.equal(doc.model.name, JSON.parse(readExample('binpack-vs-spread.json')).model.name);
    await shot(fresh, 'new-empty-cluster.png');
    const linked = await ex.openExplorer(await context.browser().newContext(), `${url}#${fragmentOf(readExample('cpu-fallback.json'))}`, { firstVisit: true });
    assert.ok(!(await ids(linked)).some((i) => i.startsWith('start/')), 'a link showed the start panel');
    await linked.context().close();
  } finally {
    await other.close();
  }
});

test('notices do not pile up: one banner line per kind, the newest replaces', async ({ context, url }) => {
  const page = await ex.openExplorer(context, url);
  for (const bad of ['{', '{"format": 1}', '[]']) await page.evaluate((t) => window.explorer.loadScenario(t), bad);
  await ex.clickItem(page, 'button/copy-explanation');
  await ex.clickItem(page, 'button/copy-link');
  await ex.settled(page);
  const banner = (await ex.items(page)).filter((i) => i.id.startsWith('banner/'));
  assert.deepEqual(banner.map((i) => i.id).sort(), ['banner/error', 'banner/notice']);
  assert.match(banner.find((i) => i.id === 'banner/notice').label, /Link/);
  await shot(page, 'banner-one-line-per-kind.png');
});

(async () => {
  if (!fs.existsSync(path.join(WEB, 'explorer.js'))) {
    console.error(`embed_export_test: ${WEB}/explorer.js is missing; build it with scripts/build-web.sh`);
    process.exit(1);
  }
  await runInBrowser(runner, argv, [{ prefix: '/', dir: WEB }]);
})();
