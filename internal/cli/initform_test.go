package cli

import (
	"fmt"
	"strings"
	"testing"
	"unicode"

	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/nextsitemap"
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

// TestInitFileCommented: a value a project's file gives that holds a
// line break or an escape (a file's name, where a base URL came from)
// stays on the comment line that names it: the file init writes parses,
// and gives none of the lines the value holds (issue 89).
func TestInitFileCommented(t *testing.T) {
	evil := "x.js\nexclude:\n  - \"blog/**\"\n\x1b[31m"
	d := &config.Findings{BaseURL: "https://example.com/", BaseURLFrom: evil, Root: "out", RootFrom: evil, FormFrom: evil, Form: &project.Project{},
		Peers: []config.Peer{{Config: peer.Config{Tool: nextsitemap.Tool, File: evil}, Result: peer.Result{
			Settings: []peer.Setting{{Key: "robots", Value: true, From: "generateRobotsTxt", File: evil, Line: 2}}}}}}
	text, _ := initFile(d)
	var got map[string]any
	if err := yaml.Unmarshal([]byte(text), &got); err != nil {
		t.Fatalf("%v:\n%s", err, text)
	}
	if len(got) != 1 || got["robots"] != true {
		t.Errorf("keys %v, want robots alone:\n%s", got, text)
	}
	if strings.ContainsFunc(strings.ReplaceAll(text, "\n", ""), unicode.IsControl) {
		t.Errorf("a control character written raw:\n%s", text)
	}
}
