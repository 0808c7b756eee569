package validate

import (
	"cmp"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/internal/sitemapfile"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// Namespaces that extension elements commonly use, with the prefix
// problems show them with.
const (
	xhtmlNS = sitemapfile.XHTMLNamespace
	xsiNS   = "http://www.w3.org/2001/XMLSchema-instance"
	xmlNS   = "http://www.w3.org/XML/1998/namespace"
	imageNS = "http://www.google.com/schemas/sitemap-image/1.1"
	videoNS = "http://www.google.com/schemas/sitemap-video/1.1"
	newsNS  = "http://www.google.com/schemas/sitemap-news/0.9"
)

// extensionRoots gives the one element that the image, video and news
// schemas declare globally: the only one allowed in a sitemap element.
var extensionRoots = map[string]string{imageNS: "image", videoNS: "video", newsNS: "news"}

// The child elements of <url> and <sitemap>, in the order the schemas
// give them.
var (
	urlFields     = []string{"loc", "lastmod", "changefreq", "priority"}
	sitemapFields = []string{"loc", "lastmod"}
)

// fileCheck checks one file, reading it once as a stream of tokens.
type fileCheck struct {
	*checker
	cand candidate
	report
	isSitemap bool // the root element is urlset or sitemapindex, or the file a text sitemap
	form      int  // formXML, formText

	d       *sitemapfile.Decoder
	line    int    // line where the token last read starts
	ns      string // the root's namespace, taken for the sitemap namespace
	index   bool   // the root is sitemapindex
	scope   string // the URL folder locs must lie under, or ""
	entries int    // <url> or <sitemap> elements
	over    int    // line of the first entry past the limit
	listed  []indexEntry

	fatal *Problem    // what stopped the reading, or made it no sitemap
	each  func(Entry) // with Read: takes each entry
	cur   Entry       // with Read: the entry being read

	// The hreflang links of the <url> being read: its cluster, for
	// checkClusters.
	links     []sitemap.Alternate
	linkLines []int32

	// images counts the <image:image> elements of the <url> being read.
	images int
	// news says the <url> being read has a <news:news>: it is an
	// article of a news sitemap. newsURLs counts such <url>s, newsOver
	// is the line of the first past sitemap.MaxNewsURLs.
	news               bool
	newsURLs, newsOver int

	// alias, for the file of an alias (Options.Aliases), holds the URLs
	// it lists, apart from the run's; nil for any other file.
	alias *locSets

	// origin is the host and port of the file's first URL, read at
	// line originLine: without a base URL, the single host all its URLs
	// must have.
	origin     string
	originLine int
}

// indexEntry is the loc of a <sitemap> in an index.
type indexEntry struct {
	loc  string
	line int
}

// stop adds the problem that stops the reading of the file, or says it
// is no sitemap: never dropped, and what Read fails with.
func (fc *fileCheck) stop(k Kind, line int, format string, args ...any) {
	p := newProblem(fc.cand.path, line, k, fmt.Sprintf(format, args...))
	fc.fatal = &p
	fc.probs = append(fc.probs, p)
}

func (fc *fileCheck) addf(k Kind, line int, format string, args ...any) {
	fc.add(k, line, fmt.Sprintf(format, args...))
}

// next reads the next token, noting the line it starts on, within the
// limits of sitemapfile.Decoder.Next.
func (fc *fileCheck) next() (xml.Token, error) {
	tok, err := fc.d.Next()
	fc.line = fc.d.Line
	return tok, err
}

// skip reads up to the end of the element just started, as
// xml.Decoder.Skip does, within the limits of next.
func (fc *fileCheck) skip() error {
	err := fc.d.Skip()
	fc.line = fc.d.Line
	return err
}

// run checks the file.
func (fc *fileCheck) run() {
	cr, gzipped, closeFile, err := open(fc.cand, fc.opts.MaxBytes)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		fc.isSitemap = true
		fc.stop(KindRead, 0, "%v", err)
		return
	}
	defer closeFile()
	if gzipped != strings.HasSuffix(fc.cand.path, ".gz") {
		form := "XML"
		if isText(fc.cand.path) {
			form = "text"
		}
		fc.add(KindGzip, 0, gzipName(gzipped, form))
	}
	if u := fc.fileURL(fc.cand); u != "" {
		fc.scope = u[:strings.LastIndexByte(u, '/')+1]
	}
	if isText(fc.cand.path) {
		err = fc.textFile(cr)
	} else {
		err = fc.xmlFile(cr)
	}
	if fc.fatal != nil && (err == nil || errors.Is(err, errStopped)) {
		return
	}
	var se *xml.SyntaxError
	var le *sitemapfile.LimitError
	switch {
	case errors.As(cr.Err(), &le) || errors.As(err, &le):
		fc.isSitemap = true
		fc.stop(KindLimit, fc.line, "%s", le.Msg)
		return
	case fc.ctx.Err() != nil:
		return // Check returns the context's error
	case cr.Err() != nil && gzipped:
		fc.isSitemap = true
		fc.stop(KindRead, 0, "cannot decompress: %v", cr.Err())
		return
	case cr.Err() != nil:
		fc.isSitemap = true
		fc.stop(KindRead, 0, "cannot read: %v", cr.Err())
		return
	case errors.As(err, &se):
		fc.stop(KindXML, se.Line, "not well-formed XML: %s", se.Msg)
		return
	case err != nil:
		fc.stop(KindRead, 0, "%v", err)
		return
	case !fc.isSitemap:
		return
	}
	if fc.entries > sitemap.MaxURLs {
		fc.addf(KindLimit, fc.over, "%s: the protocol allows at most %d in one file", fc.entriesOf(fc.entries), sitemap.MaxURLs)
	}
	if fc.newsURLs > sitemap.MaxNewsURLs {
		fc.addf(KindLimit, fc.newsOver, "%d <url> entries with <news:news>: a news sitemap holds at most %d; split it", fc.newsURLs, sitemap.MaxNewsURLs)
	}
	fc.checkListed()
}

