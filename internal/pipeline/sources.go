package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/gitdates"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/walker"
)

// ContentInclude is the include list of source files when
// Sources.Walk.Include is empty.
var ContentInclude = []string{
	"**/*.md", "**/*.markdown", "**/*.mdown", "**/*.mkd", "**/*.mkdn",
	"**/*.html", "**/*.htm", "**/*.adoc", "**/*.asciidoc", "**/*.ad",
	"**/*.org", "**/*.rst", "**/*.pdc", "**/*.pandoc",
}

// Sources are source files with front matter, such as a Hugo content
// folder or a Jekyll site.
type Sources struct {
	// Dir is the folder of source files.
	Dir string
	// Preset gives each source file's URL, as its generator does.
	Preset generator.Preset
	// Walk selects the source files. An empty Include means
	// ContentInclude. Run sets Warn and Ignored.
	Walk walker.Options
	// Project is the project folder, which holds Dir. Outside a work
	// tree, it is the folder that the files a source includes may be in;
	// when it is empty, that folder is Dir. Inside a work tree, the bound
	// is the work tree. See includes.go.
	Project string
	// AnyExtension, with an empty Walk.Include, makes every file that
	// opens with YAML front matter a source, whatever its extension,
	// besides the files of ContentInclude. Jekyll renders any such file,
	// such as a collection's _licenses/mit.txt published at
	// /licenses/mit/.
	AnyExtension bool
	// Reads, when not nil, are the project's files besides the sources
	// that the generator reads to make its pages: its configuration, data
	// and layouts. A change to one of them, as to a source, marks a page
	// written before it as the output of an earlier build (stale.go).
	Reads *Reads
	// Order, when not nil, is the order in which the generator dates a
	// page (Hugo's [frontmatter] lastmod with enableGitInfo). A source's
	// front matter date answers only where the generator would take it
	// before git. Order is left nil when the lastmod sources were given.
	Order *generator.DateOrder
}

// Reads are the files of a project, besides its sources, that its
// generator reads to make its pages.
type Reads struct {
	// Dir is the project folder.
	Dir string
	// Globs are doublestar globs relative to Dir, "/"-separated: the
	// generator's layouts, data and content adapters
	// (generator.SourceRules.Reads).
	Globs []string
	// Files are files relative to Dir, "/"-separated: the generator's
	// configuration files, and the files its preset read in the sources'
	// folder (Eleventy's data files).
	Files []string
}

// orderFrom names, in a page's lastmod from git, the generator's
// setting that put git there.
func orderFrom(o *generator.DateOrder, d *mapping.Decision) {
	if o != nil && o.From != "" && d.LastModSource == mapping.LastModGit {
		d.LastModFrom = "git (" + o.From + ")"
	}
}

// fileNameKey is the LastmodKey of a date that readFrontMatter took
// from the file's name.
const fileNameKey = "date (of the file name)"

// inOrder applies the generator's date order o to the page of a source.
// It drops the front matter date where o takes git first and git has a
// date, or where o takes none of the date's keys.
func inOrder(o *generator.DateOrder, page *mapping.Page) {
	fm := page.Source
	if o == nil || fm == nil || fm.Lastmod.IsZero() {
		return
	}
	key := strings.ToLower(fm.LastmodKey)
	fileName := key == fileNameKey
	if fileName {
		key = ""
	}
	i := o.Pick(key, !page.Git.IsZero(), fileName)
	if i < 0 || o.Steps[i].Git {
		c := *fm
		c.Lastmod, c.LastmodKey = time.Time{}, ""
		page.Source = &c
	}
}

// contentExt reports whether rel has an extension of ContentInclude.
func contentExt(rel string) bool {
	ext := path.Ext(rel)
	for _, p := range ContentInclude {
		if strings.TrimPrefix(p, "**/*") == ext {
			return true
		}
	}
	return false
}

// yamlHeader reports whether the file at rel under dir opens with YAML
// front matter, as Jekyll tells it (Utils.has_yaml_header?: "---",
// white space, a line break). The walk found the file in the folder
// that at holds open, or at is nil. A file that cannot be read has no
// front matter.
func yamlHeader(dir string, at *walker.Dir, rel string) bool {
	f, err := openSource(dir, at, rel, 64, "limits.front_matter_bytes")
	if err != nil {
		return false
	}
	defer f.Close()
	var buf [64]byte
	n, _ := io.ReadFull(f, buf[:])
	head, ok := bytes.CutPrefix(buf[:n], []byte("---"))
	if !ok {
		return false
	}
	i := bytes.IndexFunc(head, func(r rune) bool { return !unicode.IsSpace(r) })
	if i < 0 {
		i = len(head)
	}
	return bytes.IndexByte(head[:i], '\n') >= 0
}

