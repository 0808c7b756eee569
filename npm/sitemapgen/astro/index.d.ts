import type { AstroIntegration } from "astro";

/** sitemapgen's own settings, as the JS API takes them (baseUrl, exclude, gzip …). */
export type Options = NonNullable<Parameters<typeof import("../index.js").default>[0]>;

/**
 * The Astro integration: writes sitemapgen's sitemaps into the build's
 * output when `astro build` is done, with Astro's site, base,
 * trailingSlash and build.format. Options win over those.
 */
export default function sitemapgenAstro(options?: Options): AstroIntegration;
