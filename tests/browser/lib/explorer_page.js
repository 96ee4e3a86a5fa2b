// Driving the explorer page: open it, wait until it is ready and settled, find items by their
// stable id (docs/explorer-architecture.md) and click them where they are drawn.
'use strict';

// The page's localStorage key for "the start panel was dismissed" (ui/web/page_mode.js).
const START_PANEL_KEY = 'placement-explorer/start-panel-dismissed';

// Opens url in a new page of context; fails the test on any uncaught page error. Unless
// firstVisit, the profile has dismissed the start panel before (the start panel's own tests
// dismiss it with real clicks).
async function openExplorer(context, url, { firstVisit = false } = {}) {
  const page = await context.newPage();
  if (!firstVisit) await page.addInitScript((key) => { try { localStorage.setItem(key, '1'); } catch (_) { /* opaque origin */ } }, START_PANEL_KEY);
  page.pageErrors = [];
  page.on('pageerror', (e) => page.pageErrors.push(String(e && e.stack || e)));
  page.on('console', (m) => { if (process.env.PE_BROWSER_CONSOLE) console.log(`  [page ${m.type()}] ${m.text()}`); });
  await page.goto(url);
  await page.evaluate(() => window.explorer.ready);
  await settled(page);
  return page;
}

const settled = (page) => page.evaluate(() => window.explorer.settled());
const frames = (page, n = 2) => page.evaluate((n) => new Promise((resolve) => {
  const tick = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => tick(left - 1)));
  tick(n);
}), n);

const items = (page) => page.evaluate(() => window.explorer.items());
const scenario = (page) => page.evaluate(() => window.explorer.scenario());
const result = (page) => page.evaluate(() => window.explorer.result());

async function findItem(page, test, what) {
  const all = await items(page);
  const found = all.find(typeof test === 'string' ? (i) => i.id === test : test);
  if (!found) throw new Error(`no item ${what || test} among ${all.length} items: ${all.slice(0, 40).map((i) => i.id).join(', ')}`);
  return found;
}

// Dear ImGui 1.86 reads the mouse once per frame: hold the button down across frames so the
// press and the release are seen in different frames.
async function clickAt(page, x, y) {
  await page.mouse.move(x, y);
  await frames(page, 2);
  await page.mouse.down();
  await frames(page, 2);
  await page.mouse.up();
  await frames(page, 2);
}

async function clickItem(page, test, what) {
  const item = await findItem(page, test, what);
  await clickAt(page, item.x + item.w / 2, item.y + item.h / 2);
  return item;
}

// A key or chord ('Tab', 'Shift+Tab', 'Control+z') as a person types it, then frames for the app
// to act on it.
async function press(page, keys) {
  await page.keyboard.press(keys);
  await frames(page, 3);
}

// The item with the visible keyboard focus, or null.
async function focusedItem(page) {
  return (await items(page)).find((i) => i.focused) || null;
}

// Presses Tab until the item `id` has the keyboard focus; fails after `limit` presses.
async function tabTo(page, id, limit = 120) {
  for (let i = 0; i < limit; i++) {
    const f = await focusedItem(page);
    if (f && f.id === id) return f;
    await press(page, 'Tab');
  }
  throw new Error(`Tab never reached ${id}`);
}

// The page's aria-live status region: {kind, text}.
const pageStatus = (page) => page.evaluate(() => {
  const el = document.getElementById('status');
  return { kind: el.dataset.kind || '', text: el.textContent };
});

async function waitForStatus(page, kind, timeout = 15000) {
  await page.waitForFunction((kind) => document.getElementById('status').dataset.kind === kind
    && document.getElementById('status').textContent !== '', kind, { timeout });
  return pageStatus(page);
}

async function clearStatus(page) {
  await page.evaluate(() => { const el = document.getElementById('status'); el.dataset.kind = ''; el.textContent = ''; });
}

// Records every Web Worker the pages of context create, before their scripts run; workers(page)
// gives them as {role, at}: the role the page named it by (schedule_worker.js?role=...) and when
// it was created (performance.now()). workerAnswers(page) gives the members of every message the
// workers sent, sorted and joined ("estimates,generation").
function recordWorkers(context) {
  return context.addInitScript(() => {
    const Real = window.Worker;
    window.__workers = [];
    window.__workerAnswers = [];
    window.Worker = function Worker(url, options) {
      window.__workers.push({ url: String(url), at: performance.now() });
      const worker = new Real(url, options);
      worker.addEventListener('message', (event) => window.__workerAnswers.push(Object.keys(event.data).sort().join(',')));
      return worker;
    };
  });
}
const workerAnswers = (page) => page.evaluate(() => window.__workerAnswers);
const workers = (page) => page.evaluate(() => window.__workers.map((w) => ({
  role: new URL(w.url, location.href).searchParams.get('role'), at: w.at })));
// When the page marked its first interactive frame (performance.now()).
const firstFrameAt = (page) => page.evaluate(() => performance.getEntriesByName('explorer-interactive')[0].startTime);

// Resolves once the page's debounced save (ui/web/scenario_store.js) holds the scenario shown.
const savedShown = (page) => page.waitForFunction(() => localStorage.getItem('placement-explorer/scenario') === window.explorer.scenario());

module.exports = {
  START_PANEL_KEY, savedShown, recordWorkers, workers, workerAnswers, firstFrameAt, openExplorer, settled, frames, items, scenario, result, findItem, clickAt, clickItem, press, focusedItem, tabTo,
  pageStatus, waitForStatus, clearStatus,
};
