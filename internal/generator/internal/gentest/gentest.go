// Package gentest holds what the generators' tests share: a table of
// what Detect finds in a project's files, run over every registered
// generator. The files are written by the Fixture a test gives
// (buildtest.TempSite, the tests' helper the door lets write files).
package gentest

import (
	"fmt"
	"io/fs"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jscode"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Env is an environment of a map.
func Env(m map[string]string) generator.Env {
	return generator.LookupEnv(func(k string) (string, bool) {
		v, ok := m[k]
		return v, ok
	})
}

// A DetectTest is a project's files, its environment, and the projects
// Detect finds there (Gen and Plugin not compared).
type DetectTest struct {
	Name  string
	Files map[string]string
	Env   map[string]string
	Want  []generator.Detected
}

// A Fixture writes files (name → contents, "/" separators) into a new
// temporary folder and returns it.
type Fixture func(t testing.TB, files map[string]string) string

// Detect runs the registry's Detect over each test's files, written by
// fixture.
func Detect(t *testing.T, fixture Fixture, tests []DetectTest) {
	t.Helper()
	t.Setenv("HUGO_ENVIRONMENT", "") // LoadHugo reads it: "production"
	for _, tt := range tests {
		t.Run(tt.Name, func(t *testing.T) {
			dir := fixture(t, tt.Files)
			got, err := registry.DetectEnv(dir, Env(tt.Env), limits.Default)
			if err != nil {
				t.Fatalf("detect: %v", err)
			}
			for i := range got {
				got[i].Plugin, got[i].Gen = nil, nil
			}
			if !reflect.DeepEqual(got, tt.Want) {
				t.Errorf("detect:\n got %s\nwant %s", Format(got), Format(tt.Want))
			}
		})
	}
}

// A PeerTest is a project's files and the options of the sitemap
// plugins SitemapOptions reads there (Notes not compared).
type PeerTest struct {
	Name  string
	Files map[string]string
	Want  []peer.Config
}

// SitemapOptions runs generator.SitemapOptions over what the registry's
// Detect finds in each test's files, written by fixture.
func SitemapOptions(t *testing.T, fixture Fixture, tests []PeerTest) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.Name, func(t *testing.T) {
			dir := fixture(t, tc.Files)
			found, err := registry.Detect(dir, limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			got := generator.SitemapOptions(dir, found, limits.Default)
			for i := range got {
				got[i].Notes = nil
			}
			if !reflect.DeepEqual(got, tc.Want) {
				t.Errorf("got\n%#v\nwant\n%#v", got, tc.Want)
			}
		})
	}
}

// Format prints projects by their fields that are set, for a diff.
func Format(ps []generator.Detected) string {
	if ps == nil {
		return "nil"
	}
	var b strings.Builder
	for _, p := range ps {
		b.WriteString("\n  {")
		v := reflect.ValueOf(p)
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); !f.IsZero() {
				b.WriteString(" " + v.Type().Field(i).Name + ": ")
				switch f.Kind() {
				case reflect.String:
					b.WriteString(strconv.Quote(f.String()))
				case reflect.Bool:
					b.WriteString(strconv.FormatBool(f.Bool()))
				case reflect.Pointer:
					fmt.Fprintf(&b, "%+v", f.Elem().Interface())
				default:
					ns, ok := f.Interface().([]string)
					if !ok {
						fmt.Fprintf(&b, "%v", f.Interface())
					}
					for _, n := range ns {
						b.WriteString("\n      " + strconv.Quote(n))
					}
				}
			}
		}
		b.WriteString(" }")
	}
	return b.String()
}

// A RouteCase is a source file, the front matter that moves it, and the
// URL path its generator writes it at ("" for none).
type RouteCase struct {
	Path, Slug, ID, Permalink string
	NoPermalink               bool
	Want                      string
}

// CheckRoutes checks the URL path p gives each case's file.
func CheckRoutes(t *testing.T, p generator.Preset, cases []RouteCase) {
	t.Helper()
	for _, c := range cases {
		got, ok := p.URLPath(generator.Page{Path: c.Path, Slug: c.Slug, ID: c.ID, Permalink: c.Permalink, NoPermalink: c.NoPermalink})
		if !ok {
			got = ""
		}
		if got != c.Want {
			t.Errorf("%s %s (slug %q, id %q, permalink %q): %q, want %q", p.Rules().Name, c.Path, c.Slug, c.ID, c.Permalink, got, c.Want)
		}
	}
}

// HeapFS is a folder that, each time a file Measure takes is opened,
// measures the live heap (after a collection): what a reader holds as it
// goes from one file to the next. Peak is the most it held above the heap
// when NewHeapFS made it. A look at a file (fs.Stat) measures nothing.
type HeapFS struct {
	fs.FS
	Measure func(name string) bool
	base    uint64
	Peak    uint64
}

// NewHeapFS returns fsys measured at each file measure takes.
func NewHeapFS(fsys fs.FS, measure func(name string) bool) *HeapFS {
	return &HeapFS{FS: fsys, Measure: measure, base: liveHeap()}
}

// Open opens name, measuring first when Measure takes it.
func (h *HeapFS) Open(name string) (fs.File, error) {
	if h.Measure(name) {
		if n := liveHeap(); n > h.base && n-h.base > h.Peak {
			h.Peak = n - h.base
		}
	}
	return h.FS.Open(name)
}

// Stat looks at name, measuring nothing.
func (h *HeapFS) Stat(name string) (fs.FileInfo, error) { return fs.Stat(h.FS, name) }

// liveHeap returns the bytes of the heap's live objects, after a
// collection.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// LetsGo calls read with fsys, measured as a HeapFS at each file measure
// takes, and fails t when the reader held more than three modules of
// the code of module cost parsed: a reader that lets go of a module's
// tokens once it is read holds about one, however many it reads.
func LetsGo(t *testing.T, fsys fs.FS, module []byte, measure func(string) bool, read func(fs.FS)) {
	t.Helper()
	before := liveHeap()
	m, err := jscode.Parse("module.js", module, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	after := liveHeap()
	runtime.KeepAlive(m)
	if after <= before {
		t.Fatalf("a module parsed took no room on the heap (%d bytes, then %d): nothing to measure the reader against", before, after)
	}
	one := after - before
	h := NewHeapFS(fsys, measure)
	read(h)
	if h.Peak > 3*one {
		t.Errorf("the reader held %.1f MB, more than three modules parsed (%.1f MB each)", float64(h.Peak)/1e6, float64(one)/1e6)
	}
}

// BenchmarkRead runs read over fsys, then once more measured as a HeapFS
// at each file measure takes, reporting the most the reader held as
// live-MB.
func BenchmarkRead(b *testing.B, fsys fs.FS, measure func(string) bool, read func(fs.FS)) {
	b.ReportAllocs()
	for b.Loop() {
		read(fsys)
	}
	h := NewHeapFS(fsys, measure)
	read(h)
	b.ReportMetric(float64(h.Peak)/1e6, "live-MB")
}
