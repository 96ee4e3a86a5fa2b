// A minimal test runner: named async tests run one after another, each reported as PASS/FAIL with
// the reason; exit status 1 if any failed. `--only SUBSTRING` runs the matching tests.
'use strict';

function createRunner() {
  const tests = [];
  return {
    test(name, fn) { tests.push({ name, fn }); },
    async run(argv, makeFixture, closeFixture) {
      const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : null;
      let passed = 0, failed = 0;
      for (const t of tests) {
        if (only && !t.name.includes(only)) continue;
        const started = Date.now();
        const fixture = await makeFixture();
        try {
          await t.fn(fixture);
          passed++;
          console.log(`PASS ${t.name} (${Date.now() - started} ms)`);
        } catch (e) {
          failed++;
          console.log(`FAIL ${t.name} (${Date.now() - started} ms)\n     ${String(e && e.stack || e).split('\n').slice(0, 4).join('\n     ')}`);
        } finally {
          await closeFixture(fixture);
        }
      }
      console.log(`${passed} passed, ${failed} failed`);
      return failed === 0 && passed > 0;
    },
  };
}

module.exports = { createRunner };
