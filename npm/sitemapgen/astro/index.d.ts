import type { AstroIntegration } from "astro";
import type { ChangeFreq, Options as APIOptions } from "../index.js";

/**
 * The options of @astrojs/sitemap, which the integration takes with
 * their meaning: each maps to sitemapgen's setting, runs as the per-URL
 * hook (filter, serialize), or is a warning that says what to do instead
 * (docs/migrating.md).
 */
/** @astrojs/sitemap's SitemapItem, as serialize gets and returns it. */
export interface SitemapItem {
  url: string;
  lastmod?: string | Date;
  changefreq?: ChangeFreq;
  priority?: number;
  links?: { url: string; lang: string }[];
  img?: { url: string }[];
}

export interface AstroSitemapOptions {
  /** Run as the per-URL hook: a URL for which it returns false is left out. */
  filter?(page: string): boolean | Promise<boolean>;
  customPages?: string[];
  customSitemaps?: string[];
  i18n?: { defaultLocale: string; locales: Record<string, string> };
  /** Run as the per-URL hook, after filter: the item it returns is written; undefined leaves the URL out. */
  serialize?(item: SitemapItem): SitemapItem | undefined | Promise<SitemapItem | undefined>;
  changefreq?: ChangeFreq;
  priority?: number;
  lastmod?: Date;
  entryLimit?: number;
  /** Its index's name, NAME-index.xml; with any of these options given and not this one, sitemap-index.xml, as @astrojs/sitemap's. */
  filenameBase?: string;
  xslURL?: string;
  canonicalURL?: string;
  namespaces?: { news?: boolean; xhtml?: boolean; image?: boolean; video?: boolean };
  chunks?: Record<string, (item: unknown) => unknown>;
}

/**
 * sitemapgen's own settings, as the JS API takes them (baseUrl, exclude,
 * gzip …), and @astrojs/sitemap's options.
 */
export type Options = Omit<APIOptions, keyof AstroSitemapOptions> & AstroSitemapOptions;

/**
 * The Astro integration: writes sitemapgen's sitemaps into the build's
 * output when `astro build` is done, with Astro's site, base,
 * trailingSlash and build.format. sitemapgen's own options win over
 * those and over sitemap.yaml; @astrojs/sitemap's are the project's,
 * under sitemap.yaml.
 */
export default function sitemapgenAstro(options?: Options): AstroIntegration;
