// Runs a test runner's tests in Chromium against folders served on loopback: each test gets a
// fresh browser context (own storage, clipboard allowed) and the server's URL. Exits with the result.
'use strict';
const { serve } = require('./static_server');
const { launch, newContext } = require('./chromium');

async function runInBrowser(runner, argv, roots) {
  const server = await serve(roots);
  const browser = await launch();
  let ok = false;
  try {
    ok = await runner.run(argv,
      async () => ({ context: await newContext(browser, server.url), url: server.url }),
      async ({ context }) => context.close());
  } finally {
    await browser.close();
    await server.close();
  }
  process.exit(ok ? 0 : 1);
}

module.exports = { runInBrowser };
