// Browser tests of the page's own code (index.html + ui/web/*.js and the scheduling worker) with a
// stand-in for the ImGui app (stand_in/explorer.js) that keeps the module contract, so the page is
// tested apart from the app; the scheduling worker runs the real module (explorer.js/.wasm).
// A small scenario the page declines (peHost.schedule returns false) and the stand-in "decides on
// the main thread" with the marker answer {"sync":true}; a large one goes to the worker, which the
// page creates only then.
// usage: node page_test.js [--web DIR holding the real explorer.js/.wasm, for the worker] [--only NAME]
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const assert = require('assert/strict');
const { runInBrowser } = require('./lib/browser_suite');
const { createRunner } = require('./lib/runner');
const ex = require('./lib/explorer_page');
const { ROOT } = require('./lib/native_cli');
const { manyWorkers } = require('./lib/explorer_suite');

const argv = process.argv.slice(2);
const WEB_DIR = path.resolve(argv.includes('--web') ? argv[argv.indexOf('--web') + 1] : path.join(ROOT, 'build/web'));
const EXAMPLES = path.join(ROOT, 'examples/scenarios');
const readExample = (name) => fs.readFileSync(path.join(EXAMPLES, name), 'utf8');
const pretty = (text) => JSON.stringify(JSON.parse(text), null, 2);
// What the page asked the stand-in module, by function name.
const calls = (page, name) => page.evaluate((n) => window.__standInModule.calls.filter((c) => c[0] === n), name);

const runner = createRunner();
const { test } = runner;

const open = async (context, url) => {
  await ex.recordWorkers(context);
  return ex.openExplorer(context, url);
};
// What the stand-in shows when the page declined and the scenario was decided on the main thread.
const DECIDED_HERE = '{"sync":true}\n';
// The first example with n workers: 40 make about 40,000 characters, over the page's main-thread
// limit (ui/web/schedule_client.js, MAIN_THREAD_MAX_CHARS); each n gives another scenario.
const large = (n = 40) => manyWorkers(n);
// The GGUF example (a model profile: its fit runs the estimator) with n workers, over the limit too.
function largeGguf(n) {
  const d = JSON.parse(readExample('advise-gguf-context.json'));
  const first = d.workers[0];
  for (let i = 1; d.workers.length < n; i++) d.workers.push({ ...JSON.parse(JSON.stringify(first)), id: first.id + 1000 + i, name: `extra-${i}` });
  return JSON.stringify(d);
}
// What the stand-in shows for the worker's estimates: {estimates: the memo's first four bytes, bytes}.
const handedOver = async (page) => JSON.parse(await ex.result(page));

test('start-up: the first example is decided on the main thread, and no worker is created', async ({ context, url }) => {
  const page = await open(context, url);
  assert.equal(await ex.scenario(page), pretty(readExample('binpack-vs-spread.json')));
  assert.equal(await ex.result(page), DECIDED_HERE, 'the first example was not decided on the main thread');
  assert.equal(await page.evaluate(() => typeof window.peHost.schedule), 'function', 'the page offers no worker');
  // Small edits stay on the main thread: still no second copy of the core compiling.
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample('cpu-fallback.json')), null);
  await ex.settled(page);
  assert.equal(await ex.result(page), DECIDED_HERE);
  await page.waitForTimeout(300);
  assert.deepEqual(await ex.workers(page), [], 'a worker was created for small scenarios');
});

test('a large scenario: the worker is created for it and hands back its GGUF estimates as bytes', async ({ context, url }) => {
  const page = await open(context, url);
  assert.deepEqual(await ex.workers(page), []);
  for (const n of [40, 41]) {
    assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), largeGguf(n)), null);
    await ex.settled(page);
    const shown = await ex.scenario(page);
    assert.ok(shown.length > 24 * 1024, `${shown.length} characters is not a large scenario`);
    // The real app decides with them (its byte-identity: explorer_files_test.js, schedule_service_test.cpp).
    const answer = await handedOver(page);
    assert.equal(answer.estimates, 'PEGM', `not the worker's estimate memo: ${JSON.stringify(answer)}`);
    assert.ok(answer.bytes > 100, `an estimate memo of ${answer.bytes} bytes holds no estimate`);
  }
  assert.deepEqual((await calls(page, 'deliverResult')), [], 'the worker sent result texts');
  assert.deepEqual((await ex.workers(page)).map((w) => w.role), ['schedule'], 'one scheduling worker, created once: ' + JSON.stringify(await ex.workers(page)));
});

