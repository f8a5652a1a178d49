/**
 * Draws the bundled cover artwork: abstract SVG pictures per event category (no text), rendered
 * to WebP in every cover width under `apps/api/assets/covers/<category>-<variant>-<width>.webp`.
 * Deterministic, so running it again gives the same pictures.
 *
 *   node --import tsx apps/api/scripts/covers.ts
 */
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import {
  type CoverCategory,
  coverCategories,
  coverDir,
  coverHeight,
  coverName,
  coverVariants,
  coverWidths,
} from "../src/seed/data/covers.ts";

const W = 1600;
const H = 900;
const MAX_BYTES = 60 * 1024;
const outDir = fileURLToPath(new URL(`../assets/${coverDir}`, import.meta.url));

function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    range: (min: number, max: number) => min + next() * (max - min),
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
type Rng = ReturnType<typeof random>;

const n = (value: number) => Number(value.toFixed(1));
const linear = (id: string, stops: [number, string, number?][], x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`)
    .join("")}</linearGradient>`;
const radial = (id: string, stops: [number, string, number?][]) =>
  `<radialGradient id="${id}">${stops
    .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`)
    .join("")}</radialGradient>`;
const blur = (id: string, amount: number) =>
  `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${amount}"/></filter>`;
const rect = (fill: string, extra = "") =>
  `<rect width="${W}" height="${H}" fill="${fill}" ${extra}/>`;

/** Palettes per variant: background dark/light and three accents. */
type Palette = { bg: [string, string]; a: string; b: string; c: string };

type Draw = (rng: Rng, p: Palette, variant: number) => { defs: string; body: string };

const palettes: Record<CoverCategory, Palette[]> = {
  concerts: [
    { bg: ["#0b1026", "#2a0f4a"], a: "#ff4fa3", b: "#4fd1ff", c: "#ffd166" },
    { bg: ["#04151f", "#0b3d4f"], a: "#2ee6c5", b: "#f9f871", c: "#ff6f59" },
    { bg: ["#1a0505", "#4a1020"], a: "#ff9f1c", b: "#ffbf69", c: "#e63946" },
    { bg: ["#0d0d1a", "#1d2b64"], a: "#a78bfa", b: "#60a5fa", c: "#f472b6" },
  ],
  festivals: [
    { bg: ["#ff9a56", "#ffd56b"], a: "#e63946", b: "#2a9d8f", c: "#264653" },
    { bg: ["#7f5af0", "#ff8fab"], a: "#ffd166", b: "#06d6a0", c: "#3a0ca3" },
    { bg: ["#48cae4", "#ade8f4"], a: "#f77f00", b: "#d62828", c: "#2b9348" },
    { bg: ["#f72585", "#ffb703"], a: "#4361ee", b: "#4cc9f0", c: "#3c096c" },
  ],
  theatre: [
    { bg: ["#0a0606", "#1f0b0b"], a: "#b3001b", b: "#fff3c4", c: "#d4a017" },
    { bg: ["#06060f", "#151530"], a: "#5b2a86", b: "#e0e7ff", c: "#c9a227" },
    { bg: ["#030b0b", "#0d2424"], a: "#0f6e6e", b: "#fefae0", c: "#e9c46a" },
    { bg: ["#0c0804", "#2b1a08"], a: "#9c4f16", b: "#fff1d6", c: "#f4d35e" },
  ],
  comedy: [
    { bg: ["#7a2e1f", "#9c3d28"], a: "#ffd23f", b: "#fff8e7", c: "#ee4266" },
    { bg: ["#1f3a5f", "#2b4f7e"], a: "#ff9f1c", b: "#fdfffc", c: "#2ec4b6" },
    { bg: ["#3d1f4f", "#5a2d73"], a: "#f7b801", b: "#fff", c: "#f35b04" },
    { bg: ["#234d20", "#36802d"], a: "#f6f740", b: "#fffbe6", c: "#ff595e" },
  ],
  sports: [
    { bg: ["#1b5e20", "#2e7d32"], a: "#ffffff", b: "#111111", c: "#c8e6c9" },
    { bg: ["#c46a2d", "#e0894a"], a: "#fdf0d5", b: "#e85d04", c: "#1d3557" },
    { bg: ["#dff3fb", "#b8e2f2"], a: "#d00000", b: "#1d3557", c: "#0077b6" },
    { bg: ["#1565c0", "#1e88e5"], a: "#ffffff", b: "#d4e157", c: "#0d47a1" },
  ],
  family: [
    { bg: ["#8ecae6", "#caf0f8"], a: "#ff006e", b: "#ffbe0b", c: "#3a86ff" },
    { bg: ["#ffd6e0", "#fff1e6"], a: "#06d6a0", b: "#ef476f", c: "#118ab2" },
    { bg: ["#b9fbc0", "#f1ffe7"], a: "#f15bb5", b: "#fee440", c: "#00bbf9" },
    { bg: ["#cdb4db", "#ffc8dd"], a: "#ff7b00", b: "#43aa8b", c: "#577590" },
  ],
  exhibitions: [
    { bg: ["#efe9e1", "#d8cfc4"], a: "#d62828", b: "#003049", c: "#fcbf49" },
    { bg: ["#e8eef2", "#c9d6df"], a: "#2a9d8f", b: "#e76f51", c: "#264653" },
    { bg: ["#2b2d42", "#3d405b"], a: "#f2cc8f", b: "#81b29a", c: "#e07a5f" },
    { bg: ["#f4f1de", "#e5dcc5"], a: "#3d5a80", b: "#ee6c4d", c: "#98c1d9" },
  ],
  workshops: [
    { bg: ["#c08552", "#8c5a3c"], a: "#f4d35e", b: "#0d3b66", c: "#ee964b" },
    { bg: ["#d4a373", "#bc8a5f"], a: "#e63946", b: "#f1faee", c: "#457b9d" },
    { bg: ["#a3b18a", "#588157"], a: "#fefae0", b: "#dda15e", c: "#bc6c25" },
    { bg: ["#e9d8a6", "#ca9a5b"], a: "#005f73", b: "#ae2012", c: "#94d2bd" },
  ],
  nightlife: [
    { bg: ["#090014", "#2d0a4e"], a: "#ff00c8", b: "#00f0ff", c: "#fffb00" },
    { bg: ["#00040d", "#001f3f"], a: "#39ff14", b: "#00d9ff", c: "#ff2079" },
    { bg: ["#12001a", "#3b0033"], a: "#ff2079", b: "#ffb800", c: "#8a2be2" },
    { bg: ["#020617", "#172554"], a: "#22d3ee", b: "#e879f9", c: "#facc15" },
  ],
  conferences: [
    { bg: ["#0b2545", "#13315c"], a: "#8da9c4", b: "#5bc0eb", c: "#fde74c" },
    { bg: ["#0f172a", "#1e3a8a"], a: "#38bdf8", b: "#a5b4fc", c: "#34d399" },
    { bg: ["#003d33", "#00695c"], a: "#80cbc4", b: "#ffd54f", c: "#e0f2f1" },
    { bg: ["#2d1e2f", "#4a3050"], a: "#f4a261", b: "#e9c46a", c: "#a8dadc" },
  ],
};

