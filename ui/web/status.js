// Page-side messages: an aria-live region (and one more for the decision line) (the canvas is invisible to screen readers, and browser
// tests read it) plus the app's banner, and the progress bar for long file reads.

export function createStatus(doc, getModule) {
  const region = doc.getElementById('status');
  const decisionRegion = doc.getElementById('decision-status');
  const box = doc.getElementById('progress-box');
  const bar = doc.getElementById('progress');
  const label = doc.getElementById('progress-label');

  function say(kind, text) {
    region.dataset.kind = kind;
    region.textContent = text;
    const m = getModule();
    const show = kind === 'error' ? m && m.showError : m && m.showNotice;
    if (show) show.call(m, text);
    (kind === 'error' ? console.warn : console.info)('[explorer] ' + text);
  }

  return {
    error: (text) => say('error', text),
    notice: (text) => say('notice', text),
    // Only announce: the app's banner already shows messages that come from the app itself.
    announce(kind, text) { region.dataset.kind = kind; region.textContent = text; },
    // The app's decision line after each result, in its own live region so it never hides a
    // message of the page's.
    decision(text) { decisionRegion.textContent = text; },
    progress(text, fraction) {
      box.hidden = false;
      label.textContent = text;
      bar.value = Math.max(0, Math.min(1, fraction));
    },
    progressDone() { box.hidden = true; },
  };
}
