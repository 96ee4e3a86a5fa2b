// Times what a person waits for in the explorer (issue 21): importing a large scenario and editing
// it, each up to the frame that draws the new decision.
//   import: the toolbar's Import file input gets the file (a File in the page, so the text is not
//           sent through the test harness while timed) and its change event fires; the clock starts
//           when the event is dispatched.
//   edit:   the model's replicas field, clicked once, then Ctrl+A and a digit typed as a person
//           does; the clock starts at the digit's keydown (its event.timeStamp). The same for a
//           GPU's memory: the first worker picked on the canvas (its editor opens), the memory of
//           its GPU 0 clicked once, then Ctrl+A and a digit (GiB).
// Both stop at explorer.resultDrawn(): the end of the app's frame that drew the first decision
// taken after the action. An edit is applied, decided and drawn in one frame, which the app runs
// from the key's handler (ui/platform/web_main.cpp); an import's change event is handled by the
// page, and its decision drawn in the next animation frame. Every action changes the scenario
// (imports alternate the description, edits the replicas), so each one is a new generation and a
// new decision.
// Besides that wait, each action reports the app's own work in it: the time spent inside the
// app's frames (requestAnimationFrame callbacks and frames run from input handlers) between the
// action and the drawn frame. The rest is the page's event handling and, for an import, the wait
// for the animation frame (under SwiftShader one comes every 30-40 ms).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const ex = require('./explorer_page');

