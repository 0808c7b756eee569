package project

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// findPlatform sets the platform. It is the one host: names, else the
// build environment's, else the one whose files are in the project
// folder. A platform file that cannot be read gives a warning in
// p.warnings.
func (p *discovery) findPlatform(hostKey, root string, getenv func(string) string) {
	p.deploy, p.inDeploy = host.FromEnv(getenv)
	if hostKey == "none" {
		return
	}
	if named, ok := platformOf[hostKey]; ok {
		p.platform, p.platformFrom = named, "host: "+hostKey
		return
	}
	// GitHub Actions runs every kind of CI job, not only Pages deploys,
	// so a platform's file in the project says more.
	if p.inDeploy && p.deploy.Platform != host.GitHubPages {
		p.platform, p.platformFrom = p.deploy.Platform, p.deploy.Platform+"'s build environment"
		return
	}
	dirs := p.dirs(root)
	platforms, files, warnings := host.Identify(p.lim, dirs...)
	p.warnings = append(p.warnings, warnings...)
	if len(platforms) == 0 {
		platforms, files = p.topNetlify(root)
	}
	if len(platforms) == 1 {
		p.platform, p.platformFrom = platforms[0], files[0]
	} else if p.inDeploy && len(platforms) == 0 {
		p.platform, p.platformFrom = p.deploy.Platform, p.deploy.Platform+"'s build environment"
	}
}

// topNetlify looks for the netlify.toml at the top of the git work tree
// that holds the project folder, when the project folder is below that
// top (a monorepo's docs/). Netlify reads netlify.toml at the
// repository's root. The file counts only when its [build] publish
// folder is inside the project folder; a file for another site of the
// repository says nothing about this one. topNetlify sets p.top, whose
// file then counts as the project's (dirs). It also keeps the settings
// it read, so readSettings reads no more.
func (p *discovery) topNetlify(root string) (platforms, files []string) {
	t, err := TreeOf(p.dir)
	if err != nil || !t.Git {
		return nil, nil
	}
	dir, err := fsx.Real(p.dir)
	if err != nil || dir == t.Top {
		return nil, nil
	}
	// Write the top as a path from the project folder (".." for docs/),
	// so that messages name it as the user sees it.
	rel, err := filepath.Rel(dir, t.Top)
	if err != nil {
		return nil, nil
	}
	top := filepath.Join(p.dir, rel)
	found, names, _ := host.Identify(p.lim, top)
	if len(found) != 1 || found[0] != host.Netlify {
		return nil, nil
	}
	s, warnings, err := host.ReadSettings(host.Netlify, p.buildOf(host.Netlify), p.lim, top)
	if err != nil || s.Style.Publish == "" || fsx.Within(p.dir, s.Style.Publish) != nil {
		return nil, nil
	}
	p.top = top
	// The file is read once a run; readSettings takes these settings as
	// its own.
	p.settings, p.settingsDirs = &s, p.dirs(root)
	p.warnings = append(p.warnings, warnings...)
	return found, names
}

// shorter returns path from the working directory by the shorter way,
// when path is inside the project folder and was reached through the
// repository's top: ../docs/.vitepress/dist from docs/ becomes
// .vitepress/dist. Otherwise it returns path.
func (p *discovery) shorter(path string) string {
	if p.top == "" || filepath.IsAbs(path) {
		return path
	}
	dir, err1 := filepath.Abs(p.dir)
	abs, err2 := filepath.Abs(path)
	if err1 != nil || err2 != nil {
		return path
	}
	if rel, err := filepath.Rel(dir, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.Join(p.dir, rel)
	}
	return path
}

// platformOf maps the values of host: to the platforms they name.
var platformOf = map[string]string{
	"netlify":          host.Netlify,
	"vercel":           host.Vercel,
	"cloudflare-pages": host.CloudflarePages,
	"github-pages":     host.GitHubPages,
}

// dirs returns the folders whose platform files count: the project
// folder, the site folder when it is known, and the repository's top
// when its netlify.toml publishes a folder of the project (topNetlify).
func (p *discovery) dirs(root string) []string {
	dirs := []string{p.dir}
	if root != "" {
		dirs = append(dirs, root)
	}
	if p.top != "" {
		dirs = append(dirs, p.top)
	}
	return dirs
}

// deploying reports whether the build environment is the platform's.
// Then its URLs and previews count. They do not with host: none, with
// another platform named, or in a GitHub Actions job of a site that
// another platform's file claims.
func (p *discovery) deploying() bool {
	return p.inDeploy && p.deploy.Platform == p.platform
}

