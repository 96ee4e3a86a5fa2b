// window.explorer: a small API for tests and for pages that embed the explorer.
//   await explorer.ready;             the module runs and the first scenario is loaded and drawn
//   explorer.loadScenario(json)       text or object; null, or the error text (nothing changed)
//   explorer.scenario() / result()    JSON text (result() is what `placement schedule --json` prints)
//   explorer.scaleDownResult()        JSON text, what `placement scale-down --json` prints
//   explorer.items()                  [{id, label, x, y, w, h, visible, focused?}] in CSS pixels, from
//                                     the last frame; focused: the item with the visible keyboard focus
//   explorer.deploy()                 Deploy, as the toolbar's button: true when a replica was placed;
//                                     false when nothing fits, the decision is not ready, or the page is
//                                     a read-only ?embed=1 view (docs/embedding.md)
//   explorer.step(name)               cluster | filters | fit | scoring | scale-down
//   explorer.currentStep()            the step shown (links keep it)
//   explorer.selection()              {worker, gpu} selected on the canvas (links keep it), nulls if none
//   explorer.explanation(format)      "markdown" (what `placement schedule|scale-down FILE --markdown`
//                                     prints; scale-down when that step is open) or "text"
//   await explorer.settled()          no recompute pending (what-if searches included) and a frame drawn after it
//   await explorer.resultDrawn()      performance.now() at the end of the first frame that draws a decision
//                                     the app took after this call (the page's measurements time edits by it)
//   await explorer.saveImage()        the canvas as the next frame draws it, a PNG data: URL
//                                     (as large as the canvas's backing store, in device pixels)
// What-if answers for the scenario shown, computed on the calling thread; each is JSON text, what
// the CLI prints with --json for the same scenario:
//   explorer.capacity(limit = 256)    `placement capacity FILE --limit N --json`
//   explorer.advise(replicas = 1)     `placement advise FILE --replicas K --json`
//   explorer.compare(baseline)        `placement diff BASELINE SHOWN --json` (baseline: text or object)
//   explorer.sweep(spec)              `placement sweep FILE --set SPEC --json` ("SETTING=V1,V2,...")

export function createExplorerApi(win) {
  let M = null;
  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  ready.catch(() => {});  // the page reports the failure itself

  const need = () => {
    if (!M) throw new Error('explorer is not ready yet: await explorer.ready');
    return M;
  };
  const nextFrame = () => new Promise((r) => win.requestAnimationFrame(() => r()));
  // Waiters of resultDrawn(): resolved after the app's frame that drew the next decision.
  let decisionWaiters = [];
  // Runs f right after the app's next drawn frame (Module.peAfterDraw, ui/platform/web_main.cpp).
  const afterDraw = (m, f) => { (m.peAfterDraw = m.peAfterDraw || []).push(f); };

  return {
    api: {
      ready,
      loadScenario(json) {
        const text = typeof json === 'string' ? json : JSON.stringify(json);
        const error = need().loadScenario(text);
        return error ? error : null;
      },
      scenario: () => need().scenario(),
      result: () => need().result(),
      scaleDownResult: () => need().scaleDownResult(),
      items: () => JSON.parse(need().items()),
      deploy: () => need().deploy(),
      step: (name) => need().step(name),
      currentStep: () => need().currentStep(),
      selection: () => JSON.parse(need().selection()),
      explanation: (format = 'markdown') => need().explanation(format),
      // WebGL clears the drawing buffer after each frame is shown, so the canvas is read in the
      // app's own frame, right after it drew (Module.peAfterDraw, ui/platform/web_main.cpp).
      saveImage() {
        const m = need();
        return new Promise((resolve, reject) => {
          afterDraw(m, () => {
            try { resolve(m.canvas.toDataURL('image/png')); } catch (e) { reject(e); }
          });
        });
      },
      resultDrawn() {
        need();
        return new Promise((resolve) => decisionWaiters.push(resolve));
      },
      capacity: (limit = 256) => need().capacity(need().scenario(), limit),
      advise: (replicas = 1) => need().advise(need().scenario(), replicas),
      compare: (baseline) => need().compare(typeof baseline === 'string' ? baseline : JSON.stringify(baseline), need().scenario()),
      sweep: (spec) => need().sweep(need().scenario(), spec),
      async settled() {
        await ready;
        do await nextFrame(); while (need().busy());
        await nextFrame();  // items() then describe a frame drawn with the final result
      },
    },
    attach(module) { M = module; },
    // The app took a decision for the scenario shown (peHost.announce): it is drawn in this frame.
    decided() {
      if (!M || !decisionWaiters.length) return;
      const waiters = decisionWaiters;
      decisionWaiters = [];
      afterDraw(M, () => { const t = win.performance.now(); for (const w of waiters) w(t); });
    },
    resolve: () => resolveReady(),
    reject: (e) => rejectReady(e),
  };
}
