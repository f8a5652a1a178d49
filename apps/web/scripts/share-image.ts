/**
 * Draws the Open Graph share image (1200×630) as SVG and renders it to
 * `public/share-image.png` with headless Chromium.
 *
 *   node --import tsx apps/web/scripts/share-image.ts
 *
 * Chromium: CHROMIUM_PATH, else /usr/bin/chromium (Debian: `apt-get install chromium`).
 */
import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const width = 1200;
const height = 630;
const out = fileURLToPath(new URL("../public/share-image.png", import.meta.url));

// Inter, as on the site, embedded so the image does not depend on the fonts of the machine.
const require = createRequire(import.meta.url);
const fontFile = require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
const font = readFileSync(fontFile).toString("base64");

// Tailwind's orange and stone palettes (the site's primary and neutral colours).
const orange = { 300: "#fdba74", 500: "#f97316", 600: "#ea580c", 700: "#c2410c" };
const stone = { 50: "#fafaf9", 300: "#d6d3d1", 800: "#292524", 900: "#1c1917" };

/** A ticket with notches on both sides and a perforation line, at (x, y) in a w×h box. */
function ticket(x: number, y: number, w: number, h: number, fill: string, cut: string) {
  const r = h * 0.14;
  const notch = h * 0.16;
  const mid = y + h / 2;
  const stub = x + w * 0.68;
  const path = [
    `M${x + r} ${y}`,
    `H${x + w - r}`,
    `A${r} ${r} 0 0 1 ${x + w} ${y + r}`,
    `V${mid - notch}`,
    `A${notch} ${notch} 0 0 0 ${x + w} ${mid + notch}`,
    `V${y + h - r}`,
    `A${r} ${r} 0 0 1 ${x + w - r} ${y + h}`,
    `H${x + r}`,
    `A${r} ${r} 0 0 1 ${x} ${y + h - r}`,
    `V${mid + notch}`,
    `A${notch} ${notch} 0 0 0 ${x} ${mid - notch}`,
    `V${y + r}`,
    `A${r} ${r} 0 0 1 ${x + r} ${y}`,
    "Z",
  ].join(" ");
  const dashes = Array.from({ length: 5 }, (_, index) => {
    const y1 = y + h * 0.14 + index * h * 0.16;
    return `<line x1="${stub}" y1="${y1}" x2="${stub}" y2="${y1 + h * 0.08}" stroke="${cut}" stroke-width="${w * 0.025}" stroke-linecap="round"/>`;
  }).join("");
  return `<path d="${path}" fill="${fill}"/>${dashes}`;
}

const svg = `
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${stone[900]}"/>
  <circle cx="1090" cy="-40" r="330" fill="${orange[600]}"/>
  <circle cx="1160" cy="610" r="190" fill="${stone[800]}"/>
  <rect x="0" y="${height - 18}" width="${width}" height="18" fill="${orange[500]}"/>
  <g transform="rotate(-12 980 330)">
    ${ticket(820, 250, 330, 170, stone[50], stone[900])}
    <rect x="856" y="300" width="150" height="16" rx="8" fill="${orange[600]}"/>
    <rect x="856" y="334" width="110" height="12" rx="6" fill="${stone[300]}"/>
    <rect x="856" y="358" width="130" height="12" rx="6" fill="${stone[300]}"/>
  </g>
  <g transform="translate(88 150)">
    ${ticket(0, 0, 120, 80, orange[500], stone[900])}
  </g>
  <text x="88" y="360" font-family="Inter" font-weight="800" font-size="128" letter-spacing="-4" fill="${stone[50]}">Eventwerk</text>
  <text x="92" y="440" font-family="Inter" font-weight="600" font-size="52" fill="${orange[300]}">Veranstaltungen &amp; Tickets</text>
  <rect x="92" y="490" width="120" height="8" rx="4" fill="${orange[500]}"/>
</svg>`;

const html = `<!doctype html>
<html><head><meta charset="utf-8"><style>
@font-face { font-family: "Inter"; font-weight: 100 900; src: url(data:font/woff2;base64,${font}) format("woff2"); }
html, body { margin: 0; padding: 0; background: ${stone[900]}; }
svg { display: block; }
</style></head><body>${svg}</body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  await page.setContent(html);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: out, type: "png", clip: { x: 0, y: 0, width, height } });
} finally {
  await browser.close();
}

const size = statSync(out).size;
console.log(`${out}: ${width}×${height}, ${Math.round(size / 1024)} kB`);
if (size >= 120 * 1024) {
  console.error("The share image must stay under 120 kB.");
  process.exitCode = 1;
}