// source is one source file read for a join.
type source struct {
	path string // as reported: relative to Options.Root, through ".." if needed
	url  string // the URL path its preset gives
	key  string // sourceKey(url)
	page bool   // the preset publishes a page for it, and url and key are set
	fm   *frontmatter.Source
	used atomic.Bool
	// includes are the files that its page is built from besides it, as
	// reported (Sphinx's include directives; includes.go).
	includes []string
	// outside is set when one of them is outside the sources' folder.
	outside bool
	// listOnce and isList say whether its page lists others, by its
	// generator's rules (sourcedList).
	listOnce sync.Once
	isList   bool
	// coll is the collection of documents it is in (a Jekyll post's). The
	// collection's list pages are as new as its newest document. coll is
	// "" for none.
	coll string
	// lang and tkey are its page's language (an hreflang code) and the
	// key of its translations, with a generator.Translator preset in a
	// site of several languages. tfrom says which of the preset's rules
	// gave the key. tkey is "" for none.
	lang, tkey, tfrom string
	// route is set for a file that is a route with a parameter. The
	// preset publishes no page for such a file; code makes its pages from
	// data. route holds its URL path's elements, with "[p]" for each
	// parameter and "[...p]" for a rest (routePattern). It is nil for
	// other files.
	route []string
	// data says the route makes its pages from its own code and its
	// includes alone (generator.PageRules.Data). It is then the source of
	// each page of its pattern that no other source gives (dataRouteOf).
	data bool
}

// readSource reads the front matter of the source at rel of s, as its
// generator reads it, within the build's limits. It returns the
// generator's FileRules too. The walk found the file in the folder that
// at holds open, or at is nil.
func (b *builder) readSource(s *Sources, at *walker.Dir, rel string) (*frontmatter.Source, generator.FileRules, error) {
	dir, lim := s.Dir, b.opts.Limits
	r := s.Preset.FileRules(rel)
	if !r.Read {
		// A page of code (.astro, .tsx) has nothing to read, but it must be
		// a file that can be read.
		f, err := openSource(dir, at, rel, 0, "limits.front_matter_bytes")
		if err != nil {
			return nil, r, err
		}
		f.Close()
		return &frontmatter.Source{}, r, nil
	}
	fm, err := readFrontMatter(dir, at, rel, r, b.src.rules.Order, lim, b.in.fmc)
	if err != nil {
		return nil, r, err
	}
	if !r.Dates {
		fm.Lastmod, fm.LastmodKey, fm.Sitemap.Lastmod = time.Time{}, "", time.Time{}
	}
	if !r.Drafts {
		fm.Draft = false
	}
	if r.DraftsIn != "" {
		fm.Draft, fm.DraftsIn = true, r.DraftsIn
	}
	return fm, r, nil
}

// readFrontMatter reads the front matter of the file at rel under dir,
// within the limits lim, as r says: its generator's own form of
// metadata, its defaults, its zone, its file-name date, and its id if
// asked. It reads the keys of the date order o first. With the cache c
// (nil for none), a file unchanged since the build that kept it is not
// read: its kept Source is taken instead (fmcache.go).
func readFrontMatter(dir string, at *walker.Dir, rel string, r generator.FileRules, o *generator.DateOrder, lim limits.Limits, c *fmCache) (*frontmatter.Source, error) {
	lim = lim.Or()
	opts := frontmatter.Options{ID: r.ID, JavaScript: r.JavaScript, MaxBytes: lim.FrontMatterBytes, MaxDepth: lim.Nesting}
	if o != nil {
		opts.LastmodKeys = o.Keys() // the keys its generator reads
	}
	// Set the zone its generator reads a date without a zone in, Jekyll's
	// defaults and Ruby's YAML dates, and Hugo's taxonomies, for the
	// dates of their terms' pages.
	opts.Location, opts.LocationFrom = r.Zone, r.ZoneFrom
	opts.Defaults, opts.RubyTimestamps, opts.Terms, opts.ExcludeKeys = r.Defaults, r.RubyTimestamps, r.Terms, r.ExcludeKeys
	if r.Meta != nil {
		c = nil // Pelican's own reader reads it: do not keep it
	}
	var fp [32]byte
	var st keptStat
	stated := false
	if c != nil {
		fp = opts.Fingerprint()
		// Take the file's stat through the walk's folder, without an open
		// (fstatat). Otherwise take the open file's stat, below.
		if info, ok, err := statWalked(at, filepath.FromSlash(rel)); ok && err == nil && info.mode&fs.ModeIrregular == 0 {
			st, stated = keptStatOf(info), true
			if fm := c.take(rel, st, fp, opts.Location); fm != nil {
				return finishFrontMatter(fm, r), nil
			}
		}
	}
	f, info, ok, err := openSourceInfo(dir, at, rel, int64(lim.FrontMatterBytes), "limits.front_matter_bytes", c != nil && !stated)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if r.Meta != nil {
		return r.Meta(f) // Pelican's
	}
	if c != nil && !stated && ok {
		st, stated = keptStatOf(info), true
		if fm := c.take(rel, st, fp, opts.Location); fm != nil {
			return finishFrontMatter(fm, r), nil
		}
	}
	fm, err := frontmatter.ReadSourceOptions(f, opts)
	if err != nil {
		return nil, err
	}
	if c != nil && stated {
		c.put(rel, st, fp, fm, opts.Location)
	}
	return finishFrontMatter(fm, r), nil
}

