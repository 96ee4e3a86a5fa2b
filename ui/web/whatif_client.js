// The main thread's side of the what-if worker: a second instance of schedule_worker.js, so a long
// capacity or advice search never delays the decision of an edit. The app asks through
// peHost.whatIf({kind, id, scenario, other, number}) and hears back through
// Module.deliverWhatIf(kind, id, text). One job runs at a time; per kind only the newest waits.
// A newer job of the kind that is running, or a cancel, abandons the running search by restarting
// the worker (after RESTART_AFTER_MS: a short one is cheaper to let finish; the app drops its
// superseded answer).

import { errorResult } from './schedule_client.js';

const RESTART_AFTER_MS = 300;
const ORDER = ['capacity', 'compare', 'advise', 'sweep'];  // the decision line's capacity first

export function createWhatIfClient({ workerUrl, coreUrl, deliver, onFatal, now = () => performance.now(), makeWorker }) {
  makeWorker = makeWorker || ((url) => new Worker(url));
  let worker = null;
  let ready = false;
  let running = null;  // job + {started}
  const pending = new Map();  // kind -> newest job
  let dead = false;

  function fail(message) {
    if (dead) return;
    dead = true;
    if (worker) worker.terminate();
    const lost = [...pending.values(), ...(running ? [running] : [])];
    running = null;
    pending.clear();
    onFatal(message);
    for (const job of lost) deliver(job.kind, job.id, errorResult(message));
  }

  function start() {
    ready = false;
    worker = makeWorker(workerUrl + '?role=what-if&core=' + encodeURIComponent(coreUrl));
    worker.onmessage = (event) => onAnswer(event.data);
    worker.onerror = (event) => { if (event.preventDefault) event.preventDefault(); fail('the what-if worker failed: ' + (event.message || 'unknown error')); };
  }

  function restart() {
    worker.terminate();
    running = null;
    start();
  }

  function pump() {
    if (dead || !ready || running) return;
    const kind = ORDER.find((k) => pending.has(k));
    if (!kind) return;
    running = { ...pending.get(kind), started: now() };
    pending.delete(kind);
    const { id, scenario, other, number } = running;
    worker.postMessage({ kind, id, scenario, other, number });
  }

  function onAnswer(data) {
    if (data.fatal) { fail(data.fatal); return; }
    if (data.ready) { ready = true; pump(); return; }
    if (!running || data.id !== running.id) return;
    running = null;
    deliver(data.kind, data.id, data.error ? errorResult(data.error) : data.text);
    pump();
  }

  // The worker compiles its own copy of the core; started at once it competes with the page's first
  // frame on small machines, so it is created on the first job after that frame (begin), never
  // before. Jobs asked for earlier wait until then.
  let begun = false;
  function ensureStarted() {
    if (!begun || dead || worker || pending.size === 0) return;
    try {
      start();
    } catch (e) {
      worker = null;
      fail('no what-if worker: ' + (e && e.message || e));
    }
  }
  return {
    begin() {
      begun = true;
      ensureStarted();
    },
    // Whether a worker was ever created (tests).
    get started() { return worker !== null || dead; },
    get dead() { return dead; },
    // The kind and seconds of the running search (for a progress line), or null.
    running: () => (running ? { kind: running.kind, seconds: (now() - running.started) / 1000 } : null),
    request(job) {
      if (dead) { deliver(job.kind, job.id, errorResult('the what-if worker is not running')); return; }
      pending.set(job.kind, job);
      ensureStarted();
      if (running && running.kind === job.kind && now() - running.started > RESTART_AFTER_MS) restart();
      pump();
    },
    cancel(kind) {
      pending.delete(kind);
      if (running && running.kind === kind) restart();
      pump();
    },
  };
}
