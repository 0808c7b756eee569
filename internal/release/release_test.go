// Package release tests the release: .goreleaser.yaml checked, and a
// snapshot release (goreleaser release --snapshot --clean) made into the
// repository's dist/, with every artifact it promises; its npm tarballs
// installed offline into a real Eleventy project, whose build writes our
// sitemap, and its main tarball alone, whose launcher says what to add.
package release

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/npmtest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// The platforms of a release: GoReleaser's GOOS and GOARCH, npm's os and cpu.
var targets = []struct{ goos, goarch, os, cpu string }{
	{"linux", "amd64", "linux", "x64"},
	{"linux", "arm64", "linux", "arm64"},
	{"darwin", "amd64", "darwin", "x64"},
	{"darwin", "arm64", "darwin", "arm64"},
	{"windows", "amd64", "win32", "x64"},
	{"windows", "arm64", "win32", "arm64"},
}

func TestSnapshot(t *testing.T) {
	root := npmtest.Root()
	goreleaser := testtool.Program(t, "goreleaser", "go install github.com/goreleaser/goreleaser/v2@v2.16.0")
	env := os.Environ()
	if out, _ := exec.Command("git", "-C", root, "remote").Output(); len(strings.TrimSpace(string(out))) == 0 {
		// GoReleaser asks git for the remote's URL and, without one,
		// drops the commit from a snapshot: give it one, in this
		// process's git configuration only.
		env = append(env, "GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=remote.origin.url", "GIT_CONFIG_VALUE_0=https://github.com/sitemapgen/sitemapgen.git")
	}
	env = append(env, tags(t, root)...)
	// Colour on: GoReleaser's log marks a warning's line as it marks an
	// information's, with a bullet, and only the colour tells them apart.
	env = append(env, "CLICOLOR_FORCE=1", "NO_COLOR=")
	for _, args := range [][]string{{"check"}, {"release", "--snapshot", "--clean"}} {
		cmd := exec.Command(goreleaser, args...)
		cmd.Dir, cmd.Env = root, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("goreleaser %s: %v\n%s", strings.Join(args, " "), err, plain(string(out)))
		}
		// No warning: a file an archive lacks (the licence was one, six
		// times), a deprecated setting, an error let pass.
		said, err := warnings(string(out), args[0] == "release")
		if err != nil {
			t.Fatalf("goreleaser %s: %v\n%s", strings.Join(args, " "), err, plain(string(out)))
		}
		for _, line := range said {
			t.Errorf("goreleaser %s warns: %s", strings.Join(args, " "), line)
		}
	}
	dist := filepath.Join(root, "dist")
	var meta struct{ Version, Commit string }
	readJSON(t, filepath.Join(dist, "metadata.json"), &meta)
	if meta.Commit == "" || meta.Commit == "none" {
		t.Errorf("metadata.json: no commit: %+v", meta)
	}
	v := meta.Version
	t.Logf("version %s, commit %s", v, meta.Commit)

	sums := checksums(t, filepath.Join(dist, "checksums.txt"))
	for _, tg := range targets {
		exe := "sitemapgen"
		if tg.goos == "windows" {
			exe += ".exe"
		}
		bins, _ := filepath.Glob(filepath.Join(dist, fmt.Sprintf("sitemapgen_%s_%s*", tg.goos, tg.goarch), exe))
		if len(bins) != 1 {
			t.Errorf("%s/%s: want one binary, have %q", tg.goos, tg.goarch, bins)
			continue
		}
		bin := bins[0]
		logSize(t, bin)
		if tg.goos == "linux" {
			static(t, bin)
		}
		if tg.goos == runtime.GOOS && tg.goarch == runtime.GOARCH {
			out, err := exec.Command(bin, "--version").Output()
			want := fmt.Sprintf("sitemapgen %s (%s, 20", v, meta.Commit[:12])
			if err != nil || !strings.HasPrefix(string(out), want) {
				t.Errorf("%s --version: %q, %v; want %q…", bin, out, err, want)
			}
		}
		// go version -m records no -ldflags under -trimpath: the stamped
		// strings are looked for in the binary itself.
		out, err := exec.Command("go", "version", "-m", bin).Output()
		if err != nil || !strings.Contains(string(out), "CGO_ENABLED=0") || !strings.Contains(string(out), "-trimpath=true") {
			t.Errorf("go version -m %s: not a static, trimmed build (%v):\n%s", bin, err, out)
		}
		if data, err := os.ReadFile(bin); err != nil || !bytes.Contains(data, []byte(v)) || !bytes.Contains(data, []byte(meta.Commit)) {
			t.Errorf("%s: the version %s and commit %s are not stamped in it (%v)", bin, v, meta.Commit, err)
		}

		ext := map[bool]string{true: ".zip", false: ".tar.gz"}[tg.goos == "windows"]
		archive := filepath.Join(dist, fmt.Sprintf("sitemapgen_%s_%s_%s%s", v, tg.goos, tg.goarch, ext))
		logSize(t, archive)
		names := archived(t, archive)
		if !slices.Contains(names, exe) || !slices.Contains(names, "README.md") || !slices.Contains(names, "LICENSE") {
			t.Errorf("%s holds %q; want %s, README.md and LICENSE", archive, names, exe)
		}
		noTestData(t, archive, names)
		summed(t, sums, archive)
		tgz := filepath.Join(dist, "npm", fmt.Sprintf("sitemapgen-%s-%s-%s.tgz", tg.os, tg.cpu, v))
		logSize(t, tgz)
		noTestData(t, tgz, archived(t, tgz))
		licensed(t, tgz)
		summed(t, sums, tgz)
	}
	main := filepath.Join(dist, "npm", "sitemapgen-"+v+".tgz")
	logSize(t, main)
	noTestData(t, main, archived(t, main))
	licensed(t, main)
	summed(t, sums, main)
	if npm, _ := filepath.Glob(filepath.Join(dist, "npm", "*")); len(npm) != 7 {
		t.Errorf("dist/npm holds %q; want the seven tarballs", npm)
	}
	installOffline(t, root, filepath.Join(dist, "npm"), v)
	// The snapshot's main tarball alone: its platform packages are on no
	// registry, and the launcher names this platform's tarball beside it.
	for _, tg := range targets {
		if tg.goos == runtime.GOOS && tg.goarch == runtime.GOARCH {
			platform := filepath.Join(dist, "npm", fmt.Sprintf("sitemapgen-%s-%s-%s.tgz", tg.os, tg.cpu, v))
			if out := npmtest.InstallAlone(t, main, platform, "-D"); !strings.HasPrefix(out, "sitemapgen "+v+" ") {
				t.Errorf("the snapshot's tarballs, as the launcher says to install them, run %q; want its binary, %s", out, v)
			}
		}
	}
}