// finishFrontMatter applies to fm, read (or kept) as r says, what r
// says about the file besides its front matter: the template that
// leaves it out, and the date in its name.
func finishFrontMatter(fm *frontmatter.Source, r generator.FileRules) *frontmatter.Source {
	if r.ExcludedBy != "" {
		fm.Sitemap.Exclude, fm.Sitemap.Template = true, r.ExcludedBy
	}
	if fm.Sitemap.ExcludedBy != "" {
		fm.Sitemap.ExcludedWhy = r.ExcludeWhy
	}
	if fm.Date.IsZero() && !r.FileDate.IsZero() {
		// A file without a date in its front matter takes the one in its
		// name, if its generator reads one there, and so does its lastmod.
		fm.Date = r.FileDate
		if fm.Lastmod.IsZero() {
			fm.Lastmod, fm.LastmodKey = r.FileDate, fileNameKey
			if r.Zone != nil {
				fm.LastmodZone = r.Zone.String() + " (" + r.ZoneFrom + ")"
			}
		}
	}
	return fm
}

// openSource opens the regular file rel inside the folder dir (a source
// file, or a page to hash it), to be read up to max bytes, the bound
// that the setting key gives. When the walk found the file in the
// folder that at holds open, it takes the walk's road: openat of its
// name relative to that folder, as a page is opened, because the walk's
// follow_symlinks policy has judged it. Otherwise it opens the file
// through the one door (package fsx), never through a symbolic link out
// of dir (fsx.ErrOutside). Either way it opens only a regular file,
// found without waiting for a FIFO's writer (fsx.ErrNotRegular). A file
// whose mode lets nobody read it gives walker.ErrNoReadBits, whoever
// runs the build.
func openSource(dir string, at *walker.Dir, rel string, max int64, key string) (io.ReadCloser, error) {
	f, _, _, err := openSourceInfo(dir, at, rel, max, key, false)
	return f, err
}

// openSourceInfo is openSource that, with stat set, also returns what
// the open file is (fstat). ok is false where the system does not say.
func openSourceInfo(dir string, at *walker.Dir, rel string, max int64, key string, stat bool) (f io.ReadCloser, info pageInfo, ok bool, err error) {
	if p, info, ok, err := openWalked(at, filepath.FromSlash(rel)); ok {
		name := filepath.Join(dir, filepath.FromSlash(rel))
		if err == nil && info.mode&fs.ModeIrregular != 0 {
			p.Close()
			err = fmt.Errorf("%w (%s)", fsx.ErrNotRegular, fsx.Describe(info.mode))
		}
		if err == nil {
			return struct {
				io.Reader
				io.Closer
			}{fsx.Bound(p, name, max, key), p}, info, true, nil
		}
		if pe, ok := errors.AsType[*fs.PathError](err); ok {
			err = pe.Err
		}
		if !errors.Is(err, fs.ErrPermission) {
			return nil, pageInfo{}, false, &fs.PathError{Op: "open", Path: name, Err: err}
		}
	}
	file, err := fsx.Open(dir, rel, max, key)
	if errors.Is(err, fs.ErrPermission) {
		// Denied to this user. If denied to anyone, it is the policy's
		// skip.
		if st, serr := fsx.Stat(dir, rel); serr == nil && st.Mode().Perm()&0o444 == 0 {
			return nil, pageInfo{}, false, noReadBits(st.Mode())
		}
	}
	if err != nil {
		return nil, pageInfo{}, false, err
	}
	if stat {
		if st, err := file.Stat(); err == nil && st.Mode().IsRegular() {
			info := infoOf(st)
			info.ctime = ctimeOf(st)
			return file, info, true, nil
		}
	}
	return file, pageInfo{}, false, nil
}

