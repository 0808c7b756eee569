package srcpath

import "testing"

// TestEntryID holds EntryID to Astro 5.18's ids of a glob() loader's
// entries (getContentEntryIdAndSlug, github-slugger 2's slug of each
// element), as its build names the pages (checked with the build of
// internal/e2e/testdata/astro-legacy and astro-glob).
func TestEntryID(t *testing.T) {
	for rel, want := range map[string]string{
		"lamp-oil.md":            "lamp-oil",
		"notes/Glass Chimney.md": "notes/glass-chimney",
		"Tide Pools 潮汐/index.md": "tide-pools-潮汐",
		"index.md":               "index",
		"Sea‿Glass.md":           "sea‿glass", // connector punctuation is kept
		"a_b.md":                 "a_b",
		"What? Why! (2024).md":   "what-why-2024",
		"x²³.md":                 "x",         // other numbers go
		"İstanbul.md":            "i̇stanbul", // JavaScript's toLowerCase: i and a combining dot
		"ΟΔΟΣ.md":                "οδος",      // a final sigma
		"ΟΔΟΣ ΚΑΙ.md":            "οδος-και",
	} {
		if got := EntryID(rel); got != want {
			t.Errorf("EntryID(%q) = %q, want %q", rel, got, want)
		}
	}
}

// TestDynamic: a path element in brackets is a route parameter.
func TestDynamic(t *testing.T) {
	for rel, want := range map[string]bool{
		"[slug].astro": true, "blog/[...rest]/index.astro": true, "[[...rest]].js": true, "a[b]c": true,
		"plain.md": false, "[slug": false, "slug]": false, "]x[": false, "[a\nb]": false,
	} {
		if got := Dynamic().MatchString(rel); got != want {
			t.Errorf("Dynamic().MatchString(%q) = %v, want %v", rel, got, want)
		}
	}
}