test('edits coalesce: a burst of large edits gets the newest answer, with fewer answers than edits', async ({ context, url }) => {
  const page = await open(context, url);
  const texts = [];
  for (let i = 0; i < 21; i++) texts.push(largeGguf(30 + i));
  await page.evaluate((ts) => { for (const t of ts) window.explorer.loadScenario(t); }, texts);
  await ex.settled(page);  // not busy: the newest generation has its answer
  const last = await ex.scenario(page);
  assert.equal(last, pretty(texts[texts.length - 1]));
  assert.equal((await handedOver(page)).estimates, 'PEGM');
  const delivered = await calls(page, 'deliverEstimates');
  assert.ok(delivered.length > 0 && delivered.length < texts.length, `${delivered.length} answers for ${texts.length} edits`);
});

test('a small edit supersedes a large one the worker is deciding: the worker\'s answer is dropped', async ({ context, url }) => {
  const page = await open(context, url);
  await page.evaluate(([a, b]) => { window.explorer.loadScenario(a); window.explorer.loadScenario(b); },
    [large(60), readExample('cpu-fallback.json')]);
  assert.equal(await ex.result(page), DECIDED_HERE, 'the small edit was not decided at once');
  // Wait for the worker to have started, then for its answer to the large edit, which must not win.
  await page.waitForFunction(() => window.__workers.length === 1);
  await page.waitForTimeout(1500);
  await ex.settled(page);
  assert.equal(await ex.scenario(page), pretty(readExample('cpu-fallback.json')));
  assert.equal(await ex.result(page), DECIDED_HERE, 'a stale answer from the worker replaced the newest');
});

test('GGUF: reads only the prefix the reader asks for, with a progress bar', async ({ context, url }) => {
  const page = await open(context, url);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pe-gguf-')), 'big.gguf');
  const bytes = Buffer.alloc(3 << 20);
  bytes.write('GGUF', 0, 'latin1');
  fs.writeFileSync(file, bytes);
  // The bar may be up for only a few milliseconds: watch its attribute rather than poll.
  await page.evaluate(() => {
    const box = document.getElementById('progress-box');
    new MutationObserver(() => { if (!box.hidden) window.__progressSeen = true; }).observe(box, { attributes: true });
  });
  await page.setInputFiles('#gguf-input', file);
  const status = await ex.waitForStatus(page, 'notice');
  assert.match(status.text, /big\.gguf: GGUF profile loaded/);
  const reads = (await calls(page, 'loadGgufPrefix')).map((c) => c[1]);
  assert.deepEqual(reads, [256 * 1024, 1 << 20], 'prefix lengths handed to the reader');
  assert.ok(await page.evaluate(() => window.__progressSeen === true), 'no progress bar');
  assert.equal(await page.isVisible('#progress-box'), false, 'progress bar left on screen');
  assert.equal(JSON.parse(await ex.scenario(page)).estimates.gguf_profile.bytes_read, 1 << 20);
});

test('GGUF: an error keeps the scenario and is shown', async ({ context, url }) => {
  const page = await open(context, url);
  const before = await ex.scenario(page);
  await page.setInputFiles('#gguf-input', path.join(ROOT, 'tests/data/gguf/malformed/bad-magic.gguf'));
  const status = await ex.waitForStatus(page, 'error');
  assert.match(status.text, /bad-magic\.gguf: bad magic \(byte offset 0\)/);
  assert.equal(await ex.scenario(page), before);
});