// The benchmark cluster of tests/bench/cluster_scenarios.cpp: N workers × 8 GPUs of four kinds,
// about two instances per worker, vLLM Llama-3.1-8B (spread), written by cluster_bench.
function benchScenario(root, workers, kind = 'vllm_single_gpu') {
  const bench = process.env.PE_CLUSTER_BENCH || path.join(root, 'build/bin/cluster_bench');
  if (!fs.existsSync(bench)) throw new Error(`${bench} is missing: ninja -C build cluster_bench (or set PE_CLUSTER_BENCH)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pe-measure-'));
  try {
    execFileSync(bench, ['--write', dir, '--case', kind, '--workers', String(workers)], { stdio: 'ignore' });
    return fs.readFileSync(path.join(dir, `${kind}-${workers}.json`), 'utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Installed before the page's scripts: every requestAnimationFrame callback's start and end
// (Emscripten's main loop runs through it) and every frame the app runs from an input event's
// handler, so the app's work in a time window can be summed.
function recordFrames() {
  const raf = window.requestAnimationFrame.bind(window);
  window.__frameSpans = [];
  const timed = (run) => {
    const start = window.__frameStart = performance.now();
    try { return run(); } finally {
      window.__frameSpans.push([start, performance.now()]);
      if (window.__frameSpans.length > 4096) window.__frameSpans.splice(0, 2048);
    }
  };
  window.requestAnimationFrame = (cb) => raf((t) => timed(() => cb(t)));
  // The frames the app runs from a key or click handler (ui/platform/web_main.cpp) count too.
  window.peInputFrame = (frame) => timed(frame);
  // t1 is taken inside the drawn frame: its span is recorded by the time a promise callback runs,
  // but is added here (up to t1) if it is not yet.
  const frameSpansTo = (t1) => {
    const spans = window.__frameSpans;
    const last = spans[spans.length - 1];
    return last && last[0] === window.__frameStart ? spans : [...spans, [window.__frameStart, t1]];
  };
  // {ms, workMs}: the wait from t0 to t1 and the frame callbacks' time inside it.
  window.__spanOf = (t0, t1) => ({
    ms: t1 - t0,
    workMs: frameSpansTo(t1).reduce((sum, [a, b]) => sum + Math.max(0, Math.min(b, t1) - Math.max(a, t0)), 0),
  });
}

// One import through the file input; resolves with {ms, workMs} to the drawn decision.
function importInPage([text, name]) {
  const input = document.getElementById('scenario-input');
  const files = new DataTransfer();
  files.items.add(new File([text], name, { type: 'application/json' }));
  const drawn = window.explorer.resultDrawn();
  const t0 = performance.now();
  input.files = files.files;
  input.dispatchEvent(new Event('change'));
  return drawn.then((t1) => window.__spanOf(t0, t1));
}

// Arms the clock for the next keydown: window.__edit resolves with {ms, workMs} from that key's
// event to the drawn decision.
function armEditClock() {
  window.__edit = new Promise((resolve) => {
    window.addEventListener('keydown', (event) => {
      const drawn = window.explorer.resultDrawn();
      drawn.then((t1) => resolve(window.__spanOf(event.timeStamp, t1)));
    }, { capture: true, once: true });
  });
}

// The scenario's text with its description made unique, so every import is an edit.
function variant(text, i) {
  const doc = JSON.parse(text);
  doc.description = `${doc.description || 'scenario'} (import ${i + 1})`;
  return JSON.stringify(doc);
}

async function timeImports(page, text, name, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    times.push(await page.evaluate(importInPage, [variant(text, i), name]));
    await ex.settled(page);
  }
  return times;
}

// Replicas typed as 2, 3, 2, 3, ...: one decision per keystroke, as InputScalar applies each one.
async function timeReplicaEdits(page, runs) {
  await ex.clickItem(page, 'Replicas');
  const times = [];
  for (let i = 0; i < runs; i++) {
    await page.keyboard.press('Control+A');
    await ex.frames(page, 3);
    await page.evaluate(armEditClock);
    await page.keyboard.press(String(2 + (i % 2)));
    times.push(await page.evaluate(() => window.__edit));
    await ex.settled(page);
  }
  const replicas = JSON.parse(await ex.scenario(page)).model.replicas;  // (scenario() is dump(2): after the timing)
  if (replicas !== 2 + ((runs - 1) % 2)) throw new Error(`the typed replicas did not arrive (replicas ${replicas})`);
  return times;
}

// Scrolls the panel under an item until the item is inside its window (the editor of the first
// worker sits below the model panel).
async function scrollIntoView(page, id) {
  for (let i = 0; i < 40; i++) {
    const item = await ex.findItem(page, id);
    if (item.visible) return item;
    await page.mouse.move(item.x + item.w / 2, Math.min(item.y, 600));
    await page.mouse.wheel(0, 120);
    await ex.frames(page, 2);
  }
  throw new Error(`${id} stays outside its window`);
}

// GPU 0's memory on the first worker typed as 7, 8, 7, ... GiB: one decision per keystroke.
async function timeGpuMemoryEdits(page, runs) {
  const worker = JSON.parse(await ex.scenario(page)).workers[0].name;
  await ex.clickItem(page, `worker/${worker}`);
  await ex.settled(page);
  const field = await scrollIntoView(page, `gpu-memory/${worker}/0`);
  await ex.clickAt(page, field.x + field.w / 2, field.y + field.h / 2);
  const times = [];
  for (let i = 0; i < runs; i++) {
    await page.keyboard.press('Control+A');
    await ex.frames(page, 3);
    await page.evaluate(armEditClock);
    await page.keyboard.press(String(7 + (i % 2)));
    times.push(await page.evaluate(() => window.__edit));
    await ex.settled(page);
  }
  const total = JSON.parse(await ex.scenario(page)).workers[0].status.gpu_devices[0].memory.total;
  const want = (7 + ((runs - 1) % 2)) * 1073741824;
  if (total !== want) throw new Error(`the typed GPU memory did not arrive (${total} bytes, not ${want})`);
  return times;
}

// Imports `text` `imports` times, then edits its replicas `edits` times and a GPU's memory `edits`
// times, in one returning visitor's page.
async function timeImportAndEdit(context, url, text, name, { imports, edits }) {
  await context.addInitScript(recordFrames);
  const page = await ex.openExplorer(context, url);
  const importMs = await timeImports(page, text, name, imports);
  const editMs = await timeReplicaEdits(page, edits);
  const gpuEditMs = await timeGpuMemoryEdits(page, edits);
  if (page.pageErrors.length) throw new Error('page errors: ' + page.pageErrors.join('; '));
  await page.close();
  return { importMs, editMs, gpuEditMs };
}

module.exports = { benchScenario, timeImportAndEdit };
