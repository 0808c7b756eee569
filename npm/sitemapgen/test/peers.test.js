// The options of the plugins the integrations replace (@astrojs/sitemap,
// @docusaurus/plugin-sitemap, @netlify/plugin-sitemap), passed through to
// the real binary with the plugin's meaning: each maps to sitemapgen's
// setting, or is a warning naming it; none fails the build.

import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { project, projectRequire, recorder, site } from "./project.js";

const host = await import(pathToFileURL(path.join(project, "node_modules", "sitemapgen", "lib", "host.js")).href);

const pages = {
  "dist/index.html": "<title>home</title>",
  "dist/about/index.html": "<title>about</title>",
  "dist/blog/post/index.html": "<title>post</title>",
  "dist/404.html": "<title>not found</title>",
};

/** read returns the text of the files of the folder dir whose names match re, joined. */
function read(dir, re) {
  return fs
    .readdirSync(dir)
    .filter((f) => re.test(f))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .join("\n");
}

test("the plugin's names go to the plugin's meaning, the rest are sitemapgen's", () => {
  const { own, peer } = host.splitOptions("netlify", { exclude: ["./public/a.html"], gzip: true, changeFreq: "daily", baseUrl: "https://example.com/" });
  assert.deepEqual(own, { gzip: true, baseUrl: "https://example.com/" });
  assert.deepEqual(peer, { tool: "@netlify/plugin-sitemap", options: { exclude: ["./public/a.html"], changeFreq: "daily" } });
  assert.deepEqual(host.splitOptions("eleventy", { changefreq: "daily" }), { own: { changefreq: "daily" }, peer: null });
  // urlPrefix is joined to baseUrl: the two go together.
  const joined = host.splitOptions("netlify", { urlPrefix: "/en/", baseUrl: "https://example.com/" });
  assert.deepEqual(joined, { own: {}, peer: { tool: "@netlify/plugin-sitemap", options: { urlPrefix: "/en/", baseUrl: "https://example.com/" } } });
});

test("what JSON cannot carry is marked", () => {
  const json = host.peerJSON("@astrojs/sitemap", { filter: (p) => p, lastmod: new Date("2024-05-01T10:00:00Z"), i18n: { locales: { en: "en-US" } }, re: /x/, gone: undefined }, { publishDir: "dist", basePath: "/" });
  assert.deepEqual(JSON.parse(json), {
    tool: "@astrojs/sitemap",
    options: { filter: { $function: true }, lastmod: { $date: "2024-05-01T10:00:00.000Z" }, i18n: { locales: { en: "en-US" } }, re: { $expr: "/x/" } },
    publishDir: "dist",
    basePath: "/",
  });
});

