// Package nextsitemap knows where next-sitemap, the sitemap tool of
// Next.js projects, keeps its configuration: read for the site URL and
// its files by Next.js's folder, and for its options by the switch,
// whatever the project's generator.
package nextsitemap

// Configs are the files next-sitemap reads its configuration from
// (--config names another).
var Configs = []string{"next-sitemap.config.js", "next-sitemap.config.cjs", "next-sitemap.config.mjs"}
