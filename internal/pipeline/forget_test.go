package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/mapping"
)

// keptOtherwise are the builder's fields that forget leaves alone, each
// with why: a field that keeps nothing by path, or whose paths an update
// forgets some other way. A field is either here or in perPath.
var keptOtherwise = map[string]string{
	"opts":            "the build's options",
	"kind":            "whose build it is",
	"mapper":          "the rules that make URLs",
	"explain":         "a Run's alone: a Session does not explain",
	"root":            "where heads are read from",
	"served":          "a server build's paths: its Session builds everything again each time",
	"ownOutputAtRoot": "a setting",
	"noWrite":         "a setting",
	"report":          "where the build reports",
	"res":             "the Result of one build or update",
	"failUnread":      "a setting of the reporter",
	"keepLeft":        "a setting of the reporter",
	"bases":           "an update sets it to nil: only a whole build judges the canonical links' base",
	"baseURL":         "a setting of the reporter",
	"held":            "the reports held while git is read, told at the end of the walk",
	"robotsTxt":       "robots.txt by folder; a change of its rules is a whole build (robotsChanged)",
	"robots":          "robots.txt's rules; a change of them is a whole build (robotsChanged)",
	"git":             "the git history: gitUpdate brings it up to date with the changed paths",
	"gitRoot":         "a folder",
	"gitScope":        "a folder",
	"gitWait":         "the wait for the history read while the walk runs",
	"gitTop":          "a folder",
	"hash":            "the digests by path persist between builds too (hashstate), so a Run keeps them as a Session does",
	"now":             "the build's time",
	"gen":             "the generator's sitemaps: a change of them is a whole build (witnessFile)",
	"genKept":         "says a file was written",
	"wit":             "the generator's sitemaps: a change of them is a whole build (witnessFile)",
	"witNames":        "the names of the generator's sitemaps",
	"seen":            "the generator's sitemaps as read: a change of them is a whole build (witnessFile)",
	"fmc":             "the front matter cache: kept by file with its size and time, so a changed file's entry is not used; dropped once saved",
	"rules":           "the generator's rules",
	"join":            "by join key: forgetClaim forgets a source's claim in it with claims",
	"runnerUp":        "a Run's: a Session keeps claims instead",
	"static":          "made and closed within each judgement",
	"saidOf":          "the files warned about, said once a Session",
	"fmDates":         "every front matter date read, by date: a date that is gone only widens the bound it sets",
	"translated":      "a setting of the sources",
	"pageMu":          "guards pageSrcs",
	"joinPre":         "made once from the options",
	"dev":             "a whole build's count",
	"htmlLeftOut":     "a whole build's count",
	"extraPaths":      "the extra URLs, which a whole build reads",
	"skipped":         "by URL: forgetSkipped forgets a page in it with skippedLoc",
	"refused":         "emptied at each judgement (refusedPass)",
	"refusedRecs":     "emptied at each judgement (refusedPass)",
	"genHits":         "a whole build's count",
	"genCount":        "a whole build's count",
	"genDrafts":       "a whole build's count",
	"touched":         "the update's own: the paths it judges again",
	"added":           "the update's own: the records it adds",
	"onDemandSaid":    "the routes warned about, said once a Session",
	"emptySaid":       "the sections warned about, said once a Session",
	"siteWide":        "the site's dates told, said once a Session",
}

// builderFields returns the names of the builder's fields, with those of
// its embedded parts as its own.
func builderFields() []string {
	var names []string
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		for f := range t.Fields() {
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				walk(f.Type)
				continue
			}
			names = append(names, f.Name)
		}
	}
	walk(reflect.TypeFor[builder]())
	return names
}

// TestForgetCoversEveryStore: each of the builder's fields is either a
// store that forget runs (perPath) or kept otherwise for a reason
// (keptOtherwise), so a new store kept by path cannot be missed by
// forget: a field added to the builder fails here until it is listed in
// one of them.
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
	for p := range b.index.all() {
		pagePaths = append(pagePaths, p)
	}
	var srcRels []string
	var srcPaths []string
	for rel, src := range b.sources {
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
			v := bv.FieldByName(st.field)
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
	for _, want := range []string{"pageSrcs[posts/a/index.html]", "skippedLoc[posts/b/index.html]", "problems[../content/posts/b.md]", "sources[posts/a.md]"} {
		if !slices.Contains(before, want) {
			t.Errorf("the whole build left %s empty; held: %v", want, before)
		}
	}
	if len(b.linked.names) == 0 {
		t.Error("the whole build noted no page with other names")
	}

	b.touched = make(map[string]bool)
	b.forgetSources(srcRels, make(map[string]bool))
	b.freeRecords(b.forgetPages(pagePaths))
	if left := held(append(pagePaths, append(srcRels, srcPaths...)...)); len(left) > 0 {
		t.Errorf("forget left %v", left)
	}
	for _, p := range pagePaths {
		if _, ok := b.index.get(p); ok {
			t.Errorf("the index still holds %s", p)
		}
		if _, ok := b.linked.names[p]; ok {
			t.Errorf("the linked pages still hold %s", p)
		}
	}
	if len(b.claims) > 0 || len(b.join) > 0 {
		t.Errorf("claims %v and join %v are left", b.claims, b.join)
	}
}
