package config

import "path/filepath"

// cacheDir is the folder where a build keeps what it read for the next
// build (pipeline.Options.CacheDir). It is the one --cache-dir gives, or
// none for off. By default it is a folder sitemapgen in the build
// environment's cache (Netlify's, like Hugo's cacheDir), else in the
// user's cache (userCache: $XDG_CACHE_HOME, ~/.cache, ~/Library/Caches).
// It is "" when there is none.
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
