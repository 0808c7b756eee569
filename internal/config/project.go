package config

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// project is what the project folder (the config file's, or the working
// directory) and the build environment say when the user does not.
type project struct {
	dir string
	lim limits.Limits // on the project's files

	// The generator: found lists what Detect found (read once, when
	// needed); gen is the one the site is from, nil when none or unclear.
	detected bool
	found    []generator.Project
	// detectErr is the generators' files' error, nil when they read.
	detectErr error
	gen       *generator.Project

	// The hosting platform: deploy is its build environment (inDeploy
	// false outside one); platform is the one whose URL style and
	// redirects apply ("" none), platformFrom what said so.
	deploy       host.Deploy
	inDeploy     bool
	platform     string
	platformFrom string
	style        *host.Style

	// baseFromGen is true when the base URL is the generator's.
	baseFromGen bool
	// baseFromSite is the base URL the built site said (siteBaseURL), ""
	// when it came from elsewhere.
	baseFromSite string
	// genStyle, with no platform, is the generator whose URL form
	// applies (applyGeneratorStyle); nil when none does.
	genStyle *generator.Project
	// slashEverywhere is true when the platform's clean URLs of pages end
	// in a slash too, and nobody set the trailing slash.
	slashEverywhere bool
	// styleGiven is true when the URL style is one form, not a default:
	// a flag or key set it, or the platform serves one form only, or the
	// generator's configuration says its form.
	styleGiven bool

	// host is what the generator's own build said of its configuration
	// (HostProjectEnv), nil when nothing; hostErr its error.
	host    *hostProject
	hostErr error
}

// newProject returns the project of the configuration file cfgFile (the
// working directory's without one), with the platform whose URL style and
// redirects apply: host: when it names one, else the build environment's
// (through getenv), else the one whose files are in the project folder or
// root.
func newProject(cfgFile, hostKey, root string, lim limits.Limits, getenv func(string) string) *project {
	p := &project{dir: ".", lim: lim}
	if cfgFile != "" {
		p.dir = filepath.Dir(cfgFile)
	}
	p.findPlatform(hostKey, root, getenv)
	p.host, p.hostErr = readHostProject(getenv(HostProjectEnv))
	return p
}

// fill sets in l what nobody gave and the project says: the site folder
// (the platform's publish folder, or the generator's), the base URL, the
// URL style; and tells c what it found, the warnings about the platform's
// files, and the files watch mode resolves again when they change.
func (p *project) fill(l *layers, c *Config) error {
	v := &l.v
	if p.hostErr != nil {
		return p.hostErr
	}
	if v.Root == "" {
		warnings, err := p.loadStyle("")
		c.Warnings = append(c.Warnings, warnings...)
		if err != nil {
			return err
		}
		if v.Root, c.RootFrom, err = p.findRoot(); err != nil {
			return err
		}
	}
	if p.style == nil {
		warnings, err := p.loadStyle(v.Root)
		c.Warnings = append(c.Warnings, warnings...)
		if err != nil {
			return err
		}
	}
	baseFrom, err := p.fillBaseURL(l, c)
	if err != nil {
		return err
	}
	// Watch mode resolves again when the files that gave these change:
	// the generator's configuration, the platform's files.
	if p.gen != nil {
		c.Inputs = append(c.Inputs, filepath.Join(p.dir, p.gen.File))
	}
	for _, name := range []string{"netlify.toml", "vercel.json"} {
		c.Inputs = append(c.Inputs, filepath.Join(p.dir, name))
	}
	p.applyStyle(l) // no style with host: none
	c.Detected = p.describe(c.RootFrom, v.Root, baseFrom)
	c.Platform = p.platform
	return nil
}

