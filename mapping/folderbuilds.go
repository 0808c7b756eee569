package mapping

import (
	"fmt"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// FolderBuilds are folders of a site that each hold a build of their
// own, whose pages' canonical links the generator writes from a base URL
// every build shares, without the folder: Sphinx's languages, each built
// into LANG/ from one conf.py whose html_baseurl has no language in it.
// Such a link names a URL no build serves (https://example.org/about.html
// for fr/about.html). The page is served in its folder, where each
// build's own links and the generator's sitemap put it.
//
// A canonical link of a page in one of Folders that names a URL under
// the base URL outside every one of them is read in the page's build:
// the folder goes in before its path, and the page is then judged as any
// other (listed when it names itself, left out when it names another
// page of its build). The page gets a warning, with Why after it.
type FolderBuilds struct {
	// Folders are the builds' folders, relative to the base URL, each
	// ending in "/": "en/", "fr/".
	Folders []string
	// Why says what wrote the canonical links so, and how to give each
	// build its own (Sphinx's html_baseurl, at its line of conf.py).
	Why string
}

// inBuild returns the canonical link canonical of the page at urlPath
// (relative to the base URL) read in the build of its folder, with a
// warning, as FolderBuilds says; else canonical, and no warning. It
// makes nothing for a page outside every folder, or whose link names
// its folder already.
func (m *Mapper) inBuild(urlPath, canonical string) (string, string) {
	fb := m.opts.FolderBuilds
	rest, ok := strings.CutPrefix(canonical, m.base)
	if fb == nil || !ok {
		return canonical, ""
	}
	folder := ""
	for _, f := range fb.Folders {
		if strings.HasPrefix(rest, f) {
			return canonical, "" // names a build's page: its own, or another build's
		}
		if strings.HasPrefix(urlPath, f) {
			folder = f
		}
	}
	if folder == "" {
		return canonical, ""
	}
	read := m.base + folder + rest
	return read, fmt.Sprintf("canonical link %s names this page's build without its folder, %s: read as %s; %s", diag.URL(canonical), folder, diag.URL(read), fb.Why)
}