const background = (p: Palette, diagonal = false) =>
  linear(
    "bg",
    [
      [0, p.bg[0]],
      [1, p.bg[1]],
    ],
    diagonal ? 1 : 0,
    1,
  );

const concerts: Draw = (rng, p, variant) => {
  let body = rect("url(#bg)");
  // Stage light beams from the top.
  for (let i = 0; i < 4; i++) {
    const x = 200 + i * 400 + rng.range(-80, 80);
    const spread = rng.range(180, 320);
    body += `<polygon points="${n(x - 20)},0 ${n(x + 20)},0 ${n(x + spread)},${H} ${n(x - spread)},${H}" fill="url(#beam)" opacity="${n(rng.range(0.25, 0.5))}"/>`;
  }
  // Sound waves across the picture.
  const colors = [p.a, p.b, p.c];
  const waves = 6 + variant;
  for (let i = 0; i < waves; i++) {
    const amp = rng.range(40, 160);
    const freq = rng.range(1.5, 4);
    const phase = rng.range(0, Math.PI * 2);
    const mid = H * 0.55 + rng.range(-60, 60);
    let d = "";
    for (let x = 0; x <= W; x += 20) {
      const envelope = Math.sin((x / W) * Math.PI);
      const y = mid + Math.sin((x / W) * Math.PI * 2 * freq + phase) * amp * envelope;
      d += `${x === 0 ? "M" : "L"}${x},${n(y)}`;
    }
    const color = colors[i % 3]!;
    body += `<path d="${d}" fill="none" stroke="${color}" stroke-width="14" opacity="0.35" filter="url(#glow)"/>`;
    body += `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(rng.range(3, 6))}" opacity="0.9"/>`;
  }
  if (variant % 2 === 1) {
    // Equaliser bars along the bottom.
    for (let x = 40; x < W; x += 48) {
      const h = 40 + Math.abs(Math.sin(x / 130 + variant)) * 160 + rng.range(0, 60);
      body += `<rect x="${x}" y="${n(H - h)}" width="30" height="${n(h)}" rx="6" fill="${colors[((x / 48) % 3) | 0]}" opacity="0.75"/>`;
    }
  } else {
    // A vinyl record rising like a moon.
    const cx = variant === 0 ? 1250 : 330;
    body += `<circle cx="${cx}" cy="230" r="170" fill="#050505" opacity="0.85"/>`;
    for (let r = 60; r < 170; r += 14)
      body += `<circle cx="${cx}" cy="230" r="${r}" fill="none" stroke="#333" stroke-width="2"/>`;
    body += `<circle cx="${cx}" cy="230" r="50" fill="${p.c}"/><circle cx="${cx}" cy="230" r="8" fill="#050505"/>`;
  }
  return {
    defs:
      background(p) +
      linear("beam", [
        [0, "#ffffff", 0.9],
        [1, "#ffffff", 0],
      ]) +
      blur("glow", 10),
    body,
  };
};

