// A stand-in for the ImGui app (build/web/explorer.js) that keeps the module contract of
// docs/explorer-architecture.md in plain JavaScript, so the page's own code (files, links,
// storage, clipboard, paste, worker) is tested without the app. It draws nothing; its buttons are
// rectangles that canvas clicks hit. It records what the page asked it in Module.calls.
// The page's scheduling worker loads explorer.js too (the same module as the app's): there the
// stand-in steps aside for the real module, served by page_test.js under /real/, so the worker
// schedules with the real core.
/* global globalThis, importScripts */
'use strict';

function createStandInModule(Module) {
  Module = Module || {};
  globalThis.__standInModule = Module;  // the tests read Module.calls
  const host = (name) => globalThis.peHost && globalThis.peHost[name];
  const calls = (Module.calls = []);
  const history = [];
  let future = [];
  let current = '';
  let generation = 0;
  let delivered = { generation: 0, schedule: '', scaleDown: '' };
  let banner = '';

  const BUTTONS = ['copy-link', 'undo', 'redo', 'load-gguf', 'paste-json', 'import', 'export'];
  const items = BUTTONS.map((name, i) => ({ id: 'button/' + name, label: name, x: 10 + i * 90, y: 10, w: 80, h: 24 }));
  const pressed = { 'copy-link': () => host('copyLink')(), undo: () => Module.undo(), redo: () => Module.redo(),
    'load-gguf': () => host('openGgufPicker')(), 'paste-json': () => host('openPasteDialog')(),
    import: () => host('openScenarioPicker')(), export: () => host('downloadScenario')() };
  Module.canvas.addEventListener('mousedown', (e) => {
    const r = Module.canvas.getBoundingClientRect();
    const x = e.clientX - r.left, y = e.clientY - r.top;
    const hit = items.find((i) => x >= i.x && x < i.x + i.w && y >= i.y && y < i.y + i.h);
    if (hit) pressed[hit.label]();
  });

  function utf8(bytes) {
    try { return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes); } catch (e) { return '\u0000ill-formed UTF-8'; }
  }
  function parseError(text) {
    try { JSON.parse(text); return ''; } catch (e) { return 'invalid JSON: ' + e.message; }
  }
  function recompute() {
    generation++;
    // Like the app's HostService: the page's worker answers, or (declined, or no worker) the
    // stand-in "decides on the main thread" with a marker answer.
    const schedule = host('schedule');
    if (!schedule || schedule(generation, current) === false) delivered = { generation, schedule: '{"sync":true}\n', scaleDown: '{}' };
  }
  function replace(text) {
    if (current) history.push(current);
    future = [];
    current = JSON.stringify(JSON.parse(text), null, 2);
    recompute();
    const changed = host('scenarioChanged');
    if (changed) changed();
  }
  function tryReplace(text) {
    const error = parseError(text) || (typeof JSON.parse(text) === 'object' ? '' : 'a scenario is an object (at /)');
    if (error) { banner = error; return error; }
    replace(text);
    return '';
  }

  Object.assign(Module, {
    // As embind does, a string or a Uint8Array of UTF-8 (taken as it is: ill-formed text is refused).
    loadScenario: (text) => { calls.push(['loadScenario']); return tryReplace(typeof text === 'string' ? text : utf8(text)); },
    scenario: () => current,
    result: () => delivered.schedule,
    scaleDownResult: () => delivered.scaleDown,
    items: () => JSON.stringify(items),
    step: (name) => ['cluster', 'filters', 'fit', 'scoring', 'scale-down'].includes(name),
    importJson: (text) => { calls.push(['importJson']); return tryReplace(text); },
    // The stand-in's links are plain base64url of the text ("s1."), enough to test the page.
    fragment: () => 's1.' + btoa(unescape(encodeURIComponent(current))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
    loadFragment(fragment) {
      calls.push(['loadFragment', fragment]);
      if (!fragment.startsWith('s1.')) return (banner = 'unknown link version');
      let text;
      try { text = decodeURIComponent(escape(atob(fragment.slice(3).replace(/-/g, '+').replace(/_/g, '/')))); } catch (e) { return (banner = 'bad base64url'); }
      return tryReplace(text);
    },
    // Needs the first min(size, 1 MiB) bytes; a file must start with "GGUF".
    loadGgufPrefix(bytes, size, name) {
      calls.push(['loadGgufPrefix', bytes.length, size, name]);
      if (!(bytes instanceof Uint8Array)) return JSON.stringify({ status: 'error', message: 'bytes are not a Uint8Array' });
      if (String.fromCharCode(...bytes.slice(0, 4)) !== 'GGUF') return JSON.stringify({ status: 'error', message: (banner = 'bad magic (byte offset 0)') });
      const need = Math.min(size, 1 << 20);
      if (bytes.length < need) return JSON.stringify({ status: 'need', bytes: need });
      const doc = JSON.parse(current || '{}');
      doc.estimates = { gguf_profile: { file: name, bytes_read: bytes.length } };
      replace(JSON.stringify(doc));
      return JSON.stringify({ status: 'ok' });
    },
    undo: () => { if (history.length) { future.push(current); current = history.pop(); recompute(); } },
    redo: () => { if (future.length) { history.push(current); current = future.pop(); recompute(); } },
    canUndo: () => history.length > 0,
    canRedo: () => future.length > 0,
    showError: (text) => { banner = text; },
    showNotice: (text) => { banner = text; },
    banner: () => banner,
    setEmbed: (on) => { calls.push(['setEmbed', on]); },
    showStartPanel: () => { calls.push(['showStartPanel']); },
    busy: () => delivered.generation !== generation,
    deliverResult(gen, schedule, scaleDown) {
      calls.push(['deliverResult', gen]);
      if (gen > delivered.generation) delivered = { generation: gen, schedule, scaleDown };
    },
    // The real app decides with the worker's estimates; the stand-in, which has no core, shows
    // what it was handed: the memo's first bytes and its length.
    deliverEstimates(gen, estimates) {
      const head = estimates instanceof Uint8Array ? String.fromCharCode(...estimates.slice(0, 4)) : typeof estimates;
      calls.push(['deliverEstimates', gen, head, estimates.length]);
      if (gen > delivered.generation) delivered = { generation: gen, schedule: JSON.stringify({ estimates: head, bytes: estimates.length }) + '\n', scaleDown: '{}' };
    },
  });
  return Promise.resolve().then(() => Module);
}

if (typeof document === 'undefined' && typeof importScripts === 'function') importScripts('/real/explorer.js');
else globalThis.createExplorerModule = createStandInModule;
