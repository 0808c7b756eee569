package registry

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/peertest"
)

// TestPeers: every peer, listed in Peers, has every part, checked here and not left to the tests of other packages:
// its rows (each option a setting or a note, whatever its value), a
// road for init's steps, and its section of docs/migrating.md with a row
// an option and a "Switch:" line whose first road is its steps'. Each of
// Peers is found by its Tool.
func TestPeers(t *testing.T) {
	doc, err := peertest.Migrating()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range peer.Defs() {
		for _, err := range peertest.Conform(d, doc) {
			t.Error(err)
		}
	}
	for _, d := range Peers {
		if peer.Find(d.Tool) != d {
			t.Errorf("%s: peer.Find does not find it", d.Tool)
		}
	}
	if len(Peers) == 0 {
		t.Error("no peer listed")
	}
}
