package e2e

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/dirlock"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

var updateScripts = flag.Bool("u", false, "rewrite the expected output in testdata/script")

// TestScripts runs the end-to-end scripts in testdata/script, whose
// "exec sitemapgen" runs the binary under test (found on PATH). Besides
// testscript's own commands they may use:
//
//	status N CMD ARGS...           run CMD, expect exit status N
//	mtime TIME PATH...             set the mtime of PATH (and all below it) to TIME (RFC 3339)
//	schema-check PATH...           sitemaptest.Validate: the schemas of internal/sitemaptest/schemas and the protocol's rules; ! expects a failure
//	[xmllint]                      a condition: xmllint is installed (for "! schema-check", which go test -short without it cannot judge)
//	served SITE SITEMAPDIR BASE    every URL of the sitemap set in SITEMAPDIR is served with 200 from SITE
//	gunzip FILE.gz                 write FILE, the decompressed content
//	under N FILE...                each FILE has fewer than N bytes
//	samefiles DIR1 DIR2            both folders hold the same files with the same bytes
//	shard DIR N [COPY]             DIR holds one shard N (sitemap-N-HASH.xml or .xml.gz), copied to COPY if given; ! expects none
//	lock DIR, unlock DIR           the test holds DIR's output folder lock, as another run would, or lets it go
//	generators FILE OUT            FILE's "Generators:" paragraph names the registry's generators and presets; OUT is FILE with the paragraph as a placeholder
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		UpdateScripts:       *updateScripts,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(env *testscript.Env) error {
			root, err := sitemaptest.Root()
			if err != nil {
				return err
			}
			env.Setenv("EXAMPLE", filepath.Join(root, "examples", "site"))
			env.Setenv("SAMPLES", filepath.Join(root, "internal", "sitemaptest", "testdata")) // valid/, invalid/
			// The cache in the script's folder: HOME is /no-home, which
			// a build run as root would make.
			env.Setenv("SITEMAPGEN_CACHE_DIR", filepath.Join(env.WorkDir, ".cache"))
			return nil
		},
		// [xmllint]: the schemas can be checked (go test -short may run
		// without xmllint; a full run fails without it).
		Condition: func(cond string) (bool, error) {
			if cond != "xmllint" {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			_, err := exec.LookPath("xmllint")
			return err == nil, nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"status":       cmdStatus,
			"mtime":        cmdMtime,
			"schema-check": cmdSchemaCheck,
			"served":       cmdServed,
			"gunzip":       cmdGunzip,
			"under":        cmdUnder,
			"samefiles":    cmdSamefiles,
			"shard":        cmdShard,
			"lock":         cmdLock,
			"unlock":       cmdUnlock,
			"longline":     cmdLongline,
			"generators":   cmdGenerators,
		},
	})
}

func cmdStatus(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status N command [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status: %v", err)
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("status: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// cmdGenerators checks that the "Generators:" paragraph of a help text
// (FILE, often stdout) lists the registry's generators and presets, in
// lines of at most 79 columns, and writes OUT: FILE with that paragraph
// replaced by a placeholder. The help golden compares OUT, so a new
// generator changes no golden file.
func cmdGenerators(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: generators FILE OUT")
	}
	text := ts.ReadFile(args[0])
	start := strings.Index(text, "\nGenerators: ")
	if start < 0 {
		ts.Fatalf("%s has no Generators: paragraph", args[0])
	}
	start++
	end := strings.Index(text[start:], "\n\n")
	if end < 0 {
		end = len(text) - start
	}
	para := text[start : start+end]
	want := "Generators: " + registry.Titles("and") + ". Presets of --preset: " + registry.List(config.Presets, "and") + "."
	if !slices.Equal(strings.Fields(para), strings.Fields(want)) {
		ts.Fatalf("the Generators: paragraph says\n%s\nwant\n%s", para, want)
	}
	for line := range strings.Lines(para) {
		if n := len([]rune(strings.TrimSuffix(line, "\n"))); n > 79 {
			ts.Fatalf("a line of the Generators: paragraph is %d columns: %q", n, line)
		}
	}
	out := text[:start] + "Generators: (the registry's generators and presets)" + text[start+end:]
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(out), 0o644))
}

// cmdLongline inserts a comment line of N bytes ("#xxx…") before line
// LINE of a file (or at its end, when LINE is past it): inputs too big to
// commit.
func cmdLongline(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: longline path LINE N")
	}
	at, err1 := strconv.Atoi(args[1])
	n, err2 := strconv.Atoi(args[2])
	if err1 != nil || err2 != nil || at < 1 || n < 1 {
		ts.Fatalf("longline: LINE and N are numbers")
	}
	path := ts.MkAbs(args[0])
	data, err := os.ReadFile(path)
	ts.Check(err)
	lines := strings.SplitAfter(string(data), "\n")
	at = min(at-1, len(lines))
	lines = slices.Insert(lines, at, "#"+strings.Repeat("x", n-1)+"\n")
	ts.Check(os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644))
}

func cmdMtime(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: mtime TIME path...")
	}
	tm, err := time.Parse(time.RFC3339, args[0])
	ts.Check(err)
	for _, p := range args[1:] {
		err := filepath.WalkDir(ts.MkAbs(p), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			return os.Chtimes(path, tm, tm)
		})
		ts.Check(err)
	}
}

