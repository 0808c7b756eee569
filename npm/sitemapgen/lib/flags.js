// Generated from internal/config/settings.go by TestNPMFlags; do not edit.
// go test ./internal/config -run TestNPMFlags -update-npm

// flags maps each option of the API to build's flag and how it is given:
// bool (--flag, --flag=false), value (--flag=V), list (repeated), split
// (one flag, the values joined with commas).
export const flags = {
  config: ["config", "value"],
  baseUrl: ["base-url", "value"],
  out: ["out", "value"],
  force: ["force", "bool"],
  include: ["include", "list"],
  exclude: ["exclude", "list"],
  gzip: ["gzip", "bool"],
  text: ["text", "bool"],
  robots: ["robots", "bool"],
  keepGeneratorSitemaps: ["keep-generator-sitemaps", "bool"],
  maxUrls: ["max-urls", "value"],
  maxBytes: ["max-bytes", "value"],
  cleanUrls: ["clean-urls", "bool"],
  trailingSlash: ["trailing-slash", "bool"],
  lastmodFormat: ["lastmod-format", "value"],
  lastmodSources: ["lastmod-sources", "split"],
  state: ["state", "value"],
  readHeads: ["read-heads", "bool"],
  images: ["images", "bool"],
  followSymlinks: ["follow-symlinks", "bool"],
  mode: ["mode", "value"],
  source: ["source", "value"],
  preset: ["preset", "value"],
  host: ["host", "value"],
  previews: ["previews", "value"],
  drafts: ["drafts", "bool"],
  future: ["future", "bool"],
  strict: ["strict", "bool"],
  changes: ["changes", "value"],
  keyFile: ["key-file", "bool"],
  feed: ["feed", "bool"],
  viewer: ["viewer", "bool"],
  dryRun: ["dry-run", "bool"],
  noWait: ["no-wait", "bool"],
  quiet: ["quiet", "bool"],
  verbose: ["verbose", "bool"],
};
