package writer

// The plan of a Write: the files of the set, how the URLs are encoded
// into them, and their names.

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// write plans the files of urls: the text sitemap, the shards, the news
// files, the index and the aliases. It names each file and returns what
// Write reports of them.
func (t *txn) write(urls sitemap.URLs) (*Result, error) {
	o := t.opts
	ext := ".xml"
	if o.Gzip {
		ext = ".xml.gz"
	}
	entry := o.entry()
	t.head = stylesheet(o.XSL)
	if err := t.prepare(urls, entry); err != nil {
		return nil, err
	}
	start := urlsetHeader(extensions(urls))
	header := withHead(start, t.head)
	// With sections, the URLs go to the files section by section, each
	// in their order. The default shards come last.
	var src sitemap.URLs = urls
	var g *grouping
	if len(o.Sections) > 0 {
		g = groupURLs(urls, len(o.Sections), o.Section)
		src = g
	}
	shards := &chunker{t: t, gzip: o.Gzip, header: header, footer: urlsetClose, maxCount: o.MaxURLs, maxBytes: o.MaxBytes, urlset: true}
	shards.elems = func(lo, hi int, emit func([]byte) error) error {
		return encodeURLs(span{src, lo, hi}, o.LastModFormat, func(_ int, elem []byte, _ time.Time) error {
			return emit(elem)
		})
	}
	var err error
	if t.state != nil && !o.Check {
		err = t.planShards(src, g, shards, ext)
	} else {
		err = t.encodeShards(src, g, shards, ext)
	}
	if err != nil {
		return nil, err
	}
	res := &Result{Shards: len(shards.files), NewsURLs: len(t.news)}
	if len(shards.files) == 1 && !t.indexed() {
		f := shards.files[0]
		f.name = entry
		res.Entries = []string{o.SitemapsURL + f.name}
		return res, t.writeAliases(urls, start, []indexItem{{o.SitemapsURL + f.name, f.newest}}, false, res)
	}
	news, err := t.writeNews(g != nil, ext)
	if err != nil {
		return nil, err
	}
	return res, t.writeIndex(urls, start, entry, ext, news, shards.files, res)
}

// prepare does what comes before the URLs are encoded. It checks that
// the entry file is ours to replace and adds the viewer. It finds the
// generator's sitemaps that keep answering: those in a folder take its
// URLs as they are met. Last, it writes the text sitemap, because that
// file is committed first.
func (t *txn) prepare(urls sitemap.URLs, entry string) error {
	if err := t.entryOurs(entry); err != nil {
		return err
	}
	if t.opts.Viewer {
		if err := t.addViewer(entry); err != nil {
			return err
		}
	}
	if err := t.findAliases(entry); err != nil {
		return err
	}
	if t.opts.Text {
		return t.writeText(urls)
	}
	return nil
}

// encodeShards encodes the URLs of src into the files of shards, in
// order, and names the files. It is used when there is no State to plan
// with, or for a check (which plans into a fresh State).
func (t *txn) encodeShards(src sitemap.URLs, g *grouping, shards *chunker, ext string) error {
	o := t.opts
	shards.named = true
	if t.state != nil {
		t.state.dense(src.Len())
	}
	err := encodeEach(src, o.LastModFormat, nil, nil, func(i int, elem []byte, u *sitemap.URL) error {
		if err := g.enter(shards, i); err != nil {
			return err
		}
		t.takeNews(u)
		if t.state != nil {
			t.state.entry(u)
		}
		if t.scopes != nil {
			t.inScope(g.sorted(i), u.Loc, len(elem), 0)
		}
		loc := u.Loc
		return shards.add(elem, func() string { return loc }, u.LastMod)
	})
	if err == nil {
		err = shards.finish()
	}
	if err == nil && (len(shards.files) > 1 || t.indexed()) {
		o.eachShard(shards.files, func(_ int, f *file, prefix string, n int) {
			f.name = shardName(prefix, n, f.content, ext)
		})
	}
	return err
}

