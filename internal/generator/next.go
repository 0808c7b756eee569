package generator

import (
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// nextConfigs are the Next.js configuration files, in the order Detect
// looks for them.
var nextConfigs = []string{"next.config.js", "next.config.mjs", "next.config.ts", "next.config.cjs"}

// next is Detect's check for a Next.js project: a configuration file,
// else a package.json dependency "next".
func (d *Dir) next() (*Project, error) {
	name, data, err := d.configOrDependency("next", nextConfigs...)
	if err != nil || name == "" {
		return nil, err
	}
	return nextProject(name, data, d.pkg, d.lim), nil
}

// nextExportScript returns the folder a script running `next export`
// writes (-o, --outdir; default "out"), the way Next.js before 13.3 made
// a static export; ok is false when no script runs it.
func nextExportScript(pkg *packageJSON) (dir string, ok bool) {
	runs := pkg.scriptRuns("next export")
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
	return cleanDir(strings.Trim(dir, `"'`)), true
}

// nextProject reads a Next.js configuration (data is nil without one).
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
// Without an export (no output, or output: 'standalone'), `next build`
// makes a server build in distDir (default .next): its prerendered pages
// are the files of distDir/server that its manifests name (see
// [ReadNextBuild]), the site folder; the server serves public/ at the
// site's root, where the sitemaps go (ServedDir).
func nextProject(name string, data []byte, pkg *packageJSON, lim limits.Limits) *Project {
	p := &Project{Generator: "next", Title: "Next.js", File: name, TrailingSlash: "never"}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	output, outputSt := r.Str("output", dirHint)
	exportDir, byScript := nextExportScript(pkg)
	switch {
	case outputSt == jsconfig.OK && output.Value == "export":
		p.PublishDir = "out"
		if dist, st := r.Str("distDir", dirHint); st == jsconfig.OK && cleanDir(dist.Value) != "" && cleanDir(dist.Value) != ".next" {
			p.PublishDir = cleanDir(dist.Value)
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
		if v, st := r.Str("distDir", dirHint); st == jsconfig.OK && cleanDir(v.Value) != "" {
			dist = cleanDir(v.Value)
		} else if st == jsconfig.Bad {
			return p
		}
		p.PublishDir, p.ServedDir, p.NextDist = path.Join(dist, "server"), "public", dist
	}
	if bp, st := r.Str("basePath", baseURLHint); st == jsconfig.OK {
		p.BasePath = normBase(bp.Value)
	}
	if b, st := r.Bool("trailingSlash"); st == jsconfig.OK && b {
		p.TrailingSlash = "always"
	} else if st == jsconfig.Bad {
		p.TrailingSlash = ""
	}
	return p
}
