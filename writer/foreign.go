package writer

// Sitemaps another tool wrote into the output folder: a site generator's
// own, which sitemapgen's replace.

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/klauspost/compress/gzip"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// foreignRootName matches the names generators and their plugins give
// sitemap files at the root of the site: sitemap.xml (Hugo, Jekyll,
// MkDocs, Docusaurus), sitemap.xml.gz (MkDocs), sitemap-index.xml and
// sitemap-0.xml (Astro, Gatsby), sitemap-0.xml … (next-sitemap),
// sitemap_index.xml.
var foreignRootName = regexp.MustCompile(`^sitemap(?:[-_][0-9A-Za-z_-]+)?\.xml(?:\.gz)?$`)

// foreignSubNames are the names a generator gives the sitemap of each
// language in its folder (Hugo's en/sitemap.xml, Docusaurus' de/sitemap.xml).
var foreignSubNames = []string{"sitemap.xml", "sitemap.xml.gz"}

// ForeignSitemaps returns the sitemap files in dir that another tool
// wrote, relative to dir with "/" separators, sorted: the files at the
// root whose names sitemap generators give (sitemap-index.xml,
// sitemap-0.xml, sitemap.xml.gz …) and the sitemap.xml or sitemap.xml.gz
// of each folder at the top (a language's), that hold a <urlset> or a
// <sitemapindex> of the Sitemaps 0.9 namespace. Names for which own is
// true (the files sitemapgen writes or wrote) are not another tool's.
// Only regular files count; a file that cannot be read is not taken for
// a sitemap.
func ForeignSitemaps(dir string, own func(name string) bool) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var found []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case e.Type().IsRegular() && foreignRootName.MatchString(name) && !own(name):
			if isSitemapFile(filepath.Join(dir, name)) {
				found = append(found, name)
			}
		case e.IsDir() && !strings.HasPrefix(name, "."):
			for _, sub := range foreignSubNames {
				if isSitemapFile(filepath.Join(dir, name, sub)) {
					found = append(found, path.Join(name, sub))
				}
			}
		}
	}
	slices.Sort(found)
	return found, nil
}

// isSitemapFile reports whether the regular file at p (gzip-compressed
// when its name ends in .gz) starts as a sitemap or a sitemap index does.
func isSitemapFile(p string) bool {
	if st, err := os.Lstat(p); err != nil || !st.Mode().IsRegular() {
		return false
	}
	f, err := fsx.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(p, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return false
		}
		r = zr
	}
	head := make([]byte, 2048)
	n, _ := io.ReadFull(r, head)
	head = head[:n]
	return (bytes.Contains(head, []byte("<urlset")) || bytes.Contains(head, []byte("<sitemapindex"))) &&
		bytes.Contains(head, []byte("sitemaps.org/schemas/sitemap/0.9"))
}

// removeForeign removes the other tools' sitemap files found before the
// commit; one already gone is passed over.
func removeForeign(dir string, names []string) ([]string, error) {
	var removed []string
	for _, name := range names {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if st, err := os.Lstat(p); err != nil || !st.Mode().IsRegular() {
			continue
		}
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return removed, err
		}
		removed = append(removed, name)
	}
	return removed, nil
}
