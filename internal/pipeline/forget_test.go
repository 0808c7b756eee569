package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/mapping"
)

// keptOtherwise are the builder's fields that forget leaves alone, each
// with why: a field that keeps nothing by path, or whose paths an update
// forgets some other way. A field is either here or in perPath, named
// as builderFields names it.
var keptOtherwise = map[string]string{
	"opts":              "the build's options",
	"mode":              "whose build it is, and whether it is an update",
	"mapper":            "the rules that make URLs",
	"explain":           "a Run's alone: a Session does not explain",
	"root":              "where heads are read from",
	"served":            "a server build's paths: its Session builds everything again each time",
	"ownOutputAtRoot":   "a setting",
	"out.noWrite":       "a setting",
	"rep.report":        "where the build reports",
	"rep.res":           "the Result of one build or update",
	"rep.failUnread":    "a setting of the reporter",
	"rep.keepLeft":      "a setting of the reporter",
	"rep.bases":         "an update sets it to nil: only a whole build judges the canonical links' base",
	"rep.baseURL":       "a setting of the reporter",
	"rep.held":          "the reports held while git is read, told at the end of the walk",
	"in.robotsTxt":      "robots.txt by folder; a change of its rules is a whole build (robotsChanged)",
	"in.robots":         "robots.txt's rules; a change of them is a whole build (robotsChanged)",
	"in.git":            "the git history: gitUpdate brings it up to date with the changed paths",
	"in.gitRoot":        "a folder",
	"in.gitScope":       "a folder",
	"in.gitWait":        "the wait for the history read while the walk runs",
	"in.gitTop":         "a folder",
	"in.hash":           "the digests by path persist between builds too (hashstate), so a Run keeps them as a Session does",
	"in.now":            "the build's time",
	"in.gen":            "the generator's sitemaps: a change of them is a whole build (witnessFile)",
	"out.genKept":       "says a file was written",
	"in.wit":            "the generator's sitemaps: a change of them is a whole build (witnessFile)",
	"in.witNames":       "the names of the generator's sitemaps",
	"in.seen":           "the generator's sitemaps as read: a change of them is a whole build (witnessFile)",
	"in.fmc":            "the front matter cache: kept by file with its size and time, so a changed file's entry is not used; dropped once saved",
	"src.rules":         "the generator's rules",
	"src.join":          "by join key: forgetClaim forgets a source's claim in it with claims",
	"src.runnerUp":      "a Run's: a Session keeps claims instead",
	"src.static":        "made and closed within each judgement",
	"said.saidOf":       "the files warned about, said once a Session",
	"src.fmDates":       "every front matter date read, by date: a date that is gone only widens the bound it sets",
	"src.translated":    "a setting of the sources",
	"src.pageMu":        "guards pageSrcs",
	"src.joinPre":       "made once from the options",
	"found.dev":         "a whole build's count",
	"found.htmlLeftOut": "a whole build's count",
	"found.extraPaths":  "the extra URLs, which a whole build reads",
	"kept.skipped":      "by URL: forgetSkipped forgets a page in it with skippedLoc",
	"found.refused":     "emptied at each judgement (refusedPass)",
	"found.refusedRecs": "emptied at each judgement (refusedPass)",
	"found.genHits":     "a whole build's count",
	"found.genCount":    "a whole build's count",
	"found.genDrafts":   "a whole build's count",
	"upd.touched":       "the update's own: the paths it judges again",
	"upd.added":         "the update's own: the records it adds",
	"said.onDemandSaid": "the routes warned about, said once a Session",
	"said.emptySaid":    "the sections warned about, said once a Session",
	"said.siteWide":     "the site's dates told, said once a Session",
}

