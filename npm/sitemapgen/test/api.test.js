// The API on the real binary, installed from the tarballs.

import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { installed, recorder, site } from "./project.js";

const { default: sitemapgen, sitemapgen: named, args } = await installed();
const pages = {
  "public/index.html": "<title>home</title>",
  "public/a.html": "<title>a</title>",
  "public/404.html": "<title>not found</title>",
};

test("resolves to the summary of the build", async () => {
  const cwd = site(pages);
  const { log, logger } = recorder();
  const summary = await sitemapgen({ cwd, dir: "public", baseUrl: "https://example.com/", maxUrls: 1, logger });
  assert.equal(summary.dir, "public");
  assert.equal(summary.baseUrl, "https://example.com/");
  assert.equal(summary.pages, 3);
  assert.equal(summary.urls, 2);
  assert.deepEqual(summary.skipped, { "error page": 1 });
  assert.equal(summary.files.length, 3); // two shards and their index
  assert.equal(summary.files.at(-1), "sitemap.xml");
  for (const f of summary.files) {
    assert.ok(fs.existsSync(path.join(cwd, "public", f)), f);
  }
  assert.equal(named, sitemapgen);
  assert.match(log.info.at(-1), /^sitemapgen: 3 pages found, 2 URLs in 3 sitemap files written to public; skipped 1 \(1 error page\)/);
  assert.deepEqual(log.warn, []);
});

test("the base URL from env, the folder from cwd's sitemap.yaml", async () => {
  const cwd = site({ ...pages, "sitemap.yaml": "root: public\n" });
  const summary = await sitemapgen({ cwd, env: { SITEMAP_BASE_URL: "https://example.org/docs/" }, dryRun: true, logger: recorder().logger });
  assert.equal(summary.baseUrl, "https://example.org/docs/");
  assert.equal(summary.dryRun, true);
  assert.ok(!fs.existsSync(path.join(cwd, "public", "sitemap.xml")));
});

test("a site whose every page is noindex resolves: no sitemap, the earlier one removed", async () => {
  const cwd = site(pages);
  const { log, logger } = recorder();
  await sitemapgen({ cwd, dir: "public", baseUrl: "https://example.com/", logger });
  assert.ok(fs.existsSync(path.join(cwd, "public", "sitemap.xml")));
  const noindex = '<meta name="robots" content="noindex, nofollow"><title>staging</title>';
  fs.writeFileSync(path.join(cwd, "public", "index.html"), noindex);
  fs.writeFileSync(path.join(cwd, "public", "a.html"), noindex);
  const summary = await sitemapgen({ cwd, dir: "public", baseUrl: "https://example.com/", logger });
  assert.equal(summary.urls, 0);
  assert.deepEqual(summary.files, []);
  assert.deepEqual(summary.removed, ["sitemap.xml"]);
  assert.deepEqual(summary.skipped, { noindex: 2, "error page": 1 });
  assert.equal(summary.notWritten, "every page found is noindex (2 noindex, 1 error page)");
  assert.equal(log.info.at(-1), "sitemapgen: every page found is noindex (2 noindex, 1 error page): no sitemap written, and the earlier one removed");
  assert.ok(!fs.existsSync(path.join(cwd, "public", "sitemap.xml")));
  assert.deepEqual(log.warn, []);
});

test("rejects with sitemapgen's message and exit status", async () => {
  const cwd = site({ ...pages, "empty/.keep": "" });
  const { log, logger } = recorder();
  await assert.rejects(sitemapgen({ cwd, dir: "nowhere", baseUrl: "https://example.com/", logger }), {
    message: "nowhere: no such folder (the site to map)",
    exitCode: 2,
  });
  await assert.rejects(sitemapgen({ cwd, dir: "empty", baseUrl: "https://example.com/", logger }), (err) => {
    assert.match(err.message, /^empty: no page found/);
    assert.equal(err.exitCode, 1);
    return true;
  });
  // A message of several lines, whole; the pointer to --help left out.
  await assert.rejects(sitemapgen({ cwd, dir: "public", logger }), (err) => {
    assert.match(err.message, /^sitemapgen: no base URL: the sitemap needs the absolute URL the site is served at\nhint: give it in one of these ways/);
    // The hint names the option, not the flag.
    assert.match(err.message, /\n  the option baseUrl: "https:\/\/example.com\/"\n/);
    assert.equal(err.exitCode, 2);
    return true;
  });
  await assert.rejects(sitemapgen({ cwd, dir: "public", baseUrl: "x", logger }), {
    message: 'sitemapgen: the option baseUrl: base URL "x": want an absolute http:// or https:// URL',
    exitCode: 2,
  });
  assert.deepEqual(log.warn, []);
});

