package e2e

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"gopkg.in/yaml.v3"
)

// The GitHub Action (action.yml) run as the runner runs it: its one
// composite step's run line, by bash, with the environment its env: block
// gives (each ${{ inputs.x }} replaced by the step's with: value, else the
// input's default) and the variables the runner sets for a composite step
// (GITHUB_ACTION_PATH, RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP, GITHUB_PATH,
// GITHUB_OUTPUT).
//
// One thing is replaced: the project's GitHub releases. A loopback server
// (releaseServer) serves a release as GoReleaser lays one out, whose
// archive holds the binary under test, and SITEMAPGEN_RELEASES_URL points
// the action at it.

// repoRoot is the checkout the action runs from (GITHUB_ACTION_PATH).
var repoRoot = filepath.Join("..", "..")

// testTag is the loopback release's tag.
const testTag = "v0.0.0-test"

// testToken is the workflow's token (${{ github.token }}) the action is
// given, which the loopback GitHub API (package prtest) sees.
const testToken = "ghs_loopback"

// releaseServer serves a release of the binary under test for this
// machine's platform, as GitHub does: /latest redirects to the latest
// tag's page, /download/TAG/FILE is a file of the release, among them
// GoReleaser's checksums file. corrupt changes the archive after its sum
// was taken.
func releaseServer(t *testing.T, corrupt bool) string {
	t.Helper()
	files := http.NewServeMux()
	dir := filepath.Join(t.TempDir(), "download", testTag)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	version := strings.TrimPrefix(testTag, "v")
	archive := fmt.Sprintf("sitemapgen_%s_%s_%s.tar.gz", version, runtime.GOOS, runtime.GOARCH)
	data := slices.Clone(releaseArchive(t))
	sums := fmt.Sprintf("%x  %s\n", sha256.Sum256(data), archive)
	// Another platform's archive and this platform's npm tarball, listed
	// first, as GoReleaser lists them: the runner's archive is the one the
	// action takes.
	sums = fmt.Sprintf("%x  sitemapgen_%s_plan9_386.tar.gz\n%x  npm/sitemapgen-%s-%s-%s.tgz\n", sha256.Sum256(nil), version,
		sha256.Sum256(nil), runtime.GOOS, runtime.GOARCH, version) + sums
	if corrupt {
		data = append(data, 0)
	}
	os.WriteFile(filepath.Join(dir, archive), data, 0o644)
	os.WriteFile(filepath.Join(dir, "checksums.txt"), []byte(sums), 0o644)
	files.Handle("/download/", http.FileServer(http.Dir(filepath.Dir(filepath.Dir(dir)))))
	files.HandleFunc("/latest", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/tag/"+testTag, http.StatusFound)
	})
	files.HandleFunc("/tag/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, "<title>Release "+testTag+"</title>")
	})
	srv := httptest.NewServer(files)
	t.Cleanup(srv.Close)
	return srv.URL
}

// releaseArchive returns the release's archive for this platform, as
// GoReleaser makes it: the binary under test and README.md, gzipped. It is
// made once (gzip under the race detector takes seconds).
func releaseArchive(t *testing.T) []byte {
	t.Helper()
	data, err := releaseArchiveOnce()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

var releaseArchiveOnce = sync.OnceValues(func() ([]byte, error) {
	exe, err := os.ReadFile(bin)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	gz, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	tw := tar.NewWriter(gz)
	for _, f := range []struct {
		name string
		mode int64
		body []byte
	}{{"README.md", 0o644, []byte("# sitemapgen\n")}, {"sitemapgen", 0o755, exe}} {
		if err := tw.WriteHeader(&tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(f.body)), Typeflag: tar.TypeReg}); err != nil {
			return nil, err
		}
		if _, err := tw.Write(f.body); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
})

// actionRun is how a run of the action ended: its status and output, and
// the folders it added to the job's PATH and its outputs.
type actionRun struct {
	code        int
	out         string
	path, files string
}

