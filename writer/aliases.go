package writer

// The generator's sitemap URLs a search engine may have been given, kept
// answering when ours take them over: an alias is a file of the set at
// such a URL that leads to the set's URLs, as the protocol's scope lets
// a file at that URL lead.
//
// Which of the generator's files are such URLs: every file at the root,
// an index, a sitemap no index lists, and the parts an index of the
// generator lists beside itself (Astro's and next-sitemap's
// sitemap-0.xml, Zola's sitemap1.xml): a search engine may have been
// given any of them, so each keeps answering (issue 87; before, the
// parts were removed, and their URLs answered 404 after the switch).
// next-sitemap's sitemap-1.xml … answer too: the set's shards are
// named with a hash (sitemap-1-0123456789.xml), so the name is never
// theirs (issue 98; before, such a part was removed). The
// parts of an index in a folder, and the files of a folder the
// generator keeps to itself (Nuxt's __sitemap__/), are removed.
// A sitemap of a folder of its own (Hugo's en/sitemap.xml, Docusaurus'
// fr/sitemap.xml) is the sitemap of that part of the site, which Search
// Console takes for a property of that folder: it keeps answering, even
// when the generator's root index listed it.
//
// What an alias holds follows from where it is:
//
//   - at the root (Astro's sitemap-index.xml, MkDocs' sitemap.xml.gz,
//     Hugo's sitemap.xml when ours is renamed): an index of what the
//     entry file leads to, the entries of the set's index, or the entry
//     file itself when it is the one urlset (an index cannot list an
//     index: Google reads no nested one);
//   - in a folder (Hugo's LANG/sitemap.xml): the set's URLs under that
//     folder, and no other (a sitemap lists only URLs under its own
//     folder, and an index there only files under it): a urlset, or, past
//     the limits, an index of urlsets of its own in that folder,
//     FOLDER/sitemap-N-HASH.xml. A folder under which no URL of the set
//     lies has none: its file is removed (Result.Unanswered).
//
// An alias is gzip-compressed when its name ends in .gz, whatever
// Options.Gzip says: it answers at the generator's URL as the
// generator's file did. Each starts, after the XML declaration (and the
// stylesheet's instruction), with aliasMark: a file there without it is
// not ours (the generator wrote it again since), and never removed as a
// stale alias. Aliases are files of the set like the others: written
// through a temporary file and renamed, after the entry file; kept when
// unchanged with a State; compared by Check; listed in the record, with
// their kind. Once written, an alias is written again at every Write
// that takes over (Options.TakeOver), whether or not the generator
// still names it: its URL was published; one at a shard's name of
// old, sitemap-1.xml, too, which the record's kind tells from a shard
// (before, the second run after next-sitemap's switch on a server build
// removed it as a stale shard). It goes with a Write that
// takes nothing over (--keep-generator-sitemaps), or, in a folder, when
// no URL of the set lies under it (Result.Unanswered).

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/klauspost/compress/gzip"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// aliasMark is in the head of every file of an alias.
const aliasMark = "<!-- sitemapgen: at the URL of an earlier sitemap, leading to the set's -->\n"

// An alias is a generator's sitemap URL that answers with a file of the
// set.
type alias struct {
	name string // its path in Dir, with "/"
	gzip bool
	// scope is, for a file in a folder, the URL its URLs lie under
	// (BaseURL, the folder and "/"); "" at the root.
	scope string
	// urls are, with a scope, the URLs of the set under it, as the
	// shards' encoding meets them (inScope).
	urls []scoped
	// absent says no file of the generator's is at its name: it is one
	// of Options.Answer, and without URLs of the set it is no alias and
	// no file taken over.
	absent bool
	// again says the file at its name is an earlier Write's alias: no
	// file of the generator's is replaced (Result.Again).
	again bool
}

// scoped is a URL of an alias's scope: its place in the URLs' order,
// and, planned with a State, its element's size and digest.
type scoped struct {
	i    int32
	size int32
	sum  uint64
}