// installOffline installs the package from the release's tarballs in
// npmDir, offline (nothing from any registry), into a copy of the
// Eleventy project of the integration tests, builds it with Eleventy,
// and checks that the build wrote our sitemap, by the released binary.
func installOffline(t *testing.T, root, npmDir, v string) {
	fixture := filepath.Join(root, "internal", "e2e", "testdata", "npm-eleventy")
	testtool.NodeModules(t, fixture)
	dir := filepath.Join(t.TempDir(), "project")
	if out, err := exec.Command("cp", "-a", fixture, dir).CombinedOutput(); err != nil {
		t.Fatalf("cp -a: %v\n%s", err, out)
	}
	platform := ""
	for _, tg := range targets {
		if tg.goos == runtime.GOOS && tg.goarch == runtime.GOARCH {
			platform = filepath.Join(npmDir, fmt.Sprintf("sitemapgen-%s-%s-%s.tgz", tg.os, tg.cpu, v))
		}
	}
	run := func(name string, args ...string) string {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run("npm", "install", "--offline", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", filepath.Join(npmDir, "sitemapgen-"+v+".tgz"), platform)
	if out := run(filepath.Join(dir, "node_modules", ".bin", "sitemapgen"), "--version"); !strings.HasPrefix(out, "sitemapgen "+v+" ") {
		t.Errorf("the installed launcher runs %q; want the release's binary, %s", out, v)
	}
	out := run(filepath.Join(dir, "node_modules", ".bin", "eleventy"))
	if !strings.Contains(out, "3 URLs in 1 sitemap file written") {
		t.Errorf("eleventy's log has no summary of ours:\n%s", out)
	}
	data, err := os.ReadFile(filepath.Join(dir, "_site", "sitemap.xml"))
	if err != nil || !bytes.Contains(data, []byte("<loc>https://example.org/</loc>")) {
		t.Errorf("_site/sitemap.xml: %v\n%s", err, data)
	}
}

// tags returns the variables that give GoReleaser the tags a snapshot
// starts from when git has none to give, which GoReleaser warns of: in a
// clone without tags (CI's), the current tag (v0.0.0, the one such a
// repository would have first); with no tag before the current one (none,
// or the first release's), the previous (the history's first commit,
// where the first release's changes start).
func tags(t *testing.T, root string) []string {
	git := func(args ...string) (string, error) {
		out, err := exec.Command("git", append([]string{"-C", root}, args...)...).Output()
		return strings.TrimSpace(string(out)), err
	}
	var env []string
	current, err := git("describe", "--tags", "--abbrev=0", "HEAD")
	if err != nil {
		env = append(env, "GORELEASER_CURRENT_TAG=v0.0.0")
	}
	if err != nil || exec.Command("git", "-C", root, "describe", "--tags", "--abbrev=0", "tags/"+current+"^").Run() != nil {
		first, err := git("rev-list", "--max-parents=0", "HEAD")
		if err != nil || first == "" {
			t.Fatalf("git rev-list --max-parents=0 HEAD: %v", err)
		}
		roots := strings.Fields(first)
		env = append(env, "GORELEASER_PREVIOUS_TAG="+roots[len(roots)-1])
	}
	return env
}

// ansi is an escape sequence of a terminal's colours and styles.
var ansi = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// plain is GoReleaser's output without its colours.
func plain(out string) string {
	return ansi.ReplaceAllString(out, "")
}

// bullet is the start of a line of GoReleaser's log, with colour: the
// level's colour, the padding, and the level's mark, • (the same for
// information and warnings) or ⨯ (errors).
var bullet = regexp.MustCompile(`^(\x1b\[[0-9;]*m) *(•|⨯)`)

// snapshotNotices are the warnings every snapshot prints, saying what
// --snapshot means: no publishing, no checks of the git state.
var snapshotNotices = []string{
	"• skipping announce, publish, and validate...",
	"• pipe skipped or partially skipped reason=disabled during snapshot mode",
}

// warnings returns the lines of GoReleaser's warnings and errors in out,
// the output of a run with colour forced, without their colours: every
// line of its log whose mark is not in the colour of an information's,
// the colour of its last line, "thanks for using GoReleaser!" (the
// command's end, when it succeeds). A snapshot's notices are not warnings
// when snapshot is set. An error when out has no such line in colour.
func warnings(out string, snapshot bool) ([]string, error) {
	lines := strings.Split(out, "\n")
	info := ""
	for _, line := range lines {
		if m := bullet.FindStringSubmatch(line); m != nil && m[2] == "•" && strings.HasSuffix(line, "thanks for using GoReleaser!") {
			info = m[1]
		}
	}
	if info == "" {
		return nil, errors.New(`no "thanks for using GoReleaser!" in colour, an information's, to tell a warning's colour from`)
	}
	var said []string
	for _, line := range lines {
		m := bullet.FindStringSubmatch(line)
		if m == nil || m[1] == info && m[2] == "•" {
			continue
		}
		line = strings.Join(strings.Fields(plain(line)), " ")
		if snapshot && slices.Contains(snapshotNotices, line) {
			continue
		}
		said = append(said, line)
	}
	return said, nil
}

// GoReleaser's warnings are told from its other lines by their colour:
// lines of its output, as version 2.16 prints them.
func TestWarnings(t *testing.T) {
	const (
		info = "\x1b[1;94m"
		warn = "\x1b[1;93m"
	)
	snapshot := strings.Join([]string{
		info + "  •\x1b[m \x1b[1mstarting release\x1b[m",
		warn + "  •\x1b[m \x1b[1;93mskipping announce, publish, and validate...\x1b[m",
		info + "  •\x1b[m \x1b[1mgetting and validating git state\x1b[m",
		warn + "    •\x1b[m ignoring errors because this is a snapshot     " + warn + "error\x1b[m=couldn't get remote URL: fatal: No remote configured to list refs from.",
		info + "    •\x1b[m using tags                                     " + info + "previous\x1b[m=<unknown> " + info + "current\x1b[m=v0.0.0",
		warn + "    •\x1b[m pipe skipped or partially skipped              " + warn + "reason\x1b[m=disabled during snapshot mode",
		info + "  •\x1b[m \x1b[1marchives\x1b[m",
		info + "    •\x1b[m archiving                                      " + info + "name\x1b[m=dist/sitemapgen_0.0.1-snapshot-none_linux_arm64.tar.gz",
		warn + "      •\x1b[m no files matched                             " + warn + "glob\x1b[m=LICENSE*",
		info + "  •\x1b[m release succeeded after 1m32s",
		info + "  •\x1b[m thanks for using GoReleaser!",
		"",
	}, "\n")
	said, err := warnings(snapshot, true)
	want := []string{
		"• ignoring errors because this is a snapshot error=couldn't get remote URL: fatal: No remote configured to list refs from.",
		"• no files matched glob=LICENSE*",
	}
	if err != nil || !slices.Equal(said, want) {
		t.Errorf("warnings of a snapshot: %q, %v; want %q", said, err, want)
	}
	if said, _ := warnings(snapshot, false); len(said) != 4 {
		t.Errorf("warnings of another command: %q; want the snapshot's notices too", said)
	}
	check := strings.Join([]string{
		info + "  •\x1b[m \x1b[1mchecking\x1b[m                                  " + info + "path\x1b[m=.goreleaser.yaml",
		warn + "  •\x1b[m \x1b[1;93mDEPRECATED: \x1b[40m \x1b[m\x1b[94;40marchives.format\x1b[m\x1b[40m \x1b[m should not be used anymore, check \x1b[33mhttps://goreleaser.com/deprecations#archivesformat\x1b[m for more info\x1b[m",
		warn + "  •\x1b[m .goreleaser.yaml                                 " + warn + "error\x1b[m=configuration is valid, but uses deprecated properties",
		"\x1b[1;91m  ⨯\x1b[m check failed                                     \x1b[1;91merror\x1b[m=1 out of 1 configuration file(s) have issues",
		info + "  •\x1b[m thanks for using GoReleaser!",
	}, "\n")
	if said, err := warnings(check, false); err != nil || len(said) != 3 || !strings.HasPrefix(said[0], "• DEPRECATED: archives.format should not") {
		t.Errorf("warnings of a check: %q, %v; want the deprecation, its error and the failure", said, err)
	}
	if _, err := warnings(plain(check), false); err == nil {
		t.Error("output without colour: no error")
	}
}

// licensed checks that an npm tarball holds the licence and says it:
// package/LICENSE, the MIT licence, and package.json's license "MIT".
func licensed(t *testing.T, tgz string) {
	t.Helper()
	files := tarFiles(t, tgz, "package/LICENSE", "package/package.json")
	if !bytes.HasPrefix(files["package/LICENSE"], []byte("MIT License\n")) {
		t.Errorf("%s: package/LICENSE is not the MIT licence: %.40q", tgz, files["package/LICENSE"])
	}
	var pkg struct{ License string }
	if err := json.Unmarshal(files["package/package.json"], &pkg); err != nil || pkg.License != "MIT" {
		t.Errorf("%s: package.json's license is %q (%v), want MIT", tgz, pkg.License, err)
	}
}

// tarFiles returns the contents of the files named in the .tgz at path.
func tarFiles(t *testing.T, path string, names ...string) map[string][]byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if slices.Contains(names, h.Name) {
			if out[h.Name], err = io.ReadAll(tr); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
		}
	}
	return out
}

