package e2e

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/writer"
)

// The crash harness: sitemapgen is killed with SIGKILL at random instants
// of "build" and "watch" on a generated site, and after every kill the
// site folder must hold a complete sitemap set, the previous one or the
// new one, never a mix. Each set a completed run writes is read once and
// checked whole (sitemap.xml and every shard it lists parsed and passed
// through validate.Check, robots.txt naming the entry); after a kill the
// folder must hold one of the two: its sitemap.xml byte for byte, and every
// shard it lists there whole, its bytes matching the SHA-256 digest in its
// name, that is the very file that was checked. After every completed run
// no temporary file is left and the folder holds the set's files and no
// other of ours, as the record lists them.
//
// The default is what CI runs; a longer run:
//
//	go test ./internal/e2e -run '^TestCrash$' -crash.pages 100000 -crash.kills 2000 -timeout 2h
var (
	crashPages = flag.Int("crash.pages", 5000, "pages of the generated site the crash tests kill sitemapgen on")
	crashKills = flag.Int("crash.kills", 200, "kills in all: three fifths in build (half with gzip), two fifths in watch")
	crashSeed  = flag.Uint64("crash.seed", 0, "seed of the kill instants (0: from the clock; the test logs it)")
)

const crashBase = "https://example.com/"

// crashConfig is one way to build the site, as flags and as sitemap.yaml.
type crashConfig struct {
	name  string
	flags []string
	yaml  string
}

// crashConfigs give three different sets: about a hundred shards, about
// sixty without the blog, and (build only) one urlset without the docs.
// Gzip runs the same with .xml.gz files.
func crashConfigs(gzip bool) []crashConfig {
	small, large := strconv.Itoa(max(1, *crashPages/100)), strconv.Itoa(max(1, *crashPages*3/200))
	cs := []crashConfig{
		{name: "shards of " + small, flags: []string{"--max-urls", small}, yaml: "max_urls: " + small + "\n"},
		{name: "shards of " + large + ", no blog", flags: []string{"--max-urls", large, "--exclude", "blog/**"}, yaml: "max_urls: " + large + "\nexclude: ['blog/**']\n"},
		{name: "one urlset, no docs", flags: []string{"--exclude", "docs/**"}, yaml: "exclude: ['docs/**']\n"},
	}
	for i := range cs {
		cs[i].flags = append(cs[i].flags, "--robots")
		cs[i].yaml += "robots: true\n"
		if gzip {
			cs[i].name += ", gzip"
			cs[i].flags = append(cs[i].flags, "--gzip")
			cs[i].yaml += "gzip: true\n"
		}
	}
	return cs
}

// crashSet is a complete set as a completed run wrote it.
type crashSet struct {
	name string
	urls string // every <url>, one a line, in order
	dur  time.Duration
	// What a completed run left, read once and validated whole: the
	// entry file's name and bytes, robots.txt's bytes, and the set's
	// files, sorted. After a kill the folder is this set when its entry
	// file has these bytes and every shard it lists is there whole (its
	// bytes match the digest in its name).
	entryName     string
	entry, robots []byte
	files         []string
}

// outcomes counts what the kills found, for the log.
type outcomes map[string]int

// prefixed counts the outcomes whose name starts with p.
func (o outcomes) prefixed(p string) int {
	n := 0
	for k, v := range o {
		if strings.HasPrefix(k, p) {
			n += v
		}
	}
	return n
}

func (o outcomes) String() string {
	var parts []string
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range o {
			if !yield(k) {
				return
			}
		}
	}) {
		parts = append(parts, fmt.Sprintf("%s %d", k, o[k]))
	}
	return strings.Join(parts, ", ")
}

func crashRand(t *testing.T) *rand.Rand {
	seed := *crashSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("kill instants from -crash.seed %d", seed)
	return rand.New(rand.NewPCG(seed, seed^0x5eed))
}