// xmlFile reads the file as XML.
func (fc *fileCheck) xmlFile(cr *sitemapfile.Stream) error {
	d, err := sitemapfile.NewDecoder(fc.ctx, cr, fc.opts.bounds(), func(label string) {
		fc.addf(KindXML, fc.d.Line, "declared encoding is %s; sitemaps must be UTF-8", diag.Excerpt(label))
	})
	if errors.Is(err, sitemapfile.ErrUTF16) {
		fc.isSitemap = true
		fc.stop(KindXML, 0, "%v", err)
		return nil
	}
	fc.d = d
	return fc.document()
}

func (fc *fileCheck) entryName() string {
	if fc.index {
		return "sitemap"
	}
	return "url"
}

// document reads the whole file: prolog, root element, what follows.
func (fc *fileCheck) document() error {
	rootSeen := false
	var before string // what precedes the XML declaration, if anything does
	for {
		offset := fc.d.InputOffset()
		tok, err := fc.next()
		if err == io.EOF {
			if !rootSeen && fc.cand.explicit {
				fc.stop(KindElement, 0, "not a sitemap: no root element found")
			}
			return nil
		} else if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.ProcInst:
			if t.Target == "xml" && offset > 0 {
				fc.addf(KindXML, fc.line, "the XML declaration must be the first thing in the file (a byte-order mark may precede it), but %s comes before it", cmp.Or(before, "white space"))
			}
		case xml.Comment:
			before = cmp.Or(before, "a comment")
		case xml.Directive:
			before = cmp.Or(before, "a declaration")
		case xml.StartElement:
			if rootSeen {
				fc.addf(KindXML, fc.line, "element %s after the root element", fc.name(t.Name))
				if err := fc.skip(); err != nil {
					return err
				}
				continue
			}
			rootSeen = true
			switch l := t.Name.Local; {
			case l == "urlset" || l == "sitemapindex":
				if err := fc.root(t); err != nil {
					return err
				}
			case isFeed(t) && fc.cand.explicit:
				if err := fc.feed(t); err != nil {
					return err
				}
			case isFeed(t):
				return nil // a folder's feed is a feed first: checked when named
			default:
				if fc.cand.explicit {
					fc.stop(KindElement, fc.line, "not a sitemap: root element is %s, not <urlset> or <sitemapindex>, nor an RSS 2.0 or Atom feed", fc.name(t.Name))
				}
				return nil
			}
		case xml.CharData:
			fc.text(t, "")
		}
	}
}