// fillBaseURL sets the base URL: the flag's, the environment's or the file's
// (as layered), else the platform's or the generator's. It returns what
// the project said it, "" when it was given.
func (p *project) fillBaseURL(l *layers, c *Config) (detected string, err error) {
	v := &l.v
	if p.deploying() && p.deploy.Preview {
		c.Deploy = p.deploy.Platform + " " + p.deploy.Context
		if v.Previews == PreviewsSkip {
			c.SkipWrite = c.Deploy + " build, and previews: skip"
		}
	}
	from := ""
	if l.given("base_url") {
		from = l.from["base_url"]
	}
	// A preview's own URL, with previews: own-url, outranks the file's.
	ownPreview := p.deploying() && p.deploy.Preview && v.Previews == PreviewsOwn && p.deploy.OwnURL != ""
	if from != "" && !(from == l.fileName() && ownPreview) {
		c.BaseURLFrom = from
		return "", nil
	}
	if v.BaseURL, c.BaseURLFrom, err = p.baseURL(v.Root, v.Previews); err != nil {
		return "", err
	}
	if _, err := mapping.ParseBaseURL(v.BaseURL); err != nil {
		return "", errors.New(c.BaseURLFrom + ": " + err.Error())
	}
	if p.baseFromGen && placeholder(v.BaseURL) {
		// The file that gave it: "hugo.toml baseURL", "_data/metadata.json url".
		file, _, _ := strings.Cut(p.gen.BaseURLFrom, " ")
		if p.host != nil && p.host.BaseURL != "" {
			file = p.gen.File // the generator's own build said it
		}
		c.Warnings = append(c.Warnings, &diag.Diagnostic{File: filepath.Join(p.dir, filepath.FromSlash(file)),
			Msg: fmt.Sprintf("the base URL %s (from %s) is an example domain, as a new project's template writes; set the site's own there, or give --base-url", v.BaseURL, c.BaseURLFrom)})
	}
	return c.BaseURLFrom, nil
}

// detect reads the generators' files in the project folder, once.
func (p *project) detect() error {
	if p.detected {
		return nil
	}
	p.detected = true
	found, err := generator.Detect(p.dir, p.lim) // its errors name the file from the working directory
	if p.host != nil {
		found, p.detectErr = p.host.over(found, err)
		p.found = found
		return nil
	}
	if err != nil {
		p.detectErr = err
		return err
	}
	p.found = found
	return nil
}

// names lists the generators found, as "Hugo (hugo.toml) and Jekyll
// (_config.yml)".
func (p *project) names() string {
	var s []string
	for _, g := range p.found {
		s = append(s, g.Title+" ("+filepath.Join(p.dir, g.File)+")")
	}
	return strings.Join(s, " and ")
}

// findPlatform sets the platform: host: when it names one, else the build
// environment's, else the one whose files are in the project folder.
func (p *project) findPlatform(hostKey, root string, getenv func(string) string) {
	p.deploy, p.inDeploy = host.FromEnv(getenv)
	if hostKey == "none" {
		return
	}
	if named, ok := platformOf[hostKey]; ok {
		p.platform, p.platformFrom = named, "host: "+hostKey
		return
	}
	// GitHub Actions runs every kind of CI job, not only Pages deploys: a
	// platform's file in the project says more.
	if p.inDeploy && p.deploy.Platform != host.GitHubPages {
		p.platform, p.platformFrom = p.deploy.Platform, p.deploy.Platform+"'s build environment"
		return
	}
	if platforms, files := host.Identify(p.dirs(root)...); len(platforms) == 1 {
		p.platform, p.platformFrom = platforms[0], files[0]
	} else if p.inDeploy && len(platforms) == 0 {
		p.platform, p.platformFrom = p.deploy.Platform, p.deploy.Platform+"'s build environment"
	}
}

// platformOf maps the values of host: to the platforms they name.
var platformOf = map[string]string{
	"netlify":          host.Netlify,
	"vercel":           host.Vercel,
	"cloudflare-pages": host.CloudflarePages,
	"github-pages":     host.GitHubPages,
}

// dirs are the folders whose platform files count: the project's, and
// the site's when it is known.
func (p *project) dirs(root string) []string {
	if root == "" {
		return []string{p.dir}
	}
	return []string{p.dir, root}
}

// deploying reports whether the build environment is the platform's: its
// URLs and previews count, unlike with host: none or another platform
// named, or in a GitHub Actions job of a site another platform's file
// claims.
func (p *project) deploying() bool {
	return p.inDeploy && p.deploy.Platform == p.platform
}

// loadStyle reads the platform's URL style; warnings are the platform
// files' problems.
func (p *project) loadStyle(root string) ([]error, error) {
	if p.platform == "" {
		return nil, nil
	}
	st, warnings, err := host.StyleOf(p.platform, p.lim, p.dirs(root)...)
	if err != nil {
		return warnings, err
	}
	p.style = &st
	return warnings, nil
}

