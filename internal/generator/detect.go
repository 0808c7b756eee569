package generator

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Detected is what a project folder's files say about the site a generator builds there.
//
// Detect reads the files as text: it never runs JavaScript or Python.
// What it cannot take from a literal value (process.env.SITE, a template
// with ${}, a function call, an !ENV variable that is not set) it leaves
// empty and says so in Notes.
type Detected struct {
	// Gen is the generator whose project this is: the one to ask about
	// it (Detect sets it). Name and Title are its Info's.
	Gen Generator
	// File is the file that told, relative to dir, with "/" separators:
	// "hugo.toml", "config/_default/hugo.toml", "_config.yml", "Gemfile",
	// "astro.config.mjs", "package.json", "mkdocs.yml",
	// "docs/.vitepress/config.mts" …
	File string
	// PublishDir is the folder the generator writes, relative to dir,
	// cleaned, with "/" separators: "public", "_site", "dist", "out",
	// "site", "build", "docs/.vitepress/dist", ".output/public". A
	// configuration may give an absolute path, which
	// stays absolute (check with filepath.IsAbs before joining). It is ""
	// when the configuration does not say it with a literal value, and for
	// a Next.js project that is not a static export or a SvelteKit one
	// without adapter-static.
	PublishDir string
	// BaseURL is the absolute http(s) URL of the site with its base path,
	// ending in "/", from the configuration's literal values ("" when none
	// is given or it is not a literal).
	BaseURL string
	// BaseURLFrom says what gave BaseURL, e.g. "hugo.toml baseURL",
	// "_config.yml url + baseurl", "astro.config.mjs site + base",
	// "mkdocs.yml site_url", "docusaurus.config.js url + baseUrl".
	BaseURLFrom string
	// BaseURLHidden says that BaseURL is the value of a variable of the
	// environment the configuration names (MkDocs' site_url: !ENV NAME,
	// Hugo's HUGO_BASEURL): a message never shows it, since a pull
	// request may name any variable (GITHUB_TOKEN), and names
	// BaseURLFrom instead when it refuses it.
	BaseURLHidden bool
	// BasePath is the base path the configuration gives with a setting
	// of its own (Next.js basePath, Eleventy pathPrefix, Astro base,
	// Jekyll baseurl, Gatsby pathPrefix, Nuxt app.baseURL, SvelteKit
	// kit.paths.base, Docusaurus baseUrl, Hexo root), starting and ending
	// in "/"; "" if none. BaseURL carries it too when the configuration
	// gives a site URL. It stays when that URL is refused (an example
	// domain on a platform, a code host's page): the site is still built
	// under it. Hugo's baseURL "/docs/", a path alone, is one too.
	BasePath string
	// SourceDir is the folder of the source files, relative to dir, with
	// "/" separators, when the configuration names one: MkDocs' docs_dir
	// (default "docs"), Eleventy's input folder, Astro's srcDir when it is
	// not "src". [Detected.Routes] knows the others' defaults.
	SourceDir string
	// Languages are the folders of the site's languages that each have
	// a sitemap of the generator's (LanguageSitemaps): a multilingual
	// Hugo site's languages, the keys of its languages table,
	// lower-cased; a Docusaurus site's locales other than its default,
	// from i18n.locales; a Sphinx site's languages, as sphinx-sitemap's
	// sitemap_locales and language name them, each built into one.
	Languages []string
	// Translated says the site has pages in several languages, which the
	// generator's own sitemap links as alternates: a multilingual Hugo
	// or Sphinx site, a Docusaurus site with locales besides its
	// default, an Astro site whose configuration says i18n (its routing
	// of locales, or @astrojs/sitemap's i18n option), a Next.js site
	// whose next-sitemap configuration gives alternateRefs.
	Translated bool
	// SitemapFile is the name the generator gives its sitemap files when
	// its configuration renames them (Hugo's [sitemap] filename, at the
	// root and in each language's folder; sphinx-sitemap's
	// sitemap_filename); "" for sitemap.xml. SitemapFileKey names the
	// setting, "" for Hugo's.
	SitemapFile    string
	SitemapFileKey string
	// SitemapDir is the folder of the output ("maps/", with its slash)
	// where the generator's sitemap plugin writes its files when its
	// configuration puts them in one (gatsby-plugin-sitemap's output:
	// '/maps'); "" for the root.
	SitemapDir string
	// Form is the form of the URLs the generator links its pages by, as
	// its configuration says: one answer, the project's (Rspress's
	// route.cleanUrls decides between two).
	Form URLForm
	// GitDates says what in the configuration makes the generator date
	// every page by its source's last commit, and where: "MkDocs
	// git-revision-date-localized, mkdocs.yml:14"; "" when nothing does.
	GitDates string
	// Fallbacks are the files, relative to PublishDir, that the generator
	// writes as a single-page app's fallback: the shell a host serves for
	// a path without a file of its own (Nuxt's 200.html,
	// gatsby-plugin-offline's offline-plugin-app-shell-fallback/index.html,
	// adapter-static's fallback), and the fragments it puts into its
	// pages (Gatsby's slices, _gatsby/slices/*.html: a path.Match
	// pattern). They are no pages of the site.
	Fallbacks []string
	// ServedDir, for a server build (Next.js without a static export,
	// SvelteKit's adapter-node), is the folder its server serves at the
	// site's root, relative to dir ("public", "build/client/BASE"): the
	// sitemaps go there, since the server does not serve PublishDir's
	// files by their names. "" for a site of files.
	ServedDir string
	// StateDir, when ServedDir is a folder of the project's own files
	// that its server serves as they are (Next.js's public/, committed),
	// is the folder, relative to dir, where sitemapgen keeps its own
	// files of the sitemaps it writes there (its record, the generator's
	// sitemap's dates): one no server serves, that git ignores and the
	// next build keeps (Next.js's distDir/cache/sitemapgen: `next build`
	// empties distDir but cache/). "" keeps them in the output folder.
	StateDir string
	// Served says that the pages of a server build are answered by its
	// server at URLs their files do not give (Next.js without a static
	// export): they are the ServerBuild's Pages, and the tools that map
	// the site's files take the server's routes.
	Served bool
	// Own is what the generator keeps of the project for its own
	// methods (a SvelteKit server build's output folder): a value of its
	// folder's, which no other code reads; nil for none.
	Own any
	// Plugin is, for a generator whose own sitemaps a plugin writes
	// (Astro, Gatsby, Next.js), that plugin and what says the project has
	// it; nil for the others.
	Plugin *SitemapPlugin
	// SitemapLeaves, when set, says why the user's own sitemap options,
	// read as data, leave the built page at rel (relative to PublishDir)
	// out of its sitemap ("" for a page they keep): VitePress's
	// transformItems that filters by literal strings. The build leaves
	// such a page out as sitemap: false would.
	SitemapLeaves func(rel string) string
	// SitemapCode, when set, names the code of its sitemap's options that
	// sitemapgen does not run, which may leave pages out of its sitemap
	// ("sitemap.transformItems (.vitepress/config.mts:7)"): the second look
	// names it in a note, and beside the pages that sitemap leaves out.
	SitemapCode string
	// Refused are the files of the project the reader would have read
	// but did not, through the one door (package fsx): outside the
	// project folder, or through a link out of it (an INHERITed MkDocs
	// file), each at the place that names it (File relative to the
	// project folder), and in Notes too. The caller says them as warnings
	// when the generator is the site's: what they hold is not used.
	Refused []*diag.Diagnostic
	// Pages gives the built pages their translations, by their path in
	// the publish folder, where the generator's sitemap links them as
	// alternates and the pages are not joined to sources (VitePress's
	// locales); nil for none.
	Pages Translator
	// FolderBuilds are the folders of PublishDir ("en/", "fr/"), each
	// ending in "/", that hold a build of the generator's each, whose
	// pages' canonical links it writes from a base URL every build
	// shares, without the folder: Sphinx's languages, each built into
	// its folder from one conf.py's html_baseurl. The pages are served
	// in their folders; the build lists them there
	// (mapping.FolderBuilds), with a warning that ends with
	// FolderBuildsWhy: what wrote the links so, and how to give each
	// build its own.
	FolderBuilds    []string
	FolderBuildsWhy string
	// Warnings are what the reader took but a build must say, each at the
	// place that gives it (File relative to the project folder): a
	// setting of the replaced sitemap tool's that sitemapgen does not
	// follow (sphinx-sitemap's sitemap_url_scheme). The caller says them
	// when the generator is the site's.
	Warnings []*diag.Diagnostic
	// Notes are things the reader saw but could not take, each
	// "file:line: ..." (or "file: ..." without a line), e.g.
	// "astro.config.mjs:4: site is not a literal string (process.env.SITE); give --base-url".
	Notes []string
}

