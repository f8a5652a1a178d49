/** The id of the running build, fixed at build time by vite.config.ts. */
declare const __BUILD_ID__: string;
