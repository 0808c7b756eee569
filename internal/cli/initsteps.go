package cli

// The steps init prints to finish a switch from a peer. The first step
// installs sitemapgen where the site is built. The next steps take the
// road docs/migrating.md gives first for the peer (its peer.Steps):
// the integration that replaces it, which the generator's build runs;
// else sitemapgen run after the build, which init makes package.json's
// script do, or prints the line to write. Each step is printed only when
// it is still to do.

import (
	"fmt"
	"io"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// road returns how sitemapgen runs in place of the peer tool: its
// Steps, the road that the peer's "Switch:" line of docs/migrating.md
// gives first (TestRoads reads both, so that the steps and the page say
// one road), with the package.json script that runs sitemapgen where
// there is no Via.
func road(tool peer.Tool) (peer.Steps, runBy) {
	var s peer.Steps
	if d := peer.Find(tool); d != nil {
		s = d.Steps
	}
	return s, runBy{after: s.After, replace: s.Replace}
}

// installStep returns the step that installs sitemapgen where the site
// is built. In a project with a package.json, or on a road through an
// npm integration (npm, true), the step installs the npm package, and
// there is no step when package.json depends on it already. Otherwise
// the step is the Go install or a release binary.
func installStep(pm string, d *config.Findings, npm bool) (string, bool) {
	switch {
	case d.NPM && d.Depends("sitemapgen"):
		return "", false
	case d.NPM || npm:
		add := map[string]string{"pnpm": "pnpm add -D", "yarn": "yarn add -D"}[pm]
		if add == "" {
			add = "npm install --save-dev"
		}
		return fmt.Sprintf("install sitemapgen, which the build runs: %s sitemapgen", add), true
	}
	return "where the site is built, install sitemapgen if it is not there yet: go install github.com/sitemapgen/sitemapgen@latest, or a release binary (README, Install)", true
}

// peerSteps prints to w the steps left to finish the switch from pe. pe
// is a peer whose switch is not a Script one, whose steps scriptSwitch
// prints. The
// steps install sitemapgen, take the peer's road (turn it off, or put
// the integration in its place), uninstall the peer's package where
// package.json has it, and run sitemapgen. With edit, a package.json
// script that can run sitemapgen is made to, and said so on w.
func peerSteps(w io.Writer, pe config.Peer, d *config.Findings, edit bool) {
	pm, remove := packageManager()
	r, by := road(pe.Tool)
	var steps []string
	if s, ok := installStep(pm, d, strings.HasPrefix(r.Via, "sitemapgen/")); ok {
		steps = append(steps, s)
	}
	if off := turnOff(pe); off != "" {
		steps = append(steps, off)
	}
	if r.Integrate != nil {
		steps = append(steps, r.Integrate(pe.Config))
	}
	if d.Depends(string(pe.Tool)) && r.NPM {
		steps = append(steps, fmt.Sprintf("uninstall %s: %s %s %s", pe.Tool, pm, remove, pe.Tool))
	}
	switch {
	case strings.HasPrefix(r.Via, "sitemapgen/"):
		steps = append(steps, fmt.Sprintf("build as you did: the build runs %s, which runs sitemapgen", r.Via))
	case d.NPM && (by.after != nil || by.replace != nil):
		more, name := buildScript(w, "sitemapgen", by, edit, func(why string) string {
			return fmt.Sprintf("run sitemapgen %s (%s)", r.Where, why)
		})
		steps = append(steps, more...)
		if name != "" {
			// npm runs a postbuild script after build.
			if after, ok := strings.CutPrefix(name, "post"); ok && after != "" {
				name = after
			}
			steps = append(steps, fmt.Sprintf("build as you did (%s run %s): it runs sitemapgen %s", pm, name, r.Where))
		}
	case r.Via == "":
		steps = append(steps, fmt.Sprintf("run sitemapgen %s, where the site is built", r.Where))
	}
	printSteps(w, pe.Tool, steps)
}

// printSteps prints to w the steps to finish the switch from tool,
// numbered.
func printSteps(w io.Writer, tool peer.Tool, steps []string) {
	say(w, false, "to finish the switch from %s:", tool)
	for i, s := range steps {
		fmt.Fprintf(w, "  %d. %s\n", i+1, s)
	}
}

// stays reports whether the peer pe is left as it is by the switch:
// nothing turns it off, and no package of its own is uninstalled (Hugo's
// and MkDocs' built-in sitemaps).
func stays(pe config.Peer) bool {
	r, _ := road(pe.Tool)
	return turnOff(pe) == "" && r.Via == "" && !r.NPM
}

// turnOff returns the step that turns the peer pe off, as
// docs/migrating.md says, where the project's configuration (pe.File)
// turns it on (Steps.TurnOff). It returns "" where uninstalling pe is
// enough, or where nothing turns it off (Hugo's and MkDocs' built-in
// sitemaps, which sitemapgen takes over at every build).
func turnOff(pe config.Peer) string {
	if r, _ := road(pe.Tool); r.TurnOff != nil {
		return r.TurnOff(pe.Config)
	}
	return ""
}