test("astro: @astrojs/sitemap's options", async () => {
  const cwd = site(pages);
  const { log, logger } = recorder();
  const integration = projectRequire("sitemapgen/astro")({
    changefreq: "weekly",
    priority: 0.7,
    entryLimit: 1,
    filter: (page) => !page.includes("blog"),
    lastmod: new Date(),
    gzip: false,
  });
  const root = pathToFileURL(cwd + "/");
  integration.hooks["astro:config:done"]({ config: { root, site: "https://example.com", base: "/", trailingSlash: "ignore", build: { format: "directory" } } });
  await integration.hooks["astro:build:done"]({ dir: new URL("dist/", root), logger });
  const dist = path.join(cwd, "dist");
  const xml = read(dist, /^sitemap-.*\.xml$/);
  // The filter, run as the per-URL hook: blog/post left out.
  assert.equal((xml.match(/<url>/g) ?? []).length, 2);
  assert.doesNotMatch(xml, /blog/);
  assert.equal((xml.match(/<changefreq>weekly<\/changefreq>/g) ?? []).length, 2);
  assert.equal((xml.match(/<priority>0.7<\/priority>/g) ?? []).length, 2);
  // entryLimit 1: two files and their index, at @astrojs/sitemap's name.
  assert.match(fs.readFileSync(path.join(dist, "sitemap-index.xml"), "utf8"), /<sitemapindex/);
  assert.ok(!fs.existsSync(path.join(dist, "sitemap.xml")));
  const warnings = log.warn.join("\n");
  assert.doesNotMatch(warnings, /filter/);
  assert.match(warnings, /sitemapgen\(\{ lastmod \}\) gives every page one date, the build's time, and a build stamp is never a lastmod/);
  assert.doesNotMatch(warnings, /--/);
});

test("docusaurus: @docusaurus/plugin-sitemap's options", async () => {
  const cwd = site({ ...pages, "dist/tags/index.html": "<title>tags</title>", "dist/tags/a/index.html": "<title>a</title>" });
  const { log, logger } = recorder();
  const plugin = projectRequire("sitemapgen/docusaurus")({ siteDir: cwd }, {
    changefreq: "daily",
    priority: 0.6,
    ignorePatterns: ["/tags/**"],
    lastmod: "date",
    createSitemapItems: async (params) => params.defaultCreateSitemapItems(params),
  });
  // The plugin's logger is @docusaurus/logger when the site has it, else the console.
  const warn = console.warn;
  const lines = [];
  console.warn = (m) => lines.push(m);
  try {
    await plugin.postBuild({ siteConfig: { url: "https://example.com", baseUrl: "/" }, outDir: path.join(cwd, "dist"), siteDir: cwd });
  } finally {
    console.warn = warn;
  }
  const xml = fs.readFileSync(path.join(cwd, "dist", "sitemap.xml"), "utf8");
  assert.equal((xml.match(/<url>/g) ?? []).length, 3);
  assert.doesNotMatch(xml, /tags/);
  assert.equal((xml.match(/<changefreq>daily<\/changefreq>/g) ?? []).length, 3);
  assert.equal((xml.match(/<priority>0.6<\/priority>/g) ?? []).length, 3);
  assert.equal((xml.match(/<lastmod>\d{4}-\d\d-\d\d<\/lastmod>/g) ?? []).length, (xml.match(/<lastmod>/g) ?? []).length); // lastmod: 'date'

  assert.doesNotMatch(lines.join("\n"), /createSitemapItems/);
  assert.deepEqual(log.warn, []);
});

test("astro: filter and serialize run as the plugin runs them, on every URL, customPages' too", async () => {
  const cwd = site(pages);
  const { log, logger } = recorder();
  const seen = [];
  const integration = projectRequire("sitemapgen/astro")({
    customPages: ["https://www.acme-docs.dev/app/dashboard"],
    filter: (page) => {
      seen.push(page);
      return !page.endsWith("/about/");
    },
    serialize: async (item) => {
      if (item.url.includes("/blog/")) {
        return undefined; // left out
      }
      if (item.url.endsWith("/dashboard")) {
        return { ...item, changefreq: "daily", priority: 0.9, lastmod: new Date("2024-05-01T00:00:00Z") };
      }
      return item;
    },
  });
  const root = pathToFileURL(cwd + "/");
  integration.hooks["astro:config:done"]({ config: { root, site: "https://www.acme-docs.dev", base: "/", trailingSlash: "ignore", build: { format: "directory" } } });
  await integration.hooks["astro:build:done"]({ dir: new URL("dist/", root), logger });
  assert.deepEqual(seen, ["https://www.acme-docs.dev/", "https://www.acme-docs.dev/about/", "https://www.acme-docs.dev/app/dashboard", "https://www.acme-docs.dev/blog/post/"]);
  const xml = read(path.join(cwd, "dist"), /^sitemap-index\.xml$/);
  assert.deepEqual([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]), ["https://www.acme-docs.dev/", "https://www.acme-docs.dev/app/dashboard"]);
  // The plugin's sitemap-0.xml keeps answering: an index of ours.
  assert.match(read(path.join(cwd, "dist"), /^sitemap-0\.xml$/), /<sitemapindex[^]*<loc>https:\/\/www.acme-docs.dev\/sitemap-index.xml<\/loc>/);
  assert.match(xml, /<loc>https:\/\/www.acme-docs.dev\/app\/dashboard<\/loc>\s*<lastmod>2024-05-01T00:00:00Z<\/lastmod>\s*<changefreq>daily<\/changefreq>\s*<priority>0.9<\/priority>/);
  assert.deepEqual(log.warn, []);
});

test("docusaurus: createSitemapItems given every URL at once, its items written", async () => {
  const cwd = site(pages);
  const plugin = projectRequire("sitemapgen/docusaurus")({ siteDir: cwd }, {
    createSitemapItems: async ({ defaultCreateSitemapItems, siteConfig, ...params }) => {
      const items = await defaultCreateSitemapItems(params);
      assert.equal(siteConfig.url, "https://www.acme-docs.dev");
      assert.equal(items.length, 3);
      return items.filter((i) => !i.url.includes("/blog/")).map((i) => ({ ...i, priority: 0.4 }));
    },
  });
  const warn = console.warn;
  const lines = [];
  console.warn = (m) => lines.push(m);
  try {
    await plugin.postBuild({ siteConfig: { url: "https://www.acme-docs.dev", baseUrl: "/" }, outDir: path.join(cwd, "dist"), siteDir: cwd });
  } finally {
    console.warn = warn;
  }
  const xml = fs.readFileSync(path.join(cwd, "dist", "sitemap.xml"), "utf8");
  assert.deepEqual([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]), ["https://www.acme-docs.dev/", "https://www.acme-docs.dev/about/"]);
  assert.equal((xml.match(/<priority>0.4<\/priority>/g) ?? []).length, 2);
  assert.deepEqual(lines, []);
});