// indexItem is an entry of an index: the URL of a file, and the newest
// lastmod of its URLs.
type indexItem struct {
	loc     string
	lastmod time.Time
}

// findAliases decides, with Options.TakeOver, which of the generator's
// sitemaps in Dir answer with a file of the set once it is written
// (t.aliases) and which go (t.foreign), before the URLs are encoded:
// an alias in a folder takes its URLs as they are met. entry is the
// set's entry file, which replaces the generator's of its name by
// writing over it. The candidates are the files ForeignSitemaps finds
// (those an earlier Write made at such a name among them: a name's
// alias is written again), and the aliases the record lists whose file
// is still ours (it has aliasMark) or gone: a URL that answered once
// may be in a search engine's hands, so it answers at every Write that
// takes over, whether or not the generator still names it (issue 98:
// next-sitemap's sitemap-0.xml, once the plugin was gone, was removed
// at the second run). The names of Options.Answer answer too, where no
// file is or the file is ours, with or without TakeOver.
func (t *txn) findAliases(entry string) error {
	o := t.opts
	ownShard := func(name string) bool {
		base := path.Base(name)
		return isShardName(base) && (hashedName(base) || t.recordKind[name] != kindAlias)
	}
	takes := o.TakeOver
	if takes == nil {
		if len(o.Answer) == 0 {
			return nil
		}
		takes = func(string) bool { return false }
	}
	// The set's shards are never another's (an alias's in a folder,
	// FOLDER/sitemap-N-HASH.xml, neither); a file of the set at a name
	// the generator writes is: its alias is written again. An alias at a
	// shard's name without a hash (next-sitemap's sitemap-1.xml) is no
	// shard: the record's kind says so.
	own := func(name string) bool {
		return name == entry || slices.Contains(t.recorded, name) && ownShard(name)
	}
	var found []string
	var err error
	t.inRoot(func(r *fsx.Root) bool { found, err = foreignSitemapsIn(r, takes, own); return true })
	if err != nil {
		return err
	}
	for _, name := range t.recorded {
		if o.TakeOver == nil || t.recordKind[name] != kindAlias || ownShard(name) || name == entry || slices.Contains(found, name) {
			continue
		}
		if _, err := t.lstat(name); !errors.Is(err, fs.ErrNotExist) && !t.inRoot(func(r *fsx.Root) bool { return marked(r, name) }) {
			continue // there, and not ours: not ours to write over
		}
		if dir := path.Dir(name); dir != "." {
			if fi, err := t.lstat(dir); err != nil || !fi.IsDir() {
				continue
			}
		}
		found = append(found, name)
	}
	var absent []string
	for _, name := range o.Answer {
		dir := path.Dir(name)
		if name == entry || slices.Contains(found, name) || dir == "." && isShardName(name) && hashedName(name) {
			continue // the entry file answers; a name of ours is ours
		}
		_, err := t.lstat(name)
		switch {
		case err == nil && t.inRoot(func(r *fsx.Root) bool { return marked(r, name) }):
			found = append(found, name) // ours: written again
			continue
		case !errors.Is(err, fs.ErrNotExist):
			continue // there, and not found: no sitemap, not ours
		}
		if fi, err := t.lstat(dir); err != nil || !fi.IsDir() {
			continue
		}
		found = append(found, name)
		absent = append(absent, name)
	}
	slices.Sort(found)
	// The parts of the generator's indexes: the files each lists beside
	// itself. The entry file is read too, when it is a name of the
	// generator's: next-sitemap's sitemap.xml, an index of its
	// sitemap-0.xml …, which ours writes over.
	parts := map[string]bool{}
	again := map[string]bool{} // the files of found that are an earlier Write's aliases
	for _, name := range found {
		again[name] = t.inRoot(func(r *fsx.Root) bool { return marked(r, name) })
	}
	indexes := found
	if takes(entry) {
		indexes = append(slices.Clone(found), entry)
	}
	for _, name := range indexes {
		if slices.Contains(t.recorded, name) && t.recordKind[name] != kindAlias || again[name] {
			continue // ours, of an earlier Write: its entries are ours
		}
		t.inRoot(func(r *fsx.Root) bool {
			for _, p := range listedBeside(r, name, o.BaseURL) {
				parts[p] = true
			}
			return true
		})
	}
	for _, name := range found {
		dir := path.Dir(name)
		switch {
		case dir == "." && parts[name] && isShardName(name) && hashedName(name), dir != "." && (parts[name] || takes(dir+"/")):
			// A part of an index in a folder, or a folder the generator
			// keeps to itself (Nuxt's __sitemap__/), goes; at the root,
			// a part answers (below) unless its name is one the set's
			// own shards take (with its hash: next-sitemap's
			// sitemap-1.xml answers).
			t.foreign = append(t.foreign, name)
		case dir == ".":
			t.aliases = append(t.aliases, &alias{name: name, gzip: strings.HasSuffix(name, ".gz"), absent: slices.Contains(absent, name), again: again[name]})
		default:
			t.aliases = append(t.aliases, &alias{name: name, gzip: strings.HasSuffix(name, ".gz"), scope: o.BaseURL + url.PathEscape(dir) + "/", absent: slices.Contains(absent, name), again: again[name]})
		}
	}
	for _, a := range t.aliases {
		if a.scope != "" {
			t.scopes = append(t.scopes, a)
		}
	}
	return nil
}

