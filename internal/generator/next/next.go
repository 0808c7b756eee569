// Package next is Next.js, as sitemapgen knows it: a project is a
// next.config.*, else a package.json dependency "next". A static export
// is a site of files; a server build's pages are those its manifests say
// it prerendered. Its routes are the files of app/ and pages/; its
// sitemaps are next-sitemap's, or an app/sitemap route's sitemap.xml.
package next

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsproject"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/nextsitemap"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Generator is Next.js.
type Generator struct{}

var (
	_ generator.Generator     = Generator{}
	_ generator.Router        = Generator{}
	_ generator.ServerBuilder = Generator{}
)

// Info returns Next.js's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "next", Title: "Next.js", PublishKey: "distDir", BaseURLPlaces: []string{"siteUrl: in next-sitemap.config.js", `"homepage": in package.json`}, Sitemaps: sitemaps}
}

// Server is what a Next.js project keeps of a server build, as
// Detected.Own.
type Server struct {
	// Dist is the build's folder, relative to the project folder
	// (distDir, ".next"): [Generator.ReadServerBuild] reads its
	// manifests.
	Dist string
}

// Detect finds a Next.js project: a configuration file, else a
// package.json dependency "next". Its site URL, when next.config gives
// none, is next-sitemap's siteUrl, else package.json's homepage.
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	name, data, err := d.ConfigOrDependency("next", configs...)
	if err != nil || name == "" {
		return nil, err
	}
	p := project(name, data, d.ScriptRuns("next export"), d.Limits())
	sitemapName, sitemapData, note, err := d.NextSitemapConfig()
	if err != nil {
		return nil, err
	}
	if note != "" {
		p.Notes = append(p.Notes, note)
	}
	if sitemapName != "" && p.BaseURL == "" {
		r := jsconfig.NewReader(sitemapName, sitemapData, d.Limits())
		v, st := r.Str("siteUrl", siteurl.BaseURLHint)
		p.Notes = append(p.Notes, r.Notes()...)
		if st == jsconfig.OK {
			jsproject.SetBaseURL(p, v.Value, sitemapName+" siteUrl")
		}
	}
	jsproject.Homepage(d, p)
	plugin(d, p, sitemapName, sitemapData)
	return p, nil
}

// plugin sets p.Plugin, next-sitemap: In is package.json when the
// project depends on it, else its configuration file (name, with data)
// when there is one. Its alternateRefs give every URL alternates in its
// sitemaps, read before they are replaced; its sitemapBaseFileName names
// its index and its parts, whose name ours takes, as search engines were
// given it.
func plugin(d *generator.Dir, p *generator.Detected, name string, data []byte) {
	sp := generator.SitemapPlugin{Name: "next-sitemap", Index: "sitemap.xml", Looked: []string{"package.json", nextsitemap.Configs[0]}, Header: header}
	switch {
	case d.Depends(sp.Name):
		sp.In = "package.json"
	default:
		sp.In = name
	}
	if name != "" {
		p.Translated = bytes.Contains(data, []byte("alternateRefs"))
		r := jsconfig.NewReader(name, data, d.Limits())
		if v, st := r.Str("sitemapBaseFileName", ""); st == jsconfig.OK && v.Value != "sitemap" && plainBase.Get().MatchString(v.Value) {
			sp.Index = v.Value + ".xml"
			sp.Shard = regexp.MustCompile(`^` + regexp.QuoteMeta(v.Value) + `-[0-9]+\.xml$`)
			p.SitemapFile, p.SitemapFileKey = sp.Index, name+" sitemapBaseFileName"
		}
	}
	p.Plugin = &sp
}

// header is how next-sitemap (4) starts each of its numbered files.
const header = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">`

// plainBase is a base name of sitemap files that names no folder.
var plainBase = lazyre.Regexp{Expr: `^[A-Za-z0-9][A-Za-z0-9._-]*$`}

// sitemaps names next-sitemap's index and numbered files (as
// sitemapBaseFileName renames them: site-map.xml, site-map-0.xml …), and
// sitemap.xml, Next.js's own app/sitemap route's.
func sitemaps(p *generator.Detected) generator.SitemapFiles {
	f := generator.SitemapFiles{Names: []string{"sitemap.xml"}, Shard: generator.NumberedShards()}
	if p.Plugin != nil && p.Plugin.Shard != nil {
		f.Shard = p.Plugin.Shard
	}
	if p.SitemapFile != "" {
		f.Names = append(f.Names, p.SitemapFile)
	}
	return f
}

