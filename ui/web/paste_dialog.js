// The paste dialog: JSON from a GPUStack server's API (or a whole scenario) into Module.importJson.

export function createPasteDialog(doc, getModule, status) {
  const dialog = doc.getElementById('paste-dialog');
  const text = doc.getElementById('paste-text');
  const error = doc.getElementById('paste-error');

  doc.getElementById('paste-import').addEventListener('click', (event) => {
    const message = getModule().importJson(text.value);
    if (!message) { error.textContent = ''; status.announce('notice', 'Pasted JSON imported.'); return; }
    // Keep the dialog open with the text so the user can fix it; nothing was changed.
    event.preventDefault();
    error.textContent = message;
    status.error('Paste not imported: ' + message);
  });

  return {
    open() {
      error.textContent = '';
      if (!dialog.open) dialog.showModal();
      text.focus();
      text.select();
    },
  };
}

// GLFW's key handlers sit on window in the capture phase and cancel Backspace and Tab, which would
// break typing in the dialogs. Registered before the module starts, this runs first and keeps
// keys typed into a dialog away from the app.
export function keepKeysInDialogs(win) {
  for (const type of ['keydown', 'keypress', 'keyup']) {
    win.addEventListener(type, (event) => {
      if (event.target && event.target.closest && event.target.closest('dialog')) event.stopImmediatePropagation();
    }, true);
  }
}
