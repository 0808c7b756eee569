/** sitemapgen's own settings, as the JS API takes them (baseUrl, exclude, gzip …). */
export type Options = NonNullable<Parameters<typeof import("../index.js").default>[0]>;

/**
 * The Eleventy plugin: `eleventyConfig.addPlugin(sitemapgen, options)`.
 * After a build (not --serve or --watch), writes sitemapgen's sitemaps
 * into Eleventy's output folder.
 */
export default function sitemapgenEleventy(eleventyConfig: any, options?: Options): void;