// withoutDates returns a copy of fm whose dates do not hold the page
// back: it has no date, publishDate or expiryDate. Its lastmod stays.
func withoutDates(fm *frontmatter.Source) *frontmatter.Source {
	c := *fm
	c.Date, c.PublishDate, c.ExpiryDate = time.Time{}, time.Time{}, time.Time{}
	return &c
}

// pageOf is what the preset needs of a source file.
func pageOf(f walker.File, fm *frontmatter.Source) generator.Page {
	return generator.Page{
		Path:           f.Path,
		ModTime:        f.ModTime,
		URL:            fm.URL,
		Permalink:      fm.Permalink,
		NoPermalink:    fm.NoPermalink,
		Slug:           fm.Slug,
		ID:             fm.ID,
		Title:          fm.Title,
		Lang:           fm.Lang,
		Date:           fm.Date,
		Categories:     fm.Categories,
		Terms:          fm.Terms,
		Headless:       fm.Headless,
		HasFrontMatter: fm.Format != "",
	}
}

// judgeContent maps a source file in content mode. It runs on the
// walk's goroutines.
func (b *builder) judgeContent(f walker.File) outcome {
	c := b.opts.Content
	fm, r, err := b.readSource(c, f.Dir, f.Path)
	if err != nil {
		return outcome{readErr: unwrapPath(err)}
	}
	o := outcome{problems: fm.Problems}
	urlPath, ok, refused := generator.URLPathWhy(c.Preset, pageOf(f, fm))
	if !ok {
		o.d.Skip = mapping.NotAPage
		o.d.Because = b.src.rules.Name + " publishes no page for it"
		if refused != nil {
			o.d.Because = refused.Error()
			o.problems = append(slices.Clip(o.problems), frontmatter.Problem{Msg: refused.Error()})
		}
		return o
	}
	if !strings.HasPrefix(urlPath, "/") {
		urlPath = "/" + urlPath
	}
	if r.AnyDate {
		fm = withoutDates(fm) // it is published whatever its date
	}
	git, why := b.in.gitLookup(f.Path)
	page := mapping.Page{File: f, Source: fm, URLPath: urlPath, Git: git, CheckedOut: why == gitdates.ReasonShallow, Hash: b.hashDate(f.Dir, f.Path)}
	inOrder(b.opts.Content.Order, &page)
	o.d = b.mapper.Map(page)
	orderFrom(b.opts.Content.Order, &o.d)
	b.genKeys(&o, nil)
	return o
}

// joinKey is the form in which a source's URL path and a built page's
// meet. It has no trailing slash, index.html or .html, so that /about/,
// about/index.html and about.html are one page.
func joinKey(urlPath string) string {
	p := strings.TrimPrefix(urlPath, "/")
	p = strings.TrimSuffix(p, "/")
	if p == "index.html" || p == "index.htm" {
		return ""
	}
	for _, suffix := range []string{"/index.html", "/index.htm", ".html", ".htm"} {
		if s, ok := strings.CutSuffix(p, suffix); ok {
			return s
		}
	}
	return p
}

// sourceKey is the join key of a source whose generator gives its page
// the URL path urlPath: joinKey's, but for a URL that names a folder's
// index page without its extension ("/docs/extras/index", Jekyll's URL
// of a collection's index.md under an extensionless permalink), which
// is its folder's: the page is written as docs/extras/index.html, the
// file of the folder's URL.
func sourceKey(urlPath string) string {
	if dir, ok := strings.CutSuffix(urlPath, "/index"); ok {
		return joinKey(dir)
	}
	return joinKey(urlPath)
}

