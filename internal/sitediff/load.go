// Package sitediff compares two sitemap sets, such as the one deployed
// and the one a build just wrote: the URLs added, removed and changed
// (lastmod, changefreq, priority, hreflang alternates), and of the
// removed ones, those nothing answers any more.
//
// # Sets
//
// [Load] reads a set from a sitemap file (a urlset, an index followed to
// its files, .xml or .xml.gz, or the text form, one URL a line) or a
// folder (its robots.txt's Sitemap: lines, else its sitemap.xml,
// sitemap_index.xml or sitemap.txt). Sitemap XML is read by
// [validate.Read], within its limits; an index entry is the file beside
// the index that ends with the longest part of the entry's URL path, so
// an index downloaded from a site, listing its shards by absolute URL,
// finds the shards downloaded beside it.
//
// A set is read back sorted by URL, each URL once, its values in one
// string. Its URLs are sorted in batches of 32 MiB, written to sorted
// runs in a temporary folder when there are more, and merged as they are
// read ([Set.Cursor]): diff holds a batch and a buffered reader a run,
// however many URLs the sets have (2.5 million URLs, 50 full files, in
// about 100 MB; bench/sets.sh).
//
// # Gone
//
// A removed URL is gone when no redirect rule of the site's host answers
// it and no file of the new site serves it ([Site]): a redirect stub or a
// page left out of the sitemap on purpose (noindex) is not gone.
package sitediff

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
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
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// URL is one URL of a set and its values.
type URL struct {
	Loc string
	// vals holds lastmod, changefreq, priority and the alternates
	// ("lang\x02href" sorted, joined by "\x01"), joined by "\x00".
	vals string
}

// Values are a URL's values as its sitemap writes them, "" for none;
// Alternates maps a language to its href.
func (u URL) Values() (lastmod, changefreq, priority string, alternates map[string]string) {
	f := strings.SplitN(u.vals, "\x00", 4)
	for len(f) < 4 {
		f = append(f, "")
	}
	if f[3] != "" {
		alternates = map[string]string{}
		for _, a := range strings.Split(f[3], "\x01") {
			lang, href, _ := strings.Cut(a, "\x02")
			alternates[lang] = href
		}
	}
	return f[0], f[1], f[2], alternates
}

// newURL makes the URL of an entry.
func newURL(e validate.Entry) URL {
	alts := make([]string, len(e.Alternates))
	for i, a := range e.Alternates {
		alts[i] = a.Lang + "\x02" + a.Href
	}
	slices.Sort(alts)
	vals := e.LastMod + "\x00" + e.ChangeFreq + "\x00" + e.Priority + "\x00" + strings.Join(alts, "\x01")
	if vals == "\x00\x00\x00" {
		vals = ""
	}
	return URL{Loc: e.Loc, vals: vals}
}

// entryNames are the files a folder's set starts from, when its
// robots.txt names none: the first that exists.
var entryNames = []string{"sitemap.xml", "sitemap.xml.gz", "sitemap_index.xml", "sitemap_index.xml.gz", "sitemap.txt"}

// Load reads the sitemap set at p, a file or a folder. Its errors, a
// [*diag.Diagnostic] where there is a place, are about the input: a file
// that cannot be read, is no sitemap, or passes a limit of opts (those of
// [validate.Options]), an index entry whose file is not beside the index;
// or a run of a large set that cannot be written. Close the set when done
// with it, to remove its runs.
func Load(ctx context.Context, p string, opts validate.Options) (*Set, error) {
	return loadBatches(ctx, p, opts, batchBytes)
}

// loadBatches is Load with batches of max bytes.
func loadBatches(ctx context.Context, p string, opts validate.Options, max int) (*Set, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return nil, &diag.Diagnostic{File: p, Msg: "no such file or folder"}
	}
	var entries []string
	switch {
	case fi.IsDir():
		if entries, err = folderEntries(p); err != nil {
			return nil, err
		}
	case fi.Mode().IsRegular():
		entries = []string{p}
	default:
		return nil, &diag.Diagnostic{File: p, Msg: "not a regular file (" + fsx.Describe(fi.Mode()) + ")"}
	}
	l := &loader{ctx: ctx, opts: opts, done: map[string]bool{}, set: newSet(max)}
	for _, e := range entries {
		if err := l.load(e); err != nil {
			l.set.Close()
			return nil, err
		}
	}
	l.set.sortBatch() // the last run, kept in memory
	return l.set, nil
}

// loader reads the files of one set.
type loader struct {
	ctx  context.Context
	opts validate.Options
	done map[string]bool // absolute paths read
	set  *Set
	err  error // of the set's runs
}

// add adds u to the set, unless a run could not be written.
func (l *loader) add(u URL) {
	if l.err == nil {
		l.err = l.set.add(u)
	}
}

// load reads the file at p, once, and the files an index lists.
func (l *loader) load(p string) error {
	abs, err := filepath.Abs(p)
	if err != nil {
		return err
	}
	if l.done[abs] {
		return nil
	}
	l.done[abs] = true
	if isText(p) {
		return l.loadText(p)
	}
	var shards []validate.Entry // an index's entries are its files
	index, err := validate.Read(l.ctx, p, l.opts, func(e validate.Entry) {
		if e.Index {
			shards = append(shards, validate.Entry{Loc: e.Loc, Line: e.Line})
		} else {
			l.add(newURL(e))
		}
	})
	if err = cmp.Or(err, l.err); err != nil || !index {
		return err
	}
	for _, e := range shards {
		file, ok := beside(p, e.Loc)
		if !ok && l.outside(p, e.Loc) {
			continue // another application's sitemap (index.extra): not this set's
		}
		if !ok {
			return diag.At(p, e.Line, fmt.Sprintf("index entry %s: no file %s beside the index; download it there", e.Loc, lastSegment(e.Loc)))
		}
		if err := l.load(file); err != nil {
			return err
		}
	}
	return nil
}

