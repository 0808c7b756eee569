package validate

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/internal/sitemapfile"
	"github.com/sitemapgen/sitemapgen/mapping"
)

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
	// SitemapsURL, with BaseURL, is the URL the sitemap files of each
	// folder are served at when not BaseURL (sitemaps_url: a CDN's
	// folder): each file's URL, its scope and its index entries' files
	// are taken from it, and a file served there may list the URLs under
	// BaseURL too, as the robots.txt of their host naming it allows (the
	// protocol's cross-host submission).
	SitemapsURL string
	// NoClusters leaves out the checks of hreflang clusters across the
	// files (each alternate listed back, in its own cluster, one
	// x-default, valid codes): for a caller that checks the protocol
	// alone, as the writer's fuzz test does with random alternates.
	NoClusters bool

	// Recorded, when set, returns the names of the files sitemapgen
	// recorded writing into a folder (writer.Recorded), none when it did
	// not write there. An index entry of an index in such a folder that
	// names no file there, and no file the record lists, is another
	// application's sitemap that sitemapgen's index lists (index.extra):
	// its file is not looked for. Its scope still is.
	Recorded func(dir string) ([]string, error)
	// Aliases, when set, returns the files of aliases that sitemapgen
	// recorded writing into a folder (writer.RecordedAliases), by their
	// path there: files at the URLs of a generator's sitemaps that lead
	// to the set's URLs, and so list again URLs (or, at the root, files)
	// the set's other files list. Such a file, in the folder or in a
	// folder of it, is checked on its own: a URL or entry it lists twice
	// is reported, one that another file lists too is not, and its
	// hreflang alternates are not taken for a cluster of the run again.
	Aliases func(dir string) ([]string, error)
	// RecordFolder, when set, returns the folder where sitemapgen keeps
	// the record of the files it writes into the folder dir
	// (project.RecordFolder: a server build's state folder for the
	// folder its server serves); Recorded and Aliases read that folder's
	// record for dir. Nil: dir itself.
	RecordFolder func(dir string) string

	// The limits of what one file may hold, each a zero value for its
	// default: MaxBytes its compressed and uncompressed bytes
	// ([sitemap.MaxBytes]), MaxDepth how deep its elements nest
	// ([MaxDepth]), MaxElements its elements ([MaxElements]). Past one,
	// Check stops reading the file and reports where it stopped.
	MaxBytes    int64
	MaxDepth    int
	MaxElements int
}

// Limits of one file, past which Check stops reading it: bounds on the
// memory and time a hostile file (a gzip that expands to gigabytes, a
// million nested elements) can take. A sitemap nests four elements deep
// (six with the video extension) and a 50 MiB one holds at most about
// 1,500,000 elements.
const (
	MaxDepth    = sitemapfile.MaxDepth
	MaxElements = sitemapfile.MaxElements
	// maxProblems is the most problems listed for one file; the rest are
	// counted in one last problem.
	maxProblems = 1000
)

// limits returns the options with each zero limit set to its default.
func (o Options) limits() Options {
	l := o.bounds().Or()
	o.MaxBytes, o.MaxDepth, o.MaxElements = l.MaxBytes, l.MaxDepth, l.MaxElements
	return o
}

// bounds returns the limits of one file that o sets.
func (o Options) bounds() sitemapfile.Limits {
	return sitemapfile.Limits{MaxBytes: o.MaxBytes, MaxDepth: o.MaxDepth, MaxElements: o.MaxElements}
}

// Check checks the files and folders at paths and returns every problem
// found, in path order (a folder's files in lexical order, a file's
// problems by line), and the number of sitemap files checked.
//
// Folders are searched recursively for *.xml and *.xml.gz files; there, a
// file whose root element is neither <urlset> nor <sitemapindex> is
// skipped. A file named explicitly must be a sitemap. Check fails, without
// checking anything, when a path does not exist, is neither a folder nor a
// regular file (a FIFO, a device), or opts is not usable.
func Check(paths []string, opts Options) (problems []Problem, checked int, err error) {
	return CheckContext(context.Background(), paths, opts)
}