// crashSite generates the site into dir/public.
func crashSite(t *testing.T, dir string) string {
	t.Helper()
	site := filepath.Join(dir, "public")
	if err := sitemaptest.GenSite(site, *crashPages, ""); err != nil {
		t.Fatal(err)
	}
	return site
}

// readSet reads the set in site, checks it whole, and returns its URLs and
// files. Any error is a broken set.
func readSet(site string) (urls string, files []string, err error) {
	entries, files, err := sitemaptest.URLs(site, crashBase)
	if err != nil {
		return "", nil, err
	}
	var paths []string
	for _, f := range files {
		paths = append(paths, filepath.Join(site, f))
	}
	problems, _, err := validate.Check(paths, validate.Options{BaseURL: crashBase})
	if err != nil {
		return "", nil, err
	}
	if validate.Errors(problems) > 0 {
		return "", nil, fmt.Errorf("%d problems, the first: %s", len(problems), problems[0])
	}
	robots, err := os.ReadFile(filepath.Join(site, "robots.txt"))
	if err != nil {
		return "", nil, err
	}
	if !strings.Contains(string(robots), "Sitemap: "+crashBase+files[0]+"\n") {
		return "", nil, fmt.Errorf("robots.txt does not name %s:\n%s", files[0], robots)
	}
	var b strings.Builder
	for _, e := range entries {
		fmt.Fprintf(&b, "%s %s %s %s\n", e.Loc, e.LastMod, e.ChangeFreq, e.Priority)
	}
	return b.String(), files, nil
}

// temps lists the temporary files in site.
func temps(site string) []string {
	m, _ := filepath.Glob(filepath.Join(site, ".sitemapgen-*.tmp"))
	return m
}

// checkClean checks the folder after a completed run: the set is s, no
// temporary file is left, and every file of ours on disk is one of the
// set's, as the record lists them.
func checkClean(t *testing.T, site string, s *crashSet) {
	t.Helper()
	if s.entry == nil {
		s.remember(t, site)
	} else if got, err := which(site, s); err != nil || got != s {
		t.Fatalf("after a completed run (%s): not its set: %v", s.name, err)
	}
	files := slices.Clone(s.files)
	if tmp := temps(site); len(tmp) > 0 {
		t.Fatalf("after a completed run (%s): temporary files left: %q", s.name, tmp)
	}
	ours := ownFiles(t, site)
	slices.Sort(files)
	if !slices.Equal(ours, files) {
		t.Fatalf("after a completed run (%s): files of ours %q, the set's %q", s.name, ours, files)
	}
	rec, err := os.ReadFile(filepath.Join(site, writer.RecordName))
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Join(files, "\n") + "\n"; !strings.HasSuffix(string(rec), "\n"+want) {
		t.Fatalf("after a completed run (%s): record\n%s\nwant its files\n%s", s.name, rec, want)
	}
}

// describe says, after a kill, what the folder holds besides its set: the
// killed run's temporary files, files of ours the set does not name (the
// new set's shards renamed before the kill, or the old set's not removed).
func describe(site string, set *crashSet, newSet bool) string {
	files := set.files
	ents, _ := os.ReadDir(site)
	extra := 0
	for _, e := range ents {
		if writer.IsOwnName(e.Name()) && !slices.Contains(files, e.Name()) {
			extra++
		}
	}
	switch {
	case newSet && extra > 0:
		return "new set, old files not yet removed"
	case newSet:
		return "new set"
	case extra > 0:
		return "old set, new files in place"
	case len(temps(site)) > 0:
		return "old set, temporary files left"
	}
	return "old set"
}

// judge reads the set after a kill and says which of the sets it is.
func judge(t *testing.T, site string, sets []*crashSet, allowed ...*crashSet) *crashSet {
	t.Helper()
	if s, err := which(site, allowed...); err == nil {
		return s
	}
	// Not one of those allowed: say what it is.
	urls, _, err := readSet(site)
	if err != nil {
		t.Fatalf("broken set after a kill: %v", err)
	}
	for _, s := range sets {
		if urls == s.urls {
			t.Fatalf("after a kill the folder holds set %q, which is not one of those allowed", s.name)
		}
	}
	t.Fatalf("after a kill the folder holds a set that no completed run writes (%d bytes of entries)", len(urls))
	return nil
}

