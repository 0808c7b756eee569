package pipeline

import (
	"context"
	"hash/maphash"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/mapping"
)

// keptOtherwise are the stores that forget leaves alone, each with why:
// a store that keeps nothing by a page's or a source's path, or whose
// paths an update forgets some other way. A store is a map or a slice
// that may hold a path, or a value of another package that the walk
// cannot look into (pathStores), named by the struct type that holds it
// and its field. A type named alone is not walked into.
var keptOtherwise = map[string]string{
	"Options":   "the options given and resolved: settings, not what a build learns of its pages",
	"explainer": "a Run's alone: a Session does not explain",
	"Result":    "the Result of one build or update, made anew for each",

	"Session.hostFiles": "the host files, from the options: a change of one is a whole build",
	"Session.gitFiles":  "the repository's files, a change of which means a commit: a whole build",
	"Session.state":     "the writer's files by name, not the pages'",

	"builder.mapper": "the rules that make URLs, from the options",
	"builder.served": "a server build's paths: its Session builds everything again each time",

	"robotsFiles.dirs":      "robots.txt's folders; a change of its rules is a whole build (robotsChanged)",
	"inputs.robots":         "robots.txt's rules; a change of them is a whole build (robotsChanged)",
	"inputs.git":            "the git history: gitUpdate brings it up to date with the changed paths",
	"inputs.hash":           "the digests by path persist between builds too (hashstate), so a Run keeps them as a Session does",
	"inputs.witNames":       "the names of the generator's sitemaps: a change of them is a whole build (witnessFile)",
	"genAlternates.langs":   "the generator's sitemaps' languages: a change of them is a whole build (witnessFile)",
	"genAlternates.langIdx": "the generator's sitemaps' languages: a change of them is a whole build (witnessFile)",
	"genAlternates.byKey":   "the generator's sitemaps' alternates: a change of them is a whole build (witnessFile)",
	"fmCache.next":          "the front matter cache: kept by file with its size and time, so a changed file's entry is not used",
	"genDates.files":        "the generator's sitemaps: a change of them is a whole build (witnessFile)",
	"genDates.read":         "the generator's sitemaps read: a change of them is a whole build (witnessFile)",
	"seenSitemaps.stamps":   "the generator's sitemaps as read: a change of them is a whole build (witnessFile)",

	"recordTable.mapper":  "the rules that make URLs, from the options",
	"recordTable.paths":   "paths of records whose URL form is unknown, by record: a freed record no longer points to its path (records.remove)",
	"locTable.prefixes":   "the URLs' prefixes, shared by the records, not a page's",
	"locTable.byPrefix":   "the URLs' prefixes, shared by the records, not a page's",
	"pageMedia.images":    "by the record's entry of alternates (record.alts), set anew when a record takes the entry",
	"pageMedia.videos":    "by the record's entry of alternates (record.alts), set anew when a record takes the entry",
	"alternates.shown":    "by the record's entry of alternates, set by the passes that judge the alternates (setShown)",
	"extraURLs.spans":     "the extra URLs' files, which a whole build reads",
	"extraURLs.prio":      "the extra URLs' default priority, a setting",
	"skippedPages.list":   "a Run's: a Session keeps the pages left out by URL instead (noteSkipped)",
	"altLists.langs":      "the languages of the alternates, not a page's",
	"altLists.langID":     "the languages of the alternates, not a page's",
	"genRecords.bySource": "by source, of the records of a whole build: records.remove forgets a freed record in it",
	"listedWhy.by":        "by record, set at each judgement from the list pages pass",
	"siteDates.names":     "the groups of heads' dates by their source and language, shared by the records, not a page's",
	"siteDates.index":     "the groups of heads' dates by their source and language, shared by the records, not a page's",
	"siteDates.dates":     "the site's dates by group, set at each judgement from the site's dates pass",
	"written.siteWide":    "the site's dates the last write was given, which the next compares with",

	"joined.rules":         "the generator's rules",
	"joined.runnerUp":      "a Run's: a Session keeps claims instead",
	"judged.extraPaths":    "the extra URLs, which a whole build reads",
	"judged.refusedRecs":   "emptied at each judgement (refusedPass)",
	"canonicalBases.n":     "an update sets the reporter's bases to nil: only a whole build judges the canonical links' base",
	"canonicalBases.to":    "an update sets the reporter's bases to nil: only a whole build judges the canonical links' base",
	"canonicalBases.first": "an update sets the reporter's bases to nil: only a whole build judges the canonical links' base",
	"judged.refused":       "emptied at each judgement (refusedPass)",

	"hreflangPass.found":  "the warnings of the last judgement, emptied when the next takes the pass",
	"siteWidePass.found":  "the warnings of the last judgement, emptied when the next takes the pass",
	"hreflangPass.hosts":  "Options.Hreflang.Hosts, a setting",
	"hreflangPass.robots": "robots.txt's rules; a change of them is a whole build (robotsChanged)",
	"hreflangPass.said":   "by path: the pass judges the paths forget marks dirty again, and says again or drops what it said of them",
	"hreflangDirty.locs":  "what changed since the last judgement, which forget adds to and the hreflang pass empties",
	"hreflangDirty.paths": "what changed since the last judgement, which forget adds to and the hreflang pass empties",

	"saidOnce.saidOf":    "the files warned about, said once a Session",
	"saidOnce.emptySaid": "the sections warned about, said once a Session",
	"update.touched":     "the update's own: the paths it judges again",
}

