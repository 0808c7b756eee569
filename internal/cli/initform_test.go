package cli

import (
	"fmt"
	"strings"
	"testing"
	"unicode"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/internal/project"
)

// TestURLFormServedEscaped: the route paths of a server build's
// manifests that init's comment on the URL form names are the build's
// files' own: their control characters escaped, each bounded, never
// reaching the terminal raw (review, issue 70).
func TestURLFormServedEscaped(t *testing.T) {
	long := "/" + strings.Repeat("a", 5000)
	d := &config.Findings{FormFrom: "Next.js says it", Form: &project.Project{Served: []pipeline.ServedPage{
		{Path: "about\x1b[31m.html", URLPath: long + "\x1b]0;x\a"},
	}}}
	var b strings.Builder
	urlForm(func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }, d)
	out := b.String()
	if strings.ContainsFunc(strings.ReplaceAll(out, "\n", ""), unicode.IsControl) {
		t.Errorf("a control character printed raw:\n%.300q", out)
	}
	if !strings.Contains(out, `about\x1b[31m.html`) {
		t.Errorf("the route's path not named, escaped:\n%.300q", out)
	}
	if len(out) > 1000 {
		t.Errorf("%d bytes: the route's URL not bounded", len(out))
	}
}