// inScope takes the URL at i (its place in the URLs' order), whose loc is
// loc, for each alias under whose folder it lies; size and sum are its
// element's, with a State's plan. The shards' encoding calls it for
// every URL, in their order: an alias costs no pass over the URLs of its
// own.
func (t *txn) inScope(i int, loc string, size int, sum uint64) {
	for _, a := range t.scopes {
		if strings.HasPrefix(loc, a.scope) {
			a.urls = append(a.urls, scoped{int32(i), int32(size), sum})
		}
	}
}

// writeAliases adds the files of the aliases to the set, after the entry
// file: root is what an alias at the root lists, the entries of the
// set's (first) index, or the entry file when it is the one urlset;
// partial says the set has more index files than that one. An alias in
// a folder without a URL of the set goes, as the generator's files that
// are not aliases do.
func (t *txn) writeAliases(urls sitemap.URLs, header string, root []indexItem, partial bool, res *Result) error {
	o := t.opts
	head := t.head + aliasMark
	for _, a := range t.aliases {
		var cut bool
		var err error
		switch {
		case a.scope == "":
			var items []indexItem
			if items, cut = fitIndex(root, withHead(indexOpen, head), o); len(items) == 0 {
				break // not one entry under a tiny max_bytes: no index
			}
			err = t.addIndex(a.name, a.gzip, withHead(indexOpen, head), items)
			cut = cut || partial
		case len(a.urls) > 0:
			cut, err = t.addScoped(urls, a, withHead(header, head), head)
		}
		switch {
		case err != nil:
			return err
		case a.absent && a.scope != "" && len(a.urls) == 0:
			continue // nothing there, and nothing to answer with
		case len(t.files) == 0 || t.files[len(t.files)-1].name != a.name:
			// No file: the generator's goes, and its URL no longer
			// answers.
			t.foreign = append(t.foreign, a.name)
			res.Unanswered = append(res.Unanswered, a.name)
			continue
		}
		res.Aliases = append(res.Aliases, a.name)
		switch {
		case a.absent:
			res.Answered = append(res.Answered, a.name)
		case a.again:
			res.Again = append(res.Again, a.name)
		}
		if cut {
			res.Partial = append(res.Partial, a.name)
		}
	}
	slices.Sort(t.foreign)
	return nil
}

