package e2e

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// docusaurusRoutes is a Node script that loads the Docusaurus site in
// its working directory with Docusaurus' own loader (@docusaurus/core's
// loadSite: the configuration, versions.json and every content plugin,
// as `docusaurus build` loads them before webpack) and prints each page
// of the docs, the blog and the pages with the source Docusaurus made it
// from: [["/docs/intro", "@site/docs/intro.md"], …].
const docusaurusRoutes = `
import { createRequire } from 'node:module';
const require = createRequire(process.cwd() + '/');
const { loadSite } = require('@docusaurus/core/lib/server/site.js');
const site = await loadSite({ siteDir: process.cwd() });
const out = [];
for (const p of site.props.plugins) {
  const c = p.content;
  if (c?.loadedVersions) for (const v of c.loadedVersions) for (const d of v.docs) out.push([d.permalink, d.source]);
  if (c?.blogPosts) for (const b of c.blogPosts) out.push([b.metadata.permalink, b.metadata.source]);
  if (Array.isArray(c)) for (const pg of c) out.push([pg.permalink, pg.source]);
}
console.log('ROUTES ' + JSON.stringify(out));
`

// TestDocusaurusVersionRoutes: a versioned Docusaurus site (versions.json
// ["2.0", "1.0"]), its docs plugin's options set as each case says. Real
// Docusaurus (3.10, testdata/docusaurus) loads it and says which source
// each page is made from; a build folder holds those pages, and plain
// sitemapgen in the project dates each by the last commit of the source
// Docusaurus names, every source committed on a day of its own. Where an
// option cannot be read (lastVersion from the environment), the docs
// pages are listed undated, with a warning, never dated by another
// version's file.
func TestDocusaurusVersionRoutes(t *testing.T) {
	t.Parallel() // Docusaurus' loader in sites of their own
	nodeFixture(t, "docusaurus")
	needTool(t, "node")
	// Each source and the day of its last commit.
	days := map[string]string{
		"DOCS/intro.md":                       "2024-05-01",
		"DOCS/guide.md":                       "2024-05-02",
		"versioned_docs/version-2.0/intro.md": "2024-03-01",
		"versioned_docs/version-2.0/old.md":   "2024-03-02",
		"versioned_docs/version-1.0/intro.md": "2024-01-02",
		"blog/2024-01-10-hello.md":            "2024-02-01",
		"src/pages/about.md":                  "2024-02-02",
	}
	for _, tc := range []struct {
		name, docs string
		dir        string // the docs folder
		env        []string
		unread     bool // the docs pages undated
		ts         bool // docusaurus.config.ts, as the TypeScript template writes it
		twin       bool // two docs of one route: index.md, and what.md with slug: /
	}{
		{name: "versions.json's defaults", docs: `{}`},
		{name: "lastVersion current, a version's path", docs: `{ lastVersion: 'current', versions: { '1.0': { path: 'one' } } }`},
		{name: "TypeScript, satisfies Preset.Options", docs: `{ lastVersion: 'current' }`, ts: true},
		{name: "a folder, a route base, onlyIncludeVersions", dir: "guides", docs: `{ path: 'guides', routeBasePath: '/', onlyIncludeVersions: ['current', '1.0'] }`},
		{name: "disableVersioning, two docs of one route", docs: `{ disableVersioning: true }`, twin: true},
		{name: "includeCurrentVersion false", docs: `{ includeCurrentVersion: false, versions: { '2.0': { path: 'latest' } } }`},
		{name: "lastVersion from the environment", docs: `{ lastVersion: process.env.LAST_VERSION }`, env: []string{"LAST_VERSION=current"}, unread: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := tc.dir
			if dir == "" {
				dir = "docs"
			}
			site := nodeProject(t, "docusaurus")
			config := fmt.Sprintf(`module.exports = {
  title: 'Versions', url: 'https://example.com', baseUrl: '/', onBrokenLinks: 'ignore',
  presets: [['classic', { docs: %s, blog: { onUntruncatedBlogPosts: 'ignore' }, theme: {} }]],
};
`, tc.docs)
			configFile := "docusaurus.config.js"
			if tc.ts {
				configFile = "docusaurus.config.ts"
				config = fmt.Sprintf(`import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';

const config: Config = {
  title: 'Versions', url: 'https://example.com', baseUrl: '/', onBrokenLinks: 'ignore',
  presets: [
    [
      'classic',
      {
        docs: %s,
        blog: { onUntruncatedBlogPosts: 'ignore' },
      } satisfies Preset.Options,
    ],
  ],
};

export default config;
`, tc.docs)
			}
			write(t, filepath.Join(site, configFile), config)
			write(t, filepath.Join(site, "versions.json"), `["2.0", "1.0"]`)
			write(t, filepath.Join(site, "package.json"), `{"name": "versions", "private": true}`)
			history := []string{"2024-01-01T00:00:00Z *"}
			sources := map[string]string{} // Docusaurus' @site/… name: the day
			for f, day := range days {
				f = strings.Replace(f, "DOCS", dir, 1)
				write(t, filepath.Join(site, filepath.FromSlash(f)), "---\ntitle: "+filepath.Base(f)+"\n---\n\nText.\n")
				history = append(history, day+"T12:00:00Z "+f)
				sources["@site/"+f] = day
			}
			if tc.twin {
				for f, day := range map[string]string{dir + "/index.md": "2024-04-01", dir + "/what.md": "2024-04-02"} {
					body := "---\ntitle: " + f + "\n---\n\nText.\n"
					if strings.HasSuffix(f, "what.md") {
						body = "---\nslug: /\n---\n\nText.\n"
					}
					write(t, filepath.Join(site, filepath.FromSlash(f)), body)
					history = append(history, day+"T12:00:00Z "+f)
					sources["@site/"+f] = day
				}
			}
			commitHistory(t, site, history...)
			// A doc renamed without a change: Docusaurus dates it by the
			// rename.
			guide, renamed := dir+"/guide.md", dir+"/renamed.md"
			gitAt(t, site, "2024-06-01T12:00:00Z", "mv", guide, renamed)
			gitAt(t, site, "2024-06-01T12:00:00Z", "commit", "-q", "-m", "rename")
			delete(sources, "@site/"+guide)
			sources["@site/"+renamed] = "2024-06-01"

			r := nodeScript(t, site, append([]string{"DOCUSAURUS_TELEMETRY=0"}, tc.env...), docusaurusRoutes)
			_, line, found := strings.Cut(r.stdout, "ROUTES ")
			if r.code != 0 || !found {
				t.Fatalf("Docusaurus' loadSite: exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
			var routes [][2]string
			if err := json.Unmarshal([]byte(strings.TrimSpace(line)), &routes); err != nil {
				t.Fatalf("%v: %s", err, line)
			}
			// The build folder: each page Docusaurus makes, where
			// `docusaurus build` writes it.
			for _, rt := range routes {
				write(t, filepath.Join(site, "build", filepath.FromSlash(rt[0]), "index.html"),
					"<!doctype html><html><head><title>"+rt[0]+"</title></head><body>"+rt[0]+"</body></html>")
			}
			res := mustRun(t, site, "--quiet")
			got := ourURLs(t, filepath.Join(site, "build"))
			docs := 0
			routed := map[string]int{} // the sources of each route
			for _, rt := range routes {
				routed[rt[0]]++
			}
			for _, rt := range routes {
				loc := strings.TrimSuffix(datesBase, "/") + rt[0]
				lastmod, listed := got[loc]
				if !listed {
					lastmod, listed = got[loc+"/"]
				}
				day, known := sources[rt[1]]
				if !listed || !known {
					t.Errorf("%s (from %s): listed %v, a source of the test %v", rt[0], rt[1], listed, known)
					continue
				}
				isDoc := !strings.HasPrefix(rt[1], "@site/blog/") && !strings.HasPrefix(rt[1], "@site/src/pages/")
				if isDoc {
					docs++
				}
				switch {
				case routed[rt[0]] > 1:
					// Two sources of one route: the build uses one, which
					// the files do not tell.
					if lastmod != "" {
						t.Errorf("%s, made from one of %d sources: lastmod %s, want none", rt[0], routed[rt[0]], lastmod)
					}
				case tc.unread && isDoc:
					if lastmod != "" {
						t.Errorf("%s, from %s: lastmod %s, want none: the docs' options are not read", rt[0], rt[1], lastmod)
					}
				case !sameInstant(lastmod, day+"T12:00:00Z"):
					t.Errorf("%s, made by Docusaurus from %s (last commit %s): lastmod %q", rt[0], rt[1], day, lastmod)
				}
			}
			if tc.twin && routed["/docs/"] != 2 {
				t.Errorf("Docusaurus does not make /docs/ of two docs: %q", routes)
			}
			if docs < 2 {
				t.Errorf("Docusaurus made %d docs pages: %q", docs, routes)
			}
			if tc.unread && !strings.Contains(res.stderr, "docusaurus.config.js:3: warning: docs.lastVersion is not read") {
				t.Errorf("no warning names the option not read:\n%s", res.stderr)
			}
			t.Logf("%d pages, %d of them docs: %q", len(routes), docs, routes)
		})
	}
}
