package writer

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// traced is what traceWriteOut said of the urlset files of one Write:
// each file's elements copied and encoded, and the offset its SHA-256
// was taken up from, in the order they were written.
type traced struct{ copied, encoded, from []int }

// trace sets traceWriteOut for the test, and returns what it records.
func trace(t *testing.T) *traced {
	tr := &traced{}
	traceWriteOut = func(copied, encoded, from int) {
		tr.copied = append(tr.copied, copied)
		tr.encoded = append(tr.encoded, encoded)
		tr.from = append(tr.from, from)
	}
	t.Cleanup(func() { traceWriteOut = nil })
	return tr
}

func (tr *traced) reset() { tr.copied, tr.encoded, tr.from = nil, nil, nil }

// spliceSet is 300 URLs, the first with alternates and images (the
// urlset declares their namespaces whatever changes below).
func spliceSet() []sitemap.URL {
	urls := numbered(300)
	urls[0].Alternates = []sitemap.Alternate{{Lang: "de", Href: base + "de/"}}
	urls[0].Images = []sitemap.Image{{Loc: base + "a.png"}}
	return urls
}

// TestSplice: a Write with a State that changes URLs of a urlset file in
// place writes it from the last Write's file, its bytes before and after
// the elements that changed copied and those elements encoded again, and
// the folder holds a fresh Write's bytes (the shards' content-hashed
// names with them); where the file cannot be spliced (gzip) it is
// encoded whole.
func TestSplice(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts Options // Dir, BaseURL and State set below
		edit func(urls []sitemap.URL) []sitemap.URL
		// copied and encoded are the trace of the files written, in order
		copied, encoded []int
	}{
		{name: "a lastmod moved, the first URL of the second shard", opts: Options{MaxURLs: 100},
			edit:   func(u []sitemap.URL) []sitemap.URL { u[100].LastMod = day(9); return u },
			copied: []int{99}, encoded: []int{1}},
		{name: "the last URL of the first shard", opts: Options{MaxURLs: 100},
			edit:   func(u []sitemap.URL) []sitemap.URL { u[99].LastMod = day(9); return u },
			copied: []int{99}, encoded: []int{1}},
		{name: "the first URL of the set", opts: Options{MaxURLs: 100},
			edit:   func(u []sitemap.URL) []sitemap.URL { u[0].LastMod = day(9); return u },
			copied: []int{99}, encoded: []int{1}},
		{name: "the last URL of the set", opts: Options{MaxURLs: 100},
			edit:   func(u []sitemap.URL) []sitemap.URL { u[299].LastMod = day(9); return u },
			copied: []int{99}, encoded: []int{1}},
		{name: "an element grows", opts: Options{MaxURLs: 100},
			edit: func(u []sitemap.URL) []sitemap.URL {
				u[150].ChangeFreq, u[150].Priority = sitemap.Weekly, mustPriority(0.3)
				return u
			},
			copied: []int{99}, encoded: []int{1}},
		{name: "lastmod removed: an element shrinks", opts: Options{MaxURLs: 100},
			edit:   func(u []sitemap.URL) []sitemap.URL { u[150].LastMod = time.Time{}; return u },
			copied: []int{99}, encoded: []int{1}},
		{name: "two elements apart", opts: Options{MaxURLs: 100},
			edit: func(u []sitemap.URL) []sitemap.URL {
				u[105].LastMod, u[160].LastMod = day(9), day(10)
				return u
			},
			copied: []int{44}, encoded: []int{56}},
		{name: "two elements far apart: less than a third to copy, encoded whole", opts: Options{MaxURLs: 100},
			edit: func(u []sitemap.URL) []sitemap.URL {
				u[105].LastMod, u[190].LastMod = day(9), day(10)
				return u
			},
			copied: []int{0}, encoded: []int{100}},
		{name: "alternates and images of the first URL", opts: Options{MaxURLs: 100},
			edit: func(u []sitemap.URL) []sitemap.URL {
				u[0].Alternates = []sitemap.Alternate{{Lang: "de", Href: base + "de/"}, {Lang: "fr", Href: base + "fr/"}}
				u[0].Images = []sitemap.Image{{Loc: base + "a.png"}, {Loc: base + "b.png"}}
				return u
			},
			copied: []int{99}, encoded: []int{1}},
		{name: "alternates and images added", opts: Options{MaxURLs: 100},
			edit: func(u []sitemap.URL) []sitemap.URL {
				u[250].Alternates = []sitemap.Alternate{{Lang: "fr", Href: base + "fr/"}}
				u[250].Images = []sitemap.Image{{Loc: base + "b.png"}}
				return u
			},
			copied: []int{99}, encoded: []int{1}},
		{name: "one sitemap.xml", opts: Options{},
			edit:   func(u []sitemap.URL) []sitemap.URL { u[200].LastMod = day(9); return u },
			copied: []int{299}, encoded: []int{1}},
		{name: "lastmod added, in one sitemap.xml with a stylesheet", opts: Options{XSL: "/sitemap.xsl"},
			edit: func(u []sitemap.URL) []sitemap.URL {
				u[200].LastMod = time.Time{}
				return u
			},
			copied: []int{299}, encoded: []int{1}},
		{name: "a URL added", opts: Options{MaxURLs: 100},
			edit: func(u []sitemap.URL) []sitemap.URL {
				return slices.Insert(u, 251, sitemap.URL{Loc: u[250].Loc + "x", LastMod: day(3)})
			},
			// the third shard gains the URL at 251 and gives its last one
			// to a fourth: its 51 first elements copied, the new one
			// encoded, the 48 after it copied from one place on
			copied: []int{99, 0}, encoded: []int{1, 1}},
		{name: "a URL added in the first shard", opts: Options{MaxURLs: 100},
			edit: func(u []sitemap.URL) []sitemap.URL {
				return slices.Insert(u, 51, sitemap.URL{Loc: u[50].Loc + "x", LastMod: day(3)})
			},
			// each shard after it begins with the last of the one before
			// and copies 99 of its own, one place on
			copied: []int{99, 99, 99, 0}, encoded: []int{1, 1, 1, 1}},
		{name: "a URL removed", opts: Options{},
			edit:   func(u []sitemap.URL) []sitemap.URL { return slices.Delete(u, 40, 41) },
			copied: []int{299}, encoded: []int{0}},
		{name: "a URL removed in the first shard", opts: Options{MaxURLs: 100},
			edit: func(u []sitemap.URL) []sitemap.URL { return slices.Delete(u, 40, 41) },
			// each shard ends with the first of the one after and copies
			// 99 of its own, one place back; the last has one fewer
			copied: []int{99, 99, 99}, encoded: []int{1, 1, 0}},
		{name: "three URLs added, some way apart", opts: Options{MaxURLs: 100},
			edit: func(u []sitemap.URL) []sitemap.URL {
				for _, at := range []int{230, 20, 10} {
					u = slices.Insert(u, at, sitemap.URL{Loc: u[at-1].Loc + "x"})
				}
				return u
			},
			// one run is looked for after the first change: the first
			// and third shards, with two apart, copy less than a third
			// that way and are encoded whole; the second copies 98, two
			// places on
			copied: []int{0, 98, 0, 0}, encoded: []int{100, 2, 100, 3}},
		{name: "a URL moves to the next shard as an element grows past max_bytes",
			opts: Options{MaxBytes: len(urlsetHeader(true, true, false)) + 100*len(appendURL(nil, &numbered(1)[0], 0)) + len(urlsetClose) + 200},
			edit: func(u []sitemap.URL) []sitemap.URL {
				u[50].Alternates = []sitemap.Alternate{{Lang: "fr", Href: base + strings.Repeat("f", 300)}}
				return u
			},
			// the first shard's last URLs go to the second, whose first
			// ones go to the third…: each shard copies what stays
			copied: nil, encoded: nil},
		{name: "gzip", opts: Options{MaxURLs: 100, Gzip: true},
			edit:   func(u []sitemap.URL) []sitemap.URL { u[150].LastMod = day(9); return u },
			copied: []int{0}, encoded: []int{100}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := trace(t)
			dir := t.TempDir()
			opts := tc.opts
			opts.Dir, opts.BaseURL, opts.State = dir, base, NewState()
			urls := spliceSet()
			if _, err := Write(sitemap.Slice(urls), opts); err != nil {
				t.Fatal(err)
			}
			tr.reset()
			urls = tc.edit(urls)
			if _, err := Write(sitemap.Slice(urls), opts); err != nil {
				t.Fatal(err)
			}
			sameAsFresh(t, tc.name, urls, opts, dir)
			if tc.copied == nil {
				if !slices.ContainsFunc(tr.copied, func(n int) bool { return n > 0 }) {
					t.Errorf("copied %v, encoded %v: nothing copied", tr.copied, tr.encoded)
				}
				return
			}
			if !slices.Equal(tr.copied, tc.copied) || !slices.Equal(tr.encoded, tc.encoded) {
				t.Errorf("copied %v, encoded %v; want %v, %v", tr.copied, tr.encoded, tc.copied, tc.encoded)
			}
		})
	}
}

