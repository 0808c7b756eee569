// sitemapgen/astro: an Astro integration that writes sitemapgen's
// sitemaps once `astro build` is done.
//
//   import sitemapgen from "sitemapgen/astro";
//   export default defineConfig({ site: "https://example.com", integrations: [sitemapgen()] });
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hostLogger, runForHost } from "../lib/host.js";

/**
 * The Astro integration. options are sitemapgen's own settings
 * (camelCase flags: baseUrl, exclude, gzip …), which win over what
 * Astro's configuration says.
 */
export default function sitemapgenAstro(options = {}) {
  let config;
  return {
    name: "sitemapgen",
    hooks: {
      "astro:config:done": ({ config: resolved }) => {
        config = resolved;
      },
      "astro:build:done": async ({ dir, logger }) => {
        const root = fileURLToPath(config.root);
        const out = fileURLToPath(dir);
        // Astro names the integration in front of each line: [sitemapgen].
        await runForHost("astro", astroProject(config, root, out), options, { dir: out, cwd: root, logger: hostLogger(logger, { named: true }) });
      },
    },
  };
}

/**
 * What Astro's resolved configuration says, as sitemapgen reads it from
 * astro.config.mjs: the site URL is new URL(base, site), as
 * @astrojs/sitemap builds it; trailingSlash 'always' or 'never', else
 * build.format 'file' (about.html, linked as /about) is 'never'.
 */
export function astroProject(config, root, out) {
  let trailingSlash = "";
  if (config.trailingSlash === "always" || config.trailingSlash === "never") {
    trailingSlash = config.trailingSlash;
  } else if (config.build?.format === "file") {
    trailingSlash = "never";
  }
  const project = { generator: "astro", title: "Astro", publishDir: path.relative(root, out) || ".", trailingSlash };
  if (config.site) {
    project.baseURL = new URL(config.base || "/", config.site).href;
    project.from = "Astro's site + base";
  }
  return project;
}
