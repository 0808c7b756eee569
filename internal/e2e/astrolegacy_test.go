package e2e

// Astro's entry ids as its glob() loader gives them (issue 55, found by
// the corpus on blog-fuwari): testdata/astro-legacy, a committed build
// of Astro 5.18.2 (rebuild.sh).

import (
	"strings"
	"testing"
)

// TestAstroLegacyCollectionSlugs runs plain sitemapgen in
// testdata/astro-legacy, an Astro 5.18.2 blog whose posts are a
// collection of the older kind (src/content/config.ts without a loader,
// which Astro 5 loads with a glob() loader of its own), published by
// src/pages/posts/[...slug].astro at each entry's slug through a helper
// whose exported function calls another function of its module that
// calls getCollection (the fuwari theme's getSortedPosts). Each post is
// joined to its file by the loader's id, github-slugger's slug of each
// element of its path ("Tide Pools 潮汐/index.md" is tide-pools-潮汐,
// "Sea‿Glass.md" sea‿glass, "‿" being connector punctuation, which the
// slug keeps), or its front matter slug (lantern.md's
// keeping-the-lantern), and dated by its published date, not by the
// posts' later commit. The draft is not built.
func TestAstroLegacyCollectionSlugs(t *testing.T) {
	const base = "https://example.com/"
	_, ours, log := builtSite(t, "astro-legacy", "dist", base,
		"2024-01-01T00:00:00Z *",
		"2025-06-01T00:00:00Z src/content/posts")
	wantLastmods(t, ours, log, map[string]string{
		base: "2024-01-01T00:00:00Z",
		base + "posts/tide-pools-%E6%BD%AE%E6%B1%90/": "2024-05-05T00:00:00Z",
		base + "posts/sea%E2%80%BFglass/":             "2024-08-18T00:00:00Z",
		base + "posts/keeping-the-lantern/":           "2023-09-09T00:00:00Z",
	})
	if !strings.Contains(log, "src/content/posts") {
		t.Errorf("the run does not name the collection's folder among the sources:\n%s", log)
	}
}
