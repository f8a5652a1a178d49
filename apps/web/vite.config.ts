import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import compileMessage from "icu-minify/compile";
import { defineConfig, type Plugin } from "vite";
import { clientChunks } from "./client-chunks.ts";

/** One id per build, shared by the server and the browser bundle (see /builds/latest.json). */
const buildId = process.env.BUILD_ID ?? Date.now().toString(36);

type MessageTree = { [key: string]: string | MessageTree };
const compileTree = (tree: MessageTree): unknown =>
  Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [
      key,
      typeof value === "string" ? compileMessage(value) : compileTree(value),
    ]),
  );

/**
 * The message catalogues are compiled from ICU text to use-intl's compact form when they are
 * bundled, so the browser gets the small formatter instead of an ICU parser (use-intl's
 * "format-only" mode); the server bundle uses the same, so both render the same text.
 */
function precompiledMessages(): Plugin {
  return {
    name: "eventwerk:precompiled-messages",
    enforce: "pre",
    transform(code, id) {
      if (!/\/app\/i18n\/messages\/\w+\/[\w-]+\.json$/.test(id)) return;
      return { code: JSON.stringify(compileTree(JSON.parse(code) as MessageTree)), map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: { output: { codeSplitting: clientChunks } },
      },
  resolve: {
    alias: [
      {
        find: /^use-intl\/format-message$/,
        replacement: "use-intl/format-message/format-only",
      },
    ],
  },
  // Bundled into the server build too, so that the alias above applies there as well.
  ssr: { noExternal: ["use-intl"] },
  plugins: [precompiledMessages(), tailwindcss(), reactRouter()],
}));
