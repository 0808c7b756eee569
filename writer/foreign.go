package writer

// Sitemaps another tool wrote into the output folder: a site generator's
// own, which sitemapgen's replace.

import (
	"bytes"
	"encoding/xml"
	"io"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/klauspost/compress/gzip"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// ForeignSitemaps returns the sitemap files in dir that another tool
// wrote and that takes names, relative to dir with "/" separators, sorted:
// the files at the root and in the folders at the top for whose path
// (as "sitemap-0.xml", "de/sitemap.xml") takes is true, that are regular
// files holding a <urlset> or a <sitemapindex> of the Sitemaps 0.9
// namespace. In a folder at the top those are sitemap.xml and
// sitemap.xml.gz and the names of such files at the root (Hugo's
// renamed map.xml, en/map.xml), or any file when takes is true for the
// folder's path with a slash ("__sitemap__/": a folder of the tool's
// own), and so in its folders, at any depth, for which takes is true too
// ("seo/", then "seo/maps/"). Names for
// which own is true (the files sitemapgen writes or wrote) are not
// another tool's, nor is anything in a folder that holds the record of a
// sitemapgen run of its own. A file that cannot be read is not taken for
// a sitemap.
func ForeignSitemaps(dir string, takes, own func(name string) bool) ([]string, error) {
	var found []string
	err := inFolder(dir, func(root *fsx.Root) (err error) {
		found, err = foreignSitemapsIn(root, takes, own)
		return err
	})
	return found, err
}

// foreignSitemapsIn is [ForeignSitemaps] of the folder root, held by
// the caller.
func foreignSitemapsIn(root *fsx.Root, takes, own func(name string) bool) ([]string, error) {
	// Through the one door: a folder that is a link is not looked into,
	// and no file is opened through a link out of the folder.
	entries, err := root.ReadDir(".")
	if err != nil {
		return nil, err
	}
	// In a folder at the top, the names the tool gives its sitemaps at
	// the top are looked for too (Hugo's [sitemap] filename: map.xml,
	// en/map.xml).
	inFolders := []string{"sitemap.xml", "sitemap.xml.gz"}
	for _, e := range entries {
		if name := e.Name(); e.Type().IsRegular() && takes(name) && !slices.Contains(inFolders, name) {
			inFolders = append(inFolders, name)
		}
	}
	var found []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case e.Type().IsRegular() && takes(name) && !own(name):
			if isSitemapFile(root, name) {
				found = append(found, name)
			}
		case e.IsDir() && !strings.HasPrefix(name, "."):
			if _, err := root.Lstat(path.Join(name, RecordName)); err == nil {
				continue // another sitemapgen run's folder
			}
			if takes(name + "/") {
				found = append(found, takenFolder(root, name, takes, own)...)
				continue
			}
			for _, file := range inFolders {
				if rel := path.Join(name, file); takes(rel) && !own(rel) && isSitemapFile(root, rel) {
					found = append(found, rel)
				}
			}
		}
	}
	slices.Sort(found)
	return found, nil
}

// takenFolder returns the sitemap files of the folder dir of root, which
// takes takes as a folder (dir with a slash), that takes takes and own
// does not: its files, and those of its folders takes takes too, at any
// depth ("seo/maps/"), but a folder that holds the record of a sitemapgen
// run of its own.
func takenFolder(root *fsx.Root, dir string, takes, own func(name string) bool) []string {
	all, _ := root.ReadDir(dir) // a folder that cannot be read holds no sitemap
	var found []string
	for _, f := range all {
		rel := path.Join(dir, f.Name())
		switch {
		case f.IsDir():
			if _, err := root.Lstat(path.Join(rel, RecordName)); err == nil || strings.HasPrefix(f.Name(), ".") || !takes(rel+"/") {
				continue
			}
			found = append(found, takenFolder(root, rel, takes, own)...)
		case takes(rel) && !own(rel) && isSitemapFile(root, rel):
			found = append(found, rel)
		}
	}
	return found
}

