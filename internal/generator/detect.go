package generator

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// Project is what a project folder's files say about the site a generator builds there.
//
// Detect reads the files as text: it never runs JavaScript or Python.
// What it cannot take from a literal value (process.env.SITE, a template
// with ${}, a function call, an !ENV variable that is not set) it leaves
// empty and says so in Notes.
type Project struct {
	Generator string // "hugo", "jekyll", "astro", "eleventy", "next", "mkdocs", "docusaurus"
	Title     string // "Hugo", "Jekyll", "Astro", "Eleventy", "Next.js", "MkDocs", "Docusaurus"
	// File is the file that told, relative to dir, with "/" separators:
	// "hugo.toml", "config/_default/hugo.toml", "_config.yml", "Gemfile",
	// "astro.config.mjs", "package.json", "mkdocs.yml" …
	File string
	// PublishDir is the folder the generator writes, relative to dir,
	// cleaned, with "/" separators: "public", "_site", "dist", "out",
	// "site", "build". A configuration may give an absolute path, which
	// stays absolute (check with filepath.IsAbs before joining). It is ""
	// when the configuration does not say it with a literal value, and for
	// a Next.js project that is not a static export.
	PublishDir string
	// BaseURL is the absolute http(s) URL of the site with its base path,
	// ending in "/", from the configuration's literal values ("" when none
	// is given or it is not a literal).
	BaseURL string
	// BaseURLFrom says what gave BaseURL, e.g. "hugo.toml baseURL",
	// "_config.yml url + baseurl", "astro.config.mjs site + base",
	// "mkdocs.yml site_url", "docusaurus.config.js url + baseUrl".
	BaseURLFrom string
	// BasePath is a base path the configuration gives without a host
	// (Next.js basePath, Eleventy pathPrefix, Astro base without site,
	// Jekyll baseurl without url), starting and ending in "/"; "" if none
	// or when BaseURL carries it.
	BasePath string
	// TrailingSlash is "always", "never" or "": what the generator's
	// configuration says about the form of its page URLs. "always": pages
	// are written as NAME/index.html and linked as /NAME/ (MkDocs by
	// default, Astro and Docusaurus when told, Next.js with trailingSlash:
	// true). "never": pages are written as NAME.html (Next.js by default,
	// Astro build.format 'file' or trailingSlash 'never', Docusaurus
	// trailingSlash: false, MkDocs use_directory_urls: false); Next.js,
	// Astro and Docusaurus link them as /NAME, MkDocs as /NAME.html. "":
	// the configuration says nothing (Hugo and Jekyll: the built files
	// tell).
	TrailingSlash string
	// Notes are things the reader saw but could not take, each
	// "file:line: ..." (or "file: ..." without a line), e.g.
	// "astro.config.mjs:4: site is not a literal string (process.env.SITE); give --base-url".
	Notes []string
}

// Detect returns the generators whose files are in dir, in the order
// hugo, jekyll, astro, eleventy, next, mkdocs, docusaurus (at most one
// Project per generator). No generator: nil, nil.
//
// What tells each generator:
//
//   - Hugo: a configuration [LoadHugo] finds (hugo.toml … config.json,
//     config/_default/).
//   - Jekyll: _config.yml (.yaml, .toml), else a Gemfile that names the
//     gem jekyll or github-pages.
//   - Astro: astro.config.{mjs,js,ts,mts,cjs,cts}, else a package.json
//     dependency "astro".
//   - Eleventy: .eleventy.js, eleventy.config.{js,mjs,cjs,ts}, else a
//     package.json dependency "@11ty/eleventy".
//   - Next.js: next.config.{js,mjs,ts,cjs}, else a package.json dependency
//     "next".
//   - MkDocs: mkdocs.yml or mkdocs.yaml.
//   - Docusaurus: docusaurus.config.{js,ts,mjs,cjs}, else a package.json
//     dependency "@docusaurus/core".
//
// A configuration file that exists but does not parse (TOML, YAML, JSON,
// package.json) is a [*ConfigError] naming the file (as
// filepath.Join(dir, name)) and line. A Hugo or Jekyll configuration that
// parses but that [LoadHugo] or [LoadJekyll] rejects (a permalink pattern
// sitemapgen does not support, say) is not an error here: the publish
// folder and base URL are read from it directly and the problem is a Note.
// JavaScript configurations never fail: what is not a literal is a Note.
func Detect(dir string) ([]Project, error) {
	return detect(dir, os.LookupEnv)
}

// detector holds what the generators' checks share.
type detector struct {
	dir string
	env func(string) (string, bool)
	pkg *packageJSON
}

// detect is Detect with the environment as a parameter (MkDocs !ENV,
// HUGO_ENVIRONMENT in the fallback reading of a Hugo configuration).
func detect(dir string, env func(string) (string, bool)) ([]Project, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("detect: %w", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("detect: %s is not a folder", dir)
	}
	d := &detector{dir: dir, env: env}
	if d.pkg, err = d.readPackageJSON(); err != nil {
		return nil, err
	}
	var out []Project
	for _, check := range []func() (*Project, error){d.hugo, d.jekyll, d.astro, d.eleventy, d.next, d.mkdocs, d.docusaurus} {
		p, err := check()
		if err != nil {
			return nil, err
		}
		if p != nil {
			p.Notes = uniqueNotes(p.Notes)
			out = append(out, *p)
		}
	}
	return out, nil
}

// wrap makes a loader's error name its file as filepath.Join(d.dir, file).
func (d *detector) wrap(err error) error {
	var ce *ConfigError
	if errors.As(err, &ce) {
		c := *ce
		if c.File != "" && !filepath.IsAbs(c.File) {
			c.File = filepath.Join(d.dir, filepath.FromSlash(c.File))
		}
		return &c
	}
	return fmt.Errorf("detect: %w", err)
}

// firstFile returns the name and contents of the first of names that is a
// file in d.dir; "" when none is.
func (d *detector) firstFile(names ...string) (string, []byte, error) {
	for _, name := range names {
		file := filepath.Join(d.dir, name)
		if !isFile(file) {
			continue
		}
		data, err := fsx.ReadFile(file)
		if err != nil {
			return "", nil, fmt.Errorf("detect: %w", err)
		}
		return name, data, nil
	}
	return "", nil, nil
}

// noteAt formats a Note: "file:line: message", or "file: message".
func noteAt(file string, line int, format string, args ...any) string {
	if line > 0 {
		return fmt.Sprintf("%s:%d: %s", file, line, fmt.Sprintf(format, args...))
	}
	return fmt.Sprintf("%s: %s", file, fmt.Sprintf(format, args...))
}