// cmdSchemaCheck checks sitemaps as sitemaptest.MustValidate does: under
// -short without xmllint, with the protocol's rules only. A failure the
// script expects may be the schemas', which that cannot see: such a line
// is "[xmllint] ! schema-check", left out there.
func cmdSchemaCheck(ts *testscript.TestScript, neg bool, args []string) {
	var paths []string
	for _, a := range args {
		paths = append(paths, ts.MkAbs(a))
	}
	out, err := sitemaptest.Validate(paths...)
	if errors.Is(err, sitemaptest.ErrNoXmllint) && testing.Short() {
		if neg {
			ts.Fatalf("-short without xmllint cannot expect a failure of the schemas: write [xmllint] ! schema-check")
		}
		ts.Logf("xmllint not found: -short checks the sitemaps without their schemas")
		out, err = sitemaptest.ValidateWithoutSchema(paths...)
	}
	fmt.Fprint(ts.Stdout(), out)
	switch {
	case err != nil && !neg && out != "":
		ts.Fatalf("schema-check failed")
	case err != nil && !neg:
		ts.Fatalf("%v", err)
	case err == nil && neg:
		ts.Fatalf("schema-check passed unexpectedly")
	}
}

func cmdServed(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: served SITE SITEMAPDIR BASEURL")
	}
	locs, _, err := sitemaptest.Locs(ts.MkAbs(args[1]), args[2])
	ts.Check(err)
	if len(locs) == 0 {
		ts.Fatalf("no URLs in %s", args[1])
	}
	bad, err := sitemaptest.Unserved(ts.MkAbs(args[0]), args[2], locs)
	ts.Check(err)
	if len(bad) > 0 {
		ts.Fatalf("not served with 200:\n%s", strings.Join(bad, "\n"))
	}
	fmt.Fprintf(ts.Stdout(), "%d URLs served\n", len(locs))
}

func cmdGunzip(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 || !strings.HasSuffix(args[0], ".gz") {
		ts.Fatalf("usage: gunzip FILE.gz")
	}
	data, err := sitemaptest.ReadBytes(ts.MkAbs(args[0]))
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(strings.TrimSuffix(args[0], ".gz")), data, 0o644))
}

func cmdUnder(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: under N file...")
	}
	max, err := strconv.Atoi(args[0])
	ts.Check(err)
	for _, f := range args[1:] {
		st, err := os.Stat(ts.MkAbs(f))
		ts.Check(err)
		if st.Size() >= int64(max) {
			ts.Fatalf("%s has %d bytes, not under %d", f, st.Size(), max)
		}
	}
}

// cmdShard finds shard N of the sitemap set in DIR, whose name carries a
// digest of its content the script cannot know in advance.
func cmdShard(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 && len(args) != 3 || neg && len(args) == 3 {
		ts.Fatalf("usage: shard DIR N [COPY]; ! shard DIR N")
	}
	dir := ts.MkAbs(args[0])
	var found []string
	for _, ext := range []string{".xml", ".xml.gz"} {
		m, err := filepath.Glob(filepath.Join(dir, "sitemap-"+args[1]+"-"+strings.Repeat("[0-9a-f]", 10)+ext))
		ts.Check(err)
		found = append(found, m...)
	}
	switch {
	case neg && len(found) > 0:
		ts.Fatalf("%s holds shard %s: %q", args[0], args[1], found)
	case neg:
		return
	case len(found) != 1:
		ts.Fatalf("%s holds %d shards %s, want 1: %q", args[0], len(found), args[1], found)
	}
	ts.Logf("shard %s is %s", args[1], filepath.Base(found[0]))
	if len(args) == 3 {
		data, err := os.ReadFile(found[0])
		ts.Check(err)
		ts.Check(os.WriteFile(ts.MkAbs(args[2]), data, 0o644))
	}
}

func cmdSamefiles(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: samefiles DIR1 DIR2")
	}
	read := func(dir string) map[string][]byte {
		m := map[string][]byte{}
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(dir, path)
			m[rel], err = os.ReadFile(path)
			return err
		})
		ts.Check(err)
		return m
	}
	a, b := read(ts.MkAbs(args[0])), read(ts.MkAbs(args[1]))
	if len(a) != len(b) {
		ts.Fatalf("%s has %d files, %s has %d", args[0], len(a), args[1], len(b))
	}
	for name, data := range a {
		if other, ok := b[name]; !ok || !bytes.Equal(data, other) {
			ts.Fatalf("%s differs", name)
		}
	}
}

// locks are the output folder locks the scripts hold, by folder.
var locks sync.Map

func cmdLock(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: lock DIR")
	}
	l, err := dirlock.Acquire(context.Background(), ts.MkAbs(args[0]), true, nil)
	ts.Check(err)
	locks.Store(ts.MkAbs(args[0]), l)
}

func cmdUnlock(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: unlock DIR")
	}
	l, ok := locks.LoadAndDelete(ts.MkAbs(args[0]))
	if !ok {
		ts.Fatalf("unlock: %s is not locked", args[0])
	}
	l.(*dirlock.Lock).Release()
}