const festivals: Draw = (rng, p, variant) => {
  let body = rect("url(#bg)");
  const sunX = rng.range(300, 1300);
  body += `<circle cx="${n(sunX)}" cy="330" r="260" fill="url(#halo)"/><circle cx="${n(sunX)}" cy="330" r="130" fill="#fff6d5" opacity="0.9"/>`;
  // Rolling hills, back to front.
  const hills = [p.c, p.b, p.a];
  hills.forEach((color, i) => {
    const base = 560 + i * 110;
    let d = `M0,${H} L0,${base}`;
    for (let x = 0; x <= W; x += 200) {
      d += ` Q${x + 100},${n(base - rng.range(40, 140))} ${x + 200},${n(base + rng.range(-20, 20))}`;
    }
    body += `<path d="${d} L${W},${H} Z" fill="${color}" opacity="${0.55 + i * 0.2}"/>`;
  });
  // Tents on the middle hill.
  if (variant !== 2) {
    for (let i = 0; i < 3; i++) {
      const x = 250 + i * 480 + rng.range(-60, 60);
      const y = 640 + rng.range(-20, 20);
      const w = rng.range(120, 190);
      body += `<polygon points="${n(x)},${n(y - w * 0.9)} ${n(x + w)},${n(y + 40)} ${n(x - w)},${n(y + 40)}" fill="#fff" opacity="0.92"/>`;
      body += `<polygon points="${n(x)},${n(y - w * 0.9)} ${n(x + w * 0.25)},${n(y + 40)} ${n(x - w * 0.25)},${n(y + 40)}" fill="${hills[i]}"/>`;
    }
  }
  // Bunting across the top.
  for (let row = 0; row < 2; row++) {
    const y0 = 70 + row * 90;
    const sag = 90 + row * 30;
    body += `<path d="M0,${y0} Q${W / 2},${y0 + sag * 2} ${W},${y0}" stroke="#fff" stroke-width="3" fill="none" opacity="0.8"/>`;
    for (let x = 40; x < W; x += 90) {
      const t = x / W;
      const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (y0 + sag * 2) + t * t * y0;
      const color = [p.a, p.b, p.c, "#ffffff"][((x / 90) | 0) % 4];
      body += `<polygon points="${x - 24},${n(y)} ${x + 24},${n(y)} ${x},${n(y + 56)}" fill="${color}"/>`;
    }
  }
  // Confetti.
  for (let i = 0; i < 70; i++) {
    body += `<rect x="${n(rng.range(0, W))}" y="${n(rng.range(200, 600))}" width="14" height="7" fill="${rng.pick([p.a, p.b, p.c, "#fff"])}" transform="rotate(${n(rng.range(0, 180))} ${n(rng.range(0, W))} ${n(rng.range(200, 600))})" opacity="0.8"/>`;
  }
  return {
    defs:
      background(p) +
      radial("halo", [
        [0, "#fff6d5", 0.8],
        [1, "#fff6d5", 0],
      ]),
    body,
  };
};

const theatre: Draw = (rng, p, variant) => {
  let body = rect("url(#bg)");
  // Stage floor.
  body += `<ellipse cx="800" cy="860" rx="760" ry="150" fill="${p.c}" opacity="0.25"/>`;
  // Spotlight cones and pools of light.
  const spots = variant === 1 ? [800] : variant === 2 ? [520, 1080] : [420, 800, 1180];
  for (const x of spots) {
    const top = x + rng.range(-300, 300);
    body += `<polygon points="${n(top - 15)},0 ${n(top + 15)},0 ${x + 190},800 ${x - 190},800" fill="url(#cone)"/>`;
    body += `<ellipse cx="${x}" cy="800" rx="220" ry="46" fill="${p.b}" opacity="0.55" filter="url(#soft)"/>`;
  }
  // Curtains: folds as vertical gradient stripes, drawn from both sides.
  const curtain = (side: 1 | -1) => {
    let out = "";
    const folds = 6;
    const width = 360 + variant * 20;
    for (let i = 0; i < folds; i++) {
      const x0 = side === 1 ? i * (width / folds) : W - (i + 1) * (width / folds);
      const inset = (i + 1) * (variant === 3 ? 26 : 18);
      const xBottom = side === 1 ? x0 - inset * 0.2 : x0 + inset * 0.2;
      out += `<path d="M${n(x0)},0 L${n(x0 + width / folds)},0 L${n(xBottom + width / folds)},${H} L${n(xBottom)},${H} Z" fill="url(#fold)"/>`;
    }
    return out;
  };
  body += curtain(1) + curtain(-1);
  // Valance with scallops.
  let valance = `M0,0 L${W},0 L${W},110`;
  for (let x = W; x > 0; x -= 100) valance += ` Q${x - 50},190 ${x - 100},110`;
  body += `<path d="${valance} Z" fill="${p.a}"/><path d="${valance} Z" fill="url(#shade)"/>`;
  body += `<rect y="0" width="${W}" height="18" fill="${p.c}"/>`;
  return {
    defs:
      background(p) +
      linear("cone", [
        [0, p.b, 0.55],
        [1, p.b, 0.04],
      ]) +
      linear(
        "fold",
        [
          [0, p.a],
          [0.5, "#000", 0.55],
          [1, p.a],
        ],
        1,
        0,
      ) +
      linear("shade", [
        [0, "#000", 0],
        [1, "#000", 0.45],
      ]) +
      blur("soft", 18),
    body,
  };
};

