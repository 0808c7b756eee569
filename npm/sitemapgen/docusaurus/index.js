// sitemapgen/docusaurus: a Docusaurus plugin that writes sitemapgen's
// sitemaps once `docusaurus build` is done.
//
//   plugins: ["sitemapgen/docusaurus"],   // in docusaurus.config.js
//   presets: [["classic", { sitemap: false }]],   // ours replaces the preset's
import path from "node:path";
import { hostLogger, runForHost } from "../lib/host.js";

/**
 * The Docusaurus plugin. options are sitemapgen's own settings
 * (camelCase flags: baseUrl, exclude, gzip …), which win over what
 * Docusaurus' configuration says.
 */
export default function sitemapgenDocusaurus(context, options = {}) {
  // Docusaurus passes the plugin's options with an id of its own.
  const { id, ...settings } = options;
  return {
    name: "sitemapgen",
    async postBuild({ siteConfig, outDir, siteDir, i18n }) {
      // A site of several locales is built one locale after another, the
      // default first, each other into its folder (build/de); the
      // sitemaps of the whole site are written once, after the last.
      // A build of one locale (--locale de) writes its own folder's.
      const { locales = [], defaultLocale, currentLocale } = i18n ?? {};
      const localized = currentLocale !== defaultLocale && path.basename(outDir) === currentLocale;
      const last = locales.filter((l) => l !== defaultLocale).at(-1);
      if (locales.length > 1 && currentLocale !== last && (localized || currentLocale === defaultLocale)) {
        return;
      }
      const out = localized ? path.dirname(outDir) : outDir;
      const cwd = siteDir ?? context.siteDir;
      let site = siteConfig;
      const folder = `/${path.basename(outDir)}/`;
      if (localized && siteConfig.baseUrl?.endsWith(folder)) {
        // Docusaurus gives a locale's build its own baseUrl (/de/); the
        // sitemaps of the whole site are at the site's.
        site = { ...siteConfig, baseUrl: siteConfig.baseUrl.slice(0, -folder.length + 1) };
      }
      await runForHost(
        "docusaurus",
        docusaurusProject(site, cwd, out),
        settings,
        { dir: out, cwd, logger: hostLogger(await docusaurusLogger()) },
        { siteConfig }, // for createSitemapItems
      );
    },
  };
}

/**
 * What Docusaurus' site configuration says, as sitemapgen reads it from
 * docusaurus.config.js: url + baseUrl; trailingSlash true is 'always',
 * false 'never', undefined says nothing.
 */
export function docusaurusProject(siteConfig, siteDir, out) {
  const project = { generator: "docusaurus", title: "Docusaurus", publishDir: path.relative(siteDir, out) || "." };
  if (siteConfig.url) {
    project.baseURL = new URL(siteConfig.baseUrl || "/", siteConfig.url).href;
    project.from = "Docusaurus' url + baseUrl";
  }
  if (siteConfig.trailingSlash === true || siteConfig.trailingSlash === false) {
    project.trailingSlash = siteConfig.trailingSlash ? "always" : "never";
  }
  return project;
}

// docusaurusLogger is @docusaurus/logger, which every Docusaurus site
// has; the console when it cannot be loaded.
async function docusaurusLogger() {
  try {
    return (await import("@docusaurus/logger")).default;
  } catch {
    return console;
  }
}
