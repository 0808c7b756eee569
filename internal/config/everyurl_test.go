package config

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// TestEveryURLValues: changefreq and priority give every URL's values,
// as the flag, the file or the generator (Hugo's [sitemap]) says, in
// that order; a value outside the protocol's is refused where it is given.
func TestEveryURLValues(t *testing.T) {
	hugo := map[string]string{"hugo.toml": "baseURL = 'https://example.org/'\n[sitemap]\nchangefreq = 'monthly'\npriority = 0.4\n", "public/": "", "content/": ""}
	for _, tc := range []struct {
		name       string
		files      map[string]string
		args       []string
		changefreq sitemap.ChangeFreq
		priority   string // as written, "" for none
		err        string
	}{
		{name: "none", files: map[string]string{"public/": ""}, args: []string{"--base-url", "https://example.org/", "public"}},
		{name: "flags", files: map[string]string{"public/": ""}, args: []string{"--base-url", "https://example.org/", "--changefreq", "weekly", "--priority", "0.7", "public"},
			changefreq: sitemap.Weekly, priority: "0.7"},
		{name: "the file", files: map[string]string{"public/": "", DefaultFile: "changefreq: daily\npriority: 0.2\n"}, args: []string{"--base-url", "https://example.org/", "public"},
			changefreq: sitemap.Daily, priority: "0.2"},
		{name: "the flag over the file", files: map[string]string{"public/": "", DefaultFile: "changefreq: daily\n"}, args: []string{"--base-url", "https://example.org/", "--changefreq", "yearly", "public"},
			changefreq: sitemap.Yearly},
		{name: "Hugo's [sitemap]", files: hugo, changefreq: sitemap.Monthly, priority: "0.4"},
		{name: "the file over Hugo's [sitemap]", files: merge(hugo, map[string]string{DefaultFile: "priority: 0.9\n"}), changefreq: sitemap.Monthly, priority: "0.9"},
		{name: "a bad changefreq", files: map[string]string{"public/": ""}, args: []string{"--changefreq", "often", "public"},
			err: `--changefreq: changefreq "often" is not one of always, hourly, daily, weekly, monthly, yearly, never`},
		{name: "a bad priority", files: map[string]string{"public/": "", DefaultFile: "priority: 2\n"}, args: []string{"public"},
			err: "sitemap.yaml:1: priority: priority 2 is outside 0.0–1.0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inProject(t, tc.files)
			c, err := resolveArgs(t, tc.args)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("err = %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			d := c.Build.Map.Defaults
			if d.ChangeFreq != tc.changefreq || d.Priority.String() != tc.priority {
				t.Errorf("every URL's changefreq %q, priority %q; want %q, %q", d.ChangeFreq, d.Priority.String(), tc.changefreq, tc.priority)
			}
		})
	}
}

// resolveArgs parses args as build's command line and resolves it, with
// nothing in the environment.
func resolveArgs(t *testing.T, args []string) (*Config, error) {
	t.Helper()
	line, err := Settings.Parse(BuildCommand, args)
	if err != nil {
		return nil, err
	}
	return Resolve(line, func(string) string { return "" })
}
