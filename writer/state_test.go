package writer

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// stamps returns the modification time and inode of every file in dir.
func stamps(t *testing.T, dir string) map[string]string {
	t.Helper()
	return dirMap(t, dir, func(e os.DirEntry, path string) (string, bool, error) {
		fi, err := os.Stat(path)
		if err != nil {
			return "", false, err
		}
		return fmt.Sprintf("%v %v", fi.ModTime().UnixNano(), inode(fi)), true, nil
	})
}

// sameAsFresh checks that dir holds what a Write without State of urls
// writes into a new folder, byte for byte (compressed files as they are,
// the record and robots.txt too), and nothing else. It returns the fresh
// Write's Result.
func sameAsFresh(t *testing.T, step string, urls []sitemap.URL, opts Options, dir string) *Result {
	t.Helper()
	fresh := t.TempDir()
	o := opts
	o.Dir, o.State = fresh, nil
	res, err := Write(sitemap.Slice(urls), o)
	if err != nil {
		t.Fatal(err)
	}
	got, want := raw(t, dir), raw(t, fresh)
	if !slices.Equal(names(got), names(want)) {
		t.Fatalf("%s: files %v, want %v", step, names(got), names(want))
	}
	for name, w := range want {
		if got[name] != w {
			t.Fatalf("%s: %s differs from a fresh Write", step, name)
		}
	}
	return res
}

// raw returns the names and bytes of every file in dir, and the names of
// its folders.
func raw(t *testing.T, dir string) map[string]string {
	t.Helper()
	return dirMap(t, dir, func(e os.DirEntry, path string) (string, bool, error) {
		if e.IsDir() {
			return "(folder)", true, nil
		}
		data, err := os.ReadFile(path)
		return string(data), true, err
	})
}

func TestStateKeepsUnchangedFiles(t *testing.T) {
	dir := t.TempDir()
	urls := numbered(35)
	opts := Options{Dir: dir, BaseURL: base, MaxURLs: 10, State: NewState()}
	res, err := Write(sitemap.Slice(urls), opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.URLChanges != nil || len(res.Kept) != 0 || len(res.Written) != 5 {
		t.Fatalf("first: written %v, kept %v, changes %v", res.Written, res.Kept, res.URLChanges)
	}
	before, beforeBytes := stamps(t, dir), raw(t, dir)
	time.Sleep(10 * time.Millisecond) // a rewrite would show in the mtime

	// The same set: nothing written.
	res, err = Write(sitemap.Slice(urls), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Written) != 0 || len(res.Kept) != 5 || *res.URLChanges != (URLChanges{}) {
		t.Errorf("same: written %v, kept %v, changes %+v", res.Written, res.Kept, *res.URLChanges)
	}
	if after := stamps(t, dir); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("files touched:\n%v\n%v", before, after)
	}
	if fmt.Sprint(raw(t, dir)) != fmt.Sprint(beforeBytes) {
		t.Error("bytes changed")
	}
	if want := []string{"sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap-4.xml", "sitemap.xml"}; !slices.Equal(plain(res.Kept), want) {
		t.Errorf("same: kept %v, want %v", res.Kept, want)
	}

	// One URL's lastmod: its shard, and the index whose entry for it
	// carries the shard's newest date.
	urls[15].LastMod = day(20)
	res, err = Write(sitemap.Slice(urls), opts)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"sitemap-2.xml", "sitemap.xml"}; !slices.Equal(plain(res.Written), want) {
		t.Errorf("one lastmod: written %v, want %v (kept %v)", res.Written, want, res.Kept)
	}
	if want := []string{"sitemap-1.xml", "sitemap-3.xml", "sitemap-4.xml"}; !slices.Equal(plain(res.Kept), want) {
		t.Errorf("one lastmod: kept %v, want %v", res.Kept, want)
	}
	if *res.URLChanges != (URLChanges{Changed: 1}) {
		t.Errorf("one lastmod: %+v", *res.URLChanges)
	}
	sameAsFresh(t, "one lastmod", urls, opts, dir)

	// A lastmod older than its shard's newest: the shard, and the index
	// for the shard's new name.
	urls[16].LastMod = day(1)
	res, err = Write(sitemap.Slice(urls), opts)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"sitemap-2.xml", "sitemap.xml"}; !slices.Equal(plain(res.Written), want) {
		t.Errorf("older lastmod: written %v, want %v", res.Written, want)
	}
	sameAsFresh(t, "older lastmod", urls, opts, dir)
}