// fitIndex returns the first of items that one index file with the
// header head holds within the protocol's 50,000 entries and
// Options.MaxBytes, and whether some did not fit.
func fitIndex(items []indexItem, head string, o Options) ([]indexItem, bool) {
	size := len(head) + len(indexClose)
	for k, e := range items {
		size += len(appendIndexEntry(nil, e.loc, e.lastmod, o.LastModFormat))
		if k == sitemap.MaxURLs || size >= o.MaxBytes {
			return items[:k], true
		}
	}
	return items, false
}

// addIndex adds to the set an index file name listing items, with the
// header head.
func (t *txn) addIndex(name string, gz bool, head string, items []indexItem) error {
	o := t.opts
	c := &chunker{t: t, gzip: gz, header: head, footer: indexClose, maxCount: sitemap.MaxURLs, maxBytes: o.MaxBytes}
	c.elems = func(lo, hi int, emit func([]byte) error) error {
		for _, e := range items[lo:hi] {
			if err := emit(appendIndexEntry(nil, e.loc, e.lastmod, o.LastModFormat)); err != nil {
				return err
			}
		}
		return nil
	}
	if err := c.elems(0, len(items), func(elem []byte) error {
		return c.add(elem, func() string { return name }, time.Time{})
	}); err != nil {
		return err
	}
	if err := c.finish(); err != nil {
		return err
	}
	for _, f := range c.files { // one: fitIndex made them fit
		f.name, f.alias = name, true
	}
	return nil
}

// addScoped adds to the set the files of the alias a in a folder: a
// urlset of its URLs with the header header, or, past the limits, its
// urlsets, FOLDER/sitemap-N-HASH.xml, and an index of them at its name,
// each file with head after its declaration. cut says the index holds
// the first of them alone: more than 50,000.
func (t *txn) addScoped(urls sitemap.URLs, a *alias, header, head string) (cut bool, err error) {
	o := t.opts
	// Met section by section with sections: in the URLs' order again.
	slices.SortFunc(a.urls, func(x, y scoped) int { return cmp.Compare(x.i, y.i) })
	sub := scopedURLs{urls, a.urls}
	ext := ".xml"
	if a.gzip {
		ext = ".xml.gz"
	}
	c := &chunker{t: t, gzip: a.gzip, header: header, footer: urlsetClose, maxCount: o.MaxURLs, maxBytes: o.MaxBytes, named: true}
	c.elems = func(lo, hi int, emit func([]byte) error) error {
		return encodeURLs(span{sub, lo, hi}, o.LastModFormat, func(_ int, elem []byte, _ time.Time) error { return emit(elem) })
	}
	if t.state != nil && !o.Check {
		// Planned from the elements' digests, as the shards are.
		var word [8]byte
		for k := range a.urls {
			s := &a.urls[k]
			u := sub.At(k)
			f, perr := c.place(int(s.size), func() string { return u.Loc }, u.LastMod)
			if perr != nil {
				return false, perr
			}
			f.size += int(s.size)
			binary.LittleEndian.PutUint64(word[:], s.sum)
			f.sum.Write(word[:])
		}
		err = c.finish()
	} else {
		err = encodeURLs(sub, o.LastModFormat, func(k int, elem []byte, lastmod time.Time) error {
			u := sub.At(k)
			return c.add(elem, func() string { return u.Loc }, lastmod)
		})
		if err == nil {
			err = c.finish()
		}
	}
	if err != nil {
		return false, err
	}
	for _, f := range c.files {
		f.alias = true
	}
	if len(c.files) == 1 {
		c.files[0].name, c.files[0].content = a.name, nil
		return false, nil
	}
	// Split: its urlsets beside it, named after their content, and the
	// index at its name.
	prefix := path.Dir(a.name) + "/sitemap-"
	for n, f := range c.files {
		switch {
		case t.state == nil || o.Check:
			f.name = shardName(prefix, n+1, f.content, ext)
		default:
			f.digest = f.sum.Sum64()
			if name, ok := t.state.shardName(-1, f.digest, prefix, n+1, ext); ok {
				f.name = name
				break
			}
			f.sum, f.content = nil, sha256.New()
			if err := t.writeOut(f); err != nil {
				f.hashWait() // left open by the failure, and hashing
				return false, err
			}
			f.name, f.content, f.early = shardName(prefix, n+1, f.content, ext), nil, true
		}
	}
	items := make([]indexItem, len(c.files))
	for n, f := range c.files {
		items[n] = indexItem{o.SitemapsURL + f.name, f.newest}
	}
	items, cut = fitIndex(items, withHead(indexOpen, head), o)
	return cut, t.addIndex(a.name, a.gzip, withHead(indexOpen, head), items)
}

