package config

import "path/filepath"

// cacheDir is the folder a build keeps what it read for the next
// (pipeline.Options.CacheDir): --cache-dir's, none for off; by default
// a folder sitemapgen in the build environment's cache (Netlify's, as
// Hugo's cacheDir), else in the user's (userCache: $XDG_CACHE_HOME,
// ~/.cache, ~/Library/Caches); "" when there is none.
func cacheDir(given, buildCache string, userCache func() (string, error)) string {
	switch given {
	case "off":
		return ""
	case "":
	default:
		return given
	}
	if buildCache != "" {
		return filepath.Join(buildCache, "sitemapgen")
	}
	if dir, err := userCache(); err == nil && filepath.IsAbs(dir) {
		return filepath.Join(dir, "sitemapgen")
	}
	return ""
}
