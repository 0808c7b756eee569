package registry_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
)

// runByNoPeer are the tools that run sitemapgen (keys of config.RunBy)
// and replace no peer: the JavaScript API, the Eleventy plugin (Eleventy
// has no sitemap plugin that sitemapgen reads), Jekyll's plugin (its
// peer, jekyll-sitemap, is switched from by init, not given to it) and
// the GitHub Action.
var runByNoPeer = []string{"api", "eleventy", "jekyll", "action"}

// TestRunByPeers ties internal/config's names of the tools that run
// sitemapgen to the peers' Defs: the npm integration a Def names
// (RunBy) is a key of config.RunBy, which says how its user gives a
// setting, and config.PeerOption names the peer's options as that
// user gives them (sitemapgen({ filter }), [plugins.inputs] changeFreq),
// not as the replaced plugin's; each key of config.RunBy is a Def's
// RunBy or one of runByNoPeer. A peer that brings a new integration
// and misses internal/config/runby.go or peers.go fails here.
func TestRunByPeers(t *testing.T) {
	var runBys []string
	for _, d := range registry.Peers {
		if d.RunBy == "" {
			continue
		}
		runBys = append(runBys, d.RunBy)
		if config.RunBy[d.RunBy] == nil {
			t.Errorf("%s: its integration, %q, is no key of internal/config/runby.go's RunBy: add how its user gives a setting", d.Tool, d.RunBy)
		}
		if len(d.Options) == 0 {
			t.Errorf("%s: an integration (%q) and no option", d.Tool, d.RunBy)
			continue
		}
		o := d.Options[0].Name
		if got := config.PeerOption(d.RunBy, d.Tool, o); got == string(d.Tool)+"'s "+o {
			t.Errorf("%s: config.PeerOption(%q, …, %q) is %q, the plugin's name: add %q to the switch of internal/config/peers.go's PeerOption, naming the option as its integration's user gives it", d.Tool, d.RunBy, o, got, d.RunBy)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(config.RunBy)) {
		if !slices.Contains(runBys, k) && !slices.Contains(runByNoPeer, k) {
			t.Errorf("internal/config/runby.go's RunBy has %q, which is no peer's Def.RunBy nor one of runByNoPeer: name its peer's integration, or add it to runByNoPeer with why", k)
		}
	}
	for _, k := range runByNoPeer {
		if config.RunBy[k] == nil {
			t.Errorf("runByNoPeer has %q, which is no key of internal/config/runby.go's RunBy: take it out", k)
		}
		if slices.Contains(runBys, k) {
			t.Errorf("runByNoPeer has %q, which a peer's Def names (RunBy): take it out", k)
		}
	}
}
