// Generated from the peers' Defs (peer.Integrations) by TestNPMPeers; do not edit.
// go test ./internal/generator/registry -run TestNPMPeers -update-npm

// peers maps each integration that replaces a sitemap plugin to the plugin
// and the names of its options, which the integration passes to
// sitemapgen with the plugin's meaning (SITEMAPGEN_PEER_OPTIONS).
export const peers = {
  astro: { tool: "@astrojs/sitemap", options: ["filter", "customPages", "customSitemaps", "i18n", "serialize", "changefreq", "priority", "lastmod", "entryLimit", "filenameBase", "xslURL", "canonicalURL", "namespaces", "chunks"] },
  docusaurus: { tool: "@docusaurus/plugin-sitemap", options: ["changefreq", "priority", "ignorePatterns", "filename", "lastmod", "createSitemapItems"] },
  netlify: { tool: "@netlify/plugin-sitemap", options: ["exclude", "prettyURLs", "trailingSlash", "changeFreq", "priority", "buildDir", "urlPrefix", "filePath"] },
};