func TestStateRewritesFilesChangedOnDisk(t *testing.T) {
	dir := t.TempDir()
	urls := numbered(25)
	opts := Options{Dir: dir, BaseURL: base, MaxURLs: 10, State: NewState()}
	if _, err := Write(sitemap.Slice(urls), opts); err != nil {
		t.Fatal(err)
	}
	os.Remove(shardPath(t, dir, "sitemap-1.xml"))
	if err := os.WriteFile(shardPath(t, dir, "sitemap-3.xml"), []byte("edited by hand"), 0o644); err != nil {
		t.Fatal(err)
	}
	// An edit that keeps the size: only the modification time tells.
	path := filepath.Join(dir, "sitemap.xml")
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	edited := strings.Replace(string(data), "sitemap-2-", "sitemap-9-", 1)
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	// A later time than the Write's, whatever the clock's granularity.
	if err := os.Chtimes(path, fi.ModTime(), fi.ModTime().Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	res, err := Write(sitemap.Slice(urls), opts)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"sitemap-1.xml", "sitemap-3.xml", "sitemap.xml"}; !slices.Equal(plain(res.Written), want) {
		t.Errorf("written %v, want %v", res.Written, want)
	}
	if want := []string{"sitemap-2.xml"}; !slices.Equal(plain(res.Kept), want) {
		t.Errorf("kept %v, want %v", res.Kept, want)
	}
	sameAsFresh(t, "after edits on disk", urls, opts, dir)
}

// TestStateRandom makes random sets, one after another, and checks each
// folder against a fresh Write, and the URL counts against a direct
// comparison.
func TestStateRandom(t *testing.T) {
	for _, variant := range []Options{
		{MaxURLs: 7},
		{MaxURLs: 7, Gzip: true},
		{MaxURLs: 5, Text: true, Robots: true},
		{MaxBytes: 900},
		{},
	} {
		t.Run(fmt.Sprintf("max_urls=%d,max_bytes=%d,gzip=%v,text=%v", variant.MaxURLs, variant.MaxBytes, variant.Gzip, variant.Text), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 8))
			dir := t.TempDir()
			opts := variant
			opts.Dir, opts.BaseURL, opts.State = dir, base, NewState()
			var prev map[string]sitemap.URL
			for step := range 30 {
				cur := map[string]sitemap.URL{}
				for i := range 40 {
					if rng.IntN(3) == 0 {
						continue
					}
					loc := fmt.Sprintf("%sp%02d.html", base, i)
					cur[loc] = sitemap.URL{Loc: loc, LastMod: day(1 + rng.IntN(3))}
				}
				if len(cur) == 0 {
					continue
				}
				var urls []sitemap.URL
				for _, u := range cur {
					urls = append(urls, u)
				}
				slices.SortFunc(urls, func(a, b sitemap.URL) int { return strings.Compare(a.Loc, b.Loc) })
				res, err := Write(sitemap.Slice(urls), opts)
				if err != nil {
					t.Fatal(err)
				}
				if prev != nil {
					var want URLChanges
					for loc, u := range cur {
						if p, ok := prev[loc]; !ok {
							want.Added++
						} else if !p.LastMod.Equal(u.LastMod) {
							want.Changed++
						}
					}
					for loc := range prev {
						if _, ok := cur[loc]; !ok {
							want.Removed++
						}
					}
					if *res.URLChanges != want {
						t.Fatalf("step %d: changes %+v, want %+v", step, *res.URLChanges, want)
					}
				}
				if len(res.Written)+len(res.Kept) == 0 {
					t.Fatalf("step %d: neither written nor kept", step)
				}
				sameAsFresh(t, fmt.Sprintf("step %d", step), urls, opts, dir)
				prev = cur
			}
		})
	}
}

// TestStateAfterFailure: a Write that fails leaves the files and a State
// with which the next Write is right.
func TestStateAfterFailure(t *testing.T) {
	dir := t.TempDir()
	urls := numbered(20)
	opts := Options{Dir: dir, BaseURL: base, MaxURLs: 10, State: NewState()}
	if _, err := Write(sitemap.Slice(urls), opts); err != nil {
		t.Fatal(err)
	}
	before := files(t, dir)
	big := slices.Clone(urls)
	big[3].Loc = base + "x" + strings.Repeat("0", 900)
	slices.SortFunc(big, func(a, b sitemap.URL) int { return strings.Compare(a.Loc, b.Loc) })
	small := opts
	small.MaxBytes = 800
	var tooBig *RecordTooBigError
	if _, err := Write(sitemap.Slice(big), small); !errors.As(err, &tooBig) {
		t.Fatalf("got %v, want a RecordTooBigError", err)
	}
	if after := files(t, dir); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatal("a failed Write changed the files")
	}
	noTempFiles(t, dir)
	urls[0].LastMod = day(9)
	res, err := Write(sitemap.Slice(urls), opts)
	if err != nil {
		t.Fatal(err)
	}
	if *res.URLChanges != (URLChanges{Changed: 1}) {
		t.Errorf("after the failure: %+v", *res.URLChanges)
	}
	sameAsFresh(t, "after the failure", urls, opts, dir)
}