// findRoot names the site folder when neither DIR nor root: does: the
// platform's publish folder (netlify.toml, vercel.json), else the one
// generator found's. It returns what decided, for the detection line.
func (p *project) findRoot() (root, from string, err error) {
	if p.style != nil && p.style.Publish != "" {
		return p.style.Publish, p.style.PublishFrom + " publish folder", nil
	}
	if err := p.detect(); err != nil {
		return "", "", err
	}
	var publishing []generator.Project
	var notes []string
	for _, g := range p.found {
		if g.PublishDir != "" {
			publishing = append(publishing, g)
		}
		notes = append(notes, g.Notes...)
	}
	switch len(publishing) {
	case 0:
		msg := ErrNoRoot.Error()
		if len(p.found) > 0 {
			msg = fmt.Sprintf("found %s, but not the folder it builds the site into\n", p.names()) + msg
		} else {
			msg += "\n(no Hugo, Jekyll, Astro, Eleventy, Next.js, MkDocs, Docusaurus, Pelican, Sphinx, Gatsby, VitePress, Nuxt, SvelteKit or Zola project found in " + dirName(p.dir) + ")"
		}
		for _, n := range notes {
			msg += "\nnote: " + n
		}
		return "", "", errors.New(msg)
	case 1:
		g := publishing[0]
		p.gen = &g
		return p.publishDir(g), g.Title + " (" + filepath.Join(p.dir, g.File) + ")", nil
	}
	return "", "", fmt.Errorf("found %s in %s: which one built the site?\nhint: %s", p.names(), dirName(p.dir), p.chooseHint(publishing))
}

// chooseHint tells how to pick one of the generators found, each of which
// builds into a folder of its own: the folder as DIR, or as root:, which
// picks the generator that builds there too. The folders that exist come
// first, as the likely ones.
func (p *project) chooseHint(publishing []generator.Project) string {
	var dirs []string
	whose := map[string][]string{}
	for _, g := range publishing {
		dir := p.publishDir(g)
		if whose[dir] == nil {
			dirs = append(dirs, dir)
		}
		whose[dir] = append(whose[dir], g.Title)
	}
	var built, unbuilt []string
	for _, dir := range dirs {
		s := fmt.Sprintf("'sitemapgen %s' for %s", dir, strings.Join(whose[dir], " or "))
		if isDir(dir) {
			built = append(built, s)
		} else {
			unbuilt = append(unbuilt, s+" (not built: no "+dir+" folder)")
		}
	}
	return fmt.Sprintf("name the folder the site was built into: %s; or set root: to it in %s", strings.Join(append(built, unbuilt...), ", "), DefaultFile)
}

// generatorFor returns the generator whose publish folder is root, else the
// only one found; nil when none or several.
func (p *project) generatorFor(root string) (*generator.Project, error) {
	if p.gen != nil {
		return p.gen, nil
	}
	if err := p.detect(); err != nil {
		return nil, err
	}
	if g := p.publishedInto(root); g != nil {
		p.gen = g
		return p.gen, nil
	}
	if len(p.found) == 1 {
		p.gen = &p.found[0]
	}
	return p.gen, nil
}

// publishedInto returns the generator found whose publish folder root
// is, nil when none is.
func (p *project) publishedInto(root string) *generator.Project {
	for i, g := range p.found {
		if g.PublishDir != "" && samePath(p.publishDir(g), root) {
			return &p.found[i]
		}
	}
	return nil
}

// builtBy returns the generator whose publish folder root is, nil when
// none is. A generator's configuration that does not read is no
// generator here: the error is reported where it matters (finding the
// site folder or the base URL).
func (p *project) builtBy(root string) *generator.Project {
	if p.gen != nil {
		if samePath(p.publishDir(*p.gen), root) {
			return p.gen
		}
		return nil
	}
	if err := p.detect(); err != nil {
		return nil
	}
	return p.publishedInto(root)
}

