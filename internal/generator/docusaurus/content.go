package docusaurus

// The classic preset's content plugins (docs, blog, pages) as the
// configuration sets them: where each takes its sources, the route base
// it serves them under, and the docs' versions. What cannot be read is
// said, and that plugin's pages are not joined to their sources: a guess
// would date a page by a file its build did not use.

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsconf"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
)

// A Content is where one of the content plugins takes its sources and
// serves its pages. The zero value is the plugin's defaults.
type Content struct {
	// Dir is the folder of its sources (path:), relative to the site
	// folder; "" for the default (docs, blog, src/pages).
	Dir string
	// Base is its route base (routeBasePath:), "/" for the root; "" for
	// the default (/docs, /blog, the root).
	Base string
	// Unread says an option of the plugin was not read (a note says
	// which): its pages are not joined to their sources.
	Unread bool
	// Off says the configuration turns the plugin off (docs: false).
	Off bool
}

// A Version is a version of the docs that Docusaurus builds.
type Version struct {
	// Name is "current" (the docs folder's) or a name of versions.json
	// (versioned_docs/version-NAME/).
	Name string
	// Path is where its pages are served below the docs' route base: ""
	// for the last version, "next" for the current one when it is not
	// the last, the version's name for the others, or its versions.NAME.path.
	Path string
}

// current is the name Docusaurus gives the docs folder's version.
const current = "current"

// docsVersions holds the options of the docs plugin that say which
// versions it builds, and where.
type docsVersions struct {
	last        string            // lastVersion; "" for the default
	paths       map[string]string // versions.NAME.path
	only        []string          // onlyIncludeVersions; nil for all
	noCurrent   bool              // includeCurrentVersion: false
	noVersioned bool              // disableVersioning: true
}

// table returns the versions Docusaurus builds, given versions.json's
// list, as its docs plugin computes them (readVersionNames,
// filterVersions, getLastVersionName, getVersionPathPart in
// @docusaurus/plugin-content-docs 3): the current version first, unless
// includeCurrentVersion is false; versions.json's, unless
// disableVersioning; those of onlyIncludeVersions alone; the last is
// lastVersion, else the first that is not the current one. Nil when it
// is the current version alone, at the route base: an unversioned site.
func (o docsVersions) table(listed []string) []Version {
	var names []string
	if !o.noVersioned {
		names = slices.Clone(listed)
	}
	if !o.noCurrent && !slices.Contains(names, current) {
		names = slices.Insert(names, 0, current)
	}
	if o.only != nil {
		names = slices.DeleteFunc(names, func(n string) bool { return !slices.Contains(o.only, n) })
	}
	last := o.last
	if last == "" {
		last = current
		if i := slices.IndexFunc(names, func(n string) bool { return n != current }); i >= 0 {
			last = names[i]
		}
	}
	var out []Version
	for _, n := range names {
		p, set := o.paths[n]
		switch {
		case set:
		case n == last:
			p = ""
		case n == current:
			p = "next"
		default:
			p = n
		}
		out = append(out, Version{Name: n, Path: strings.Trim(p, "/")})
	}
	if len(out) == 1 && out[0] == (Version{Name: current}) {
		return nil
	}
	if out == nil {
		return []Version{} // none built: Docusaurus fails such a build
	}
	return out
}

// isPlugin reports whether the value at p names the plugin want: the
// package's name, its short name (classic, content-docs), or
// require.resolve of it. line is the value's.
func isPlugin(r *jsconfig.Reader, p, want string) (line int, ok bool) {
	v, line, _ := r.Any(p)
	switch v := v.(type) {
	case string:
		short := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(want, "@docusaurus/"), "preset-"), "plugin-")
		return line, v == want || v == short
	case jsconfig.Expression: // require.resolve('@docusaurus/preset-classic')
		return line, strings.Contains(v.Text, want)
	}
	return line, false
}

// contentOptions returns, for each of the docs, blog and pages plugins,
// the path of its options object: in the classic preset's options
// (presets: [['classic', { docs: {…} }]]), or a plugin's (plugins:
// [['@docusaurus/plugin-content-docs', {…}]], the default instance,
// with no id); "" where the plugin has its defaults. Where they cannot
// be read (presets, a preset, or the classic preset's options, not a
// literal), each plugin is unread, said once for all three. A plugin
// that is not a literal (a local plugin's require.resolve, a call) is
// taken for another plugin than these, unless it names one.
func (o *options) contentOptions() map[string]string {
	r := o.r
	at := map[string]string{}
	kinds := []string{"docs", "blog", "pages"}
	unreadable := func(p, what string) {
		_, line, _ := r.Any(p)
		o.warnings = append(o.warnings, &diag.Diagnostic{File: o.file, Line: line,
			Msg: what + " not a literal: the pages of the docs, blog and pages plugins are not joined to their sources, and are listed without a lastmod"})
		for _, kind := range kinds {
			at[kind] = unreadPath
		}
	}
	if v, _, set := r.Any("presets"); set {
		if _, isList := v.([]any); !isList {
			unreadable("presets", "presets is")
			return at
		}
	}
	for _, e := range jsconf.Elements(r, "presets") {
		switch v, _, _ := r.Any(e); v.(type) {
		case string, []any: // 'classic', or ['classic', {…}]
		default: // a name, a spread, a call: it may be the classic preset
			unreadable(e, "a preset is")
			return at
		}
		if _, ok := isPlugin(r, e+"[0]", "@docusaurus/preset-classic"); !ok {
			continue
		}
		switch v, _, set := r.Any(e + "[1]"); v.(type) {
		case map[string]any:
			if len(r.Spreads(e+"[1]")) > 0 {
				unreadable(e+"[1]", "the classic preset's options spread values that are")
				return at
			}
			for _, kind := range kinds {
				at[kind] = e + "[1]." + kind
			}
		case nil:
			if set { // undefined
				continue
			}
		default:
			unreadable(e+"[1]", "the classic preset's options are")
			return at
		}
	}
	for _, e := range jsconf.Elements(r, "plugins") {
		for _, kind := range kinds {
			if _, ok := isPlugin(r, e+"[0]", "@docusaurus/plugin-content-"+kind); !ok {
				continue
			}
			if id, st := r.Str(e+"[1].id", ""); st == jsconfig.Absent || st == jsconfig.OK && id.Value == "default" {
				at[kind] = e + "[1]"
			}
		}
	}
	return at
}

