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

// offRoad are the functions that open, stat, list, touch, write, remove
// or rename a file by its path without the door's checks, and those that
// run a program: a file others control goes through this package instead,
// and a program runs only where allowed says why.
var offRoad = map[string][]string{
	"os": {
		"Open", "OpenFile", "ReadFile", "Stat", "Lstat", "Chtimes", "ReadDir", "DirFS", "OpenRoot", "Readlink", "OpenInRoot",
		"Create", "CreateTemp", "MkdirTemp", "WriteFile", "Truncate", "Mkdir", "MkdirAll", "Remove", "RemoveAll", "Rename",
		"Chmod", "Chown", "Lchown", "Symlink", "Link", "CopyFS", "StartProcess", "Chdir",
	},
	"io/ioutil":     {"ReadFile", "ReadDir", "WriteFile", "TempFile", "TempDir"},
	"path/filepath": {"Walk", "WalkDir", "EvalSymlinks", "Glob"},
	"syscall": {
		"Open", "Openat", "Stat", "Lstat", "Creat", "Unlink", "Unlinkat", "Rename", "Renameat", "Rmdir", "Mkdir", "Mkdirat",
		"Truncate", "Chmod", "Chown", "Lchown", "Symlink", "Link", "Utimes", "UtimesNano", "Exec", "ForkExec", "StartProcess",
		"Readlink", "Mkfifo", "Mknod", "Chdir",
	},
	"golang.org/x/sys/unix": {
		"Open", "Openat", "Openat2", "Stat", "Lstat", "Fstatat", "Statx", "Faccessat", "Faccessat2", "Access", "Readlinkat", "UtimesNanoAt",
		"Creat", "Unlink", "Unlinkat", "Rename", "Renameat", "Renameat2", "Rmdir", "Mkdir", "Mkdirat", "Truncate",
		"Chmod", "Fchmodat", "Chown", "Fchownat", "Lchown", "Symlink", "Symlinkat", "Link", "Linkat", "Exec",
		"Readlink", "Mkfifo", "Mkfifoat", "Mknod", "Mknodat", "Utimes", "UtimesNano", "Chdir",
	},
	"net/http":      {"Dir", "FileServer", "ServeFile"},
	"html/template": {"ParseFiles", "ParseGlob"},
	"text/template": {"ParseFiles", "ParseGlob"},
	"os/exec":       {"Command", "CommandContext", "Cmd"}, // Cmd: a literal &exec.Cmd{Path: …} runs as well
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
	// The write side: sitemapgen's own files go through this package's
	// Root (package atomicfile), but for these.
	{"internal/dirlock/", "the lock file, opened with O_NOFOLLOW (not O_EXCL: a killed run's is taken again) and refused when it is a link, not a regular file or has another name; removed by its own name when released (unlink: a link there would be removed itself)"},
	{"internal/sitediff/runs.go", "diff's sorted runs of a large set: a temporary folder of its own (os.MkdirTemp in the system's), the runs made in it (os.CreateTemp), removed whole when the set is closed"},
	// Programs run.
	{"internal/gitdates/", "runs git (exec.CommandContext), with the repository's fsmonitor, hooks, pager, filters, diff drivers, textconv and signature program switched off on its command line"},
	// The one place the user's own commands run (--extra-urls-command,
	// the per-URL hook): bounded in bytes and time, killed with their
	// process group when the build ends; a command a file of the
	// repository names runs only when the caller allows it (internal/config).
	{"internal/command/", "runs the commands the user names (--extra-urls-command; extra_urls_command: only with --allow-commands), with /bin/sh -c, their output bounded, killed with their process group on cancel or past their time bound"},
	// Programs and helpers that are not sitemapgen: tests' and benchmarks'
	// sites and tools, run on trees they made.
	{"bench/", "benchmark tools, run by developers on sites they generated, with the binary they built"},
	{"internal/sitegen/", "writes the tests' and benchmarks' generated sites"},
	{"internal/sitemaptest/", "tests' helper: reads what a test wrote, and runs xmllint on it in a temporary folder of its own"},
	{"internal/testtool/", "tests' helper: whether a tool is installed"},
	{"internal/peer/peertest/", "tests' helper: reads docs/migrating.md of the module the test runs in"},
	{"internal/fuzzbound/", "tests' helper: makes the sparse files the tests of bounded reads read"},
	{"internal/browsertest/", "tests' helper: runs Chromium, writes its screenshots"},
	{"internal/npmtest/", "tests' helper: packs and installs the npm package with npm and node, in temporary folders of its own"},
	{"internal/generator/internal/buildtest/", "tests' helper: writes the project files of every generator's tests and the small sites Hugo's and Jekyll's tests build with the real generator, in the test's temporary folder, and reads back what the generator wrote"},
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
	var found []string
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if _, ok := offRoad[p]; !ok {
			continue
		}
		n := path.Base(p)
		if imp.Name != nil {
			n = imp.Name.Name
		}
		if n == "." {
			// Its functions are called by their bare names, which the
			// guard cannot tell from the file's own: the import itself is
			// off the road.
			found = append(found, fmt.Sprintf("%s:%d: import . %q", name, fset.Position(imp.Pos()).Line, p))
			continue
		}
		local[n] = p
	}
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
// places allowed opens, stats, lists, touches, writes, renames or removes
// a file by a road other than this package's, or runs a program.
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
		t.Errorf("%d calls off the one door: a file opened, statted, listed, touched, written, renamed or removed by its path, or a program run (go through internal/fsx, or say in allowed and in DESIGN.md why not):\n%s", len(bad), strings.Join(bad, "\n"))
	}
	for _, a := range allowed {
		if !used[a.why] {
			t.Errorf("allowed place %s has no call left: remove it from allowed and DESIGN.md", a.place)
		}
	}
}