// writeIndex plans the index files and the aliases that answer with
// them. start is the urlset's start tag, entry the name of the entry
// file, and ext the extension of the files.
//
// The index lists the news files, then the shards in order (the
// sections' shards first), then the other applications' sitemaps. It
// holds up to the protocol's 50,000 entries, whatever max_urls says:
// max_urls limits the URLs in a sitemap. max_bytes limits every file.
//
// The first index is the entry file (sitemap.xml) and is committed
// last. The further ones, sitemap-index-2.xml and up, are committed just
// before it.
func (t *txn) writeIndex(urls sitemap.URLs, start, entry, ext string, news, shards []*file, res *Result) error {
	o := t.opts
	entries := make([]indexItem, 0, len(news)+len(shards)+len(o.Extra))
	for _, s := range news {
		entries = append(entries, indexItem{o.SitemapsURL + s.name, s.newest})
	}
	for _, s := range shards {
		entries = append(entries, indexItem{o.SitemapsURL + s.name, s.newest})
	}
	for _, loc := range o.Extra {
		entries = append(entries, indexItem{loc: loc})
	}
	idx, err := t.indexFiles(entries)
	if err != nil {
		return err
	}
	first := idx.files[0]
	first.name = entry
	rest := idx.files[1:]
	for i, f := range rest {
		f.name = "sitemap-index-" + strconv.Itoa(i+2) + ext
	}
	t.files = append(t.files[:len(t.files)-len(idx.files)], append(rest, first)...)
	res.Entries = append(res.Entries, o.SitemapsURL+first.name)
	for _, f := range rest {
		res.Entries = append(res.Entries, o.SitemapsURL+f.name)
	}
	return t.writeAliases(urls, start, entries[:first.count], len(rest) > 0, res)
}

// writeText makes the text sitemap files of urls.
func (t *txn) writeText(urls sitemap.URLs) error {
	o := t.opts
	c := &chunker{t: t, maxCount: o.MaxURLs, maxBytes: o.MaxBytes}
	c.elems = func(lo, hi int, emit func([]byte) error) error {
		var line []byte
		for i := lo; i < hi; i++ {
			line = append(append(line[:0], urls.At(i).Loc...), '\n')
			if err := emit(line); err != nil {
				return err
			}
		}
		return nil
	}
	err := c.elems(0, urls.Len(), func(line []byte) error {
		return c.add(line, func() string { return string(line[:len(line)-1]) }, time.Time{})
	})
	if err != nil {
		return err
	}
	if err := c.finish(); err != nil {
		return err
	}
	text := cmp.Or(t.opts.TextName, "sitemap.txt")
	name(c.files, text, strings.TrimSuffix(text, ".txt")+"-%d.txt")
	for _, f := range c.files {
		// The generator's own text sitemap at the name
		// (hexo-generator-sitemap's sitemap.txt, which hexo
		// generate leaves in place) ours writes over, as the
		// entry file writes over its sitemap.xml.
		if path, ok, _ := t.ours(f.name, ""); !ok && !t.generatorsText(f.name) {
			return &diag.Diagnostic{File: path, Msg: "no text sitemap written: the file is not one sitemapgen wrote (the site's own?); remove or rename it, or turn the text sitemap off"}
		}
	}
	return nil
}

// indexFiles makes the sitemap index files that list entries.
func (t *txn) indexFiles(entries []indexItem) (*chunker, error) {
	o := t.opts
	idx := &chunker{t: t, gzip: o.Gzip, header: withHead(indexOpen, t.head), footer: indexClose, maxCount: sitemap.MaxURLs, maxBytes: o.MaxBytes}
	idx.elems = func(lo, hi int, emit func([]byte) error) error {
		for _, e := range entries[lo:hi] {
			if err := emit(appendIndexEntry(nil, e.loc, e.lastmod, o.LastModFormat)); err != nil {
				return err
			}
		}
		return nil
	}
	for _, e := range entries {
		elem := appendIndexEntry(nil, e.loc, e.lastmod, o.LastModFormat)
		if err := idx.add(elem, func() string { return e.loc }, e.lastmod); err != nil {
			return nil, err
		}
	}
	if err := idx.finish(); err != nil {
		return nil, err
	}
	return idx, nil
}

// entry returns the name of the entry file: Filename, or sitemap.xml,
// and ".gz" with Gzip.
func (o *Options) entry() string {
	name := cmp.Or(o.Filename, "sitemap.xml")
	if o.Gzip {
		name += ".gz"
	}
	return name
}

