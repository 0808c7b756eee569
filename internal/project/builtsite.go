package project

// A built site that no generator recognised: its folder found by the
// sitemap its generator wrote there, and its URL form read from that
// sitemap (issue 97, R6 and R7).

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
)

// Bounds of the look for a built site: how deep below the project folder
// (docs/.vuepress/dist is 3 deep), and how many folders at most.
const (
	builtSiteDepth   = 3
	builtSiteFolders = 4000
)

// builtSiteFrom is what names a site folder found by builtSites, for the
// line of what was found.
const builtSiteFrom = "its index.html and sitemap.xml: no generator recognised"

// errStop ends a walk early.
var errStop = errors.New("stop")

// builtSites returns the folders of the project folder dir, from it,
// that hold a built site: an index.html and a sitemap.xml, each a
// regular file, as a generator writes them (VuePress's, Rspress's and
// their sitemap plugins'). It looks at most builtSiteDepth folders deep
// and at builtSiteFolders folders, never in node_modules or .git, and
// never through a link. The project folder itself is none: its files are
// the project's.
func builtSites(dir string) []string {
	r, err := fsx.OpenRoot(dir)
	if err != nil {
		return nil
	}
	defer r.Close()
	var found []string
	seen := 0
	_ = r.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if d.Name() == "node_modules" || d.Name() == ".git" {
			return fs.SkipDir
		}
		if seen++; seen > builtSiteFolders {
			return errStop
		}
		if p == "." {
			return nil
		}
		if regular(r, path.Join(p, "index.html")) && regular(r, path.Join(p, "sitemap.xml")) {
			found = append(found, filepath.Join(dir, filepath.FromSlash(p)))
			return fs.SkipDir // its own folders are the site's
		}
		if strings.Count(p, "/")+1 >= builtSiteDepth {
			return fs.SkipDir
		}
		return nil
	})
	return found
}

// regular reports whether rel is a regular file inside r, not a link.
func regular(r *fsx.Root, rel string) bool {
	fi, err := r.Lstat(rel)
	return err == nil && fi.Mode().IsRegular()
}

// findBuiltSite returns the site folder of a project where no generator
// was recognised: the one folder builtSites finds. Several are an error
// that names them.
func (p *discovery) findBuiltSite() (string, error) {
	found := builtSites(p.dir)
	switch len(found) {
	case 0:
		return "", nil
	case 1:
		return found[0], nil
	}
	return "", fmt.Errorf("%s\n(no generator's project found in %s, and several built sites, each with its index.html and sitemap.xml: %s; name the one to list, as in 'sitemapgen %s')",
		p.noRoot.Error(), dirName(p.dir), strings.Join(found, ", "), found[0])
}

// sitemapFormSample is the most entries of a generator's sitemap that
// sitemapForm reads the form of.
const sitemapFormSample = 1000

// sitemapForm returns the URL form of the sitemap.xml in the site folder
// root, as its entries' URLs show it against the files they name: a URL
// that names NAME.html as /NAME is a clean URL, as /NAME.html not; a
// folder's as /NAME/ ends in its slash, as /NAME not, as
// /NAME/index.html is an index file. Each part is the form most of its
// first sitemapFormSample entries of that kind have. The entries are
// taken relative to the prefix they all share, the site's base
// (sitemapSample). The file is the generator's, or ours in its place,
// written in the form an earlier run took from it: the form is found
// again. ok is false when the file is an index, or tells nothing, or
// spells folders both ways (formVotes.form).
func sitemapForm(root string) (f generator.URLForm, ok bool) {
	base, locs := sitemapSample(root)
	if base == "" {
		return f, false
	}
	r, err := fsx.OpenRoot(root)
	if err != nil {
		return f, false
	}
	defer r.Close()
	var v formVotes
	for _, l := range locs {
		if rel, ok := strings.CutPrefix(l, base); ok {
			v.add(r, rel)
		}
	}
	return v.form()
}

// formVotes counts the forms of a sitemap's URLs.
type formVotes struct {
	clean, html        int // pages: /NAME, /NAME.html
	slash, bare, files int // folders: /NAME/, /NAME, /NAME/index.html
}

// add counts the form of the URL path rel (relative to the base, still
// percent-encoded), by the file the site folder r holds for it.
func (v *formVotes) add(r *fsx.Root, rel string) {
	p, err := url.PathUnescape(rel)
	if err != nil || p == "" || strings.ContainsAny(p, "?#") {
		return // the base's own page tells nothing
	}
	switch {
	case strings.HasSuffix(p, "/"):
		if regular(r, p+"index.html") {
			v.slash++
		}
	case path.Base(p) == "index.html":
		if regular(r, p) {
			v.files++
		}
	case strings.HasSuffix(p, ".html"):
		if regular(r, p) {
			v.html++
		}
	case regular(r, p+".html"):
		v.clean++
	case regular(r, p+"/index.html"):
		v.bare++
	}
}

// form is the form most URLs of each kind have; ok is false when none
// told, or when folders are spelled both with and without their slash:
// the generator spells each as its route is (Docusaurus: /about for
// about.md, /contact/ for contact/index.md), which no one form says, and
// a form taken from the most would respell the others.
func (v formVotes) form() (f generator.URLForm, ok bool) {
	if v.clean+v.html+v.slash+v.bare+v.files == 0 || v.slash > 0 && v.bare > 0 {
		return f, false
	}
	switch {
	case v.files > v.slash+v.bare:
		f.IndexFiles = true
	case v.bare > v.slash:
		f.TrailingSlash = "never"
	case v.slash > 0 || v.clean > v.html:
		f.TrailingSlash = "always"
	}
	f.CleanURLs = v.clean > v.html && f.TrailingSlash != "never"
	if f.CleanURLs && f.TrailingSlash == "" {
		f.TrailingSlash = "always"
	}
	return f, true
}
