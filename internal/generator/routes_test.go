package generator

import (
	"testing"
)

// routeCase is a source file, the front matter that moves it, and the URL
// path its generator writes it at ("" for none).
type routeCase struct {
	path, slug, id, permalink string
	noPermalink               bool
	want                      string
}

func checkRoutes(t *testing.T, p Preset, cases []routeCase) {
	t.Helper()
	for _, c := range cases {
		got, ok := p.URLPath(Page{Path: c.path, Slug: c.slug, ID: c.id, Permalink: c.permalink, NoPermalink: c.noPermalink})
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("%s %s (slug %q, id %q, permalink %q): %q, want %q", p.Name(), c.path, c.slug, c.id, c.permalink, got, c.want)
		}
	}
}

func TestProjectRoutes(t *testing.T) {
	for _, tt := range []struct {
		p    Project
		name string
		dir  string
	}{
		{Project{Generator: "hugo", SourceDir: "content"}, "", ""},
		{Project{Generator: "pelican"}, "", ""},
	} {
		pre, dir := tt.p.Routes()
		name := ""
		if pre != nil {
			name = pre.Name()
		}
		if name != tt.name || dir != tt.dir {
			t.Errorf("%+v: Routes() = %s, %q; want %s, %q", tt.p, name, dir, tt.name, tt.dir)
		}
	}
}
