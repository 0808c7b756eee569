package generator

import (
	"bytes"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsconf"
	"net/url"
	"path"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// astroConfigs are Astro's configuration files, in the order Detect
// looks for them.
var astroConfigs = []string{"astro.config.mjs", "astro.config.js", "astro.config.ts", "astro.config.mts", "astro.config.cjs", "astro.config.cts"}

// astro is Detect's check for an Astro project: a configuration file,
// else a package.json dependency "astro".
func (d *Dir) astro() (*Project, error) {
	name, data, err := d.configOrDependency("astro", astroConfigs...)
	if err != nil || name == "" {
		return nil, err
	}
	p := astroProject(name, data, d.lim)
	d.astroServerBuild(p)
	return p, nil
}

// astroServerBuild makes p, an Astro project whose configuration says a
// static output, a server build when its build says so: Astro 5 builds
// a static site with an adapter and a page rendered on demand
// (prerender = false) as it builds output: 'server', the prerendered
// pages in outDir/client/, the server in outDir/server/ with its
// manifest. The configuration cannot tell: only its build.
func (d *Dir) astroServerBuild(p *Project) {
	if p.AstroServer != "" || p.PublishDir == "" {
		return
	}
	client, server := path.Join(p.PublishDir, "client"), path.Join(p.PublishDir, "server")
	if info, err := fsx.Stat(d.dir, client); err != nil || !info.IsDir() {
		return
	}
	if name, err := astroManifest(d.dir, server); err != nil || name == "" {
		return
	}
	p.PublishDir, p.AstroServer = client, server
	p.Notes = append(p.Notes, noteAt(p.File, 0, "the build in %s is a server build (pages rendered on demand): only its prerendered pages are files (in %s); pages rendered on demand are not listed", path.Dir(client), client))
}

// astroProject reads an Astro configuration. Defaults (Astro 5's
// ASTRO_CONFIG_DEFAULTS): outDir "./dist", base "/", trailingSlash
// "ignore", build.format "directory", build.client "./client/" (under
// outDir, where the prerendered pages of an output: 'server' build go).
// The site URL is new URL(base, site), as @astrojs/sitemap builds it.
func astroProject(name string, data []byte, lim limits.Limits) *Project {
	p := &Project{Generator: "astro", Title: "Astro", File: name, PublishDir: "dist"}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	// Its i18n routing, or @astrojs/sitemap's i18n option: either may
	// put alternates in the sitemap, read before it is replaced.
	p.I18n = bytes.Contains(data, []byte("i18n"))
	if l := astroLocales(r); l != nil {
		p.Pages = l
	}
	if v, st := r.Str("srcDir", ""); st == jsconfig.OK && cleanDir(v.Value) != "src" {
		p.SourceDir = cleanDir(v.Value)
	}

	if v, st := r.Str("outDir", dirHint); st == jsconfig.OK {
		if p.PublishDir = cleanDir(v.Value); p.PublishDir == "" {
			p.PublishDir = "dist"
		}
	} else if st == jsconfig.Bad {
		p.PublishDir = ""
	}
	if v, st := r.Str("output", dirHint); st == jsconfig.OK && (v.Value == "server" || v.Value == "hybrid") && p.PublishDir != "" {
		client := "client"
		if c, st := r.Str("build.client", dirHint); st == jsconfig.OK {
			client = c.Value
		} else if st == jsconfig.Bad {
			client = ""
		}
		server := "server"
		if s, st := r.Str("build.server", dirHint); st == jsconfig.OK {
			server = s.Value
		} else if st == jsconfig.Bad {
			server = ""
		}
		if client == "" {
			p.PublishDir = ""
		} else {
			if server != "" {
				p.AstroServer = cleanDir(path.Join(p.PublishDir, filepath.ToSlash(server)))
			}
			p.PublishDir = cleanDir(path.Join(p.PublishDir, filepath.ToSlash(client)))
			p.Notes = append(p.Notes, noteAt(name, v.Line, "output is '%s': only prerendered pages are files (in %s); pages rendered on demand are not listed", v.Value, p.PublishDir))
		}
	} else if st == jsconfig.Bad {
		p.PublishDir = ""
	}

	site, siteSt, baseSt := p.readSite(r, "base", atBase, "site")
	if u, _ := url.Parse(strings.TrimSpace(site.Value)); siteSt == jsconfig.OK && baseSt == jsconfig.Absent && normBase(u.Path) != "" {
		r.Note(site.Line, "site has the path %s, which Astro does not use without base: the pages are at the root of %s (set base: '%s' if they are not)", u.EscapedPath(), u.Host, strings.TrimSuffix(normBase(u.Path), "/"))
	}

	var slashSt jsconfig.State
	p.TrailingSlash, slashSt = slashOption(r)
	if format, st := r.Str("build.format", ""); st == jsconfig.OK && format.Value == "file" && p.TrailingSlash == "" && slashSt != jsconfig.Bad {
		p.TrailingSlash = "never" // about.astro is written as about.html
	}
	return p
}

// slashOption reads a trailingSlash option (see jsconf.SlashOption).
var slashOption = jsconf.SlashOption

// astroLocales reads Astro's i18n routing from the configuration r, as
// it places the pages: each locale's in its folder (a locale's path, or
// of { path, codes } its path, in the code codes[0]), the default
// locale's at the root unless routing.prefixDefaultLocale; each page one
// with the pages at the same path in the others. nil without two
// locales.
func astroLocales(r *jsconfig.Reader) *FolderLocales {
	def, st := r.Str("i18n.defaultLocale", "")
	if st != jsconfig.OK {
		return nil
	}
	list, _, ok := r.Any("i18n.locales")
	items, _ := list.([]any)
	if !ok || len(items) < 2 {
		return nil
	}
	prefixed, _ := r.Bool("i18n.routing.prefixDefaultLocale")
	l := &FolderLocales{Langs: map[string]string{}, From: "Astro's i18n"}
	for _, it := range items {
		folder, code := "", ""
		switch x := it.(type) {
		case string:
			folder, code = x, x
		case map[string]any:
			folder, _ = x["path"].(string)
			if codes, ok := x["codes"].([]any); ok && len(codes) > 0 {
				code, _ = codes[0].(string)
			}
		}
		if folder == "" || code == "" || strings.ContainsAny(folder, "/\\") {
			continue
		}
		if folder == def.Value && !prefixed {
			l.Default = code
			continue
		}
		l.Langs[folder] = code
	}
	if len(l.Langs) == 0 {
		return nil
	}
	return l
}
