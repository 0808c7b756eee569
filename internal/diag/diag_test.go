package diag

import (
	"errors"
	"fmt"
	"testing"
)

func TestFormat(t *testing.T) {
	for _, tt := range []struct {
		name    string
		err     error
		warning bool
		want    string
	}{
		{"line", At("sitemap.yaml", 3, `unknown key "x"`), false, `sitemap.yaml:3: unknown key "x"`},
		{"warning", At("vercel.json", 12, "a rule never matches"), true, "vercel.json:12: warning: a rule never matches"},
		{"file only", &Diagnostic{File: "missing.yaml", Msg: "no such file or directory"}, false, "missing.yaml: no such file or directory"},
		{"column", &Diagnostic{File: "state.json", Line: 3, Col: 9, Msg: "bad value"}, false, "state.json:3:9: bad value"},
		{"wrapped", fmt.Errorf("lastmod source hash: %w", &Diagnostic{File: "state.json", Line: 3, Col: 9, Msg: "bad value"}), true, "state.json:3:9: warning: lastmod source hash: bad value"},
		{"wrapped twice", fmt.Errorf("a: %w", fmt.Errorf("b: %w", At("f", 1, "c"))), false, "f:1: a: b: c"},
		{"wrapped after", fmt.Errorf("%w; using the defaults", At("f", 1, "c")), false, "f:1: c; using the defaults"},
		{"no place", errors.New("no base URL"), false, "sitemapgen: no base URL"},
		{"no place, warning", errors.New("shallow clone"), true, "sitemapgen: warning: shallow clone"},
		{"no file", &Diagnostic{Msg: "--max-urls: 0 is outside 1–50000"}, false, "sitemapgen: --max-urls: 0 is outside 1–50000"},
		{"hint", &Diagnostic{File: "x.toml", Line: 2, Msg: "two generators", Hint: "name the site\nor set root:"}, false, "x.toml:2: two generators\nhint: name the site\nhint: or set root:"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Format(tt.err, tt.warning); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestErrorsAs(t *testing.T) {
	err := fmt.Errorf("read config: %w", At("sitemap.yaml", 4, "bad"))
	var d *Diagnostic
	if !errors.As(err, &d) || d.Line != 4 || d.File != "sitemap.yaml" {
		t.Fatalf("errors.As: %v %+v", err, d)
	}
}