// loadJoin reads every source file of opts.Join before the walk of the
// built site, and indexes them by URL.
func (b *builder) loadJoin(ctx context.Context) error {
	b.src.join = map[string]*source{}
	found, err := b.readSources(ctx, func(w walker.Options, fn func(walker.File) error) error {
		return walker.Walk(ctx, b.opts.Join.Dir, w, fn)
	})
	if b.in.fmc != nil {
		b.in.fmc.read() // every source is read: let go of what was kept of them
	}
	outside := false
	for _, src := range found {
		b.claim(src, true)
		outside = outside || src.outside
		b.src.translated = b.src.translated || src.tkey != ""
	}
	b.src.groups = nil
	b.widenGit(ctx, outside)
	return err
}

// joinPrefix is what turns a path relative to Join.Dir into one
// relative to the built site's folder, as every other path of the build
// is reported: ../content/posts/a.md. It is made once a build, because
// each list page asks for it, and each making asks for the working
// directory twice.
func (b *builder) joinPrefix() string {
	b.src.joinPre.once.Do(func() {
		j := b.opts.Join
		prefix := j.Dir
		if rootAbs, err := filepath.Abs(b.opts.Root); err == nil {
			if dirAbs, err := filepath.Abs(j.Dir); err == nil {
				if rel, err := filepath.Rel(rootAbs, dirAbs); err == nil {
					prefix = rel
				}
			}
		}
		b.src.joinPre.s = filepath.ToSlash(prefix) + "/"
	})
	return b.src.joinPre.s
}

// readSources reads the source files that walk finds in Join.Dir,
// reports their problems in path order, and returns them in path order.
func (b *builder) readSources(ctx context.Context, walk func(walker.Options, func(walker.File) error) error) ([]*source, error) {
	j := b.opts.Join
	wo := j.Walk
	anyExt := j.AnyExtension && len(wo.Include) == 0
	switch {
	case anyExt:
		wo.Include = []string{"**/*"}
	case len(wo.Include) == 0:
		wo.Include = ContentInclude
	}
	var mu sync.Mutex
	var problems []event
	var found []*source
	prefix := b.joinPrefix()
	wo.Warn = func(path string, err error) {
		full := prefix + path
		mu.Lock()
		problems = append(problems, event{full, func() {
			if b.said.saidOf == nil {
				b.said.saidOf = make(map[string]bool)
			}
			b.said.saidOf[full] = true // said now: a layout's read does not say it again
			b.rep.walkProblem(full, err)
		}})
		mu.Unlock()
	}
	err := walk(wo, func(f walker.File) error {
		full := prefix + f.Path
		if anyExt && !contentExt(f.Path) && !yamlHeader(j.Dir, f.Dir, f.Path) {
			return nil // an asset, which is copied as it is
		}
		fm, r, err := b.readSource(j, f.Dir, f.Path)
		if err != nil {
			err = fmt.Errorf("cannot read the source: %w", unwrapPath(err))
			mu.Lock()
			problems = append(problems, event{full, func() {
				if servable(err) {
					b.rep.warn(full, err)
				} else {
					b.rep.unread(full, err)
				}
			}})
			mu.Unlock()
			return nil
		}
		src := &source{path: full, fm: fm, coll: r.Collection}
		var why error
		src.url, src.page, why = generator.URLPathWhy(j.Preset, pageOf(f, fm))
		if why != nil {
			mu.Lock()
			problems = append(problems, event{full, func() { b.rep.warn(full, why) }})
			mu.Unlock()
		}
		if !src.page {
			src.route = routePattern(j.Preset, pageOf(f, fm))
			if data := b.src.rules.Pages.Data; data != nil && src.route != nil {
				if files, ok := data(f.Path); ok {
					src.data = true
					for _, d := range files {
						src.includes = append(src.includes, path.Clean(prefix+d))
					}
				}
			}
		}
		if src.page {
			src.key = sourceKey(src.url)
			hooks := b.src.rules.Hooks
			if inc := hooks.Includer; inc != nil {
				src.includes, src.outside = b.readIncludes(inc, f.Path)
			}
			if tr := hooks.Translator; tr != nil {
				if t, ok := tr.Translation(f.Path, fm.TranslationKey); ok {
					src.lang, src.tkey, src.tfrom = t.Lang, t.Key, t.From
				}
			}
		}
		mu.Lock()
		defer mu.Unlock()
		// A file of another extension that is not a page (Jekyll's own
		// _config.yml, which may open with YAML's ---) has no front matter
		// to complain about.
		if len(fm.Problems) > 0 && (src.page || !anyExt || contentExt(f.Path)) {
			problems = append(problems, event{full, func() { b.sourceProblems(full, fm.Problems) }})
		}
		found = append(found, src)
		return nil
	})
	b.awaitGit() // the history's reports come before the sources'
	sortEvents(problems)
	for _, e := range problems {
		e.emit()
	}
	slices.SortFunc(found, func(a, b *source) int { return walkOrder(a.path, b.path) })
	return found, err
}