func noTempFiles(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if atomicfile.IsTemp(e.Name()) {
			t.Errorf("temporary file %s left", e.Name())
		}
	}
}

// inode returns the file's inode number, which a rename over it changes.
func inode(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Ino
	}
	return 0
}

// TestStateShapeChanges adds and removes URLs so that shards come and go
// and sitemap.xml turns from a urlset into an index and back, in every
// variant, and checks every step against a fresh Write.
func TestStateShapeChanges(t *testing.T) {
	all := numbered(40)
	withLastMod := func(urls []sitemap.URL, i int, d time.Time) []sitemap.URL {
		urls = slices.Clone(urls)
		urls[i].LastMod = d
		return urls
	}
	var everyOther []sitemap.URL
	for i := 0; i < 20; i += 2 {
		everyOther = append(everyOther, all[i])
	}
	steps := []struct {
		name string
		urls []sitemap.URL
	}{
		{"5, one file", all[:5]},
		{"the same", all[:5]},
		{"12, an index", all[:12]},
		{"35, four shards", all[:35]},
		{"one lastmod", withLastMod(all[:35], 22, day(28))},
		{"three fewer in front, ten fewer at the end", withLastMod(all[3:25], 19, day(28))},
		{"8, one file again", all[3:11]},
		{"every other, ten in one file", everyOther},
		{"11, an index again", all[29:]},
	}
	for _, variant := range []Options{
		{},
		{Gzip: true},
		{Text: true},
		{Gzip: true, Text: true, Robots: true},
	} {
		t.Run(fmt.Sprintf("gzip=%v,text=%v,robots=%v", variant.Gzip, variant.Text, variant.Robots), func(t *testing.T) {
			dir := t.TempDir()
			opts := variant
			opts.Dir, opts.BaseURL, opts.MaxURLs, opts.State = dir, base, 10, NewState()
			var prev []sitemap.URL
			var prevFiles []string
			for i, st := range steps {
				res, err := Write(sitemap.Slice(st.urls), opts)
				if err != nil {
					t.Fatalf("%s: %v", st.name, err)
				}
				fresh := sameAsFresh(t, st.name, st.urls, opts, dir)
				order := slices.DeleteFunc(slices.Clone(fresh.Written), func(n string) bool { return n == robotsName })

				// Every file is written or kept, each list in commit order.
				written := slices.DeleteFunc(slices.Clone(res.Written), func(n string) bool { return n == robotsName })
				if !inOrder(written, order) || !inOrder(res.Kept, order) || len(written)+len(res.Kept) != len(order) {
					t.Errorf("%s: written %v, kept %v; files %v", st.name, res.Written, res.Kept, order)
				}
				var stale []string
				for _, n := range prevFiles {
					if !slices.Contains(order, n) {
						stale = append(stale, n)
					}
				}
				slices.Sort(stale)
				if !slices.Equal(res.Removed, stale) {
					t.Errorf("%s: removed %v, want %v", st.name, res.Removed, stale)
				}
				switch {
				case i == 0:
					if res.URLChanges != nil {
						t.Errorf("first Write: changes %+v, want nil", *res.URLChanges)
					}
				case res.URLChanges == nil:
					t.Errorf("%s: no URL changes", st.name)
				default:
					if want := diffURLs(prev, st.urls); *res.URLChanges != want {
						t.Errorf("%s: changes %+v, want %+v", st.name, *res.URLChanges, want)
					}
				}
				if st.name == "the same" && len(res.Written) != 0 {
					t.Errorf("the same: written %v", res.Written)
				}
				if st.name == "one lastmod" {
					ext := ".xml"
					if opts.Gzip {
						ext = ".xml.gz"
					}
					if want := []string{"sitemap-3" + ext, "sitemap" + ext}; !slices.Equal(plain(res.Written), want) {
						t.Errorf("one lastmod: written %v, want %v", res.Written, want)
					}
				}
				prev, prevFiles = st.urls, order
			}
		})
	}
}

// inOrder reports whether the names of sub come in the order of all, each
// once.
func inOrder(sub, all []string) bool {
	i := 0
	for _, n := range sub {
		for i < len(all) && all[i] != n {
			i++
		}
		if i == len(all) {
			return false
		}
		i++
	}
	return true
}

// diffURLs counts the URLs of b that a does not have, those of a that b
// does not have, and those whose <url> differs, in the urlset or in the
// news sitemap.
func diffURLs(a, b []sitemap.URL) URLChanges {
	var c URLChanges
	old := map[string]sitemap.URL{}
	for _, u := range a {
		old[u.Loc] = u
	}
	for _, u := range b {
		p, ok := old[u.Loc]
		switch {
		case !ok:
			c.Added++
		case string(appendURL(nil, &p, sitemap.DateTime)) != string(appendURL(nil, &u, sitemap.DateTime)),
			(p.News == nil) != (u.News == nil),
			p.News != nil && *p.News != *u.News:
			c.Changed++
		}
		delete(old, u.Loc)
	}
	c.Removed = len(old)
	return c
}