// remember records the set a completed run left in site, checked whole.
func (s *crashSet) remember(t *testing.T, site string) {
	t.Helper()
	urls, files, err := readSet(site)
	if err != nil {
		t.Fatalf("%s: %v", s.name, err)
	}
	s.urls, s.entryName, s.files = urls, files[0], slices.Sorted(slices.Values(files))
	if s.entry, err = os.ReadFile(filepath.Join(site, s.entryName)); err != nil {
		t.Fatal(err)
	}
	if s.robots, err = os.ReadFile(filepath.Join(site, "robots.txt")); err != nil {
		t.Fatal(err)
	}
}

// which returns the one of sets the folder holds whole: its entry file
// byte for byte, robots.txt naming it, and every other file of the set
// there with the bytes its name's digest says, as the completed run that
// was checked whole left it.
func which(site string, sets ...*crashSet) (*crashSet, error) {
	for _, s := range sets {
		entry, err := os.ReadFile(filepath.Join(site, s.entryName))
		if err != nil || !bytes.Equal(entry, s.entry) {
			continue
		}
		robots, err := os.ReadFile(filepath.Join(site, "robots.txt"))
		if err != nil || !bytes.Contains(robots, []byte("Sitemap: "+crashBase+s.entryName+"\n")) {
			return nil, fmt.Errorf("robots.txt does not name %s:\n%s", s.entryName, robots)
		}
		for _, name := range s.files {
			if name == s.entryName {
				continue
			}
			if err := wholeShard(filepath.Join(site, name)); err != nil {
				return nil, err
			}
		}
		return s, nil
	}
	return nil, errors.New("none of the sets")
}

// shardDigest matches a shard's name, whose digest names its bytes.
var shardDigest = regexp.MustCompile(`^sitemap-[0-9]+-([0-9a-f]{10})\.xml(\.gz)?$`)

// wholeShard checks that the shard at path holds the bytes its name's
// digest says: complete, and the file that was validated under that name.
func wholeShard(path string) error {
	m := shardDigest.FindStringSubmatch(filepath.Base(path))
	if m == nil {
		return fmt.Errorf("%s: not a shard's name", path)
	}
	data, err := sitemaptest.ReadBytes(path)
	if err != nil {
		return err
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:5]) != m[1] {
		return fmt.Errorf("%s: its bytes do not match its name", path)
	}
	return nil
}

// renaming returns a channel that is closed when the first of sitemapgen's
// files (a sitemap file, robots.txt or the record, not a temporary file)
// is created or renamed into site: the moment the renames begin.
func renaming(t *testing.T, site string) (<-chan struct{}, func()) {
	return renamingOf(t, site, func(name string) bool {
		return writer.IsOwnName(name) || name == writer.RecordName || name == "robots.txt"
	})
}

// renamingOf is renaming for the first file whose name match accepts.
func renamingOf(t *testing.T, site string, match func(name string) bool) (<-chan struct{}, func()) {
	t.Helper()
	w, err := fsnotify.NewWatcher()
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Add(site); err != nil {
		t.Fatal(err)
	}
	ch := make(chan struct{})
	go func() {
		for ev := range w.Events {
			name := filepath.Base(ev.Name)
			if ev.Has(fsnotify.Create) && match(name) {
				close(ch)
				for range w.Events {
				}
				return
			}
		}
	}()
	go func() {
		for range w.Errors {
		}
	}()
	return ch, func() { w.Close() }
}