// runAction runs the action in dir with the inputs of with, the
// variables the runner sets, and vars (which may replace them).
func runAction(t *testing.T, dir string, with map[string]string, vars ...string) actionRun {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Inputs map[string]struct{ Default string }
		Runs   struct {
			Using string
			Steps []struct {
				Shell, Run string
				Env        map[string]string
			}
		}
	}
	if err := yaml.Unmarshal(data, &action); err != nil {
		t.Fatal(err)
	}
	if action.Runs.Using != "composite" || len(action.Runs.Steps) != 1 || action.Runs.Steps[0].Shell != "bash" {
		t.Fatalf("action.yml is not one composite bash step: %+v", action.Runs)
	}
	for k := range with {
		if _, ok := action.Inputs[k]; !ok {
			t.Fatalf("with: %s is no input of action.yml", k)
		}
	}
	step := action.Runs.Steps[0]
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	runner := t.TempDir()
	githubPath, githubOutput := filepath.Join(runner, "path"), filepath.Join(runner, "output")
	env := []string{"GITHUB_ACTION_PATH=" + root, "RUNNER_TEMP=" + filepath.Join(runner, "temp"),
		"RUNNER_OS=" + map[string]string{"linux": "Linux", "darwin": "macOS", "windows": "Windows"}[runtime.GOOS],
		"RUNNER_ARCH=" + map[string]string{"amd64": "X64", "arm64": "ARM64"}[runtime.GOARCH],
		"GITHUB_PATH=" + githubPath, "GITHUB_OUTPUT=" + githubOutput}
	os.Mkdir(filepath.Join(runner, "temp"), 0o755)
	for k, v := range step.Env {
		name, ok := strings.CutPrefix(v, "${{ inputs.")
		name, ok2 := strings.CutSuffix(name, " }}")
		input, ok3 := action.Inputs[name]
		if !ok || !ok2 || !ok3 {
			t.Fatalf("action.yml: env %s: %q is not ${{ inputs.NAME }}", k, v)
		}
		if w, given := with[name]; given {
			input.Default = w
		}
		// The one expression a default holds: the workflow's token.
		input.Default = strings.ReplaceAll(input.Default, "${{ github.token }}", testToken)
		env = append(env, k+"="+input.Default)
	}
	code, out := shell(t, dir, "bash -c "+shellQuote(step.Run), append(env, vars...)...)
	path, _ := os.ReadFile(githubPath)
	outputs, _ := os.ReadFile(githubOutput)
	return actionRun{code: code, out: out, path: strings.TrimSpace(string(path)), files: string(outputs)}
}

// shellQuote quotes s for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// actionSite writes a site of two pages into a new folder.
func actionSite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write(t, filepath.Join(dir, "public", "index.html"), "<title>home</title>\n")
	write(t, filepath.Join(dir, "public", "about", "index.html"), "<title>about</title>\n")
	return dir
}