// plainTypes are the types of other packages that hold no path: the walk
// does not ask why forget leaves them alone.
var plainTypes = []reflect.Type{
	reflect.TypeFor[time.Time](), reflect.TypeFor[sync.Mutex](), reflect.TypeFor[sync.Once](),
	reflect.TypeFor[atomic.Int64](), reflect.TypeFor[atomic.Int32](), reflect.TypeFor[maphash.Seed](),
}

// holdsString reports whether t is a string, or a slice, an array or a
// struct of strings.
func holdsString(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.String:
		return true
	case reflect.Slice, reflect.Array:
		return holdsString(t.Elem())
	case reflect.Struct:
		for f := range t.Fields() {
			if f.Type.Kind() == reflect.String {
				return true
			}
		}
	}
	return false
}

// mayHoldPath reports whether a map or slice of type t may hold a path:
// keyed by a string or by a value of the package (a source), or holding
// strings.
func mayHoldPath(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Map:
		k := t.Key()
		return holdsString(k) || k.Kind() == reflect.Pointer && k.Elem().PkgPath() == pipelinePkg || holdsString(t.Elem())
	case reflect.Slice:
		return holdsString(t.Elem())
	}
	return false
}

var pipelinePkg = reflect.TypeFor[builder]().PkgPath()

// pathStores walks the struct type t and every struct of the package it
// holds, through pointers and embedded parts, at any depth, each once.
// It does not walk into what a map or a slice holds, which goes with its
// key or index, nor into the types keptOtherwise names alone. It calls
// store with the name ("type.field") of each map and slice, and whether
// it may hold a path or is another package's value it cannot look into.
func pathStores(t reflect.Type, store func(name string, f reflect.StructField, candidate bool)) {
	seen := make(map[reflect.Type]bool)
	var walk func(t reflect.Type, owner string)
	walk = func(t reflect.Type, owner string) {
		for f := range t.Fields() {
			name := owner + "." + f.Name
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			switch {
			case ft.Kind() == reflect.Struct && ft.PkgPath() == pipelinePkg:
				if keptOtherwise[ft.Name()] == "" && !seen[ft] {
					seen[ft] = true
					walk(ft, ft.Name())
				}
			case ft.Kind() == reflect.Struct && ft.Name() == "":
				walk(ft, name) // a struct of its own, named by its field
			case ft.Kind() == reflect.Struct:
				store(name, f, !slices.Contains(plainTypes, ft))
			case ft.Kind() == reflect.Map || ft.Kind() == reflect.Slice:
				store(name, f, mayHoldPath(ft))
			}
		}
	}
	seen[t] = true
	walk(t, t.Name())
}

