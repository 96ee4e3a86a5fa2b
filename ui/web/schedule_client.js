// The main thread's side of the scheduling worker (schedule_worker.js). The app asks through
// peHost.schedule(generation, scenarioText) only for a scenario whose fit may search for long (a
// GGUF profile, ui/app/schedule_service.h); it decides every other one itself, on the main
// thread, without text. Of those it asks about, a small scenario is declined (request returns
// false) and the app decides it on the main thread, which takes milliseconds; a large one goes to
// the worker, whose GGUF estimates come back through deliverEstimates (Module.deliverEstimates:
// the app decides with them) or, past their budget, its result texts through deliver. The
// worker compiles its own copy of the 2.9 MB core, so it is created the first time a large
// scenario needs it, never at start-up: on a small machine that second compile delays the page's
// first frame.
// Requests coalesce: while the worker is busy only the newest one waits, and an answer to a
// superseded generation is dropped. A decision that runs long when a newer edit arrives is
// abandoned by restarting the worker, so the newest edit never waits behind a stale one.

const RESTART_AFTER_MS = 400;
// Scenario text up to this many characters is decided on the main thread. Measured in headless
// Chromium (issue 23): every example but the one holding a GGUF profile is under 6,000 characters
// and decides in 2-15 ms; 8 workers x 8 GPUs (19,000) in 12 ms; 16 x 8 (37,000) in 54 ms; the
// 222,000-character GGUF example in 105 ms; 256 x 8 (567,000) in 250 ms.
export const MAIN_THREAD_MAX_CHARS = 24 * 1024;

// The answer the app gets when no decision could be made, in the shape of the core's errors.
export function errorResult(message) {
  return JSON.stringify({ error: { pointer: '', message } });
}

export function createScheduleClient({ workerUrl, coreUrl, deliver, deliverEstimates, onFatal, now = () => performance.now(), makeWorker,
  mainThreadMaxChars = MAIN_THREAD_MAX_CHARS }) {
  makeWorker = makeWorker || ((url) => new Worker(url));
  let worker = null;
  let ready = false;
  let running = null;  // {generation, text, started}
  let pending = null;  // {generation, text}
  let dead = false;

  function fail(message) {
    if (dead) return;
    dead = true;
    if (worker) worker.terminate();
    const lost = pending || running;
    running = pending = null;
    onFatal(message);
    if (lost) deliver(lost.generation, errorResult(message), errorResult(message));
  }

  function start() {
    ready = false;
    try {
      worker = makeWorker(workerUrl + '?role=schedule&core=' + encodeURIComponent(coreUrl));
    } catch (e) {
      worker = null;
      fail('no scheduling worker: ' + (e && e.message || e));
      return false;
    }
    worker.onmessage = (event) => onAnswer(event.data);
    worker.onerror = (event) => { if (event.preventDefault) event.preventDefault(); fail('the scheduling worker failed: ' + (event.message || 'unknown error')); };
    return true;
  }

  function pump() {
    if (dead || !ready || running || !pending) return;
    running = { ...pending, started: now() };
    pending = null;
    worker.postMessage({ generation: running.generation, scenario: running.text });
  }

  function onAnswer(data) {
    if (data.fatal) { fail(data.fatal); return; }
    if (data.ready) { ready = true; pump(); return; }
    if (!running || data.generation !== running.generation) return;
    running = null;
    if (!pending) {
      if (data.error) deliver(data.generation, errorResult(data.error), errorResult(data.error));
      else if (data.estimates) deliverEstimates(data.generation, data.estimates);
      else deliver(data.generation, data.schedule, data.scaleDown);
    }
    pump();
  }

  return {
    get dead() { return dead; },
    // Whether a worker was ever created (tests, the page's measurements).
    get started() { return worker !== null || dead; },
    // True when the worker will answer; false when the app is to decide on the main thread (a small
    // scenario, or no worker can run here). A declined request supersedes the one waiting.
    request(generation, text) {
      if (dead || text.length <= mainThreadMaxChars) { pending = null; return false; }
      if (!worker && !start()) return false;
      pending = { generation, text };
      if (running && now() - running.started > RESTART_AFTER_MS) {
        worker.terminate();
        running = null;
        start();
      }
      pump();
      return true;
    },
  };
}