// claim makes src the source of its URL, unless a source that comes
// first in claim order has it (claimOrder). Then, if warn is set, it
// says which source is not used. In a Session, sources and claims keep
// every source.
func (b *builder) claim(src *source, warn bool) {
	if b.src.sources != nil {
		b.src.sources[strings.TrimPrefix(src.path, b.joinPrefix())] = src
	}
	if fm := src.fm; fm != nil {
		for _, t := range []time.Time{fm.Lastmod, fm.Date, fm.PublishDate} {
			if !t.IsZero() {
				if b.src.fmDates == nil {
					b.src.fmDates = map[int64]bool{}
				}
				b.src.fmDates[t.Unix()] = true
			}
		}
	}
	if lists := b.src.rules.Pages.Lists.Routes; src.route != nil && (lists == nil || !lists(strings.TrimPrefix(src.path, b.joinPrefix()))) {
		if b.src.routes == nil {
			b.src.routes = map[string][]string{}
		}
		b.src.routes[src.path] = src.route
	} else if src.route != nil {
		if b.src.listRoutes == nil {
			b.src.listRoutes = map[string][]string{}
		}
		b.src.listRoutes[src.path] = src.route
	}
	if !src.page && src.route == nil && b.src.rules.Output.QuietDeletes && src.fm != nil && !src.fm.NoPermalink {
		// Its URL is not told (a permalink pattern, a pagination): it may
		// make any page under its permalink's fixed start (goneSource).
		if b.src.unplaced == nil {
			b.src.unplaced = map[string]string{}
		}
		b.src.unplaced[src.path] = permalinkStart(src.fm.Permalink)
	}
	if src.data {
		if b.src.dataRoutes == nil {
			b.src.dataRoutes = map[string]*source{}
		}
		b.src.dataRoutes[src.path] = src
	}
	if !src.page {
		return
	}
	key := src.key
	first, second := b.src.join[key], src
	if b.src.claims != nil {
		cl := b.src.claims[key]
		i, _ := slices.BinarySearchFunc(cl, src, claimOrder)
		cl = slices.Insert(cl, i, src)
		b.src.claims[key] = cl
		first = cl[0]
		if len(cl) > 1 && src == first {
			second = cl[1]
		}
	} else {
		// In a build of Run, keep the first claim in claim order and the
		// one after it (runnerUp). The runner-up says whether the URL is
		// contested.
		if b.src.runnerUp == nil {
			b.src.runnerUp = map[string]*source{}
		}
		switch r := b.src.runnerUp[key]; {
		case first == nil:
			first, second = src, nil
		case claimOrder(src, first) < 0:
			b.src.runnerUp[key] = first
			first, second = src, first
		case r == nil || claimOrder(src, r) < 0:
			b.src.runnerUp[key] = src
		}
	}
	b.src.join[key] = first
	// Two sources claim one URL, and neither is a draft when the other is
	// not. The generator publishes one of them, and the files do not tell
	// which. The page is joined to the first in claim order, so it is a
	// page of the sources, not an old file of the output. Neither source
	// dates it (contested). Say so.
	if warn && second != nil && second != first && isDraft(first) == isDraft(second) {
		b.rep.warn(second.path, fmt.Errorf("its URL %s is also %s's (%s): the page there is built from one of them, which the files do not tell, and is dated by neither (their front matter dates and history are not used)", diag.URL(second.url), first.path, diag.URL(first.url)))
	}
}

// claimOrder orders the claims of one URL. A source that is not a draft
// comes before a draft, because the generator builds the page from it.
// Then the claims go in path order.
func claimOrder(a, b *source) int {
	if da, db := isDraft(a), isDraft(b); da != db {
		if da {
			return 1
		}
		return -1
	}
	return walkOrder(a.path, b.path)
}

// isDraft reports whether s is a draft its generator leaves out.
func isDraft(s *source) bool { return s.fm != nil && s.fm.Draft }

// contested reports whether more than one source claims the URL of key,
// and none of them is a draft when the others are not. None of them
// then dates the page there.
func (j *joined) contested(key string) bool {
	if j.claims != nil {
		cl := j.claims[key]
		return len(cl) > 1 && isDraft(cl[0]) == isDraft(cl[1])
	}
	r := j.runnerUp[key]
	return r != nil && isDraft(j.join[key]) == isDraft(r)
}