// root reads the <urlset> or <sitemapindex> element.
func (fc *fileCheck) root(t xml.StartElement) error {
	fc.isSitemap = true
	fc.index = t.Name.Local == "sitemapindex"
	fc.ns = t.Name.Space
	switch t.Name.Space {
	case sitemap.Namespace:
	case "":
		fc.addf(KindNamespace, fc.line, "<%s> has no namespace: want xmlns=%q", t.Name.Local, sitemap.Namespace)
	default:
		fc.addf(KindNamespace, fc.line, "<%s> is in namespace %s, not %s", t.Name.Local, diag.Excerpt(t.Name.Space), sitemap.Namespace)
	}
	fc.attrs(t)
	line, root := fc.line, t.Name.Local
	for {
		tok, err := fc.next()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.EndElement:
			if fc.entries == 0 {
				fc.addf(KindElement, line, "<%s> has no <%s>", t.Name.Local, fc.entryName())
			}
			return nil
		case xml.CharData:
			fc.text(t, root)
		case xml.StartElement:
			switch {
			case !fc.allowed(t):
			case t.Name.Space == fc.ns && t.Name.Local == fc.entryName():
				if fc.entries++; fc.entries == sitemap.MaxURLs+1 {
					fc.over = fc.line
				}
				if err := fc.entry(t); err != nil {
					return err
				}
				continue
			case t.Name.Space == fc.ns:
				fc.addf(KindElement, fc.line, "unknown element <%s> in the sitemap namespace; want <%s>", diag.Excerpt(t.Name.Local), fc.entryName())
			case fc.entries > 0:
				fc.addf(KindOrder, fc.line, "extension element %s after the first <%s>: the schema allows them only before it", fc.name(t.Name), fc.entryName())
			default:
				if err := fc.extension(t); err != nil {
					return err
				}
				continue
			}
			if err := fc.skip(); err != nil {
				return err
			}
		}
	}
}

// entry reads a <url> or <sitemap> element.
func (fc *fileCheck) entry(t xml.StartElement) error {
	fc.attrs(t)
	fields := urlFields
	if fc.index {
		fields = sitemapFields
	}
	line := fc.line
	fc.cur = Entry{Line: line, Index: fc.index}
	var seen [4]int // line of each field
	last := -1      // index of the last field read
	ext, extLine := "", 0
	loc := ""
	fc.links, fc.linkLines = fc.links[:0], fc.linkLines[:0]
	fc.images = 0
	fc.news = false
	for {
		tok, err := fc.next()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.EndElement:
			if seen[0] == 0 {
				fc.addf(KindElement, line, "<%s> has no <loc>", t.Name.Local)
			} else if fc.each != nil {
				fc.each(fc.cur)
			}
			if !fc.index && len(fc.links) > 0 && loc != "" && fc.alias == nil {
				fc.addCluster(loc, line)
			}
			if fc.images > sitemap.MaxImages {
				fc.addf(KindLimit, line, "<url> has %d <image:image> elements; the most a URL may have is %d", fc.images, sitemap.MaxImages)
			}
			if !fc.index && loc != "" {
				fc.duplicate(loc, seen[0])
			}
			if fc.news && !fc.index {
				if fc.newsURLs++; fc.newsURLs == sitemap.MaxNewsURLs+1 {
					fc.newsOver = line
				}
			}
			return nil
		case xml.CharData:
			fc.text(t, fc.entryName())
		case xml.StartElement:
			at := fc.line
			if !fc.allowed(t) {
				if err := fc.skip(); err != nil {
					return err
				}
				continue
			}
			if t.Name.Space != fc.ns {
				if extLine == 0 {
					ext, extLine = fc.name(t.Name), at
				}
				if err := fc.extension(t); err != nil {
					return err
				}
				continue
			}
			i := slices.Index(fields, t.Name.Local)
			if i < 0 {
				fc.addf(KindElement, at, "unknown element <%s> in <%s>; want %s", diag.Excerpt(t.Name.Local), fc.entryName(), strings.Join(fields, ", "))
				if err := fc.skip(); err != nil {
					return err
				}
				continue
			}
			fc.attrs(t)
			v, err := fc.value(t)
			if err != nil {
				return err
			}
			switch {
			case seen[i] != 0:
				fc.addf(KindElement, at, "second <%s> in <%s> (first at line %d)", t.Name.Local, fc.entryName(), seen[i])
				continue
			case extLine != 0:
				fc.addf(KindOrder, at, "<%s> after extension element %s (line %d): %s come first", t.Name.Local, ext, extLine, strings.Join(fields, ", "))
			case i < last:
				fc.addf(KindOrder, at, "<%s> after <%s>: the order is %s", t.Name.Local, fields[last], strings.Join(fields, ", "))
			}
			seen[i] = at
			last = max(last, i)
			fc.field(t.Name.Local, v, at)
			if fc.each != nil {
				fc.cur.Set(t.Name.Local, trimSpace(v))
			}
			if i == 0 && urlProblem(trimSpace(v)) == "" {
				loc = trimSpace(v)
			}
		}
	}
}

