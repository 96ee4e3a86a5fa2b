// The main thread's side of the scheduling worker (schedule_worker.js). The app asks through
// peHost.schedule(generation, scenarioText) and hears back through Module.deliverResult. Requests
// coalesce: while the worker is busy only the newest one waits, and an answer to a superseded
// generation is dropped. A decision that runs long when a newer edit arrives is abandoned by
// restarting the worker, so the newest edit never waits behind a stale one.

const RESTART_AFTER_MS = 400;

// The answer the app gets when no decision could be made, in the shape of the core's errors.
export function errorResult(message) {
  return JSON.stringify({ error: { pointer: '', message } });
}

export function createScheduleClient({ workerUrl, coreUrl, deliver, onFatal, now = () => performance.now(), makeWorker }) {
  makeWorker = makeWorker || ((url) => new Worker(url));
  let worker = null;
  let ready = false;
  let running = null;  // {generation, text, started}
  let pending = null;  // {generation, text}
  let dead = false;
  let readyResolve;
  const whenReady = new Promise((r) => { readyResolve = r; });

  function fail(message) {
    if (dead) return;
    dead = true;
    if (worker) worker.terminate();
    const lost = pending || running;
    running = pending = null;
    onFatal(message);
    if (lost) deliver(lost.generation, errorResult(message), errorResult(message));
    readyResolve(false);
  }

  function start() {
    ready = false;
    worker = makeWorker(workerUrl + '?core=' + encodeURIComponent(coreUrl));
    worker.onmessage = (event) => onAnswer(event.data);
    worker.onerror = (event) => { if (event.preventDefault) event.preventDefault(); fail('the scheduling worker failed: ' + (event.message || 'unknown error')); };
  }

  function pump() {
    if (dead || !ready || running || !pending) return;
    running = { ...pending, started: now() };
    pending = null;
    worker.postMessage({ generation: running.generation, scenario: running.text });
  }

  function onAnswer(data) {
    if (data.fatal) { fail(data.fatal); return; }
    if (data.ready) { ready = true; readyResolve(true); pump(); return; }
    if (!running || data.generation !== running.generation) return;
    running = null;
    if (!pending) {
      if (data.error) deliver(data.generation, errorResult(data.error), errorResult(data.error));
      else deliver(data.generation, data.schedule, data.scaleDown);
    }
    pump();
  }

  start();
  return {
    whenReady,
    get dead() { return dead; },
    request(generation, text) {
      if (dead) { deliver(generation, errorResult('the scheduling worker is not running'), errorResult('the scheduling worker is not running')); return; }
      pending = { generation, text };
      if (running && now() - running.started > RESTART_AFTER_MS) {
        worker.terminate();
        running = null;
        start();
      }
      pump();
    },
  };
}