// projectFolder refuses a site folder given (DIR, root:) that is a
// generator's project folder whose built site is a folder in it: Hugo's
// root with public/, Jekyll's with _site/. Walking it would list the
// templates and sources, not the pages. A project whose build folder is
// not there, or whose configuration does not read, is walked.
func projectFolder(root string, lim limits.Limits) error {
	found, err := generator.Detect(root, lim)
	if err != nil {
		return nil
	}
	for _, g := range found {
		if g.PublishDir == "" || !projectMarked(root, g) {
			continue
		}
		built := g.PublishDir
		if !filepath.IsAbs(built) {
			built = filepath.Join(root, filepath.FromSlash(built))
		}
		if st, err := os.Stat(built); err != nil || !st.IsDir() || samePath(built, root) {
			continue
		}
		return fmt.Errorf("%s is a %s project (%s); its built site is %s%c (give %s as DIR, or --force to walk %s itself)",
			root, g.Title, filepath.Join(root, filepath.FromSlash(g.File)), built, filepath.Separator, built, root)
	}
	return nil
}

// projectMarked reports whether the folder root, where g was detected, is
// surely g's project, not a built site that holds a file of the same name:
// Hugo's older configuration names (config.toml, config.json …) are common
// in a web app's output, so a Hugo project found by one must also have one
// of Hugo's own folders.
func projectMarked(root string, g generator.Project) bool {
	if g.Generator != "hugo" || !strings.HasPrefix(path.Base(g.File), "config.") {
		return true
	}
	for _, dir := range generator.HugoFolders {
		if st, err := os.Stat(filepath.Join(root, dir)); err == nil && st.IsDir() {
			return true
		}
	}
	return false
}

// samePath reports whether two paths name one folder.
func samePath(a, b string) bool {
	a, errA := filepath.Abs(a)
	b, errB := filepath.Abs(b)
	return errA == nil && errB == nil && a == b
}

// publishDir is g's site folder as seen from the working directory.
func (p *project) publishDir(g generator.Project) string {
	if filepath.IsAbs(g.PublishDir) {
		return g.PublishDir
	}
	return filepath.Join(p.dir, filepath.FromSlash(g.PublishDir))
}

func dirName(dir string) string {
	if dir == "." {
		return "the working directory"
	}
	return dir
}

// basePath is the path a generator puts its site under (Jekyll's baseurl,
// Next's basePath, the path of a base URL), "" for none.
func basePath(g *generator.Project) string {
	if g == nil {
		return ""
	}
	if g.BaseURL != "" {
		if u, err := url.Parse(g.BaseURL); err == nil && u.Path != "/" {
			return u.Path
		}
		return ""
	}
	return g.BasePath
}

// withPath adds a base path to a platform's site URL, which names the
// site's root.
func withPath(site, path string) string {
	path = strings.Trim(path, "/")
	if path == "" {
		return site
	}
	u, err := url.Parse(site)
	if err != nil || (u.Path != "" && u.Path != "/") {
		return site
	}
	return strings.TrimSuffix(site, "/") + "/" + path + "/"
}

// baseURL chooses the base URL after --base-url, SITEMAP_BASE_URL and the
// file: the platform's production URL (or a preview's own, with previews:
// own-url), then the generator's configuration, then a platform's guess
// (Cloudflare Pages' pages.dev name, GitHub Pages' address).
func (p *project) baseURL(root, previews string) (u, from string, err error) {
	d := p.deploy
	inDeploy := p.deploying()
	g, gerr := p.generatorFor(root)
	if inDeploy && !d.Weak {
		if d.Preview && previews == PreviewsOwn && d.OwnURL != "" {
			return withPath(d.OwnURL, basePath(g)), d.Platform + " " + d.OwnFrom + " (previews: own-url)", nil
		}
		if d.ProductionURL != "" {
			return withPath(d.ProductionURL, basePath(g)), d.Platform + " " + d.ProductionFrom, nil
		}
	}
	if gerr != nil {
		return "", "", gerr
	}
	if g != nil && g.BaseURL != "" {
		if _, err := mapping.ParseBaseURL(g.BaseURL); err == nil {
			p.baseFromGen = true
			return g.BaseURL, filepath.Join(p.dir, g.BaseURLFrom), nil
		}
	}
	if g != nil {
		// The configuration computes the base URL (an f-string in conf.py),
		// or has none: the built site may say it. It ranks below every
		// value given, and above a platform's guess.
		if u, from := siteBaseURL(root); u != "" {
			p.baseFromSite = u
			return u, from, nil
		}
	}
	if inDeploy && d.Weak && d.ProductionURL != "" {
		u := d.ProductionURL
		if d.Platform != host.GitHubPages {
			u = withPath(u, basePath(g))
		}
		return u, d.Platform + " " + d.ProductionFrom + " (a guess: a custom domain is not in the environment)", nil
	}
	msg := ErrNoBaseURL.Error()
	switch {
	case g != nil:
		for _, place := range baseURLPlaces(g, filepath.Join(p.dir, g.File)) {
			msg += "\n  or " + place
		}
		for _, n := range g.Notes {
			msg += "\nnote: " + n
		}
	case len(p.found) > 1:
		msg += fmt.Sprintf("\n(found %s: name the site folder to choose)", p.names())
	}
	return "", "", errors.New(msg)
}