// TestStateCommitFails: a rename that fails part way leaves the files
// renamed before it in place and known, and the next Write writes the
// rest.
func TestStateCommitFails(t *testing.T) {
	dir := t.TempDir()
	urls := numbered(35)
	opts := Options{Dir: dir, BaseURL: base, MaxURLs: 10, State: NewState()}
	if _, err := Write(sitemap.Slice(urls), opts); err != nil {
		t.Fatal(err)
	}
	index, err := os.ReadFile(filepath.Join(dir, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	urls[12].LastMod = day(25) // shard 2
	urls[25].LastMod = day(26) // shard 3
	// The new shards' names, from a dry run.
	dry := opts
	dry.State, dry.DryRun = nil, true
	plan, err := Write(sitemap.Slice(urls), dry)
	if err != nil {
		t.Fatal(err)
	}
	newName := func(plainName string) string {
		for _, n := range plan.Written {
			if strings.HasPrefix(n, strings.TrimSuffix(plainName, ".xml")+"-") {
				return n
			}
		}
		t.Fatalf("no %s in %v", plainName, plan.Written)
		return ""
	}
	// The rename to the new sitemap-3 fails after the new sitemap-2 is in
	// place, before sitemap.xml.
	failing := newName("sitemap-3.xml")
	rename = func(r *fsx.Root, from, to string) error {
		if filepath.Base(to) == failing {
			return &os.LinkError{Op: "rename", Old: r.Path(from), New: r.Path(to), Err: syscall.EIO}
		}
		return r.Rename(from, to)
	}
	_, err = Write(sitemap.Slice(urls), opts)
	rename = (*fsx.Root).Rename
	if err == nil {
		t.Fatal("no error")
	}
	noTempFiles(t, dir)
	if _, err := os.Stat(filepath.Join(dir, newName("sitemap-2.xml"))); err != nil {
		t.Errorf("the new sitemap-2 is not in place: %v", err)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, "sitemap.xml")); string(after) != string(index) {
		t.Error("sitemap.xml changed")
	}
	// The folder still holds the old set whole: the new sitemap-2 has a
	// name of its own.
	old, _, err := sitemaptest.URLs(dir, base)
	if err != nil {
		t.Fatal(err)
	}
	if len(old) != len(urls) || old[12].LastMod == urls[12].LastMod.Format(time.RFC3339) {
		t.Errorf("after the failed commit the folder's set is not the old one: %d URLs, [12] %+v", len(old), old[12])
	}
	res, err := Write(sitemap.Slice(urls), opts)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"sitemap-3.xml", "sitemap.xml"}; !slices.Equal(plain(res.Written), want) {
		t.Errorf("written %v, want %v (kept %v)", res.Written, want, res.Kept)
	}
	// Counted from the last Write that succeeded.
	if *res.URLChanges != (URLChanges{Changed: 2}) {
		t.Errorf("changes %+v", *res.URLChanges)
	}
	sameAsFresh(t, "after the failed commit", urls, opts, dir)
}

// A dry run with a State neither uses nor changes it.
func TestStateDryRun(t *testing.T) {
	dir := t.TempDir()
	opts := Options{Dir: dir, BaseURL: base, MaxURLs: 10, State: NewState()}
	if _, err := Write(sitemap.Slice(numbered(20)), opts); err != nil {
		t.Fatal(err)
	}
	before := stamps(t, dir)
	dry := opts
	dry.DryRun = true
	res, err := Write(sitemap.Slice(numbered(25)), dry)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Kept) != 0 || res.URLChanges != nil || len(res.Written) != 4 {
		t.Errorf("dry run: written %v, kept %v, changes %v", res.Written, res.Kept, res.URLChanges)
	}
	if after := stamps(t, dir); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Error("the dry run touched files")
	}
	res, err = Write(sitemap.Slice(numbered(25)), opts)
	if err != nil {
		t.Fatal(err)
	}
	if *res.URLChanges != (URLChanges{Added: 5}) || !slices.Equal(plain(res.Kept), []string{"sitemap-1.xml", "sitemap-2.xml"}) {
		t.Errorf("after the dry run: changes %+v, kept %v", *res.URLChanges, res.Kept)
	}
}

