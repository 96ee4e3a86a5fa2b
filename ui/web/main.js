// The page: starts the explorer module on the canvas and wires files, links, storage, the
// clipboard and the scheduling workers to it (docs/explorer-architecture.md, "the page").
// Start-up order: the link in the address bar, else the last good scenario saved in this
// browser, else the first example (with the start panel, until a visitor dismisses it once).
// ?embed=1: the link or the first example, read-only, nothing saved.

import { createStatus } from './status.js';
import { createScenarioStore } from './scenario_store.js';
import { createShareLink } from './share_link.js';
import { createPasteDialog, keepKeysInDialogs } from './paste_dialog.js';
import { createScheduleClient } from './schedule_client.js';
import { createWhatIfClient } from './whatif_client.js';
import { createHost } from './host.js';
import { createExplorerApi } from './explorer_api.js';
import { EXPLORER_SCRIPT, startExplorerModule } from './module_loader.js';
import { ggufFiles, loadGgufFile, loadGgufShards } from './gguf_loader.js';
import { onFilePicked, onFilesPicked } from './downloads.js';
import { isEmbed, startPanelDismissed } from './page_mode.js';

const FIRST_EXAMPLE = 'examples/binpack-vs-spread.json';
const MiB = 1024 * 1024;

const win = window;
const doc = document;
const canvas = doc.getElementById('canvas');
const Module = {
  canvas,
  print: (text) => console.log(text),
  printErr: (text) => console.warn(text),
};
const getModule = () => Module;

const embed = isEmbed(win);  // ?embed=1: read-only, for iframes (docs/embedding.md)
const explorer = createExplorerApi(win);
win.explorer = explorer.api;

const status = createStatus(doc, getModule);

const tooLong = doc.getElementById('too-long-dialog');
const share = createShareLink({
  win, getModule, status,
  offerDownload(text) {
    doc.getElementById('too-long-text').textContent = text;
    if (!tooLong.open) tooLong.showModal();
  },
});
const store = createScenarioStore(win.localStorage, () => {
  const text = Module.scenario && Module.scenario();
  if (text) share.dropStaleLink(text);
  return text;
}, status.error, win);
doc.getElementById('too-long-download').addEventListener('click', () => host.downloadScenario());

const paste = createPasteDialog(doc, getModule, status);
const pickers = { gguf: doc.getElementById('gguf-input'), scenario: doc.getElementById('scenario-input') };

// Both workers are created when first needed (schedule_client.js, whatif_client.js): a small
// scenario is decided on the main thread, and no worker's compile competes with the first frame.
const workerUrl = new URL('schedule_worker.js', import.meta.url).href;
const coreUrl = new URL(EXPLORER_SCRIPT, doc.baseURI).href;  // the same module as the app's

const scheduler = createScheduleClient({
  workerUrl, coreUrl,
  deliver: (generation, schedule, scaleDown) => { if (Module.deliverResult) Module.deliverResult(generation, schedule, scaleDown); },
  deliverEstimates: (generation, estimates) => { if (Module.deliverEstimates) Module.deliverEstimates(generation, estimates); },
  onFatal(message) {
    delete host.schedule;  // the app schedules on the main thread from now on
    status.error(message + '; scheduling on the main thread instead.');
  },
});

const whatIf = createWhatIfClient({
  workerUrl, coreUrl,
  deliver: (kind, id, text) => { if (Module.deliverWhatIf) Module.deliverWhatIf(kind, id, text); },
  onFatal(message) {
    delete host.whatIf;  // what-if searches run on the main thread from now on
    delete host.cancelWhatIf;
    // One message when both workers fail (the core could not load): the scheduler's.
    if (scheduler.dead) console.warn('[explorer] ' + message);
    else status.error(message + '; what-if searches run on the main thread instead.');
  },
});

const host = createHost({ doc, getModule, store, share, paste, scheduler: () => scheduler, whatIf: () => whatIf, pickers, status, embed, explorerApi: explorer.api,
  onDecision: explorer.decided });
win.peHost = host;

// ---- files: pickers and drag-and-drop
async function openGguf(file) {
  const megabytes = (n) => (n / MiB).toFixed(n < 10 * MiB ? 1 : 0);
  try {
    const answer = await loadGgufFile(file, (bytes, size, name) => Module.loadGgufPrefix(bytes, size, name),
      (done, want) => status.progress(`Reading ${file.name}: ${megabytes(done)} of ${megabytes(want)} MiB`, done / want));
    if (answer.status === 'ok') status.announce('notice', `${file.name}: GGUF profile loaded.`);
    else status.announce('error', `${file.name}: ${answer.message}`);
    // Errors the reader gave are already in the app's banner; the page's own go there too.
    if (answer.status === 'error' && /^the GGUF reader/.test(answer.message)) Module.showError(`${file.name}: ${answer.message}`);
  } catch (e) {
    status.error(`${file.name} could not be read: ${e && e.message || e}`);
  } finally {
    status.progressDone();
  }
}

