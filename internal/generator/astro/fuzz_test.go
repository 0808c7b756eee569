package astro

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsfuzz"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// FuzzProject checks Astro's reader of astro.config (see package
// jsfuzz).
func FuzzProject(f *testing.F) {
	jsfuzz.Fuzz(f, func(data []byte) []jsfuzz.Read {
		p := project("a.js", data, limits.Default)
		return []jsfuzz.Read{{BaseURL: p.BaseURL, Notes: p.Notes}}
	})
}

// FuzzTSConfig checks the reader of tsconfig.json's paths: no panic, and
// no target out of the project folder.
func FuzzTSConfig(f *testing.F) {
	for _, s := range []string{
		`{"compilerOptions": {"baseUrl": ".", "paths": {"@/*": ["src/*"],},}} // x`,
		`{"a": "\"/*", /* c */ "b": [1,2,],}`,
		`{"compilerOptions": {"paths": {"x": ["../../etc"]}}}`,
		`"unterminated \`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		for pat, target := range tsconfigPaths(data) {
			if target == ".." || strings.HasPrefix(target, "../") || strings.HasPrefix(target, "/") {
				t.Errorf("%q: %q leaves the project folder", pat, target)
			}
		}
	})
}

// FuzzImportedCollection checks the reader of a route's imports and of
// the helper module it imports: no panic, no read out of the source
// folder, and a name only when the module's function gives one.
func FuzzImportedCollection(f *testing.F) {
	f.Add(replaceSpec(helperRoute, "../../data/post"), postModule)
	f.Add("import { a } from '@/data/post'; a()", "export const a = () => getCollection('x')")
	f.Add("import {} from './'; import { b as } from '../../../x'", "function")
	f.Fuzz(func(t *testing.T, route, module string) {
		defer fuzzbound.Check(t)()
		src := fstest.MapFS{
			"pages/posts/[...slug].astro": {Data: []byte(route)},
			"data/post.ts":                {Data: []byte(module)},
		}
		a := &Preset{Pages: "pages", Aliases: map[string]string{"@/*": "src/*"}}
		name, mod := a.importedCollection(src, "src", "pages/posts/[...slug].astro", route)
		if name != "" && (mod != "data/post.ts" || !strings.Contains(module, name)) {
			t.Errorf("name %q from %q", name, mod)
		}
	})
}