// TestOffRoadCalls holds the guard to what it must find: a file read by
// os.ReadFile added back to the pipeline fails it, under any name the
// package is imported as, and so does a file written, renamed or removed
// by its path, a program run, and a dot-import of such a package; the
// door itself and the places allowed do not.
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
			src:  "package p\nimport \"os\"\nfunc f() { os.Getenv(\"HOME\"); os.Getpid() }\n",
		},
		{
			// Writes, removals and renames by path: each may go through a
			// link out of the folder.
			name: "internal/pipeline/x.go",
			src: "package p\nimport \"os\"\nfunc f() {\n\tos.Remove(\"public/sitemap-1.xml\")\n\tos.MkdirAll(\"a/b\", 0o755)\n" +
				"\tos.WriteFile(\"a\", nil, 0o644); os.Rename(\"a\", \"b\"); os.RemoveAll(\"c\")\n\tos.CreateTemp(\"\", \"x\"); os.Symlink(\"a\", \"b\")\n}\n",
			want: []string{
				"internal/pipeline/x.go:4: os.Remove",
				"internal/pipeline/x.go:5: os.MkdirAll",
				"internal/pipeline/x.go:6: os.WriteFile", "internal/pipeline/x.go:6: os.Rename", "internal/pipeline/x.go:6: os.RemoveAll",
				"internal/pipeline/x.go:7: os.CreateTemp", "internal/pipeline/x.go:7: os.Symlink",
			},
		},
		{
			name: "internal/postbuild/x.go",
			src:  "package p\nimport (\n\t\"syscall\"\n\tu \"golang.org/x/sys/unix\"\n\t\"io/ioutil\"\n)\nfunc f() { syscall.Unlink(\"a\"); u.Renameat2(0, \"a\", 0, \"b\", 0); ioutil.WriteFile(\"a\", nil, 0) }\n",
			want: []string{"internal/postbuild/x.go:7: syscall.Unlink", "internal/postbuild/x.go:7: u.Renameat2", "internal/postbuild/x.go:7: ioutil.WriteFile"},
		},
		{
			// A program run: a future exec.Command("hugo", ...) on a
			// repository.
			name: "internal/generator/x.go",
			src:  "package p\nimport \"os/exec\"\nfunc f() { exec.Command(\"hugo\").Run(); exec.CommandContext(ctx, \"npm\"); (&exec.Cmd{Path: \"hugo\"}).Run() }\n",
			want: []string{"internal/generator/x.go:3: exec.Command", "internal/generator/x.go:3: exec.CommandContext", "internal/generator/x.go:3: exec.Cmd"},
		},
		{
			// A dot-import calls the package's functions by bare names the
			// guard cannot tell from the file's own: the import is found.
			name: "internal/audit/x.go",
			src:  "package p\nimport (\n\t. \"os\"\n\t. \"os/exec\"\n\t. \"strings\"\n)\nfunc f() { ReadFile(\"robots.txt\"); Command(\"hugo\"); ToLower(\"A\") }\n",
			want: []string{"internal/audit/x.go:3: import . \"os\"", "internal/audit/x.go:4: import . \"os/exec\""},
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
