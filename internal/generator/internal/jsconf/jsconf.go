// Package jsconf holds what the generators whose configuration is a
// JavaScript module read alike in it (Astro, Docusaurus, Gatsby, Nuxt,
// VitePress …): the site URL and its base path, trailingSlash, and the
// options of a sitemap plugin, as package peer takes them.
package jsconf

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Site is what [ReadSite] read.
type Site struct {
	// BaseURL and BaseURLFrom are the site URL joined to the base path,
	// and what gave them ("astro.config.mjs site + base"); "" for none.
	BaseURL, BaseURLFrom string
	// BasePath is the base path the base key gives, whether BaseURL
	// carries it or not; "" for none.
	BasePath string
	// Site is the site URL's value, SiteSt and BaseSt the states of the
	// site URL and of the base, for the caller's own notes.
	Site           jsconfig.Value
	SiteSt, BaseSt jsconfig.State
}

// ReadSite reads the site URL and the base path of the JavaScript
// configuration file, read by r: the first of siteKeys that is set
// (Astro's site, Docusaurus' url, VitePress's sitemap.hostname) and
// baseKey (base, baseUrl; "" for none). With a site URL, BaseURL is
// join(site, base) and BaseURLFrom "FILE SITEKEY", with " + BASEKEY"
// when the base is set; BasePath is the base, with or without a site
// URL. A site URL that is
// not an absolute http(s) URL is Bad, with a note.
func ReadSite(r *jsconfig.Reader, file, baseKey string, join func(site, base string) string, siteKeys ...string) Site {
	var s Site
	var key string
	for _, key = range siteKeys {
		if s.Site, s.SiteSt = r.Str(key, siteurl.BaseURLHint); s.SiteSt != jsconfig.Absent {
			break
		}
	}
	var base jsconfig.Value
	if baseKey != "" {
		base, s.BaseSt = r.Str(baseKey, siteurl.BaseURLHint)
	}
	if s.SiteSt == jsconfig.OK && !siteurl.AbsHTTP(s.Site.Value) {
		r.Note(s.Site.Line, "%s %q is not an absolute http(s) URL; give --base-url", key, diag.URL(s.Site.Value))
		s.SiteSt = jsconfig.Bad
	}
	if s.SiteSt == jsconfig.OK && s.BaseSt != jsconfig.Bad {
		s.BaseURL, s.BaseURLFrom = join(s.Site.Value, base.Value), s.Site.In(file)+" "+key
		if s.BaseSt == jsconfig.OK {
			s.BaseURLFrom += " + " + baseKey
		}
	}
	if s.BaseSt == jsconfig.OK {
		s.BasePath = siteurl.NormBase(base.Value)
	}
	return s
}

// SlashOption reads a trailingSlash option of 'always', 'never' or
// 'ignore' (Astro's, Gatsby's): "always", "never", or "" for 'ignore' and
// the values of ignored (Gatsby 4's 'legacy'). Another value is Bad, with
// a note.
func SlashOption(r *jsconfig.Reader, ignored ...string) (string, jsconfig.State) {
	v, st := r.Str("trailingSlash", "")
	switch {
	case st != jsconfig.OK || v.Value == "ignore" || slices.Contains(ignored, v.Value):
		return "", st
	case v.Value == "always" || v.Value == "never":
		return v.Value, st
	}
	r.Note(v.Line, "trailingSlash %q is not 'always', 'never' or 'ignore'", v.Value)
	return "", jsconfig.Bad
}

// Options returns the keys of the object at path of r as options: each
// key, a method's too, and after them each spread or computed key, which
// may give any option, as [peer.Unread]. A name is as a message may
// quote it (diag.Excerpt): no option's name holds a control character.
func Options(r *jsconfig.Reader, path string) []peer.Given {
	var out []peer.Given
	for _, k := range r.Keys(path) {
		v, line, _ := r.Any(joinKey(path, k.Name))
		out = append(out, peer.Given{Name: diag.Excerpt(k.Name), Value: PeerValue(v), Line: line})
	}
	for _, k := range r.Unread(path) {
		out = append(out, peer.Given{Name: diag.Excerpt(k.Name), Value: peer.Unread{}, Line: k.Line})
	}
	return out
}

func joinKey(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// PeerValue is a value of jsconfig's, or of a TOML or YAML file's, as
// the peer package takes it: numbers as float64, functions and
// expressions marked.
func PeerValue(v any) any {
	switch v := v.(type) {
	case jsconfig.Function:
		return peer.Func{}
	case jsconfig.Expression:
		return peer.Expr{Text: v.Text}
	case int64:
		return float64(v)
	case int:
		return float64(v)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = PeerValue(x)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = PeerValue(x)
		}
		return out
	}
	return v
}

