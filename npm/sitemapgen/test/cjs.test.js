// The package from CommonJS, as an Eleventy 2 starter's .eleventy.js or a
// docusaurus.config.js with module.exports requires it: each entry gives
// the function or the events themselves, which work.

import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { projectRequire, recorder, site } from "./project.js";

test("require gives each entry's function, not a module namespace", () => {
  const api = projectRequire("sitemapgen");
  assert.equal(typeof api, "function");
  assert.equal(api.sitemapgen, api);
  assert.equal(api.default, api);
  assert.deepEqual(api.args({ gzip: true }), ["build", "--json", "--gzip"]);

  const eleventy = projectRequire("sitemapgen/eleventy");
  assert.equal(typeof eleventy, "function");
  const events = [];
  eleventy({ on: (name) => events.push(name) });
  assert.deepEqual(events, ["eleventy.after"]);

  const astro = projectRequire("sitemapgen/astro")();
  assert.equal(astro.name, "sitemapgen");
  assert.deepEqual(Object.keys(astro.hooks).sort(), ["astro:build:done", "astro:config:done"]);

  const docusaurus = projectRequire("sitemapgen/docusaurus")({ siteDir: "." }, {});
  assert.equal(docusaurus.name, "sitemapgen");
  assert.equal(typeof docusaurus.postBuild, "function");

  assert.equal(typeof projectRequire("sitemapgen/netlify").onPostBuild, "function");
});

test("a build through require", async () => {
  const cwd = site({ "public/index.html": "<title>home</title>" });
  const summary = await projectRequire("sitemapgen")({ cwd, dir: "public", baseUrl: "https://example.com/", logger: recorder().logger });
  assert.equal(summary.urls, 1);
  assert.ok(fs.existsSync(path.join(cwd, "public", "sitemap.xml")));
});
