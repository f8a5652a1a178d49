/**
 * Draws the lazy-load placeholder, `app/skeleton.gif`: a light band sweeping over the neutral
 * skeleton colour, looped. The lazy image shows it behind a picture until it has loaded. The
 * stylesheet imports it, so the build names it by its hash under `/assets/`, cached for good.
 *
 *   node --import tsx apps/web/scripts/skeleton-gif.ts
 */
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const out = fileURLToPath(new URL("../app/skeleton.gif", import.meta.url));
const width = 96;
const height = 32;
const frames = 18;
// Tailwind's stone-200 (the skeleton) and stone-50 (the band): the site's neutral palette.
const base = [0xe7, 0xe5, 0xe4];
const band = [0xfa, 0xfa, 0xf9];

const pixels = Buffer.alloc(width * height * frames * 3);
for (let frame = 0; frame < frames; frame++) {
  // The band's centre travels from beyond the left edge to beyond the right one.
  const centre = -width * 0.5 + (frame / frames) * width * 2;
  for (let x = 0; x < width; x++) {
    const strength = Math.max(0, 1 - Math.abs(x - centre) / (width * 0.35));
    const colour = base.map((b, i) => Math.round(b + (band[i]! - b) * strength ** 2));
    for (let y = 0; y < height; y++) {
      pixels.set(colour, ((frame * height + y) * width + x) * 3);
    }
  }
}

await sharp(pixels, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
  .gif({ loop: 0, delay: Array.from({ length: frames }, () => 80), colours: 16, effort: 10 })
  .toFile(out);
console.log(`wrote ${out}`);