// loadStyle takes the platform's URL style from its file in the
// folders of root. The file is read once (readSettings). The warnings
// are the problems of the platform's files.
func (p *discovery) loadStyle(root string) ([]error, error) {
	if p.platform == "" {
		return nil, nil
	}
	if err := p.settingsErr; err != nil {
		p.settingsErr = nil
		return nil, err
	}
	warnings, err := p.readSettings(root)
	if err != nil {
		return warnings, err
	}
	st := p.settings.Style
	p.style = &st
	return warnings, nil
}

// applyStyle sets clean URLs and the trailing slash, each when the user
// did not give it. It takes them from the platform's style, else from
// the form the generator's configuration gives its pages.
func (p *discovery) applyStyle(v *Ask, pr *Project) {
	defer func() {
		pr.StyleGiven = v.CleanURLsGiven || v.TrailingSlashGiven || p.genStyle != nil ||
			p.style != nil && !p.style.EitherSlash
	}()
	if p.style == nil {
		p.applyGeneratorStyle(v, pr)
		return
	}
	clean := v.CleanURLs
	if !v.CleanURLsGiven {
		clean = p.style.CleanURLs
		pr.CleanURLs = &clean
	}
	if !v.TrailingSlashGiven {
		slash := p.style.FolderSlash || p.style.EitherSlash
		pr.TrailingSlash = &slash
		pr.SlashEverywhere = p.style.CleanSlash && clean
	}
	p.preferLinks(v, pr)
}

// preferLinks prefers the form the generator that built the site links
// its pages by over the platform's URL style, where the platform serves
// that form with 200 too. GitHub Pages serves about.html at /about as at
// /about.html, so a SvelteKit site, which links /about, is listed that
// way. Vercel without trailingSlash serves a folder with and without its
// slash, so a Next.js site, which links /blog, is listed that way. A
// form the platform redirects stays the platform's: GitHub Pages
// redirects /blog to /blog/.
func (p *discovery) preferLinks(v *Ask, pr *Project) {
	p.linkForm, p.linkParts = nil, nil
	f := p.siteForm(v.Root)
	if f == nil || f.form.TrailingSlash == "" || f.form.AsWritten {
		return
	}
	never := f.form.TrailingSlash == "never"
	if clean := never || f.form.CleanURLs; clean && !v.CleanURLsGiven && !*pr.CleanURLs {
		if status, _ := p.style.Answer("about.html", "about"); status == 200 {
			pr.CleanURLs = &clean
			p.linkParts = append(p.linkParts, "clean URLs")
		}
	}
	if slash := !never; !v.TrailingSlashGiven && *pr.TrailingSlash != slash {
		folder := "blog/"
		if !slash {
			folder = "blog"
		}
		if status, _ := p.style.Answer("blog/index.html", folder); status == 200 {
			pr.TrailingSlash = &slash
			pr.SlashEverywhere = false
			p.linkParts = append(p.linkParts, folderForm(slash))
		}
	}
	if len(p.linkParts) > 0 {
		p.linkForm = f
	}
}

// folderForm names the form of a folder's URL: with its slash or not.
func folderForm(slash bool) string {
	if slash {
		return "folders with /"
	}
	return "folders without /"
}

// formOf is a URL form of a site's links and what says it: the
// configuration of the generator that built the site, or its sitemap.
type formOf struct {
	form generator.URLForm
	// title names what links by it ("VitePress", "the generator's
	// sitemap"), file the file that says so, from the working directory.
	// lists is true for a sitemap, which lists the pages rather than
	// links them.
	title, file string
	lists       bool
}

// style names the form for the line of what was found: "VitePress URL
// style", "the URL style of the generator's sitemap".
func (f *formOf) style() string {
	if f.lists {
		return "the URL style of " + f.title
	}
	return f.title + " URL style"
}

// as says whose the form is: "as VitePress links them", "as the
// generator's sitemap lists them".
func (f *formOf) as() string { return "as " + f.verb() + " them" }

// verb is what gives the form and how: "VitePress links", "the
// generator's sitemap lists".
func (f *formOf) verb() string {
	if f.lists {
		return f.title + " lists"
	}
	return f.title + " links"
}