// scopedURLs are the URLs of an alias's scope, in order.
type scopedURLs struct {
	urls sitemap.URLs
	in   []scoped
}

func (s scopedURLs) Len() int             { return len(s.in) }
func (s scopedURLs) At(i int) sitemap.URL { return s.urls.At(int(s.in[i].i)) }

// listedBeside returns the files, by their path in the folder root, that
// the sitemap index name in it lists in its own folder: the parts of a
// generator's index. A file that is not an index, or cannot be read,
// lists none. The entries' URLs are taken by their path under baseURL's,
// whatever their host (the generator's configuration may name another).
// The file is read through the one door, within the protocol's limits.
func listedBeside(root *fsx.Root, name, baseURL string) []string {
	b, err := url.Parse(baseURL)
	if err != nil {
		return nil
	}
	f, err := root.Open(name, sitemap.MaxBytes, protocolLimit)
	if err != nil {
		return nil
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil
		}
		r = io.LimitReader(zr, sitemap.MaxBytes)
	}
	d := xml.NewDecoder(r)
	var parts []string
	var loc *strings.Builder
	depth, entries := 0, 0
	for entries <= sitemap.MaxURLs {
		tok, err := d.Token()
		if err != nil {
			break
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			switch {
			case depth == 1 && (t.Name.Local != "sitemapindex" || t.Name.Space != sitemap.Namespace):
				return nil
			case depth == 3 && t.Name.Local == "loc" && t.Name.Space == sitemap.Namespace:
				loc = new(strings.Builder)
			}
		case xml.CharData:
			if loc != nil {
				loc.Write(t)
			}
		case xml.EndElement:
			depth--
			if loc == nil || depth != 2 {
				continue
			}
			entries++
			if u, err := url.Parse(strings.TrimSpace(loc.String())); err == nil {
				if rel, ok := strings.CutPrefix(u.Path, b.Path); ok && path.Dir(rel) == path.Dir(name) {
					parts = append(parts, rel)
				}
			}
			loc = nil
		}
	}
	return parts
}

// IsAlias reports whether the file rel of the folder root is an alias's
// file, which a Write made at the URL of a generator's sitemap: neither
// the generator's nor the site's own, though it has the name of one.
func IsAlias(root *fsx.Root, rel string) bool { return marked(root, rel) }

// CheckAnswer returns an error unless name may be one of
// [Options.Answer] given by the user (published_sitemaps): a sitemap's
// name, ending in .xml or .xml.gz, at the top of the output folder or in
// a folder there, as a path from it with "/", no segment "." or "..",
// none hidden.
func CheckAnswer(name string) error {
	if !aliasName(name) {
		return fmt.Errorf("%q: want the path of a sitemap file in the site folder (sitemap-0.xml, fr/sitemap.xml), ending in .xml or .xml.gz, in a folder at its top at most", name)
	}
	return nil
}

// marked reports whether the file rel in root starts as an alias's files
// do: with aliasMark in its first 2 KiB, uncompressed.
func marked(root *fsx.Root, rel string) bool {
	head, ok := sitemapHead(root, rel)
	return ok && bytes.Contains(head, []byte(aliasMark))
}
