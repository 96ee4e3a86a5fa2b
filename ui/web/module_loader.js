// Loads explorer.js (the ImGui app, -sMODULARIZE=1 -sEXPORT_NAME=createExplorerModule) and starts
// it on the canvas. The object passed in becomes the Module, so peHost callbacks made while the
// app's main() runs already see the embind functions.

function loadScript(doc, src) {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.onload = resolve;
    script.onerror = () => reject(new Error(`${src} could not be loaded (build it with scripts/build-web.sh)`));
    doc.head.appendChild(script);
  });
}

// The module's script, relative to the page: the app loads it, and so does the scheduling worker.
export const EXPLORER_SCRIPT = 'explorer.js';

export async function startExplorerModule(win, moduleObject, scriptUrl = EXPLORER_SCRIPT) {
  if (typeof win.createExplorerModule !== 'function') await loadScript(win.document, scriptUrl);
  await win.createExplorerModule(moduleObject);
  return moduleObject;
}
