package writer

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// The generators' sitemaps of the alias tests: Hugo's multilingual index
// and its languages' urlsets, @astrojs/sitemap's index and its part,
// MkDocs' gzipped copy.
const (
	hugoIndex = `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://example.com/en/sitemap.xml</loc></sitemap>
  <sitemap><loc>https://example.com/fr/sitemap.xml</loc></sitemap>
  <sitemap><loc>https://example.com/de/sitemap.xml</loc></sitemap>
</sitemapindex>
`
	astroIndex = `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://example.com/sitemap-0.xml</loc></sitemap></sitemapindex>`
	genURLset  = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/en/</loc></url></urlset>
`
)

// aliasSite writes the generators' sitemaps into a new folder and returns
// it.
func aliasSite(t *testing.T) string {
	t.Helper()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(genURLset))
	zw.Close()
	dir := t.TempDir()
	for name, body := range map[string]string{
		"sitemap.xml":       hugoIndex,
		"en/sitemap.xml":    genURLset,
		"fr/sitemap.xml":    genURLset,
		"de/sitemap.xml":    genURLset,
		"sitemap-index.xml": astroIndex,
		"sitemap-0.xml":     genURLset,
		"sitemap.xml.gz":    gz.String(),
		"en/index.html":     "<p>a page",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// aliasTakes names the generators' sitemaps of aliasSite.
func aliasTakes(name string) bool {
	return slices.Contains([]string{"sitemap.xml", "sitemap.xml.gz", "en/sitemap.xml", "fr/sitemap.xml", "de/sitemap.xml", "sitemap-index.xml", "sitemap-0.xml"}, name)
}

// aliasURLs has URLs at the root and under /en/ and /fr/, none under
// /de/.
var aliasURLs = sitemap.Slice{
	{Loc: base, LastMod: day(1)},
	{Loc: base + "about/", LastMod: day(2)},
	{Loc: base + "en/", LastMod: day(3)},
	{Loc: base + "en/a/", LastMod: day(4)},
	{Loc: base + "en/b/"},
	{Loc: base + "fr/", LastMod: day(5)},
	{Loc: base + "french/"}, // not under /fr/
}

// tree returns the names, with "/", and bytes of every file under dir.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		m[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// reach returns the URLs the sitemap file name of dir leads to: its own
// <url>s, or those of the files its index lists, which must be files of
// dir under base; and the files it read.
func reach(t *testing.T, dir, name string) (urls, read []string) {
	t.Helper()
	f, err := sitemaptest.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	read = append(read, name)
	if f.Root == "urlset" {
		for _, e := range f.Entries {
			urls = append(urls, e.Loc)
		}
		return urls, read
	}
	for _, e := range f.Entries {
		rel, ok := strings.CutPrefix(e.Loc, base)
		if !ok {
			t.Fatalf("%s lists %s, not under %s", name, e.Loc, base)
		}
		sub, err := sitemaptest.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		if sub.Root != "urlset" {
			t.Fatalf("%s lists %s, an index: no search engine reads an index an index lists", name, rel)
		}
		read = append(read, rel)
		for _, u := range sub.Entries {
			if u.News == nil {
				urls = append(urls, u.Loc)
			}
		}
	}
	slices.Sort(urls)
	return slices.Compact(urls), read
}

// under returns the locs of urls under prefix, sorted.
func under(urls sitemap.Slice, prefix string) []string {
	var locs []string
	for _, u := range urls {
		if strings.HasPrefix(u.Loc, prefix) {
			locs = append(locs, u.Loc)
		}
	}
	slices.Sort(locs)
	return locs
}

// validateFolder checks dir with sitemapgen's validate, as 'sitemapgen
// validate' does (the aliases its record lists told apart), and with the
// official schemas.
func validateFolder(t *testing.T, dir string) {
	t.Helper()
	problems, _, err := validate.Check([]string{dir}, validate.Options{BaseURL: base, Recorded: Recorded, Aliases: RecordedAliases})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("validate: %s", p)
	}
	sitemaptest.MustValidate(t, dir)
}

// TestAliases: every sitemap URL the generators published keeps
// answering once ours take them over: at the root with an index of
// ours (Astro's sitemap-index.xml, MkDocs' gzipped sitemap.xml.gz), in a
// language's folder with our URLs under it and no other (Hugo's
// en/sitemap.xml, fr/sitemap.xml), and the part an index of the
// generator lists beside it (Astro's sitemap-0.xml) too, with an index
// of ours (issue 87); a folder without a URL of ours under it (de/) is
// removed. Each reaches every URL it may list;
// validate passes on the folder; the record lists them; another Write
// gives the same bytes, a check finds nothing to change, and a watch
// session's Write the fresh build's bytes.
func TestAliases(t *testing.T) {
	for _, tt := range []struct {
		name string
		opts Options
		// entry is our entry file; root the aliases at the root, which
		// reach every URL; index says ours is an index.
		entry string
		root  []string
		index bool
	}{
		{name: "one urlset", entry: "sitemap.xml", root: []string{"sitemap-index.xml", "sitemap.xml.gz"}},
		{name: "index", opts: Options{MaxURLs: 2}, entry: "sitemap.xml", root: []string{"sitemap-index.xml", "sitemap.xml.gz"}, index: true},
		{name: "gzip", opts: Options{Gzip: true}, entry: "sitemap.xml.gz", root: []string{"sitemap-index.xml", "sitemap.xml"}},
		{name: "renamed", opts: Options{Filename: "sitemap_index.xml"}, entry: "sitemap_index.xml", root: []string{"sitemap-index.xml", "sitemap.xml", "sitemap.xml.gz"}},
		{name: "stylesheet", opts: Options{XSL: "/sitemap.xsl"}, entry: "sitemap.xml", root: []string{"sitemap-index.xml", "sitemap.xml.gz"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := aliasSite(t)
			opts := tt.opts
			opts.Dir, opts.BaseURL, opts.TakeOver = dir, base, aliasTakes
			res, err := Write(aliasURLs, opts)
			if err != nil {
				t.Fatal(err)
			}
			wantAliases := append(slices.Clone(tt.root), "en/sitemap.xml", "fr/sitemap.xml", "sitemap-0.xml")
			slices.Sort(wantAliases)
			if !slices.Equal(res.Aliases, wantAliases) {
				t.Errorf("Aliases %q, want %q", res.Aliases, wantAliases)
			}
			if want := []string{"de/sitemap.xml"}; !slices.Equal(res.TakenOver, want) {
				t.Errorf("TakenOver %q, want %q", res.TakenOver, want)
			}
			if want := []string{"de/sitemap.xml"}; !slices.Equal(res.Unanswered, want) {
				t.Errorf("Unanswered %q, want %q", res.Unanswered, want)
			}
			got := tree(t, dir)
			for _, name := range res.TakenOver {
				if _, ok := got[name]; ok {
					t.Errorf("%s is still there", name)
				}
			}
			all := under(aliasURLs, base)
			for _, name := range append([]string{tt.entry}, tt.root...) {
				if urls, _ := reach(t, dir, name); !slices.Equal(urls, all) {
					t.Errorf("%s reaches %q, want every URL %q", name, urls, all)
				}
			}
			for _, lang := range []string{"en", "fr"} {
				name := lang + "/sitemap.xml"
				urls, read := reach(t, dir, name)
				if want := under(aliasURLs, base+lang+"/"); !slices.Equal(urls, want) {
					t.Errorf("%s reaches %q, want the URLs under /%s/ %q", name, urls, lang, want)
				}
				for _, r := range read[1:] {
					if !strings.HasPrefix(r, lang+"/") {
						t.Errorf("%s lists %s, outside its folder", name, r)
					}
				}
			}
			// The gzipped names are gzip.
			for name, body := range got {
				if strings.HasSuffix(name, ".gz") && !strings.HasPrefix(body, "\x1f\x8b") {
					t.Errorf("%s is not gzip", name)
				}
			}
			// Every file of the set starts with the stylesheet's line
			// when there is one, an alias's with its mark after it.
			for _, name := range res.Written {
				data, err := sitemaptest.ReadBytes(filepath.Join(dir, filepath.FromSlash(name)))
				if err != nil {
					t.Fatal(err)
				}
				head := xmlDecl + stylesheet(opts.XSL)
				if slices.Contains(res.Aliases, name) {
					head += aliasMark
				}
				if !strings.HasPrefix(string(data), head) {
					t.Errorf("%s starts %.200q, want %q", name, data, head)
				}
			}
			if tt.opts.XSL != "" && !strings.Contains(got["sitemap.xml"], `<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>`) {
				t.Errorf("no stylesheet line in sitemap.xml:\n%s", got["sitemap.xml"])
			}
			validateFolder(t, dir)

			// The record lists the aliases with their kind.
			record := got[RecordName]
			for _, name := range res.Aliases {
				if !strings.Contains(record, "\n"+name+"\talias\n") {
					t.Errorf("the record does not list %s as an alias:\n%s", name, record)
				}
			}
			// With the urlsets of a folder's alias, split.
			aliases, _ := RecordedAliases(dir)
			if shards := slices.DeleteFunc(slices.Clone(aliases), func(n string) bool { return slices.Contains(res.Aliases, n) }); len(aliases)-len(shards) != len(res.Aliases) ||
				slices.ContainsFunc(shards, func(n string) bool { return !shardDigest.MatchString(path.Base(n)) || path.Dir(n) == "." }) {
				t.Errorf("RecordedAliases %q, want %q and their folders' shards", aliases, res.Aliases)
			}
			if e, _ := RecordedEntries(dir, 0); len(e) != 1 || e[0] != tt.entry {
				t.Errorf("RecordedEntries %q, want %q", e, tt.entry)
			}

			// The same input, the same bytes: in this folder, where
			// the aliases are ours now, and in a new one.
			if _, err := Write(aliasURLs, opts); err != nil {
				t.Fatal(err)
			}
			if again := tree(t, dir); !equalTrees(again, got) {
				t.Errorf("a second Write changed the folder: %v", diffTrees(again, got))
			}
			fresh := aliasSite(t)
			o := opts
			o.Dir = fresh
			if _, err := Write(aliasURLs, o); err != nil {
				t.Fatal(err)
			}
			if other := tree(t, fresh); !equalTrees(other, got) {
				t.Errorf("the same input in another folder: %v", diffTrees(other, got))
			}
			// A check finds nothing to change; before the build, it
			// finds every alias.
			o.Check = true
			if res, err := Write(aliasURLs, o); err != nil || len(res.Differ) > 0 {
				t.Errorf("check after the build: differ %q, %v", res.Differ, err)
			}
			o.Dir = aliasSite(t)
			if res, err := Write(aliasURLs, o); err != nil {
				t.Fatal(err)
			} else {
				for _, name := range append(res.Aliases, res.TakenOver...) {
					if !slices.Contains(res.Differ, name) {
						t.Errorf("check before the build: %s not in Differ %q", name, res.Differ)
					}
				}
			}
			// A watch session's Writes give a fresh build's bytes.
			o.Check, o.Dir, o.State = false, aliasSite(t), NewState()
			for range 2 {
				if _, err := Write(aliasURLs, o); err != nil {
					t.Fatal(err)
				}
				if w := tree(t, o.Dir); !equalTrees(w, got) {
					t.Errorf("with a State: %v", diffTrees(w, got))
				}
			}
		})
	}
}

func equalTrees(a, b map[string]string) bool { return len(diffTrees(a, b)) == 0 }

// diffTrees names the files that differ between a and b.
func diffTrees(a, b map[string]string) []string {
	var d []string
	for name, v := range a {
		if w, ok := b[name]; !ok || w != v {
			d = append(d, name)
		}
	}
	for name := range b {
		if _, ok := a[name]; !ok {
			d = append(d, name)
		}
	}
	slices.Sort(d)
	return d
}

// TestAliasSplit: an alias in a folder whose URLs pass the limits is an
// index of urlsets of its own beside it, in that folder.
func TestAliasSplit(t *testing.T) {
	for _, st := range []*State{nil, NewState()} {
		dir := aliasSite(t)
		opts := Options{Dir: dir, BaseURL: base, TakeOver: aliasTakes, MaxURLs: 2, State: st}
		res, err := Write(aliasURLs, opts)
		if err != nil {
			t.Fatal(err)
		}
		urls, read := reach(t, dir, "en/sitemap.xml")
		if want := under(aliasURLs, base+"en/"); !slices.Equal(urls, want) {
			t.Errorf("en/sitemap.xml reaches %q, want %q", urls, want)
		}
		if len(read) != 3 || !strings.HasPrefix(read[1], "en/sitemap-1-") || !strings.HasPrefix(read[2], "en/sitemap-2-") {
			t.Errorf("en/sitemap.xml lists %q, want en/sitemap-1-HASH.xml and en/sitemap-2-HASH.xml", read[1:])
		}
		validateFolder(t, dir)
		// Fewer URLs: one urlset again, the folder's shards removed.
		fewer := slices.DeleteFunc(slices.Clone(aliasURLs), func(u sitemap.URL) bool { return u.Loc == base+"en/b/" })
		res, err = Write(fewer, opts)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(res.Removed, func(n string) bool { return strings.HasPrefix(n, "en/sitemap-") }) {
			t.Errorf("the folder's shards not removed: %q", res.Removed)
		}
		if _, read := reach(t, dir, "en/sitemap.xml"); len(read) != 1 {
			t.Errorf("en/sitemap.xml lists %q", read[1:])
		}
		for name := range tree(t, filepath.Join(dir, "en")) {
			if strings.HasPrefix(name, "sitemap-") {
				t.Errorf("en/%s left behind", name)
			}
		}
	}
}

// TestAliasesGone: an alias keeps answering when the generator no
// longer names it (its plugin gone, a language dropped: issue 98, where
// it was removed), said as written again, not as a generator's file
// replaced; all of them go without TakeOver; but a file at an alias's
// name that the generator wrote again since (without the alias's mark)
// is the generator's, and stays.
func TestAliasesGone(t *testing.T) {
	dir := aliasSite(t)
	opts := Options{Dir: dir, BaseURL: base, TakeOver: aliasTakes}
	first, err := Write(aliasURLs, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Again) > 0 {
		t.Errorf("the first Write's Again %q: every file was the generator's", first.Again)
	}
	written := tree(t, dir)
	opts.TakeOver = func(name string) bool { return name != "fr/sitemap.xml" && name != "sitemap-0.xml" && aliasTakes(name) }
	res, err := Write(aliasURLs, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Aliases, first.Aliases) || len(res.Removed) > 0 {
		t.Errorf("the generator no longer names fr/sitemap.xml and sitemap-0.xml: Aliases %q, removed %q; want Aliases %q", res.Aliases, res.Removed, first.Aliases)
	}
	if !slices.Equal(res.Again, res.Aliases) {
		t.Errorf("Again %q, want %q: each file was ours", res.Again, res.Aliases)
	}
	if got := tree(t, dir); !equalTrees(got, written) {
		t.Errorf("the files changed: %v", diffTrees(got, written))
	}
	// The generator writes en/sitemap.xml again; then ours keep its.
	if err := os.WriteFile(filepath.Join(dir, "en", "sitemap.xml"), []byte(genURLset), 0o644); err != nil {
		t.Fatal(err)
	}
	opts.TakeOver = nil
	res, err = Write(aliasURLs, opts)
	if err != nil {
		t.Fatal(err)
	}
	got := tree(t, dir)
	if got["en/sitemap.xml"] != genURLset {
		t.Errorf("en/sitemap.xml, the generator's again, was replaced or removed")
	}
	for _, name := range []string{"sitemap-index.xml", "sitemap.xml.gz"} {
		if _, ok := got[name]; ok || !slices.Contains(res.Removed, name) {
			t.Errorf("%s, an alias of ours, not removed without TakeOver: removed %q", name, res.Removed)
		}
	}
	if aliases, _ := RecordedAliases(dir); len(aliases) > 0 {
		t.Errorf("the record still lists %q", aliases)
	}
}

// TestAliasWrittenAgain: an alias whose file is gone is written again
// while the generator names it; a file there that is no sitemap is not
// written over.
func TestAliasWrittenAgain(t *testing.T) {
	dir := aliasSite(t)
	opts := Options{Dir: dir, BaseURL: base, TakeOver: aliasTakes}
	first, err := Write(aliasURLs, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := tree(t, dir)
	os.Remove(filepath.Join(dir, "sitemap-index.xml"))
	os.Remove(filepath.Join(dir, "en", "sitemap.xml"))
	res, err := Write(aliasURLs, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Aliases, first.Aliases) {
		t.Errorf("Aliases %q, want %q", res.Aliases, first.Aliases)
	}
	if got := tree(t, dir); !equalTrees(got, want) {
		t.Errorf("not written again: %v", diffTrees(got, want))
	}
}

// TestRecordKinds: the record's lines of a kind are read only for a name
// of that kind: an entry's a file name CheckFilename allows, an alias's
// a sitemap's at the top of the folder or in a folder there; anything
// else (a page, a path out of the folder) is no line.
func TestRecordKinds(t *testing.T) {
	dir := t.TempDir()
	record := recordHeader + "sitemap.xml\nsitemap_index.xml\tentry\nen/sitemap.xml\talias\nsitemap-index.xml.gz\talias\n" +
		"index.html\talias\n../x.xml\talias\na/b/c.xml\talias\n.hidden/x.xml\talias\nfeed.xml\tnone\nmy sitemap.xml\tentry\nsitemap-1.xml\tentry\n"
	if err := os.WriteFile(filepath.Join(dir, RecordName), []byte(record), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Recorded(dir)
	want := []string{"sitemap.xml", "sitemap_index.xml", "en/sitemap.xml", "sitemap-index.xml.gz"}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("Recorded = %q, %v; want %q", got, err, want)
	}
	if aliases, _ := RecordedAliases(dir); !slices.Equal(aliases, []string{"en/sitemap.xml", "sitemap-index.xml.gz"}) {
		t.Errorf("RecordedAliases = %q", aliases)
	}
}

// TestCheckFilename: the entry file's name is a plain .xml file name,
// none of the set's other files'.
func TestCheckFilename(t *testing.T) {
	for name, ok := range map[string]bool{
		"sitemap.xml": true, "sitemap_index.xml": true, "sitemap-index.xml": true, "my-map.xml": true, "Sitemap.2.xml": true,
		"sitemap.xml.gz": false, "en/sitemap.xml": false, ".sitemap.xml": false, "sitemap": false, "a b.xml": false,
		"sitemap-1.xml": false, "sitemap-news.xml": false, "sitemap-index-2.xml": false, "sitemap-1-0123456789.xml": false, "": false,
	} {
		if err := CheckFilename(name); (err == nil) != ok {
			t.Errorf("CheckFilename(%q) = %v, want ok %v", name, err, ok)
		}
	}
}

// TestFilename: the entry file takes the name given, robots.txt and the
// viewer name it; a file of that name that is a page is not written
// over; renamed again, the old entry goes (it is ours), robots.txt's
// line with it.
func TestFilename(t *testing.T) {
	dir := t.TempDir()
	urls := sitemap.Slice(numbered(3))
	opts := Options{Dir: dir, BaseURL: base, Filename: "my-map.xml", Robots: true, Viewer: true}
	res, err := Write(urls, opts)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{base + "my-map.xml"}; !slices.Equal(res.Entries, want) {
		t.Errorf("Entries %q, want %q", res.Entries, want)
	}
	got := tree(t, dir)
	if _, ok := got["sitemap.xml"]; ok {
		t.Error("sitemap.xml written")
	}
	if got["robots.txt"] != "Sitemap: "+base+"my-map.xml\n" {
		t.Errorf("robots.txt:\n%s", got["robots.txt"])
	}
	if !strings.Contains(got[ViewerName], `data-entry="my-map.xml"`) {
		t.Error("the viewer does not show my-map.xml")
	}
	if e, _ := RecordedEntries(dir, 0); len(e) != 1 || e[0] != "my-map.xml" {
		t.Errorf("RecordedEntries = %q", e)
	}
	validateFolder(t, dir)

	opts.Filename, opts.Gzip = "other.xml", true
	res, err = Write(urls, opts)
	if err != nil {
		t.Fatal(err)
	}
	got = tree(t, dir)
	if _, ok := got["my-map.xml"]; ok || !slices.Contains(res.Removed, "my-map.xml") {
		t.Errorf("my-map.xml not removed: %q", res.Removed)
	}
	if got["robots.txt"] != "Sitemap: "+base+"other.xml.gz\n" {
		t.Errorf("robots.txt:\n%s", got["robots.txt"])
	}

	// A page of that name is not ours to replace.
	page := filepath.Join(dir, "feed.xml")
	os.WriteFile(page, []byte(`<rss version="2.0"><channel/></rss>`), 0o644)
	opts.Filename = "feed.xml"
	if _, err := Write(urls, opts); err != nil {
		t.Fatal(err) // feed.xml.gz: another name
	}
	opts.Gzip = false
	if _, err := Write(urls, opts); err == nil || !strings.Contains(err.Error(), "feed.xml: not a sitemap") {
		t.Errorf("a page at the entry's name: %v", err)
	}
	if data, _ := os.ReadFile(page); !bytes.HasPrefix(data, []byte("<rss")) {
		t.Error("the page was written over")
	}
}

// TestAliasesToggled: the entry file turned gzipped and back, or
// renamed, over a generator's sitemaps: every name the generator
// published answers each time; an alias of an earlier Write, an index
// listing our entry file, never makes that file a part of an index of
// the generator's.
func TestAliasesToggled(t *testing.T) {
	dir := aliasSite(t)
	published := []string{"en/sitemap.xml", "fr/sitemap.xml", "sitemap-index.xml", "sitemap.xml", "sitemap.xml.gz"}
	for _, o := range []Options{{}, {Gzip: true}, {}, {Filename: "map.xml"}, {Filename: "map.xml", Gzip: true}, {}} {
		o.Dir, o.BaseURL, o.TakeOver = dir, base, aliasTakes
		res, err := Write(aliasURLs, o)
		if err != nil {
			t.Fatal(err)
		}
		got := tree(t, dir)
		for _, name := range published {
			if _, ok := got[name]; !ok {
				t.Errorf("gzip %v, filename %q: %s gone (removed %q, taken over %q)", o.Gzip, o.Filename, name, res.Removed, res.TakenOver)
				continue
			}
			urls, _ := reach(t, dir, name)
			if want := under(aliasURLs, base+scopeOf(name)); !slices.Equal(urls, want) {
				t.Errorf("gzip %v, filename %q: %s reaches %q, want %q", o.Gzip, o.Filename, name, urls, want)
			}
		}
		validateFolder(t, dir)
	}
}

// scopeOf is the folder of the file name, with its "/", or "" at the top.
func scopeOf(name string) string {
	if d := path.Dir(name); d != "." {
		return d + "/"
	}
	return ""
}

// TestAnswer: the sitemaps of a folder the generator published and its
// build no longer writes (Options.Answer: Docusaurus' de/sitemap.xml
// once its sitemap plugin is off) answer with our URLs under their
// folder; one whose folder holds none of ours, or is not there, is left
// alone and unsaid; a name at the root (Astro's sitemap-0.xml once its
// plugin is gone) answers with an index of ours (issue 87, left alone
// before); the next run, the aliases its own, writes the same bytes.
func TestAnswer(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"en", "de"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	opts := Options{Dir: dir, BaseURL: base, TakeOver: aliasTakes,
		Answer: []string{"en/sitemap.xml", "de/sitemap.xml", "fr/sitemap.xml", "sitemap-0.xml"}}
	res, err := Write(aliasURLs, opts)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"en/sitemap.xml", "sitemap-0.xml"}; !slices.Equal(res.Aliases, want) || !slices.Equal(res.Answered, want) {
		t.Errorf("Aliases %q, Answered %q; want %q", res.Aliases, res.Answered, want)
	}
	if len(res.TakenOver) != 0 || len(res.Unanswered) != 0 {
		t.Errorf("TakenOver %q, Unanswered %q: no file of the generator's was there", res.TakenOver, res.Unanswered)
	}
	got := tree(t, dir)
	for _, name := range []string{"de/sitemap.xml", "fr/sitemap.xml"} {
		if _, ok := got[name]; ok {
			t.Errorf("%s written", name)
		}
	}
	if urls, _ := reach(t, dir, "en/sitemap.xml"); !slices.Equal(urls, under(aliasURLs, base+"en/")) {
		t.Errorf("en/sitemap.xml reaches %q, want %q", urls, under(aliasURLs, base+"en/"))
	}
	validateFolder(t, dir)
	again, err := Write(aliasURLs, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(again.Aliases, res.Aliases) || !equalTrees(got, tree(t, dir)) {
		t.Errorf("the next run: Aliases %q, files %q", again.Aliases, diffTrees(got, tree(t, dir)))
	}
}

// TestAnswerParts: the names a user gives (published_sitemaps: the parts
// of next-sitemap's index, which next build removed) answer at the root
// with an index of ours, TakeOver or not, an earlier plugin's
// sitemap-1.xml too (the set's shards are hashed, never so named; it was
// left alone before, and answered 404), a hashed name of the set's never;
// the next run writes the same bytes.
func TestAnswerParts(t *testing.T) {
	for _, takes := range []func(string) bool{aliasTakes, nil} {
		dir := t.TempDir()
		opts := Options{Dir: dir, BaseURL: base, TakeOver: takes, MaxURLs: 2,
			Answer: []string{"sitemap-0.xml", "sitemap-1.xml", "site-map-2.xml", "sitemap-1-0123456789.xml"}}
		res, err := Write(aliasURLs, opts)
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"site-map-2.xml", "sitemap-0.xml", "sitemap-1.xml"}; !slices.Equal(res.Answered, want) {
			t.Errorf("TakeOver %v: Answered %q, want %q", takes != nil, res.Answered, want)
		}
		ours, _ := reach(t, dir, "sitemap.xml")
		for _, name := range res.Answered {
			if urls, _ := reach(t, dir, name); !slices.Equal(urls, ours) {
				t.Errorf("%s reaches %q, want %q", name, urls, ours)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "sitemap-1-0123456789.xml")); err == nil {
			t.Error("sitemap-1-0123456789.xml, a name of the set's, written as an alias")
		}
		validateFolder(t, dir)
		got := tree(t, dir)
		again, err := Write(aliasURLs, opts)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(again.Aliases, res.Aliases) || !equalTrees(got, tree(t, dir)) {
			t.Errorf("the next run: Aliases %q, files %q", again.Aliases, diffTrees(got, tree(t, dir)))
		}
	}
}
