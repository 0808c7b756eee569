/** sitemapgen's own settings, as the JS API takes them (baseUrl, exclude, gzip …). */
export type Options = NonNullable<Parameters<typeof import("../index.js").default>[0]>;

/**
 * The Docusaurus plugin: `plugins: [["sitemapgen/docusaurus", options]]`.
 * After `docusaurus build`, writes sitemapgen's sitemaps into the output
 * folder with the site's url, baseUrl and trailingSlash.
 */
export default function sitemapgenDocusaurus(
  context: { siteDir: string },
  options?: Options,
): { name: string; postBuild(props: any): Promise<void> };