func uniqueNotes(notes []string) []string {
	var out []string
	for _, n := range notes {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// cleanDir cleans a publish folder a configuration gives: "/"
// separators, no "./" or trailing "/".
func cleanDir(s string) string {
	s = strings.TrimSpace(strings.ReplaceAll(s, `\`, "/"))
	if s == "" {
		return ""
	}
	return path.Clean(s)
}

// absHTTP reports whether s is an absolute http or https URL with a host.
func absHTTP(s string) bool {
	u, err := url.Parse(s)
	if err != nil {
		return false
	}
	scheme := strings.ToLower(u.Scheme)
	return (scheme == "http" || scheme == "https") && u.Host != ""
}

// withSlash ends an absolute URL's path in "/".
func withSlash(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "/") {
		return s
	}
	return s + "/"
}

// normBase returns a base path as "/path/", or "" for the root.
func normBase(p string) string {
	p = strings.Trim(strings.TrimSpace(p), "/")
	if p == "" {
		return ""
	}
	return "/" + p + "/"
}

// joinSiteBase appends a base path to a site URL: Jekyll's url +
// baseurl, Docusaurus's url + baseUrl.
func joinSiteBase(site, base string) string {
	b := normBase(base)
	if b == "" {
		b = "/"
	}
	return strings.TrimRight(strings.TrimSpace(site), "/") + b
}

// keyLine returns the 1-based line of the first line of a YAML or TOML
// file that sets key (case-insensitively), 0 if none does.
func keyLine(data []byte, key string) int {
	for i, ln := range bytes.Split(data, []byte("\n")) {
		s := strings.TrimSpace(string(ln))
		s = strings.TrimLeft(s, `"'`)
		if len(s) < len(key) || !strings.EqualFold(s[:len(key)], key) {
			continue
		}
		rest := strings.TrimLeft(strings.TrimLeft(s[len(key):], `"'`), " \t")
		if strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, "=") {
			return i + 1
		}
	}
	return 0
}

// ---------------------------------------------------------------------
// package.json

// packageJSON is what Detect takes from a package.json: the names of its
// dependencies and its scripts.
type packageJSON struct {
	deps    map[string]bool
	scripts map[string]string
}

// has reports whether the package depends on name (dependencies or
// devDependencies).
func (p *packageJSON) has(name string) bool { return p != nil && p.deps[name] }

// scriptNames returns the names of the scripts, sorted.
func (p *packageJSON) scriptNames() []string {
	if p == nil {
		return nil
	}
	names := make([]string, 0, len(p.scripts))
	for n := range p.scripts {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func (d *detector) readPackageJSON() (*packageJSON, error) {
	file := filepath.Join(d.dir, "package.json")
	if !isFile(file) {
		return nil, nil
	}
	m, err := readConfigFile(file, file)
	if err != nil {
		var ce *ConfigError
		if errors.As(err, &ce) {
			return nil, err
		}
		return nil, fmt.Errorf("detect: %w", err)
	}
	p := &packageJSON{deps: map[string]bool{}, scripts: map[string]string{}}
	for _, key := range []string{"dependencies", "devDependencies"} {
		if deps, ok := m[key].(map[string]any); ok {
			for name := range deps {
				p.deps[name] = true
			}
		}
	}
	if scripts, ok := m["scripts"].(map[string]any); ok {
		for name, v := range scripts {
			if s, ok := v.(string); ok {
				p.scripts[name] = s
			}
		}
	}
	return p, nil
}

// ---------------------------------------------------------------------
// Hugo

func (d *detector) hugo() (*Project, error) {
	h, err := LoadHugo(d.dir)
	if err != nil {
		var ce *ConfigError
		if errors.As(err, &ce) && ce.Err == nil && ce.File != "" {
			// The files parse but LoadHugo rejects a setting (permalinks
			// sitemapgen does not support, say): read what Detect needs
			// directly.
			return d.hugoFallback(ce)
		}
		return nil, d.wrap(err)
	}
	if h.File == "" {
		return nil, nil
	}
	p := &Project{Generator: "hugo", Title: "Hugo", File: h.File, PublishDir: cleanDir(h.PublishDir)}
	origin, _, _ := d.hugoSetting(h.Files, "baseurl")
	if origin == "" {
		origin = h.File
	}
	d.hugoBaseURL(p, h.BaseURL, origin)
	return p, nil
}

// hugoTopLevel reports whether a Hugo configuration file (relative to the
// project) holds top-level settings: hugo.* and config.*, at the root or
// in a config/ENV folder.
func hugoTopLevel(rel string) bool {
	name, _ := splitExt(path.Base(rel))
	name = strings.ToLower(name)
	return name == "hugo" || name == "config"
}

// hugoSetting returns the file of files (relative to d.dir) that last sets
// the top-level key (lower case), its value and the file's contents.
func (d *detector) hugoSetting(files []string, key string) (string, any, []byte) {
	var (
		origin string
		val    any
		data   []byte
	)
	for _, rel := range files {
		if !hugoTopLevel(rel) {
			continue
		}
		file := filepath.Join(d.dir, filepath.FromSlash(rel))
		m, err := readConfigFile(file, rel)
		if err != nil {
			continue
		}
		if v, ok := lowerKeys(m).(map[string]any)[key]; ok {
			origin, val = rel, v
			data, _ = fsx.ReadFile(file)
		}
	}
	return origin, val, data
}

// hugoFiles lists the configuration files of the Hugo project in d.dir in
// the order LoadHugo merges them.
func (d *detector) hugoFiles() ([]string, error) {
	env, _ := d.env("HUGO_ENVIRONMENT")
	files, err := hugoConfigFiles(d.dir, env)
	if err != nil {
		return nil, fmt.Errorf("detect: %w", err)
	}
	return files, nil
}

func (d *detector) hugoFallback(ce *ConfigError) (*Project, error) {
	files, err := d.hugoFiles()
	if err != nil {
		return nil, err
	}
	for _, rel := range files { // a file that does not parse is still an error
		if _, err := readConfigFile(filepath.Join(d.dir, filepath.FromSlash(rel)), rel); err != nil {
			return nil, d.wrap(err)
		}
	}
	if len(files) == 0 {
		return nil, d.wrap(ce)
	}
	p := &Project{Generator: "hugo", Title: "Hugo", File: files[0], PublishDir: "public"}
	p.Notes = append(p.Notes, ce.Error()+"; only baseURL and publishDir are read")
	if origin, v, data := d.hugoSetting(files, "publishdir"); origin != "" {
		if s, ok := v.(string); ok && s != "" {
			p.PublishDir = cleanDir(s)
		} else if !ok {
			p.PublishDir = ""
			p.Notes = append(p.Notes, noteAt(origin, keyLine(data, "publishDir"), "publishDir is not a string; give the built folder as DIR"))
		}
	}
	origin, v, data := d.hugoSetting(files, "baseurl")
	if origin != "" {
		s, ok := v.(string)
		if !ok {
			p.Notes = append(p.Notes, noteAt(origin, keyLine(data, "baseURL"), "baseURL is not a string; give --base-url"))
		} else {
			d.hugoBaseURL(p, s, origin)
		}
	}
	return p, nil
}

// hugoBaseURL sets p's base URL from Hugo's baseURL, set in origin.
func (d *detector) hugoBaseURL(p *Project, raw, origin string) {
	raw = strings.TrimSpace(raw)
	switch {
	case raw == "" || raw == "/":
	case absHTTP(raw):
		p.BaseURL, p.BaseURLFrom = withSlash(raw), origin+" baseURL"
	case strings.HasPrefix(raw, "/") && !strings.HasPrefix(raw, "//"):
		p.BasePath = normBase(raw)
	default:
		data, _ := fsx.ReadFile(filepath.Join(d.dir, filepath.FromSlash(origin)))
		p.Notes = append(p.Notes, noteAt(origin, keyLine(data, "baseURL"), "baseURL %q is not an absolute http(s) URL; give --base-url", raw))
	}
}

// ---------------------------------------------------------------------
// Jekyll

// jekyllGemRE matches a Gemfile line that asks for Jekyll, directly or
// through the github-pages gem.
var jekyllGemRE = regexp.MustCompile(`(?m)^[ \t]*gem[ \t(]+["'](?:jekyll|github-pages)["']`)

func (d *detector) jekyll() (*Project, error) {
	j, err := LoadJekyll(d.dir)
	if err != nil {
		var ce *ConfigError
		if errors.As(err, &ce) && ce.Err == nil && ce.File != "" {
			return d.jekyllFallback(ce)
		}
		return nil, d.wrap(err)
	}
	if j.File == "" {
		name, data, err := d.firstFile("Gemfile")
		if err != nil || name == "" || !jekyllGemRE.Match(data) {
			return nil, err
		}
		return &Project{Generator: "jekyll", Title: "Jekyll", File: "Gemfile", PublishDir: "_site"}, nil
	}
	p := &Project{Generator: "jekyll", Title: "Jekyll", File: j.File, PublishDir: cleanDir(j.Destination)}
	if p.PublishDir == "" {
		p.PublishDir = "_site"
	}
	d.jekyllBaseURL(p, j.URL, j.BaseURL)
	return p, nil
}

func (d *detector) jekyllFallback(ce *ConfigError) (*Project, error) {
	name, _, err := d.firstFile("_config.yml", "_config.yaml", "_config.toml")
	if err != nil {
		return nil, err
	}
	if name == "" {
		return nil, d.wrap(ce)
	}
	m, err := readConfigFile(filepath.Join(d.dir, name), name)
	if err != nil {
		return nil, d.wrap(err)
	}
	p := &Project{Generator: "jekyll", Title: "Jekyll", File: name, PublishDir: "_site"}
	p.Notes = append(p.Notes, ce.Error()+"; only url, baseurl and destination are read")
	str := func(key string) string {
		s, ok := stringValue(m[key])
		if !ok {
			data, _ := fsx.ReadFile(filepath.Join(d.dir, name))
			p.Notes = append(p.Notes, noteAt(name, keyLine(data, key), "%s is not a string", key))
		}
		return s
	}
	if dest := str("destination"); dest != "" {
		p.PublishDir = cleanDir(dest)
	}
	d.jekyllBaseURL(p, str("url"), str("baseurl"))
	return p, nil
}

func (d *detector) jekyllBaseURL(p *Project, siteURL, baseurl string) {
	siteURL = strings.TrimSpace(siteURL)
	switch {
	case siteURL == "":
		p.BasePath = normBase(baseurl)
	case absHTTP(siteURL):
		p.BaseURL, p.BaseURLFrom = joinSiteBase(siteURL, baseurl), p.File+" url"
		if normBase(baseurl) != "" {
			p.BaseURLFrom += " + baseurl"
		}
	default:
		data, _ := fsx.ReadFile(filepath.Join(d.dir, p.File))
		p.Notes = append(p.Notes, noteAt(p.File, keyLine(data, "url"), "url %q is not an absolute http(s) URL; give --base-url", siteURL))
		p.BasePath = normBase(baseurl)
	}
}

// ---------------------------------------------------------------------
// Astro

var astroConfigs = []string{"astro.config.mjs", "astro.config.js", "astro.config.ts", "astro.config.mts", "astro.config.cjs", "astro.config.cts"}

func (d *detector) astro() (*Project, error) {
	name, data, err := d.firstFile(astroConfigs...)
	if err != nil {
		return nil, err
	}
	if name == "" {
		if d.pkg.has("astro") {
			return &Project{Generator: "astro", Title: "Astro", File: "package.json", PublishDir: "dist"}, nil
		}
		return nil, nil
	}
	return astroProject(name, data), nil
}

// astroProject reads an Astro configuration. Defaults (Astro 5's
// ASTRO_CONFIG_DEFAULTS): outDir "./dist", base "/", trailingSlash
// "ignore", build.format "directory", build.client "./client/" (under
// outDir, where the prerendered pages of an output: 'server' build go).
// The site URL is new URL(base, site), as @astrojs/sitemap builds it.
func astroProject(name string, data []byte) *Project {
	p := &Project{Generator: "astro", Title: "Astro", File: name, PublishDir: "dist"}
	r := newJSReader(name, data)
	defer func() { p.Notes = append(p.Notes, r.notes...) }()

	if v, st := r.str("outDir", dirHint); st == jsOK {
		if p.PublishDir = cleanDir(v.Value); p.PublishDir == "" {
			p.PublishDir = "dist"
		}
	} else if st == jsBad {
		p.PublishDir = ""
	}
	if v, st := r.str("output", dirHint); st == jsOK && (v.Value == "server" || v.Value == "hybrid") && p.PublishDir != "" {
		client := "client"
		if c, st := r.str("build.client", dirHint); st == jsOK {
			client = c.Value
		} else if st == jsBad {
			client = ""
		}
		if client == "" {
			p.PublishDir = ""
		} else {
			p.PublishDir = cleanDir(path.Join(p.PublishDir, filepath.ToSlash(client)))
			p.Notes = append(p.Notes, noteAt(name, v.Line, "output is '%s': only prerendered pages are files (in %s); pages rendered on demand are not listed", v.Value, p.PublishDir))
		}
	} else if st == jsBad {
		p.PublishDir = ""
	}

	site, siteSt := r.str("site", baseURLHint)
	base, baseSt := r.str("base", baseURLHint)
	if siteSt == jsOK && !absHTTP(site.Value) {
		r.notes = append(r.notes, noteAt(name, site.Line, "site %q is not an absolute http(s) URL; give --base-url", site.Value))
		siteSt = jsBad
	}
	switch {
	case siteSt == jsOK && baseSt != jsBad:
		u, _ := url.Parse(strings.TrimSpace(site.Value))
		b := "/"
		if baseSt == jsOK && normBase(base.Value) != "" {
			b = normBase(base.Value)
		}
		p.BaseURL = u.Scheme + "://" + u.Host + b
		p.BaseURLFrom = name + " site"
		if b != "/" {
			p.BaseURLFrom += " + base"
		}
		if baseSt == jsAbsent && normBase(u.Path) != "" {
			r.notes = append(r.notes, noteAt(name, site.Line, "site has the path %s, which Astro does not use without base: the pages are at the root of %s (set base: '%s' if they are not)", u.EscapedPath(), u.Host, strings.TrimSuffix(normBase(u.Path), "/")))
		}
	case siteSt != jsOK && baseSt == jsOK:
		p.BasePath = normBase(base.Value)
	}

	slash, slashSt := r.str("trailingSlash", "")
	switch {
	case slashSt == jsOK && (slash.Value == "always" || slash.Value == "never"):
		p.TrailingSlash = slash.Value
	case slashSt == jsOK && slash.Value != "ignore":
		r.notes = append(r.notes, noteAt(name, slash.Line, "trailingSlash %q is not 'always', 'never' or 'ignore'", slash.Value))
	}
	if format, st := r.str("build.format", ""); st == jsOK && format.Value == "file" && p.TrailingSlash == "" && slashSt != jsBad {
		p.TrailingSlash = "never" // about.astro is written as about.html
	}
	return p
}

// ---------------------------------------------------------------------
// Eleventy

// eleventyConfigs are the configuration files Eleventy looks for, in its
// order (11ty.dev/docs/config: .eleventy.js, eleventy.config.js,
// eleventy.config.mjs, eleventy.config.cjs), then eleventy.config.ts,
// which is not one of Eleventy's default names (a project with one names
// it with --config) but tells of an Eleventy project all the same.
var eleventyConfigs = []string{".eleventy.js", "eleventy.config.js", "eleventy.config.mjs", "eleventy.config.cjs", "eleventy.config.ts"}

func (d *detector) eleventy() (*Project, error) {
	name, data, err := d.firstFile(eleventyConfigs...)
	if err != nil {
		return nil, err
	}
	if name == "" {
		if d.pkg.has("@11ty/eleventy") {
			return &Project{Generator: "eleventy", Title: "Eleventy", File: "package.json", PublishDir: "_site"}, nil
		}
		return nil, nil
	}
	return eleventyProject(name, data), nil
}

// eleventyProject reads an Eleventy configuration: dir.output (default
// "_site") in the returned or exported object, or
// eleventyConfig.setOutputDirectory("…") (Eleventy 3), and pathPrefix
// (default "/"), which is a URL prefix and does not move the output.
func eleventyProject(name string, data []byte) *Project {
	p := &Project{Generator: "eleventy", Title: "Eleventy", File: name, PublishDir: "_site"}
	r := newJSReader(name, data, "setOutputDirectory")
	defer func() { p.Notes = append(p.Notes, r.notes...) }()

	out, outSt := r.str("dir.output", dirHint)
	call, callSt := r.call("setOutputDirectory", dirHint)
	switch {
	case outSt == jsBad || callSt == jsBad:
		p.PublishDir = ""
	case outSt == jsOK && callSt == jsOK && cleanDir(out.Value) != cleanDir(call.Value):
		p.PublishDir = ""
		r.notes = append(r.notes, noteAt(name, call.Line, "setOutputDirectory(%q) and dir.output %q (line %d) differ%s", call.Value, out.Value, out.Line, dirHint))
	case callSt == jsOK && cleanDir(call.Value) != "":
		p.PublishDir = cleanDir(call.Value)
	case outSt == jsOK && cleanDir(out.Value) != "":
		p.PublishDir = cleanDir(out.Value)
	}
	if prefix, st := r.str("pathPrefix", ""); st == jsOK {
		p.BasePath = normBase(prefix.Value)
	}
	return p
}

// ---------------------------------------------------------------------
// Next.js

var nextConfigs = []string{"next.config.js", "next.config.mjs", "next.config.ts", "next.config.cjs"}

func (d *detector) next() (*Project, error) {
	name, data, err := d.firstFile(nextConfigs...)
	if err != nil {
		return nil, err
	}
	if name == "" && !d.pkg.has("next") {
		return nil, nil
	}
	if name == "" {
		name, data = "package.json", nil
	}
	return nextProject(name, data, d.pkg), nil
}

// nextExportRE finds `next export` in a package.json script, the way
// Next.js before 13.3 made a static export.
var nextExportRE = regexp.MustCompile(`(?:^|[\s;&|(])next\s+export\b([^;&|]*)`)

// nextExportScript returns the folder a script running `next export`
// writes (-o, --outdir; default "out"); ok is false when no script runs
// it.
func nextExportScript(pkg *packageJSON) (dir string, ok bool) {
	for _, name := range pkg.scriptNames() {
		m := nextExportRE.FindStringSubmatch(pkg.scripts[name])
		if m == nil {
			continue
		}
		dir = "out"
		args := strings.Fields(m[1])
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
	return "", false
}

// nextProject reads a Next.js configuration (data is nil without one).
//
// Only a static export is a site of files: output: 'export' makes `next
// build` write it to out/. A distDir other than ".next" then names the
// export folder itself (Next.js 16.2 dist/export/utils.js,
// hasCustomExportOutput: output === 'export' && distDir !== '.next', and
// dist/build/index.js: configOutDir = config.distDir; the docs' static
// export guide says "Change the output directory `out` -> `dist`"). Older
// Next.js exported with `next export` (-o DIR, default out). trailingSlash
// (default false) writes /about as about.html, or about/index.html when
// true; basePath is a URL prefix that does not move the files.
func nextProject(name string, data []byte, pkg *packageJSON) *Project {
	p := &Project{Generator: "next", Title: "Next.js", File: name, TrailingSlash: "never"}
	r := newJSReader(name, data)
	defer func() { p.Notes = append(p.Notes, r.notes...) }()

	output, outputSt := r.str("output", dirHint)
	exportDir, byScript := nextExportScript(pkg)
	switch {
	case outputSt == jsOK && output.Value == "export":
		p.PublishDir = "out"
		if dist, st := r.str("distDir", dirHint); st == jsOK && cleanDir(dist.Value) != "" && cleanDir(dist.Value) != ".next" {
			p.PublishDir = cleanDir(dist.Value)
		} else if st == jsBad {
			p.PublishDir = ""
		}
	case outputSt == jsBad:
		// the reader's note says why; PublishDir stays unknown
	case byScript:
		p.PublishDir = exportDir
	case outputSt == jsOK:
		r.notes = append(r.notes, noteAt(name, output.Line, "output is '%s', not 'export': sitemapgen needs a static export (output: 'export', which `next build` writes to out/)", output.Value))
	default:
		where := name
		if name == "package.json" {
			where = "next.config.js"
		}
		r.notes = append(r.notes, noteAt(name, 0, "no output: 'export': sitemapgen needs a static export (set output: 'export' in %s; `next build` then writes out/)", where))
	}
	if bp, st := r.str("basePath", baseURLHint); st == jsOK {
		p.BasePath = normBase(bp.Value)
	}
	if b, st := r.boolean("trailingSlash"); st == jsOK && b {
		p.TrailingSlash = "always"
	} else if st == jsBad {
		p.TrailingSlash = ""
	}
	return p
}

// ---------------------------------------------------------------------
// MkDocs

// mkdocs reads mkdocs.yml (or mkdocs.yaml) and the files it INHERITs.
// Defaults (mkdocs/config/defaults.py): site_url null, site_dir "site",
// use_directory_urls true. Tags other than !ENV (!!python/name:…,
// !relative) are left alone; !ENV VAR and !ENV [VAR…, default] are
// resolved as pyyaml_env_tag does: the first variable that is set, else
// the default (the last item of a list of two or more), else null.
func (d *detector) mkdocs() (*Project, error) {
	name, _, err := d.firstFile("mkdocs.yml", "mkdocs.yaml")
	if err != nil || name == "" {
		return nil, err
	}
	p := &Project{Generator: "mkdocs", Title: "MkDocs", File: name, PublishDir: "site", TrailingSlash: "always"}
	keys := map[string]mkdocsValue{}
	if err := d.mkdocsRead(name, keys, p, 0); err != nil {
		return nil, err
	}
	if v, ok := keys["site_dir"]; ok {
		switch s, _, st := d.mkdocsString("site_dir", v, p, dirHint); st {
		case jsOK:
			if p.PublishDir = cleanDir(s); p.PublishDir == "" {
				p.PublishDir = "site"
			}
		case jsBad:
			p.PublishDir = ""
		}
	}
	if v, ok := keys["site_url"]; ok {
		s, from, st := d.mkdocsString("site_url", v, p, baseURLHint)
		switch {
		case st == jsOK && absHTTP(s):
			p.BaseURL, p.BaseURLFrom = withSlash(s), v.file+" site_url"+from
		case st == jsOK && strings.TrimSpace(s) != "":
			p.Notes = append(p.Notes, noteAt(v.file, v.node.Line, "site_url %q is not an absolute http(s) URL; give --base-url", s))
		}
	}
	if v, ok := keys["use_directory_urls"]; ok {
		s, _, st := d.mkdocsString("use_directory_urls", v, p, "")
		if st == jsOK {
			if b, ok := yaml11Bool(s); ok {
				if !b {
					p.TrailingSlash = "never"
				}
			} else {
				p.Notes = append(p.Notes, noteAt(v.file, v.node.Line, "use_directory_urls %q is not true or false", s))
				p.TrailingSlash = ""
			}
		} else if st == jsBad {
			p.TrailingSlash = ""
		}
	}
	return p, nil
}

// mkdocsValue is a setting's node and the file that set it (relative to
// the project, or absolute).
type mkdocsValue struct {
	file string
	node *yaml.Node
}

var mkdocsKeys = []string{"site_url", "site_dir", "use_directory_urls"}

// mkdocsRead reads the settings Detect needs from rel into keys, where
// they are not set yet, then from the file rel INHERITs.
func (d *detector) mkdocsRead(rel string, keys map[string]mkdocsValue, p *Project, depth int) error {
	file := rel
	if !filepath.IsAbs(file) {
		file = filepath.Join(d.dir, filepath.FromSlash(rel))
	}
	data, err := fsx.ReadFile(file)
	if err != nil {
		return fmt.Errorf("detect: %w", err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return yamlError(file, err)
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) > 0 {
		root = root.Content[0]
	}
	root = yamlDeref(root)
	switch root.Kind {
	case 0, yaml.DocumentNode:
		return nil // an empty file
	case yaml.MappingNode:
	case yaml.ScalarNode:
		if root.ShortTag() == "!!null" {
			return nil
		}
		fallthrough
	default:
		return &ConfigError{File: file, Line: root.Line, Msg: "the file is not a mapping of keys to values"}
	}
	var inherit *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := yamlDeref(root.Content[i]), yamlDeref(root.Content[i+1])
		if k == nil || v == nil {
			continue
		}
		if k.Value == "INHERIT" {
			inherit = v
		}
		if _, set := keys[k.Value]; !set && slices.Contains(mkdocsKeys, k.Value) {
			keys[k.Value] = mkdocsValue{file: rel, node: v}
		}
	}
	if inherit == nil {
		return nil
	}
	if inherit.Kind != yaml.ScalarNode || inherit.Value == "" || depth >= 8 {
		p.Notes = append(p.Notes, noteAt(rel, inherit.Line, "INHERIT is not read"))
		return nil
	}
	parent := filepath.ToSlash(inherit.Value)
	if !path.IsAbs(parent) && !filepath.IsAbs(inherit.Value) {
		parent = path.Join(path.Dir(filepath.ToSlash(rel)), parent)
	} else {
		parent = inherit.Value
	}
	pf := parent
	if !filepath.IsAbs(pf) {
		pf = filepath.Join(d.dir, filepath.FromSlash(parent))
	}
	if !isFile(pf) {
		p.Notes = append(p.Notes, noteAt(rel, inherit.Line, "INHERIT names %s, which is not a file", inherit.Value))
		return nil
	}
	return d.mkdocsRead(parent, keys, p, depth+1)
}

func yamlDeref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 16; i++ {
		n = n.Alias
	}
	return n
}

// yamlNullRE is PyYAML's implicit null.
var yamlNullRE = regexp.MustCompile(`^(?:~|null|Null|NULL|)$`)

// yaml11Bool is PyYAML's implicit boolean.
func yaml11Bool(s string) (bool, bool) {
	switch s {
	case "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON":
		return true, true
	case "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF":
		return false, true
	}
	return false, false
}

// mkdocsString returns the scalar value of the setting key, resolving
// !ENV: st is jsAbsent for null (or an unset variable without a
// default), jsBad for a value that is not a scalar (a note says so). from
// says which !ENV source gave the value (" (!ENV SITE_URL)", " (!ENV
// default)"), "" for a plain value.
func (d *detector) mkdocsString(key string, v mkdocsValue, p *Project, hint string) (s, from string, st jsState) {
	n := v.node
	if n.Tag == "!ENV" {
		var vars []*yaml.Node
		var def *yaml.Node
		switch n.Kind {
		case yaml.ScalarNode:
			vars = []*yaml.Node{n}
		case yaml.SequenceNode:
			vars = n.Content
			if len(vars) > 1 {
				def, vars = yamlDeref(vars[len(vars)-1]), vars[:len(vars)-1]
			}
		default:
			p.Notes = append(p.Notes, noteAt(v.file, n.Line, "%s: !ENV wants a variable name or a list%s", key, hint))
			return "", "", jsBad
		}
		var names []string
		for _, vn := range vars {
			vn = yamlDeref(vn)
			if vn == nil || vn.Kind != yaml.ScalarNode {
				continue
			}
			names = append(names, vn.Value)
			if s, ok := d.env(vn.Value); ok {
				if yamlNullRE.MatchString(s) {
					break // set but empty: null, as PyYAML resolves it
				}
				return s, " (!ENV " + vn.Value + ")", jsOK
			}
		}
		if def != nil && def.Kind == yaml.ScalarNode && def.ShortTag() != "!!null" {
			return def.Value, " (!ENV default)", jsOK
		}
		if def != nil && def.Kind != yaml.ScalarNode {
			p.Notes = append(p.Notes, noteAt(v.file, def.Line, "%s: the !ENV default is not a scalar%s", key, hint))
			return "", "", jsBad
		}
		if hint != "" {
			p.Notes = append(p.Notes, noteAt(v.file, n.Line, "%s is !ENV %s, which is not set%s", key, strings.Join(names, ", "), hint))
		}
		return "", "", jsAbsent
	}
	if n.Kind != yaml.ScalarNode {
		p.Notes = append(p.Notes, noteAt(v.file, n.Line, "%s is not a string%s", key, hint))
		return "", "", jsBad
	}
	switch tag := n.ShortTag(); tag {
	case "!!null":
		return "", "", jsAbsent
	case "!!str", "!!bool", "!!int", "!!float":
		return n.Value, "", jsOK
	default: // !relative, !!python/…: a value MkDocs computes
		p.Notes = append(p.Notes, noteAt(v.file, n.Line, "%s has the tag %s, which is not read%s", key, tag, hint))
		return "", "", jsBad
	}
}

// ---------------------------------------------------------------------
// Docusaurus

var docusaurusConfigs = []string{"docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs", "docusaurus.config.cjs"}

func (d *detector) docusaurus() (*Project, error) {
	name, data, err := d.firstFile(docusaurusConfigs...)
	if err != nil {
		return nil, err
	}
	if name == "" {
		if d.pkg.has("@docusaurus/core") {
			return &Project{Generator: "docusaurus", Title: "Docusaurus", File: "package.json", PublishDir: "build"}, nil
		}
		return nil, nil
	}
	return docusaurusProject(name, data), nil
}

// docusaurusProject reads a Docusaurus configuration: url (the host) and
// baseUrl (the path, "/" when absent), trailingSlash (undefined by
// default: URLs as written, /docs/myDoc/index.html files; true: with a
// slash; false: without, /docs/myDoc.html files). `docusaurus build`
// writes build/ (its --out-dir is not in the configuration).
func docusaurusProject(name string, data []byte) *Project {
	p := &Project{Generator: "docusaurus", Title: "Docusaurus", File: name, PublishDir: "build"}
	r := newJSReader(name, data)
	defer func() { p.Notes = append(p.Notes, r.notes...) }()

	site, siteSt := r.str("url", baseURLHint)
	base, baseSt := r.str("baseUrl", baseURLHint)
	if siteSt == jsOK && !absHTTP(site.Value) {
		r.notes = append(r.notes, noteAt(name, site.Line, "url %q is not an absolute http(s) URL; give --base-url", site.Value))
		siteSt = jsBad
	}
	switch {
	case siteSt == jsOK && baseSt != jsBad:
		p.BaseURL, p.BaseURLFrom = joinSiteBase(site.Value, base.Value), name+" url"
		if baseSt == jsOK {
			p.BaseURLFrom += " + baseUrl"
		}
	case siteSt != jsOK && baseSt == jsOK:
		p.BasePath = normBase(base.Value)
	}
	if b, st := r.boolean("trailingSlash"); st == jsOK {
		p.TrailingSlash = "never"
		if b {
			p.TrailingSlash = "always"
		}
	}
	return p
}

// ---------------------------------------------------------------------
// Reading JavaScript and TypeScript configurations
//
// The reader does not run the file. A tokenizer skips comments and reads
// string, template and regular expression literals whole; a parser finds
// the object literals the file exports (export default …, module.exports
// = …, export const config = …, through calls such as defineConfig({…})
// and declarations such as const config = {…}; export default config) and
// records each `key: value` pair with its path (build.format, dir.output)
// and line. A value is taken only when it is a literal: a string, a
// template without ${}, true, false, a number, null or undefined.

// Hints that end the notes about the values Detect needs.
const (
	baseURLHint = "; give --base-url"
	dirHint     = "; give the built folder as DIR"
)

type jsKind uint8

const (
	jsPunct    jsKind = iota
	jsIdent           // an identifier or keyword
	jsStr             // a string literal, or a template literal without ${}
	jsTemplate        // a template literal with ${} substitutions
	jsNum
	jsRegex
	jsUnterminated // an unterminated string or template
)

type jsTok struct {
	kind     jsKind
	text     string // identifier, punctuator or number as written; a string's value
	pos, end int    // byte offsets in the source
	line     int    // 1-based line of pos
}

func (t jsTok) is(punct string) bool { return t.kind == jsPunct && t.text == punct }

func (t jsTok) isIdent(name string) bool { return t.kind == jsIdent && t.text == name }

// jsPuncts are the punctuators of more than one character the parser
// tells apart, longest first.
var jsPuncts = []string{">>>=", "===", "!==", "...", "**=", "<<=", ">>=", ">>>", "=>", "==", "!=", "?.", "??", "||", "&&", "<=", ">=", "++", "--", "+=", "-=", "*=", "%=", "&=", "|=", "^=", "**", "<<", ">>"}

// jsRegexAfter are the keywords after which a "/" starts a regular
// expression rather than a division.
var jsRegexAfter = map[string]bool{"return": true, "typeof": true, "instanceof": true, "in": true, "of": true, "new": true, "delete": true, "void": true, "throw": true, "case": true, "do": true, "else": true, "yield": true, "await": true}

type jsLexer struct {
	src   []byte
	i     int
	line  int
	toks  []jsTok
	prev  jsTok // the last token read, emitted or not
	any   bool  // prev is set
	subst []int // open ${ substitutions, innermost last: the depth of { inside each
	tpl   jsTok // the outermost template literal being read
}

// lexJS splits JavaScript (or TypeScript) source into tokens. Tokens
// inside a template literal's substitutions are not returned: the template
// is one token.
func lexJS(src []byte) []jsTok {
	l := &jsLexer{src: src, line: 1}
	if bytes.HasPrefix(src, []byte("#!")) {
		for l.i < len(src) && src[l.i] != '\n' {
			l.i++
		}
	}
	for l.i < len(src) {
		c := src[l.i]
		switch {
		case c == '\n':
			l.line++
			l.i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f':
			l.i++
		case c == '/' && l.peek(1) == '/':
			for l.i < len(src) && src[l.i] != '\n' {
				l.i++
			}
		case c == '/' && l.peek(1) == '*':
			stop := len(src)
			if end := bytes.Index(src[l.i+2:], []byte("*/")); end >= 0 {
				stop = l.i + 2 + end + 2
			}
			l.line += bytes.Count(src[l.i:stop], []byte("\n"))
			l.i = stop
		case c == '\'' || c == '"':
			l.str(c)
		case c == '`':
			if len(l.subst) == 0 {
				l.tpl = jsTok{kind: jsStr, pos: l.i, line: l.line}
			}
			l.i++
			l.template()
		case c == '{' && len(l.subst) > 0:
			l.subst[len(l.subst)-1]++
			l.punct(1)
		case c == '}' && len(l.subst) > 0:
			if top := len(l.subst) - 1; l.subst[top] > 0 {
				l.subst[top]--
				l.punct(1)
			} else {
				l.subst = l.subst[:top]
				l.i++
				l.template()
			}
		case jsIdentStart(c):
			start := l.i
			for l.i < len(src) && (jsIdentStart(src[l.i]) || src[l.i] >= '0' && src[l.i] <= '9') {
				l.i++
			}
			l.emit(jsTok{kind: jsIdent, text: string(src[start:l.i]), pos: start, end: l.i, line: l.line})
		case c >= '0' && c <= '9' || c == '.' && l.peek(1) >= '0' && l.peek(1) <= '9':
			start := l.i
			for l.i < len(src) && (jsIdentStart(src[l.i]) || src[l.i] >= '0' && src[l.i] <= '9' || src[l.i] == '.') {
				l.i++
			}
			l.emit(jsTok{kind: jsNum, text: string(src[start:l.i]), pos: start, end: l.i, line: l.line})
		case c == '/' && l.regexOK():
			l.regex()
		default:
			n := 1
			for _, p := range jsPuncts {
				if bytes.HasPrefix(src[l.i:], []byte(p)) {
					n = len(p)
					break
				}
			}
			if c == '/' && l.peek(1) == '=' {
				n = 2
			}
			l.punct(n)
		}
	}
	if len(l.subst) > 0 { // the file ends inside a substitution
		l.subst = nil
		l.tpl.kind, l.tpl.end = jsUnterminated, len(src)
		l.emit(l.tpl)
	}
	return l.toks
}

func jsIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c == '#' || c >= 0x80
}

func (l *jsLexer) peek(n int) byte {
	if l.i+n < len(l.src) {
		return l.src[l.i+n]
	}
	return 0
}

func (l *jsLexer) emit(t jsTok) {
	l.prev, l.any = t, true
	if len(l.subst) == 0 {
		l.toks = append(l.toks, t)
	}
}

func (l *jsLexer) punct(n int) {
	if l.i+n > len(l.src) {
		n = len(l.src) - l.i
	}
	l.emit(jsTok{kind: jsPunct, text: string(l.src[l.i : l.i+n]), pos: l.i, end: l.i + n, line: l.line})
	l.i += n
}

// regexOK says whether a "/" here starts a regular expression literal.
func (l *jsLexer) regexOK() bool {
	if !l.any {
		return true
	}
	switch p := l.prev; p.kind {
	case jsIdent:
		return jsRegexAfter[p.text]
	case jsPunct:
		return p.text != ")" && p.text != "]" && p.text != "}" && p.text != "++" && p.text != "--"
	}
	return false
}

func (l *jsLexer) regex() {
	start, line := l.i, l.line
	l.i++
	class := false
loop:
	for l.i < len(l.src) {
		switch l.src[l.i] {
		case '\\':
			if l.peek(1) == '\n' {
				break loop
			}
			l.i += 2
			continue
		case '[':
			class = true
		case ']':
			class = false
		case '/':
			if !class {
				l.i++
				break loop
			}
		case '\n':
			break loop
		}
		l.i++
	}
	if l.i > len(l.src) {
		l.i = len(l.src)
	}
	for l.i < len(l.src) && jsIdentStart(l.src[l.i]) { // flags
		l.i++
	}
	l.emit(jsTok{kind: jsRegex, text: string(l.src[start:l.i]), pos: start, end: l.i, line: line})
}

// str reads a '…' or "…" string literal; one that a line break or the
// end of the file cuts is jsBad.
func (l *jsLexer) str(q byte) {
	start, line := l.i, l.line
	l.i++
	for l.i < len(l.src) {
		switch c := l.src[l.i]; {
		case c == q:
			l.i++
			l.emit(jsTok{kind: jsStr, text: jsUnescape(l.src[start+1 : l.i-1]), pos: start, end: l.i, line: line})
			return
		case c == '\\':
			l.i++
			if l.i >= len(l.src) {
				break
			}
			if l.src[l.i] == '\r' && l.peek(1) == '\n' {
				l.i++
			}
			if l.src[l.i] == '\n' {
				l.line++
			}
			l.i++
		case c == '\n':
			l.emit(jsTok{kind: jsUnterminated, pos: start, end: l.i, line: line})
			return
		default:
			l.i++
		}
	}
	if l.i > len(l.src) {
		l.i = len(l.src)
	}
	l.emit(jsTok{kind: jsUnterminated, pos: start, end: l.i, line: line})
}

// template reads a template literal's characters from l.i (after its
// opening ` or after the } that closes a substitution) up to its end or
// to the next ${.
func (l *jsLexer) template() {
	for l.i < len(l.src) {
		switch c := l.src[l.i]; {
		case c == '\\':
			l.i++
			if l.i < len(l.src) {
				if l.src[l.i] == '\n' {
					l.line++
				}
				l.i++
			}
		case c == '`':
			l.i++
			l.endTemplate(true)
			return
		case c == '$' && l.peek(1) == '{':
			l.i += 2
			l.subst = append(l.subst, 0)
			l.tpl.kind = jsTemplate
			return
		case c == '\n':
			l.line++
			l.i++
		default:
			l.i++
		}
	}
	l.endTemplate(false)
}

// endTemplate ends a template literal: the outermost one is emitted.
func (l *jsLexer) endTemplate(closed bool) {
	if len(l.subst) > 0 { // a template inside a substitution
		l.prev, l.any = jsTok{kind: jsTemplate}, true
		return
	}
	t := l.tpl
	t.end = l.i
	switch {
	case !closed:
		t.kind = jsUnterminated
	case t.kind == jsStr && t.end-1 > t.pos:
		t.text = jsUnescape(l.src[t.pos+1 : t.end-1])
	}
	l.emit(t)
}

// jsUnescape decodes a string literal's escapes.
func jsUnescape(raw []byte) string {
	if !bytes.ContainsRune(raw, '\\') {
		return string(raw)
	}
	var b strings.Builder
	hex := func(s []byte) (rune, bool) {
		if len(s) == 0 || len(s) > 6 {
			return 0, false
		}
		n, err := strconv.ParseUint(string(s), 16, 32)
		return rune(n), err == nil
	}
	for i := 0; i < len(raw); {
		c := raw[i]
		if c != '\\' {
			b.WriteByte(c)
			i++
			continue
		}
		i++
		if i >= len(raw) {
			break
		}
		c = raw[i]
		i++
		switch c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case '0':
			b.WriteByte(0)
		case '\r':
			if i < len(raw) && raw[i] == '\n' {
				i++
			}
		case '\n':
		case 'x':
			if i+2 <= len(raw) {
				if r, ok := hex(raw[i : i+2]); ok {
					b.WriteRune(r)
					i += 2
					continue
				}
			}
			b.WriteByte('x')
		case 'u':
			var r rune
			ok := false
			if i < len(raw) && raw[i] == '{' {
				if end := bytes.IndexByte(raw[i:], '}'); end > 0 {
					if r, ok = hex(raw[i+1 : i+end]); ok {
						i += end + 1
					}
				}
			} else if i+4 <= len(raw) {
				if r, ok = hex(raw[i : i+4]); ok {
					i += 4
					if utf16.IsSurrogate(r) && i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
						if r2, ok2 := hex(raw[i+2 : i+6]); ok2 {
							if d := utf16.DecodeRune(r, r2); d != 0xFFFD {
								r = d
								i += 6
							}
						}
					}
				}
			}
			if !ok {
				b.WriteByte('u')
				continue
			}
			b.WriteRune(r)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// jsValue is a value the reader found: the value of a key of an exported
// object literal, a spread in one, or the argument of a method call.
type jsValue struct {
	Line    int
	Literal bool   // a string, number, boolean, null or undefined
	Kind    jsKind // of a literal: jsStr, jsNum, or jsIdent (true, false, null, undefined)
	Value   string // a literal's value
	Text    string // the value's source text, shortened, for notes
}

// jsConfig is what the reader found in a configuration file.
type jsConfig struct {
	src     []byte
	toks    []jsTok
	match   []int  // for an opening bracket, the index of its closer (len(toks) if none); -1 otherwise
	obj     []bool // a { that opens an object literal
	values  map[string][]jsValue
	spreads map[string][]jsValue // path of an object → its ...spreads
	calls   map[string][]jsValue // method name → the argument of each .name(…) call
	opaque  *jsValue             // an export that is no object literal the reader can follow
	decls   map[string]int       // name → the token after = of its first const/let/var declaration
}

// parseJS reads a configuration file's exported object literals, and the
// arguments of calls to the named methods anywhere in the file.
func parseJS(src []byte, methods ...string) *jsConfig {
	c := &jsConfig{src: src, toks: lexJS(src), values: map[string][]jsValue{}, spreads: map[string][]jsValue{}, calls: map[string][]jsValue{}}
	c.brackets()
	c.declarations()
	var roots []int
	exported := false
	exports := c.exports()
	if len(exports) > 64 {
		exports = exports[:64]
	}
	for _, s := range exports {
		exported = true
		e := c.stmtEnd(s)
		before := len(roots)
		c.rootsIn(s, e, true, 0, map[string]bool{}, &roots)
		if len(roots) == before && c.opaque == nil && s < len(c.toks) && !c.function(s, e) {
			c.opaque = &jsValue{Line: c.toks[s].line, Text: c.text(s, e)}
		}
	}
	if !exported { // no export the reader knows: every object literal
		c.rootsIn(0, len(c.toks), false, 0, nil, &roots)
	}
	for _, r := range roots {
		c.walk(r, "", 0)
	}
	for i, t := range c.toks {
		if t.kind != jsIdent || !slices.Contains(methods, t.text) || i == 0 || !c.toks[i-1].is(".") || i+1 >= len(c.toks) || !c.toks[i+1].is("(") {
			continue
		}
		c.calls[t.text] = append(c.calls[t.text], c.value(i+2, c.match[i+1]))
	}
	return c
}

// function says whether [s, e) holds a function: a configuration
// function that returns no object literal is not opaque, it sets nothing
// (or calls methods such as setOutputDirectory).
func (c *jsConfig) function(s, e int) bool {
	for j := s; j < e && j < len(c.toks); j++ {
		if c.toks[j].isIdent("function") || c.toks[j].is("=>") {
			return true
		}
	}
	return false
}

// brackets matches brackets and tells object literals from blocks.
func (c *jsConfig) brackets() {
	n := len(c.toks)
	c.match = make([]int, n)
	c.obj = make([]bool, n)
	var stack []int
	for i, t := range c.toks {
		c.match[i] = -1
		if t.kind != jsPunct {
			continue
		}
		switch t.text {
		case "{", "(", "[":
			c.match[i] = n
			stack = append(stack, i)
			if t.text == "{" {
				c.obj[i] = c.objectStart(i)
			}
		case "}", ")", "]":
			open := map[string]string{"}": "{", ")": "(", "]": "["}[t.text]
			for k := len(stack) - 1; k >= 0; k-- {
				if c.toks[stack[k]].text == open {
					for _, o := range stack[k:] {
						c.match[o] = i
					}
					stack = stack[:k]
					break
				}
			}
		}
	}
}

// objectStart says whether the { at i opens an object literal rather than
// a block, by the token before it.
func (c *jsConfig) objectStart(i int) bool {
	if i == 0 {
		return false
	}
	p := c.toks[i-1]
	switch p.kind {
	case jsPunct:
		switch p.text {
		case "(", ",", "=", ":", "[", "?", "||", "&&", "??", "...", "!", "==", "===", "!=", "!==":
			return true
		}
	case jsIdent:
		switch p.text {
		case "return", "default", "yield", "await", "typeof", "void", "in", "of", "case":
			return true
		}
	}
	return false
}

// declarations indexes the first const, let or var declaration of each
// name.
func (c *jsConfig) declarations() {
	c.decls = map[string]int{}
	for i := 0; i+2 < len(c.toks); i++ {
		t := c.toks[i]
		if t.kind != jsIdent || t.text != "const" && t.text != "let" && t.text != "var" {
			continue
		}
		name := c.toks[i+1]
		if name.kind != jsIdent {
			continue
		}
		if _, seen := c.decls[name.text]; seen {
			continue
		}
		// past a type annotation (const config: Config = {…}) to the =
		for k := i + 2; k < len(c.toks) && k < i+64; k++ {
			if tk := c.toks[k]; tk.is("=") {
				c.decls[name.text] = k + 1
				break
			} else if tk.is(";") || tk.is(",") {
				break
			} else if c.match[k] >= 0 {
				k = c.match[k]
			}
		}
	}
}

// exports returns the index of the first token of each exported value:
// export default X, module.exports = X, exports.default = X,
// module.exports.config = X and export const config = X.
func (c *jsConfig) exports() []int {
	var out []int
	t := c.toks
	at := func(i int, f func(jsTok) bool) bool { return i < len(t) && f(t[i]) }
	isP := func(s string) func(jsTok) bool { return func(x jsTok) bool { return x.is(s) } }
	isI := func(s string) func(jsTok) bool { return func(x jsTok) bool { return x.isIdent(s) } }
	for i := range t {
		switch {
		case t[i].isIdent("export") && at(i+1, isI("default")):
			out = append(out, i+2)
		case t[i].isIdent("export") && (at(i+1, isI("const")) || at(i+1, isI("let")) || at(i+1, isI("var"))) && at(i+2, isI("config")):
			if s, ok := c.decls["config"]; ok && s > i {
				out = append(out, s)
			}
		case t[i].isIdent("module") && at(i+1, isP(".")) && at(i+2, isI("exports")):
			switch {
			case at(i+3, isP("=")):
				out = append(out, i+4)
			case at(i+3, isP(".")) && at(i+4, isI("config")) && at(i+5, isP("=")):
				out = append(out, i+6)
			}
		case t[i].isIdent("exports") && (i == 0 || !t[i-1].is(".")) && at(i+1, isP(".")) && (at(i+2, isI("default")) || at(i+2, isI("config"))) && at(i+3, isP("=")):
			out = append(out, i+4)
		}
	}
	return out
}

// stmtEnd returns the end (exclusive) of the expression or statement that
// starts at s: a ; at its level, the closer of the bracket it is in, or a
// statement keyword on a later line after a token that can end one.
func (c *jsConfig) stmtEnd(s int) int {
	n := len(c.toks)
	for j := s; j < n; {
		t := c.toks[j]
		if c.match[j] >= 0 {
			j = c.match[j] + 1
			continue
		}
		if t.kind == jsPunct && (t.text == ";" || t.text == "}" || t.text == ")" || t.text == "]") {
			return j
		}
		if j > s && t.kind == jsIdent && t.line > c.toks[j-1].line && jsStmtKeyword[t.text] && c.endsValue(j-1) {
			return j
		}
		j++
	}
	return n
}

var jsStmtKeyword = map[string]bool{"export": true, "import": true, "const": true, "let": true, "var": true, "function": true, "class": true, "module": true, "exports": true, "if": true, "for": true, "while": true, "switch": true, "try": true}

// endsValue says whether the token at i can end an expression.
func (c *jsConfig) endsValue(i int) bool {
	switch t := c.toks[i]; t.kind {
	case jsPunct:
		return t.text == ")" || t.text == "]" || t.text == "}"
	case jsIdent:
		return !jsKeyword[t.text] || t.text == "true" || t.text == "false" || t.text == "null" || t.text == "undefined" || t.text == "this"
	}
	return true
}

var jsKeyword = map[string]bool{
	"async": true, "await": true, "function": true, "return": true, "new": true, "typeof": true, "this": true,
	"true": true, "false": true, "null": true, "undefined": true, "satisfies": true, "as": true,
	"const": true, "let": true, "var": true, "if": true, "else": true, "default": true, "export": true,
	"import": true, "from": true, "of": true, "in": true, "instanceof": true, "void": true, "delete": true,
	"class": true, "extends": true, "super": true, "yield": true, "process": true, "require": true,
}

// rootsIn adds to roots the object literals of the expression [s, e)
// that are not inside another one, and, with follow, those of the
// declarations of the names it refers to (export default config). Inside
// a function body only what is returned counts: return {…}, return
// config; not the arguments of the calls the function makes.
func (c *jsConfig) rootsIn(s, e int, follow bool, depth int, seen map[string]bool, roots *[]int) {
	c.scanRoots(s, e, false, follow, depth, seen, roots)
}

func (c *jsConfig) scanRoots(s, e int, inBody, follow bool, depth int, seen map[string]bool, roots *[]int) {
	if e > len(c.toks) {
		e = len(c.toks)
	}
	for j := s; j < e; j++ {
		t := c.toks[j]
		switch {
		case t.is("{") && c.obj[j]:
			if !inBody || c.returned(j) {
				*roots = append(*roots, j)
			}
			j = c.match[j]
			continue
		case t.is("{"): // a block: a function body, an if's
			if depth < 64 {
				c.scanRoots(j+1, c.match[j], true, follow, depth+1, seen, roots)
			}
			j = c.match[j]
			continue
		case inBody && (t.is("(") && !c.returned(j) || t.is("[")):
			j = c.match[j] // a call's arguments, a condition, an array
			continue
		}
		if !follow || depth >= 64 || t.kind != jsIdent || jsKeyword[t.text] || seen[t.text] || inBody && !c.returned(j) {
			continue
		}
		if j > 0 && (c.toks[j-1].is(".") || c.toks[j-1].is("?.")) {
			continue
		}
		if j+1 < len(c.toks) && (c.toks[j+1].is("(") || c.toks[j+1].is("=>") || c.toks[j+1].is(":")) {
			continue
		}
		d, ok := c.decls[t.text]
		if !ok || len(seen) >= 16 {
			continue
		}
		seen[t.text] = true
		c.scanRoots(d, c.stmtEnd(d), false, true, depth+1, seen, roots)
	}
}

// returned says whether the token at i is what a return statement
// returns: return X, return (X), return ((X)).
func (c *jsConfig) returned(i int) bool {
	k := i - 1
	for k >= 0 && c.toks[k].is("(") {
		k--
	}
	return k >= 0 && c.toks[k].isIdent("return")
}

// walk records the properties of the object literal that opens at open.
func (c *jsConfig) walk(open int, prefix string, depth int) {
	if depth > 64 || open < 0 || open >= len(c.toks) {
		return
	}
	end := c.match[open]
	for j := open + 1; j < end; {
		pe := j
		for pe < end && !c.toks[pe].is(",") {
			if c.match[pe] >= 0 {
				pe = c.match[pe] + 1
				continue
			}
			pe++
		}
		if pe > end {
			pe = end
		}
		c.property(j, pe, prefix, depth)
		j = pe + 1
	}
}

// property records the property in [s, e) of an object literal.
func (c *jsConfig) property(s, e int, prefix string, depth int) {
	if s >= e {
		return
	}
	t := c.toks[s]
	if t.is("...") {
		c.spreads[prefix] = append(c.spreads[prefix], jsValue{Line: t.line, Text: c.text(s, e)})
		return
	}
	if t.kind != jsIdent && t.kind != jsStr && t.kind != jsNum {
		return // a computed key, a generator method
	}
	key := joinPath(prefix, t.text)
	if s+1 >= e { // shorthand: { site }
		if t.kind == jsIdent {
			c.values[key] = append(c.values[key], jsValue{Line: t.line, Text: t.text})
		}
		return
	}
	if !c.toks[s+1].is(":") {
		return // a method, a getter, a default in a pattern
	}
	v0, ve := s+2, e
	if ve-v0 >= 2 && (c.toks[ve-2].isIdent("as") || c.toks[ve-2].isIdent("satisfies")) {
		ve -= 2 // 'file' as const
	}
	if v0 >= ve {
		return
	}
	if vt := c.toks[v0]; vt.is("{") && c.obj[v0] && c.match[v0] == ve-1 {
		c.walk(v0, key, depth+1)
		return
	}
	c.values[key] = append(c.values[key], c.value(v0, ve))
}

// value reads the value in [s, e).
func (c *jsConfig) value(s, e int) jsValue {
	if e > len(c.toks) {
		e = len(c.toks)
	}
	if s >= e {
		line := 0
		if s > 0 && s-1 < len(c.toks) {
			line = c.toks[s-1].line
		}
		return jsValue{Line: line}
	}
	t := c.toks[s]
	v := jsValue{Line: t.line, Text: c.text(s, e)}
	if e-s == 1 {
		switch {
		case t.kind == jsStr:
			v.Literal, v.Kind, v.Value = true, jsStr, t.text
		case t.kind == jsNum:
			v.Literal, v.Kind, v.Value = true, jsNum, t.text
		case t.kind == jsIdent && (t.text == "true" || t.text == "false" || t.text == "null" || t.text == "undefined"):
			v.Literal, v.Kind, v.Value = true, jsIdent, t.text
		}
	}
	return v
}

func joinPath(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}

// text returns the source of tokens [s, e), its white space collapsed,
// shortened to 60 characters.
func (c *jsConfig) text(s, e int) string {
	if e > len(c.toks) {
		e = len(c.toks)
	}
	if s >= e {
		return ""
	}
	from, to := c.toks[s].pos, c.toks[e-1].end
	if from < 0 || to > len(c.src) || from > to {
		return ""
	}
	t := strings.Join(strings.Fields(string(c.src[from:to])), " ")
	if r := []rune(t); len(r) > 60 {
		t = string(r[:59]) + "…"
	}
	return t
}

// jsState is what a lookup found.
type jsState uint8

const (
	jsAbsent jsState = iota // not set (or null, undefined)
	jsOK                    // a literal of the wanted type
	jsBad                   // set, but not to a literal the reader can take: a note says so
)

// jsReader looks up a configuration's values and collects notes about
// those it cannot take.
type jsReader struct {
	file  string
	c     *jsConfig
	notes []string
}

func newJSReader(file string, data []byte, methods ...string) *jsReader {
	return &jsReader{file: file, c: parseJS(data, methods...)}
}

// get returns the single literal at path.
func (r *jsReader) get(path, want, hint string) (jsValue, jsState) {
	vs := r.c.values[path]
	if len(vs) == 0 {
		r.absent(path, hint)
		return jsValue{}, jsAbsent
	}
	v := vs[0]
	for _, o := range vs[1:] {
		if !o.Literal || !v.Literal || o.Kind != v.Kind || o.Value != v.Value {
			r.notes = append(r.notes, noteAt(r.file, o.Line, "%s is set more than once, to different values (%s; line %d: %s)%s", path, o.Text, v.Line, v.Text, hint))
			return v, jsBad
		}
	}
	if !v.Literal {
		r.notes = append(r.notes, noteAt(r.file, v.Line, "%s is not a literal %s (%s)%s", path, want, v.Text, hint))
		return v, jsBad
	}
	if v.Kind == jsIdent && (v.Value == "null" || v.Value == "undefined") {
		return v, jsAbsent
	}
	return v, jsOK
}

// absent notes why a value the reader needs may be missing: an enclosing
// value that is not an object literal, a spread, an export it cannot
// follow.
func (r *jsReader) absent(p, hint string) {
	parts := strings.Split(p, ".")
	for i := 1; i < len(parts); i++ {
		anc := strings.Join(parts[:i], ".")
		for _, v := range r.c.values[anc] {
			if !v.Literal {
				r.notes = append(r.notes, noteAt(r.file, v.Line, "%s is not a literal object (%s): %s is not read%s", anc, v.Text, p, hint))
				return
			}
		}
	}
	if hint == "" {
		return
	}
	for i := len(parts) - 1; i >= 0; i-- {
		for _, v := range r.c.spreads[strings.Join(parts[:i], ".")] {
			r.notes = append(r.notes, noteAt(r.file, v.Line, "%s may come from %s, which is not read%s", p, v.Text, hint))
			return
		}
	}
	if o := r.c.opaque; o != nil {
		r.notes = append(r.notes, noteAt(r.file, o.Line, "the exported configuration is not an object literal (%s): %s is not read%s", o.Text, p, hint))
	}
}

// str returns the string at path.
func (r *jsReader) str(path, hint string) (jsValue, jsState) {
	v, st := r.get(path, "string", hint)
	if st == jsOK && v.Kind != jsStr {
		r.notes = append(r.notes, noteAt(r.file, v.Line, "%s is not a string (%s)%s", path, v.Text, hint))
		return v, jsBad
	}
	return v, st
}

// boolean returns the boolean at path.
func (r *jsReader) boolean(path string) (bool, jsState) {
	v, st := r.get(path, "boolean", "")
	if st != jsOK {
		return false, st
	}
	if v.Kind != jsIdent || v.Value != "true" && v.Value != "false" {
		r.notes = append(r.notes, noteAt(r.file, v.Line, "%s is not true or false (%s)", path, v.Text))
		return false, jsBad
	}
	return v.Value == "true", jsOK
}

// call returns the string argument of the calls of method name.
func (r *jsReader) call(name, hint string) (jsValue, jsState) {
	vs := r.c.calls[name]
	if len(vs) == 0 {
		return jsValue{}, jsAbsent
	}
	v := vs[0]
	for _, o := range vs[1:] {
		if o.Kind != v.Kind || o.Value != v.Value || !o.Literal {
			r.notes = append(r.notes, noteAt(r.file, o.Line, "%s is called more than once, with different arguments%s", name, hint))
			return v, jsBad
		}
	}
	if !v.Literal || v.Kind != jsStr {
		r.notes = append(r.notes, noteAt(r.file, v.Line, "%s(%s) is not given a literal string%s", name, v.Text, hint))
		return v, jsBad
	}
	return v, jsOK
}