const comedy: Draw = (rng, p, variant) => {
  let body = rect("url(#bg)");
  // Brick wall.
  for (let row = 0; row < 15; row++) {
    const offset = row % 2 ? 0 : -60;
    for (let x = offset; x < W; x += 120) {
      const shade = rng.range(-0.12, 0.12);
      body += `<rect x="${x + 3}" y="${row * 60 + 3}" width="114" height="54" rx="4" fill="${shade > 0 ? "#fff" : "#000"}" opacity="${n(Math.abs(shade))}"/>`;
    }
  }
  // Spotlight.
  const cx = 560 + variant * 160;
  body += `<circle cx="${cx}" cy="450" r="430" fill="url(#spot)"/>`;
  // Microphone on a stand.
  body += `<rect x="${cx - 6}" y="470" width="12" height="360" fill="#1a1a1a"/>`;
  body += `<ellipse cx="${cx}" cy="840" rx="110" ry="20" fill="#1a1a1a"/>`;
  body += `<rect x="${cx - 34}" y="330" width="68" height="170" rx="22" fill="#2b2b2b"/>`;
  body += `<ellipse cx="${cx}" cy="300" rx="62" ry="78" fill="#8d99ae"/>`;
  for (let i = -2; i <= 2; i++) {
    body += `<line x1="${cx + i * 22}" y1="228" x2="${cx + i * 22}" y2="372" stroke="#5c677d" stroke-width="4"/>`;
    body += `<line x1="${cx - 62}" y1="${300 + i * 26}" x2="${cx + 62}" y2="${300 + i * 26}" stroke="#5c677d" stroke-width="4"/>`;
  }
  body += `<ellipse cx="${cx}" cy="300" rx="62" ry="78" fill="none" stroke="#d9dde3" stroke-width="6"/>`;
  // Speech bubbles with dots (laughter, no words).
  const bubbles = [
    [cx + 360, 220, p.a],
    [cx - 420, 300, p.c],
    [cx + 300, 560, p.b],
  ] as const;
  bubbles.slice(0, 2 + (variant % 2)).forEach(([x, y, color], i) => {
    const w = 240 - i * 30;
    const h = 140 - i * 15;
    const tail = x > cx ? -1 : 1;
    body += `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="${h / 2}" fill="${color}"/>`;
    body += `<polygon points="${x + tail * 30},${y + h / 2 - 10} ${x + tail * 90},${y + h / 2 - 10} ${x + tail * 120},${y + h / 2 + 50}" fill="${color}"/>`;
    for (let d = -1; d <= 1; d++)
      body += `<circle cx="${x + d * 46}" cy="${y}" r="14" fill="${p.bg[0]}"/>`;
  });
  return {
    defs:
      background(p) +
      radial("spot", [
        [0, "#fff8dc", 0.55],
        [0.7, "#fff8dc", 0.12],
        [1, "#fff8dc", 0],
      ]),
    body,
  };
};