test("a message of several lines rejects whole: its notes and its other lines too", async () => {
  const { logger } = recorder();
  // No generator: the line after the hint says so, in parentheses.
  await assert.rejects(sitemapgen({ cwd: site(pages), logger }), (err) => {
    assert.match(err.message, /^sitemapgen: no site folder given\nhint: /);
    assert.match(err.message, /\n\(no Hugo, .* project found in the working directory\)$/);
    return true;
  });
  // Astro's site not a literal: the notes after the hint say where.
  const astro = site({ "astro.config.mjs": "export default { site: process.env.SITE };\n", "dist/index.html": "<title>home</title>" });
  await assert.rejects(sitemapgen({ cwd: astro, logger }), (err) => {
    assert.match(err.message, /^sitemapgen: no base URL: /);
    assert.match(err.message, /\nnote: astro\.config\.mjs:1: site is not a literal string/);
    assert.equal(err.exitCode, 2);
    return true;
  });
});

test("options are flags in camelCase", () => {
  assert.deepEqual(
    args({
      dir: "public",
      baseUrl: "https://example.com/",
      maxUrls: 1000,
      gzip: true,
      readHeads: false,
      exclude: ["a/**", "b/**"],
      lastmodSources: ["git", "mtime"],
      keepGeneratorSitemaps: true,
      out: undefined,
      args: ["--verbose"],
      cwd: "/tmp",
      logger: console,
    }),
    [
      "build",
      "--json",
      "--base-url=https://example.com/",
      "--max-urls=1000",
      "--gzip",
      "--read-heads=false",
      "--exclude=a/**",
      "--exclude=b/**",
      "--lastmod-sources=git,mtime",
      "--keep-generator-sitemaps",
      "--verbose",
      "--",
      "public",
    ],
  );
});

test("the flags reach the binary", async () => {
  const cwd = site({ ...pages, "public/drafts/x.html": "<title>x</title>" });
  const summary = await sitemapgen({ cwd, dir: "public", baseUrl: "https://example.com/", gzip: true, text: true, exclude: ["drafts"], logger: recorder().logger });
  assert.deepEqual(summary.files, ["sitemap.txt", "sitemap.xml.gz"]);
  assert.equal(summary.urls, 2);
});

test("an unknown option rejects, naming it, with the status of a usage error", async () => {
  const cwd = site(pages);
  await assert.rejects(sitemapgen({ cwd, dir: "public", baseUrl: "https://example.com/", colour: true }), {
    message: /^sitemapgen: unknown option "colour"; the options are dir, cwd, env, logger, args, config, baseUrl/,
    exitCode: 2,
  });
  await assert.rejects(sitemapgen({ cwd, dir: "public", gzip: "yes" }), { message: /option gzip: want true or false, not "yes"/, exitCode: 2 });
  await assert.rejects(sitemapgen({ cwd, dir: "public", json: true }), { message: /unknown option "json"/, exitCode: 2 });
  await assert.rejects(sitemapgen({ cwd, dir: "public", maxUrls: [1] }), { message: /option maxUrls: one value, not a list/, exitCode: 2 });
  assert.ok(!fs.existsSync(path.join(cwd, "public", "sitemap.xml")));
});

test("every rejection carries an exit status: no binary is 1", async () => {
  const cwd = site(pages);
  const missing = path.join(cwd, "no-such-binary");
  await assert.rejects(sitemapgen({ cwd, dir: "public", baseUrl: "https://example.com/", env: { SITEMAPGEN_BINARY_PATH: missing } }), {
    message: `sitemapgen: cannot run ${missing}: spawn ${missing} ENOENT`,
    exitCode: 1,
  });
});

