package fsx

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// offRoad are the functions that open, stat, list or touch a file by its
// path without the door's checks: a file others control goes through
// this package instead.
var offRoad = map[string][]string{
	"os":            {"Open", "OpenFile", "ReadFile", "Stat", "Lstat", "Chtimes", "ReadDir", "DirFS", "OpenRoot", "Readlink", "OpenInRoot"},
	"io/ioutil":     {"ReadFile", "ReadDir"},
	"path/filepath": {"Walk", "WalkDir", "EvalSymlinks", "Glob"},
	"syscall":       {"Open", "Openat", "Stat", "Lstat"},
	"golang.org/x/sys/unix": {
		"Open", "Openat", "Openat2", "Stat", "Lstat", "Fstatat", "Readlinkat", "UtimesNanoAt",
	},
}

// allowed are the places outside this package that may call them, each
// a folder of the module (every file in it) or a file, with the reason.
// DESIGN.md, "One door for files", says the same.
var allowed = []struct{ place, why string }{
	// The pages' road.
	{"walker/", "the walk of a site's pages: its own road (getdents, openat relative to the open folders), with the follow_symlinks policy: a link is followed only to a target inside DIR"},
	{"internal/pipeline/page_linux.go", "a page opened relative to the folder the walk found it in, or the site folder (openat), O_NONBLOCK, its reads bounded by the head's limits"},
	{"internal/pipeline/page_other.go", "the same, where there is no openat"},
	{"watch/", "watch lists and lstats the folders it watches and the paths events name, never a file's contents: what changed goes to walker.WalkPaths"},
	// The write side.
	{"internal/dirlock/", "the lock file, opened with O_NOFOLLOW and refused when it is a link, not a regular file or has another name"},
	// Programs and helpers that are not sitemapgen: tests' and benchmarks'
	// sites and tools, run on trees they made.
	{"bench/", "benchmark tools, run by developers on sites they generated"},
	{"internal/sitegen/", "writes the tests' and benchmarks' generated sites"},
	{"internal/sitemaptest/", "tests' helper: reads what a test wrote"},
	{"internal/testtool/", "tests' helper: whether a tool is installed"},
}

func allow(file string) string {
	for _, a := range allowed {
		if strings.HasSuffix(a.place, "/") && strings.HasPrefix(file, a.place) || file == a.place {
			return a.why
		}
	}
	return ""
}

// offRoadCalls returns each use of an offRoad function in the Go source
// src of the file name (relative to the module, with slashes), as
// "name:line: pkg.Func".
func offRoadCalls(name string, src []byte) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	local := map[string]string{} // the name a file imports a package as → its path
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if _, ok := offRoad[p]; !ok {
			continue
		}
		n := path.Base(p)
		if imp.Name != nil {
			n = imp.Name.Name
		}
		local[n] = p
	}
	var found []string
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		if p, ok := local[id.Name]; ok && slices.Contains(offRoad[p], sel.Sel.Name) {
			found = append(found, fmt.Sprintf("%s:%d: %s.%s", name, fset.Position(sel.Pos()).Line, id.Name, sel.Sel.Name))
		}
		return true
	})
	return found, nil
}

// moduleRoot returns the folder of go.mod above the working folder.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the working folder")
		}
		dir = up
	}
}

// TestOneDoor fails when non-test code outside this package and the
// places allowed opens, stats, lists or touches a file by a road other
// than this package's.
func TestOneDoor(t *testing.T) {
	root := moduleRoot(t)
	var bad []string
	used := map[string]bool{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if base := d.Name(); p != root && (strings.HasPrefix(base, ".") || base == "testdata" || base == "node_modules") {
				return fs.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") || strings.HasPrefix(rel, "internal/fsx/") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		calls, err := offRoadCalls(rel, src)
		if err != nil {
			return err
		}
		for _, c := range calls {
			if why := allow(rel); why != "" {
				used[why] = true
				continue
			}
			bad = append(bad, c)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Errorf("%d files opened, statted, listed or touched off the one door (open them through internal/fsx, or say in allowed and in DESIGN.md why not):\n%s", len(bad), strings.Join(bad, "\n"))
	}
	for _, a := range allowed {
		if !used[a.why] {
			t.Errorf("allowed place %s has no call left: remove it from allowed and DESIGN.md", a.place)
		}
	}
}

// TestOffRoadCalls holds the guard to what it must find: a file read by
// os.ReadFile added back to the pipeline fails it, under any name the
// package is imported as; the door itself and the places allowed do not.
func TestOffRoadCalls(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{
			name: "internal/pipeline/x.go",
			src:  "package p\nimport \"os\"\nfunc f() { os.ReadFile(\"robots.txt\") }\n",
			want: []string{"internal/pipeline/x.go:3: os.ReadFile"},
		},
		{
			name: "internal/audit/x.go",
			src:  "package p\nimport xos \"os\"\nvar stat = xos.Stat\nfunc f() { xos.Chtimes(\"a\", t, t); xos.Getwd() }\n",
			want: []string{"internal/audit/x.go:3: xos.Stat", "internal/audit/x.go:4: xos.Chtimes"},
		},
		{
			name: "internal/sitediff/x.go",
			src:  "package p\nimport \"path/filepath\"\nfunc f() { filepath.WalkDir(\".\", nil); filepath.Join(\"a\") }\n",
			want: []string{"internal/sitediff/x.go:3: filepath.WalkDir"},
		},
		{
			name: "internal/x/x.go",
			src:  "package p\nimport \"golang.org/x/sys/unix\"\nfunc f() { unix.Openat(0, \"a\", 0, 0) }\n",
			want: []string{"internal/x/x.go:3: unix.Openat"},
		},
		{
			name: "internal/x/y.go",
			src:  "package p\nimport \"os\"\nfunc f() { os.Getenv(\"HOME\"); os.Remove(\"x\") }\n",
		},
	} {
		got, err := offRoadCalls(tc.name, []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: found %q, want %q", tc.name, got, tc.want)
		}
	}
	if allow("internal/pipeline/x.go") != "" || allow("internal/pipeline/page_linux.go") == "" || allow("walker/tree.go") == "" {
		t.Error("allow: wrong places")
	}
}