// baseURLPlaces says where in the project a generator's site URL can be
// kept: places that can hold it, for the hint of a missing base URL.
func baseURLPlaces(g *generator.Project, file string) []string {
	if base := filepath.Base(file); base == "package.json" || base == "Gemfile" {
		// Found by a dependency: the configuration file to write.
		conf := map[string]string{"jekyll": "_config.yml", "astro": "astro.config.mjs", "docusaurus": "docusaurus.config.js", "gatsby": "gatsby-config.js", "vitepress": ".vitepress/config.mts", "nuxt": "nuxt.config.ts"}[g.Generator]
		if conf != "" {
			file = filepath.Join(filepath.Dir(file), conf)
		}
	}
	switch g.Generator {
	case "next":
		return []string{"siteUrl: in next-sitemap.config.js", `"homepage": in package.json`}
	case "eleventy":
		return []string{"url: in Eleventy's site data (_data/metadata.json or _data/site.json)", `"homepage": in package.json`}
	case "hugo":
		return []string{"baseURL in Hugo's configuration (" + file + ")"}
	case "jekyll":
		return []string{"url: in Jekyll's configuration (" + file + ")"}
	case "astro":
		return []string{"site: in Astro's configuration (" + file + ")", `"homepage": in package.json`}
	case "mkdocs":
		return []string{"site_url: in MkDocs' configuration (" + file + ")"}
	case "docusaurus":
		return []string{"url: in Docusaurus' configuration (" + file + ")"}
	case "pelican":
		return []string{"SITEURL in publishconf.py (the production settings) or " + file}
	case "sphinx":
		return []string{"html_baseurl in Sphinx's configuration (" + file + ")"}
	case "gatsby":
		return []string{"siteUrl: in siteMetadata of Gatsby's configuration (" + file + ")", `"homepage": in package.json`}
	case "vitepress":
		return []string{"hostname: in sitemap of VitePress' configuration (" + file + ")", `"homepage": in package.json`}
	case "nuxt":
		return []string{"url: in site of Nuxt's configuration (" + file + "), or siteUrl: in runtimeConfig.public", `"homepage": in package.json`}
	case "sveltekit":
		return []string{`"homepage": in package.json (SvelteKit's configuration has no site URL)`}
	}
	return []string{"in " + g.Title + "'s configuration (" + file + ")"}
}

// applyStyle sets clean URLs and the trailing slash to the platform's
// style, else to the form the generator's configuration gives its pages,
// for each the user did not set.
func (p *project) applyStyle(l *layers) {
	defer func() {
		p.styleGiven = l.given("clean_urls") || l.given("trailing_slash") || p.genStyle != nil ||
			p.style != nil && !p.style.EitherSlash
	}()
	if p.style == nil {
		p.applyGeneratorStyle(l)
		return
	}
	if !l.given("clean_urls") {
		l.v.CleanURLs = p.style.CleanURLs
	}
	if !l.given("trailing_slash") {
		l.v.TrailingSlash = p.style.FolderSlash || p.style.EitherSlash
		p.slashEverywhere = p.style.CleanSlash && l.v.CleanURLs
	}
}

