// globalThis.peHost: what the app calls back into the page (docs/explorer-architecture.md).
// Every member is optional for the app; schedule is removed if the worker cannot run, and the app
// then schedules on the main thread. schedule returns false for a scenario small enough to decide on
// the main thread (schedule_client.js), and the app then decides it there.

import { downloadText, saveCanvasImage, scenarioFileName } from './downloads.js';
import { fullExplorerUrl, rememberStartPanelDismissed } from './page_mode.js';

// "Copy explanation": the Markdown `placement schedule FILE --markdown` prints, to the clipboard.
async function copyExplanation(win, getModule, status) {
  const text = getModule().explanation('markdown');
  try {
    await win.navigator.clipboard.writeText(text);
    status.notice('Explanation copied to the clipboard as Markdown.');
  } catch (_) {
    status.error('This browser did not allow copying to the clipboard; use window.explorer.explanation("markdown").');
  }
}

export function createHost({ doc, getModule, store, share, paste, scheduler, whatIf, pickers, status, embed, explorerApi, onDecision = () => {} }) {
  const win = doc.defaultView;
  const host = {
    // An embedded view never saves: it would replace the visitor's own scenario in this browser.
    scenarioChanged: () => { if (!embed) store.scheduleSave(); },
    copyLink: () => { share.copyLink(); },
    openGgufPicker: () => pickers.gguf.click(),
    openScenarioPicker: () => pickers.scenario.click(),
    downloadScenario: () => {
      const text = getModule().scenario();
      downloadText(doc, scenarioFileName(text), text);
    },
    openPasteDialog: () => paste.open(),
    // The decision line after each result, for screen readers (the canvas is invisible to them).
    announce: (text) => { status.decision(text); onDecision(); },
    copyExplanation: () => copyExplanation(doc.defaultView, getModule, status),
    saveImage: () => {
      saveCanvasImage(doc, explorerApi, getModule().scenario())
        .then(() => status.notice('Image saved.'))
        .catch((e) => status.error('The image could not be saved: ' + (e && e.message || e)));
    },
    openInExplorer: () => { win.open(fullExplorerUrl(win, getModule().fragment()), '_blank', 'noopener'); },
    startPanelDismissed: () => rememberStartPanelDismissed(win.localStorage),
    // True when the worker will answer through Module.deliverResult; false: the app decides now.
    schedule: (generation, scenarioText) => scheduler().request(generation, scenarioText),
    // What-if searches run in their own worker (whatif_client.js); a cancel abandons one.
    whatIf: (job) => whatIf().request(job),
    cancelWhatIf: (kind) => whatIf().cancel(kind),
  };
  return host;
}
