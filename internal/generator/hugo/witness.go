package hugo

// Hugo's sitemaps as the witness of what it builds (see
// [generator.OutputRules].Witness). Every build, hugo --watch's rebuilds
// too, writes each language's sitemap (and the index of a site of
// several) after that language's pages, listing every page of the site
// (home, sections, taxonomies, terms, regular pages) but those a page's
// own front matter or build options leave out, which have a source: a
// page no source produces that a sitemap written after it does not list
// is the page of a deleted or renamed source. Pagers and aliases are
// never listed; the pages of other output formats (AMP) neither.

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// witnessSettings says why the settings cfg (lower-cased keys) change
// what Hugo's sitemaps list, "" when they do not: no sitemap written
// (disableKinds), one that lists nothing ([sitemap] disable, Hugo
// 0.125), a cascade of settings to pages with no source of their own,
// output formats that make pages of other forms.
func witnessSettings(cfg map[string]any) string {
	if kinds, ok := cfg["disablekinds"].([]any); ok {
		for _, k := range kinds {
			if s, _ := k.(string); strings.EqualFold(s, "sitemap") {
				return "disableKinds has sitemap"
			}
		}
	}
	if t, ok := cfg["sitemap"].(map[string]any); ok {
		if _, ok := t["disable"]; ok {
			return "[sitemap] disable is set"
		}
	}
	if _, ok := cfg["cascade"]; ok {
		return "the configuration has a cascade"
	}
	if m, ok := cfg["module"].(map[string]any); ok {
		// Hugo Modules bring templates from elsewhere, which are not read.
		if _, ok := m["imports"]; ok {
			return "the configuration imports modules"
		}
		if _, ok := m["mounts"]; ok {
			return "the configuration mounts folders"
		}
	}
	if _, ok := cfg["outputformats"]; ok {
		return "the configuration has outputFormats"
	}
	if outs, ok := cfg["outputs"].(map[string]any); ok {
		for _, v := range outs {
			list, _ := v.([]any)
			for _, f := range list {
				s, _ := f.(string)
				switch strings.ToLower(s) {
				case "html", "rss", "json", "robots", "sitemap", "calendar", "csv":
				default:
					return fmt.Sprintf("outputs names %q", diag.Excerpt(s))
				}
			}
		}
	}
	return ""
}

// paginatePath is paginatePath, or pagination.path (Hugo 0.128), default
// "page".
func paginatePath(cfg map[string]any) string {
	if s, ok := cfg["paginatepath"].(string); ok && s != "" {
		return strings.Trim(s, "/")
	}
	if t, ok := cfg["pagination"].(map[string]any); ok {
		if s, ok := t["path"].(string); ok && s != "" {
			return strings.Trim(s, "/")
		}
	}
	return "page"
}

// sitemapTemplate says which sitemap template of the project's own (or
// its themes') replaces Hugo's, "" for none: a sitemap*.xml in layouts/
// or layouts/_default/. Its folders are listed through the one door: a
// folder linked out of the project is taken to hold one, since what it
// holds is not looked at. unread says instead why a theme's templates
// are not read (a module, a folder outside themes/: hugo-book's example
// site, built with --themesDir ../..): it may hold one or not.
func sitemapTemplate(projectDir string, cfg map[string]any) (tmpl, unread string) {
	layouts, themes := layoutDirs(cfg)
	folders := []string{layouts}
	var named []string // the themes the configuration names
	switch v := cfg["theme"].(type) {
	case string:
		named = append(named, v)
	case []any:
		for _, t := range v {
			if s, ok := t.(string); ok {
				named = append(named, s)
			}
		}
	}
	for _, t := range named {
		// A theme that is a module, or a folder not in themes/, has
		// templates that are not read here.
		if t == "" {
			continue
		}
		if strings.Contains(t, "/") || t == "." || t == ".." {
			unread = fmt.Sprintf("theme %q (a module, whose templates are not read)", diag.Excerpt(t))
			continue
		}
		if info, err := fsx.Stat(projectDir, path.Join(themes, t)); err != nil || !info.IsDir() {
			unread = fmt.Sprintf("theme %q (not a folder of %s, whose templates are not read)", diag.Excerpt(t), themes)
		}
	}
	if entries, err := fsx.ReadDir(projectDir, themes); err == nil {
		for _, e := range entries {
			folders = append(folders, path.Join(themes, e.Name(), "layouts"))
		}
	} else if errors.Is(err, fsx.ErrOutside) {
		return themes + " (a link out of the project)", ""
	}
	for _, f := range folders {
		for _, dir := range []string{f, path.Join(f, "_default")} {
			entries, err := fsx.ReadDir(projectDir, dir)
			if errors.Is(err, fsx.ErrOutside) {
				return dir + " (a link out of the project)", ""
			}
			for _, e := range entries {
				if n := e.Name(); strings.HasPrefix(n, "sitemap") && strings.HasSuffix(n, ".xml") {
					return path.Join(dir, n), ""
				}
			}
		}
	}
	return "", unread
}

// witnessSitemaps names Hugo's sitemaps, at the root and in each
// language's folder, unless the project changes what they list (see
// [generator.OutputRules].Witness).
func (h *Preset) witnessSitemaps() []string {
	if h.witnessOff != "" {
		return nil
	}
	file := cmp.Or(h.SitemapFilename, "sitemap.xml")
	names := []string{file}
	for _, lang := range h.Languages {
		names = append(names, lang+"/"+file)
	}
	return names
}

// sitemapKind tells how Hugo's sitemaps speak of the page at urlPath,
// which no source produces (see [generator.OutputRules].Witness): a pager
// (/posts/page/2/) is never listed, and written right after its list
// page (/posts/) by the worker that renders it; a taxonomy's or term's page is listed when built, unless a
// cascade of its taxonomy's _index file leaves it out (Hugo 0.125's
// sitemap: disable), which the witness does not read: neither; so is a
// section with no _index file of its own, whose folder is there (a
// cascade of a section above may leave it out, as _build: list: never
// does), and a page under a folder with a content adapter
// (_content.gotmpl, Hugo 0.126), whose pages have no file; every other
// page is listed.
func (h *Preset) sitemapKind(urlPath string) (bool, string) {
	p := strings.Trim(urlPath, "/")
	p = strings.TrimSuffix(p, ".html") // ugly URLs: /posts/page/2.html
	p = strings.TrimSuffix(p, "/index")
	segs := strings.Split(p, "/")
	if n := len(segs); n >= 2 && segs[n-2] == h.PaginatePath {
		if _, err := strconv.Atoi(segs[n-1]); err == nil {
			list := "/" + strings.Join(segs[:n-2], "/")
			if list != "/" {
				list += "/"
			}
			return false, list
		}
	}
	if len(segs) > 1 && slices.Contains(h.Languages, segs[0]) {
		segs = segs[1:]
	}
	if slices.Contains(h.Taxonomies, segs[0]) {
		return false, ""
	}
	if rel := strings.Join(segs, "/"); rel != "" && h.Content != nil {
		fi, err := fs.Stat(h.Content, rel)
		if err == nil && fi.IsDir() || errors.Is(err, fsx.ErrOutside) {
			return false, ""
		}
		// A content adapter of a folder above (Hugo 0.126) makes pages
		// with no file, which its build options may leave out.
		for dir := path.Dir(rel); ; dir = path.Dir(dir) {
			if _, err := fs.Stat(h.Content, path.Join(dir, "_content.gotmpl")); err == nil || errors.Is(err, fsx.ErrOutside) {
				return false, ""
			}
			if dir == "." {
				break
			}
		}
	}
	return true, ""
}
