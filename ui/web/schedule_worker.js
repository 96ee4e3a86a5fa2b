// Web Worker: runs the scheduler core off the main thread, so the UI never waits for a decision.
// The core is the page's own module (explorer.js/.wasm, built for ENVIRONMENT=web,worker), started
// with noInitialRun: the app's main() — window, canvas, ImGui — never runs here; only the core's
// embind functions (wasm/core_bindings.cpp) are called. The browser has the .wasm cached already.
// Started as schedule_worker.js?role=schedule|what-if&core=<URL of explorer.js> (role only names it).
// In:  {generation, scenario}   Out: {ready} once, then per request {generation, estimates} (the
// GGUF estimator's answers as bytes, transferred: the main thread decides with them,
// core/estimate_handoff.h), {generation, schedule, scaleDown} (the result texts, when the answers
// pass their budget) or {generation, error}; or {fatal} if the core cannot start.
// The page's what-if worker (whatif_client.js) is another instance of this file:
// In:  {kind, id, scenario, other, number}   Out: {kind, id, text} or {kind, id, error}, where
// text is the core's capacity | advise | compare | sweep answer (the CLI's --json).
/* eslint-env worker */
'use strict';

const coreUrl = new URL(self.location.href).searchParams.get('core');
let core = null;

try {
  importScripts(coreUrl);
  createExplorerModule({ noInitialRun: true, locateFile: (file) => new URL(file, coreUrl).href }).then(
    (m) => { core = m; self.postMessage({ ready: true }); },
    (e) => self.postMessage({ fatal: 'the scheduler core did not start: ' + (e && e.message || e) }));
} catch (e) {
  self.postMessage({ fatal: 'the scheduler core could not be loaded from ' + coreUrl + ': ' + (e && e.message || e) });
}

// One what-if job: the core's embind call for its kind (wasm/core_bindings.cpp).
const WHAT_IF = {
  capacity: (job) => core.capacity(job.scenario, job.number),
  advise: (job) => core.advise(job.scenario, job.number),
  compare: (job) => core.compare(job.other, job.scenario),
  sweep: (job) => core.sweep(job.scenario, job.other),
};

function runWhatIf(job) {
  const { kind, id } = job;
  if (!core) { self.postMessage({ kind, id, error: 'the scheduler core is not ready' }); return; }
  try {
    if (!WHAT_IF[kind]) throw new Error('unknown what-if kind ' + kind);
    self.postMessage({ kind, id, text: WHAT_IF[kind](job) });
  } catch (e) {
    self.postMessage({ kind, id, error: String(e && e.message || e) });
  }
}

self.onmessage = (event) => {
  if (event.data.kind) { runWhatIf(event.data); return; }
  const { generation, scenario } = event.data;
  if (!core) { self.postMessage({ generation, error: 'the scheduler core is not ready' }); return; }
  try {
    const answer = core.decideForMainThread(scenario);
    if (answer.estimates) self.postMessage({ generation, estimates: answer.estimates }, [answer.estimates.buffer]);
    else self.postMessage({ generation, schedule: answer.schedule, scaleDown: answer.scaleDown });
  } catch (e) {
    self.postMessage({ generation, error: String(e && e.message || e) });
  }
};
