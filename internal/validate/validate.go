// Package validate checks sitemap files and sitemap indexes against the
// Sitemaps 0.9 protocol, as its official schemas and limits define it,
// without an XML schema engine.
//
// # What is checked
//
// [Check] reads each file once, as a stream (a 50,000-URL gzipped file is
// never held whole in memory), and reports:
//
//   - a gzip stream that cannot be read, XML that is not well-formed, a
//     declared encoding other than UTF-8;
//   - the root element: <urlset> or <sitemapindex> in the sitemaps.org
//     namespace ([sitemap.Namespace]);
//   - the elements and their order as sitemap.xsd and siteindex.xsd give
//     them: loc, then lastmod, changefreq, priority, then extension
//     elements of other namespaces (xhtml:link, image:, video:, news:);
//   - the values: loc an absolute http(s) URL of 12 to 2,047 characters,
//     lastmod an xsd:date or xsd:dateTime, changefreq one of the seven
//     words, priority a decimal from 0.0 to 1.0, xhtml:link alternates with
//     an absolute href and a hreflang;
//   - the limits: [sitemap.MaxURLs] entries and [sitemap.MaxBytes]
//     uncompressed bytes a file;
//   - a URL listed twice, in one file or across the files of one run;
//   - with [Options.BaseURL], the protocol's scope (a sitemap lists only
//     URLs under its own folder) and index entries naming a missing file;
//   - with [Options.Site], URLs that no file of the built site serves.
//
// Extension elements are not checked against their own schemas, apart
// from xhtml:link.
package validate