// builderFields returns the names of the builder's fields. A field
// that holds a group of the builder's state, a struct of the package
// (kept, src …), is named by each of the group's fields, as
// "group.field", unless perPath or keptOtherwise names the group as a
// whole (opts, recs). A part embedded would count as its fields too.
func builderFields() []string {
	var names []string
	whole := func(name string) bool {
		if keptOtherwise[name] != "" {
			return true
		}
		return slices.ContainsFunc(perPath, func(st pathStore) bool { return st.field == name })
	}
	pkg := reflect.TypeFor[builder]().PkgPath()
	var walk func(t reflect.Type, prefix string)
	walk = func(t reflect.Type, prefix string) {
		for f := range t.Fields() {
			name := prefix + f.Name
			group := f.Type.Kind() == reflect.Struct && f.Type.PkgPath() == pkg
			if f.Anonymous && group {
				walk(f.Type, prefix)
				continue
			}
			if group && prefix == "" && !whole(name) {
				walk(f.Type, name+".")
				continue
			}
			names = append(names, name)
		}
	}
	walk(reflect.TypeFor[builder](), "")
	return names
}

// fieldAt returns the field of the builder at v that builderFields
// names name.
func fieldAt(v reflect.Value, name string) reflect.Value {
	for part := range strings.SplitSeq(name, ".") {
		v = v.FieldByName(part)
	}
	return v
}

// TestForgetCoversEveryStore: each of the builder's fields, and each
// field of the groups it holds (builderFields), is either a store that
// forget runs (perPath) or kept otherwise for a reason (keptOtherwise),
// so a new store kept by path cannot be missed by forget: a field added
// to the builder or to one of its groups fails here until it is listed
// in one of them.
func TestForgetCoversEveryStore(t *testing.T) {
	fields := builderFields()
	inPerPath := make(map[string]bool)
	for _, st := range perPath {
		if inPerPath[st.field] {
			t.Errorf("perPath lists %s twice", st.field)
		}
		inPerPath[st.field] = true
		if st.page == nil && st.source == nil {
			t.Errorf("perPath's %s forgets nothing", st.field)
		}
		if !slices.Contains(fields, st.field) {
			t.Errorf("perPath lists %s, which is no field of the builder", st.field)
		}
	}
	for name := range keptOtherwise {
		if !slices.Contains(fields, name) {
			t.Errorf("keptOtherwise lists %s, which is no field of the builder", name)
		}
		if inPerPath[name] {
			t.Errorf("%s is in both perPath and keptOtherwise", name)
		}
	}
	for _, name := range fields {
		if !inPerPath[name] && keptOtherwise[name] == "" {
			t.Errorf("the builder's field %s is in neither perPath (forget.go) nor keptOtherwise: if it keeps something by a page's or a source's path, add it to perPath with how to forget it; if not, say why in keptOtherwise", name)
		}
	}
}

// TestForgetEmptiesEachStore: after a Session's whole build of a site
// with sources, translations, hard links and pages left out, forgetting
// every page and every source leaves none of them in the stores of
// perPath that are maps by path, nor in the index and the linked pages.
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
	bv := reflect.ValueOf(b).Elem()
	// held returns the stores of perPath, maps by path, that hold one of
	// paths.
	held := func(paths []string) []string {
		var out []string
		for _, st := range perPath {
			v := fieldAt(bv, st.field)
			if v.Kind() != reflect.Map || v.Type().Key().Kind() != reflect.String {
				continue
			}
			for _, p := range paths {
				if v.MapIndex(reflect.ValueOf(p)).IsValid() {
					out = append(out, st.field+"["+p+"]")
				}
			}
		}
		return out
	}
	// What the build must have filled, or the test shows nothing.
	before := held(append(slices.Clone(pagePaths), append(srcRels, srcPaths...)...))
	for _, want := range []string{"src.pageSrcs[posts/a/index.html]", "kept.skippedLoc[posts/b/index.html]", "kept.problems[../content/posts/b.md]", "src.sources[posts/a.md]"} {
		if !slices.Contains(before, want) {
			t.Errorf("the whole build left %s empty; held: %v", want, before)
		}
	}
	if len(b.kept.linked.names) == 0 {
		t.Error("the whole build noted no page with other names")
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
		if _, ok := b.kept.linked.names[p]; ok {
			t.Errorf("the linked pages still hold %s", p)
		}
	}
	if len(b.src.claims) > 0 || len(b.src.join) > 0 {
		t.Errorf("claims %v and join %v are left", b.src.claims, b.src.join)
	}
}