// A Write, with or without a State, leaves the record alone when it lists
// the same files.
func TestRecordLeftWhenSame(t *testing.T) {
	dir := t.TempDir()
	opts := Options{Dir: dir, BaseURL: base, MaxURLs: 10}
	if _, err := Write(sitemap.Slice(numbered(15)), opts); err != nil {
		t.Fatal(err)
	}
	record := func() string {
		fi, err := os.Stat(filepath.Join(dir, RecordName))
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(fi.ModTime().UnixNano(), inode(fi))
	}
	was := record()
	time.Sleep(10 * time.Millisecond)
	if _, err := Write(sitemap.Slice(numbered(15)), opts); err != nil {
		t.Fatal(err)
	}
	if record() != was {
		t.Error("record rewritten for the same files")
	}
	if _, err := Write(sitemap.Slice(numbered(25)), opts); err != nil {
		t.Fatal(err)
	}
	if record() == was {
		t.Error("record not rewritten for a new file")
	}
}

// A Write with a State encodes again only the URLs that changed since
// the last one, and names a shard whose bytes it knows without reading
// them: after any sequence of changes (lastmods moved, set and cleared,
// changefreq and priority changed, alternates added, URLs added and
// removed, the same Loc strings kept or made anew, the options of the
// cut changed, alternates and images changed in place, in new slices,
// removed, or made of strings whose bytes run together alike), the
// folder holds what a fresh Write writes.
func TestStateReuseMatchesFresh(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 22))
	for _, sections := range []bool{false, true} {
		for _, gz := range []bool{false, true} {
			stateReuseMatchesFresh(t, rng, sections, gz)
		}
	}
}

// TestStateReuseTellsExtrasApart: a URL whose alternates, images or
// videos change to others whose strings, run together, read alike (a
// byte moved from the language to the link, a string split in two, an
// alternate where an image was, a video's title running into its
// description), or to values written otherwise (a date's instant in
// another zone, a flag moved to another field), its Loc string and
// lastmod kept, is written again; the same ones in a new slice are not.
func TestStateReuseTellsExtrasApart(t *testing.T) {
	urls := numbered(3)
	loc := urls[1].Loc
	video := func(title, desc string, date time.Time, live sitemap.Flag) []sitemap.Video {
		return []sitemap.Video{{ThumbnailLoc: loc + "t.jpg", Title: title, Description: desc, ContentLoc: loc + "v.mp4", PublicationDate: date, Live: live}}
	}
	for _, tc := range []struct {
		name   string
		before sitemap.URL
		after  sitemap.URL
	}{
		{"a NUL moved from the language to the link",
			sitemap.URL{Alternates: []sitemap.Alternate{{Lang: "de\x00", Href: loc + "de"}}},
			sitemap.URL{Alternates: []sitemap.Alternate{{Lang: "de", Href: "\x00" + loc + "de"}}}},
		{"a link split in two",
			sitemap.URL{Alternates: []sitemap.Alternate{{Lang: "de", Href: loc}, {Lang: "fr", Href: loc}}},
			sitemap.URL{Alternates: []sitemap.Alternate{{Lang: "de", Href: loc + "fr"}, {Lang: "", Href: loc}}}},
		{"an image where an alternate was",
			sitemap.URL{Alternates: []sitemap.Alternate{{Lang: "", Href: loc}}},
			sitemap.URL{Images: []sitemap.Image{{Loc: loc}}}},
		{"alternates in a new slice, alike", // kept: checked below
			sitemap.URL{Alternates: []sitemap.Alternate{{Lang: "de", Href: loc}}},
			sitemap.URL{Alternates: []sitemap.Alternate{{Lang: "de", Href: loc}}}},
		{"a video's title running into its description",
			sitemap.URL{Videos: video("ab", "c", day(1), 0)},
			sitemap.URL{Videos: video("a", "bc", day(1), 0)}},
		{"a video where an image was",
			sitemap.URL{Images: []sitemap.Image{{Loc: loc + "t.jpg"}}},
			sitemap.URL{Videos: video("", "", time.Time{}, 0)}},
		{"a video's date, the same instant in another zone",
			sitemap.URL{Videos: video("a", "b", day(1), 0)},
			sitemap.URL{Videos: video("a", "b", day(1).In(time.FixedZone("", 2*3600)), 0)}},
		{"a video's flag",
			sitemap.URL{Videos: video("a", "b", day(1), sitemap.FlagYes)},
			sitemap.URL{Videos: video("a", "b", day(1), sitemap.FlagNo)}},
		{"a video's duration",
			sitemap.URL{Videos: []sitemap.Video{{ThumbnailLoc: loc, Title: "a", Description: "b", PlayerLoc: loc, Duration: 60}}},
			sitemap.URL{Videos: []sitemap.Video{{ThumbnailLoc: loc, Title: "a", Description: "b", PlayerLoc: loc, Duration: 61}}}},
		{"videos in a new slice, alike", // kept
			sitemap.URL{Videos: video("a", "b", day(1), sitemap.FlagYes)},
			sitemap.URL{Videos: video("a", "b", day(1), sitemap.FlagYes)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			opts := Options{Dir: dir, BaseURL: base, MaxURLs: 2, State: NewState()}
			for i, extras := range []sitemap.URL{tc.before, tc.after} {
				urls[1].Alternates, urls[1].Images, urls[1].Videos = extras.Alternates, extras.Images, extras.Videos
				res, err := Write(sitemap.Slice(urls), opts)
				if err != nil {
					t.Fatal(err)
				}
				sameAsFresh(t, tc.name, urls, opts, dir)
				alike := slices.Equal(tc.before.Alternates, tc.after.Alternates) && slices.Equal(tc.before.Images, tc.after.Images) &&
					string(appendVideos(nil, tc.before.Videos, 0)) == string(appendVideos(nil, tc.after.Videos, 0))
				if i == 1 && alike != (len(res.Written) == 0) {
					t.Errorf("alike %v: written %v", alike, res.Written)
				}
			}
		})
	}
}