// TestForgetCoversEveryStore: each store of the Session and of every
// struct it holds, at any depth, that may hold a path (pathStores) is
// either emptied by forget (perPath) or kept otherwise for a reason
// (keptOtherwise). So a new store kept by path cannot be missed by
// forget: a map by path added to the Session, the builder, the records,
// or any struct they hold, such as linkedPages, fails here until it is
// listed in one of them.
func TestForgetCoversEveryStore(t *testing.T) {
	all, candidates := make(map[string]bool), make(map[string]bool)
	pathStores(reflect.TypeFor[Session](), func(name string, _ reflect.StructField, candidate bool) {
		all[name] = true
		candidates[name] = candidate
	})
	if len(candidates) < 50 {
		t.Fatalf("the walk found %d stores: it did not reach the builder's groups", len(candidates))
	}
	inPerPath := make(map[string]bool)
	for _, st := range perPath {
		if st.page == nil && st.source == nil {
			t.Errorf("perPath's %v forgets nothing", st.stores)
		}
		for _, name := range st.stores {
			if inPerPath[name] {
				t.Errorf("perPath lists %s twice", name)
			}
			inPerPath[name] = true
			if !all[name] {
				t.Errorf("perPath lists %s, which is no map or slice the Session holds", name)
			}
		}
	}
	for name := range keptOtherwise {
		if !candidates[name] && !strings.Contains(name, ".") {
			continue // a type not walked into
		}
		if !candidates[name] {
			t.Errorf("keptOtherwise lists %s, which is no store the Session holds that may hold a path", name)
		}
		if inPerPath[name] {
			t.Errorf("%s is in both perPath and keptOtherwise", name)
		}
	}
	for name, candidate := range candidates {
		if candidate && !inPerPath[name] && keptOtherwise[name] == "" {
			t.Errorf("%s may hold a path and is in neither perPath (forget.go) nor keptOtherwise: if it keeps something by a page's or a source's path, add it to perPath with how to forget it; if not, say why in keptOtherwise", name)
		}
	}
}

// storeValues calls fn with each map and slice, by its pathStores name,
// that the value v, a pointer to a struct, holds at any depth.
func storeValues(v reflect.Value, fn func(name string, v reflect.Value)) {
	seen := make(map[uintptr]bool)
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		t := v.Type()
		for i := range t.NumField() {
			f, fv := t.Field(i), v.Field(i)
			for fv.Kind() == reflect.Pointer {
				if fv.IsNil() || seen[fv.Pointer()] {
					fv = reflect.Value{}
					break
				}
				seen[fv.Pointer()] = true
				fv = fv.Elem()
			}
			if !fv.IsValid() {
				continue
			}
			switch {
			case fv.Kind() == reflect.Struct && fv.Type().PkgPath() == pipelinePkg && keptOtherwise[fv.Type().Name()] == "":
				walk(fv)
			case fv.Kind() == reflect.Map || fv.Kind() == reflect.Slice:
				fn(t.Name()+"."+f.Name, fv)
			}
		}
	}
	walk(v.Elem())
}

// heldPaths returns the strings of paths that v, a map or slice, holds
// as a key or in a value.
func heldPaths(v reflect.Value, paths map[string]bool) []string {
	var out []string
	var look func(v reflect.Value)
	look = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.String:
			if paths[v.String()] {
				out = append(out, v.String())
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				look(v.Index(i))
			}
		case reflect.Struct:
			for i := range v.NumField() {
				if v.Field(i).Kind() == reflect.String {
					look(v.Field(i))
				}
			}
		}
	}
	if v.Kind() == reflect.Map {
		for it := v.MapRange(); it.Next(); {
			look(it.Key())
			look(it.Value())
		}
		return out
	}
	look(v)
	return out
}

