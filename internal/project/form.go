package project

// The URL form reader: the form the platform serves, or the one the
// generator that built the site links its pages by, or the form of the
// generator's own sitemap.

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// formReader decides the URL style of the project in dir from what the
// platform (plat) and the generators found (gens) say.
type formReader struct {
	dir  string
	lim  limits.Limits
	plat *platformReader
	gens *generators
	// genStyle is the generator's URL form that applies when there is no
	// platform (applyGeneratorStyle). It is nil when none does.
	genStyle *formOf
	// linkForm is the generator's link form that applies when a platform
	// serves that form too (preferLinks). It is nil when none does.
	// linkParts name the parts it gives ("clean URLs").
	linkForm  *formOf
	linkParts []string
	// rootForm is the form of the generator's sitemap in the site
	// folder, read once, when no generator built it (siteForm).
	rootForm *sitemapFormOf
}

// from says what gives the URL style a build with nothing given takes,
// for init: the platform, with the generator's links it serves too, or
// the generator's links. It is "" for none.
func (p *formReader) from() string {
	switch {
	case p.linkForm != nil:
		return fmt.Sprintf("%s serves (%s), with %s %s (%s)", p.plat.name, p.plat.style.From, strings.Join(p.linkParts, " and "), p.linkForm.as(), p.linkForm.file)
	case p.plat.style != nil:
		return fmt.Sprintf("%s serves (%s)", p.plat.name, p.plat.style.From)
	case p.genStyle != nil:
		return fmt.Sprintf("%s its pages so (%s)", p.genStyle.verb(), p.genStyle.file)
	}
	return ""
}

// applyStyle sets clean URLs and the trailing slash, each when the user
// did not give it. It takes them from the platform's style, else from
// the form the generator's configuration gives its pages.
func (p *formReader) applyStyle(v *Ask, pr *Project) {
	defer func() {
		pr.StyleGiven = v.CleanURLsGiven || v.TrailingSlashGiven || p.genStyle != nil ||
			p.plat.style != nil && !p.plat.style.EitherSlash
	}()
	if p.plat.style == nil {
		p.applyGeneratorStyle(v, pr)
		return
	}
	clean := v.CleanURLs
	if !v.CleanURLsGiven {
		clean = p.plat.style.CleanURLs
		pr.CleanURLs = &clean
	}
	if !v.TrailingSlashGiven {
		slash := p.plat.style.FolderSlash || p.plat.style.EitherSlash
		pr.TrailingSlash = &slash
		pr.SlashEverywhere = p.plat.style.CleanSlash && clean
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
func (p *formReader) preferLinks(v *Ask, pr *Project) {
	p.linkForm, p.linkParts = nil, nil
	f := p.siteForm(v.Root)
	if f == nil || f.form.TrailingSlash == "" || f.form.AsWritten {
		return
	}
	never := f.form.TrailingSlash == "never"
	if clean := never || f.form.CleanURLs; clean && !v.CleanURLsGiven && !*pr.CleanURLs {
		if status, _ := p.plat.style.Answer("about.html", "about"); status == 200 {
			pr.CleanURLs = &clean
			p.linkParts = append(p.linkParts, "clean URLs")
		}
	}
	if slash := !never; !v.TrailingSlashGiven && *pr.TrailingSlash != slash {
		folder := "blog/"
		if !slash {
			folder = "blog"
		}
		if status, _ := p.plat.style.Answer("blog/index.html", folder); status == 200 {
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
func (p *formReader) siteForm(root string) *formOf {
	if g := p.gens.builtBy(root); g != nil {
		return &formOf{form: g.Form, title: g.Title(), file: filepath.Join(p.dir, g.File)}
	}
	if root == "" || len(p.gens.found) > 0 {
		return nil
	}
	if p.rootForm == nil || p.rootForm.root != root {
		f, ok := sitemapForm(root)
		if ok && f == (generator.URLForm{TrailingSlash: "always"}) {
			if own := earlier(p.dir, p.lim, root, nil).own; own != nil && own("sitemap.xml") {
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
func (p *formReader) applyGeneratorStyle(v *Ask, pr *Project) {
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
func (p *formReader) describe(rootFrom, root, baseURL, baseFrom string) string {
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
	if p.plat.style != nil {
		var forms []string
		if p.plat.style.CleanURLs {
			if p.plat.style.CleanSlash {
				forms = append(forms, "clean URLs with /")
			} else {
				forms = append(forms, "clean URLs")
			}
		} else {
			forms = append(forms, ".html URLs")
		}
		if !p.plat.style.EitherSlash {
			forms = append(forms, folderForm(p.plat.style.FolderSlash))
		}
		style := fmt.Sprintf("%s URL style (%s; from %s)", p.plat.name, strings.Join(forms, ", "), p.plat.style.From)
		if f := p.linkForm; f != nil {
			// Name the generator's links, where the platform serves them
			// too.
			style = fmt.Sprintf("%s URL style (%s; from %s), with %s %s, which %s serves too (from %s)",
				p.plat.name, strings.Join(forms, ", "), p.plat.style.From, strings.Join(p.linkParts, " and "), f.as(), p.plat.name, f.file)
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
