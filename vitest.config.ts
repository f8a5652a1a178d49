import { defineConfig } from "vitest/config";

const apiTests = ["apps/api/src/**/*.test.ts"];

/**
 * The API suite runs on the embedded PGlite, and once more on a real PostgreSQL server
 * when TEST_DATABASE_URL is set (CI sets it).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "contract", include: ["packages/contract/src/**/*.test.ts"] } },
      {
        // The web app's units; `import.meta.glob` and `__BUILD_ID__` as in its Vite build.
        define: { __BUILD_ID__: JSON.stringify("test") },
        test: { name: "web", include: ["apps/web/app/**/*.test.{ts,tsx}", "apps/web/*.test.ts"] },
      },
      // The start scripts: `npm run dev` started as a process.
      { test: { name: "scripts", include: ["scripts/**/*.test.ts"] } },
      // The benchmark's helpers (the benchmark itself is `npm run bench`, never a test).
      { test: { name: "bench", include: ["bench/**/*.test.ts"] } },
      {
        test: {
          name: "api-pglite",
          include: apiTests,
          env: { TEST_DB: "pglite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: "api-postgres",
                include: apiTests,
                env: { TEST_DB: "postgres" },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
