// Decodes the 8-bit RGB/RGBA, non-interlaced PNGs that Chromium's screenshots are, so tests can
// look for colours (e.g. the selection outline) without another package.
'use strict';
const zlib = require('zlib');

function decodePng(buf) {
  if (buf.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let at = 8, width = 0, height = 0, channels = 0;
  const idat = [];
  while (at < buf.length) {
    const len = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('only 8-bit non-interlaced PNGs');
      channels = { 2: 3, 6: 4 }[data[9]];
      if (!channels) throw new Error('only RGB or RGBA PNGs');
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(width * height * 4);
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? line[i - channels] : 0, b = prev[i], c = i >= channels ? prev[i - channels] : 0;
      let add = 0;
      if (filter === 1) add = a;
      else if (filter === 2) add = b;
      else if (filter === 3) add = (a + b) >> 1;
      else if (filter === 4) { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c); add = pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
      line[i] = (line[i] + add) & 255;
    }
    for (let x = 0; x < width; x++) {
      for (let k = 0; k < 3; k++) out[(y * width + x) * 4 + k] = line[x * channels + k];
      out[(y * width + x) * 4 + 3] = channels === 4 ? line[x * channels + 3] : 255;
    }
    prev = line;
  }
  return { width, height, rgba: out };
}

// How many pixels are within `tolerance` of [r, g, b].
function countColour(png, [r, g, b], tolerance = 24) {
  let n = 0;
  for (let i = 0; i < png.rgba.length; i += 4) {
    if (Math.abs(png.rgba[i] - r) <= tolerance && Math.abs(png.rgba[i + 1] - g) <= tolerance && Math.abs(png.rgba[i + 2] - b) <= tolerance) n++;
  }
  return n;
}

// How many distinct colours (quantised to 4 bits a channel): a blank canvas has one or two.
function distinctColours(png) {
  const seen = new Set();
  for (let i = 0; i < png.rgba.length; i += 4) seen.add(((png.rgba[i] >> 4) << 8) | ((png.rgba[i + 1] >> 4) << 4) | (png.rgba[i + 2] >> 4));
  return seen.size;
}

module.exports = { decodePng, countColour, distinctColours };