// entryOurs returns an error when the entry file has a name of the
// user's (Options.Filename) and Dir holds a file of that name that no
// Write made and that is no sitemap (a page, a feed): it is not
// replaced. A sitemap there (the generator's, of the name it was told
// to write) is, as sitemap.xml always is.
func (t *txn) entryOurs(entry string) error {
	if t.opts.Filename == "" || t.opts.Filename == "sitemap.xml" {
		return nil
	}
	path, ok, _ := t.ours(entry, "")
	if ok || t.inRoot(func(r *fsx.Root) bool { return isSitemapFile(r, entry) }) {
		return nil
	}
	return &diag.Diagnostic{File: path, Msg: "not a sitemap, and not one sitemapgen wrote: not replaced; nothing written (remove or rename it, or choose another filename)"}
}

// planShards plans the <url> shards of a Write with a State, which is
// watch mode's after every change: the URLs the last Write wrote as they
// are now (reusable: the same URL, dates and the rest, at the same
// place) are not encoded again, their elements' sizes and digests are the
// State's, and a file's digest is that of its elements' digests. A shard
// of a set of several whose digest is that of the shard at its place in
// the last Write, or of a shard of that place a Write that failed put on
// disk, has its bytes, and its name; every other shard is written at
// once, to be named after its bytes. writeChanged decides about the
// rest. With sections, urls are g, the URLs section by section; the
// State keeps each URL's element at its place in the sorted order.
func (t *txn) planShards(urls sitemap.URLs, g *grouping, c *chunker, ext string) error {
	o, st := t.opts, t.state
	st.nextPlan = fmt.Sprint(o.LastModFormat, o.MaxURLs, o.MaxBytes, o.Gzip, c.header)
	var word [8]byte
	reusable := st.reusable
	if g != nil {
		reusable = func(i int, u *sitemap.URL) bool { return st.reusable(g.sorted(i), u) }
	}
	// known answers, on the encoding goroutines, whether the URL at i is
	// the last Write's, and keeps where it was for its element (lasts: a
	// goroutine writes only its own URLs' places). Such a Write is sparse
	// (State.lasts): it makes no list beside the last Write's.
	var known func(i int) bool
	if knownAt := st.known(urls, g, t.scopes != nil); knownAt == nil {
		st.dense(urls.Len())
		st.next = st.next[:urls.Len()]
	} else {
		st.sparse = true
		st.lasts = slices.Grow(st.lasts[:0], urls.Len())[:urls.Len()]
		known = func(i int) bool {
			last, ok := knownAt(i)
			st.lasts[i] = int32(last)
			return ok
		}
	}
	// A State that knows no file, and no element of this plan (its first
	// Write), keeps no file and reuses no element: each file is written
	// as it is planned, its elements encoded once.
	c.direct = len(st.files) == 0 && (!st.primed || st.plan != st.nextPlan)
	// place puts an element of size and digest sum in its file; elem is
	// its bytes, for a direct file (nil for one known unchanged, which
	// direct files never are).
	place := func(size int, sum uint64, loc func() string, lastmod time.Time, elem []byte) error {
		f, err := c.place(size, loc, lastmod)
		if err != nil {
			return err
		}
		binary.LittleEndian.PutUint64(word[:], sum)
		f.sum.Write(word[:])
		if f.direct {
			return f.out(elem)
		}
		f.size += size
		return nil
	}
	err := encodeEach(urls, o.LastModFormat, known, reusable, func(i int, elem []byte, u *sitemap.URL) error {
		if err := g.enter(c, i); err != nil {
			return err
		}
		if u == nil { // known: the last Write's element, whose URL was not asked for
			size, sum, e := st.entryKnown(i, int(st.lasts[i]))
			return place(size, sum, func() string { return urls.At(i).Loc }, e.lastMod(), nil)
		}
		t.takeNews(u)
		size, sum := st.entryOf(g.sorted(i), u, elem)
		if t.scopes != nil {
			t.inScope(g.sorted(i), u.Loc, size, sum)
		}
		return place(size, sum, func() string { return u.Loc }, u.LastMod, elem)
	})
	if err == nil {
		err = c.finish()
	}
	if err != nil {
		return err
	}
	if len(c.files) == 1 && !t.indexed() {
		if f := c.files[0]; f.direct {
			f.planned()
			f.content, f.marks = nil, nil // not a shard: named by the caller, never taken up
		}
		return nil
	}
	o.eachShard(c.files, func(k int, f *file, prefix string, n int) {
		f.shard = true
		if f.direct {
			f.planned()
			f.name, f.content = shardName(prefix, n, f.content, ext), nil
			return
		}
		f.digest = f.sum.Sum64()
		if name, ok := st.shardName(k, f.digest, prefix, n, ext); ok {
			f.name = name
			return
		}
		f.sum, f.content = nil, sha256.New()
		if err == nil {
			err = t.writeOut(f)
		}
		f.hashWait() // a writeOut that failed left its file open, and hashing
		f.name, f.content, f.early = shardName(prefix, n, f.content, ext), nil, true
	})
	return err
}