// TestSpliceChecksTheOldFile: a urlset file changed on disk under the
// size and modification time the last Write left it with is not copied
// from: the file is encoded whole, and the folder holds a fresh Write's
// bytes. So is one that is gone, or that is no longer a regular file.
func TestSpliceChecksTheOldFile(t *testing.T) {
	for _, tc := range []struct {
		name   string
		damage func(t *testing.T, path string)
	}{
		{"a byte changed, size and time kept", func(t *testing.T, path string) {
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			i := strings.Index(string(data), "page-0001")
			data[i+5] = '9' // page-9001: in the part before the change
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(path, fi.ModTime(), fi.ModTime()); err != nil {
				t.Fatal(err)
			}
		}},
		{"gone", func(t *testing.T, path string) {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		}},
		{"a link to a copy", func(t *testing.T, path string) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			other := filepath.Join(t.TempDir(), "copy.xml")
			if err := os.WriteFile(other, data, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(other, path); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		for _, maxURLs := range []int{0, 100} { // sitemap.xml; shards, with their marks
			t.Run(fmt.Sprintf("%s/max_urls=%d", tc.name, maxURLs), func(t *testing.T) {
				tr := trace(t)
				dir := t.TempDir()
				opts := Options{Dir: dir, BaseURL: base, MaxURLs: maxURLs, State: NewState()}
				urls := spliceSet()
				if _, err := Write(sitemap.Slice(urls), opts); err != nil {
					t.Fatal(err)
				}
				path := filepath.Join(dir, "sitemap.xml")
				if maxURLs > 0 {
					path = shardPath(t, dir, "sitemap-1.xml")
				}
				tc.damage(t, path)
				tr.reset()
				urls[50].LastMod = day(9)
				if _, err := Write(sitemap.Slice(urls), opts); err != nil {
					t.Fatal(err)
				}
				sameAsFresh(t, tc.name, urls, opts, dir)
				whole := []int{len(urls)}
				if maxURLs > 0 {
					whole = []int{maxURLs}
				}
				if !slices.Equal(tr.copied, []int{0}) || !slices.Equal(tr.encoded, whole) {
					t.Errorf("copied %v, encoded %v; want the file encoded whole", tr.copied, tr.encoded)
				}
				noTempFiles(t, dir)
			})
		}
	}
}

// TestSpliceAfterSplice: splices follow one another, each from the file
// the last one wrote, over many Writes.
func TestSpliceAfterSplice(t *testing.T) {
	tr := trace(t)
	dir := t.TempDir()
	opts := Options{Dir: dir, BaseURL: base, MaxURLs: 120, State: NewState()}
	urls := spliceSet()
	for step := range 30 {
		i := (step * 37) % len(urls)
		urls[i].LastMod = day(10).Add(time.Duration(step) * time.Minute)
		tr.reset()
		if _, err := Write(sitemap.Slice(urls), opts); err != nil {
			t.Fatal(err)
		}
		sameAsFresh(t, fmt.Sprint("step ", step), urls, opts, dir)
		if step > 0 && (len(tr.copied) != 1 || tr.encoded[0] != 1) {
			t.Fatalf("step %d: copied %v, encoded %v; want one file, one element encoded", step, tr.copied, tr.encoded)
		}
	}
}

// TestSpliceRandom makes random changes, a few at a time, to a set of
// several urlset files (their elements of many sizes, marks of the
// SHA-256 every 700 bytes or so), and checks after each Write that the
// folder holds a fresh Write's bytes; and that files were spliced, and
// copied from marks other than the first.
func TestSpliceRandom(t *testing.T) {
	was := markEvery
	markEvery = 700
	t.Cleanup(func() { markEvery = was })
	tr := trace(t)
	rng := rand.New(rand.NewPCG(5, 6))
	dir := t.TempDir()
	opts := Options{Dir: dir, BaseURL: base, MaxURLs: 50, State: NewState()}
	urls := spliceSet()[:160]
	spliced, resumed := 0, 0
	for step := range 200 {
		for range 1 + rng.IntN(3) {
			i := rng.IntN(len(urls))
			switch rng.IntN(10) {
			case 0, 1, 2:
				urls[i].LastMod = day(5).Add(time.Duration(rng.IntN(1e4)) * time.Minute)
			case 3:
				urls[i].LastMod = time.Time{}
			case 4:
				urls[i].ChangeFreq = sitemap.ChangeFreq(rng.IntN(8))
				urls[i].Priority, _ = sitemap.PriorityOf(float64(rng.IntN(11)) / 10)
			case 5:
				urls[i].Alternates = []sitemap.Alternate{{Lang: "de", Href: urls[i].Loc + strings.Repeat("d", rng.IntN(200))}}
			case 6:
				urls[i].Alternates = nil
			case 7: // a URL added, in order
				u := sitemap.URL{Loc: urls[i].Loc + "x", LastMod: day(3)}
				if i+1 < len(urls) && urls[i+1].Loc <= u.Loc {
					break
				}
				urls = slices.Insert(urls, i+1, u)
			case 8:
				if len(urls) > 60 && i > 0 {
					urls = slices.Delete(urls, i, i+1)
				}
			case 9:
				if rng.IntN(4) == 0 {
					opts.MaxURLs = 40 + rng.IntN(30)
				}
			}
		}
		tr.reset()
		if _, err := Write(sitemap.Slice(urls), opts); err != nil {
			t.Fatal(err)
		}
		sameAsFresh(t, fmt.Sprint("step ", step), urls, opts, dir)
		for k, n := range tr.copied {
			if n > 0 {
				spliced++
			}
			if tr.from[k] > 1000 {
				resumed++
			}
		}
	}
	if spliced < 50 || resumed < 20 {
		t.Errorf("in 200 Writes, %d files spliced, %d of them hashed from a mark past the first", spliced, resumed)
	}
}

// TestSpliceSectionsTurnedOn: sections turned on and off between Writes
// of a State, the URLs and the other options alike, leave a fresh
// Write's bytes: a section's files list their URLs in another order
// than the sorted one, and are not spliced.
func TestSpliceSectionsTurnedOn(t *testing.T) {
	tr := trace(t)
	dir := t.TempDir()
	urls := spliceSet()
	plain := Options{Dir: dir, BaseURL: base, MaxURLs: 100, State: NewState()}
	sections := plain
	sections.Sections = []string{"odd"}
	sections.Section = func(i int) int { return i % 2 }
	for step, opts := range []Options{plain, sections, plain, sections} {
		urls[120].LastMod = day(10 + step)
		tr.reset()
		if _, err := Write(sitemap.Slice(urls), opts); err != nil {
			t.Fatal(err)
		}
		sameAsFresh(t, fmt.Sprint("step ", step), urls, opts, dir)
		if len(opts.Sections) > 0 && slices.ContainsFunc(tr.copied, func(n int) bool { return n > 0 }) {
			t.Errorf("step %d: copied %v with sections", step, tr.copied)
		}
	}
}

// FuzzSplice makes the changes its input says to a set of several urlset
// files, a Write with a State after each, and checks that every Write
// leaves a fresh Write's bytes: whatever it splices, copies from where
// and takes up the SHA-256 from which mark. Each three bytes are a
// change: what, to which URL, with what value.
func FuzzSplice(f *testing.F) {
	f.Add([]byte{0, 10, 1, 0, 70, 2, 3, 110, 0})
	f.Add([]byte{1, 0, 0, 2, 119, 5, 4, 60, 200, 5, 30, 0, 6, 0, 45})
	f.Add([]byte{7, 40, 0, 7, 41, 1, 8, 3, 0, 0, 99, 9})
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 3*12 {
			ops = ops[:3*12]
		}
		was := markEvery
		markEvery = 300
		defer func() { markEvery = was }()
		dir := t.TempDir()
		opts := Options{Dir: dir, BaseURL: base, MaxURLs: 30, State: NewState()}
		urls := spliceSet()[:120]
		if _, err := Write(sitemap.Slice(urls), opts); err != nil {
			t.Fatal(err)
		}
		for k := 0; k+3 <= len(ops); k += 3 {
			what, i, v := ops[k], int(ops[k+1])%len(urls), int(ops[k+2])
			switch what % 10 {
			case 0:
				urls[i].LastMod = day(6).Add(time.Duration(v) * time.Minute)
			case 1:
				urls[i].LastMod = time.Time{}
			case 2:
				urls[i].ChangeFreq = sitemap.ChangeFreq(v % 8)
			case 3:
				urls[i].Priority, _ = sitemap.PriorityOf(float64(v%11) / 10)
			case 4:
				urls[i].Alternates = []sitemap.Alternate{{Lang: "fr", Href: urls[i].Loc + strings.Repeat("f", v)}}
			case 5:
				urls[i].Alternates, urls[i].Images = nil, nil
			case 6:
				urls[i].Images = []sitemap.Image{{Loc: urls[i].Loc + strings.Repeat("i", v) + ".png"}}
			case 7: // a URL added after i
				u := sitemap.URL{Loc: urls[i].Loc + "x", LastMod: day(7)}
				if i+1 < len(urls) && urls[i+1].Loc <= u.Loc {
					continue
				}
				urls = slices.Insert(urls, i+1, u)
			case 8:
				if len(urls) > 2 {
					urls = slices.Delete(urls, i, i+1)
				}
			case 9:
				opts.MaxURLs = 20 + v%30
			}
			if _, err := Write(sitemap.Slice(urls), opts); err != nil {
				t.Fatal(err)
			}
			sameAsFresh(t, fmt.Sprint("change ", k/3), urls, opts, dir)
		}
	})
}