const sports: Draw = (rng, p, variant) => {
  let body = rect("url(#bg)");
  const line = (d: string) =>
    `<path d="${d}" fill="none" stroke="${p.a}" stroke-width="8" opacity="0.85"/>`;
  // Stripes in the turf or boards.
  for (let x = 0; x < W; x += 200)
    body += `<rect x="${x}" width="100" height="${H}" fill="#fff" opacity="0.05"/>`;
  if (variant === 0) {
    body +=
      line(`M800,40 L800,860 M60,40 H1540 V860 H60 Z`) +
      `<circle cx="800" cy="450" r="150" fill="none" stroke="${p.a}" stroke-width="8" opacity="0.85"/>`;
    body += line(`M60,250 H300 V650 H60 M1540,250 H1300 V650 H1540`);
  } else if (variant === 1) {
    body +=
      line(`M800,40 V860 M60,40 H1540 V860 H60 Z`) +
      `<circle cx="800" cy="450" r="120" fill="none" stroke="${p.a}" stroke-width="8"/>`;
    body += line(
      `M60,250 H420 V650 H60 M1540,250 H1180 V650 H1540 M60,100 A560,560 0 0 1 60,800 M1540,100 A560,560 0 0 0 1540,800`,
    );
  } else if (variant === 2) {
    body += `<path d="M800,0 V${H}" stroke="${p.a}" stroke-width="12"/><path d="M520,0 V${H} M1080,0 V${H}" stroke="${p.c}" stroke-width="12"/>`;
    body += `<circle cx="800" cy="450" r="140" fill="none" stroke="${p.c}" stroke-width="8"/>`;
    body += `<circle cx="260" cy="260" r="90" fill="none" stroke="${p.a}" stroke-width="6"/><circle cx="1340" cy="640" r="90" fill="none" stroke="${p.a}" stroke-width="6"/>`;
  } else {
    body += line(
      `M100,80 H1500 V820 H100 Z M100,170 H1500 M100,730 H1500 M400,170 V730 M1200,170 V730 M400,450 H1200`,
    );
    body += `<path d="M800,60 V840" stroke="#fff" stroke-width="10" stroke-dasharray="18 10"/>`;
  }
  // Motion streaks.
  const bx = 1000 + rng.range(-120, 160);
  const by = 380 + rng.range(-80, 80);
  for (let i = 0; i < 6; i++) {
    const y = by - 90 + i * 36;
    body += `<rect x="${n(bx - 700 + rng.range(0, 200))}" y="${n(y)}" width="${n(rng.range(260, 520))}" height="10" rx="5" fill="#fff" opacity="${n(rng.range(0.25, 0.6))}"/>`;
  }
  // The ball (or puck).
  if (variant === 0) {
    body += `<circle cx="${n(bx)}" cy="${n(by)}" r="130" fill="#fff" stroke="#111" stroke-width="5"/>`;
    const penta = (cx: number, cy: number, r: number) =>
      Array.from({ length: 5 }, (_, k) => {
        const a = -Math.PI / 2 + (k * 2 * Math.PI) / 5;
        return `${n(cx + r * Math.cos(a))},${n(cy + r * Math.sin(a))}`;
      }).join(" ");
    body += `<polygon points="${penta(bx, by, 44)}" fill="#111"/>`;
    for (let k = 0; k < 5; k++) {
      const a = -Math.PI / 2 + (k * 2 * Math.PI) / 5;
      body += `<polygon points="${penta(bx + 112 * Math.cos(a), by + 112 * Math.sin(a), 34)}" fill="#111"/>`;
    }
  } else if (variant === 1) {
    body += `<circle cx="${n(bx)}" cy="${n(by)}" r="130" fill="${p.b}"/>`;
    body += `<path d="M${n(bx - 130)},${n(by)} H${n(bx + 130)} M${n(bx)},${n(by - 130)} V${n(by + 130)} M${n(bx - 92)},${n(by - 92)} Q${n(bx - 20)},${n(by)} ${n(bx - 92)},${n(by + 92)} M${n(bx + 92)},${n(by - 92)} Q${n(bx + 20)},${n(by)} ${n(bx + 92)},${n(by + 92)}" stroke="#2b1100" stroke-width="7" fill="none"/>`;
  } else if (variant === 2) {
    body += `<ellipse cx="${n(bx)}" cy="${n(by + 30)}" rx="150" ry="60" fill="#111"/><rect x="${n(bx - 150)}" y="${n(by - 10)}" width="300" height="40" fill="#111"/><ellipse cx="${n(bx)}" cy="${n(by - 10)}" rx="150" ry="60" fill="#333"/>`;
  } else {
    body += `<circle cx="${n(bx)}" cy="${n(by)}" r="110" fill="${p.b}"/>`;
    body += `<path d="M${n(bx - 100)},${n(by - 50)} Q${n(bx)},${n(by)} ${n(bx - 100)},${n(by + 50)} M${n(bx + 100)},${n(by - 50)} Q${n(bx)},${n(by)} ${n(bx + 100)},${n(by + 50)}" stroke="#fff" stroke-width="8" fill="none"/>`;
  }
  return { defs: background(p, true), body };
};

