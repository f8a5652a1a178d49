import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/** One id per build, shared by the server and the browser bundle (see /builds/latest.json). */
const buildId = process.env.BUILD_ID ?? Date.now().toString(36);

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [tailwindcss(), reactRouter()],
});