// duplicate reports the <loc> v of a <url>, at line, when a <url> of the
// run listed it before: a <url> of a news sitemap (with <news:news>)
// when another such did, a URL of a text sitemap when another text
// sitemap's line did, any other when another did. A news sitemap lists
// again articles that the site's other sitemaps list, as Google's
// documentation of it says to; a text sitemap is the same set written
// otherwise (sitemapgen --text writes both).
func (fc *fileCheck) duplicate(v string, line int) {
	seen := fc.seen
	switch {
	case fc.alias != nil && fc.news:
		seen = fc.alias.news
	case fc.alias != nil:
		seen = fc.alias.seen
	case fc.news:
		seen = fc.seenNews
	case fc.form == formText:
		seen = fc.seenText
	}
	fc.listedTwice(seen, v, line)
}

// locSets are the <loc>s an alias's file lists, apart from the run's:
// of its <url>s, those of them with <news:news>, and of its index
// entries.
type locSets struct{ seen, news, index *locSet }

// listedTwice adds v, read at line, to seen, reporting it when seen had
// it.
func (fc *fileCheck) listedTwice(seen *locSet, v string, line int) {
	this := int32(len(fc.reports)) // this file's index, once checked
	switch w, twice := seen.add(v, where{this, int32(line)}); {
	case !twice:
	case w.file == this:
		fc.addf(KindDuplicate, line, "URL %s listed twice (also at line %d)", diag.URLExcerpt(v), w.line)
	default:
		fc.addf(KindDuplicate, line, "URL %s also listed by %s", diag.URLExcerpt(v), diag.Pos{File: fc.reports[w.file].path, Line: int(w.line)})
	}
}

// field checks the value v of a field of <url> or <sitemap>.
func (fc *fileCheck) field(name, v string, line int) {
	switch name {
	case "loc":
		fc.loc(trimSpace(v), line)
	case "lastmod":
		switch v := trimSpace(v); {
		case w3cDate(v):
		case w3cOnly(v):
			fc.addf(KindDateForm, line, "<lastmod>: %s", dateFormMsg(v))
		default:
			fc.addf(KindLastmod, line, "<lastmod> %q is not a W3C Datetime the sitemap schema takes%s", diag.Excerpt(v), dateHint(v))
		}
	case "changefreq": // xsd:string: whitespace counts
		if _, err := sitemap.ParseChangeFreq(v); err != nil {
			fc.addf(KindChangefreq, line, "changefreq %q is not one of %s", diag.Excerpt(v), strings.Join(sitemap.ChangeFreqNames, ", "))
		}
	case "priority":
		v = trimSpace(v)
		if !isDecimal(v) {
			fc.addf(KindPriority, line, "priority %q is not a decimal number", diag.Excerpt(v))
		} else if f, err := strconv.ParseFloat(v, 64); err != nil || f < 0 || f > 1 {
			fc.addf(KindPriority, line, "priority %s is outside 0.0–1.0", diag.Excerpt(v))
		}
	}
}

