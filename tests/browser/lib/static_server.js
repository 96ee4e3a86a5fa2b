// A static file server on loopback for the browser tests: serves a folder (build/web) with the
// content types a browser needs (application/wasm for streaming compile), and can lay other
// folders over paths (the page-side tests swap in a stand-in module).
'use strict';
const http = require('http');
const fs = require('fs');
const path = require('path');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.css': 'text/css', '.png': 'image/png',
};

// roots: [{prefix: '/', dir}], first match wins (longest prefixes first).
function serve(roots) {
  const ordered = [...roots].sort((a, b) => b.prefix.length - a.prefix.length);
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    for (const { prefix, dir } of ordered) {
      if (!urlPath.startsWith(prefix)) continue;
      let file = path.join(dir, urlPath.slice(prefix.length));
      if (!file.startsWith(path.resolve(dir))) break;
      if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
      if (!fs.existsSync(file)) continue;
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-store' });
      fs.createReadStream(file).pipe(res);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('not found: ' + urlPath);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) });
  }));
}

module.exports = { serve };
