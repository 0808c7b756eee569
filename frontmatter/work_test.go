package frontmatter

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/uniq"
)

// TestTermsWork: the keys asked for as terms (a Hugo site's
// taxonomies, an Eleventy permalink's variables) and the values of a
// list of terms are each looked up once in a set of those read before:
// a search of the list made a [taxonomies] table of 80,000 entries
// (1.5 MB) cost 15 s for one page, and two pages of 40,000 tags each 4
// s at 20,000 (issue 99). Each name read costs at most uniq.Few+1
// compares, whatever n.
func TestTermsWork(t *testing.T) {
	for _, n := range []int{2000, 4000} {
		var taxonomies []string
		var tags strings.Builder
		for i := range n {
			taxonomies = append(taxonomies, fmt.Sprint("Tax", i), fmt.Sprint("tax", i/2))
			fmt.Fprintf(&tags, "t%d, t%d, ", i, i/2)
		}
		file := "---\ntitle: a\ntags: [" + tags.String() + "]\ntax7: [x, y, x]\n---\n"
		stop := uniq.Count()
		src, err := ReadSourceOptions(strings.NewReader(file), Options{Terms: append(taxonomies, "tags")})
		compared := stop()
		if err != nil {
			t.Fatal(err)
		}
		if got := src.Terms["tags"]; len(got) != n || got[0] != "t0" || got[n-1] != fmt.Sprint("t", n-1) {
			t.Errorf("n=%d: %d tags read, want %d in their order", n, len(got), n)
		}
		if got := src.Terms["tax7"]; len(got) != 2 {
			t.Errorf("n=%d: tax7 = %q, want x and y", n, got)
		}
		// 2n taxonomies asked for, 2n tags read.
		if items := int64(4*n + 3); compared < int64(n) || compared > items*(uniq.Few+1) {
			t.Errorf("n=%d: %d strings compared for %d names, want between %d and %d", n, compared, items, n, items*(uniq.Few+1))
		}
	}
}
