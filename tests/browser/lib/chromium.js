// Debian's headless Chromium through playwright-core, with the flags that make WebGL2 render on
// SwiftShader here (../shared/toolchain.md). Never a downloaded browser.
'use strict';
const { chromium } = require('../node_modules/playwright-core');

const CHROMIUM = process.env.PE_CHROMIUM || '/usr/bin/chromium';
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];

function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
}

// A fresh profile per context: its own localStorage, clipboard allowed.
async function newContext(browser, baseURL) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  return context;
}

module.exports = { launch, newContext, CHROMIUM, FLAGS };