// URLForm is the form of the URLs a generator links its pages by, as
// the configuration of its project says. Its zero value says nothing:
// the built files tell (Hugo, Jekyll).
type URLForm struct {
	// TrailingSlash is "always", "never" or "": the form of a folder's
	// URL. "always": a page written as NAME/index.html is linked as /NAME/
	// (MkDocs, Gatsby and VitePress by default, Astro and Docusaurus when
	// told, Next.js with trailingSlash: true, Nuxt with nuxt-site-config's
	// site.trailingSlash: true). "never": NAME/index.html and NAME.html
	// are both linked as /NAME (Next.js by default, Astro build.format
	// 'file' or trailingSlash 'never', Docusaurus trailingSlash: false,
	// Gatsby trailingSlash: 'never', Nuxt site.trailingSlash: false), but
	// for MkDocs, whose links are as written (AsWritten). "": the
	// configuration says nothing.
	TrailingSlash string
	// CleanURLs is true when the generator links a page written as
	// NAME.html as /NAME and a folder with its slash (VitePress cleanUrls:
	// true, Rspress route.cleanUrls: true, with TrailingSlash "always").
	// TrailingSlash "never" links NAME.html as /NAME too.
	CleanURLs bool
	// IndexFiles is true when the generator links an index page by its
	// file's name, not its folder's, whatever the page's canonical link
	// says: sub/index.html, and index.html at the root (Sphinx's html
	// builder, in its links and in its sitemap extensions' lists; Rspress
	// without route.cleanUrls).
	IndexFiles bool
	// AsWritten is true when the generator's pages link each other as
	// their files are written (MkDocs: NAME/ or NAME.html, as
	// use_directory_urls says): the built files tell the URL form, and a
	// platform's form is not overruled. TrailingSlash then says only
	// which files the generator writes.
	AsWritten bool
}

