// The last good scenario in localStorage, saved a moment after edits stop (debounced) and before
// the page goes away, so a reload or a crash loses at most the last fraction of a second.

export const STORAGE_KEY = 'placement-explorer/scenario';
const SAVE_DELAY_MS = 300;

export function createScenarioStore(storage, readScenario, onError) {
  let timer = null;

  function saveNow() {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    const text = readScenario();
    if (!text) return;
    try {
      storage.setItem(STORAGE_KEY, text);
    } catch (e) {
      onError('Could not save the scenario in this browser (' + (e && e.name || e) + '); export it to keep it.');
    }
  }

  return {
    scheduleSave() {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(saveNow, SAVE_DELAY_MS);
    },
    flush() { if (timer !== null) saveNow(); },
    load() {
      try { return storage.getItem(STORAGE_KEY); } catch (_) { return null; }
    },
  };
}