// outside reports whether the entry loc of the index at index, which
// names no file beside it, is another application's sitemap that
// sitemapgen's index lists (index.extra): the index's folder has a
// sitemapgen record (validate.Options.Recorded), which does not list the
// file loc names.
func (l *loader) outside(index, loc string) bool {
	if l.opts.Recorded == nil {
		return false
	}
	names, err := l.opts.Recorded(filepath.Dir(index))
	return err == nil && len(names) > 0 && !slices.Contains(names, lastSegment(loc))
}

// isText reports whether the file at p is a text sitemap, by its name.
func isText(p string) bool {
	return strings.HasSuffix(p, ".txt") || strings.HasSuffix(p, ".txt.gz")
}

// loadText reads a text sitemap: one absolute URL a line, blank lines
// aside, within the protocol's limits.
func (l *loader) loadText(p string) error {
	f, err := fsx.OldOpen(p)
	if err != nil {
		return &diag.Diagnostic{File: p, Msg: unwrapPath(err).Error()}
	}
	defer f.Close()
	max := l.opts.MaxBytes
	if max <= 0 {
		max = sitemap.MaxBytes
	}
	var r io.Reader = io.LimitReader(f, max+1)
	if strings.HasSuffix(p, ".gz") {
		z, err := gzip.NewReader(r)
		if err != nil {
			return &diag.Diagnostic{File: p, Msg: "cannot decompress: " + err.Error()}
		}
		defer z.Close()
		r = io.LimitReader(z, max+1)
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 64<<10)
	n, read := 0, int64(0)
	for sc.Scan() {
		n++
		read += int64(len(sc.Bytes())) + 1
		line := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\uFEFF"))
		switch {
		case read > max:
			return diag.At(p, n, fmt.Sprintf("more than %d bytes: the protocol allows at most %d in one file; stopped reading here", max, max))
		case line == "":
			continue
		case !strings.HasPrefix(line, "http://") && !strings.HasPrefix(line, "https://"):
			return diag.At(p, n, fmt.Sprintf("not a text sitemap: a line is one absolute URL; got %s", quote(line)))
		}
		if l.add(URL{Loc: line}); l.err != nil {
			return l.err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return diag.At(p, n+1, "not a text sitemap: a line longer than 64 KiB")
		}
		return &diag.Diagnostic{File: p, Msg: "cannot read: " + err.Error()}
	}
	return nil
}

// quote quotes s for a message, shortened to 60 bytes.
func quote(s string) string {
	if len(s) > 60 {
		return fmt.Sprintf("%q…", strings.ToValidUTF8(s[:60], ""))
	}
	return fmt.Sprintf("%q", s)
}

// beside returns the file beside the index at index that an entry's URL
// names: the one that ends with the longest part of the URL's path
// ("https://example.com/en/sitemap.xml" is en/sitemap.xml beside it, else
// sitemap.xml).
func beside(index, loc string) (string, bool) {
	u, err := url.Parse(loc)
	if err != nil {
		return "", false
	}
	segs := strings.Split(strings.Trim(u.Path, "/"), "/")
	dir := filepath.Dir(index)
	for i := range segs {
		rel := path.Join(segs[i:]...)
		if rel == "" || !filepath.IsLocal(filepath.FromSlash(rel)) {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, true
		}
	}
	return "", false
}

// lastSegment is the last segment of loc's path.
func lastSegment(loc string) string {
	if u, err := url.Parse(loc); err == nil {
		loc = u.Path
	}
	return path.Base(loc)
}

// folderEntries returns the files a folder's set starts from: those its
// robots.txt names in Sitemap: lines, found as index entries are, else
// the first of entryNames there.
func folderEntries(dir string) ([]string, error) {
	robotsTxt := filepath.Join(dir, "robots.txt")
	data, err := readBounded(robotsTxt, robots.MaxBytes)
	var files []string
	for n, line := range bytes.Split(data, []byte("\n")) {
		field, value, ok := bytes.Cut(line, []byte(":"))
		if !ok || !strings.EqualFold(string(bytes.TrimSpace(field)), "sitemap") {
			continue
		}
		loc := string(bytes.TrimSpace(value))
		if i := strings.IndexByte(loc, '#'); i >= 0 {
			loc = strings.TrimSpace(loc[:i])
		}
		p, ok := beside(robotsTxt, loc)
		if !ok {
			return nil, diag.At(robotsTxt, n+1, fmt.Sprintf("Sitemap: %s: no file %s in %s", loc, lastSegment(loc), dir))
		}
		files = append(files, p)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, &diag.Diagnostic{File: robotsTxt, Msg: unwrapPath(err).Error()}
	}
	if len(files) > 0 {
		return files, nil
	}
	for _, name := range entryNames {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return []string{p}, nil
		}
	}
	return nil, &diag.Diagnostic{File: dir, Msg: "no sitemap found: no Sitemap: line in robots.txt, no " + strings.Join(entryNames, ", ")}
}

// readBounded reads the file at p, at most max bytes of it.
func readBounded(p string, max int) ([]byte, error) {
	f, err := fsx.OldOpen(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, int64(max)))
}

// unwrapPath returns the system's error of a *fs.PathError, whose path a
// message names already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
