package pelican_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
)

// TestLongPermalink: a *_SAVE_AS setting that draws a slug of 1 MB a
// hundred times stops at generator.MaxURLBytes, and the page's
// metadata has one problem that says so, which its build prints: 750
// MB for two pages before (issue 99).
func TestLongPermalink(t *testing.T) {
	pattern := strings.Repeat("{slug}/", 100) + "index.html"
	p, _ := preset(t, map[string]any{"ARTICLE_SAVE_AS": pattern})
	gentest.CheckLongURL(t, "ARTICLE_SAVE_AS = "+pattern, func() (string, bool, error) {
		fm, err := p.ReadMeta("a.md", strings.NewReader("Title: T\nDate: 2024-01-02\nSlug: "+gentest.Slug1MB+"\n\nx\n"))
		if err != nil || len(fm.Problems) != 1 {
			t.Fatalf("ReadMeta: %v, problems %v; want one", err, fm.Problems)
		}
		return fm.URL, fm.URL != "", errors.New(fm.Problems[0].Msg)
	})
	fm, _ := p.ReadMeta("b.md", strings.NewReader("Title: T\nDate: 2024-01-02\nSlug: "+strings.Repeat("b", 15)+"\n\nx\n"))
	if len(fm.URL) != 1+100*16+len("index.html") || len(fm.Problems) != 0 {
		t.Errorf("within the bound: %q, %v", fm.URL, fm.Problems)
	}
}