// Says reports whether f says the form of a folder's URL, or that a page
// is linked by its file's name; the zero form and one as written say
// nothing a build takes.
func (f URLForm) Says() bool {
	return !f.AsWritten && (f.TrailingSlash != "" || f.IndexFiles)
}

// Keys names, for messages, the keys of the generator's configuration
// that give its publish folder ([Detected.PublishDir]) and its sources'
// folder ([Detected.SourceDir], or the default [Detected.Routes] knows):
// "publishDir" and "contentDir" for Hugo; "" where no key of File does
// (Docusaurus' build/, a Sphinx Makefile's BUILDDIR).
func (p *Detected) Keys() (publish, source string) {
	if p.Gen == nil {
		return "", ""
	}
	i := p.Gen.Info()
	return i.PublishKey, i.SourceKey
}

// Detect runs the Detect of each of gens on d, in order, and returns the
// projects found, in the same order; the Claimers among gens claim their
// files first. Each project's Gen is its generator, and its notes are
// said once each. No project: nil, nil.
func Detect(d *Dir, gens []Generator) ([]Detected, error) {
	for _, g := range gens {
		if c, ok := g.(Claimer); ok {
			c.Claim(d)
		}
	}
	var out []Detected
	for _, g := range gens {
		p, err := g.Detect(d)
		if err != nil {
			return nil, err
		}
		if p != nil {
			p.Gen = g
			p.Notes = uniqueNotes(p.Notes)
			out = append(out, *p)
		}
	}
	return out, nil
}

// Env is the environment a generator's build runs with, as sitemapgen
// knows it. It returns the value of the variable key and what set it,
// for messages: the variable's name when sitemapgen's own environment
// gives it ("HUGO_ENABLEGITINFO"); the name and the place when the
// hosting platform's file sets it for the build
// ("HUGO_ENABLEGITINFO in netlify.toml:5 [build.environment]"). ok is
// false for a variable that is not set.
type Env func(key string) (value, from string, ok bool)

