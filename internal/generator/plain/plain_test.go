package plain_test

import (
	"fmt"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/plain"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

func TestURLPath(t *testing.T) {
	tests := []struct {
		path   string
		want   string
		wantOK bool
	}{
		{path: "about.md", want: "/about/", wantOK: true},
		{path: "index.md", want: "/", wantOK: true},
		{path: "docs/index.md", want: "/docs/", wantOK: true},
		{path: "docs/setup.html", want: "/docs/setup/", wantOK: true},
		{path: "docs/index.html", want: "/docs/", wantOK: true},
		{path: "a/b/c.markdown", want: "/a/b/c/", wantOK: true},
		{path: "Case Kept.MD", want: "/Case Kept/", wantOK: true},
		{path: "x.htm", want: "/x/", wantOK: true},
		{path: "x.adoc", want: "/x/", wantOK: true},
		{path: "x.rst", want: "/x/", wantOK: true},
		{path: "x.org", want: "/x/", wantOK: true},
		{path: "v1.2.md", want: "/v1.2/", wantOK: true},
		{path: "/leading.md", want: "/leading/", wantOK: true},
		{path: "style.css", wantOK: false},
		{path: "img/a.png", wantOK: false},
		{path: "README", wantOK: false},
		{path: ".hidden.md", wantOK: false},
		{path: ".git/x.md", wantOK: false},
		{path: "_partial.md", wantOK: false},
		{path: "_includes/x.html", wantOK: false},
		{path: "../x.md", wantOK: false},
		{path: "", wantOK: false},
	}
	for _, tt := range tests {
		got, ok := plain.Preset{}.URLPath(generator.Page{Path: tt.path})
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("Plain.URLPath(%q) = %q, %v; want %q, %v", tt.path, got, ok, tt.want, tt.wantOK)
		}
	}
}

func ExamplePreset_URLPath() {
	for _, path := range []string{"index.md", "about.md", "docs/index.html", "docs/setup.md", "logo.png"} {
		u, ok := plain.Preset{}.URLPath(generator.Page{Path: path})
		fmt.Printf("%-16s %-14q %v\n", path, u, ok)
	}
	// Output:
	// index.md         "/"            true
	// about.md         "/about/"      true
	// docs/index.html  "/docs/"       true
	// docs/setup.md    "/docs/setup/" true
	// logo.png         ""             false
}

// TestLoad: the plain preset, named "plain", wherever; no configuration.
func TestLoad(t *testing.T) {
	p, found, err := plain.Loader{}.Load(generator.NewDir(t.TempDir(), generator.OSEnv, limits.Default))
	if p == nil || p.Rules().Name != "plain" || found || err != nil {
		t.Errorf("Load = %v, %v, %v", p, found, err)
	}
}

// TestHostile: front matter does not move a plain page; a backslash is
// part of a name.
func TestHostile(t *testing.T) {
	for _, tt := range []struct {
		name string
		page generator.Page
		want string
	}{
		{"plain ignores url", generator.Page{Path: "a.md", URL: "https://evil.example/x"}, "/a/"},
		{"plain backslash in a name", generator.Page{Path: `back\..\slash.md`}, `/back\..\slash/`},
	} {
		if got, ok := (plain.Preset{}).URLPath(tt.page); !ok || got != tt.want {
			t.Errorf("%s: URLPath = %q, %v; want %q", tt.name, got, ok, tt.want)
		}
	}
}
