package gatsby_test

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/gatsby"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// chain is the blog starter's project whose gatsby-node.js calls, in
// createPages, the first of n helper modules, each of about size bytes
// that calls the next: gatsby/m0.js … gatsby/mN.js.
func chain(n, size int) fstest.MapFS {
	fsys := fstest.MapFS{
		"gatsby-config.js":    {Data: []byte(starterConfig)},
		"gatsby-node.js":      {Data: []byte("const { step } = require('./gatsby/m0');\n" + strings.Replace(starterNode, "  const result = await graphql(", "  step();\n  const result = await graphql(", 1))},
		"content/blog/a.md":   {Data: []byte(post)},
		"content/blog/b/c.md": {Data: []byte(post)},
	}
	pad := "  const pad = [" + strings.Repeat("0, ", size/3) + "];\n"
	for i := range n {
		next, call := "", ""
		if i+1 < n {
			next, call = fmt.Sprintf("const { step: next } = require('./m%d');\n", i+1), "  next();\n"
		}
		fsys[fmt.Sprintf("gatsby/m%d.js", i)] = &fstest.MapFile{Data: []byte(next + "exports.step = () => {\n" + call + pad + "};\n")}
	}
	return fsys
}

// isHelper reports whether name is one of chain's helper modules.
func isHelper(name string) bool { return strings.HasPrefix(name, "gatsby/m") }

// TestReadPostsLetsGo: gatsby-node.js calling a chain of twelve helper
// modules of 200 KB (each about 7 MB parsed): the reader holds the
// tokens of the modules whose code it is reading and lets go of them once
// read, so the heap it holds stays under what three of them cost parsed,
// however long the chain; the chain is read whole, the posts joined. It
// held all twelve to the end.
func TestReadPostsLetsGo(t *testing.T) {
	fsys := chain(12, 200<<10)
	lim := limits.Default
	lim.SettingsBytes = 64 << 20 // the bound across modules not reached
	gentest.LetsGo(t, fsys, fsys["gatsby/m0.js"].Data, isHelper, func(h fs.FS) {
		posts, _, read := gatsby.ReadPosts(h, "gatsby-config.js", lim)
		if len(posts) != 1 || len(read) != 14 {
			t.Errorf("posts %+v, %d files read %q; want content/blog joined, 14 files read", posts, len(read), read)
		}
	})
}

// BenchmarkReadPostsChain: gatsby-node.js calling a chain of helper
// modules of 256 KB, within the bound across modules (12: 3 MB) and past
// it (40: 10 MB), at the default limits; live-MB is the most the reader
// held (the live heap as it opens each module).
func BenchmarkReadPostsChain(b *testing.B) {
	for _, n := range []int{12, 40} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			gentest.BenchmarkRead(b, chain(n, 256<<10), isHelper, func(h fs.FS) { gatsby.ReadPosts(h, "gatsby-config.js", limits.Default) })
		})
	}
}

// TestReadPostsModulesBound: the modules gatsby-node.js requires, in
// turn, are read within limits.settings_bytes all together, as one file
// is: the first that would pass it is not read, and is named in a
// warning with the key; what its code makes is not known, so no post is
// joined. Short of the bound, the same chain is read whole.
func TestReadPostsModulesBound(t *testing.T) {
	fsys := chain(5, 3000)
	lim := limits.Default
	lim.SettingsBytes = len(fsys["gatsby-node.js"].Data) + len(fsys["gatsby/m0.js"].Data) + len(fsys["gatsby/m1.js"].Data) + 1000
	var warnings []error
	p := &gatsby.Preset{Config: "gatsby-config.js"}
	p.ReadFolder(generator.Folder{Settings: fsys, Content: fsys, Limits: lim, Warn: func(err error) { warnings = append(warnings, err) }})
	if len(p.Posts) != 0 {
		t.Errorf("posts %+v, want none joined", p.Posts)
	}
	want := fmt.Sprintf("gatsby/m2.js: more than %d bytes with the modules read before it (limits.settings_bytes, all of them together); not read; what gatsby-node's code makes of the Markdown posts is not known", lim.SettingsBytes)
	if len(warnings) != 1 || warnings[0].Error() != want {
		t.Errorf("warnings %q, want %q", warnings, want)
	}

	lim.SettingsBytes = 64 << 10
	warnings = nil
	p.ReadFolder(generator.Folder{Settings: fsys, Content: fsys, Limits: lim, Warn: func(err error) { warnings = append(warnings, err) }})
	if len(p.Posts) != 1 || len(warnings) != 0 {
		t.Errorf("within the bound: posts %+v, warnings %q; want content/blog joined, none", p.Posts, warnings)
	}
}