// Several .gguf files: a split model's shards, read and applied together by the module (which
// refuses a set that is not exactly one model's shards and keeps the scenario).
async function openGgufShards(files) {
  const megabytes = (n) => (n / MiB).toFixed(n < 10 * MiB ? 1 : 0);
  const names = files.map((f) => f.name).join(', ');
  try {
    const answer = await loadGgufShards(files, Module,
      (file, done, want) => status.progress(`Reading ${file.name}: ${megabytes(done)} of ${megabytes(want)} MiB`, done / want));
    if (answer.status === 'ok') status.announce('notice', `${names}: GGUF profile loaded.`);
    else status.announce('error', answer.message);
    if (answer.status === 'error' && /^the GGUF reader/.test(answer.message)) Module.showError(`${answer.file ? answer.file.name : names}: ${answer.message}`);
  } catch (e) {
    status.error(`${names} could not be read: ${e && e.message || e}`);
  } finally {
    status.progressDone();
  }
}

function openGgufFiles(files) {
  if (files.length === 1) openGguf(files[0]);
  else openGgufShards(files);
}

// A file's bytes for Module.loadScenario: embind copies a Uint8Array into the module's memory as
// it is, where a string is decoded from UTF-8 by file.text() and encoded back to UTF-8 by embind,
// two passes over every character of a megabytes-long scenario. A leading byte-order mark goes, as
// file.text() drops it.
function scenarioBytes(buffer) {
  const bytes = new Uint8Array(buffer);
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
}

async function openScenarioFile(file) {
  try {
    // Bytes the app refuses are read again as text: file.text() replaces ill-formed UTF-8, which
    // the app refuses as bytes, and a refusal reads as it always did.
    let error = Module.loadScenario(scenarioBytes(await file.arrayBuffer()));
    if (error) error = Module.loadScenario(await file.text());
    // Decided and drawn now, not in the next animation frame (as a key's edit, web_main.cpp).
    if (Module.runFrameNow) Module.runFrameNow();
    if (error) status.announce('error', `${file.name}: ${error}`);
    else status.announce('notice', `${file.name} loaded.`);
  } catch (e) {
    status.error(`${file.name} could not be read: ${e && e.message || e}`);
  }
}

function openDroppedFiles(files) {
  const ggufs = ggufFiles(files);
  if (ggufs.length) { openGgufFiles(ggufs); return; }
  const json = files.find((f) => /\.json$/i.test(f.name) || f.type === 'application/json');
  if (json) { openScenarioFile(json); return; }
  status.error(`Drop a .gguf model file or a scenario .json (got ${files.map((f) => f.name).join(', ')}).`);
}

function acceptDrops() {
  const hasFiles = (e) => e.dataTransfer && Array.from(e.dataTransfer.types || []).includes('Files');
  doc.addEventListener('dragover', (e) => { if (hasFiles(e)) { e.preventDefault(); doc.body.classList.add('dropping'); } });
  doc.addEventListener('dragleave', (e) => { if (!e.relatedTarget) doc.body.classList.remove('dropping'); });
  doc.addEventListener('drop', (e) => {
    doc.body.classList.remove('dropping');
    if (!hasFiles(e)) return;
    e.preventDefault();
    openDroppedFiles(Array.from(e.dataTransfer.files));
  });
}

// ---- start-up
async function loadFirstScenario() {
  const fragment = share.currentFragment();
  if (fragment && !share.openFragment(fragment)) return 'link';
  const saved = embed ? null : store.load();  // an embed shows its link or the first example
  if (saved) {
    const error = Module.loadScenario(saved);
    if (!error) return 'saved';
    status.announce('error', 'The scenario saved in this browser could not be loaded: ' + error);
  }
  // The app starts with the first example built in: fetching it again would only delay the first
  // frame (a page-side stand-in app starts empty and gets it fetched).
  if (Module.scenario()) return 'example';
  try {
    const response = await fetch(FIRST_EXAMPLE);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const error = Module.loadScenario(await response.text());
    if (error) throw new Error(error);
    return 'example';
  } catch (e) {
    status.error(`${FIRST_EXAMPLE} could not be loaded (${e && e.message || e}); pick one from the examples menu.`);
    return 'none';
  }
}

// The full explorer: files, drops, links pasted later, saving; the start panel on a first visit.
function wireEditing(source) {
  onFilesPicked(pickers.gguf, openGgufFiles);
  onFilePicked(pickers.scenario, openScenarioFile);
  acceptDrops();
  share.followHashChanges();
  win.addEventListener('pagehide', () => store.flush());
  doc.addEventListener('visibilitychange', () => { if (doc.visibilityState === 'hidden') store.flush(); });
  if (source === 'example' && !startPanelDismissed(win.localStorage)) Module.showStartPanel();
}

async function boot() {
  keepKeysInDialogs(win);
  try {
    await startExplorerModule(win, Module);
  } catch (e) {
    doc.getElementById('splash').textContent = 'Placement Explorer could not start: ' + (e && e.message || e);
    explorer.reject(e);
    return;
  }
  explorer.attach(Module);
  const source = await loadFirstScenario();
  if (embed) {
    Module.setEmbed(true);
    share.followHashChanges();  // a link changed in the iframe's address shows its scenario
  } else {
    wireEditing(source);
  }
  doc.getElementById('splash').hidden = true;
  await new Promise((r) => win.requestAnimationFrame(() => win.requestAnimationFrame(r)));
  performance.mark('explorer-interactive', { detail: { source } });
  whatIf.begin();
  explorer.resolve();
}

boot();
