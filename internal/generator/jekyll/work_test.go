package jekyll_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/jekyll"
	"github.com/sitemapgen/sitemapgen/internal/uniq"
)

// TestCategoriesWork: a post's categories, as many as its front matter
// lists, are each looked up once in a set of those read before, for
// the post and again for :categories: a search of the list made 40,000
// categories (480 KB) cost 5.2 s of CPU. Each costs at most uniq.Few+1
// compares, whatever n; the URL joins them once each, in their order,
// in lower case.
func TestCategoriesWork(t *testing.T) {
	j := &jekyll.Preset{Timezone: "UTC", Permalink: "/:categories/:title/"}
	for _, n := range []int{100, 2000, 4000} {
		var cats []string
		for i := range n {
			cats = append(cats, fmt.Sprint("C", i), fmt.Sprint("c", i/2))
		}
		stop := uniq.Count()
		u, ok, why := j.URLPathWhy(generator.Page{Path: "blog/_posts/2024-01-02-a.md", HasFrontMatter: true, Categories: cats})
		compared := stop()
		if items := int64(4*n + 2); compared < int64(n) || compared > items*(uniq.Few+1) {
			t.Errorf("n=%d: %d strings compared for %d categories, want between %d and %d", n, compared, items, n, items*(uniq.Few+1))
		}
		if n == 100 {
			if want := "/blog/c0/c1/"; !ok || !strings.HasPrefix(u, want) || strings.Count(u, "/") != n+3 {
				t.Errorf("n=%d: %.40q… (%d bytes), %v, %v; want %q… with every category once", n, u, len(u), ok, why, want)
			}
		} else if ok || why == nil {
			t.Errorf("n=%d: a URL of %d bytes, %v, %v; want none, past the bound", n, len(u), ok, why)
		}
	}
}
