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
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
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
	r := jsconfig.NewReader(name, data)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

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
		if client == "" {
			p.PublishDir = ""
		} else {
			p.PublishDir = cleanDir(path.Join(p.PublishDir, filepath.ToSlash(client)))
			p.Notes = append(p.Notes, noteAt(name, v.Line, "output is '%s': only prerendered pages are files (in %s); pages rendered on demand are not listed", v.Value, p.PublishDir))
		}
	} else if st == jsconfig.Bad {
		p.PublishDir = ""
	}

	site, siteSt := r.Str("site", baseURLHint)
	base, baseSt := r.Str("base", baseURLHint)
	if siteSt == jsconfig.OK && !absHTTP(site.Value) {
		r.Note(site.Line, "site %q is not an absolute http(s) URL; give --base-url", site.Value)
		siteSt = jsconfig.Bad
	}
	switch {
	case siteSt == jsconfig.OK && baseSt != jsconfig.Bad:
		u, _ := url.Parse(strings.TrimSpace(site.Value))
		b := "/"
		if baseSt == jsconfig.OK && normBase(base.Value) != "" {
			b = normBase(base.Value)
		}
		p.BaseURL = u.Scheme + "://" + u.Host + b
		p.BaseURLFrom = name + " site"
		if b != "/" {
			p.BaseURLFrom += " + base"
		}
		if baseSt == jsconfig.Absent && normBase(u.Path) != "" {
			r.Note(site.Line, "site has the path %s, which Astro does not use without base: the pages are at the root of %s (set base: '%s' if they are not)", u.EscapedPath(), u.Host, strings.TrimSuffix(normBase(u.Path), "/"))
		}
	case siteSt != jsconfig.OK && baseSt == jsconfig.OK:
		p.BasePath = normBase(base.Value)
	}

	slash, slashSt := r.Str("trailingSlash", "")
	switch {
	case slashSt == jsconfig.OK && (slash.Value == "always" || slash.Value == "never"):
		p.TrailingSlash = slash.Value
	case slashSt == jsconfig.OK && slash.Value != "ignore":
		r.Note(slash.Line, "trailingSlash %q is not 'always', 'never' or 'ignore'", slash.Value)
	}
	if format, st := r.Str("build.format", ""); st == jsconfig.OK && format.Value == "file" && p.TrailingSlash == "" && slashSt != jsconfig.Bad {
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
	r := jsconfig.NewReader(name, data, "setOutputDirectory")
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
	if prefix, st := r.Str("pathPrefix", ""); st == jsconfig.OK {
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
	r := jsconfig.NewReader(name, data)
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
	case outputSt == jsconfig.OK:
		r.Note(output.Line, "output is '%s', not 'export': sitemapgen needs a static export (output: 'export', which `next build` writes to out/)", output.Value)
	default:
		where := name
		if name == "package.json" {
			where = "next.config.js"
		}
		r.Note(0, "no output: 'export': sitemapgen needs a static export (set output: 'export' in %s; `next build` then writes out/)", where)
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
		case mkdocsOK:
			if p.PublishDir = cleanDir(s); p.PublishDir == "" {
				p.PublishDir = "site"
			}
		case mkdocsBad:
			p.PublishDir = ""
		}
	}
	if v, ok := keys["site_url"]; ok {
		s, from, st := d.mkdocsString("site_url", v, p, baseURLHint)
		switch {
		case st == mkdocsOK && absHTTP(s):
			p.BaseURL, p.BaseURLFrom = withSlash(s), v.file+" site_url"+from
		case st == mkdocsOK && strings.TrimSpace(s) != "":
			p.Notes = append(p.Notes, noteAt(v.file, v.node.Line, "site_url %q is not an absolute http(s) URL; give --base-url", s))
		}
	}
	if v, ok := keys["use_directory_urls"]; ok {
		s, _, st := d.mkdocsString("use_directory_urls", v, p, "")
		if st == mkdocsOK {
			if b, ok := yaml11Bool(s); ok {
				if !b {
					p.TrailingSlash = "never"
				}
			} else {
				p.Notes = append(p.Notes, noteAt(v.file, v.node.Line, "use_directory_urls %q is not true or false", s))
				p.TrailingSlash = ""
			}
		} else if st == mkdocsBad {
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

// mkdocsState is what mkdocsString found.
type mkdocsState uint8

const (
	mkdocsAbsent mkdocsState = iota // null, or an unset variable without a default
	mkdocsOK                        // a scalar
	mkdocsBad                       // set, but not to a value Detect takes: a note says so
)

// mkdocsString returns the scalar value of the setting key, resolving
// !ENV: st is mkdocsAbsent for null (or an unset variable without a
// default), mkdocsBad for a value that is not a scalar (a note says so). from
// says which !ENV source gave the value (" (!ENV SITE_URL)", " (!ENV
// default)"), "" for a plain value.
func (d *detector) mkdocsString(key string, v mkdocsValue, p *Project, hint string) (s, from string, st mkdocsState) {
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
			return "", "", mkdocsBad
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
				return s, " (!ENV " + vn.Value + ")", mkdocsOK
			}
		}
		if def != nil && def.Kind == yaml.ScalarNode && def.ShortTag() != "!!null" {
			return def.Value, " (!ENV default)", mkdocsOK
		}
		if def != nil && def.Kind != yaml.ScalarNode {
			p.Notes = append(p.Notes, noteAt(v.file, def.Line, "%s: the !ENV default is not a scalar%s", key, hint))
			return "", "", mkdocsBad
		}
		if hint != "" {
			p.Notes = append(p.Notes, noteAt(v.file, n.Line, "%s is !ENV %s, which is not set%s", key, strings.Join(names, ", "), hint))
		}
		return "", "", mkdocsAbsent
	}
	if n.Kind != yaml.ScalarNode {
		p.Notes = append(p.Notes, noteAt(v.file, n.Line, "%s is not a string%s", key, hint))
		return "", "", mkdocsBad
	}
	switch tag := n.ShortTag(); tag {
	case "!!null":
		return "", "", mkdocsAbsent
	case "!!str", "!!bool", "!!int", "!!float":
		return n.Value, "", mkdocsOK
	default: // !relative, !!python/…: a value MkDocs computes
		p.Notes = append(p.Notes, noteAt(v.file, n.Line, "%s has the tag %s, which is not read%s", key, tag, hint))
		return "", "", mkdocsBad
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
	r := jsconfig.NewReader(name, data)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	site, siteSt := r.Str("url", baseURLHint)
	base, baseSt := r.Str("baseUrl", baseURLHint)
	if siteSt == jsconfig.OK && !absHTTP(site.Value) {
		r.Note(site.Line, "url %q is not an absolute http(s) URL; give --base-url", site.Value)
		siteSt = jsconfig.Bad
	}
	switch {
	case siteSt == jsconfig.OK && baseSt != jsconfig.Bad:
		p.BaseURL, p.BaseURLFrom = joinSiteBase(site.Value, base.Value), name+" url"
		if baseSt == jsconfig.OK {
			p.BaseURLFrom += " + baseUrl"
		}
	case siteSt != jsconfig.OK && baseSt == jsconfig.OK:
		p.BasePath = normBase(base.Value)
	}
	if b, st := r.Bool("trailingSlash"); st == jsconfig.OK {
		p.TrailingSlash = "never"
		if b {
			p.TrailingSlash = "always"
		}
	}
	return p
}

// Hints that end the notes about the values Detect needs.
const (
	baseURLHint = "; give --base-url"
	dirHint     = "; give the built folder as DIR"
)