// CheckContext is [Check], which stops when ctx is done and returns its
// error: between files, and every few thousand tokens within one.
func CheckContext(ctx context.Context, paths []string, opts Options) (problems []Problem, checked int, err error) {
	c := &checker{ctx: ctx, opts: opts.limits(), seen: newLocSet(), seenNews: newLocSet(), seenText: newLocSet(), seenIndex: newLocSet()}
	if opts.BaseURL != "" {
		if c.base, err = mapping.ParseBaseURL(opts.BaseURL); err != nil {
			return nil, 0, err
		}
		c.filesAt = c.base
	}
	if opts.SitemapsURL != "" {
		if c.base == "" {
			return nil, 0, errors.New("sitemaps URL needs a base URL: the URL the site is served at")
		}
		if c.filesAt, err = mapping.ParseBaseURL(opts.SitemapsURL); err != nil {
			return nil, 0, err
		}
	}
	if opts.Site != "" {
		if c.base == "" {
			return nil, 0, errors.New("site needs a base URL: the URL the site is served at")
		}
		if fi, err := fsx.StatNamed(opts.Site); err != nil || !fi.IsDir() {
			return nil, 0, fmt.Errorf("%s: site folder not found", opts.Site)
		}
		if c.site, err = fsx.OpenRoot(opts.Site); err != nil {
			return nil, 0, err
		}
		defer c.site.Close()
		if robots.Governs(opts.Site, c.base) {
			rules, err := robots.ReadFile(opts.Site, robots.MaxBytes)
			var d *diag.Diagnostic
			if errors.As(err, &d) {
				problems = append(problems, newProblem(d.File, 0, KindRobots, d.Msg))
			}
			c.robots = robots.NewJudge(rules, robots.Crawlers...)
		}
	}
	files, err := candidates(ctx, paths)
	if err != nil {
		return nil, 0, err
	}
	c.files = make(map[string]bool, len(files))
	for _, f := range files {
		if abs, err := filepath.Abs(f.path); err == nil {
			c.files[abs] = true
		}
	}
	if c.base != "" {
		for i := range files {
			files[i].root = servedFrom(files[i], opts.Site)
		}
	}
	for _, f := range files {
		r, ok := c.checkFile(f)
		if err := ctx.Err(); err != nil {
			return append(problems, c.done()...), checked, fmt.Errorf("interrupted: %w", err)
		}
		if !ok {
			continue
		}
		checked++
		c.reports = append(c.reports, r)
	}
	c.checkClusters()
	return append(problems, c.done()...), checked, nil
}

// report is the problems of one file.
type report struct {
	path    string
	probs   []Problem
	dropped dropped // problems past maxProblems
}

// add adds a problem of kind k at line, or counts it past maxProblems.
func (r *report) add(k Kind, line int, msg string) {
	if len(r.probs) >= maxProblems {
		if r.dropped == nil {
			r.dropped = dropped{}
		}
		r.dropped[k]++
		return
	}
	r.probs = append(r.probs, newProblem(r.path, line, k, msg))
}

// done returns the problems of every file checked, each file's by line.
func (c *checker) done() []Problem {
	var all []Problem
	for _, r := range c.reports {
		r.probs = append(r.probs, r.dropped.problems(r.path)...)
		slices.SortStableFunc(r.probs, func(a, b Problem) int { return cmp.Compare(a.Line, b.Line) })
		all = append(all, r.probs...)
	}
	return all
}

// candidate is a file to check.
type candidate struct {
	path     string // as given, or as found in a folder
	root     string // the folder given that holds it, or ""
	explicit bool   // named on its own: must be a sitemap
	in, rel  string // the folder it is opened inside, and its path there; "" for a path the user named
}

// folder returns the folder the file of c lies in, to be opened inside
// (the folder given that it was found in, or its own folder for a file
// named alone), and the file's own folder's path in it, with slashes.
func (c candidate) folder() (dir, rel string) {
	if c.in != "" {
		return c.in, path.Dir(c.rel)
	}
	return filepath.Dir(c.path), "."
}

