package vuepress

import (
	"fmt"
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
)

var _ generator.Preset = (*Preset)(nil)

// Site is what a VuePress project keeps for its routes, as Detected.Own.
type Site struct {
	// Include and Exclude are the globs of pagePatterns, relative to the
	// source folder (its "!" ones without the "!"): the Markdown files
	// it makes pages of, by default **/*.md but .vuepress's.
	Include, Exclude []string
	// Unjoined says why the pages are not joined to their sources
	// (permalinkPattern moves them by rules sitemapgen does not
	// follow); "" when they are.
	Unjoined string
}

// site reads what the routes of the pages need (see [Site]).
func site(r *jsconfig.Reader, p *generator.Detected) Site {
	s := Site{Include: []string{"**/*.md"}, Exclude: []string{".vuepress"}}
	if globs, st := r.Strs("pagePatterns"); st == jsconfig.OK {
		s.Include, s.Exclude = nil, nil
		for _, g := range globs {
			if neg, ok := strings.CutPrefix(g, "!"); ok {
				s.Exclude = append(s.Exclude, neg)
			} else {
				s.Include = append(s.Include, g)
			}
		}
	} else if st == jsconfig.Bad {
		p.SourceDir = "" // the pages are not known: none is joined
	}
	if v, line, ok := r.Any("permalinkPattern"); ok && v != nil {
		s.Unjoined = fmt.Sprintf("permalinkPattern, %s:%d", p.File, line)
		r.Note(line, "permalinkPattern moves pages by rules sitemapgen does not follow: the pages are not joined to their sources")
	}
	return s
}

// Preset joins the pages of a VuePress build to their Markdown sources
// in its source folder, as VuePress routes them:
//
//	README.md         /
//	about.md          /about.html
//	guide/README.md   /guide/ (index.md alike)
//	zh/about.md       /zh/about.html (a locale's page is in its folder)
//
// A page's front matter permalink moves it (/news/ is news/index.html,
// /news news.html). base is not in the built files' paths, so the join
// does not see it. A page is dated as VuePress's git plugin dates it:
// by the author date of its source's last commit.
type Preset struct {
	Site
}

// Routes returns the preset of the Markdown pages of the source folder;
// none when permalinkPattern moves them.
func (Generator) Routes(p *generator.Detected) (generator.Preset, string) {
	s, _ := p.Own.(Site)
	if s.Unjoined != "" || p.SourceDir == "" {
		return nil, ""
	}
	return &Preset{Site: s}, p.SourceDir
}

// URLPath returns the URL path of the page VuePress builds from the
// Markdown file p: its front matter permalink, else its path.
func (v *Preset) URLPath(p generator.Page) (string, bool) {
	rel, ok := srcpath.CleanRel(p.Path)
	if !ok || !srcpath.HasExt(rel, ".md") || srcpath.AnyElement(rel, ".") {
		return "", false
	}
	if p.Permalink != "" {
		if frontmatter.CheckURLPath(p.Permalink) != nil {
			return "", false
		}
		u := "/" + strings.TrimLeft(p.Permalink, "/")
		if !strings.HasSuffix(u, "/") && !strings.HasSuffix(u, ".html") {
			u += ".html" // the file it writes, as it links it
		}
		return path.Clean(u) + trailing(u), true
	}
	dir, file := path.Split(rel)
	name := strings.TrimSuffix(file, path.Ext(file))
	if strings.EqualFold(file, "README.md") || name == "index" {
		return "/" + dir, true
	}
	return "/" + dir + name + ".html", true
}

// trailing is the slash that ends u, if any, which path.Clean drops.
func trailing(u string) string {
	if strings.HasSuffix(u, "/") && u != "/" {
		return "/"
	}
	return ""
}

// FileRules reads a page's front matter, for its permalink and its
// sitemap: values. VuePress has no drafts, and its sitemap dates no page
// by it.
func (v *Preset) FileRules(rel string) generator.FileRules {
	return generator.FileRules{Reading: generator.Reading{Read: true}}
}

// Rules say where the pages are (pagePatterns, node_modules left out, as
// VuePress leaves it out) and how VuePress dates them: its git plugin's
// updatedTime, the author date of the source's newest commit (git log
// --follow: a rename is a commit of the file).
func (v *Preset) Rules() generator.Rules {
	return generator.Rules{
		Name: "vuepress",
		Sources: generator.SourceRules{
			Include: v.Include,
			Exclude: append([]string{"**/node_modules", "**/.git"}, v.Exclude...),
		},
		Order: &generator.DateOrder{Steps: []generator.DateStep{{Git: true}}, From: "VuePress' git plugin, the source's last commit",
			GitAuthor: true, GitRenames: true},
	}
}
