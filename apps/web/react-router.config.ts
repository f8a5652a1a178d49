import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Config } from "@react-router/dev/config";

/**
 * Every built script, stylesheet and the icon sprite also as `.br` and `.gz` beside it, compressed once at the
 * highest levels; the server hands them to browsers that accept them (server.ts). At the end of
 * the build, when React Router has written its route manifest too.
 */
async function precompressAssets(buildDirectory: string) {
  const dir = path.join(buildDirectory, "client", "assets");
  const files = (await readdir(dir)).filter((file) => /\.(js|css|svg)$/.test(file));
  const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
  for (const file of files) {
    const body = await readFile(path.join(dir, file));
    await writeFile(path.join(dir, `${file}.br`), brotliCompressSync(body, brotli));
    await writeFile(path.join(dir, `${file}.gz`), gzipSync(body, { level: 9 }));
  }
}

export default {
  appDirectory: "app",
  ssr: true,
  // The whole route manifest as one cached file rather than each page's routes inline in its
  // HTML, and no manifest request after each page loads (decision 016).
  routeDiscovery: { mode: "initial" },
  buildEnd: ({ reactRouterConfig }) => precompressAssets(reactRouterConfig.buildDirectory),
} satisfies Config;
