package cli

import (
	"testing"
)

// TestReplaceCommand: the command next-sitemap in a script of commands
// joined by && is replaced, with its arguments and its spaces around it
// as they were; any other shell syntax is left alone (issue 68).
func TestReplaceCommand(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"next-sitemap", "sitemapgen", true},
		{"next build && next-sitemap --config x.js", "next build && sitemapgen", true},
		{"next build&&npx next-sitemap", "next build&&sitemapgen", true},
		{"next-sitemap && echo done", "sitemapgen && echo done", true},
		{"node_modules/.bin/next-sitemap", "sitemapgen", true},
		{"next build", "", false},
		{"next build || next-sitemap", "", false},
		{"next build; next-sitemap", "", false},
		{"next build & next-sitemap", "", false},
		{"next-sitemap && next-sitemap", "", false},
		{"next-sitemap --config 'my config.js'", "", false},
		{"NODE_ENV=$X next-sitemap", "", false},
		{"next-sitemap-extra", "", false},
		{"next build &&  && next-sitemap", "", false},
	} {
		got, ok := replaceCommand(tt.in, "next-sitemap", "sitemapgen")
		if ok != tt.ok || got != tt.want {
			t.Errorf("replaceCommand(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestPackageScripts: the scripts of package.json, each with the bytes
// of its string, escapes and all; none from a file where an edit of one
// string could be wrong (scripts twice, a script twice, one no string).
func TestPackageScripts(t *testing.T) {
	data := []byte("{\"a\": {\"scripts\": 1},\r\n \"scripts\" :\t{ \"build\" : \"next build \\u0026\\u0026 next-sitemap\", \"x\": \"\\\"q\\\"\" } }")
	got, ok := packageScripts(data)
	if !ok || len(got) != 2 {
		t.Fatalf("packageScripts = %+v, %v", got, ok)
	}
	if s := got[0]; s.name != "build" || s.value != "next build && next-sitemap" || string(data[s.start:s.end]) != `"next build \u0026\u0026 next-sitemap"` || s.line != 2 {
		t.Errorf("build: %+v, %q", s, data[s.start:s.end])
	}
	if s := got[1]; s.value != `"q"` || string(data[s.start:s.end]) != `"\"q\""` {
		t.Errorf("x: %+v, %q", s, data[s.start:s.end])
	}
	for _, bad := range []string{
		`{"scripts": {"a": "x"}, "scripts": {"b": "y"}}`,
		`{"scripts": {"a": "x", "a": "y"}}`,
		`{"scripts": {"a": 1}}`,
		`{"scripts": ["a"]}`,
		`["scripts"]`,
		`{"scripts": {"a": "x"`,
	} {
		if _, ok := packageScripts([]byte(bad)); ok {
			t.Errorf("packageScripts(%s) ok", bad)
		}
	}
}
