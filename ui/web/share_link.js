// The scenario in the URL fragment: Copy link, opening links, and following later hash changes.

export const LINK_LIMIT_BYTES = 64 * 1024;

export function createShareLink({ win, getModule, status, offerDownload }) {
  // The fragment this page wrote or opened, so following hash changes does not reload it, and the
  // scenario it stands for, so the link leaves the address bar once edits make it stale (a reload
  // would otherwise bring back the link instead of the edited scenario saved in this browser).
  let written = null;
  let linked = null;

  function currentFragment() {
    return win.location.hash.replace(/^#/, '');
  }

  return {
    currentFragment,

    // Copy link: the link goes to the clipboard where allowed and always into the address bar.
    async copyLink() {
      const M = getModule();
      const fragment = M.fragment();
      const link = win.location.href.split('#')[0] + '#' + fragment;
      if (link.length > LINK_LIMIT_BYTES) {
        offerDownload(`The link would be ${Math.ceil(link.length / 1024)} KiB; links are limited to ${LINK_LIMIT_BYTES / 1024} KiB. Download the scenario as JSON instead.`);
        return;
      }
      written = fragment;
      linked = M.scenario();
      win.history.replaceState(win.history.state, '', '#' + fragment);
      try {
        await win.navigator.clipboard.writeText(link);
        status.notice('Link copied to the clipboard (and shown in the address bar).');
      } catch (_) {
        status.notice('Link is in the address bar (this browser did not allow copying to the clipboard).');
      }
    },

    // Opens the fragment now in the address bar. Returns "" or the error text.
    openFragment(fragment) {
      const error = getModule().loadFragment(fragment);
      if (error) status.announce('error', 'This link could not be opened: ' + error);
      else { written = fragment; linked = getModule().scenario(); }
      return error;
    },

    // Called with the current scenario after edits: a link that no longer matches it is removed.
    dropStaleLink(scenarioText) {
      if (linked === null || scenarioText === linked || currentFragment() !== written) return;
      linked = written = null;
      win.history.replaceState(win.history.state, '', win.location.pathname + win.location.search);
    },

    // hashchange: a link pasted into the address bar of an open page.
    followHashChanges() {
      win.addEventListener('hashchange', () => {
        const fragment = currentFragment();
        if (!fragment || fragment === written) return;
        this.openFragment(fragment);
      });
    },
  };
}