// loc checks the loc of an entry: its form, an index entry's duplicates
// (a <url>'s are known at its end: duplicate), scope, the file behind
// it.
func (fc *fileCheck) loc(v string, line int) {
	if msg := urlProblem(v); msg != "" {
		fc.addf(KindLoc, line, "%s: %s", fc.locName(), msg)
		return
	}
	if msg := iriAdvice(v); msg != "" {
		fc.add(KindIRI, line, msg)
	}
	if fc.index {
		seen := fc.seenIndex
		if fc.alias != nil {
			seen = fc.alias.index
		}
		fc.listedTwice(seen, v, line)
	}
	if fc.scope == "" {
		fc.host(v, line)
	}
	if fc.scope != "" && !under(v, fc.scope) && (fc.filesAt == fc.base || fc.index || !under(v, fc.base)) {
		fc.addf(KindScope, line, "URL %s is outside the sitemap's scope %s (a sitemap may list only URLs under its own folder)", diag.URLExcerpt(v), fc.scope)
		return
	}
	if fc.index {
		if dotDot(v) {
			fc.addf(KindIndexEntry, line, "index entry %s has a \"..\" segment: name the sitemap by its own path", diag.URLExcerpt(v))
			return
		}
		fc.listed = append(fc.listed, indexEntry{v, line})
		return
	}
	if fc.opts.Site != "" {
		if rel, ok := localPath(fc.base, v); ok && servedBy(fc.site, rel) == "" {
			fc.addf(KindSite, line, "no file in %s serves %s", fc.opts.Site, diag.URLExcerpt(v))
		}
		if j := fc.robots; j != nil && under(v, fc.checker.base) && j.Blocked(robots.PathOf(v)) {
			fc.addf(KindRobots, line, "URL %s is listed although %s", diag.URLExcerpt(v), blocks(j.Why(robots.PathOf(v))))
		}
	}
}

// locName names where a file of its form gives an entry's URL, for a
// message.
func (fc *fileCheck) locName() string {
	switch fc.form {
	case formText:
		return "URL"
	case formRSS:
		return "<link>"
	case formAtom:
		return "<link href>"
	}
	return "<loc>"
}

// host reports a URL v on another host than the file's first: the
// protocol's rule that a sitemap lists the URLs of one host, which
// needs no base URL (with one, scope says more, the scheme too).
func (fc *fileCheck) host(v string, line int) {
	h := hostOf(v)
	switch {
	case fc.origin == "":
		fc.origin, fc.originLine = h, line
	case !strings.EqualFold(h, fc.origin):
		fc.addf(KindHost, line, "URL %s is on host %s, but the file's first URL (line %d) is on %s: a sitemap lists the URLs of one host (Google also takes hosts all verified in Search Console: --ignore host)", diag.URLExcerpt(v), diag.Excerpt(h), fc.originLine, diag.Excerpt(fc.origin))
	}
}

// hostOf returns the host and port of the URL v, a valid <loc>.
func hostOf(v string) string {
	_, rest, _ := strings.Cut(v, "://")
	if j := strings.IndexAny(rest, "/?#"); j >= 0 {
		rest = rest[:j]
	}
	if j := strings.LastIndexByte(rest, '@'); j >= 0 {
		rest = rest[j+1:]
	}
	return rest
}