// undated returns a copy of fm without its dates.
func undated(fm *frontmatter.Source) *frontmatter.Source {
	c := *withoutDates(fm)
	c.Lastmod, c.LastmodKey, c.LastmodZone, c.DateWord = time.Time{}, "", "", ""
	return &c
}

// sourceOfPage returns the joined source of the built page at rel, or
// nil. It finds it by the URL path urlPath when that is given (a server
// build's page, Options.Served), or else by the file's URL path.
func (b *builder) sourceOfPage(rel, urlPath string) *source {
	u := urlPath
	if u == "" {
		u = b.mapper.URLPath(rel)
	}
	s := b.src.join[joinKey(u)]
	if s == nil {
		s, _ = b.sourceLookup().fallback(u)
	}
	if s == nil {
		s = b.dataRouteOf(rel, u)
	}
	if s != nil {
		s.used.Store(true)
	}
	return s
}

// dataRouteOf returns the route that makes the page at rel, at the URL
// path u, from its own code and data (source.data), when that route is
// the only route whose pattern matches u. It returns nil when there is
// none. It also returns nil for a page that another route matches too,
// because a route with a parameter that fetches its data may have built
// it, and the files do not tell which. It returns nil too for a file
// copied as it is from a static folder (Astro's and Next.js's public/:
// claimed).
func (b *builder) dataRouteOf(rel, u string) *source {
	if len(b.src.dataRoutes) == 0 {
		return nil
	}
	els := strings.Split(joinKey(u), "/")
	if len(els) == 1 && els[0] == "" {
		els = nil
	}
	matches := 0
	for _, routes := range []map[string][]string{b.src.routes, b.src.listRoutes} {
		for _, r := range routes {
			if matchRoute(r, els) {
				matches++
			}
		}
	}
	if matches != 1 {
		return nil
	}
	for _, s := range b.src.dataRoutes {
		if matchRoute(s.route, els) && !b.claimed(rel) {
			return s
		}
	}
	return nil
}

// sourceLookup finds the joined source that a built page is made from
// by its URL path when it has none of its own (fallback). It holds the
// join's sources and the generator's page rules, so that a pass given
// one reaches nothing else of the builder.
type sourceLookup struct {
	// join holds the joined sources by joinKey (joined.join).
	join  map[string]*source
	pages generator.PageRules
	// root is Options.Root, where a moved page's own URL is looked for.
	root string
}

// sourceLookup returns the lookup of the build's joined sources.
func (b *builder) sourceLookup() sourceLookup {
	return sourceLookup{join: b.src.join, pages: b.src.rules.Pages, root: b.opts.Root}
}

// fallback returns the source that the built page at the URL path u
// (relative to the base URL) is built from when it has none of its own.
// A page of a language with no translation takes the default language's
// source (generator.PageRules.Fallback), or else the source of the one
// other language that has one (OtherLanguages). It returns nil when
// there is none, and when more than one other language has one, because
// the choice is ambiguous.
func (l sourceLookup) fallback(u string) (s *source, ambiguous bool) {
	first, ok, others := fallbackKeys(&l.pages, u)
	if s := l.join[first]; ok && s != nil {
		return s, false
	}
	var only *source
	for _, k := range others {
		if s := l.join[k]; s != nil {
			if only != nil {
				return nil, true // the files do not tell which of them
			}
			only = s
		}
	}
	if only == nil {
		only = l.moved(u)
	}
	return only, false
}

// has reports whether the page at the URL path u has a source, its own
// or one it falls back to, or several it may fall back to.
func (l sourceLookup) has(u string) bool {
	if l.join[joinKey(u)] != nil {
		return true
	}
	s, ambiguous := l.fallback(u)
	return s != nil || ambiguous
}

// moved returns the source from which the generator may have written
// the page at the URL path u, at another URL than the source's own
// (generator.PageRules.Moved). It does so when the build wrote no page
// at the source's own URL. It returns nil for none.
func (l sourceLookup) moved(u string) *source {
	key, own, ok := movedKey(&l.pages, u)
	if !ok {
		return nil
	}
	s := l.join[key]
	if s == nil {
		return nil
	}
	if _, err := fsx.Stat(l.root, filepath.FromSlash(strings.TrimPrefix(own, "/"))); !errors.Is(err, fs.ErrNotExist) {
		return nil // its own page is there, so it is not the one moved
	}
	return s
}