// Routes returns the preset of the files of app/ and pages/, in
// SourceDir, else the project folder.
func (Generator) Routes(p *generator.Detected) (generator.Preset, string) {
	dir := p.SourceDir
	if dir == "" {
		dir = "."
	}
	return &Preset{}, dir
}

// configs are the Next.js configuration files, in the order Detect
// looks for them.
var configs = []string{"next.config.js", "next.config.mjs", "next.config.ts", "next.config.cjs"}

// exportScript returns the folder a script running `next export`
// writes (-o, --outdir; default "out"), the way Next.js before 13.3 made
// a static export; ok is false when no script runs it. runs are the
// arguments each script running it gives.
func exportScript(runs [][]string) (dir string, ok bool) {
	if len(runs) == 0 {
		return "", false
	}
	dir = "out"
	args := runs[0]
	for i, a := range args {
		switch {
		case (a == "-o" || a == "--outdir") && i+1 < len(args):
			dir = args[i+1]
		case strings.HasPrefix(a, "--outdir="):
			dir = strings.TrimPrefix(a, "--outdir=")
		}
	}
	return siteurl.CleanDir(strings.Trim(dir, `"'`)), true
}

// project reads a Next.js configuration (data is nil without one).
//
// A static export is a site of files: output: 'export' makes `next
// build` write it to out/. A distDir other than ".next" then names the
// export folder itself (Next.js 16.2 dist/export/utils.js,
// hasCustomExportOutput: output === 'export' && distDir !== '.next', and
// dist/build/index.js: configOutDir = config.distDir; the docs' static
// export guide says "Change the output directory `out` -> `dist`"). Older
// Next.js exported with `next export` (-o DIR, default out). trailingSlash
// (default false) writes /about as about.html, or about/index.html when
// true; basePath is a URL prefix that does not move the files.
//
// output may be chosen by a condition (process.env.EXPORT ? 'export' :
// undefined, tailwind-nextjs-starter-blog's): never evaluated, it is read
// as the static export when 'export' is one of its values, the only one
// that writes the site's files (jsconfig's Reader.Choices).
//
// Without an export (no output, or output: 'standalone'), `next build`
// makes a server build in distDir (default .next): its prerendered pages
// are the files of distDir/server that its manifests name (see
// [Generator.ReadServerBuild]), the site folder; the server serves public/ at the
// site's root, where the sitemaps go (ServedDir).
func project(name string, data []byte, exportRuns [][]string, lim limits.Limits) *generator.Detected {
	p := &generator.Detected{File: name, Form: generator.URLForm{TrailingSlash: "never"}}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	output, outputSt := r.Choices("output", siteurl.DirHint)
	exportDir, byScript := exportScript(exportRuns)
	switch {
	case outputSt == jsconfig.OK && slices.Contains(output.Values, "export"):
		if output.Cond != "" {
			p.Notes = append(p.Notes, generator.Note(name, output.Line, "output is 'export' only when %s: read as the static export, the one build of its choices that writes the site's files", output.Cond))
		}
		p.PublishDir = "out"
		if dist, st := r.Str("distDir", siteurl.DirHint); st == jsconfig.OK && siteurl.CleanDir(dist.Value) != "" && siteurl.CleanDir(dist.Value) != ".next" {
			p.PublishDir = siteurl.CleanDir(dist.Value)
		} else if st == jsconfig.Bad {
			p.PublishDir = ""
		}
	case outputSt == jsconfig.Bad:
		// the reader's note says why; PublishDir stays unknown
	case byScript:
		p.PublishDir = exportDir
	default:
		// A server build (output: 'standalone' too keeps distDir/server).
		dist := ".next"
		if v, st := r.Str("distDir", siteurl.DirHint); st == jsconfig.OK && siteurl.CleanDir(v.Value) != "" {
			dist = siteurl.CleanDir(v.Value)
		} else if st == jsconfig.Bad {
			return p
		}
		p.PublishDir, p.ServedDir, p.Served, p.Own = path.Join(dist, "server"), "public", true, Server{Dist: dist}
		p.StateDir = path.Join(dist, "cache", "sitemapgen")
	}
	if bp, st := r.Str("basePath", siteurl.BaseURLHint); st == jsconfig.OK {
		p.BasePath = siteurl.NormBase(bp.Value)
	}
	if b, st := r.Bool("trailingSlash"); st == jsconfig.OK && b {
		p.Form.TrailingSlash = "always"
	} else if st == jsconfig.Bad {
		p.Form.TrailingSlash = ""
	}
	return p
}
