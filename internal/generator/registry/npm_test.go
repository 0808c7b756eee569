package registry

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/peer"
)

var updateNPM = flag.Bool("update-npm", false, "rewrite npm/sitemapgen/lib/peers.js from the peers' Defs")

// TestNPMPeers: the npm package's list of the peers' options each
// integration takes (npm/sitemapgen/lib/peers.js) is the Defs' of
// Peers, each Def whose RunBy names its integration. It is generated: go test ./internal/generator/registry
// -run TestNPMPeers -update-npm.
func TestNPMPeers(t *testing.T) {
	path := filepath.Join("..", "..", "..", "npm", "sitemapgen", "lib", "peers.js")
	var b strings.Builder
	b.WriteString("// Generated from the peers' Defs (peer.Integrations) by TestNPMPeers; do not edit.\n")
	b.WriteString("// go test ./internal/generator/registry -run TestNPMPeers -update-npm\n\n")
	b.WriteString("// peers maps each integration that replaces a sitemap plugin to the plugin\n")
	b.WriteString("// and the names of its options, which the integration passes to\n")
	b.WriteString("// sitemapgen with the plugin's meaning (SITEMAPGEN_PEER_OPTIONS).\n")
	b.WriteString("export const peers = {\n")
	for _, in := range peer.Integrations() {
		var names []string
		for _, n := range peer.Names(in.Tool) {
			if !peer.Lookup(in.Tool, n).Own() && !peer.IsEnvOption(in.Tool, n) {
				names = append(names, fmt.Sprintf("%q", n))
			}
		}
		fmt.Fprintf(&b, "  %s: { tool: %q, options: [%s] },\n", in.RunBy, in.Tool, strings.Join(names, ", "))
	}
	b.WriteString("};\n")
	if *updateNPM {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != b.String() {
		t.Errorf("%s is not the Defs'; run go test ./internal/generator/registry -run TestNPMPeers -update-npm. Want:\n%s", path, b.String())
	}
}