// Elements returns the paths of the elements of the array at path.
func Elements(r *jsconfig.Reader, path string) []string {
	var out []string
	for i := 0; ; i++ {
		p := fmt.Sprintf("%s[%d]", path, i)
		if _, _, ok := r.Any(p); !ok {
			return out
		}
		out = append(out, p)
	}
}

// dirnamePath matches a path under the project folder written from the
// configuration's own folder, named __dirname or, in an ES module,
// import.meta.dirname: `${__dirname}/content/blog`, path.join(__dirname,
// 'content/blog'), path.resolve(import.meta.dirname, 'docs'), or the
// folder itself, __dirname alone.
var dirnamePath = lazyre.MustCompile("^(?:`\\$\\{" + dirname + "\\}/([^`$]+)`|(?:path\\.)?(?:join|resolve)\\(\\s*" + dirname + "\\s*,\\s*[`'\"]([^`'\"$]+)[`'\"]\\s*\\)|" + dirname + ")$")

// dirname matches the name of a module's own folder: __dirname, or
// import.meta.dirname in an ES module (Node.js 20.11 and later).
const dirname = "(?:__dirname|import\\.meta\\.dirname)"

// envOr matches a variable of the build's environment with a literal
// fallback: process.env.OUTPUT_DIR ?? 'doc_build' (or ||).
var envOr = lazyre.MustCompile("^process\\.env\\.([A-Za-z_][A-Za-z0-9_]*)\\s*(\\?\\?|\\|\\|)\\s*([`'\"])([^`'\"$\\\\]*)([`'\"])$")

// EnvOr returns the string a value of the form process.env.NAME ??
// 'literal' (or ||) has in the build's environment env: the variable's
// value when it is set (not empty, for ||), else the literal. ok is false
// for another value, and for a variable env cannot tell (env nil).
func EnvOr(v any, env func(string) (string, bool)) (string, bool) {
	x, isExpr := v.(jsconfig.Expression)
	m := envOr().FindStringSubmatch(x.Text)
	if !isExpr || m == nil || m[3] != m[5] || env == nil {
		return "", false
	}
	if val, set := env(m[1]); set && (m[2] == "??" || val != "") {
		return val, true
	}
	return m[4], true
}

// ProjectPath returns the folder of the project that a configuration's
// value v names (a path option: gatsby-source-filesystem's, Rspress'
// root), relative to the project folder, cleaned, "." for the project
// folder itself: a relative string, or one of dirnamePath's forms, for a
// configuration in the project folder. ok is false for another value, an
// absolute path, or one that leads out of the project.
func ProjectPath(v any) (string, bool) {
	var p string
	switch v := v.(type) {
	case string:
		if path.IsAbs(v) {
			return "", false
		}
		p = v
	case jsconfig.Expression:
		m := dirnamePath().FindStringSubmatch(v.Text)
		if m == nil {
			return "", false
		}
		p = m[1] + m[2]
	default:
		return "", false
	}
	p = path.Clean(strings.TrimPrefix(p, "./"))
	if !fs.ValidPath(p) {
		return "", false
	}
	return p, true
}

// PluginCall returns the path of the first element of the array at path
// ("plugins[2]") that calls a function module exports, as a default or a
// named import of the file (pluginSitemap({ … }), after import {
// pluginSitemap } from '@rspress/plugin-sitemap'); "" for none. The
// options it is given are read under the path with "()" appended.
func PluginCall(r *jsconfig.Reader, path, module string) string {
	for _, e := range Elements(r, path) {
		if Calls(r, e, module) {
			return e
		}
	}
	return ""
}

// Calls reports whether the value at path calls a function module
// exports, as a default or a named import of the file.
func Calls(r *jsconfig.Reader, path, module string) bool {
	if x, _, _ := r.Any(path); !isCall(x) {
		return false // another value: no note, as Callee would give
	}
	v, st := r.Callee(path, "")
	return st == jsconfig.OK && v.Callee != "" && (r.Import(v.Callee) == module || r.NamedImport(v.Callee) == module)
}

// callText matches the text of a call of a named function: name(…).
var callText = lazyre.MustCompile(`^[A-Za-z_$][\w$.]*\s*\(`)

// isCall reports whether v, a value of jsconfig's, is a call of a named
// function.
func isCall(v any) bool {
	x, ok := v.(jsconfig.Expression)
	return ok && callText().MatchString(x.Text)
}

// Excerpt is a value of jsconfig's as a note quotes it: an expression's
// text, a string quoted.
func Excerpt(v any) string {
	switch v := v.(type) {
	case jsconfig.Expression:
		return v.Text
	case string:
		return strconv.Quote(v)
	}
	return fmt.Sprint(v)
}
