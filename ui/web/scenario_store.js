// The last good scenario in localStorage, saved once edits have stopped for a second (debounced),
// when the main thread is idle, and at once before the page goes away, so a reload or a crash
// loses at most the last second. Writing a thousand-worker scenario takes the page tens of
// milliseconds (its text, then setItem): done after every keystroke, it would land inside the
// next edit; done when idle, it never delays a frame that draws a decision.

export const STORAGE_KEY = 'placement-explorer/scenario';
const SAVE_DELAY_MS = 1000;
const IDLE_TIMEOUT_MS = 1000;  // saved by then even if the page is never idle

export function createScenarioStore(storage, readScenario, onError, win = globalThis) {
  let timer = null;
  let idle = null;

  function cancel() {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    if (idle !== null) { win.cancelIdleCallback(idle); idle = null; }
  }

  function saveNow() {
    cancel();
    const text = readScenario();
    if (!text) return;
    try {
      storage.setItem(STORAGE_KEY, text);
    } catch (e) {
      onError('Could not save the scenario in this browser (' + (e && e.name || e) + '); export it to keep it.');
    }
  }

  function saveWhenIdle() {
    timer = null;
    if (typeof win.requestIdleCallback !== 'function') return saveNow();
    idle = win.requestIdleCallback(saveNow, { timeout: IDLE_TIMEOUT_MS });
  }

  return {
    scheduleSave() {
      cancel();
      timer = setTimeout(saveWhenIdle, SAVE_DELAY_MS);
    },
    flush() { if (timer !== null || idle !== null) saveNow(); },
    load() {
      try { return storage.getItem(STORAGE_KEY); } catch (_) { return null; }
    },
  };
}
