// What the explorer's browser suites (explorer_*_test.js, one per feature) share: where the page,
// the examples and the artifacts are, scenario helpers, and the runner's start in Chromium.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const assert = require('assert/strict');
const { runInBrowser } = require('./browser_suite');
const { createRunner } = require('./runner');
const ex = require('./explorer_page');
const { ROOT } = require('./native_cli');

const argv = process.argv.slice(2);
const WEB = path.resolve(argv.includes('--web') ? argv[argv.indexOf('--web') + 1] : path.join(ROOT, 'build/web'));
const ARTIFACTS = path.join(ROOT, 'build/test-artifacts');
const EXAMPLES = path.join(ROOT, 'examples/scenarios');
const GGUF = path.join(ROOT, 'tests/data/gguf');

const readExample = (name) => fs.readFileSync(path.join(EXAMPLES, name), 'utf8');
// Same document, whatever the whitespace: scenario() is dump(2) of what was loaded.
const sameDocument = (a, b) => assert.equal(JSON.stringify(JSON.parse(a)), JSON.stringify(JSON.parse(b)));
// A link made in Node with zlib, independent of the page: "v1." + base64url(raw deflate).
const fragmentOf = (text) => 'v1.' + zlib.deflateRawSync(Buffer.from(text)).toString('base64url');

// A screenshot of the page kept in build/test-artifacts/NAME; returns the PNG bytes.
function shot(page, name, options = {}) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return page.screenshot({ ...options, path: path.join(ARTIFACTS, name) });
}

const doc = async (page) => JSON.parse(await ex.scenario(page));
// The instances of the scenario's own model.
const mine = (d) => d.model_instances.filter((i) => i.model_id === d.model.id).length;
const itemLabel = async (page, id) => (await ex.findItem(page, id)).label;

async function loadText(page, text) {
  assert.equal(await page.evaluate((t) => window.explorer.loadScenario(t), text), null);
  await ex.settled(page);
}
const loadExample = (page, name) => loadText(page, readExample(name));

// The first example with `count` workers (copies of its first one), so the panels scroll.
function manyWorkers(count) {
  const d = JSON.parse(readExample('binpack-vs-spread.json'));
  const first = d.workers[0];
  const maxId = Math.max(...d.workers.map((w) => w.id));
  for (let i = 1; d.workers.length < count; i++) d.workers.push({ ...JSON.parse(JSON.stringify(first)), id: maxId + i, name: `extra-${i}` });
  return JSON.stringify(d);
}

// The workers drawn in view (cards or rows).
const workerItems = (all) => all.filter((i) => /^worker\/[^/]+$/.test(i.id) && i.visible);

// `act` must show an error and leave the scenario as it was.
async function assertErrorKeepsScenario(page, act, pattern) {
  await ex.settled(page);
  const before = await ex.scenario(page);
  await ex.clearStatus(page);
  await act();
  const status = await ex.waitForStatus(page, 'error');
  assert.match(status.text, pattern);
  await ex.settled(page);
  assert.equal(await ex.scenario(page), before, 'the scenario changed');
}

// A runner whose tests run in Chromium against build/web (or --web DIR) when run() is called.
function explorerSuite(name) {
  const runner = createRunner();
  return {
    test: runner.test,
    async run() {
      if (!fs.existsSync(path.join(WEB, 'explorer.js'))) {
        console.error(`${name}: ${WEB}/explorer.js is missing; build it with scripts/build-web.sh`);
        process.exit(1);
      }
      await runInBrowser(runner, argv, [{ prefix: '/', dir: WEB }]);
    },
  };
}

module.exports = {
  WEB, ARTIFACTS, EXAMPLES, GGUF, readExample, sameDocument, fragmentOf, shot, doc, mine, itemLabel, loadText, loadExample,
  manyWorkers, workerItems, assertErrorKeepsScenario, explorerSuite,
};