test('Copy link: clipboard and address bar, opened in a new page', async ({ context, url }) => {
  const page = await open(context, url);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample('cpu-fallback.json')), null);
  await ex.clickItem(page, 'button/copy-link');
  await page.waitForFunction(() => location.hash.startsWith('#s1.'));
  const link = await page.evaluate(() => location.href);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  assert.equal((await calls(page, 'loadFragment')).length, 0, 'writing the link reloaded it');
  const opened = await open(context, link);
  assert.equal(await ex.scenario(opened), await ex.scenario(page));
  // An edit makes the link stale: it leaves the address bar, so a reload shows the edit.
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample('scale-down-order.json')), null);
  await page.waitForFunction(() => location.hash === '', null, { timeout: 5000 });
  await page.reload();
  await page.evaluate(() => window.explorer.ready);
  assert.equal(await ex.scenario(page), pretty(readExample('scale-down-order.json')));
  assert.equal(await ex.scenario(opened), pretty(readExample('cpu-fallback.json')), 'the opened link was not kept');
});

test('Copy link: a scenario too large for a link offers a JSON download', async ({ context, url }) => {
  const page = await open(context, url);
  const big = JSON.parse(readExample('binpack-vs-spread.json'));
  big.description = 'x'.repeat(80 * 1024);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), JSON.stringify(big)), null);
  await ex.clickItem(page, 'button/copy-link');
  await page.waitForSelector('#too-long-dialog[open]');
  assert.match(await page.textContent('#too-long-text'), /limited to 64 KiB/);
  assert.equal(await page.evaluate(() => location.hash), '');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#too-long-download')]);
  assert.equal(fs.readFileSync(await download.path(), 'utf8'), await ex.scenario(page));
});

test('links: a corrupted fragment keeps the scenario; at start-up the saved one is used', async ({ context, url }) => {
  const page = await open(context, url);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample('scale-down-order.json')), null);
  const before = await ex.scenario(page);
  await page.evaluate(() => { location.hash = 's1.%%%'; });
  const status = await ex.waitForStatus(page, 'error');
  assert.match(status.text, /link could not be opened: bad base64url/);
  assert.equal(await ex.scenario(page), before);
  await ex.savedShown(page);  // the debounced save
  const fresh = await open(context, url + '#zz.1');
  assert.equal((await ex.pageStatus(fresh)).kind, 'error');
  assert.equal(await ex.scenario(fresh), before);
});

test('paste dialog: invalid JSON keeps the dialog and the scenario, valid JSON is imported', async ({ context, url }) => {
  const page = await open(context, url);
  const before = await ex.scenario(page);
  await ex.clickItem(page, 'button/paste-json');
  await page.waitForSelector('#paste-dialog[open]');
  await page.fill('#paste-text', '{"workers": [');
  await page.click('#paste-import');
  assert.match(await page.textContent('#paste-error'), /invalid JSON/);
  assert.ok(await page.isVisible('#paste-dialog'));
  assert.equal(await ex.scenario(page), before);
  // Typing works inside the dialog (keys do not reach the app).
  await page.fill('#paste-text', '');
  await page.focus('#paste-text');
  await page.keyboard.type('{"a": 12}');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('}');
  assert.equal(await page.inputValue('#paste-text'), '{"a": 12}');
  await page.click('#paste-import');
  await page.waitForFunction(() => !document.getElementById('paste-dialog').open);
  assert.equal(await ex.scenario(page), pretty('{"a": 12}'));
});

test('export downloads scenario(); import and drag-and-drop load a file', async ({ context, url }) => {
  const page = await open(context, url);
  const [download] = await Promise.all([page.waitForEvent('download'), ex.clickItem(page, 'button/export')]);
  assert.equal(fs.readFileSync(await download.path(), 'utf8'), await ex.scenario(page));
  assert.match(download.suggestedFilename(), /\.json$/);
  await page.setInputFiles('#scenario-input', path.join(EXAMPLES, 'cpu-fallback.json'));
  await page.waitForFunction((t) => window.explorer.scenario() === t, pretty(readExample('cpu-fallback.json')));
  const dropped = readExample('distributed-vllm.json');
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
    document.getElementById('canvas').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, dropped);
  await page.waitForFunction((t) => window.explorer.scenario() === t, pretty(dropped));
});

