import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../apps/api/src/testing/app.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/** `npm run dev` without the file watcher: one process on a fresh embedded database with the demo data. */
describe("development server", () => {
  let server: ChildProcess;
  let origin: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), "eventwerk-dev-"));

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["--import", "tsx", "scripts/dev.ts"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
        REDIS_URL: "",
        SMTP_URL: "",
        API_BASE_URL: `http://127.0.0.1:${port}`,
        PUBLIC_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk;
        if (output.includes("Eventwerk is running")) resolve();
      };
      server.stdout?.on("data", read);
      server.stderr?.on("data", read);
      server.once("exit", (code) => reject(new Error(`dev server exited (${code}):\n${output}`)));
    });
  }, 120_000);

  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves the API and the web app from its sources on one port", async () => {
    const health = await fetch(`${origin}/healthz`);
    expect(await health.json()).toEqual({ status: "ok" });

    const categories = await fetch(`${origin}/api/v1/event-categories`);
    expect(categories.status).toBe(200);

    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    // Rendered by Vite's development server: the page loads the hot-reload runtime.
    expect(await page.text()).toContain("virtual:react-router/inject-hmr-runtime");
  }, 60_000);

  it("accepts Vite's hot-reload socket on the same port", async () => {
    const socket = new WebSocket(origin.replace("http", "ws"), "vite-hmr");
    const first = await new Promise<string>((resolve, reject) => {
      socket.addEventListener("message", (event) => resolve(String(event.data)), { once: true });
      socket.addEventListener("error", () => reject(new Error("no hot-reload socket")));
    });
    socket.close();
    expect(JSON.parse(first)).toMatchObject({ type: "connected" });
  });
});
