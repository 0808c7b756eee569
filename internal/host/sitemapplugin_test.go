package host_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer/netlify"
)

// TestNetlifySitemapPlugin: @netlify/plugin-sitemap's inputs, as
// netlify.toml gives them, each at its line.
func TestNetlifySitemapPlugin(t *testing.T) {
	for _, tc := range []struct {
		name, toml string
		want       *host.PluginInputs
		err        string
	}{
		{name: "inputs", toml: `[build]
  publish = "public"

[[plugins]]
  package = "@netlify/plugin-lighthouse"

[[plugins]]
  package = "@netlify/plugin-sitemap"
  [plugins.inputs]
    exclude = ["./public/secret.html"]
    changeFreq = "daily"
    priority = 1
    custom = true
`, want: &host.PluginInputs{Line: 8, Inputs: []host.PluginInput{
			{Name: "exclude", Value: []any{"./public/secret.html"}, Line: 10}, {Name: "changeFreq", Value: "daily", Line: 11}, {Name: "priority", Value: 1.0, Line: 12}, {Name: "custom", Value: true, Line: 13}}}},
		{name: "no inputs", toml: "[[plugins]]\npackage = \"netlify-plugin-sitemap\"\n", want: &host.PluginInputs{Line: 2}},
		{name: "no such plugin", toml: "[build]\npublish = \"public\"\n"},
		{name: "not TOML", toml: "[[plugins]\n", err: "netlify.toml:2: expected end of table array name delimiter"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "netlify.toml"), []byte(tc.toml), 0o644); err != nil {
				t.Fatal(err)
			}
			got, errs := host.NetlifySitemapPlugin(dir, limits.Default, netlify.Peer.Names())
			if tc.err != "" {
				if len(errs) != 1 || !strings.Contains(errs[0].Error(), tc.err) {
					t.Errorf("errors %v, want %s", errs, tc.err)
				}
				return
			}
			if errs != nil || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %#v, %v\nwant %#v", got, errs, tc.want)
			}
		})
	}
}