// checkListed reports the entries of an index that name a missing file.
// With BaseURL, an entry's file is the one served at its URL. Without
// it, the index's own URL is not known: its entries' files are those
// [LocateEntries] finds, by the rule diff reads an index's files by (its
// location the URL folder below which most entries name a file that
// exists; the index at /x/sitemap.xml in folder F, the entry
// /x/de/sitemap.xml is F/de/sitemap.xml). An entry not below that
// location, or whose path below it has a ".." segment, cannot be looked
// for (advice); when no entry's file exists anywhere, the index is taken
// to be checked without its sitemaps. Files are
// looked for inside the folder (package fsx): an entry whose file is a
// link out of it is said so, unless the file is one of those checked,
// which says it.
func (fc *fileCheck) checkListed() {
	if len(fc.listed) == 0 {
		return
	}
	if fc.base != "" && fc.cand.root != "" {
		r, err := fsx.OpenRoot(fc.cand.root)
		if err != nil {
			return
		}
		defer r.Close()
		for _, e := range fc.listed {
			if rel, ok := localPath(fc.filesAt, e.loc); ok {
				fc.entryFile(r, rel, e)
			}
		}
		return
	}
	dir, relDir := fc.cand.folder()
	r, err := fsx.OpenRoot(dir)
	if err != nil {
		return
	}
	defer r.Close()
	locs := make([]string, len(fc.listed))
	for i, e := range fc.listed {
		locs[i] = e.loc
	}
	m := LocateEntries(r, path.Join(relDir, filepath.Base(fc.cand.path)), locs)
	if m.At == "" {
		return // none there: the index checked without its sitemaps
	}
	for i, f := range m.Files {
		e := fc.listed[i]
		switch {
		case f.NotBelow:
			fc.addf(KindIndexLocal, e.line, "index entry %s is not below %s, where the files its other entries name say the index lies: no local file looked for (Google reads an index's sitemaps only in its folder or below)", diag.URLExcerpt(e.loc), diag.URLExcerpt(m.At))
		case f.Climbs:
			fc.addf(KindIndexLocal, e.line, "index entry %s has a \"..\" segment below %s, where the files its other entries name say the index lies (its slashes percent-encoded): no local file looked for", diag.URLExcerpt(e.loc), diag.URLExcerpt(m.At))
		case f.Rel != "":
			fc.entryFile(r, f.Rel, e)
		}
	}
}

// entryFile reports the file rel of the folder r that the index entry e
// names when it is missing, or a link out of the folder.
func (fc *fileCheck) entryFile(r *fsx.Root, rel string, e indexEntry) {
	p := r.Path(rel)
	fi, err := r.Stat(rel)
	switch {
	case errors.Is(err, fsx.ErrOutside):
		if !fc.checked(p) {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err // ErrOutside, or ErrAbsolute
			}
			fc.addf(KindIndexEntry, e.line, "index entry %s names %s: %v", diag.Excerpt(e.loc), diag.Excerpt(p), err)
		}
	case err == nil && fi.Mode().IsRegular(), fc.outside(p):
	case err == nil && !fi.IsDir():
		if !fc.checked(p) { // a file checked says it itself
			fc.addf(KindIndexEntry, e.line, "index entry %s names %s, which is not a regular file (%s)", diag.URLExcerpt(e.loc), diag.Excerpt(p), fsx.Describe(fi.Mode()))
		}
	default:
		fc.addf(KindIndexEntry, e.line, "index entry %s names %s, which does not exist", diag.URLExcerpt(e.loc), diag.Excerpt(p))
	}
}

// outside reports whether the missing file p that an entry of the index
// names is another application's sitemap (Options.Recorded): the index's
// folder has a sitemapgen record, which does not list p.
func (fc *fileCheck) outside(p string) bool {
	if fc.opts.Recorded == nil {
		return false
	}
	dir := filepath.Dir(fc.cand.path)
	names, err := fc.opts.Recorded(fc.opts.RecordIn(dir))
	if err != nil || len(names) == 0 {
		return false
	}
	rel, ok := relIn(dir, p)
	return !ok || !slices.Contains(names, filepath.ToSlash(rel))
}

// dotDot reports whether the path of the URL v has a ".." segment, as
// written or percent-encoded: a client resolves it away, so the entry
// does not name the file it seems to.
func dotDot(v string) bool {
	u, err := url.Parse(v)
	if err != nil {
		return false
	}
	for _, seg := range strings.Split(u.EscapedPath(), "/") {
		if seg, err := url.PathUnescape(seg); err == nil && seg == ".." {
			return true
		}
	}
	return false
}

