// sitemapgen/eleventy: an Eleventy plugin that writes sitemapgen's
// sitemaps once Eleventy has written the site.
//
//   import sitemapgen from "sitemapgen/eleventy";
//   export default function (eleventyConfig) { eleventyConfig.addPlugin(sitemapgen); }
import path from "node:path";
import { hostLogger, runForHost } from "../lib/host.js";

/**
 * The Eleventy plugin. options are sitemapgen's own settings (camelCase
 * flags: baseUrl, exclude, gzip …). The site's URL is what plain
 * sitemapgen finds: url in the site data (_data/metadata.json,
 * _data/site.json), else package.json's homepage; baseUrl gives it
 * otherwise. Eleventy's --serve and --watch builds are left alone: run
 * `sitemapgen watch` beside them.
 */
export default function sitemapgenEleventy(eleventyConfig, options = {}) {
  eleventyConfig.on("eleventy.after", async ({ directories, dir, runMode, outputMode }) => {
    if (runMode !== "build" || (outputMode && outputMode !== "fs")) {
      return;
    }
    const cwd = process.cwd(); // Eleventy's folders are relative to it
    const out = path.resolve(cwd, directories?.output ?? dir.output);
    const project = { generator: "eleventy", title: "Eleventy", publishDir: path.relative(cwd, out) || "." };
    await runForHost("eleventy", project, options, { dir: out, cwd, logger: hostLogger(eleventyConfig.logger) });
  });
}
