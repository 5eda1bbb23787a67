// @ts-check
// Every sentence the pages' scripts show, in one place: one short sentence per message, no
// flags, scopes, storefronts or milliseconds on the main screen, and the next step where
// something went wrong. A translation replaces the modules under words/. (The markup's own
// words are in the .html files; the server's in Swift.)
export * from "./words/listening.js";
export * from "./words/hosting.js";
export * from "./words/panels.js";