// killAfter runs cmd and kills it with SIGKILL after d, or, with a trigger,
// d after the trigger, unless it ended first; it reports whether it was
// killed.
func killAfter(t *testing.T, cmd *exec.Cmd, trigger <-chan struct{}, d time.Duration) bool {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	ended := func(err error) bool {
		if err != nil {
			t.Fatalf("%s: %v before the kill", cmd.Args, err)
		}
		return false
	}
	if trigger != nil {
		select {
		case err := <-done:
			return ended(err)
		case <-trigger:
		}
	}
	select {
	case err := <-done:
		return ended(err)
	case <-time.After(d):
	}
	cmd.Process.Kill()
	err := <-done
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
			return true
		}
	}
	if err != nil {
		t.Fatalf("%s: %v", cmd.Args, err)
	}
	return false // it ended as the kill came
}

// ran runs a configuration to completion and updates its typical duration.
func ran(t *testing.T, site string, c crashConfig, s *crashSet) {
	t.Helper()
	start := time.Now()
	if out, err := buildCmd(site, c).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", c.name, err, out)
	}
	s.took(time.Since(start))
}

// took folds the duration of a completed run into s.dur.
func (s *crashSet) took(d time.Duration) {
	if s.dur == 0 {
		s.dur = d
		return
	}
	s.dur = (3*s.dur + d) / 4
}

func buildCmd(site string, c crashConfig) *exec.Cmd {
	cmd := command("", append([]string{"build", site, "--base-url", crashBase, "--quiet"}, c.flags...)...)
	cmd.Env = append(cmd.Env, "GOMAXPROCS=2")
	return cmd
}

// referenceSets runs each configuration to completion on a copy of the
// site and returns its set, with how long the run took.
func referenceSets(t *testing.T, site string, configs []crashConfig) []*crashSet {
	t.Helper()
	var sets []*crashSet
	for _, c := range configs {
		s := &crashSet{name: c.name}
		for range 3 { // the first run is slower: caches are cold
			ran(t, site, c, s)
		}
		s.remember(t, site) // read and checked whole (validate.Check)
		urls, files := s.urls, s.files
		// The schema check on the entry file and a shard
		// (validate.Check agrees with it on its samples).
		var paths []string
		for _, f := range []string{s.entryName, files[0]} {
			paths = append(paths, filepath.Join(site, f))
		}
		sitemaptest.MustValidate(t, paths...)
		for _, o := range sets {
			if o.urls == s.urls {
				t.Fatalf("configurations %q and %q give the same set", o.name, s.name)
			}
		}
		checkClean(t, site, s)
		sets = append(sets, s)
		t.Logf("%s: %d URLs, %d files, %v", c.name, strings.Count(urls, "\n"), len(files), s.dur.Round(time.Millisecond))
	}
	return sets
}

// hangAfter is how long the crash tests wait for what comes in a
// fraction of a second (a rebuild of the generated site, a SIGKILL's
// end) before they call it a hang: long enough for a machine whose CPUs
// other builds keep busy.
const hangAfter = time.Minute

// TestCrash kills build, with and without gzip, then watch, on one
// generated site.
func TestCrash(t *testing.T) {
	t.Parallel() // sitemapgen alone, in folders of its own: beside the builds of other generators
	testtool.Long(t, "kills builds and watch 200 times")
	r := crashRand(t)
	project := t.TempDir()
	site := crashSite(t, project)
	for _, gzip := range []bool{false, true} {
		t.Run(fmt.Sprintf("build,gzip=%v", gzip), func(t *testing.T) {
			crashBuild(t, r, site, gzip, *crashKills*3/5/2)
		})
	}
	t.Run("watch", func(t *testing.T) {
		crashWatch(t, r, project, site, *crashKills-*crashKills*3/5/2*2)
	})
	t.Run("build,several index files", func(t *testing.T) {
		crashIndexes(t, r, site, max(10, *crashKills/10))
	})
}

