// The project the package was installed into from its tarballs, by
// internal/npmtest's TestNode (go test ./internal/npmtest), which runs
// these tests: SITEMAPGEN_TEST_PROJECT.

import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const project = process.env.SITEMAPGEN_TEST_PROJECT;
if (!project) {
  throw new Error("SITEMAPGEN_TEST_PROJECT is not set: run these tests with go test ./internal/npmtest");
}

/** The package as the project imports it: import ... from "sitemapgen". */
export async function installed() {
  // A module of the project's own, so that "sitemapgen" resolves there,
  // as an import, not a require.
  const shim = path.join(project, "sitemapgen-import.mjs");
  fs.writeFileSync(shim, 'export * from "sitemapgen";\nexport { default } from "sitemapgen";\n');
  return import(pathToFileURL(shim).href);
}

/** require in the project: require("sitemapgen/eleventy") as a CommonJS config does. */
export const projectRequire = createRequire(path.join(project, "package.json"));

/** The launcher as npm installed it in the project's node_modules/.bin. */
export const launcher = path.join(project, "node_modules", ".bin", "sitemapgen");

/**
 * siteTime is the modification time of every file site writes: a fixed
 * day long past, as a page edited by hand has. Files all written a
 * moment before the run, outside git, are a build's, and sitemapgen
 * leaves their times out of lastmod with a warning.
 */
export const siteTime = new Date("2024-03-01T12:00:00Z");

/** site writes a folder of files (name → content), each of siteTime, and returns its path. */
export function site(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sitemapgen-node-"));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
    fs.utimesSync(path.join(dir, name), siteTime, siteTime);
  }
  return dir;
}

/** recorder is a logger that keeps what it was told, by method. */
export function recorder() {
  const log = { info: [], warn: [], error: [] };
  return { log, logger: { info: (m) => log.info.push(m), warn: (m) => log.warn.push(m), error: (m) => log.error.push(m) } };
}