test("warnings go to logger.warn, the rest to logger.info", async () => {
  const cwd = site({
    ...pages,
    "public/b.html": '<html><head><meta property="article:modified_time" content="yesterday"></head></html>',
    "public/c.html": '<html><head><meta property="article:modified_time" content="last week"></head></html>',
  });
  const { log, logger } = recorder();
  const summary = await sitemapgen({ cwd, dir: "public", baseUrl: "https://example.com/", lastmodSources: ["meta"], logger });
  assert.equal(summary.warnings, 2);
  assert.equal(log.warn.length, 2);
  for (const w of log.warn) {
    assert.match(w, /^public\/[bc]\.html: warning: /);
  }
  assert.equal(log.info.length, 1);
  assert.match(log.info[0], /^sitemapgen: 5 pages found, 4 URLs .*; 2 warnings/);
  assert.deepEqual(log.error, []);
});

test("a transform function edits, drops and adds records, run in this process", async () => {
  const cwd = site(pages);
  const { log, logger } = recorder();
  const given = [];
  const summary = await sitemapgen({
    cwd,
    dir: "public",
    baseUrl: "https://example.com/",
    logger,
    transform: async (record) => {
      given.push(record.loc);
      await new Promise((resolve) => setImmediate(resolve)); // async, as a lookup would be
      if (record.loc.endsWith("/a.html")) {
        return null; // dropped
      }
      return [{ ...record, priority: 0.9, changefreq: "daily" }, { loc: "https://example.com/from-data", lastmod: "2024-05-01" }];
    },
  });
  assert.deepEqual(given, ["https://example.com/", "https://example.com/a.html"]); // in URL order
  assert.equal(summary.urls, 2);
  assert.deepEqual(summary.transform, { given: 2, returned: 2, edited: 1, dropped: 1, added: 1, leftOut: 0, duplicates: 0 });
  assert.deepEqual(summary.skipped, { "error page": 1, "dropped by the transform": 1 });
  const xml = fs.readFileSync(path.join(cwd, "public", "sitemap.xml"), "utf8");
  assert.match(xml, /<loc>https:\/\/example.com\/<\/loc>\s*<lastmod>[^<]+<\/lastmod>\s*<changefreq>daily<\/changefreq>\s*<priority>0.9<\/priority>/);
  assert.match(xml, /<loc>https:\/\/example.com\/from-data<\/loc>\s*<lastmod>2024-05-01T00:00:00Z<\/lastmod>/);
  assert.doesNotMatch(xml, /a\.html/);
  assert.deepEqual(log.warn, []);
});

test("a transform function that throws, or answers what is no record, rejects: nothing written", async () => {
  const cwd = site(pages);
  const logger = recorder().logger;
  await sitemapgen({ cwd, dir: "public", baseUrl: "https://example.com/", logger });
  const before = fs.readFileSync(path.join(cwd, "public", "sitemap.xml"), "utf8");
  await assert.rejects(
    sitemapgen({ cwd, dir: "public", baseUrl: "https://example.com/", logger, transform: (record) => {
      throw new Error(`no price for ${record.loc}`);
    } }),
    (err) => {
      assert.equal(err.message, "sitemapgen: transform: no price for https://example.com/");
      assert.equal(err.exitCode, 1);
      return true;
    },
  );
  await assert.rejects(sitemapgen({ cwd, dir: "public", baseUrl: "https://example.com/", logger, transform: () => "https://example.com/x" }),
    /^Error: sitemapgen: transform: the function returned "https:\/\/example.com\/x", not a record/);
  // A record sitemapgen refuses: the build's own message, at its line.
  await assert.rejects(sitemapgen({ cwd, dir: "public", baseUrl: "https://example.com/", logger, transform: (r) => ({ ...r, priority: 2 }) }),
    { message: /^the transform function:1: priority 2 is outside 0.0–1.0/, exitCode: 1 });
  assert.equal(fs.readFileSync(path.join(cwd, "public", "sitemap.xml"), "utf8"), before);
});

test("transform as a string is a command line, --transform", () => {
  assert.deepEqual(args({ transform: "sed s/a/b/" }), ["build", "--json", "--transform=sed s/a/b/"]);
  assert.deepEqual(args({ transform: () => null }), ["build", "--json", "--transform-fds=3,4"]);
});
