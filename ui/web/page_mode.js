// How this page was opened: ?embed=1 (a read-only view for an iframe in someone's docs) or the
// full explorer, and whether this browser has seen the start panel for first-time visitors.

export const START_PANEL_KEY = 'placement-explorer/start-panel-dismissed';

export function isEmbed(win) {
  return new URLSearchParams(win.location.search).get('embed') === '1';
}

// The same link (scenario, open step, selection: the app's fragment) without embed=1.
export function fullExplorerUrl(win, fragment) {
  const url = new URL(win.location.href);
  url.searchParams.delete('embed');
  url.hash = fragment ? '#' + fragment : '';
  return url.href;
}

export function startPanelDismissed(storage) {
  try { return storage.getItem(START_PANEL_KEY) === '1'; } catch (_) { return true; }
}

export function rememberStartPanelDismissed(storage) {
  try { storage.setItem(START_PANEL_KEY, '1'); } catch (_) { /* private mode: shown again next time */ }
}