// siteForm returns the URL form of the links of the site in root: the
// one the configuration of the generator that built it says, whose
// preset decides the form, whatever the generator's sitemap lists (R6
// of issue 97: that form was wrong 4 times of 4). With no generator
// recognised, it is the form of the generator's own sitemap in root
// (sitemapForm), or of ours an earlier run wrote in its place, which
// keeps the form that run took; ours in sitemapgen's own default form
// (NAME.html, folders with /) says nothing, since no form was taken. It
// is nil when none says one.
func (p *discovery) siteForm(root string) *formOf {
	if g := p.builtBy(root); g != nil {
		return &formOf{form: g.Form, title: g.Title(), file: filepath.Join(p.dir, g.File)}
	}
	if root == "" || len(p.found) > 0 {
		return nil
	}
	if p.rootForm == nil || p.rootForm.root != root {
		f, ok := sitemapForm(root)
		if ok && f == (generator.URLForm{TrailingSlash: "always"}) {
			if own := p.earlier(root, nil).own; own != nil && own("sitemap.xml") {
				ok = false
			}
		}
		p.rootForm = &sitemapFormOf{root: root, ok: ok, form: formOf{form: f, title: "the generator's sitemap", file: filepath.Join(root, "sitemap.xml"), lists: true}}
	}
	if !p.rootForm.ok {
		return nil
	}
	return &p.rootForm.form
}

// sitemapFormOf is the form of the generator's sitemap in the site
// folder root, read once (siteForm); ok is false when it says none.
type sitemapFormOf struct {
	root string
	ok   bool
	form formOf
}

// applyGeneratorStyle sets, when there is no platform, the URL form that
// the generator that built the site links its pages by. With trailing
// slashes off (Next.js by default, Astro trailingSlash: 'never' or
// build.format: 'file', Docusaurus trailingSlash: false, Gatsby
// trailingSlash: 'never', Nuxt site.trailingSlash: false), NAME.html and
// NAME/index.html are both /NAME. With them on, a folder's URL ends in
// /. With clean URLs as well (VitePress cleanUrls: true), NAME.html is
// /NAME. With index files (Sphinx), NAME/index.html is /NAME/index.html.
// MkDocs' use_directory_urls: false links NAME.html as it is, as the
// defaults do.
func (p *discovery) applyGeneratorStyle(v *Ask, pr *Project) {
	f := p.siteForm(v.Root)
	if f == nil || !f.form.Says() {
		return
	}
	if f.form.IndexFiles && !v.CleanURLsGiven && !v.TrailingSlashGiven {
		// Its build links an index page by its file's name.
		pr.IndexFiles = true
	}
	if f.form.TrailingSlash == "" || v.CleanURLsGiven && v.TrailingSlashGiven {
		return
	}
	never := f.form.TrailingSlash == "never"
	if (never || f.form.CleanURLs) && !v.CleanURLsGiven {
		clean := true
		pr.CleanURLs = &clean
	}
	if !v.TrailingSlashGiven {
		slash := !never
		pr.TrailingSlash = &slash
	}
	p.genStyle = f
}

// describe is the one line that says what was detected: the site folder
// and what named it, the base URL and what gave it, and the URL style.
// When the base URL's host and path come from two places, it names what
// gave each part.
func (p *discovery) describe(rootFrom, root, baseURL, baseFrom string) string {
	var parts []string
	if rootFrom != "" {
		parts = append(parts, "site "+root+" ("+rootFrom+")")
	}
	if baseFrom != "" {
		if n, err := mapping.ParseBaseURL(baseURL); err == nil {
			baseURL = n // as the sitemap's URLs begin
		}
		parts = append(parts, "base URL "+baseURL+" from "+baseFrom)
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
		if !p.style.EitherSlash {
			forms = append(forms, folderForm(p.style.FolderSlash))
		}
		style := fmt.Sprintf("%s URL style (%s; from %s)", p.platform, strings.Join(forms, ", "), p.style.From)
		if f := p.linkForm; f != nil {
			// Name the generator's links, where the platform serves them
			// too.
			style = fmt.Sprintf("%s URL style (%s; from %s), with %s %s, which %s serves too (from %s)",
				p.platform, strings.Join(forms, ", "), p.style.From, strings.Join(p.linkParts, " and "), f.as(), p.platform, f.file)
		}
		parts = append(parts, style)
	}
	if f := p.genStyle; f != nil {
		form := "folders with /"
		switch {
		case f.form.TrailingSlash == "never":
			form = "clean URLs, folders without /"
		case f.form.CleanURLs:
			form = "clean URLs, folders with /"
		}
		parts = append(parts, fmt.Sprintf("%s (%s; from %s)", f.style(), form, f.file))
	}
	return strings.Join(parts, "; ")
}

// HostDirs returns the project's folders whose host files (netlify.toml,
// vercel.json) count. The first is the project folder (the settings
// file's, or the working directory). The repository's top follows when
// its netlify.toml is the project's (PlatformTop).
func (pr *Project) HostDirs() []string {
	if pr.PlatformTop == "" {
		return []string{pr.Dir}
	}
	return []string{pr.Dir, pr.PlatformTop}
}
