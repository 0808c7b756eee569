package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestEleventyDraftKey: Eleventy gives draft: true no meaning of its own
// (a project that wants drafts writes a preprocessor that leaves them
// out of its build). A paginated home page (index.md over a list of ten)
// with draft: true in its front matter, and a post with it, built by
// Eleventy 3 (testdata/eleventy's packages): every page Eleventy wrote is
// listed, the first page of the pagination as its others.
func TestEleventyDraftKey(t *testing.T) {
	src := nodeProject(t, "eleventy")
	write(t, filepath.Join(src, "eleventy.config.js"), "export default function (eleventyConfig) {}\n")
	write(t, filepath.Join(src, "package.json"), `{"name": "drafts", "private": true, "type": "module"}`)
	write(t, filepath.Join(src, "_data", "metadata.json"), `{"url": "https://example.com/"}`)
	write(t, filepath.Join(src, "_data", "items.json"), `[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]`)
	write(t, filepath.Join(src, "index.md"), "---\ndraft: true\npagination:\n  data: items\n  size: 1\n---\nItem {{ pagination.items[0] }}\n")
	write(t, filepath.Join(src, "posts", "post.md"), "---\ndraft: true\ntitle: Post\n---\nA post.\n")
	eleventyBuild(t, src)
	var built []string
	for _, p := range []string{"index.html", "1/index.html", "9/index.html", "posts/post/index.html"} {
		if _, err := os.Stat(filepath.Join(src, "_site", filepath.FromSlash(p))); err == nil {
			built = append(built, p)
		}
	}
	if len(built) != 4 {
		t.Fatalf("the fixture's premise: Eleventy built %q, want the home page, its pages 1 to 9 and the post", built)
	}
	mustRun(t, src)
	got := locs(t, filepath.Join(src, "_site", "sitemap.xml"))
	for _, want := range []string{"https://example.com/", "https://example.com/1/", "https://example.com/9/", "https://example.com/posts/post/"} {
		if !slices.Contains(got, want) {
			t.Errorf("%s, which Eleventy built, is not listed: %q", want, got)
		}
	}
	if len(got) != 11 {
		t.Errorf("%d URLs, want 11 (the ten pages of the home page and the post): %q", len(got), got)
	}
}