test("netlify: @netlify/plugin-sitemap's changeFreq, priority and urlPrefix pass", async () => {
  const cwd = site({ "public/index.html": "<title>home</title>", "public/a.html": "<title>a</title>", "public/secret.html": "<title>s</title>" });
  const { onPostBuild } = projectRequire("sitemapgen/netlify");
  const failed = [];
  const dir = process.cwd();
  const log = console.log;
  const warnings = [];
  const warn = console.warn;
  console.warn = (m) => warnings.push(m);
  console.log = () => {};
  process.chdir(cwd);
  try {
    await onPostBuild({
      constants: { PUBLISH_DIR: path.join(cwd, "public") },
      inputs: { baseUrl: "https://www.acme-docs.dev/", changeFreq: "daily", priority: 0.8, exclude: ["./public/secret.html"], urlPrefix: "/en/" },
      utils: { build: { failBuild: (m) => failed.push(m), failPlugin: (m) => failed.push(m) } },
    });
  } finally {
    process.chdir(dir);
    console.log = log;
    console.warn = warn;
  }
  assert.deepEqual(failed, []);
  const xml = fs.readFileSync(path.join(cwd, "public", "sitemap.xml"), "utf8");
  assert.equal((xml.match(/<url>/g) ?? []).length, 2);
  assert.doesNotMatch(xml, /secret/);
  assert.equal((xml.match(/<changefreq>daily<\/changefreq>/g) ?? []).length, 2);
  assert.equal((xml.match(/<priority>0.8<\/priority>/g) ?? []).length, 2);
  // urlPrefix joined to baseUrl, as the plugin and init join them.
  assert.deepEqual([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]), ["https://www.acme-docs.dev/en/", "https://www.acme-docs.dev/en/a.html"]);
  assert.doesNotMatch(warnings.join("\n"), /not taken/);
});

test("docusaurus: createLinkInHead links the whole site's sitemap in every page's head", async () => {
  const docusaurus = projectRequire("sitemapgen/docusaurus");
  const i18n = { defaultLocale: "en", locales: ["en", "de"], localeConfigs: { en: { path: "en" }, de: { path: "de" } } };
  const tag = (context, options) => docusaurus(context, options).injectHtmlTags().headTags?.[0]?.attributes;
  const link = (href) => ({ rel: "sitemap", type: "application/xml", title: "Sitemap", href });
  // Off by default, as @docusaurus/plugin-sitemap adds none.
  assert.deepEqual(docusaurus({ siteDir: ".", siteConfig: { baseUrl: "/" } }, {}).injectHtmlTags(), {});
  assert.deepEqual(tag({ siteConfig: { baseUrl: "/docs/" }, i18n: { ...i18n, currentLocale: "en" } }, { createLinkInHead: true }), link("/docs/sitemap.xml"));
  // A locale's build has a baseUrl of its own: its pages link the site's.
  assert.deepEqual(tag({ siteConfig: { baseUrl: "/docs/de/" }, i18n: { ...i18n, currentLocale: "de" } }, { createLinkInHead: true }), link("/docs/sitemap.xml"));
  assert.deepEqual(tag({ siteConfig: { baseUrl: "/" } }, { createLinkInHead: true, filename: "map.xml" }), link("/map.xml"));

  // It is the plugin's option, not sitemapgen's: the build runs with it.
  const cwd = site(pages);
  const plugin = docusaurus({ siteDir: cwd, siteConfig: { baseUrl: "/" } }, { createLinkInHead: true });
  const warn = console.warn;
  console.warn = () => {};
  try {
    await plugin.postBuild({ siteConfig: { url: "https://example.com", baseUrl: "/" }, outDir: path.join(cwd, "dist"), siteDir: cwd });
  } finally {
    console.warn = warn;
  }
  assert.equal((fs.readFileSync(path.join(cwd, "dist", "sitemap.xml"), "utf8").match(/<url>/g) ?? []).length, 3);
});