// candidates lists the files at paths, in order, each once. A path is
// one the user named, followed where it points; the files found in a
// folder are those inside it (package fsx): a file there that is a
// symbolic link out of it, with a sitemap's name, is listed to be
// refused when it is opened, and one that stays inside is checked where
// it leads, not twice.
func candidates(ctx context.Context, paths []string) ([]candidate, error) {
	var dirs []string // absolute
	for _, p := range paths {
		fi, err := fsx.StatNamed(p)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, &diag.Diagnostic{File: p, Msg: "no such file or folder"}
		} else if err != nil {
			return nil, err
		}
		if !fi.IsDir() && !fi.Mode().IsRegular() {
			return nil, &diag.Diagnostic{File: p, Msg: "not a regular file (" + fsx.Describe(fi.Mode()) + "): validate reads only files and folders"}
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
		if fi, _ := fsx.StatNamed(p); !fi.IsDir() {
			add(candidate{path: p, explicit: true})
			continue
		}
		if err := walkFolder(ctx, p, add); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// walkFolder hands add the files of the folder dir that may be sitemaps,
// in lexical order: *.xml, *.xml.gz, and text sitemaps by their name
// (sitemap*.txt, sitemap*.txt.gz).
func walkFolder(ctx context.Context, dir string, add func(candidate)) error {
	r, err := fsx.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer r.Close()
	return r.WalkDir(".", func(rel string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("interrupted: %w", err)
		}
		if e.IsDir() || !maySitemap(rel) {
			return nil
		}
		if !e.Type().IsRegular() {
			// A link: to a file inside, checked there; out of the folder,
			// refused when opened. Anything else is no file to read.
			if e.Type()&fs.ModeSymlink == 0 {
				return nil
			}
			if _, err := r.Stat(rel); !errors.Is(err, fsx.ErrOutside) {
				return nil
			}
		}
		add(candidate{path: r.Path(rel), root: dir, in: dir, rel: rel})
		return nil
	})
}

// maySitemap reports whether a file named name, found in a folder, may be
// a sitemap: an XML file (its root element tells), or a text sitemap by
// its name.
func maySitemap(name string) bool {
	if strings.HasSuffix(name, ".xml") || strings.HasSuffix(name, ".xml.gz") {
		return true
	}
	return isText(name) && strings.HasPrefix(strings.ToLower(path.Base(name)), "sitemap")
}

// isText reports whether the file name is a text sitemap (one URL a
// line), by its name: .txt or .txt.gz.
func isText(name string) bool { return sitemapfile.IsText(name) }

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

// checker holds what one run of Check shares across files.
type checker struct {
	site      *fsx.Root     // Site's folder, with Site
	robots    *robots.Judge // the site's robots.txt, with Site
	ctx       context.Context
	opts      Options         // with its limits set
	base      string          // normalized BaseURL, or ""
	filesAt   string          // normalized SitemapsURL, else base
	seen      *locSet         // urlset locs of the run, news sitemaps' aside
	seenNews  *locSet         // the locs of the <url>s with <news:news> of the run
	seenText  *locSet         // the URLs of the text sitemaps of the run
	seenIndex *locSet         // sitemapindex locs of the run
	reports   []*report       // of the files checked, in order
	files     map[string]bool // the absolute paths of the files to check
	clusters                  // the hreflang links of the run

	// aliases are Options.Aliases' answers, by folder.
	aliases map[string][]string

	// With Site, the pages of alternates: what was said of each, and
	// what judges them.
	judged map[string]judged
	heads  htmlhead.HeadReader
	mapper *mapping.Mapper
}

// checkFile checks one file. ok is false when the file was skipped.
func (c *checker) checkFile(f candidate) (r *report, ok bool) {
	fc := &fileCheck{checker: c, cand: f, report: report{path: f.path}}
	if c.isAlias(f.path) {
		// Checked on its own: the URLs it lists again are the set's.
		fc.alias = &locSets{seen: newLocSet(), news: newLocSet(), index: newLocSet()}
	}
	fc.run()
	if !fc.isSitemap && !f.explicit {
		return nil, false
	}
	return &fc.report, true
}

// RecordIn returns the folder where the record of the files sitemapgen
// wrote into dir is kept (RecordFolder): dir itself when none is set.
func (o *Options) RecordIn(dir string) string {
	if o.RecordFolder == nil {
		return dir
	}
	return o.RecordFolder(dir)
}

// isAlias reports whether the file at p is the file of an alias that
// the record of its folder, or of the folder above it, lists
// (Options.Aliases).
func (c *checker) isAlias(p string) bool {
	if c.opts.Aliases == nil {
		return false
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return false
	}
	dir := filepath.Dir(abs)
	for range 2 {
		names, ok := c.aliases[dir]
		if !ok {
			names, _ = c.opts.Aliases(c.opts.RecordIn(dir))
			if c.aliases == nil {
				c.aliases = map[string][]string{}
			}
			c.aliases[dir] = names
		}
		if rel, in := relIn(dir, abs); in && slices.Contains(names, filepath.ToSlash(rel)) {
			return true
		}
		dir = filepath.Dir(dir)
	}
	return false
}

// checked reports whether the file at p is one of the files the run
// checks.
func (c *checker) checked(p string) bool {
	abs, err := filepath.Abs(p)
	return err == nil && c.files[abs]
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
	return c.filesAt + mapping.EncodePath(filepath.ToSlash(rel))
}

// localPath returns the path, with slashes, of the file served at loc
// relative to the folder served at prefix (a URL ending in "/"), when loc
// lies under prefix: "" for the folder itself, ending in "/" for a
// folder's URL.
func localPath(prefix, loc string) (string, bool) {
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
		return "", true
	}
	clean := path.Clean(rel)
	if !filepath.IsLocal(filepath.FromSlash(clean)) {
		return "", false
	}
	if strings.HasSuffix(rel, "/") {
		clean += "/"
	}
	return clean, true
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

// servedBy returns the file of the folder r, at or below rel (from
// localPath), that serves its URL, or "": rel's index.html for a
// folder's URL, rel.html or rel/index.html for a path without extension,
// rel itself for any other.
func servedBy(r *fsx.Root, rel string) string {
	var tries []string
	switch {
	case rel == "" || strings.HasSuffix(rel, "/"):
		tries = []string{rel + "index.html"}
	case path.Ext(path.Base(rel)) == "":
		tries = []string{rel + ".html", rel + "/index.html", rel}
	default:
		tries = []string{rel, rel + "/index.html"}
	}
	for _, t := range tries {
		if isFile(r, t) {
			return t
		}
	}
	return ""
}

// isFile reports whether rel is a regular file inside the folder r.
func isFile(r *fsx.Root, rel string) bool {
	fi, err := r.Stat(rel)
	return err == nil && fi.Mode().IsRegular()
}

// open opens the regular file of c and returns its stream, counted and
// bounded to max bytes, and a function that closes it, as
// sitemapfile.OpenIn says: decompressed when the file is gzip (and
// gzipped is true) whatever its name.
func open(c candidate, max int64) (s *sitemapfile.Stream, gzipped bool, closeFile func(), err error) {
	if c.in != "" {
		return sitemapfile.OpenIn(c.in, c.rel, max)
	}
	return sitemapfile.OpenNamed(c.path, max)
}

// gzipName says, for advice, that the file's name and content disagree
// on gzip: gzipped is what its content is; form names what a plain one
// is read as.
func gzipName(gzipped bool, form string) string {
	if gzipped {
		return "the file is gzip-compressed, though its name does not end in .gz: checked decompressed; a server sends a file as its name says, and a client given it as " + form + " cannot read it: end its name in .gz"
	}
	return "the file is plain " + form + ", not gzip-compressed as its name says: checked as it is; a server sends a file as its name says, and a client that decompresses it fails: drop the .gz from its name"
}
