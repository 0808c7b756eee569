// An Eleventy site for generators_test.go: the site's URL in its data
// (_data/metadata.json), a noindex page, a sitemap.xml template of its own.
export default function (eleventyConfig) {}
