#!/usr/bin/env node
/**
 * Draws the console's icons (a white envelope on a purple square) into public/ as PNG and SVG.
 * No image tool is available on the build machines, so this is plain geometry, supersampled for
 * antialiasing, and a minimal PNG encoder on node:zlib. Run it after changing the drawing:
 *   node scripts/make-icons.mjs
 * The outputs are committed; the build does not run this script.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const iconsDir = join(root, 'public', 'icons');

// Same purple as the manifest's theme_color.
const PURPLE = [0x6d, 0x28, 0xd9];
const WHITE = [0xff, 0xff, 0xff];

/**
 * The drawing in unit coordinates (0..1 on both axes). `square` is the purple background; the
 * envelope is centred, `scale` of the canvas wide.
 */
function design({ fullBleed, scale }) {
  const w = scale;
  const h = scale * 0.7;
  const x0 = 0.5 - w / 2;
  const y0 = 0.5 - h / 2;
  return {
    square: fullBleed ? { x: 0, y: 0, w: 1, h: 1, r: 0 } : { x: 0, y: 0, w: 1, h: 1, r: 0.1875 },
    envelope: { x: x0, y: y0, w, h, r: scale * 0.06 },
    // The flap: a V from the top corners down to just below the middle of the envelope.
    flap: [
      [x0 + w * 0.06, y0 + h * 0.08],
      [0.5, y0 + h * 0.58],
      [x0 + w * 0.94, y0 + h * 0.08],
    ],
    stroke: scale * 0.065,
  };
}

function insideRoundedRect(px, py, { x, y, w, h, r }) {
  if (px < x || py < y || px > x + w || py > y + h) return false;
  // Distance to the nearest corner centre only matters in the corner boxes.
  const cx = Math.min(Math.max(px, x + r), x + w - r);
  const cy = Math.min(Math.max(py, y + r), y + h - r);
  return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
}

function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Colour of one sample point: [r, g, b, a] with a in 0..1. */
function sample(px, py, d) {
  if (!insideRoundedRect(px, py, d.square)) return [0, 0, 0, 0];
  if (!insideRoundedRect(px, py, d.envelope)) return [...PURPLE, 1];
  const [a, b, c] = d.flap;
  const onFlap = Math.min(distanceToSegment(px, py, a, b), distanceToSegment(px, py, b, c)) <= d.stroke / 2;
  return onFlap ? [...PURPLE, 1] : [...WHITE, 1];
}

const SUPERSAMPLING = 4;

/** RGBA pixels, straight alpha, averaged over SUPERSAMPLING² samples (premultiplied while summing). */
function rasterize(size, d) {
  const pixels = Buffer.alloc(size * size * 4);
  const n = SUPERSAMPLING;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const [sr, sg, sb, sa] = sample((x + (sx + 0.5) / n) / size, (y + (sy + 0.5) / n) / size, d);
          r += sr * sa; g += sg * sa; b += sb * sa; a += sa;
        }
      }
      const o = (y * size + x) * 4;
      if (a > 0) {
        pixels[o] = Math.round(r / a);
        pixels[o + 1] = Math.round(g / a);
        pixels[o + 2] = Math.round(b / a);
      }
      pixels[o + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** 8-bit RGBA, no interlace, filter type 0 on every row: small enough for flat-colour icons. */
function encodePng(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const stride = size * 4;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let y = 0; y < size; y++) pixels.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Maskable icons may be cropped to a circle of 40% radius (the W3C safe zone); fail loudly rather
 * than ship an icon whose envelope gets clipped on some launcher.
 */
function assertInsideSafeZone(size, d) {
  const { x, y, w, h } = d.envelope;
  const corners = [[x, y], [x + w, y], [x, y + h], [x + w, y + h]];
  const worst = Math.max(...corners.map(([cx, cy]) => Math.hypot(cx - 0.5, cy - 0.5)));
  if (worst > 0.4) throw new Error(`maskable ${size}px: drawing reaches ${worst.toFixed(3)} of 0.4 safe radius`);
}

const f = (v) => +(v * 512).toFixed(2);

function svg(d) {
  const { square: s, envelope: e, flap } = d;
  const points = flap.map(([px, py]) => `${f(px)},${f(py)}`).join(' ');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">',
    `  <rect x="${f(s.x)}" y="${f(s.y)}" width="${f(s.w)}" height="${f(s.h)}" rx="${f(s.r)}" fill="#6d28d9"/>`,
    `  <rect x="${f(e.x)}" y="${f(e.y)}" width="${f(e.w)}" height="${f(e.h)}" rx="${f(e.r)}" fill="#ffffff"/>`,
    `  <polyline points="${points}" fill="none" stroke="#6d28d9" stroke-width="${f(d.stroke)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    '</svg>',
    '',
  ].join('\n');
}

const regular = design({ fullBleed: false, scale: 0.6 });
const maskable = design({ fullBleed: true, scale: 0.5 });
assertInsideSafeZone(512, maskable);

mkdirSync(iconsDir, { recursive: true });
const outputs = [
  ['icons/icon-192.png', encodePng(192, rasterize(192, regular))],
  ['icons/icon-512.png', encodePng(512, rasterize(512, regular))],
  ['icons/maskable-512.png', encodePng(512, rasterize(512, maskable))],
  ['icons/icon.svg', svg(regular)],
  ['favicon.svg', svg(regular)],
];
for (const [name, data] of outputs) {
  writeFileSync(join(root, 'public', name), data);
  console.log(`public/${name} (${data.length} bytes)`);
}