// TestStateKeysTheWrittenForm: an element's digest in the State is of
// its URL's fields as they are written (keyOf), not as they are given. A
// URL changed only in what is written alike (a priority set to the
// default, a lastmod within its written second or, with dates alone,
// its day, a video's duration below 1, a control character for another)
// leaves every file untouched and counts as no change, however its
// lastmod is kept (in whole seconds, reused; in part of one, encoded
// again); one written otherwise (a video's date in another zone, an
// image, a changefreq) is written and counted, and so is every URL once
// the dates are written another way.
func TestStateKeysTheWrittenForm(t *testing.T) {
	video := func(d int) []sitemap.Video {
		return []sitemap.Video{{ThumbnailLoc: base + "t.jpg", Title: "t", Description: "d", PlayerLoc: base + "p", Duration: d}}
	}
	alt := func(lang string) []sitemap.Alternate { return []sitemap.Alternate{{Lang: lang, Href: base + "de/"}} }
	for _, tc := range []struct {
		name          string
		format        sitemap.DateFormat
		before, after func(u *sitemap.URL)
	}{
		{"a priority set to the default", sitemap.DateTime, func(u *sitemap.URL) {}, func(u *sitemap.URL) { u.Priority = sitemap.DefaultPriority }},
		{"a lastmod within its second", sitemap.DateTime, func(u *sitemap.URL) {}, func(u *sitemap.URL) { u.LastMod = u.LastMod.Add(300 * time.Millisecond) }},
		{"a lastmod in part of a second, moved within it", sitemap.DateTime,
			func(u *sitemap.URL) { u.LastMod = u.LastMod.Add(100 * time.Millisecond) },
			func(u *sitemap.URL) { u.LastMod = u.LastMod.Add(700 * time.Millisecond) }},
		{"a lastmod within its day, dates alone", sitemap.Date, func(u *sitemap.URL) {}, func(u *sitemap.URL) { u.LastMod = u.LastMod.Add(time.Hour) }},
		{"a lastmod to the next second", sitemap.DateTime, func(u *sitemap.URL) {}, func(u *sitemap.URL) { u.LastMod = u.LastMod.Add(time.Second) }},
		{"a lastmod to the next day, dates alone", sitemap.Date, func(u *sitemap.URL) {}, func(u *sitemap.URL) { u.LastMod = u.LastMod.Add(24 * time.Hour) }},
		{"a video's duration from 0 to -5", sitemap.DateTime, func(u *sitemap.URL) { u.Videos = video(0) }, func(u *sitemap.URL) { u.Videos = video(-5) }},
		{"a video's duration from 0 to 5", sitemap.DateTime, func(u *sitemap.URL) { u.Videos = video(0) }, func(u *sitemap.URL) { u.Videos = video(5) }},
		{"a control character for another", sitemap.DateTime, func(u *sitemap.URL) { u.Alternates = alt("de\x01") }, func(u *sitemap.URL) { u.Alternates = alt("de\x02") }},
		{"a language changed", sitemap.DateTime, func(u *sitemap.URL) { u.Alternates = alt("de") }, func(u *sitemap.URL) { u.Alternates = alt("de-AT") }},
		{"a video's date, the same instant in another zone", sitemap.DateTime,
			func(u *sitemap.URL) { u.Videos = video(5); u.Videos[0].PublicationDate = day(2) },
			func(u *sitemap.URL) {
				u.Videos = video(5)
				u.Videos[0].PublicationDate = day(2).In(time.FixedZone("", 3600))
			}},
		{"a video's date within its day, dates alone", sitemap.Date,
			func(u *sitemap.URL) { u.Videos = video(5); u.Videos[0].PublicationDate = day(2) },
			func(u *sitemap.URL) { u.Videos = video(5); u.Videos[0].PublicationDate = day(2).Add(time.Hour) }},
		{"a video's flag from unset to one of no name", sitemap.DateTime,
			func(u *sitemap.URL) { u.Videos = video(5) },
			func(u *sitemap.URL) { u.Videos = video(5); u.Videos[0].Live = sitemap.Flag(9) }},
		{"an image changed", sitemap.DateTime,
			func(u *sitemap.URL) { u.Images = []sitemap.Image{{Loc: base + "a.png"}} },
			func(u *sitemap.URL) { u.Images = []sitemap.Image{{Loc: base + "b.png"}} }},
		{"a changefreq set", sitemap.DateTime, func(u *sitemap.URL) {}, func(u *sitemap.URL) { u.ChangeFreq = sitemap.Weekly }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			urls := numbered(6)
			dir := t.TempDir()
			opts := Options{Dir: dir, BaseURL: base, MaxURLs: 2, LastModFormat: tc.format, State: NewState()}
			tc.before(&urls[3])
			was := string(appendURL(nil, &urls[3], tc.format))
			if _, err := Write(sitemap.Slice(urls), opts); err != nil {
				t.Fatal(err)
			}
			tc.after(&urls[3])
			alike := string(appendURL(nil, &urls[3], tc.format)) == was
			res, err := Write(sitemap.Slice(urls), opts)
			if err != nil {
				t.Fatal(err)
			}
			sameAsFresh(t, tc.name, urls, opts, dir)
			want := URLChanges{Changed: 1}
			if alike {
				want.Changed = 0
			}
			if res.URLChanges == nil || *res.URLChanges != want || alike != (len(res.Written) == 0) {
				t.Errorf("written alike %v: changes %+v, files written %v", alike, res.URLChanges, res.Written)
			}
			opts.LastModFormat = 1 - tc.format
			res, err = Write(sitemap.Slice(urls), opts)
			if err != nil {
				t.Fatal(err)
			}
			sameAsFresh(t, tc.name+", the other date format", urls, opts, dir)
			if res.URLChanges == nil || res.URLChanges.Changed != len(urls) {
				t.Errorf("dates written another way: changes %+v, want all %d changed", res.URLChanges, len(urls))
			}
		})
	}
}