// applyGeneratorStyle sets, with no platform, the URL form the
// generator that built the site links its pages by: with trailing slashes
// off (Next.js by default, Astro trailingSlash: 'never' or build.format:
// 'file', Docusaurus trailingSlash: false, Gatsby trailingSlash: 'never',
// Nuxt site.trailingSlash: false), NAME.html and NAME/index.html are both
// /NAME; with them on, a folder's URL ends in /, and with clean
// URLs as well (VitePress cleanUrls: true) NAME.html is /NAME. MkDocs'
// use_directory_urls: false links NAME.html as it is, as the defaults do.
func (p *project) applyGeneratorStyle(l *layers) {
	g := p.builtBy(l.v.Root)
	if g == nil || g.TrailingSlash == "" || g.Generator == "mkdocs" || l.given("clean_urls") && l.given("trailing_slash") {
		return
	}
	never := g.TrailingSlash == "never"
	if (never || g.CleanURLs) && !l.given("clean_urls") {
		l.v.CleanURLs = true
	}
	if !l.given("trailing_slash") {
		l.v.TrailingSlash = !never
	}
	p.genStyle = g
}

// describe is the one line that says what was detected.
func (p *project) describe(rootFrom, root, baseFrom string) string {
	var parts []string
	if rootFrom != "" {
		parts = append(parts, "site "+root+" ("+rootFrom+")")
	}
	switch {
	case p.baseFromSite != "" && baseFrom != "":
		parts = append(parts, "base URL "+p.baseFromSite+" from "+baseFrom)
	case baseFrom != "":
		parts = append(parts, "base URL from "+baseFrom)
	}
	if p.style != nil {
		var forms []string
		if p.style.CleanURLs {
			if p.style.CleanSlash {
				forms = append(forms, "clean URLs with /")
			} else {
				forms = append(forms, "clean URLs")
			}
		} else {
			forms = append(forms, ".html URLs")
		}
		switch {
		case p.style.EitherSlash:
		case p.style.FolderSlash:
			forms = append(forms, "folders with /")
		default:
			forms = append(forms, "folders without /")
		}
		parts = append(parts, fmt.Sprintf("%s URL style (%s; from %s)", p.platform, strings.Join(forms, ", "), p.style.From))
	}
	if g := p.genStyle; g != nil {
		form := "folders with /"
		switch {
		case g.TrailingSlash == "never":
			form = "clean URLs, folders without /"
		case g.CleanURLs:
			form = "clean URLs, folders with /"
		}
		parts = append(parts, fmt.Sprintf("%s URL style (%s; from %s)", g.Title, form, filepath.Join(p.dir, g.File)))
	}
	return strings.Join(parts, "; ")
}

// Findings are what the project folder and the build environment say,
// for sitemapgen init: each value "" when nothing says it.
type Findings struct {
	// Generators are the generators found, as "Hugo (hugo.toml)".
	Generators []string
	// Root is the site folder and RootFrom what named it.
	Root, RootFrom string
	// BaseURL is the base URL the platform or the generator gives, and
	// BaseURLFrom what gave it.
	BaseURL, BaseURLFrom string
	// Platform is the hosting platform found, PlatformFrom what said so.
	Platform, PlatformFrom string
	// Style is the platform's URL style, nil without one.
	Style *host.Style
	// Problems are what stopped a value being found: ambiguity, a
	// missing base URL, a value that is not a literal.
	Problems []error
}

// Survey reports what the files in dir (the project folder) and the build
// environment (through getenv) say about the site, as a run without DIR
// and without configuration would take it. A generator's configuration
// that does not parse is an error.
func Survey(dir string, getenv func(string) string) (*Findings, error) {
	pr := &project{dir: dir}
	pr.findPlatform("", "", getenv)
	d := &Findings{Platform: pr.platform, PlatformFrom: pr.platformFrom}
	warnings, err := pr.loadStyle("")
	if err != nil {
		return nil, err
	}
	for _, w := range warnings {
		d.Problems = append(d.Problems, w)
	}
	if err := pr.detect(); err != nil {
		return nil, err
	}
	for _, g := range pr.found {
		d.Generators = append(d.Generators, g.Title+" ("+filepath.Join(dir, g.File)+")")
	}
	root, from, err := pr.findRoot()
	if err != nil {
		d.Problems = append(d.Problems, err)
	} else {
		d.Root, d.RootFrom = root, from
		warnings, _ := pr.loadStyle(root)
		for _, w := range warnings {
			d.Problems = append(d.Problems, w)
		}
	}
	d.Style = pr.style
	if u, from, err := pr.baseURL(d.Root, ""); err != nil {
		d.Problems = append(d.Problems, err)
	} else {
		d.BaseURL, d.BaseURLFrom = u, from
	}
	return d, nil
}