const family: Draw = (rng, p, variant) => {
  let body = rect("url(#bg)");
  // Sun and rainbow.
  body += `<circle cx="${variant % 2 ? 1400 : 200}" cy="160" r="90" fill="#ffd60a"/>`;
  const rainbow = ["#ff595e", "#ffca3a", "#8ac926", "#1982c4", "#6a4c93"];
  const rx = variant % 2 ? 520 : 1080;
  rainbow.forEach((color, i) => {
    const r = 420 - i * 42;
    body += `<path d="M${rx - r},${H} A${r},${r} 0 0 1 ${rx + r},${H}" fill="none" stroke="${color}" stroke-width="42" opacity="0.85"/>`;
  });
  // Clouds.
  for (let i = 0; i < 3; i++) {
    const x = rng.range(150, 1450);
    const y = rng.range(120, 380);
    body += `<g fill="#fff" opacity="0.95"><circle cx="${n(x)}" cy="${n(y)}" r="60"/><circle cx="${n(x + 70)}" cy="${n(y - 25)}" r="75"/><circle cx="${n(x + 150)}" cy="${n(y)}" r="58"/><rect x="${n(x)}" y="${n(y)}" width="150" height="58"/></g>`;
  }
  // Balloons.
  const colors = [p.a, p.b, p.c, "#ff8fab", "#80ed99"];
  const count = 5 + variant;
  for (let i = 0; i < count; i++) {
    const x = 160 + (i * (W - 320)) / (count - 1) + rng.range(-40, 40);
    const y = rng.range(260, 520);
    const color = colors[i % colors.length]!;
    body += `<path d="M${n(x)},${n(y + 110)} q-30,60 10,120 q30,60 -10,140" stroke="#555" stroke-width="3" fill="none"/>`;
    body += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="78" ry="98" fill="${color}"/>`;
    body += `<polygon points="${n(x - 12)},${n(y + 108)} ${n(x + 12)},${n(y + 108)} ${n(x)},${n(y + 92)}" fill="${color}"/>`;
    body += `<ellipse cx="${n(x - 26)}" cy="${n(y - 36)}" rx="16" ry="26" fill="#fff" opacity="0.45"/>`;
  }
  // Grass.
  body += `<path d="M0,${H} L0,830 Q400,780 800,830 T${W},820 L${W},${H} Z" fill="#52b788"/>`;
  return { defs: background(p), body };
};

const exhibitions: Draw = (rng, p, variant) => {
  let body = rect("url(#bg)");
  body += `<rect y="720" width="${W}" height="180" fill="#000" opacity="0.18"/><rect y="716" width="${W}" height="8" fill="#000" opacity="0.25"/>`;
  const layouts = [
    [
      [140, 200, 360, 440],
      [620, 140, 420, 520],
      [1160, 240, 300, 360],
    ],
    [
      [180, 180, 520, 380],
      [820, 180, 260, 380],
      [1180, 180, 260, 380],
    ],
    [[300, 160, 1000, 500]],
    [
      [120, 220, 260, 320],
      [460, 160, 300, 420],
      [840, 220, 260, 320],
      [1180, 160, 300, 420],
    ],
  ] as const;
  const frames = layouts[variant % layouts.length]!;
  frames.forEach(([x, y, w, h], i) => {
    // Light from above.
    body += `<ellipse cx="${x + w / 2}" cy="${y - 40}" rx="${w * 0.7}" ry="${h * 0.55}" fill="url(#lamp)"/>`;
    body += `<rect x="${x - 10}" y="${y - 10}" width="${w + 20}" height="${h + 20}" fill="#000" opacity="0.2" transform="translate(10 14)"/>`;
    body += `<rect x="${x - 16}" y="${y - 16}" width="${w + 32}" height="${h + 32}" fill="${variant === 2 ? "#c9a227" : "#1d1d1d"}"/>`;
    body += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#faf7f0"/>`;
    // Abstract art inside each frame.
    const id = `clip${i}`;
    body += `<clipPath id="${id}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath><g clip-path="url(#${id})">`;
    const style = (i + variant) % 3;
    if (style === 0) {
      // Grid of coloured blocks.
      let cy = y;
      while (cy < y + h) {
        const rowH = rng.range(50, 160);
        let cx = x;
        while (cx < x + w) {
          const cellW = rng.range(60, 200);
          body += `<rect x="${n(cx)}" y="${n(cy)}" width="${n(cellW)}" height="${n(rowH)}" fill="${rng.pick([p.a, p.b, p.c, "#faf7f0", "#faf7f0"])}" stroke="#111" stroke-width="8"/>`;
          cx += cellW;
        }
        cy += rowH;
      }
    } else if (style === 1) {
      for (let k = 0; k < 6; k++)
        body += `<circle cx="${n(x + rng.range(0, w))}" cy="${n(y + rng.range(0, h))}" r="${n(rng.range(30, Math.min(w, h) / 2))}" fill="${rng.pick([p.a, p.b, p.c])}" opacity="0.8"/>`;
    } else {
      for (let k = 0; k < 7; k++)
        body += `<rect x="${x - 40}" y="${n(y + (k * h) / 7)}" width="${w + 80}" height="${n(h / 14)}" fill="${rng.pick([p.a, p.b, p.c])}" transform="rotate(${n(rng.range(-18, 18))} ${x + w / 2} ${y + h / 2})"/>`;
    }
    body += "</g>";
  });
  // A bench.
  if (variant !== 2) {
    body += `<rect x="620" y="770" width="360" height="34" rx="6" fill="#3b2f2f"/><rect x="650" y="804" width="20" height="60" fill="#3b2f2f"/><rect x="930" y="804" width="20" height="60" fill="#3b2f2f"/>`;
  }
  return {
    defs:
      background(p) +
      radial("lamp", [
        [0, "#fffbe6", 0.55],
        [1, "#fffbe6", 0],
      ]),
    body,
  };
};