// stateReuseMatchesFresh makes random changes to a set and checks after
// each that a Write with a State left the bytes of a fresh Write; with
// sections, pages also move between two sections and none, and come and
// go in each.
func stateReuseMatchesFresh(t *testing.T, rng *rand.Rand, sections, gz bool) {
	dir := t.TempDir()
	opts := Options{Dir: dir, BaseURL: base, MaxURLs: 40, Gzip: gz, State: NewState()}
	urls := numbered(150)
	of := make([]int, len(urls)) // each URL's section
	kinds := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24}
	if sections {
		kinds = append(kinds, 9, 10, 11)
		opts.Sections = []string{"blog", "docs"}
		opts.Section = func(i int) int { return of[i] }
		opts.Extra = []string{base + "shop/sitemap.xml"}
		for i := range of {
			of[i] = rng.IntN(3)
		}
	}
	var prev []sitemap.URL
	for step := range 40 {
		few := min(4, len(urls)) // the URLs whose alternates and images change again and again
		switch k := kinds[rng.IntN(len(kinds))]; k {
		case 0: // a lastmod moved
			urls[rng.IntN(len(urls))].LastMod = day(2).Add(time.Duration(rng.IntN(1000)) * time.Minute)
		case 1: // a lastmod cleared
			urls[rng.IntN(len(urls))].LastMod = time.Time{}
		case 2: // changefreq and priority
			i := rng.IntN(len(urls))
			urls[i].ChangeFreq = sitemap.Weekly
			urls[i].Priority, _ = sitemap.PriorityOf(0.3)
		case 3: // alternates
			i := rng.IntN(len(urls))
			urls[i].Alternates = []sitemap.Alternate{{Lang: "de", Href: urls[i].Loc + "de"}}
		case 4, 9: // a URL added, in order (with sections, to one)
			i := rng.IntN(len(urls))
			u := sitemap.URL{Loc: urls[i].Loc + "x", LastMod: day(3)}
			if i+1 < len(urls) && urls[i+1].Loc == u.Loc {
				break // there already: a set lists a URL once
			}
			urls = slices.Insert(urls, i+1, u)
			of = slices.Insert(of, i+1, rng.IntN(3))
		case 5, 10: // a URL removed (with sections, from one)
			if len(urls) > 2 {
				i := rng.IntN(len(urls))
				urls = slices.Delete(urls, i, i+1)
				of = slices.Delete(of, i, i+1)
			}
		case 6: // the same URLs in new strings
			for i := range urls {
				urls[i].Loc = strings.Clone(urls[i].Loc)
			}
		case 7: // a lastmod not in whole seconds
			urls[rng.IntN(len(urls))].LastMod = day(4).Add(time.Duration(rng.IntN(1e9)))
		case 8: // the cut changes
			opts.MaxURLs = 30 + rng.IntN(30)
		case 11: // a URL moves to another section, or to none
			i := rng.IntN(len(urls))
			of[i] = (of[i] + 1 + rng.IntN(2)) % 3
		case 12: // images, added or changed
			i := rng.IntN(len(urls))
			urls[i].Images = append(slices.Clone(urls[i].Images), sitemap.Image{Loc: fmt.Sprintf("%simg-%d.png", base, step)})
		case 13: // images removed
			urls[rng.IntN(len(urls))].Images = nil
		case 14: // an alternate changed in place: the same slice
			if i := rng.IntN(few); len(urls[i].Alternates) > 0 {
				urls[i].Alternates[0].Href += "x"
			}
		case 15: // an image changed in place
			if i := rng.IntN(few); len(urls[i].Images) > 0 {
				urls[i].Images[0].Loc += "x"
			}
		case 16: // alternates removed
			urls[rng.IntN(few)].Alternates = nil
		case 17: // one of lists of alternates whose strings, run together, are alike
			i := rng.IntN(few)
			urls[i].Alternates = [][]sitemap.Alternate{
				{{Lang: "de\x00", Href: urls[i].Loc + "de"}},
				{{Lang: "de", Href: "\x00" + urls[i].Loc + "de"}},
				{{Lang: "de", Href: urls[i].Loc}, {Lang: "fr", Href: urls[i].Loc}},
				{{Lang: "de", Href: urls[i].Loc + "fr"}, {Lang: "", Href: urls[i].Loc}},
			}[rng.IntN(4)]
		case 18: // an alternate where an image was, or the other way
			i := rng.IntN(few)
			if rng.IntN(2) == 0 {
				urls[i].Alternates, urls[i].Images = []sitemap.Alternate{{Lang: "de", Href: urls[i].Loc}}, nil
			} else {
				urls[i].Alternates, urls[i].Images = nil, []sitemap.Image{{Loc: urls[i].Loc}}
			}
		case 19: // a video added
			i := rng.IntN(few)
			urls[i].Videos = append(slices.Clone(urls[i].Videos), sitemap.Video{ThumbnailLoc: urls[i].Loc + "t.jpg", Title: fmt.Sprint("v", step),
				Description: "d", PlayerLoc: urls[i].Loc + "p", Duration: step + 1, PublicationDate: day(1).Add(time.Duration(step) * time.Hour)})
		case 20: // a video changed in place: its title, date, duration or a flag
			if i := rng.IntN(few); len(urls[i].Videos) > 0 {
				v := &urls[i].Videos[0]
				switch rng.IntN(4) {
				case 0:
					v.Title += "x"
				case 1:
					v.PublicationDate = v.PublicationDate.In(time.FixedZone("", 3600*(1+rng.IntN(3))))
				case 2:
					v.Duration++
				case 3:
					v.FamilyFriendly = sitemap.Flag(1 + rng.IntN(2))
				}
			}
		case 21: // videos removed
			urls[rng.IntN(few)].Videos = nil
		case 22: // an article: news added or replaced
			i := rng.IntN(len(urls))
			urls[i].News = &sitemap.News{PublicationName: "The Example Times", Language: "en", PublicationDate: day(1 + step%3), Title: fmt.Sprint("Article ", step)}
		case 23: // an article's title changed in place
			for _, i := range rng.Perm(len(urls)) {
				if urls[i].News != nil {
					urls[i].News.Title += "x"
					break
				}
			}
		case 24: // news removed
			urls[rng.IntN(len(urls))].News = nil
		}
		res, err := Write(sitemap.Slice(urls), opts)
		if err != nil {
			t.Fatal(err)
		}
		what := fmt.Sprintf("sections %v, gzip %v, step %d", sections, gz, step)
		sameAsFresh(t, what, urls, opts, dir)
		if prev != nil {
			if want := diffURLs(prev, urls); res.URLChanges == nil || *res.URLChanges != want {
				t.Fatalf("%s: URL changes %+v, want %+v", what, res.URLChanges, want)
			}
		}
		prev = slices.Clone(urls)
		for i := range prev { // lists and news changed in place must not change the previous ones
			prev[i].Alternates, prev[i].Images, prev[i].Videos = slices.Clone(prev[i].Alternates), slices.Clone(prev[i].Images), slices.Clone(prev[i].Videos)
			if n := prev[i].News; n != nil {
				prev[i].News = &sitemap.News{PublicationName: n.PublicationName, Language: n.Language, PublicationDate: n.PublicationDate, Title: n.Title}
			}
		}
	}
}
