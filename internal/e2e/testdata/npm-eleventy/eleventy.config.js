// An Eleventy site for integrations_test.go: sitemapgen/eleventy, the one
// line a user adds. Its URL is in _data/site.json, where sitemapgen finds
// it as plain sitemapgen does; FIXTURE_OPTIONS, when the test sets it,
// gives the plugin options (JSON).
import sitemapgen from "sitemapgen/eleventy";

export default function (eleventyConfig) {
  eleventyConfig.addPlugin(sitemapgen, JSON.parse(process.env.FIXTURE_OPTIONS || "{}"));
}
