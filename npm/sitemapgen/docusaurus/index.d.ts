import type { ChangeFreq, Options as APIOptions } from "../index.js";

/**
 * The options of @docusaurus/plugin-sitemap, which the plugin takes with
 * their meaning: each maps to sitemapgen's setting, or is a warning that
 * says what to do instead (docs/migrating.md).
 */
export interface DocusaurusSitemapOptions {
  changefreq?: ChangeFreq | null;
  priority?: number | null;
  ignorePatterns?: string[];
  filename?: string;
  lastmod?: "date" | "datetime" | null;
  /**
   * Run as the per-URL hook, given every URL at once:
   * defaultCreateSitemapItems() resolves to them as items (what sitemapgen
   * would write); the items it returns are written.
   */
  createSitemapItems?(params: {
    defaultCreateSitemapItems: (params?: unknown) => Promise<{ url: string; lastmod: string | null; changefreq: string | null; priority: number | null }[]>;
    siteConfig: unknown;
    routes: unknown[];
    head: Record<string, unknown>;
    options: unknown;
  }): Promise<{ url: string; lastmod?: string | null; changefreq?: string | null; priority?: number | null }[]>;
}

/**
 * sitemapgen's own settings, as the JS API takes them (baseUrl, exclude,
 * gzip …), and @docusaurus/plugin-sitemap's options.
 */
export type Options = Omit<APIOptions, keyof DocusaurusSitemapOptions> & DocusaurusSitemapOptions & {
  /**
   * Link the sitemap in every page's head: `<link rel="sitemap"
   * type="application/xml" title="Sitemap" href="BASEURL/sitemap.xml">`
   * (the entry file's name, `filename` when given), through Docusaurus'
   * `injectHtmlTags`; a locale's pages link the whole site's. Default false,
   * as @docusaurus/plugin-sitemap adds none.
   */
  createLinkInHead?: boolean;
};

/**
 * The Docusaurus plugin: `plugins: [["sitemapgen/docusaurus", options]]`.
 * After `docusaurus build`, writes sitemapgen's sitemaps into the output
 * folder with the site's url, baseUrl and trailingSlash.
 */
export default function sitemapgenDocusaurus(
  context: { siteDir: string },
  options?: Options,
): { name: string; injectHtmlTags(): { headTags?: unknown[] }; postBuild(props: any): Promise<void> };