// OSEnv is sitemapgen's own environment.
func OSEnv(key string) (value, from string, ok bool) {
	return LookupEnv(os.LookupEnv)(key)
}

// LookupEnv is the environment lookup gives (os.LookupEnv, a test's
// map), each variable set by sitemapgen's own environment.
func LookupEnv(lookup func(string) (string, bool)) Env {
	return func(key string) (string, string, bool) {
		v, ok := lookup(key)
		if !ok {
			return "", "", false
		}
		return v, key, true
	}
}

// OpenDir returns the project folder dir, as named, for the generators'
// Detect: env is the environment (OSEnv), lim bounds every file read.
// dir that is not a folder is the error.
func OpenDir(dir string, env Env, lim limits.Limits) (*Dir, error) {
	fi, err := fsx.StatNamed(dir) // the project folder, as named
	if err != nil {
		return nil, fmt.Errorf("detect: %w", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("detect: %s is not a folder", dir)
	}
	d := &Dir{dir: dir, env: env, lim: lim, files: map[string]fileRead{}, claimed: map[string]bool{}}
	if d.pkg, err = d.readPackageJSON(); err != nil {
		return nil, err
	}
	return d, nil
}

// NewDir returns the project folder dir for a Loader's Load, which reads
// its generator's configuration alone: unlike OpenDir, it reads nothing
// itself (package.json included) and does not look at dir. env is the
// environment (OSEnv), lim bounds every file read.
func NewDir(dir string, env Env, lim limits.Limits) *Dir {
	return &Dir{dir: dir, env: env, lim: lim, files: map[string]fileRead{}, claimed: map[string]bool{}}
}

// Dir is a project folder as the generators' Detect read it: its files
// are read through the one door (package fsx), within the limits, each
// once (a configuration several generators look at is read once).
// Detect's checks run one after another; a Dir is not for several
// goroutines at once.
type Dir struct {
	dir     string
	env     Env
	pkg     *packageJSON
	lim     limits.Limits // on every file read
	files   map[string]fileRead
	claimed map[string]bool
}

// fileRead is a file Dir read, or found missing (data nil, err nil).
type fileRead struct {
	data []byte
	err  error
}

// Path returns the project folder, as named.
func (d *Dir) Path() string { return d.dir }

// Env returns the value of the environment variable key.
func (d *Dir) Env(key string) (string, bool) {
	v, _, ok := d.env(key)
	return v, ok
}

// EnvFrom returns the value of the environment variable key and what
// set it, for messages (see [Env]).
func (d *Dir) EnvFrom(key string) (value, from string, ok bool) { return d.env(key) }

// Limits returns the limits every file is read within.
func (d *Dir) Limits() limits.Limits { return d.lim }

// Claim takes the file name ("/" separators) for the generator that
// calls it: [Dir.Claimed] then reports it to the others.
func (d *Dir) Claim(name string) { d.claimed[name] = true }

// Claimed reports whether a generator claimed the file name.
func (d *Dir) Claimed(name string) bool { return d.claimed[name] }

// File returns the name and contents of the first of names ("/"
// separators) that is a file in the project folder; "" when none is.
// One that is there but cannot be read (a link out of the folder, a
// FIFO, past the limits) is the error, naming it. A JavaScript file is
// checked within the limits of its reader (package jsconfig).
func (d *Dir) File(names ...string) (string, []byte, error) { return d.firstFile(names...) }

// ConfigOrDependency returns the name and contents of the first of
// configs that is a file in the project folder, else "package.json" (and
// no contents) when the project depends on the package dep; "" when
// neither.
func (d *Dir) ConfigOrDependency(dep string, configs ...string) (string, []byte, error) {
	return d.configOrDependency(dep, configs...)
}

// Depends reports whether the project's package.json depends on the
// package name (dependencies or devDependencies).
func (d *Dir) Depends(name string) bool { return d.pkg.has(name) }

// HasPackageJSON reports whether the project has a package.json that
// reads: an npm project.
func (d *Dir) HasPackageJSON() bool { return d.pkg != nil }

// ScriptRuns returns, for each script of package.json that runs cmd
// ("gatsby build"), by the scripts' names, the arguments it gives cmd.
func (d *Dir) ScriptRuns(cmd string) [][]string { return d.pkg.scriptRuns(cmd) }

// Homepage returns the homepage of the project's package.json, "" for
// none: where a JavaScript project may keep its site's URL.
func (d *Dir) Homepage() string {
	if d.pkg == nil {
		return ""
	}
	return d.pkg.homepage
}

// Names reports whether the file rel of the project folder holds s: a
// configuration that imports or lists a plugin.
func (d *Dir) Names(rel, s string) bool { return d.names(rel, s) }

// Wrap makes an error of reading a file of the project name it as
// filepath.Join of the project folder and the file.
func (d *Dir) Wrap(err error) error { return d.wrap(err) }

// Note formats a note, "file:line: message" ("file: message" for line
// 0), for Detected.Notes.
func Note(file string, line int, format string, args ...any) string {
	return noteAt(file, line, format, args...)
}

// wrap makes a loader's error name its file as filepath.Join(d.dir, file).
func (d *Dir) wrap(err error) error {
	var ce *diag.Diagnostic
	if errors.As(err, &ce) {
		c := *ce
		if c.File != "" && !filepath.IsAbs(c.File) {
			c.File = filepath.Join(d.dir, filepath.FromSlash(c.File))
		}
		return &c
	}
	return fmt.Errorf("detect: %w", err)
}

// firstFile returns the name and contents of the first of names ("/"
// separators) that is a file in d.dir, read inside it through the one
// door; "" when none is. One that is there but cannot be read (a link
// out of d.dir, a FIFO) is the error, naming it.
func (d *Dir) firstFile(names ...string) (string, []byte, error) {
	for _, name := range names {
		r, ok := d.files[name]
		if !ok {
			r = d.read(name)
			if d.files != nil {
				d.files[name] = r
			}
		}
		if r.err != nil {
			return "", nil, r.err
		}
		if r.data != nil {
			return name, r.data, nil
		}
	}
	return "", nil, nil
}

// read reads the file name for firstFile: data nil and no error when it
// is not a file.
func (d *Dir) read(name string) fileRead {
	if !isFile(d.dir, name) {
		return fileRead{}
	}
	data, err := readIn(d.dir, name, name, limits.SyntaxOf(name), d.lim)
	if err == nil && jsFile(name) {
		err = jsconfig.Check(name, data, d.lim)
	}
	if err != nil {
		return fileRead{err: fmt.Errorf("detect: %w", err)}
	}
	if data == nil {
		data = []byte{}
	}
	return fileRead{data: data}
}

// configOrDependency returns the name and contents of the first of
// configs that is a file in d.dir, else "package.json" (and no contents)
// when the project depends on the package dep; "" when neither.
func (d *Dir) configOrDependency(dep string, configs ...string) (string, []byte, error) {
	name, data, err := d.firstFile(configs...)
	if err == nil && name == "" && d.pkg.has(dep) {
		name = "package.json"
	}
	return name, data, err
}

// Documents are the files its build's sitemap lists besides HTML pages
// (see [Info.Documents]); none without a generator.
func (p *Detected) Documents() []string {
	if p.Gen == nil {
		return nil
	}
	return p.Gen.Info().Documents
}

// Refuse notes, at line of file, a file of the project that is not read
// (Refused, and Notes).
func (p *Detected) Refuse(file string, line int, format string, args ...any) {
	p.refuse(file, line, format, args...)
}

// refuse is Refuse.
func (p *Detected) refuse(file string, line int, format string, args ...any) {
	d := diag.Pos{File: file, Line: line}.Errorf(format, args...)
	p.Refused, p.Notes = append(p.Refused, d), append(p.Notes, d.Error())
}

// noteAt formats a Note: "file:line: message", or "file: message".
func noteAt(file string, line int, format string, args ...any) string {
	return diag.Pos{File: file, Line: line}.Errorf(format, args...).Error()
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

// The helpers of package siteurl, by the names this package's code
// knew them by.
var (
	cleanDir     = siteurl.CleanDir
	absHTTP      = siteurl.AbsHTTP
	withSlash    = siteurl.WithSlash
	normBase     = siteurl.NormBase
	joinSiteBase = siteurl.JoinSiteBase
	urlPath      = siteurl.Path
)

// Hints that end the notes about the values Detect needs.
const (
	baseURLHint = siteurl.BaseURLHint
	dirHint     = siteurl.DirHint
)

// ---------------------------------------------------------------------
// package.json

// packageJSON is what Detect takes from a package.json: the names of its
// dependencies and its scripts.
type packageJSON struct {
	deps     map[string]bool
	scripts  map[string]string
	homepage string
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

// scriptRuns returns, for each script that runs cmd ("next export",
// "gatsby build"), by the scripts' names, the arguments it gives cmd (up
// to the end of the command: ;, & or |).
func (p *packageJSON) scriptRuns(cmd string) [][]string {
	re := regexp.MustCompile(`(?:^|[\s;&|(])` + strings.Join(strings.Fields(regexp.QuoteMeta(cmd)), `\s+`) + `\b([^;&|]*)`)
	var runs [][]string
	for _, name := range p.scriptNames() {
		if m := re.FindStringSubmatch(p.scripts[name]); m != nil {
			runs = append(runs, strings.Fields(m[1]))
		}
	}
	return runs
}

func (d *Dir) readPackageJSON() (*packageJSON, error) {
	if !isFile(d.dir, "package.json") {
		return nil, nil
	}
	m, err := readConfigFile(d.dir, "package.json", filepath.Join(d.dir, "package.json"), d.lim)
	if err != nil {
		var ce *diag.Diagnostic
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
	p.homepage, _ = m["homepage"].(string)
	if scripts, ok := m["scripts"].(map[string]any); ok {
		for name, v := range scripts {
			if s, ok := v.(string); ok {
				p.scripts[name] = s
			}
		}
	}
	return p, nil
}

// jsFile reports whether name is a JavaScript or TypeScript file, read
// by jsconfig.
func jsFile(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
		return true
	}
	return false
}

// Published names the sitemaps of a folder (by their path in the output
// folder) that the generator publishes and whose URLs search engines may
// have been given, which its build stops writing once sitemapgen
// replaces them: as its [Info].Published says (each locale's or
// language's sitemap in its folder); none for the others, whose sitemaps
// are taken over where they are. file names them when the generator's
// configuration no longer does (the name sitemapgen's entry file took
// from the plugin's options, which the switch carried over); "" for
// sitemap.xml.
func (p *Detected) Published(file string) []string {
	if p.Gen != nil && p.Gen.Info().Published != nil {
		return p.Gen.Info().Published(p, file)
	}
	return nil
}

// Marks names, as the generator's [Info].Marks says, the folders of its
// own one of which must be beside p's configuration for p to be surely
// its project; none when the configuration alone tells.
func (p *Detected) Marks() []string {
	if p.Gen != nil && p.Gen.Info().Marks != nil {
		return p.Gen.Info().Marks(p)
	}
	return nil
}

// BuiltInside returns, for p detected in the folder root, the folder its
// build writes the site into when root is surely p's project (one of its
// Marks is there: a folder, or a link of its name, looked at, never
// followed) and that folder is another folder inside root (Hugo's
// public/, Jekyll's _site/); "" otherwise. Nothing is read.
func (p *Detected) BuiltInside(root string) string {
	if p.PublishDir == "" {
		return ""
	}
	if marks := p.Marks(); len(marks) > 0 && !slices.ContainsFunc(marks, func(dir string) bool {
		fi, err := fsx.Lstat(root, dir)
		return err == nil && (fi.IsDir() || fi.Mode()&fs.ModeSymlink != 0)
	}) {
		return ""
	}
	built := p.PublishDir
	if !filepath.IsAbs(built) {
		built = filepath.Join(root, filepath.FromSlash(built))
	}
	if fi, err := fsx.StatNamed(built); err != nil || !fi.IsDir() || fsx.SamePath(built, root) {
		return ""
	}
	return built
}

// Name is the generator's name ("hugo"), "" without one.
func (p *Detected) Name() string {
	if p.Gen == nil {
		return ""
	}
	return p.Gen.Info().Name
}

// Title is the generator's title ("Hugo"), "" without one.
func (p *Detected) Title() string {
	if p.Gen == nil {
		return ""
	}
	return p.Gen.Info().Title
}
