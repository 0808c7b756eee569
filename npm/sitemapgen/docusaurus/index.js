// sitemapgen/docusaurus: a Docusaurus plugin that writes sitemapgen's
// sitemaps once `docusaurus build` is done.
//
//   plugins: ["sitemapgen/docusaurus"],   // in docusaurus.config.js
//   presets: [["classic", { sitemap: false }]],   // ours replaces the preset's
//
// With createLinkInHead: true, every page's head links the sitemap
// (<link rel="sitemap">), through Docusaurus' injectHtmlTags.
import path from "node:path";
import { hostLogger, runForHost } from "../lib/host.js";

/**
 * The Docusaurus plugin. options are sitemapgen's own settings
 * (camelCase flags: baseUrl, exclude, gzip …), which win over what
 * Docusaurus' configuration says.
 */
export default function sitemapgenDocusaurus(context, options = {}) {
  // Docusaurus passes the plugin's options with an id of its own;
  // createLinkInHead is the plugin's, no setting of sitemapgen's.
  const { id, createLinkInHead, ...settings } = options;
  return {
    name: "sitemapgen",
    injectHtmlTags() {
      if (!createLinkInHead) {
        return {};
      }
      const { siteConfig = {}, i18n } = context;
      // The entry file of the whole site, at the site's baseUrl: a
      // locale's pages (baseUrl /de/) link the same one.
      const href = siteBaseUrl(siteConfig.baseUrl || "/", i18n) + (settings.filename || "sitemap.xml");
      return { headTags: [{ tagName: "link", attributes: { rel: "sitemap", type: "application/xml", title: "Sitemap", href } }] };
    },
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
      if (localized && siteConfig.baseUrl) {
        // The sitemaps of the whole site are at the site's baseUrl.
        site = { ...siteConfig, baseUrl: siteBaseUrl(siteConfig.baseUrl, i18n) };
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
 * The site's baseUrl, given the one Docusaurus gives the locale it builds
 * (i18n.currentLocale): a locale other than the default is built with a
 * baseUrl of its own, its folder (its localeConfigs path, else its name)
 * added to the site's (/de/).
 */
export function siteBaseUrl(baseUrl, i18n) {
  const { currentLocale, defaultLocale, localeConfigs } = i18n ?? {};
  if (!currentLocale || currentLocale === defaultLocale) {
    return baseUrl;
  }
  const folder = `${localeConfigs?.[currentLocale]?.path || currentLocale}/`;
  return baseUrl.endsWith(`/${folder}`) ? baseUrl.slice(0, -folder.length) : baseUrl;
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
