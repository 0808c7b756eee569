package jscode

import (
	"fmt"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestModulesLetGo: a module whose tokens the reader let go of keeps
// what Parse found of it, and Get gives its tokens back as they were,
// without reading its file again; lexing them again counts against the
// bound across modules.
func TestModulesLetGo(t *testing.T) {
	fsys := fstest.MapFS{"a.js": {Data: []byte(module)}, "b.js": {Data: []byte(module)}}
	lim := limits.Default
	lim.SettingsBytes = 3*len(module) - 1
	ms := NewModules(fsys, lim)
	a := ms.Get("a.js")
	toks, match, decls := a.Toks, a.Match, a.Decls
	ms.LetGo(a)
	if a.Toks != nil || a.Match != nil || !reflect.DeepEqual(a.Decls, decls) {
		t.Fatalf("let go: %d tokens, %d brackets, declarations %v", len(a.Toks), len(a.Match), a.Decls)
	}
	delete(fsys, "a.js") // not read again
	if again := ms.Get("a.js"); again != a || !reflect.DeepEqual(a.Toks, toks) || !reflect.DeepEqual(a.Match, match) {
		t.Fatalf("given back: %d tokens, %d brackets, want %d, %d", len(a.Toks), len(a.Match), len(toks), len(match))
	}
	if err := ms.Over("x"); err != nil {
		t.Errorf("within the bound: %v", err)
	}
	// a.js lexed twice: b.js passes the bound.
	if b := ms.Get("b.js"); b != nil {
		t.Error("b.js read past the bound")
	}
	want := fmt.Sprintf("b.js: more than %d bytes with the modules read before it (limits.settings_bytes, all of them together); not read; x", lim.SettingsBytes)
	if err := ms.Over("x"); err == nil || err.Error() != want {
		t.Errorf("Over = %v, want %s", err, want)
	}
	if len(ms.Read) != 2 {
		t.Errorf("read %q, want a.js, b.js", ms.Read)
	}
}