// indexed reports whether the entry file is an index however few the
// URLs: with sections or other applications' sitemaps, and when a URL
// has news (known once the URLs are encoded: takeNews).
func (t *txn) indexed() bool {
	return len(t.opts.Sections) > 0 || len(t.opts.Extra) > 0 || len(t.news) > 0
}

// eachShard calls fn with each shard of files, in order: its place k, the
// prefix of its name ("sitemap-", or "sitemap-NAME-" in a section) and
// its number n among the shards of its section (from 1).
func (o *Options) eachShard(files []*file, fn func(k int, f *file, prefix string, n int)) {
	n, group := 0, -1
	for k, f := range files {
		if f.group != group {
			group, n = f.group, 0
		}
		n++
		prefix := "sitemap-"
		if f.group < len(o.Sections) {
			prefix += o.Sections[f.group] + "-"
		}
		fn(k, f, prefix, n)
	}
}

// extensions reports whether a URL of urls has hreflang alternates,
// images or videos: the urlset then declares the xhtml, image or video
// namespace. URLs that know one without going through every URL say so
// by a method HasAlternates, HasImages or HasVideos; the others are
// found in one pass over the URLs, which ends once each is found.
func extensions(urls sitemap.URLs) (alternates, images, videos bool) {
	var known [3]bool
	if a, ok := urls.(interface{ HasAlternates() bool }); ok {
		alternates, known[0] = a.HasAlternates(), true
	}
	if a, ok := urls.(interface{ HasImages() bool }); ok {
		images, known[1] = a.HasImages(), true
	}
	if a, ok := urls.(interface{ HasVideos() bool }); ok {
		videos, known[2] = a.HasVideos(), true
	}
	found := func() bool { return (known[0] || alternates) && (known[1] || images) && (known[2] || videos) }
	u := new(sitemap.URL) // one for all: a local's address would escape for each
	for i := 0; i < urls.Len() && !found(); i++ {
		*u = urls.At(i)
		alternates = alternates || !known[0] && len(u.Alternates) > 0
		images = images || !known[1] && len(u.Images) > 0
		videos = videos || !known[2] && len(u.Videos) > 0
	}
	return alternates, images, videos
}

// shardName names the nth shard of an index (of a section, with its
// prefix) after its content, whose digest is content: prefix N-HASH.xml,
// sitemap-N-HASH.xml or sitemap-NAME-N-HASH.xml, HASH being ten hex
// digits of the SHA-256 of its uncompressed bytes. A shard whose bytes
// change gets a new name, so the new shards never replace the ones the old
// index lists: until the new index is renamed into place, the folder holds
// the old set whole.
func shardName(prefix string, n int, content hash.Hash, ext string) string {
	var sum [sha256.Size]byte
	return prefix + strconv.Itoa(n) + "-" + hex.EncodeToString(content.Sum(sum[:0])[:5]) + ext
}

// name names files single when there is one, else numbered from 1.
func name(files []*file, single, numbered string) {
	if len(files) == 1 && single != "" {
		files[0].name = single
		return
	}
	for i, f := range files {
		f.name = fmt.Sprintf(numbered, i+1)
	}
}