// isSitemapFile reports whether the regular file rel in root
// (gzip-compressed when its name ends in .gz) starts as a sitemap or a
// sitemap index does. Its first 2 KiB are read, uncompressed.
func isSitemapFile(root *fsx.Root, rel string) bool {
	head, ok := sitemapHead(root, rel)
	return ok && (bytes.Contains(head, []byte("<urlset")) || bytes.Contains(head, []byte("<sitemapindex"))) &&
		bytes.Contains(head, []byte("sitemaps.org/schemas/sitemap/0.9"))
}

// isTextSitemapFile reports whether the regular file rel in root is a
// text sitemap: within the protocol's size, each of its lines an
// absolute http(s) URL, one at least (hexo-generator-sitemap's
// sitemap.txt).
func isTextSitemapFile(root *fsx.Root, rel string) bool {
	_, ok := textSitemapLines(root, rel)
	return ok
}

// textSitemapLines returns the lines of the text sitemap rel in root;
// false when it is none (see [isTextSitemapFile]).
func textSitemapLines(root *fsx.Root, rel string) ([]string, bool) {
	if st, err := root.Lstat(rel); err != nil || !st.Mode().IsRegular() {
		return nil, false
	}
	data, err := root.ReadFile(rel, sitemap.MaxBytes, protocolLimit)
	if err != nil {
		return nil, false
	}
	lines := strings.Fields(string(data))
	return lines, len(lines) > 0 && !slices.ContainsFunc(lines, func(l string) bool {
		u, err := url.Parse(l)
		return err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == ""
	})
}

// isTextTwin reports whether the text sitemap rel in root (NAME.txt)
// lists exactly the URLs of the XML sitemap NAME.xml beside it: the two
// files one tool wrote at once (static-sitemap-cli's format "both"). A
// list a person keeps by hand is not that.
func isTextTwin(root *fsx.Root, rel string) bool {
	if !strings.HasSuffix(rel, ".txt") {
		return false
	}
	lines, ok := textSitemapLines(root, rel)
	if !ok {
		return false
	}
	locs, ok := xmlLocs(root, strings.TrimSuffix(rel, ".txt")+".xml")
	if !ok || len(locs) != len(lines) {
		return false
	}
	slices.Sort(lines)
	slices.Sort(locs)
	return slices.Equal(lines, locs)
}

// xmlLocs returns the <loc> values of the <urlset> file rel in root, read
// within the protocol's size; false when it is no such file.
func xmlLocs(root *fsx.Root, rel string) ([]string, bool) {
	f, ok := openSitemap(root, rel)
	if !ok {
		return nil, false
	}
	defer f.Close()
	dec := xml.NewDecoder(f)
	var locs []string
	depth, urlset := 0, false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return locs, urlset
		}
		if err != nil {
			return nil, false
		}
		switch e := tok.(type) {
		case xml.StartElement:
			depth++
			switch {
			case depth == 1:
				urlset = e.Name.Local == "urlset" && e.Name.Space == sitemap.Namespace
			case depth == 3 && e.Name.Local == "loc":
				var loc string
				if dec.DecodeElement(&loc, &e) != nil {
					return nil, false
				}
				locs = append(locs, strings.TrimSpace(loc))
				depth--
			}
		case xml.EndElement:
			depth--
		}
	}
}

// openSitemap opens the regular file rel in root to read it within the
// protocol's size; false when it is no regular file or cannot be opened.
func openSitemap(root *fsx.Root, rel string) (*fsx.File, bool) {
	if st, err := root.Lstat(rel); err != nil || !st.Mode().IsRegular() {
		return nil, false
	}
	f, err := root.Open(rel, sitemap.MaxBytes, protocolLimit)
	return f, err == nil
}

// sitemapHead returns the first 2 KiB of the regular file rel in root,
// uncompressed when its name ends in .gz; false when it cannot be read.
func sitemapHead(root *fsx.Root, rel string) ([]byte, bool) {
	f, ok := openSitemap(root, rel)
	if !ok {
		return nil, false
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(rel, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, false
		}
		r = zr
	}
	head := make([]byte, 2048)
	n, _ := io.ReadFull(r, head)
	return head[:n], true
}

// protocolLimit names the bound of a sitemap file read back: the
// protocol's 50 MiB ([sitemap.MaxBytes]).
const protocolLimit = "the protocol's limit"