test('import passes the file\'s bytes: a byte-order mark goes, ill-formed UTF-8 is read again as text', async ({ context, url }) => {
  const page = await open(context, url);
  const importBytes = (parts) => page.evaluate((ps) => {
    const files = new DataTransfer();
    files.items.add(new File(ps.map((p) => (typeof p === 'string' ? p : new Uint8Array(p))), 'bytes.json', { type: 'application/json' }));
    const input = document.getElementById('scenario-input');
    input.files = files.files;
    input.dispatchEvent(new Event('change'));
  }, parts);
  const before = (await calls(page, 'loadScenario')).length;
  const text = readExample('cpu-fallback.json');
  await importBytes([[0xef, 0xbb, 0xbf], text]);
  await page.waitForFunction((t) => window.explorer.scenario() === t, pretty(text));
  assert.equal((await calls(page, 'loadScenario')).length, before + 1);  // the bytes were taken
  // A byte that is no UTF-8 inside a string: refused as bytes, then read as file.text() reads it.
  await importBytes(['{"description": "a', [0xff], 'b", "workers": []}']);
  await page.waitForFunction((t) => window.explorer.scenario() === t, pretty('{"description": "a\ufffdb", "workers": []}'));
  assert.equal((await calls(page, 'loadScenario')).length, before + 3);
});

test('localStorage: the last good scenario survives a reload', async ({ context, url }) => {
  const page = await open(context, url);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample('manual-gpu-selection.json')), null);
  assert.notEqual(await page.evaluate(() => window.explorer.loadScenario('{"workers": [')), null);
  const shown = await ex.scenario(page);
  await page.reload();  // at once: the pending save is flushed when the page goes away
  await page.evaluate(() => window.explorer.ready);
  assert.equal(await ex.scenario(page), shown);
  assert.equal(await page.evaluate(() => localStorage.getItem('placement-explorer/scenario')), shown);
});

test('undo and redo through the buttons', async ({ context, url }) => {
  const page = await open(context, url);
  const a = await ex.scenario(page);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), readExample('cpu-fallback.json')), null);
  const b = await ex.scenario(page);
  await ex.clickItem(page, 'button/undo');
  assert.equal(await ex.scenario(page), a);
  await ex.clickItem(page, 'button/redo');
  assert.equal(await ex.scenario(page), b);
});

test('a worker that cannot start: the app schedules on the main thread and is not left busy', async ({ context, url }) => {
  // Only the worker asks for /real/explorer.js (the stand-in's worker branch): the core is gone there.
  await context.route('**/real/explorer.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
  const page = await open(context, url);
  // Small scenarios never need the worker: nothing has failed yet.
  assert.equal((await ex.pageStatus(page)).kind, '');
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), large()), null);
  await page.waitForFunction(() => typeof window.peHost.schedule === 'undefined');
  assert.match((await ex.pageStatus(page)).text, /scheduling on the main thread/);
  await ex.settled(page);
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), large(41)), null);
  await ex.settled(page);
  assert.equal(await ex.result(page), DECIDED_HERE);
});

(async () => {
  if (!fs.existsSync(path.join(WEB_DIR, 'explorer.wasm'))) {
    console.error(`page_test: ${WEB_DIR}/explorer.js/.wasm are missing (scripts/build-web.sh, or --web DIR)`);
    process.exit(1);
  }
  await runInBrowser(runner, argv, [
    { prefix: '/examples/', dir: EXAMPLES },
    { prefix: '/', dir: path.join(__dirname, 'stand_in') },
    { prefix: '/real/', dir: WEB_DIR },
    { prefix: '/', dir: WEB_DIR },
    { prefix: '/', dir: ROOT },
  ]);
})();