// The bytes a splice copies into a shard are read into its hasher's
// buffers and handed to it as they are (hashedBuf, writeHashed): the
// shard's SHA-256 is that of the bytes copied, and a read cut short
// gives the buffer it read into back, so that the hasher stops.
func TestCopierHandsBuffersOn(t *testing.T) {
	data := make([]byte, 2*hashBuf+hashBuf/2)
	for i := range data {
		data[i] = byte(i * 7 / 5)
	}
	for _, n := range []int{len(data), len(data) + 1} { // all of it; more than there is
		f := &file{content: sha256.New(), marking: true}
		cp := copier{src: bytes.NewReader(data), sum: NewState().hash(), buf: make([]byte, hashBuf)}
		err := cp.copy(f, n)
		if n > len(data) && !errors.Is(err, errCopy) || n <= len(data) && err != nil {
			t.Fatalf("%d bytes of %d: %v", n, len(data), err)
		}
		stopped := make(chan struct{})
		go func() {
			f.hashWait()
			close(stopped)
		}()
		select {
		case <-stopped:
		case <-time.After(10 * time.Second):
			t.Fatalf("%d bytes of %d: the hasher did not stop (a buffer not given back)", n, len(data))
		}
		want := sha256.Sum256(data[:min(n, 2*hashBuf)]) // a read cut short hands nothing on
		if n <= len(data) {
			want = sha256.Sum256(data)
		}
		if got := f.content.Sum(nil); !bytes.Equal(got, want[:]) {
			t.Errorf("%d bytes of %d: the SHA-256 of other bytes than those copied", n, len(data))
		}
	}
}