func TestAction(t *testing.T) {
	needTool(t, "bash")
	needTool(t, "curl")
	site := map[string]string{"dir": "public", "base-url": "https://example.org/"}
	with := func(extra ...string) map[string]string {
		m := map[string]string{}
		for k, v := range site {
			m[k] = v
		}
		for i := 0; i < len(extra); i += 2 {
			m[extra[i]] = extra[i+1]
		}
		return m
	}
	installed := func(t *testing.T, r actionRun) {
		t.Helper()
		if r.code != 0 {
			t.Fatalf("exit %d\n%s", r.code, r.out)
		}
		exe := filepath.Join(r.path, "sitemapgen")
		if _, err := os.Stat(exe); err != nil {
			t.Fatalf("GITHUB_PATH holds %q, without sitemapgen: %v\n%s", r.path, err, r.out)
		}
		wantOutput(t, r.files, "path="+exe+"\n")
	}

	t.Run("latest release", func(t *testing.T) {
		dir := actionSite(t)
		r := runAction(t, dir, with("robots", "true"), "SITEMAPGEN_RELEASES_URL="+releaseServer(t, false))
		installed(t, r)
		wantOutput(t, r.out, "sitemapgen: installed "+testTag+" ("+runtime.GOOS+" "+runtime.GOARCH+") from sitemapgen_0.0.0-test_",
			"2 URLs in 1 sitemap file written to public")
		checkSitemap(t, filepath.Join(dir, "public"), "https://example.org/", []string{"", "about/"})
		robots, _ := os.ReadFile(filepath.Join(dir, "public", "robots.txt"))
		wantOutput(t, string(robots), "Sitemap: https://example.org/sitemap.xml")
	})
	t.Run("a tag, boolean inputs and args", func(t *testing.T) {
		dir := actionSite(t)
		write(t, filepath.Join(dir, "conf", "sitemaps.yaml"), "text: true\n")
		r := runAction(t, dir, with("version", testTag, "config", "conf/sitemaps.yaml", "gzip", "true", "robots", "false", "strict", "true",
			"args", "--lastmod-format date\n  --exclude about/**\n"), // args: | over two lines
			"SITEMAPGEN_RELEASES_URL="+releaseServer(t, false))
		installed(t, r)
		wantOutput(t, r.out, "1 URL in 1 sitemap file written to public (with sitemap.txt)")
		gz, err := os.Open(filepath.Join(dir, "public", "sitemap.xml.gz"))
		if err != nil {
			t.Fatal(err)
		}
		defer gz.Close()
		zr, err := gzip.NewReader(gz)
		if err != nil {
			t.Fatal(err)
		}
		xml, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`<lastmod>\d{4}-\d\d-\d\d</lastmod>`).Match(xml) {
			t.Errorf("args' --lastmod-format date was not taken:\n%s", xml)
		}
		for _, f := range []string{"sitemap.xml.gz", "sitemap.txt"} {
			if _, err := os.Stat(filepath.Join(dir, "public", f)); err != nil {
				t.Error(err)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "public", "robots.txt")); err == nil {
			t.Error("robots: false wrote robots.txt")
		}
	})
	t.Run("from source", func(t *testing.T) {
		needTool(t, "go")
		dir := actionSite(t)
		// No releases address at all: nothing is downloaded. Go's caches
		// are this test's, as actions/setup-go keeps the runner's.
		vars := []string{"SITEMAPGEN_RELEASES_URL=http://127.0.0.1:1"}
		goenv, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOPATH", "GOPROXY", "GOFLAGS", "GOTOOLCHAIN").Output()
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range strings.Split(strings.TrimSuffix(string(goenv), "\n"), "\n") {
			vars = append(vars, []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOPROXY", "GOFLAGS", "GOTOOLCHAIN"}[i]+"="+v)
		}
		r := runAction(t, dir, with("from-source", "true"), vars...)
		installed(t, r)
		wantOutput(t, r.out, "sitemapgen: installed from source", "2 URLs in 1 sitemap file written to public")
		checkSitemap(t, filepath.Join(dir, "public"), "https://example.org/", []string{"", "about/"})
	})
	t.Run("install only", func(t *testing.T) {
		dir := actionSite(t)
		r := runAction(t, dir, map[string]string{"install-only": "true"}, "SITEMAPGEN_RELEASES_URL="+releaseServer(t, false))
		installed(t, r)
		if _, err := os.Stat(filepath.Join(dir, "public", "sitemap.xml")); err == nil {
			t.Error("install-only wrote a sitemap")
		}
	})

	t.Run("compare-with a set that cannot be read", func(t *testing.T) {
		// diff's 2 fails the step; the build before it wrote the sitemaps.
		dir := actionSite(t)
		os.Mkdir(filepath.Join(dir, "base"), 0o755)
		summary := filepath.Join(t.TempDir(), "summary")
		r := runAction(t, dir, with("compare-with", "base"), "SITEMAPGEN_RELEASES_URL="+releaseServer(t, false), "GITHUB_STEP_SUMMARY="+summary)
		if r.code != 2 {
			t.Fatalf("exit %d, want 2\n%s", r.code, r.out)
		}
		wantOutput(t, r.out, "2 URLs in 1 sitemap file written to public", "base: no sitemap found")
		if _, err := os.Stat(summary); err == nil {
			t.Error("a summary was written")
		}
	})

	for _, tc := range []struct {
		name    string
		with    map[string]string
		corrupt bool
		vars    []string
		code    int
		want    string
	}{
		{name: "a build that fails fails the step", with: map[string]string{"dir": "public"}, code: 2, want: "no base URL"},
		// The hint names the action's input, not the flag.
		{name: "a hint names the input", with: map[string]string{"dir": "public"}, code: 2, want: "\n  with: base-url: https://example.com/\n"},
		{name: "checksum mismatch", with: with(), corrupt: true, code: 1, want: "checksum"},
		{name: "no archive for the runner", with: with(), vars: []string{"RUNNER_OS=Windows"}, code: 1,
			want: "sitemapgen: release " + testTag + " has no archive for windows " + runtime.GOARCH + " (set from-source: true to build it)"},
		{name: "no such release", with: with("version", "v9.9.9"), code: 1, want: "sitemapgen: cannot download"},
		{name: "a boolean input that is neither", with: with("gzip", "yes"), code: 1, want: `sitemapgen: input gzip: "yes" is not true or false`},
		{name: "compare-with without dir", with: map[string]string{"compare-with": "base/public"}, code: 1,
			want: "sitemapgen: input compare-with: give dir too, the pull request's built site"},
		{name: "a comment input that is neither", with: with("compare-with", "base/public", "comment", "yes"), code: 1,
			want: `sitemapgen: input comment: "yes" is not true or false`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := actionSite(t)
			r := runAction(t, dir, tc.with, append([]string{"SITEMAPGEN_RELEASES_URL=" + releaseServer(t, tc.corrupt)}, tc.vars...)...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d\n%s", r.code, tc.code, r.out)
			}
			wantOutput(t, r.out, tc.want)
			if _, err := os.Stat(filepath.Join(dir, "public", "sitemap.xml")); err == nil {
				t.Error("a sitemap was written")
			}
			if tc.code == 1 && r.path != "" {
				t.Errorf("GITHUB_PATH holds %q after a failed install", r.path)
			}
		})
	}
}

