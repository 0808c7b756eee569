package hugo

// Detecting a Hugo project: its configuration files, and, when the
// configuration does not load, the publish folder and base URL alone.

import (
	"cmp"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Detect finds a Hugo project: a configuration [Load]
// finds. When Load rejects a setting of files that parse, only the
// publish folder and base URL are read (hugoFallback).
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	if d.Claimed("config.toml") {
		return nil, nil // another's config.toml: a Zola project's
	}
	h, err := LoadDir(d)
	if err != nil {
		var ce *diag.Diagnostic
		if errors.As(err, &ce) && ce.Err == nil && ce.File != "" {
			// The files parse but Load rejects a setting (permalinks
			// sitemapgen does not support, say): read what Detect needs
			// directly.
			return hugoFallback(d, ce)
		}
		return nil, d.Wrap(err)
	}
	if h.File == "" {
		return nil, nil
	}
	p := &generator.Detected{File: h.File, PublishDir: siteurl.CleanDir(h.PublishDir), Languages: h.Languages, Translated: len(h.Languages) > 1, SitemapFile: h.SitemapFilename}
	// The file that sets baseURL last, or the HUGO_BASEURL variable.
	origin := cmp.Or(h.baseURLFrom, h.File)
	hugoBaseURL(d, p, h.BaseURL, origin, !slices.Contains(h.Files, origin))
	if p.Translated {
		p.Pages = ListPages{h}
	}
	if h.SitemapTemplate != nil {
		p.Warnings = append(p.Warnings, h.SitemapTemplate.warning(p.Translated))
	}
	p.Warnings = append(p.Warnings, h.readCascades()...)
	return p, nil
}

// hugoTopLevel reports whether a Hugo configuration file (relative to the
// project) holds top-level settings: hugo.* and config.*, at the root or
// in a config/ENV folder.
func hugoTopLevel(rel string) bool {
	name, _ := srcpath.SplitExt(path.Base(rel))
	name = strings.ToLower(name)
	return name == "hugo" || name == "config"
}

// hugoSetting returns the file of files (relative to d.Path()) that last sets
// the top-level key (lower case), its value and the file's contents.
func hugoSetting(d *generator.Dir, files []string, key string) (string, any, []byte) {
	var (
		origin string
		val    any
		data   []byte
	)
	for _, rel := range files {
		if !hugoTopLevel(rel) {
			continue
		}
		m, err := conffile.ReadConfigFile(d.Path(), rel, rel, d.Limits())
		if err != nil {
			continue
		}
		if v, ok := lowerKeys(m).(map[string]any)[key]; ok {
			origin, val = rel, v
			data, _ = d.Limits().ReadFile(d.Path(), rel, "", limits.Text)
		}
	}
	return origin, val, data
}

// hugoFiles lists the configuration files of the Hugo project in d.Path() in
// the order Load merges them.
func hugoFiles(d *generator.Dir) ([]string, error) {
	files, err := hugoConfigFiles(d.Path(), hugoEnvironment(d.EnvFrom), d.Limits())
	if err != nil {
		return nil, fmt.Errorf("detect: %w", err)
	}
	return files, nil
}

// hugoFallback reads publishDir and baseURL from the files of a
// configuration that Load rejected with ce, and notes ce.
func hugoFallback(d *generator.Dir, ce *diag.Diagnostic) (*generator.Detected, error) {
	files, err := hugoFiles(d)
	if err != nil {
		return nil, err
	}
	for _, rel := range files { // a file that does not parse is still an error
		if _, err := conffile.ReadConfigFile(d.Path(), rel, rel, d.Limits()); err != nil {
			return nil, d.Wrap(err)
		}
	}
	if len(files) == 0 {
		return nil, d.Wrap(ce)
	}
	p := &generator.Detected{File: files[0], PublishDir: "public"}
	p.Notes = append(p.Notes, ce.Error()+"; only baseURL and publishDir are read")
	if origin, v, data := hugoSetting(d, files, "publishdir"); origin != "" {
		if s, ok := v.(string); ok && s != "" {
			p.PublishDir = siteurl.CleanDir(s)
		} else if !ok {
			p.PublishDir = ""
			p.Notes = append(p.Notes, generator.Note(origin, conffile.KeyLine(data, "publishDir"), "publishDir is not a string; give the built folder as DIR"))
		}
	}
	origin, v, data := hugoSetting(d, files, "baseurl")
	if origin != "" {
		s, ok := v.(string)
		if !ok {
			p.Notes = append(p.Notes, generator.Note(origin, conffile.KeyLine(data, "baseURL"), "baseURL is not a string; give --base-url"))
		} else {
			hugoBaseURL(d, p, s, origin, false)
		}
	}
	return p, nil
}

// hugoBaseURL sets p's base URL from Hugo's baseURL, set in origin: a
// file of the configuration, or, when variable, the variable
// HUGO_BASEURL and where it is set ("HUGO_BASEURL in netlify.toml:7
// [build.environment]").
func hugoBaseURL(d *generator.Dir, p *generator.Detected, raw, origin string, variable bool) {
	raw = strings.TrimSpace(raw)
	from := origin + " baseURL"
	if variable {
		from = origin
	}
	switch {
	case raw == "" || raw == "/":
	case siteurl.AbsHTTP(raw):
		p.BaseURL, p.BaseURLFrom, p.BaseURLHidden = siteurl.WithSlash(raw), from, variable
	case strings.HasPrefix(raw, "/") && !strings.HasPrefix(raw, "//"):
		p.BasePath = siteurl.NormBase(raw)
	case variable: // its value is never shown: the environment may hold secrets
		p.Notes = append(p.Notes, generator.Note(origin, 0, "baseURL is not an absolute http(s) URL; give --base-url"))
	default:
		data, _ := d.Limits().ReadFile(d.Path(), origin, "", limits.Text)
		p.Notes = append(p.Notes, generator.Note(origin, conffile.KeyLine(data, "baseURL"), "baseURL %q is not an absolute http(s) URL; give --base-url", diag.URL(raw)))
	}
}
