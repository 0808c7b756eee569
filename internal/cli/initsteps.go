package cli

// The steps init prints to finish a switch from a peer. The first step
// installs sitemapgen where the site is built. The next steps take the
// road docs/migrating.md gives first for the peer (its road, below):
// the integration that replaces it, which the generator's build runs;
// else sitemapgen run after the build, which init makes package.json's
// script do, or prints the line to write. Each step is printed only when
// it is still to do.

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

// A road is how sitemapgen runs in place of a peer: the road that the
// peer's "Switch:" line of docs/migrating.md gives first. TestRoads reads
// both, so that the steps and the page say one road.
type road struct {
	// via is what runs sitemapgen inside the generator's build: the npm
	// integration that replaces the peer ("sitemapgen/astro"), or
	// Jekyll's plugin file; "" for none.
	via string
	// by says which package.json script runs sitemapgen where there is
	// no via: after the generator's build, or in place of the peer's
	// command.
	by runBy
	// where says where sitemapgen runs, in the step that says it:
	// "after hexo generate".
	where string
}

// roads are the peers' roads. next-sitemap's steps are nextSwitch's.
var roads = map[peer.Tool]road{
	peer.Hugo:       {where: "after hugo"},
	peer.Jekyll:     {via: "_plugins/sitemapgen.rb", where: "after jekyll build"},
	peer.Astro:      {via: "sitemapgen/astro"},
	peer.Docusaurus: {via: "sitemapgen/docusaurus"},
	peer.Netlify:    {via: "sitemapgen/netlify"},
	peer.Gatsby:     {by: runBy{after: []string{"gatsby build"}}, where: "after gatsby build"},
	peer.SSCLI:      {by: runBy{replace: []string{"sscli", "static-sitemap-cli"}}, where: "where the script ran static-sitemap-cli"},
	peer.VitePress:  {by: runBy{after: []string{"vitepress build"}}, where: "after vitepress build"},
	peer.Sphinx:     {where: "after sphinx-build"},
	peer.Hexo:       {by: runBy{after: []string{"hexo generate", "hexo g"}}, where: "after hexo generate"},
	peer.Rspress:    {by: runBy{after: []string{"rspress build"}}, where: "after rspress build"},
	peer.VuePress:   {by: runBy{after: []string{"vuepress build"}}, where: "after vuepress build"},
	peer.MkDocs:     {where: "after mkdocs build"},
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
// is a peer other than next-sitemap, whose steps nextSwitch prints. The
// steps install sitemapgen, take the peer's road (turn it off, or put
// the integration in its place), uninstall the peer's package where
// package.json has it, and run sitemapgen. With edit, a package.json
// script that can run sitemapgen is made to, and said so on w.
func peerSteps(w io.Writer, pe config.Peer, d *config.Findings, edit bool) {
	pm, remove := packageManager()
	r := roads[pe.Tool]
	var steps []string
	if s, ok := installStep(pm, d, strings.HasPrefix(r.via, "sitemapgen/")); ok {
		steps = append(steps, s)
	}
	if off := turnOff(pe); off != "" {
		steps = append(steps, off)
	}
	if s := integrate(pe, r); s != "" {
		steps = append(steps, s)
	}
	if d.Depends(string(pe.Tool)) && slices.Contains(npmPeers, pe.Tool) {
		steps = append(steps, fmt.Sprintf("uninstall %s: %s %s %s", pe.Tool, pm, remove, pe.Tool))
	}
	switch {
	case strings.HasPrefix(r.via, "sitemapgen/"):
		steps = append(steps, fmt.Sprintf("build as you did: the build runs %s, which runs sitemapgen", r.via))
	case d.NPM && (r.by.after != nil || r.by.replace != nil):
		more, name := buildScript(w, "sitemapgen", r.by, edit, func(why string) string {
			return fmt.Sprintf("run sitemapgen %s (%s)", r.where, why)
		})
		steps = append(steps, more...)
		if name != "" {
			// npm runs a postbuild script after build.
			if after, ok := strings.CutPrefix(name, "post"); ok && after != "" {
				name = after
			}
			steps = append(steps, fmt.Sprintf("build as you did (%s run %s): it runs sitemapgen %s", pm, name, r.where))
		}
	case r.via == "":
		steps = append(steps, fmt.Sprintf("run sitemapgen %s, where the site is built", r.where))
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

// integrate returns the step that puts sitemapgen where the peer pe was,
// on the road r: its integration in the peer's place, the peer's options
// kept, as docs/integrations.md says; Jekyll's plugin file. It returns
// "" where sitemapgen runs after the build.
func integrate(pe config.Peer, r road) string {
	file := diag.Excerpt(pe.File)
	at := place(file, pe.Line)
	switch {
	case r.via == "":
		return ""
	case pe.Tool == peer.Astro && len(pe.Options) == 0:
		return fmt.Sprintf("in %s, make the sitemap() integration sitemapgen({ filename: \"sitemap-index.xml\" }), which keeps its index's URL, imported from \"%s\" in place of \"@astrojs/sitemap\": import sitemapgen from \"%s\" (docs/integrations.md)", at, r.via, r.via)
	case pe.Tool == peer.Astro:
		return fmt.Sprintf("in %s, make the sitemap({ … }) integration sitemapgen({ … }), its options kept, imported from \"%s\" in place of \"@astrojs/sitemap\": import sitemapgen from \"%s\" (docs/integrations.md)", at, r.via, r.via)
	case pe.Tool == peer.Docusaurus:
		return fmt.Sprintf("in %s, add [\"%s\", { … }] to plugins, with the options the preset's sitemap had (docs/integrations.md)", file, r.via)
	case pe.Tool == peer.Netlify:
		return fmt.Sprintf("in %s, make the [[plugins]] entry's package \"./node_modules/%s\" in place of \"@netlify/plugin-sitemap\", its [plugins.inputs] kept (docs/integrations.md)", at, r.via)
	}
	return fmt.Sprintf("copy the Jekyll plugin file into %s (docs/jekyll.md), which jekyll build runs; or run sitemapgen %s", r.via, r.where)
}

// stays reports whether the peer pe is left as it is by the switch:
// nothing turns it off, and no package of its own is uninstalled (Hugo's
// and MkDocs' built-in sitemaps).
func stays(pe config.Peer) bool {
	return turnOff(pe) == "" && roads[pe.Tool].via == "" && !slices.Contains(npmPeers, pe.Tool)
}

// turnOff returns the step that turns the peer pe off, as
// docs/migrating.md says, where the project's configuration (pe.File)
// turns it on. It returns "" where uninstalling pe is enough, or where
// nothing turns it off (Hugo's and MkDocs' built-in sitemaps, which
// sitemapgen takes over at every build).
func turnOff(pe config.Peer) string {
	file := diag.Excerpt(pe.File)
	switch pe.Tool {
	case peer.Jekyll:
		// Only where it is named: a step naming a Gemfile the project
		// does not have, or that does not name it, is no step.
		var where []string
		for _, f := range pe.NamedIn {
			switch {
			case f == pe.File && pe.Alone != "":
				where = append(where, fmt.Sprintf("from %s, with the %s: key, its only plugin (Jekyll refuses an empty %s:, and builds without the key)", file, pe.Alone, pe.Alone))
			case f == pe.File:
				where = append(where, "from plugins: in "+file)
			default:
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
	case peer.Gatsby:
		return "remove gatsby-plugin-sitemap from the plugins of " + file
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