// unreadPath stands, among the paths contentOptions returns, for
// options that cannot be read.
const unreadPath = "?"

// notLiteral is why an option is not read.
const notLiteral = "is not read (not one literal value)"

// options reads the content plugins' options, and says, as warnings at
// their lines, each it cannot read, for the pages it leaves undated.
type options struct {
	r        *jsconfig.Reader
	file     string
	warnings []*diag.Diagnostic
}

// unread says that option (docs.lastVersion) of the plugin kind, at
// line, is not read, and why.
func (o *options) unread(line int, kind, option, why string) {
	o.warnings = append(o.warnings, &diag.Diagnostic{File: o.file, Line: line,
		Msg: fmt.Sprintf("%s %s: the %s plugin's pages are not joined to their sources, and are listed without a lastmod", option, why, kind)})
}

// content reads the options of the content plugin kind at p: its path
// and routeBasePath. Any option it cannot read (the options not an
// object literal, a spread in them, a value that is no literal string,
// a folder outside the site's) is said, and the plugin's pages are not
// joined.
func (o *options) content(p, kind string) Content {
	var c Content
	switch p {
	case "":
		return c
	case unreadPath:
		c.Unread = true // said by contentOptions
		return c
	}
	v, line, _ := o.r.Any(p)
	switch v.(type) {
	case nil: // not set, or undefined
		return c
	case bool:
		c.Off = v == false
		return c
	case map[string]any:
	default:
		o.unread(line, kind, "the "+kind+" plugin's options", "are not an object literal")
		c.Unread = true
		return c
	}
	if len(o.r.Spreads(p)) > 0 {
		o.unread(line, kind, "the "+kind+" plugin's options", "spread values that are not read")
		c.Unread = true
		return c
	}
	if d, st := o.r.Str(p+".path", ""); st == jsconfig.OK {
		if clean, ok := srcpath.CleanRel(d.Value); ok && !path.IsAbs(d.Value) {
			c.Dir = clean
		} else {
			o.unread(d.Line, kind, kind+".path", fmt.Sprintf("%q is not a folder inside the site's", d.Value))
			c.Unread = true
		}
	} else if st == jsconfig.Bad {
		o.unread(d.Line, kind, kind+".path", notLiteral)
		c.Unread = true
	}
	if b, st := o.r.Str(p+".routeBasePath", ""); st == jsconfig.OK {
		c.Base = "/" + strings.Trim(b.Value, "/")
	} else if st == jsconfig.Bad {
		o.unread(b.Line, kind, kind+".routeBasePath", notLiteral)
		c.Unread = true
	}
	return c
}

// versions reads the options that say which versions the docs plugin
// builds, in its options object at p (read by content), given
// versions.json's list; ok is false, with a warning, when one cannot be
// read.
func (o *options) versions(p string, listed []string) (v docsVersions, ok bool) {
	if _, _, set := o.r.Any(p); p == "" || p == unreadPath || !set {
		return v, true
	}
	ok = true
	bad := func(line int, option string) {
		o.unread(line, "docs", "docs."+option, notLiteral)
		ok = false
	}
	if s, st := o.r.Str(p+".lastVersion", ""); st == jsconfig.OK {
		v.last = s.Value
	} else if st == jsconfig.Bad {
		bad(s.Line, "lastVersion")
	}
	switch list, st := o.r.Strs(p + ".onlyIncludeVersions"); st {
	case jsconfig.OK:
		v.only = list
	case jsconfig.Bad:
		_, line, _ := o.r.Any(p + ".onlyIncludeVersions")
		bad(line, "onlyIncludeVersions")
	}
	for _, b := range []struct {
		option string
		to     *bool
		when   bool
	}{{"includeCurrentVersion", &v.noCurrent, false}, {"disableVersioning", &v.noVersioned, true}} {
		switch val, st := o.r.Bool(p + "." + b.option); st {
		case jsconfig.OK:
			*b.to = val == b.when
		case jsconfig.Bad:
			_, line, _ := o.r.Any(p + "." + b.option)
			bad(line, b.option)
		}
	}
	vs := p + ".versions"
	switch val, line, set := o.r.Any(vs); {
	case !set:
	case len(o.r.Spreads(vs)) > 0:
		bad(line, "versions")
	default:
		if _, isMap := val.(map[string]any); !isMap {
			bad(line, "versions")
			break
		}
		// A version's name may hold dots (1.0): its options are
		// looked up by the names Docusaurus knows.
		for _, n := range append([]string{current}, listed...) {
			switch pv, st := o.r.Str(vs+"."+n+".path", ""); st {
			case jsconfig.OK:
				if v.paths == nil {
					v.paths = map[string]string{}
				}
				v.paths[n] = pv.Value
			case jsconfig.Bad:
				bad(pv.Line, "versions."+n+".path")
			}
		}
	}
	return v, ok
}