const workshops: Draw = (rng, p, variant) => {
  let body = rect("url(#bg)");
  // Wood grain.
  for (let y = 20; y < H; y += rng.range(30, 70)) {
    body += `<path d="M0,${n(y)} Q400,${n(y + rng.range(-20, 20))} 800,${n(y)} T${W},${n(y)}" stroke="#000" stroke-width="3" opacity="0.08" fill="none"/>`;
  }
  // Sheets of paper.
  for (let i = 0; i < 2; i++) {
    const x = 250 + i * 520 + rng.range(-60, 60);
    body += `<rect x="${n(x)}" y="${n(170 + i * 60)}" width="520" height="380" fill="#fffdf7" transform="rotate(${n(rng.range(-10, 10))} ${n(x + 260)} ${400})" opacity="0.95"/>`;
  }
  // Pencils.
  const pencil = (x: number, y: number, angle: number, color: string) =>
    `<g transform="rotate(${angle} ${x} ${y})"><rect x="${x}" y="${y}" width="420" height="46" fill="${color}"/><rect x="${x}" y="${y}" width="420" height="15" fill="#fff" opacity="0.25"/><rect x="${x - 40}" y="${y}" width="40" height="46" fill="#e5989b"/><rect x="${x - 10}" y="${y}" width="14" height="46" fill="#adb5bd"/><polygon points="${x + 420},${y} ${x + 500},${y + 23} ${x + 420},${y + 46}" fill="#f1dca7"/><polygon points="${x + 475},${y + 15} ${x + 500},${y + 23} ${x + 475},${y + 31}" fill="#333"/></g>`;
  body += pencil(200, 640 - variant * 20, -12 + variant * 4, p.a);
  body += pencil(720, 700, 8 - variant * 3, p.b);
  // Ruler.
  const rx = 1080;
  let ruler = `<g transform="rotate(${-70 + variant * 8} ${rx} 420)"><rect x="${rx - 300}" y="390" width="600" height="70" fill="${p.c}"/>`;
  for (let k = 0; k <= 30; k++)
    ruler += `<line x1="${rx - 290 + k * 19.4}" y1="390" x2="${rx - 290 + k * 19.4}" y2="${k % 5 ? 410 : 425}" stroke="#222" stroke-width="3"/>`;
  body += `${ruler}</g>`;
  // Paint pots or a gear.
  if (variant % 2 === 0) {
    [p.a, p.b, p.c].forEach((color, i) => {
      const x = 1300 + (i % 2) * 130;
      const y = 160 + i * 120;
      body += `<circle cx="${x}" cy="${y}" r="62" fill="#ddd"/><circle cx="${x}" cy="${y}" r="50" fill="${color}"/>`;
    });
  } else {
    const cx = 1340;
    const cy = 230;
    let d = "";
    for (let k = 0; k < 24; k++) {
      const a = (k * Math.PI * 2) / 24;
      const r = k % 2 ? 120 : 150;
      d += `${k ? "L" : "M"}${n(cx + r * Math.cos(a))},${n(cy + r * Math.sin(a))}`;
    }
    body += `<path d="${d}Z" fill="#6c757d"/><circle cx="${cx}" cy="${cy}" r="50" fill="${p.bg[1]}"/>`;
  }
  // Thread or a vase outline on the paper.
  body += `<path d="M360,320 C460,${n(200 + rng.range(0, 80))} 560,${n(420 + rng.range(0, 60))} 680,300 S900,380 980,260" stroke="${p.a}" stroke-width="10" fill="none" stroke-linecap="round"/>`;
  return { defs: background(p, true), body };
};