// static checks that a Linux binary is statically linked: no interpreter
// (the dynamic loader) and no dynamic section, which is what file(1)
// reads to say "statically linked".
func static(t *testing.T, path string) {
	f, err := elf.Open(path)
	if err != nil {
		t.Error(err)
		return
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
			t.Errorf("%s is dynamically linked (%v)", path, p.Type)
		}
	}
	if libs, _ := f.ImportedLibraries(); len(libs) > 0 {
		t.Errorf("%s needs %q", path, libs)
	}
}

// archived lists the files of a .tar.gz or .zip archive.
func archived(t *testing.T, path string) []string {
	var names []string
	if strings.HasSuffix(path, ".zip") {
		z, err := zip.OpenReader(path)
		if err != nil {
			t.Error(err)
			return nil
		}
		defer z.Close()
		for _, f := range z.File {
			names = append(names, f.Name)
		}
		return names
	}
	f, err := os.Open(path)
	if err != nil {
		t.Error(err)
		return nil
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Error(err)
		return nil
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return names
		}
		if err != nil {
			t.Error(err)
			return names
		}
		names = append(names, h.Name)
	}
}

// noTestData fails t if the archive at path, holding names, ships test
// data: an XML schema (internal/sitemaptest/schemas' are the sitemaps.org, Google and
// W3C schemas, for the tests only) or anything in a testdata folder.
func noTestData(t *testing.T, path string, names []string) {
	for _, name := range names {
		name = filepath.ToSlash(name)
		if strings.HasSuffix(strings.ToLower(name), ".xsd") || slices.Contains(strings.Split(name, "/"), "testdata") {
			t.Errorf("%s holds %s: test data is not shipped", filepath.Base(path), name)
		}
	}
}

