/**
 * One line of text: none of the C0 and C1 controls, and no lone UTF-16 surrogate (see common.ts).
 * A module of its own, without zod: the door scanner checks codes with it too, and only the
 * pages that use it load it.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const oneLinePattern = /^[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]*$/u;
