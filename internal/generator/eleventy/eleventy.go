// Package eleventy is Eleventy, as sitemapgen knows it: a project is an
// Eleventy configuration, else a package.json dependency
// "@11ty/eleventy". Its build writes _site (dir.output); its templates
// are joined to their pages by their paths and permalinks (front matter
// and data files); its builds leave the pages of deleted templates.
package eleventy

import (
	"encoding/json"
	"path"
	"slices"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsproject"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Generator is Eleventy.
type Generator struct{}

var (
	_ generator.Generator = Generator{}
	_ generator.Router    = Generator{}
)

// Info returns Eleventy's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "eleventy", Title: "Eleventy", PublishKey: "dir.output", SourceKey: "dir.input", BaseURLPlaces: []string{"url: in Eleventy's site data (_data/metadata.json or _data/site.json)", `"homepage": in package.json`}}
}

// Routes returns the preset of the templates of the input folder
// (SourceDir, else the project folder), without its includes, data and
// layouts folders and the output folder when it is inside, in the
// template languages of Eleventy and those the project adds (Own).
func (Generator) Routes(p *generator.Detected) (generator.Preset, string) {
	dir := p.SourceDir
	if dir == "" {
		dir = "."
	}
	e := &Preset{Exclude: slices.Clone(inputFolders), Dir: dir}
	if dir != "." {
		e.Input = path.Base(dir)
	}
	if slices.Contains(configs, path.Base(p.File)) {
		e.Config = p.File
	}
	if o, ok := p.Own.(Own); ok {
		e.Langs = slices.Clone(o.Exts)
	}
	if out := srcpath.Under(dir, p.PublishDir); out != "" {
		e.Exclude = append(e.Exclude, out)
	}
	return e, dir
}

// inputFolders are the folders of the input folder that hold no
// templates but what Eleventy makes the pages with: its includes, data
// and layouts.
var inputFolders = []string{"_includes", "_data", "_layouts"}

// dataFiles are the global data files that Eleventy starters keep the
// site's URL in (url), in the order looked at: the base blog's
// _data/metadata, then the common _data/site, in the input folder (the
// project's, or src/).
var dataFiles = []string{"metadata.json", "metadata.js", "metadata.cjs", "metadata.mjs", "site.json", "site.js", "site.cjs", "site.mjs"}

// siteData gives p, whose configuration names no site URL, the url of
// Eleventy's site data.
func siteData(d *generator.Dir, p *generator.Detected) error {
	if p.BaseURL != "" {
		return nil
	}
	for _, dir := range []string{"_data", "src/_data"} {
		for _, file := range dataFiles {
			name, data, err := d.File(path.Join(dir, file))
			if err != nil {
				return err
			}
			if name == "" {
				continue
			}
			if u, ok := dataURL(name, data, d.Limits()); ok && jsproject.SetBaseURL(p, u, name+" url") {
				return nil
			}
		}
	}
	return nil
}

// dataURL reads the url of an Eleventy data file: a JSON object's, or a
// JavaScript module's exported object's, when it is a literal string.
func dataURL(name string, data []byte, lim limits.Limits) (string, bool) {
	if path.Ext(name) == ".json" {
		var m map[string]any
		if json.Unmarshal(data, &m) != nil {
			return "", false
		}
		u, ok := m["url"].(string)
		return u, ok && u != ""
	}
	v, st := jsconfig.NewReader(name, data, lim).Str("url", "")
	return v.Value, st == jsconfig.OK && v.Value != ""
}

// configs are the configuration files Eleventy looks for, in its
// order (11ty.dev/docs/config: .eleventy.js, eleventy.config.js,
// eleventy.config.mjs, eleventy.config.cjs), then eleventy.config.ts,
// which is not one of Eleventy's default names (a project with one names
// it with --config) but tells of an Eleventy project all the same.
var configs = []string{".eleventy.js", "eleventy.config.js", "eleventy.config.mjs", "eleventy.config.cjs", "eleventy.config.ts"}

// Detect finds an Eleventy project: a configuration file, else a
// package.json dependency "@11ty/eleventy". Its site URL is the url of
// its site data, else package.json's homepage; the template languages
// it adds are its Own (see languages).
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	name, data, err := d.ConfigOrDependency("@11ty/eleventy", configs...)
	if err != nil || name == "" {
		return nil, err
	}
	p := project(name, data, d.Limits())
	more, warn := languages(d, name, data)
	if len(more) > 0 {
		p.Own = Own{Exts: more}
	}
	if warn != nil {
		p.Warnings = append(p.Warnings, warn)
	}
	if err := siteData(d, p); err != nil {
		return nil, err
	}
	jsproject.Homepage(d, p)
	return p, nil
}

// project reads an Eleventy configuration: dir.output (default
// "_site") in the returned or exported object, or
// eleventyConfig.setOutputDirectory("…") (Eleventy 3), and pathPrefix
// (default "/"), which is a URL prefix and does not move the output.
func project(name string, data []byte, lim limits.Limits) *generator.Detected {
	p := &generator.Detected{File: name, PublishDir: "_site"}
	r := jsconfig.NewReader(name, data, lim, "setOutputDirectory", "setInputDirectory")
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	out, outSt := r.Str("dir.output", siteurl.DirHint)
	call, callSt := r.Call("setOutputDirectory", siteurl.DirHint)
	switch {
	case outSt == jsconfig.Bad || callSt == jsconfig.Bad:
		p.PublishDir = ""
	case outSt == jsconfig.OK && callSt == jsconfig.OK && siteurl.CleanDir(out.Value) != siteurl.CleanDir(call.Value):
		p.PublishDir = ""
		r.Note(call.Line, "setOutputDirectory(%q) and dir.output %q (line %d) differ%s", call.Value, out.Value, out.Line, siteurl.DirHint)
	case callSt == jsconfig.OK && siteurl.CleanDir(call.Value) != "":
		p.PublishDir = siteurl.CleanDir(call.Value)
	case outSt == jsconfig.OK && siteurl.CleanDir(out.Value) != "":
		p.PublishDir = siteurl.CleanDir(out.Value)
	}
	in, inSt := r.Str("dir.input", "")
	inCall, inCallSt := r.Call("setInputDirectory", "")
	switch {
	case inCallSt == jsconfig.OK:
		p.SourceDir = siteurl.CleanDir(inCall.Value)
	case inSt == jsconfig.OK:
		p.SourceDir = siteurl.CleanDir(in.Value)
	}
	if p.SourceDir == "." {
		p.SourceDir = ""
	}
	if prefix, st := r.Str("pathPrefix", ""); st == jsconfig.OK {
		p.BasePath = siteurl.NormBase(prefix.Value)
	}
	return p
}