// checksums reads checksums.txt: file name → SHA-256.
func checksums(t *testing.T, path string) map[string]string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sums := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok {
			t.Fatalf("%s: %q", path, sc.Text())
		}
		sums[name] = sum
	}
	return sums
}

// summed checks that checksums.txt has the file's SHA-256.
func summed(t *testing.T, sums map[string]string, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Error(err)
		return
	}
	sum := sha256.Sum256(data)
	if got := sums[filepath.Base(path)]; got != hex.EncodeToString(sum[:]) {
		t.Errorf("checksums.txt has %q for %s, want %x", got, filepath.Base(path), sum)
	}
}

func logSize(t *testing.T, path string) {
	st, err := os.Stat(path)
	if err != nil {
		t.Error(err)
		return
	}
	t.Logf("%10d  %s", st.Size(), strings.TrimPrefix(path, npmtest.Root()+string(filepath.Separator)))
}

func readJSON(t *testing.T, path string, v any) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// go install ./... in a clone installs sitemapgen alone: the benchmark
// helpers are a module of their own (bench/go.mod), which still builds.
func TestInstallsOneCommand(t *testing.T) {
	root := npmtest.Root()
	list := exec.Command("go", "list", "-f", `{{if eq .Name "main"}}{{.ImportPath}}{{end}}`, "./...")
	list.Dir = root
	out, err := list.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	if got := strings.Fields(string(out)); !slices.Equal(got, []string{"github.com/sitemapgen/sitemapgen"}) {
		t.Errorf("go install ./... would install %q; want sitemapgen alone", got)
	}
	build := exec.Command("go", "-C", "bench", "build", "-o", t.TempDir(), "./...")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Errorf("the benchmark helpers do not build: %v\n%s", err, out)
	}
}