// urlProblem says what keeps v from being a <loc> or an href, or "". An
// IRI is checked as the URI it maps to (iriURI), its length in
// characters as written.
func urlProblem(v string) string {
	if v == "" {
		return "empty URL"
	}
	u, msg := iriURI(v)
	if msg != "" {
		return msg
	}
	n := utf8.RuneCountInString(v)
	if u != v && n >= sitemap.MaxLocLength {
		return fmt.Errorf("%w (%d)", sitemap.ErrLocTooLong, n).Error()
	}
	// The scheme is case-insensitive (RFC 3986); CheckLoc wants it lowercase.
	lower := u
	if i := strings.Index(u, "://"); i > 0 && i <= len("https") {
		lower = strings.ToLower(u[:i]) + u[i:]
	}
	check := lower
	if u != v && len(check) >= sitemap.MaxLocLength {
		check = check[:sitemap.MaxLocLength-1] // an IRI longer encoded: its length is counted above
	}
	if err := sitemap.CheckLoc(check); err != nil {
		if rest, ok := cutHTTP(lower); !errors.Is(err, sitemap.ErrLocTooLong) && (!ok || rest == "" || rest[0] == '/') {
			return fmt.Sprintf("not an absolute http(s) URL: %q", diag.URLExcerpt(v))
		}
		return err.Error()
	}
	if n < 12 {
		return fmt.Sprintf("URL %q is shorter than 12 characters, the schema's minimum", diag.URLExcerpt(v))
	}
	pu, err := url.Parse(u)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fmt.Sprintf("URL %q does not parse: %s", diag.URLExcerpt(v), diag.Excerpt(err.Error()))
	}
	if pu.Host == "" {
		return fmt.Sprintf("URL %q has no host", diag.URLExcerpt(v))
	}
	return ""
}

// cutHTTP cuts the scheme http:// or https:// from v.
func cutHTTP(v string) (rest string, ok bool) {
	if rest, ok = strings.CutPrefix(v, "https://"); !ok {
		rest, ok = strings.CutPrefix(v, "http://")
	}
	return rest, ok
}

// blocks says which rules of robots.txt block a URL, as robots.Blocks
// does, each rule's pattern quoted at most as diag.Excerpt bounds it.
func blocks(bs []robots.Block) string {
	for i := range bs {
		bs[i].Rule.Pattern = diag.Excerpt(bs[i].Rule.Pattern)
	}
	return robots.Blocks(bs)
}

// allowed reports whether t may appear in the sitemap's content: in its
// namespace, or in another declared one. It reports the others.
func (fc *fileCheck) allowed(t xml.StartElement) bool {
	switch s := t.Name.Space; {
	case s == fc.ns:
		return true
	case s == "":
		fc.addf(KindNamespace, fc.line, "element <%s> has no namespace: want the sitemap namespace or an extension's", diag.Excerpt(t.Name.Local))
	case !strings.Contains(s, ":"): // encoding/xml leaves an unknown prefix in Space
		fc.addf(KindNamespace, fc.line, "element <%s:%s>: namespace prefix %s is not declared", diag.Excerpt(s), diag.Excerpt(t.Name.Local), diag.Excerpt(s))
	default:
		return true
	}
	return false
}

// attrs reports the attributes of a sitemap element that the schema does
// not allow: all but namespace declarations and xsi:*.
func (fc *fileCheck) attrs(t xml.StartElement) {
	for _, a := range t.Attr {
		if a.Name.Space == "xmlns" || a.Name.Space == "" && a.Name.Local == "xmlns" || a.Name.Space == xsiNS {
			continue
		}
		fc.addf(KindElement, fc.line, "attribute %s is not allowed on <%s>", fc.name(a.Name), diag.Excerpt(t.Name.Local))
	}
}

// extension reads an extension element, checking its name in the
// image, video and news namespaces, and the attributes of an xhtml:link.
func (fc *fileCheck) extension(t xml.StartElement) error {
	if want, ok := extensionRoots[t.Name.Space]; ok && t.Name.Local != want {
		fc.addf(KindElement, fc.line, "unknown extension element %s: want <%s:%s>", fc.name(t.Name), sitemapfile.Prefix(t.Name.Space), want)
	}
	if t.Name.Space != imageNS && strings.Contains(strings.ToLower(t.Name.Space), "sitemap-image") {
		fc.addf(KindNamespace, fc.line, "element <%s> is in namespace %s, not the image extension's %s: search engines ignore it (declare xmlns:image=%q)", diag.Excerpt(t.Name.Local), diag.Excerpt(t.Name.Space), imageNS, imageNS)
	}
	if md, ok := models[t.Name.Space]; ok && t.Name.Local == md.m.name {
		if t.Name.Space == imageNS && !fc.index {
			fc.images++
		}
		if t.Name.Space == newsNS {
			fc.news = true
		}
		return fc.model(t, md.m, t.Name.Space, md.k)
	}
	if t.Name.Space == xhtmlNS && t.Name.Local == "link" {
		fc.link(t)
	}
	return fc.skip()
}