const nightlife: Draw = (rng, p, variant) => {
  let body = rect("url(#bg)");
  const ox = 800 + (variant - 1.5) * 200;
  const oy = 120;
  // Laser beams fanning out.
  const colors = [p.a, p.b, p.c];
  for (let i = 0; i < 16; i++) {
    const angle = Math.PI * (0.12 + (0.76 * i) / 15);
    const x = ox + Math.cos(angle) * 2000;
    const y = oy + Math.sin(angle) * 2000;
    body += `<line x1="${ox}" y1="${oy}" x2="${n(x)}" y2="${n(y)}" stroke="${colors[i % 3]}" stroke-width="5" opacity="0.55"/>`;
  }
  body += `<circle cx="${ox}" cy="${oy}" r="220" fill="url(#flare)"/>`;
  // Disco ball.
  body += `<line x1="${ox}" y1="0" x2="${ox}" y2="${oy - 90}" stroke="#ccc" stroke-width="4"/>`;
  body += `<clipPath id="ball"><circle cx="${ox}" cy="${oy}" r="90"/></clipPath><g clip-path="url(#ball)">`;
  for (let y = oy - 90; y < oy + 90; y += 20)
    for (let x = ox - 90; x < ox + 90; x += 20)
      body += `<rect x="${x}" y="${y}" width="19" height="19" fill="${rng.pick(["#e9ecef", "#adb5bd", "#6c757d", "#f8f9fa", p.b])}"/>`;
  body += "</g>";
  // Neon rings.
  for (let i = 0; i < 3 + variant; i++) {
    const cx = rng.range(150, 1450);
    const cy = rng.range(380, 760);
    const r = rng.range(50, 140);
    const color = colors[i % 3]!;
    body += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${color}" stroke-width="18" opacity="0.5" filter="url(#glow)"/>`;
    body += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${color}" stroke-width="5"/>`;
  }
  // The crowd as a silhouette.
  let crowd = `M0,${H}`;
  for (let x = 0; x <= W; x += 60) {
    const head = 760 + rng.range(-40, 30);
    crowd += ` L${x},${n(head + 60)} Q${x + 30},${n(head - 40)} ${x + 60},${n(head + 60)}`;
  }
  body += `<path d="${crowd} L${W},${H} Z" fill="#000" opacity="0.85"/>`;
  return {
    defs:
      background(p) +
      radial("flare", [
        [0, "#ffffff", 0.7],
        [1, "#ffffff", 0],
      ]) +
      blur("glow", 12),
    body,
  };
};

const conferences: Draw = (rng, p, variant) => {
  let body = rect("url(#bg)");
  // A network of nodes.
  const nodes = Array.from(
    { length: 26 },
    () => [rng.range(40, W - 40), rng.range(40, 520)] as const,
  );
  for (let i = 0; i < nodes.length; i++) {
    for (let j = i + 1; j < nodes.length; j++) {
      const [x1, y1] = nodes[i]!;
      const [x2, y2] = nodes[j]!;
      if (Math.hypot(x1 - x2, y1 - y2) < 300)
        body += `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${p.a}" stroke-width="2" opacity="0.5"/>`;
    }
  }
  for (const [x, y] of nodes)
    body += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rng.range(6, 16))}" fill="${rng.pick([p.a, p.b, p.c])}"/>`;
  // Stage screen with a chart.
  const sx = variant % 2 ? 860 : 300;
  body += `<rect x="${sx}" y="150" width="440" height="260" rx="10" fill="#fff" opacity="0.92"/>`;
  if (variant < 2) {
    for (let k = 0; k < 6; k++) {
      const h = 40 + k * 25 + rng.range(0, 40);
      body += `<rect x="${sx + 40 + k * 65}" y="${n(380 - h)}" width="44" height="${n(h)}" fill="${k === 5 ? p.c : p.b}"/>`;
    }
  } else {
    body += `<circle cx="${sx + 150}" cy="280" r="95" fill="${p.b}"/><path d="M${sx + 150},280 L${sx + 150},185 A95,95 0 0 1 ${sx + 240},310 Z" fill="${p.c}"/>`;
    body += `<rect x="${sx + 280}" y="220" width="120" height="16" fill="${p.a}"/><rect x="${sx + 280}" y="260" width="90" height="16" fill="${p.a}"/><rect x="${sx + 280}" y="300" width="110" height="16" fill="${p.a}"/>`;
  }
  // Podium and audience rows.
  body += `<rect x="${sx + 480}" y="330" width="130" height="170" fill="${p.c}" opacity="0.9"/><rect x="${sx + 470}" y="320" width="150" height="20" fill="#fff" opacity="0.8"/>`;
  for (let row = 0; row < 4; row++) {
    const y = 600 + row * 80;
    const r = 26 + row * 3;
    for (let x = 40 + (row % 2) * 40; x < W; x += 80 + row * 6) {
      body += `<circle cx="${x}" cy="${y}" r="${r}" fill="#000" opacity="${0.35 + row * 0.12}"/><rect x="${x - r - 8}" y="${y + r - 4}" width="${2 * r + 16}" height="${60}" rx="${r}" fill="#000" opacity="${0.35 + row * 0.12}"/>`;
    }
  }
  return { defs: background(p, true), body };
};

const draw: Record<CoverCategory, Draw> = {
  concerts,
  festivals,
  theatre,
  comedy,
  sports,
  family,
  exhibitions,
  workshops,
  nightlife,
  conferences,
};

function svg(category: CoverCategory, variant: number): string {
  const palette = palettes[category][variant % palettes[category].length]!;
  const rng = random(coverCategories.indexOf(category) * 100 + variant + 1);
  const { defs, body } = draw[category](rng, palette, variant);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;
}

async function render(source: string, width: number): Promise<Buffer> {
  const height = coverHeight(width);
  const image = sharp(Buffer.from(source), { density: (72 * width) / W }).resize(width, height);
  // Lower the quality only where a picture would not fit the size budget.
  for (const quality of [80, 70, 60, 50, 40]) {
    const output = await image.clone().webp({ quality, effort: 6 }).toBuffer();
    if (output.length < MAX_BYTES) return output;
  }
  throw new Error(`cover too large at ${width}px`);
}

await mkdir(outDir, { recursive: true });
const sizes: number[] = [];
for (const category of coverCategories) {
  for (let variant = 1; variant <= coverVariants; variant++) {
    const source = svg(category, variant - 1);
    const line: string[] = [];
    for (const width of coverWidths) {
      const file = path.join(outDir, `${coverName(category, variant)}-${width}.webp`);
      await writeFile(file, await render(source, width));
      const { size } = await stat(file);
      sizes.push(size);
      line.push(`${width}: ${(size / 1024).toFixed(1)} kB`);
    }
    console.log(`${coverName(category, variant).padEnd(16)} ${line.join("  ")}`);
  }
}
console.log(
  `${sizes.length} files, ${(Math.min(...sizes) / 1024).toFixed(1)}–${(Math.max(...sizes) / 1024).toFixed(1)} kB, total ${(sizes.reduce((a, b) => a + b, 0) / 1024).toFixed(0)} kB`,
);
