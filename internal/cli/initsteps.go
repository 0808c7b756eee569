package cli

// The steps init prints to finish a switch from a peer. The first step
// installs sitemapgen where the site is built. The next steps remove
// what is left of the peer. Each step is printed only when it is still
// to do.

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// npmPeers are the peers that are npm packages of their own name. A
// switch uninstalls them.
var npmPeers = []peer.Tool{peer.Astro, peer.Netlify, peer.NextSitemap, peer.Gatsby, peer.SSCLI, peer.Hexo, peer.Rspress, peer.VuePress}

// installStep returns the step that installs sitemapgen where the site
// is built. In a project with a package.json, the step installs the npm
// package, and there is no step when package.json depends on it
// already. Otherwise the step is the Go install or a release binary.
func installStep(pm string, d *config.Findings) (string, bool) {
	switch {
	case d.NPM && d.Depends("sitemapgen"):
		return "", false
	case d.NPM:
		add := map[string]string{"pnpm": "pnpm add -D", "yarn": "yarn add -D"}[pm]
		if add == "" {
			add = "npm install --save-dev"
		}
		return fmt.Sprintf("install sitemapgen, which the build runs: %s sitemapgen", add), true
	}
	return "where the site is built, install sitemapgen if it is not there yet: go install github.com/sitemapgen/sitemapgen@latest, or a release binary (README, Install)", true
}

// peerSteps prints to w the steps left to finish the switch from pe. pe
// is a peer other than next-sitemap, whose steps nextSwitch prints. The
// steps install sitemapgen, uninstall the peer's package where
// package.json has it, and run sitemapgen after the build.
func peerSteps(w io.Writer, pe config.Peer, d *config.Findings) {
	pm, remove := packageManager()
	var steps []string
	if s, ok := installStep(pm, d); ok {
		steps = append(steps, s)
	}
	if off := turnOff(pe); off != "" {
		steps = append(steps, off)
	}
	if d.Depends(string(pe.Tool)) && slices.Contains(npmPeers, pe.Tool) {
		steps = append(steps, fmt.Sprintf("uninstall %s: %s %s %s", pe.Tool, pm, remove, pe.Tool))
	}
	steps = append(steps, fmt.Sprintf("run sitemapgen after the build, as docs/migrating.md says for %s", pe.Tool))
	say(w, false, "to finish the switch from %s:", pe.Tool)
	for i, s := range steps {
		fmt.Fprintf(w, "  %d. %s\n", i+1, s)
	}
}

// turnOff returns the step that turns the peer pe off, as
// docs/migrating.md says, where the project's configuration (pe.File)
// turns it on. It returns "" where uninstalling pe is enough, or where
// nothing turns it off (Hugo's built-in sitemap, which sitemapgen takes
// over at every build).
func turnOff(pe config.Peer) string {
	file := diag.Excerpt(pe.File)
	switch pe.Tool {
	case peer.Jekyll:
		// Only where it is named: a step naming a Gemfile the project
		// does not have, or that does not name it, is no step.
		var where []string
		for _, f := range pe.NamedIn {
			if f == pe.File {
				where = append(where, "from plugins: in "+file)
			} else {
				where = append(where, "from the "+diag.Excerpt(f))
			}
		}
		if len(where) == 0 {
			where = []string{"from plugins: in " + file}
		}
		return "remove jekyll-sitemap " + strings.Join(where, " and ")
	case peer.Docusaurus:
		return "turn the classic preset's sitemap off in " + file + ": sitemap: false in its options"
	case peer.Sphinx:
		return "remove 'sphinx_sitemap' from extensions in " + file + " (its settings may stay)"
	case peer.VitePress:
		return "remove sitemap: from " + file
	case peer.Astro:
		return "remove the sitemap() integration and its import from " + file
	case peer.Gatsby:
		return "remove gatsby-plugin-sitemap from the plugins of " + file
	case peer.Netlify:
		return "remove the [[plugins]] entry of @netlify/plugin-sitemap from netlify.toml"
	case peer.SSCLI:
		if len(pe.NamedIn) > 0 {
			return "delete " + diag.Excerpt(pe.NamedIn[0]) + ", static-sitemap-cli's settings, which sitemap.yaml carries"
		}
	case peer.Rspress:
		return "remove pluginSitemap({ … }) from the plugins of " + file + ", and its import"
	case peer.VuePress:
		return "remove sitemapPlugin({ … }) from the plugins of " + file + ", or, where the theme adds it, give the theme themePlugins: { sitemap: false } (its hostname may stay)"
	}
	return ""
}