// movedKey returns the join key of the source that the page at the URL
// path u may have been moved from (generator.PageRules.Moved), and the
// URL path of that source's own page. ok is false for none.
func (j *joined) movedKey(u string) (key, own string, ok bool) {
	return movedKey(&j.rules.Pages, u)
}

// movedKey is joined.movedKey, by the rules pages.
func movedKey(pages *generator.PageRules, u string) (key, own string, ok bool) {
	f := pages.Moved
	if f == nil {
		return "", "", false
	}
	if own, ok = f("/" + strings.TrimPrefix(u, "/")); !ok {
		return "", "", false
	}
	return joinKey(own), own, true
}

// fallbackKeys returns the join keys of the sources that the built page
// at the URL path u may be built from when it has none of its own
// (sourceLookup.fallback). The first is the default language's page's
// key; ok is false when there is none, and "" is the home page's key.
// The rest are the other languages' pages' keys.
func (j *joined) fallbackKeys(u string) (first string, ok bool, others []string) {
	return fallbackKeys(&j.rules.Pages, u)
}

// fallbackKeys is joined.fallbackKeys, by the rules pages.
func fallbackKeys(pages *generator.PageRules, u string) (first string, ok bool, others []string) {
	u = "/" + strings.TrimPrefix(u, "/")
	if f := pages.Fallback; f != nil {
		var fu string
		if fu, ok = f(u); ok {
			first = joinKey(fu)
		}
	}
	if f := pages.OtherLanguages; f != nil {
		for _, ou := range f(u) {
			others = append(others, joinKey(ou))
		}
	}
	return first, ok, others
}

// unusedSources is the pass of the sources unused. It returns a note,
// shown under --verbose, for each of the joined sources (builder.join)
// that no built page matched. The notes come in the order of the
// sources' paths, as a lexical walk meets them.
func unusedSources(join map[string]*source) findings {
	var found findings
	for _, s := range join {
		if !s.used.Load() {
			found.note(s.path, fmt.Sprintf("source with no built page at its URL %s", diag.URL(s.url)))
		}
	}
	slices.SortStableFunc(found, func(a, b finding) int { return walkOrder(a.path, b.path) })
	return found
}

// sourceProblems reports what is wrong in a source file's front matter,
// each problem at its line.
func (b *builder) sourceProblems(path string, problems []frontmatter.Problem) {
	if b.session() && len(problems) > 0 {
		b.kept.problems[path] = len(problems)
	}
	for _, p := range problems {
		b.rep.res.SourceProblems++
		if p.Dating {
			b.found.holdRefused(path, p.Line, p.Msg) // said later, with the date the page takes instead
			continue
		}
		b.rep.warn(path, diag.At(path, p.Line, p.Msg))
	}
}

// staticSource returns, in a join to a site whose generator copies its
// folder (generator.SourceRules.Copies: Jekyll's), what a built file
// that is not a page (a PDF) takes from its source. Jekyll copies a
// static file from the same path in the source, and gives it the front
// matter defaults of its scope. Defaults with sitemap: false leave it
// out, as jekyll-sitemap does. staticSource returns the defaults as
// front matter, and the source's path as reported (relative to the
// root). ok is false when rel is a page or the source file is not
// there.
func (b *builder) staticSource(rel string) (*frontmatter.Source, string, bool) {
	c := b.src.rules.Sources
	if c.Copies == nil || isHTML(rel) {
		return nil, "", false
	}
	if st, err := fsx.Stat(b.opts.Join.Dir, rel); err != nil || !st.Mode().IsRegular() {
		return nil, "", false
	}
	fm := &frontmatter.Source{}
	if v, ok := c.StaticDefaults(rel)["sitemap"].(bool); ok && !v {
		fm.Sitemap.Exclude = true
	}
	return fm, b.joinPrefix() + rel, true
}

// permalinkStart returns the URL path a permalink pattern's pages are
// all under: its text up to the folder before its first template
// expression ("/tags/" of "/tags/{{ tag | slugify }}/"), or "/" when it
// has none known.
func permalinkStart(permalink string) string {
	i := strings.IndexAny(permalink, "{%$`")
	if i < 0 || !strings.HasPrefix(permalink, "/") {
		return "/"
	}
	return permalink[:strings.LastIndex(permalink[:i], "/")+1]
}
