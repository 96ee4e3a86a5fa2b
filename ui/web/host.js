// globalThis.peHost: what the app calls back into the page (docs/explorer-architecture.md).
// Every member is optional for the app; schedule is removed if the worker cannot run, and the app
// then schedules on the main thread.

import { downloadText, scenarioFileName } from './downloads.js';

export function createHost({ doc, getModule, store, share, paste, scheduler, pickers }) {
  const host = {
    scenarioChanged: () => store.scheduleSave(),
    copyLink: () => { share.copyLink(); },
    openGgufPicker: () => pickers.gguf.click(),
    openScenarioPicker: () => pickers.scenario.click(),
    downloadScenario: () => {
      const text = getModule().scenario();
      downloadText(doc, scenarioFileName(text), text);
    },
    openPasteDialog: () => paste.open(),
    schedule: (generation, scenarioText) => scheduler().request(generation, scenarioText),
  };
  return host;
}