import (
	"cmp"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// Problem is one thing wrong with a sitemap file.
type Problem struct {
	File string // the file's path, as given or as found in a folder given
	Line int    // 0 when the problem is the whole file's
	Msg  string
}

// String returns the problem as "file:line: msg", or "file: msg" when Line
// is 0.
func (p Problem) String() string { return diag.At(p.File, p.Line, p.Msg).Error() }

// Options tunes [Check]. The zero value checks files on their own.
type Options struct {
	// Site, when set, is the folder of the built site: every <loc> of a
	// urlset under BaseURL must map to a file in it (a URL ending in "/"
	// to its index.html, a path without extension to path.html or
	// path/index.html, any other path to itself). Site needs BaseURL.
	Site string
	// BaseURL is the URL that each folder given to Check is served at. A
	// file found in such a folder is then served at BaseURL plus its path
	// in the folder, which gives its scope and where its index entries
	// lie. A file given on its own is served at BaseURL plus its path in
	// Site when it lies there, else at BaseURL plus its name. Without
	// BaseURL, scope is not checked.
	BaseURL string
}

// Check checks the files and folders at paths and returns every problem
// found, in path order (a folder's files in lexical order, a file's
// problems by line), and the number of sitemap files checked.
//
// Folders are searched recursively for *.xml and *.xml.gz files; there, a
// file whose root element is neither <urlset> nor <sitemapindex> is
// skipped. A file named explicitly must be a sitemap. Check fails, without
// checking anything, when a path does not exist or opts is not usable.
func Check(paths []string, opts Options) (problems []Problem, checked int, err error) {
	c := &checker{opts: opts, seen: map[string]where{}, seenIndex: map[string]where{}}
	if opts.BaseURL != "" {
		if c.base, err = mapping.ParseBaseURL(opts.BaseURL); err != nil {
			return nil, 0, err
		}
	}
	if opts.Site != "" {
		if c.base == "" {
			return nil, 0, errors.New("site needs a base URL: the URL the site is served at")
		}
		if fi, err := os.Stat(opts.Site); err != nil || !fi.IsDir() {
			return nil, 0, fmt.Errorf("%s: site folder not found", opts.Site)
		}
	}
	files, err := candidates(paths)
	if err != nil {
		return nil, 0, err
	}
	if c.base != "" {
		for i := range files {
			files[i].root = servedFrom(files[i], opts.Site)
		}
	}
	for _, f := range files {
		probs, ok := c.checkFile(f)
		if !ok {
			continue
		}
		checked++
		slices.SortStableFunc(probs, func(a, b Problem) int { return cmp.Compare(a.Line, b.Line) })
		problems = append(problems, probs...)
	}
	return problems, checked, nil
}

// candidate is a file to check.
type candidate struct {
	path     string // as given, or as found in a folder
	root     string // the folder given that holds it, or ""
	explicit bool   // named on its own: must be a sitemap
}

// candidates lists the files at paths, in order, each once.
func candidates(paths []string) ([]candidate, error) {
	var dirs []string // absolute
	for _, p := range paths {
		fi, err := os.Stat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, &diag.Diagnostic{File: p, Msg: "no such file or folder"}
		} else if err != nil {
			return nil, err
		}
		if fi.IsDir() {
			abs, err := filepath.Abs(p)
			if err != nil {
				return nil, err
			}
			dirs = append(dirs, abs)
		}
	}
	var out []candidate
	done := map[string]bool{}
	add := func(c candidate) {
		abs, err := filepath.Abs(c.path)
		if err != nil || done[abs] {
			return
		}
		done[abs] = true
		if c.root == "" {
			for _, d := range dirs {
				if rel, err := filepath.Rel(d, abs); err == nil && filepath.IsLocal(rel) {
					c.root = d
					break
				}
			}
		}
		out = append(out, c)
	}
	for _, p := range paths {
		if fi, _ := os.Stat(p); !fi.IsDir() {
			add(candidate{path: p, explicit: true})
			continue
		}
		err := filepath.WalkDir(p, func(name string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if e.Type().IsRegular() && (strings.HasSuffix(name, ".xml") || strings.HasSuffix(name, ".xml.gz")) {
				add(candidate{path: name, root: p})
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// servedFrom returns the folder served at the base URL that holds the
// file f: the folder given that holds it; for a file named on its own,
// the site folder when the file is in it, else the file's own folder (a
// sitemap named alone is taken to be served at the base URL). Its scope
// and its index entries' files follow from it.
func servedFrom(f candidate, site string) string {
	if f.root != "" {
		return f.root
	}
	if _, in := relIn(site, f.path); site != "" && in {
		return site
	}
	return filepath.Dir(f.path)
}

// relIn returns the path of p relative to the folder dir, and whether p
// lies in it.
func relIn(dir, p string) (string, bool) {
	abs, err1 := filepath.Abs(p)
	root, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return "", false
	}
	rel, err := filepath.Rel(root, abs)
	return rel, err == nil && filepath.IsLocal(rel)
}

// where is a place in a file.
type where struct {
	file string
	line int
}

// checker holds what one run of Check shares across files.
type checker struct {
	opts      Options
	base      string           // normalized BaseURL, or ""
	seen      map[string]where // urlset locs of the run
	seenIndex map[string]where // sitemapindex locs of the run
}

// checkFile checks one file. ok is false when the file was skipped.
func (c *checker) checkFile(f candidate) (probs []Problem, ok bool) {
	fc := &fileCheck{checker: c, cand: f}
	fc.run()
	if !fc.isSitemap && !f.explicit {
		return nil, false
	}
	return fc.probs, true
}

// fileURL returns the URL that file f is served at, or "" when unknown.
func (c *checker) fileURL(f candidate) string {
	if c.base == "" || f.root == "" {
		return ""
	}
	rel, ok := relIn(f.root, f.path)
	if !ok {
		return ""
	}
	return c.base + mapping.EncodePath(filepath.ToSlash(rel))
}

// localPath returns the path, below root, of the file served at loc, when
// loc lies under prefix (a URL ending in "/").
func localPath(root, prefix, loc string) (string, bool) {
	if !under(loc, prefix) {
		return "", false
	}
	rel := loc[len(prefix):]
	if i := strings.IndexAny(rel, "?#"); i >= 0 {
		rel = rel[:i]
	}
	rel, err := url.PathUnescape(rel)
	if err != nil {
		return "", false
	}
	if rel == "" {
		return root, true
	}
	clean := path.Clean(rel)
	if !filepath.IsLocal(filepath.FromSlash(clean)) {
		return "", false
	}
	p := filepath.Join(root, filepath.FromSlash(clean))
	if strings.HasSuffix(rel, "/") {
		p += string(filepath.Separator)
	}
	return p, true
}

// under reports whether loc lies under prefix, a URL ending in "/":
// scheme and host compare without case, the path with it.
func under(loc, prefix string) bool {
	i := strings.Index(prefix, "://")
	if i < 0 {
		return false
	}
	j := strings.IndexByte(prefix[i+3:], '/')
	if j < 0 || len(loc) < len(prefix) {
		return false
	}
	n := i + 3 + j
	return strings.EqualFold(loc[:n], prefix[:n]) && loc[n:len(prefix)] == prefix[n:]
}

// serves reports whether a file at or below p (from localPath) serves its
// URL: p/index.html for a folder URL, p.html or p/index.html for a path
// without extension, p itself for any other.
func serves(p string) bool {
	var tries []string
	switch {
	case strings.HasSuffix(p, string(filepath.Separator)):
		tries = []string{p + "index.html"}
	case path.Ext(filepath.Base(p)) == "":
		tries = []string{p + ".html", filepath.Join(p, "index.html"), p}
	default:
		tries = []string{p, filepath.Join(p, "index.html")}
	}
	for _, t := range tries {
		if isFile(t) {
			return true
		}
	}
	return false
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// countReader counts the bytes read through it and keeps the first read
// error other than io.EOF.
type countReader struct {
	r   io.Reader
	n   int64
	err error
}

func (r *countReader) Read(b []byte) (int, error) {
	n, err := r.r.Read(b)
	r.n += int64(n)
	if err != nil && err != io.EOF && r.err == nil {
		r.err = err
	}
	return n, err
}

// open opens the file at name, decompressing a .gz, and returns the
// uncompressed stream and a function that closes it.
func open(name string) (io.Reader, func(), error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	if !strings.HasSuffix(name, ".gz") {
		return f, func() { f.Close() }, nil
	}
	z, err := gzip.NewReader(f)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("cannot decompress: %v", err)
	}
	return z, func() { z.Close(); f.Close() }, nil
}