// crashIndexes kills builds of sets with several index files, which
// change one index file at a time (README, Guarantees): after every kill,
// robots.txt and each entry file it names must be, byte for byte, that
// file as it was before the run or as the run's set has it, and every
// shard an entry file lists must exist and validate. These kills come on
// top of -crash.kills.
func crashIndexes(t *testing.T, r *rand.Rand, site string, kills int) {
	per := strconv.Itoa(max(1, *crashPages/500))
	configs := []crashConfig{
		{name: "shards of " + per, flags: []string{"--max-urls", per, "--max-bytes", "20000", "--robots"}},
		{name: "shards of " + per + " without the blog", flags: []string{"--max-urls", per, "--max-bytes", "20000", "--robots", "--exclude", "blog/**"}},
	}
	// Each set's entry files, by name, as a completed run writes them.
	refs := make([]map[string][]byte, len(configs))
	durs := make([]*crashSet, len(configs))
	for i, c := range configs {
		durs[i] = &crashSet{name: c.name}
		ran(t, site, c, durs[i])
		refs[i] = entryFiles(t, site)
		if len(refs[i]) < 3 { // robots.txt and two index files or more
			t.Fatalf("%s: %d entry files, want several index files", c.name, len(refs[i])-1)
		}
		t.Logf("%s: %d index files, %v", c.name, len(refs[i])-1, durs[i].dur.Round(time.Millisecond))
	}
	disk := refs[len(configs)-1]
	seen := outcomes{}
	for killed := 0; killed < kills; {
		// The set that is not on disk (either, after a mix).
		next := r.IntN(2)
		if sameEntries(disk, refs[next]) {
			next = 1 - next
		}
		// A third of the kills at any instant, the rest within 2 ms of
		// the first index file's rename, when the index files change one
		// by one.
		trigger, stop := renamingOf(t, site, func(name string) bool {
			return strings.HasPrefix(name, "sitemap-index-") || name == "sitemap.xml"
		})
		d := time.Duration(r.Float64() * float64(2*time.Millisecond))
		if r.IntN(3) == 0 {
			trigger, d = nil, time.Duration(r.Float64()*float64(durs[next].dur))
		}
		start := time.Now()
		wasKilled := killAfter(t, buildCmd(site, configs[next]), trigger, d)
		stop()
		got := entryFiles(t, site)
		if !wasKilled {
			durs[next].took(time.Since(start))
			seen["ended before the kill"]++
			if !sameEntries(got, refs[next]) {
				t.Fatalf("a completed run (%s) did not write its set", configs[next].name)
			}
			disk = got
			continue
		}
		killed++
		for name, data := range got {
			if !bytes.Equal(data, disk[name]) && !bytes.Equal(data, refs[next][name]) {
				t.Fatalf("after a kill %s is neither as it was before the run nor as the run's set has it", name)
			}
		}
		checkIndexes(t, site, got)
		switch {
		case sameEntries(got, refs[next]):
			seen["new set"]++
		case sameEntries(got, disk):
			seen["old set"]++
		default:
			seen["index files of both"]++
		}
		disk = got
	}
	ran(t, site, configs[0], durs[0])
	got := entryFiles(t, site)
	if !sameEntries(got, refs[0]) {
		t.Fatal("a completed run after the kills did not write its set")
	}
	// The whole set, read together: its hreflang clusters too.
	var all []string
	for name := range got {
		if name != "robots.txt" {
			all = append(all, indexAndShards(t, site, name)...)
		}
	}
	if problems, checked, err := validate.Check(all, validate.Options{BaseURL: crashBase}); err != nil || validate.Errors(problems) > 0 || checked != len(all) {
		t.Fatalf("the completed set: %d files checked of %d, error %v, %d problems, the first: %v", checked, len(all), err, len(problems), problems[:min(1, len(problems))])
	}
	if tmp := temps(site); len(tmp) > 0 {
		t.Fatalf("temporary files left after a completed run: %q", tmp)
	}
	t.Logf("%d SIGKILLs: %v", kills, seen)
	if seen["new set"]+seen["index files of both"] == 0 {
		t.Errorf("no kill came after the first rename: %v", seen)
	}
}