// The README's release binary install, run against the loopback release:
// its commands with the releases' address replaced by the server's, the
// version and platform by the test release's, and "sudo mv sitemapgen
// /usr/local/bin/" by a move into a folder of the test's.
func TestREADMEReleaseInstall(t *testing.T) {
	needTool(t, "curl")
	needTool(t, "sha256sum")
	readme, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(readme), "**A release binary**")
	_, block, ok2 := strings.Cut(after, "```sh\n")
	block, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("README.md has no sh block after **A release binary**")
	}
	dir, installed := t.TempDir(), t.TempDir()
	script := block
	for _, r := range [][2]string{
		{"https://github.com/sitemapgen/sitemapgen/releases", releaseServer(t, false)},
		{"v=1.2.3 p=linux_amd64", "v=" + strings.TrimPrefix(testTag, "v") + " p=" + runtime.GOOS + "_" + runtime.GOARCH},
		{"sudo mv sitemapgen /usr/local/bin/", "mv sitemapgen " + installed + "/"},
	} {
		if !strings.Contains(script, r[0]) {
			t.Fatalf("README.md's release install lacks %q:\n%s", r[0], block)
		}
		script = strings.ReplaceAll(script, r[0], r[1])
	}
	code, out := shell(t, dir, "set -e\n"+script)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	wantOutput(t, out, ": OK")
	if _, err := os.Stat(filepath.Join(installed, "sitemapgen")); err != nil {
		t.Fatalf("nothing installed: %v\n%s", err, out)
	}
}