// linkAttrs are the attributes xhtml1-strict.xsd allows on <link>.
var linkAttrs = []string{"charset", "href", "hreflang", "type", "rel", "rev", "media",
	"id", "class", "style", "title", "lang", "dir", "onclick", "ondblclick", "onmousedown",
	"onmouseup", "onmouseover", "onmousemove", "onmouseout", "onkeypress", "onkeydown", "onkeyup"}

// link checks an <xhtml:link>: its attributes against xhtml1-strict.xsd,
// and an alternate in one of the forms search engines read: a language
// version (hreflang, an absolute http(s) href), a mobile version (media),
// or an app's deep link (android-app:, ios-app:). A language version is
// kept for the cluster checks.
func (fc *fileCheck) link(t xml.StartElement) {
	for _, a := range t.Attr {
		switch {
		case a.Name.Space == "xmlns" || a.Name.Space == "" && a.Name.Local == "xmlns":
		case a.Name.Space == xmlNS && a.Name.Local == "lang":
		case a.Name.Space != "" || !slices.Contains(linkAttrs, a.Name.Local):
			fc.addf(KindXHTMLLink, fc.line, "attribute %s is not allowed on <xhtml:link>", fc.name(a.Name))
		}
	}
	rel, href, lang, media := sitemapfile.LinkAttrs(t)
	alternate := rel != nil && strings.EqualFold(trimSpace(*rel), "alternate")
	h, app := "", false
	if href != nil {
		h = trimSpace(*href)
		app = appLink(h)
	}
	switch {
	case href == nil:
		if alternate {
			fc.addf(KindXHTMLLink, fc.line, "xhtml:link rel=\"alternate\" has no href")
		}
	case app:
	case lang != nil || strings.HasPrefix(strings.ToLower(h), "http"):
		if msg := urlProblem(h); msg != "" {
			fc.addf(KindXHTMLLink, fc.line, "xhtml:link href: %s", msg)
		} else if msg := iriAdvice(h); msg != "" {
			fc.addf(KindIRI, fc.line, "xhtml:link href: %s", msg)
		}
	default:
		if _, err := url.Parse(h); err != nil || h == "" {
			fc.addf(KindXHTMLLink, fc.line, "xhtml:link href %.60q is not a URI", h)
		}
	}
	switch {
	case lang != nil:
		if !isLanguage(trimSpace(*lang)) {
			fc.addf(KindXHTMLLink, fc.line, "xhtml:link hreflang %.40q is not a language tag", *lang)
		} else if alternate && href != nil && urlProblem(h) == "" {
			fc.links = append(fc.links, sitemap.Alternate{Lang: fc.intern(trimSpace(*lang)), Href: fc.intern(h)})
			fc.linkLines = append(fc.linkLines, int32(fc.line))
		}
	case alternate && media == nil && href != nil && !app:
		fc.addf(KindLinkUnused, fc.line, "xhtml:link rel=\"alternate\" has neither hreflang nor media: search engines read an alternate in a sitemap only as a language version (hreflang) or a mobile one (media)")
	}
	if fc.each != nil && alternate && href != nil && lang != nil {
		fc.cur.Alternates = append(fc.cur.Alternates, Alternate{Lang: trimSpace(*lang), Href: h})
	}
}

// appLink reports whether href is an app's deep link, which Google reads
// as an alternate of a page: android-app://package/scheme/host/path, or
// ios-app://id/scheme/host/path.
func appLink(href string) bool {
	scheme, rest, ok := strings.Cut(href, "://")
	return ok && rest != "" && (strings.EqualFold(scheme, "android-app") || strings.EqualFold(scheme, "ios-app"))
}