// checkIndexes checks that every index file among entries lists shards
// that exist and validate with it.
func checkIndexes(t *testing.T, site string, entries map[string][]byte) {
	t.Helper()
	for name := range entries {
		if name == "robots.txt" {
			continue
		}
		paths := indexAndShards(t, site, name)
		// An index file and its shards are part of a set: hreflang
		// clusters cross index files, and after a kill the index files may
		// be of two sets. What is held here is each index and its shards.
		problems, _, err := validate.Check(paths, validate.Options{BaseURL: crashBase, NoClusters: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if validate.Errors(problems) > 0 {
			t.Fatalf("%s and its shards: %d problems, the first: %s", name, len(problems), problems[0])
		}
	}
}

// indexAndShards returns the paths of the index file name in site and of
// the shards it lists.
func indexAndShards(t *testing.T, site, name string) []string {
	t.Helper()
	f, err := sitemaptest.ReadFile(filepath.Join(site, name))
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{filepath.Join(site, name)}
	for _, e := range f.Entries {
		shard, ok := strings.CutPrefix(e.Loc, crashBase)
		if !ok {
			t.Fatalf("%s: entry %s not under %s", name, e.Loc, crashBase)
		}
		paths = append(paths, filepath.Join(site, shard))
	}
	return paths
}

// entryFiles returns robots.txt and the entry files it names in site, by
// name.
func entryFiles(t *testing.T, site string) map[string][]byte {
	t.Helper()
	robots, err := os.ReadFile(filepath.Join(site, "robots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string][]byte{"robots.txt": robots}
	for line := range strings.SplitSeq(string(robots), "\n") {
		name, ok := strings.CutPrefix(line, "Sitemap: "+crashBase)
		if !ok {
			continue
		}
		data, err := os.ReadFile(filepath.Join(site, name))
		if err != nil {
			t.Fatalf("robots.txt names %s: %v", name, err)
		}
		m[name] = data
	}
	return m
}

func sameEntries(a, b map[string][]byte) bool {
	return maps.EqualFunc(a, b, bytes.Equal)
}

// crashBuild kills build runs that switch the site's set among three.
func crashBuild(t *testing.T, r *rand.Rand, site string, gzip bool, kills int) {
	configs := crashConfigs(gzip)
	sets := referenceSets(t, site, configs)
	cur := len(sets) - 1 // the folder holds the last reference set
	seen := outcomes{}
	for killed := 0; killed < kills; {
		next := (cur + 1 + r.IntN(len(sets)-1)) % len(sets)
		cmd := buildCmd(site, configs[next])
		start := time.Now()
		// A third of the kills at any instant of the run, the rest
		// within 5 ms of the first rename.
		trigger, stop := renaming(t, site)
		d := time.Duration(r.Float64() * float64(sets[next].dur))
		if r.IntN(3) > 0 {
			d = time.Duration(r.Float64() * float64(5*time.Millisecond))
		} else {
			trigger = nil
		}
		wasKilled := killAfter(t, cmd, trigger, d)
		stop()
		if !wasKilled {
			sets[next].took(time.Since(start))
			seen["ended before the kill"]++
			checkClean(t, site, sets[next])
			cur = next
			continue
		}
		killed++
		got := judge(t, site, sets, sets[cur], sets[next])
		seen[describe(site, got, got == sets[next])]++
		cur = slices.Index(sets, got)
		// Now and then a run that completes: it cleans up
		// after the killed ones.
		if killed%10 == 0 {
			next := (cur + 1) % len(sets)
			ran(t, site, configs[next], sets[next])
			checkClean(t, site, sets[next])
			cur = next
		}
	}
	ran(t, site, configs[0], sets[0])
	checkClean(t, site, sets[0])
	t.Logf("%d SIGKILLs: %v", kills, seen)
	if seen.prefixed("new set")+seen.prefixed("old set") != kills {
		t.Errorf("%d kills judged, want %d", seen.prefixed("new set")+seen.prefixed("old set"), kills)
	}
	if seen.prefixed("new set") == 0 || seen.prefixed("old set") == 0 {
		t.Errorf("the kills never found the old set, or never the new one: %v; the instants miss the writing", seen)
	}
	if seen["old set, new files in place"]+seen["new set, old files not yet removed"] == 0 {
		t.Errorf("no kill came between the renames: %v", seen)
	}
}

// crashWatch kills watch runs while their configuration changes.
func crashWatch(t *testing.T, r *rand.Rand, project, site string, kills int) {
	configs := crashConfigs(false)[:2] // watch rebuilds between two sets
	sets := referenceSets(t, site, configs)
	yaml := filepath.Join(project, "sitemap.yaml")
	setConfig := func(c crashConfig) {
		if err := atomicfile.Write(yaml, []byte("base_url: "+crashBase+"\nroot: public\n"+c.yaml), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cur := 1 // the folder holds the last reference set
	setConfig(configs[cur])
	seen := outcomes{}
	for i := range kills {
		// watch starts and writes the set of the configuration it reads;
		// after a while the configuration changes and it rebuilds. A
		// third of the kills come at any instant, the rest within 5 ms of
		// the first rename after the change.
		cmd := command(project, "watch", "--debounce", "20ms")
		cmd.Env = append(cmd.Env, "GOMAXPROCS=2")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		time.Sleep(time.Duration(r.Float64() * 1.5 * float64(sets[cur].dur)))
		next := 1 - cur
		trigger, stop := renaming(t, site)
		setConfig(configs[next])
		if r.IntN(3) == 0 {
			time.Sleep(time.Duration(r.Float64() * float64(20*time.Millisecond+sets[next].dur)))
		} else {
			select {
			case <-trigger:
			case <-time.After(hangAfter):
				t.Fatalf("watch wrote nothing in %v after its configuration changed", hangAfter)
			}
			time.Sleep(time.Duration(r.Float64() * float64(5*time.Millisecond)))
		}
		stop()
		cmd.Process.Kill()
		select {
		case err := <-done:
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Fatalf("watch: %v", err)
			}
		case <-time.After(hangAfter):
			t.Fatalf("watch did not die of SIGKILL in %v", hangAfter)
		}
		got := judge(t, site, sets, sets...)
		seen[describe(site, got, got == sets[next])]++
		cur = next
		if i%10 == 9 {
			// A completed build of the configuration now in force.
			ran(t, site, configs[cur], sets[cur])
			checkClean(t, site, sets[cur])
		}
	}
	ran(t, site, configs[0], sets[0])
	checkClean(t, site, sets[0])
	t.Logf("%d SIGKILLs: %v", kills, seen)
	if len(seen) < 2 {
		t.Errorf("the kills always found the same state: %v", seen)
	}
}

// TestConcurrentBuilds runs several builds at once on one folder, each
// with another page set (a CI retry, a build beside another): every run
// exits 0, and after each round the folder holds one of the sets whole,
// no file of ours beside it, the record listing exactly its files. The
// runs of a round are started together; the folder's lock makes them
// write one after the other.
func TestConcurrentBuilds(t *testing.T) {
	testtool.Long(t, "8 rounds of 4 builds at once")
	site := crashSite(t, t.TempDir())
	configs := crashConfigs(false)
	sets := referenceSets(t, site, configs)
	const runs = 4
	for round := range 8 {
		start := make(chan struct{})
		var wg sync.WaitGroup
		outs := make([][]byte, runs)
		errs := make([]error, runs)
		for i := range runs {
			cmd := buildCmd(site, configs[(round+i)%len(configs)])
			wg.Go(func() {
				<-start
				outs[i], errs[i] = cmd.CombinedOutput()
			})
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("round %d, run %d: %v\n%s", round, i, err, outs[i])
			}
		}
		got, err := which(site, sets...)
		if err != nil {
			t.Fatalf("round %d: after %d builds at once the folder holds none of their sets: %v", round, runs, err)
		}
		checkClean(t, site, got)
	}
}
