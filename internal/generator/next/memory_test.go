package next_test

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/next"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// routes is a project of n routes over the Markdown files of posts/,
// pages/aN/[p].js, each of about size bytes.
func routes(n, size int) fstest.MapFS {
	fsys := fstest.MapFS{"posts/a.md": {Data: []byte("# A\n")}}
	pad := "  const pad = [" + strings.Repeat("0, ", size/3) + "];\n"
	for i := range n {
		fsys[fmt.Sprintf("pages/a%d/[p].js", i)] = &fstest.MapFile{Data: []byte(`import fs from 'fs';
import path from 'path';
export async function getStaticPaths() {
` + pad + `  const names = fs.readdirSync(path.join(process.cwd(), 'posts')).filter((f) => f.endsWith('.md'));
  return { paths: names.map((f) => ({ params: { p: f.replace(/\.md$/, '') } })), fallback: false };
}
export default function Post() { return null; }
`)}
	}
	return fsys
}

// isRoute reports whether name is one of routes' files.
func isRoute(name string) bool {
	return strings.HasPrefix(name, "pages/") && strings.HasSuffix(name, ".js")
}

// TestReadFolderLetsGo: twelve routes over Markdown of 200 KB each (about
// 7 MB parsed): the reader lets go of a route's tokens once it is
// judged, so the heap it holds stays under what three of them cost
// parsed, however many there are; each is still read, a route over
// posts/. It held all twelve to the end.
func TestReadFolderLetsGo(t *testing.T) {
	fsys := routes(12, 200<<10)
	lim := limits.Default
	lim.SettingsBytes = 64 << 20 // the bound across modules not reached
	gentest.LetsGo(t, fsys, fsys["pages/a0/[p].js"].Data, isRoute, func(h fs.FS) {
		p := &next.Preset{}
		p.ReadFolder(generator.Folder{Settings: h, Content: h, Limits: lim})
		if len(p.Markdown) != 12 {
			t.Errorf("%d routes over Markdown %+v, want 12", len(p.Markdown), p.Markdown)
		}
	})
}

// BenchmarkReadFolderRoutes: routes over Markdown of 256 KB each, within
// the bound across modules (12: 3 MB) and past it (24: 6 MB), at the
// default limits; live-MB is the most the reader held (the live heap as
// it opens each route).
func BenchmarkReadFolderRoutes(b *testing.B) {
	for _, n := range []int{12, 24} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			gentest.BenchmarkRead(b, routes(n, 256<<10), isRoute, func(h fs.FS) {
				(&next.Preset{}).ReadFolder(generator.Folder{Settings: h, Content: h, Limits: limits.Default})
			})
		})
	}
}

// TestReadFolderModulesBound: the route files and the modules they
// import are read within limits.settings_bytes all together, as one file
// is: the first that would pass it is not read, and is named in a
// warning with the key; the routes read before it are joined, it is not.
func TestReadFolderModulesBound(t *testing.T) {
	fsys := routes(4, 3000)
	lim := limits.Default
	lim.SettingsBytes = 2*len(fsys["pages/a0/[p].js"].Data) + 1000
	var warnings []error
	p := &next.Preset{}
	p.ReadFolder(generator.Folder{Settings: fsys, Content: fsys, Limits: lim, Warn: func(err error) { warnings = append(warnings, err) }})
	if len(p.Markdown) != 2 || p.Markdown[0].File != "pages/a0/[p].js" || p.Markdown[1].File != "pages/a1/[p].js" {
		t.Errorf("routes over Markdown %+v, want pages/a0 and pages/a1", p.Markdown)
	}
	want := fmt.Sprintf("pages/a2/[p].js: more than %d bytes with the modules read before it (limits.settings_bytes, all of them together); not read; a route that needs it is not joined: its pages stay as the build wrote them", lim.SettingsBytes)
	if len(warnings) != 1 || warnings[0].Error() != want {
		t.Errorf("warnings %q, want %q", warnings, want)
	}
}