// TestForgetEmptiesEachStore: after a Session's whole build of a site
// with sources, translations, hard links and pages left out, forgetting
// every page and every source leaves none of them in the Session's
// stores, at any depth, but those kept otherwise, nor in the index.
func TestForgetEmptiesEachStore(t *testing.T) {
	dir := t.TempDir()
	public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
	pc := &siteChanger{t: t, root: public}
	cc := &siteChanger{t: t, root: content}
	day := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	pc.write("index.html", "<title>home</title>"+linksTo("/posts/a/ /posts/b/"), day)
	pc.write("posts/a/index.html", "<title>a</title>", day)
	pc.write("posts/b/index.html", `<title>b</title><meta name="robots" content="noindex">`, day)
	pc.write("fr/index.html", "<title>accueil</title>", day)
	if err := os.Link(filepath.Join(public, "posts/a/index.html"), filepath.Join(public, "posts/a/other.html")); err != nil {
		t.Fatal(err)
	}
	cc.write("posts/a.md", "---\nlastmod: 2024-05-01\n---\n", day)
	cc.write("posts/b.md", "---\nlastmod: [\n---\n", day) // a front matter problem
	hugo, err := loadHugo(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{
		Root: public, Heads: Heads{Read: true}, Translator: pathTranslator{},
		Map:  mapping.Options{BaseURL: base, LastMod: []mapping.LastModSource{mapping.LastModFrontMatter, mapping.LastModMTime}},
		Join: &Sources{Dir: content, Preset: hugo},
	}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	b := s.b
	var pagePaths []string
	for p := range b.kept.index.all() {
		pagePaths = append(pagePaths, p)
	}
	var srcRels []string
	var srcPaths []string
	for rel, src := range b.src.sources {
		srcRels, srcPaths = append(srcRels, rel), append(srcPaths, src.path)
	}
	if len(pagePaths) < 4 || len(srcRels) < 2 {
		t.Fatalf("the Session knows pages %v and sources %v", pagePaths, srcRels)
	}
	// held returns the stores of the Session, at any depth, that hold
	// one of paths, but for those kept otherwise.
	held := func(paths []string) []string {
		set := make(map[string]bool)
		for _, p := range paths {
			set[p] = true
		}
		found := make(map[string]bool)
		storeValues(reflect.ValueOf(s), func(name string, v reflect.Value) {
			if keptOtherwise[name] != "" {
				return
			}
			for _, p := range heldPaths(v, set) {
				found[name+"["+p+"]"] = true
			}
		})
		return slices.Sorted(maps.Keys(found))
	}
	// What the build must have filled, or the test shows nothing.
	before := held(append(slices.Clone(pagePaths), append(srcRels, srcPaths...)...))
	for _, want := range []string{"joined.pageSrcs[posts/a/index.html]", "kept.skippedLoc[posts/b/index.html]", "kept.problems[../content/posts/b.md]", "joined.sources[posts/a.md]", "linkedPages.names[posts/a/other.html]"} {
		if !slices.Contains(before, want) {
			t.Errorf("the whole build left %s empty; held: %v", want, before)
		}
	}

	b.upd.collect()
	b.forgetSources(srcRels, make(map[string]bool))
	b.freeRecords(b.forgetPages(pagePaths))
	if left := held(append(pagePaths, append(srcRels, srcPaths...)...)); len(left) > 0 {
		t.Errorf("forget left %v", left)
	}
	for _, p := range pagePaths {
		if _, ok := b.kept.index.get(p); ok {
			t.Errorf("the index still holds %s", p)
		}
	}
	if len(b.src.claims) > 0 || len(b.src.join) > 0 {
		t.Errorf("claims %v and join %v are left", b.src.claims, b.src.join)
	}
}
