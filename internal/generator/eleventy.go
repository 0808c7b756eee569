package generator

import (
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// eleventyConfigs are the configuration files Eleventy looks for, in its
// order (11ty.dev/docs/config: .eleventy.js, eleventy.config.js,
// eleventy.config.mjs, eleventy.config.cjs), then eleventy.config.ts,
// which is not one of Eleventy's default names (a project with one names
// it with --config) but tells of an Eleventy project all the same.
var eleventyConfigs = []string{".eleventy.js", "eleventy.config.js", "eleventy.config.mjs", "eleventy.config.cjs", "eleventy.config.ts"}

// eleventy is Detect's check for an Eleventy project: a configuration
// file, else a package.json dependency "@11ty/eleventy".
func (d *Dir) eleventy() (*Project, error) {
	name, data, err := d.configOrDependency("@11ty/eleventy", eleventyConfigs...)
	if err != nil || name == "" {
		return nil, err
	}
	return eleventyProject(name, data, d.lim), nil
}

// eleventyProject reads an Eleventy configuration: dir.output (default
// "_site") in the returned or exported object, or
// eleventyConfig.setOutputDirectory("…") (Eleventy 3), and pathPrefix
// (default "/"), which is a URL prefix and does not move the output.
func eleventyProject(name string, data []byte, lim limits.Limits) *Project {
	p := &Project{Generator: "eleventy", Title: "Eleventy", File: name, PublishDir: "_site"}
	r := jsconfig.NewReader(name, data, lim, "setOutputDirectory", "setInputDirectory")
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	out, outSt := r.Str("dir.output", dirHint)
	call, callSt := r.Call("setOutputDirectory", dirHint)
	switch {
	case outSt == jsconfig.Bad || callSt == jsconfig.Bad:
		p.PublishDir = ""
	case outSt == jsconfig.OK && callSt == jsconfig.OK && cleanDir(out.Value) != cleanDir(call.Value):
		p.PublishDir = ""
		r.Note(call.Line, "setOutputDirectory(%q) and dir.output %q (line %d) differ%s", call.Value, out.Value, out.Line, dirHint)
	case callSt == jsconfig.OK && cleanDir(call.Value) != "":
		p.PublishDir = cleanDir(call.Value)
	case outSt == jsconfig.OK && cleanDir(out.Value) != "":
		p.PublishDir = cleanDir(out.Value)
	}
	in, inSt := r.Str("dir.input", "")
	inCall, inCallSt := r.Call("setInputDirectory", "")
	switch {
	case inCallSt == jsconfig.OK:
		p.SourceDir = cleanDir(inCall.Value)
	case inSt == jsconfig.OK:
		p.SourceDir = cleanDir(in.Value)
	}
	if p.SourceDir == "." {
		p.SourceDir = ""
	}
	if prefix, st := r.Str("pathPrefix", ""); st == jsconfig.OK {
		p.BasePath = normBase(prefix.Value)
	}
	return p
}
