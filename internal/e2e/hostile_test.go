package e2e

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/writer"
)

// The hostile tests run the sitemapgen binary on files with names and
// front matter chosen to break a sitemap: characters XML and URLs give a
// meaning to, control characters, invalid UTF-8, names as long as the
// file system allows, and front matter URLs that try to leave the base
// URL. Each output must pass the schema check, list every URL under
// the base URL, map each back to its file, account for every file, and
// write nothing but the sitemaps.

const hostileBase = "https://example.com/blog/"

// hostileNames are file names (without extension) that are legal on
// Linux and hostile to URLs and XML.
var hostileNames = []string{
	`a&b`, `x<y>z`, `it's`, `say "hi"`, `all &<>'" five`,
	"ctl\x01", "tab\tname", "new\nline", "cr\rret", "del\x7f",
	"a\xffb", "\xc3(bad", "\xed\xa0\x80surrogate",
	`back\slash`, `%2e%2e`, `x..%2f..%2fy`, "100%", "q?x#y", "é ü 日本",
}

// runHostile runs sitemapgen with args in dir, with a HOME of its own,
// and returns its exit status, standard output and standard error.
func runHostile(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	r := run(t, dir, []string{"HOME=" + t.TempDir()}, args...)
	return r.code, r.stdout, r.stderr
}

// writeHostile writes the files (relative paths, "/"-separated) under
// dir, with content.
func writeHostile(t *testing.T, dir string, content string, files ...string) {
	t.Helper()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatalf("the file system refuses %q: %v", f, err)
		}
	}
}

// hostileLocs checks the sitemap set in dir (the schema check, raw
// bytes XML allows, every <loc> a URL that stays under hostileBase once
// resolved) and returns each <loc> with its path decoded, relative to
// the base URL.
func hostileLocs(t *testing.T, dir string) map[string]string {
	t.Helper()
	sitemaptest.MustValidate(t, dir)
	locs, files, err := sitemaptest.Locs(dir, hostileBase)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := sitemaptest.ReadBytes(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range data {
			if c < 0x20 && c != '\n' || c == 0x7f {
				t.Fatalf("%s: raw byte %#x at offset %d, which XML 1.0 forbids or a <loc> may not hold", f, c, i)
			}
		}
	}
	base, _ := url.Parse(hostileBase)
	decoded := make(map[string]string, len(locs))
	for _, loc := range locs {
		u, err := url.Parse(loc)
		if err != nil {
			t.Fatalf("<loc> %q does not parse: %v", loc, err)
		}
		r := base.ResolveReference(u)
		if r.Host != base.Host || r.Scheme != base.Scheme || !strings.HasPrefix(r.EscapedPath(), base.EscapedPath()) || r.RawQuery != "" || r.Fragment != "" {
			t.Fatalf("<loc> %q resolves to %s, outside %s", loc, r, hostileBase)
		}
		rest, ok := strings.CutPrefix(loc, hostileBase)
		if !ok {
			t.Fatalf("<loc> %q is not under %s", loc, hostileBase)
		}
		for seg := range strings.SplitSeq(rest, "/") {
			if dots := strings.ReplaceAll(strings.ToLower(seg), "%2e", "."); dots == "." || dots == ".." {
				t.Fatalf("<loc> %q has the dot segment %q", loc, seg)
			}
		}
		p, err := url.PathUnescape(rest)
		if err != nil {
			t.Fatalf("<loc> %q: %v", loc, err)
		}
		decoded[loc] = p
	}
	return decoded
}

// TestHostileNamesOutput: in output mode, every page whose name holds
// & < > ' ", control characters or invalid UTF-8 is listed, its path
// percent-encoded byte by byte and XML-escaped, so that the sitemap is
// valid and a static server answers each URL with the file.
func TestHostileNamesOutput(t *testing.T) {
	site := filepath.Join(t.TempDir(), "site")
	var pages []string
	for _, n := range hostileNames {
		pages = append(pages, n+".html", n+"/index.html")
	}
	writeHostile(t, site, "<title>hostile</title>", pages...)
	// --verbose: every warning, not five of a cause (and every page's
	// line, which must be as clean).
	code, _, stderr := runHostile(t, site, ".", "--base-url", hostileBase, "--text", "--verbose")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	// Names are quoted where they would break a line or reach the
	// terminal raw.
	if !utf8.ValidString(stderr) || strings.ContainsFunc(stderr, func(r rune) bool { return unicode.IsControl(r) && r != '\n' }) {
		t.Errorf("raw control characters or invalid UTF-8 in the messages:\n%q", stderr)
	}
	decoded := hostileLocs(t, site)
	listed := map[string]bool{}
	for loc, p := range decoded {
		if p == "" || strings.HasSuffix(p, "/") {
			p += "index.html"
		}
		if st, err := os.Lstat(filepath.Join(site, filepath.FromSlash(p))); err != nil || !st.Mode().IsRegular() {
			t.Errorf("<loc> %s decodes to %q, which is not a page: %v", loc, p, err)
		}
		listed[p] = true
	}
	for _, p := range pages {
		if !listed[p] {
			t.Errorf("%q is not listed", p)
		}
	}
	if len(decoded) != len(pages) {
		t.Errorf("%d URLs for %d pages", len(decoded), len(pages))
	}
	// The text sitemap: one URL a line, the same URLs.
	text, err := os.ReadFile(filepath.Join(site, "sitemap.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	for _, l := range lines {
		if _, ok := decoded[l]; !ok {
			t.Errorf("sitemap.txt line %q is not a <loc> of sitemap.xml", l)
		}
	}
	if len(lines) != len(decoded) {
		t.Errorf("sitemap.txt: %d lines for %d URLs", len(lines), len(decoded))
	}
	// Go's file server, as some others, serves only names that are
	// UTF-8; the others are listed with a warning that says so.
	var locs []string
	for loc, p := range decoded {
		if utf8.ValidString(p) {
			locs = append(locs, loc)
			continue
		}
		if strings.HasSuffix(p, "/") {
			p += "index.html"
		}
		if !strings.Contains(stderr, diag.Quote(filepath.FromSlash(p))+": warning: its URL path is not valid UTF-8") {
			t.Errorf("no warning says that %q is not UTF-8:\n%s", p, stderr)
		}
	}
	bad, err := sitemaptest.Unserved(site, hostileBase, locs)
	if err != nil || len(bad) > 0 {
		t.Errorf("not served: %q, %v", bad, err)
	}
}

// TestHostileNamesContent: in content mode, the same names as source
// files are listed at the URL paths their preset gives (plain: the path
// without its extension, as a folder), encoded as in output mode.
func TestHostileNamesContent(t *testing.T) {
	project := t.TempDir()
	var sources []string
	for _, n := range hostileNames {
		sources = append(sources, n+".md", n+"/page.md")
	}
	writeHostile(t, filepath.Join(project, "content"), "---\ntitle: hostile\n---\nbody\n", sources...)
	out := filepath.Join(project, "public")
	code, _, stderr := runHostile(t, project, "--mode", "content", "--preset", "plain", "--out", "public", "--base-url", hostileBase, "content")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	decoded := hostileLocs(t, out)
	listed := map[string]bool{}
	for _, p := range decoded {
		listed[p] = true
	}
	for _, s := range sources {
		if want := strings.TrimSuffix(s, ".md") + "/"; !listed[want] {
			t.Errorf("source %q is not listed at %q", s, want)
		}
	}
	if len(decoded) != len(sources) {
		t.Errorf("%d URLs for %d sources", len(decoded), len(sources))
	}
}

// TestHostileLongNames: names of 255 bytes (the file system's most) are
// listed; pages whose URL, once encoded, is 2,048 characters or longer
// (nested folders of multibyte names, which triple when encoded) are
// skipped with a warning naming each and counted in the summary, and
// --explain says why.
func TestHostileLongNames(t *testing.T) {
	site := filepath.Join(t.TempDir(), "site")
	ascii := strings.Repeat("n", 250)  // + ".html": 255 bytes
	multi := strings.Repeat("é", 125)  // + ".html": 255 bytes, 755 characters encoded
	folder := strings.Repeat("ü", 127) // 254 bytes, 762 characters encoded
	fits := []string{
		ascii + ".html",
		multi + ".html",
		folder + "/index.html",
		folder + "/" + folder + "/index.html", // 1,550 characters
		folder + "/" + folder + "/" + ascii + ".html",
	}
	tooLong := []string{
		folder + "/" + folder + "/" + folder + "/index.html", // 2,313 characters
		folder + "/" + folder + "/" + multi + ".html",
		strings.Repeat(ascii+"/", 9) + "index.html", // ASCII, 2,259 bytes of path
	}
	writeHostile(t, site, "<title>long</title>", append(slices.Clone(fits), tooLong...)...)
	code, _, stderr := runHostile(t, site, ".", "--base-url", hostileBase)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	decoded := hostileLocs(t, site)
	listed := map[string]bool{}
	for loc, p := range decoded {
		if len(loc) >= 2048 {
			t.Errorf("a <loc> of %d characters", len(loc))
		}
		if strings.HasSuffix(p, "/") {
			p += "index.html"
		}
		listed[p] = true
	}
	for _, f := range fits {
		if !listed[f] {
			t.Errorf("%.60q… is not listed", f)
		}
	}
	for _, f := range tooLong {
		if listed[f] {
			t.Errorf("%.60q… is listed", f)
		}
		if !strings.Contains(stderr, filepath.FromSlash(f)+": warning: the URL is ") {
			t.Errorf("no warning names %.60q…:\n%s", f, stderr)
		}
	}
	if want := fmt.Sprintf("skipped %d (%d URLs too long)", len(tooLong), len(tooLong)); !strings.Contains(stderr, want) {
		t.Errorf("the summary does not say %q:\n%s", want, stderr)
	}
	code, stdout, stderr := runHostile(t, site, ".", "--base-url", hostileBase, "--explain", filepath.FromSlash(tooLong[0]))
	if code != 0 || !strings.Contains(stdout, "listed:      no, URL too long") {
		t.Errorf("--explain: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestHostileFrontMatterURLs: a front matter url (Hugo) or permalink
// (Jekyll) that names a host, climbs above the site's root, or
// hides a dot segment or a slash lists no page, with a warning that names
// the file and line; dot segments below the root are resolved; every URL
// stays under a base URL with a path. --strict makes such a value fail
// the build, with nothing written.
func TestHostileFrontMatterURLs(t *testing.T) {
	type value struct {
		v    string
		want string // the URL, or the warning's words when no page is listed
		// jekyll is the URL under Jekyll, when it differs: its
		// sanitize_url turns ".." into "/".
		jekyll string
	}
	values := []value{
		{v: "/../../etc/passwd", want: `climbs above the site's root with ".."`},
		{v: "a/../../b", want: `climbs above the site's root with ".."`},
		{v: "/%2e%2e/%2e%2e/etc/passwd", want: "has a percent-encoded dot segment"},
		{v: `\..\..\z`, want: "has a backslash"},
		{v: `/\evil.example/x`, want: "names a host; give a path on the site"},
		{v: "https://evil.example/x", want: "names a host; give a path on the site"},
		{v: "//evil.example/x", want: "names a host; give a path on the site"},
		{v: "/a/./b/../c/", want: hostileBase + "a/c/", jekyll: hostileBase + "a/b/c/"},
		{v: "/&<>'\"/", want: hostileBase + "&%3C%3E'%22/"},
	}
	for _, gen := range []struct {
		name, key, config, configFile, dir, out string
	}{
		{"hugo", "url", "baseURL = 'https://example.com/blog/'\n", "hugo.toml", "content", "public"},
		{"jekyll", "permalink", "url: https://example.com\nbaseurl: /blog\n", "_config.yml", ".", "_site"},
	} {
		t.Run(gen.name, func(t *testing.T) {
			project := t.TempDir()
			writeHostile(t, project, gen.config, gen.configFile)
			for i, v := range values {
				fm := fmt.Sprintf("---\ntitle: page %d\n%s: %q\n---\nbody\n", i, gen.key, v.v)
				writeHostile(t, filepath.Join(project, gen.dir), fm, fmt.Sprintf("p%d.md", i))
			}
			args := []string{"--mode", "content", "--preset", gen.name, "--base-url", hostileBase, "--out", gen.out, gen.dir}
			code, _, stderr := runHostile(t, project, args...)
			if code != 0 {
				t.Fatalf("exit %d\n%s", code, stderr)
			}
			decoded := hostileLocs(t, filepath.Join(project, gen.out))
			refused := 0
			for i, v := range values {
				file := filepath.Join(gen.dir, fmt.Sprintf("p%d.md", i))
				if strings.HasPrefix(v.want, "https://") {
					want := v.want
					if gen.name == "jekyll" && v.jekyll != "" {
						want = v.jekyll
					}
					if _, ok := decoded[want]; !ok {
						t.Errorf("%s: %s %q: %s is not listed", file, gen.key, v.v, want)
					}
					continue
				}
				refused++
				warning := fmt.Sprintf("%s:3: warning: %s: %q %s", file, gen.key, v.v, v.want)
				if !strings.Contains(stderr, warning) {
					t.Errorf("no warning %q:\n%s", warning, stderr)
				}
			}
			if len(decoded) != len(values)-refused {
				t.Errorf("%d URLs listed, want %d: %q", len(decoded), len(values)-refused, decoded)
			}
			if want := fmt.Sprintf("skipped %d (%d not a page of the generator)", refused, refused); !strings.Contains(stderr, want) {
				t.Errorf("the summary does not say %q:\n%s", want, stderr)
			}

			// --strict: the build fails, and the sitemaps stay as they were.
			before, err := os.ReadFile(filepath.Join(project, gen.out, "sitemap.xml"))
			if err != nil {
				t.Fatal(err)
			}
			writeHostile(t, filepath.Join(project, gen.dir), "---\ntitle: new\n---\n", "new.md")
			if code, _, stderr := runHostile(t, project, append(args, "--strict")...); code != 1 || !strings.Contains(stderr, "names a host") {
				t.Errorf("--strict: exit %d, want 1\n%s", code, stderr)
			}
			if after, _ := os.ReadFile(filepath.Join(project, gen.out, "sitemap.xml")); !bytes.Equal(before, after) {
				t.Error("--strict: sitemap.xml was written")
			}
		})
	}
}

// TestHostileWritesOnlySitemaps: no page name, front matter value or
// planted file makes sitemapgen write outside its output folder. The
// whole temporary tree is snapshot before and after builds of hostile
// sites (output mode, and content mode with --out): the only paths
// created or changed are sitemapgen's own files in the output folders,
// and the symbolic links planted there in their names (to files outside)
// are replaced, their targets left alone.
func TestHostileWritesOnlySitemaps(t *testing.T) {
	root := t.TempDir()
	site := filepath.Join(root, "site")
	outside := filepath.Join(root, "outside")
	var pages []string
	for _, n := range hostileNames {
		pages = append(pages, n+".html")
	}
	pages = append(pages, "x..%2f..%2foutside%2fvictim.txt.html", "sitemap.xml.html", "robots.txt.html")
	writeHostile(t, site, "<title>hostile</title>", pages...)
	writeHostile(t, site, `<link rel=canonical href="../outside/victim.txt"><link rel=alternate hreflang=de href="../../../outside/">`, "canonical.html")
	writeHostile(t, outside, "not sitemapgen's\n", "victim.txt", "robots.txt", "state.json")
	// Files of sitemapgen's names that are links to files outside, and a
	// record of its files naming paths outside.
	for name, target := range map[string]string{
		"sitemap.xml":                  "../outside/victim.txt",
		"sitemap-7.xml":                "../outside/victim.txt",
		"robots.txt":                   "../outside/robots.txt", // refused, then replaced below
		".sitemapgen-99999999-1.tmp":   "../outside/victim.txt",
		"sitemap.txt":                  filepath.Join(outside, "victim.txt"),
		"sitemap-1-0123456789.xml.gz":  "../outside/victim.txt",
		"sitemap-index-2.xml":          "../outside/victim.txt",
		"sitemap-3.txt":                "../outside/victim.txt",
		"not-ours-but-named-ours.html": "../outside/victim.txt",
	} {
		if err := os.Symlink(target, filepath.Join(site, name)); err != nil {
			t.Fatal(err)
		}
	}
	writeHostile(t, site, "../outside/victim.txt\n/etc/passwd\nsitemap-7.xml\nsitemap-index-2.xml\n", writer.RecordName)

	project := filepath.Join(root, "project")
	writeHostile(t, project, "baseURL = 'https://example.com/blog/'\npublishDir = 'public'\n", "hugo.toml")
	for i, v := range []string{"/../../outside/victim.txt", "../outside/x", "//evil.example/x", "/%2e%2e/%2e%2e/outside/", `\..\..\outside`, "/ok/"} {
		writeHostile(t, filepath.Join(project, "content"), fmt.Sprintf("---\ntitle: %d\nurl: %q\nslug: ../../../outside\n---\n", i, v), fmt.Sprintf("p%d.md", i))
	}
	writeHostile(t, filepath.Join(project, "content"), "---\nslug: ../../../../outside/victim\n---\n", "posts/s.md")

	// Projects whose own files (sitemap.yaml, hugo.toml, a committed
	// link) name a path out of the project: refused, nothing written or
	// removed there. A page outside holds a token no output may show.
	const token = "token-3f9c1e"
	writeHostile(t, outside, "<title>"+token+"</title>", token+".html")
	refused := map[string]string{ // a project folder, and its file's path out
		"changes": "base_url: " + hostileBase + "\nroot: public\nchanges: ../outside/victim.txt\n",
		"state":   "base_url: " + hostileBase + "\nroot: public\nstate: ../outside/new.json\n",
		"out":     "base_url: " + hostileBase + "\nroot: public\nout: ../outside\n",
		"publish": "publishDir = '../outside'\n",
		"linked":  "title = 'a public folder linked out'\n",
	}
	for name, file := range refused {
		dir := filepath.Join(root, "refused-"+name)
		writeHostile(t, dir, "<title>inside</title>", "public/index.html")
		if strings.HasPrefix(file, "base_url") {
			writeHostile(t, dir, file, "sitemap.yaml")
		} else {
			writeHostile(t, dir, file, "hugo.toml")
		}
	}
	if err := os.Rename(filepath.Join(root, "refused-linked", "public"), filepath.Join(root, "refused-linked", "built")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../outside", filepath.Join(root, "refused-linked", "public")); err != nil {
		t.Fatal(err)
	}

	// robots.txt links outside: the build refuses it before it writes
	// anything, since the link's target would be published.
	before := hostileSnapshot(t, root)
	code, _, stderr := runHostile(t, site, ".", "--base-url", hostileBase, "--robots")
	if code != 1 || !strings.Contains(stderr, "robots.txt: a symbolic link to") || !strings.Contains(stderr, "outside the output folder") {
		t.Fatalf("robots.txt linking outside: exit %d\n%s", code, stderr)
	}
	if after := hostileSnapshot(t, root); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatal("the refused build changed files")
	}
	// A link inside the output folder is read, and replaced by a file.
	writeHostile(t, site, "User-agent: *\n", "static-robots.txt")
	if err := os.Remove(filepath.Join(site, "robots.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("static-robots.txt", filepath.Join(site, "robots.txt")); err != nil {
		t.Fatal(err)
	}

	before = hostileSnapshot(t, root)
	for i, run := range []struct {
		dir  string
		args []string
	}{
		{site, []string{".", "--base-url", hostileBase, "--robots", "--text"}},
		{site, []string{".", "--base-url", hostileBase, "--robots", "--text", "--gzip", "--max-urls", "5"}},
		{project, []string{"--mode", "content", "--preset", "hugo", "--base-url", hostileBase, "--robots", "--out", "public", "content"}},
	} {
		if code, _, stderr := runHostile(t, run.dir, run.args...); code != 0 {
			t.Fatalf("%q: exit %d\n%s", run.args, code, stderr)
		}
		if i > 0 {
			continue
		}
		// The planted links of the names written are replaced by files.
		for _, name := range []string{"sitemap.xml", "robots.txt", "sitemap.txt"} {
			if st, err := os.Lstat(filepath.Join(site, name)); err != nil || !st.Mode().IsRegular() {
				t.Errorf("site/%s is not a regular file: %v", name, err)
			}
		}
	}
	for name, file := range map[string]string{
		"changes": "sitemap.yaml:3: changes: ../outside/victim.txt leads out of the project",
		"state":   "sitemap.yaml:3: state: ../outside/new.json leads out of the project",
		"out":     "sitemap.yaml:3: out: ../outside leads out of the project",
		"publish": "hugo.toml: publishDir ../outside (Hugo's publish folder) leads out of the project",
		"linked":  "hugo.toml: publishDir public (Hugo's publish folder) leads out of the project",
	} {
		var args []string
		if name == "publish" || name == "linked" {
			args = []string{"--base-url", hostileBase}
		}
		code, stdout, stderr := runHostile(t, filepath.Join(root, "refused-"+name), args...)
		if code != 2 || !strings.HasPrefix(stderr, file) || !strings.Contains(stderr, "hint: to use a ") {
			t.Errorf("refused-%s: exit %d, want 2 and %q\n%s", name, code, file, stderr)
		}
		if strings.Contains(stdout+stderr, token) {
			t.Errorf("refused-%s: the page outside shows:\n%s%s", name, stdout, stderr)
		}
	}
	// Nor does any file but the page itself.
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || p == filepath.Join(outside, token+".html") {
			return err
		}
		if data, err := os.ReadFile(p); err != nil || bytes.Contains(data, []byte(token)) {
			t.Errorf("%s shows the page outside (%v)", p, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	after := hostileSnapshot(t, root)

	outputs := []string{site, filepath.Join(project, "public")}
	var changed []string
	for p := range before {
		if after[p] != before[p] {
			changed = append(changed, p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			changed = append(changed, p)
		}
	}
	slices.Sort(changed)
	if len(changed) == 0 {
		t.Fatal("nothing written")
	}
	for _, p := range changed {
		dir, name := filepath.Split(p)
		// The generator's sitemaps' dates, kept beside ours once ours
		// replace them (the witness of a Hugo join's pages).
		ours := writer.IsOwnName(name) || name == writer.RecordName || name == "robots.txt" || name == ".sitemapgen-generator-lastmod"
		if p != outputs[1] && !(ours && slices.Contains(outputs, filepath.Clean(dir))) {
			t.Errorf("%s changed: %q → %q", p, before[p], after[p])
		}
	}
	for _, p := range []string{"victim.txt", "robots.txt", "state.json"} {
		if data, err := os.ReadFile(filepath.Join(outside, p)); err != nil || string(data) != "not sitemapgen's\n" {
			t.Errorf("outside/%s: %q, %v", p, data, err)
		}
	}
}

// hostileSnapshot describes every path under root, without following
// symbolic links: its type and permissions, and a regular file's size
// and content hash or a link's target.
func hostileSnapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	snap := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		desc := info.Mode().String()
		switch {
		case info.Mode().IsRegular():
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			desc += fmt.Sprintf(" %d bytes %x", len(data), sha256.Sum256(data))
		case info.Mode()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			desc += " → " + target
		}
		snap[p] = desc
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// TestHostileSettingsFiles runs sitemapgen on settings files and front
// matter nested or sized to break a decoder: a few MB of TOML's [[[[
// overflowed the stack (a fatal error), 32 KB of nested TOML inline
// tables took 26 s and 2.6 GB, a table header of 20,000 dotted keys 22 s
// and 2 GB, a 20 MB astro.config.mjs of nested {a: 34 s and 4.3 GB,
// 2,000,000 [ in pelicanconf.py (3,000,000 ( in conf.py) overflowed the
// stack. Each is refused by its limit, with the place, before a
// decoder sees it: an error where the file is needed, a warning where it
// is not. A netlify.toml or vercel.json is needed for its headers: one
// past a bound fails the build, since a noindex rule lost would list the
// page it covers (issue 99).
func TestHostileSettingsFiles(t *testing.T) {
	const page = "<!doctype html><title>x</title>"
	deepTOML := "baseURL = 'https://example.com/blog/'\nx = " + strings.Repeat("[", 4<<20-100) + "\n"
	inline := strings.Repeat("{a=", 10000) + "1" + strings.Repeat("}", 10000)
	tests := []struct {
		name  string
		files map[string]string
		args  []string
		code  int
		want  string // a line of standard error
	}{
		{name: "hugo.toml of [[[[, DIR given",
			files: map[string]string{"hugo.toml": deepTOML, "content/a.md": "a", "public/index.html": page},
			args:  []string{"build", "public", "--base-url", hostileBase},
			want:  "hugo.toml:2: warning: nesting deeper than 100 (limits.nesting); the generator's settings are not used"},
		{name: "hugo.toml of [[[[",
			files: map[string]string{"hugo.toml": deepTOML, "content/a.md": "a", "public/index.html": page},
			args:  []string{"build"}, code: 2,
			want: "hugo.toml:2: nesting deeper than 100 (limits.nesting)"},
		{name: "hugo.toml of nested inline tables",
			files: map[string]string{"hugo.toml": "baseURL = 'https://example.com/blog/'\n\nx = " + inline + "\n", "content/a.md": "a", "public/index.html": page},
			args:  []string{"build"}, code: 2,
			want: "hugo.toml:3: nesting deeper than 100 (limits.nesting)"},
		{name: "hugo.toml of a dotted table header",
			files: map[string]string{"hugo.toml": "baseURL = 'https://example.com/blog/'\n[" + strings.Repeat("a.", 20000) + "a]\n", "content/a.md": "a", "public/index.html": page},
			args:  []string{"build"}, code: 2,
			want: "hugo.toml:2: nesting deeper than 100 (limits.nesting)"},
		{name: "TOML front matter of a dotted key",
			files: map[string]string{"site/a.md": "+++\n" + strings.Repeat("a.", 20000) + "a = 1\n+++\nbody\n"},
			args:  []string{"build", "--mode", "content", "site", "--base-url", hostileBase, "--out", "out"},
			want:  "site/a.md:2: warning: nesting deeper than 100 (limits.nesting)"},
		{name: "netlify.toml of [[[[",
			files: map[string]string{"netlify.toml": "[build]\nx = " + strings.Repeat("[", 4<<20-100) + "\n", "public/index.html": page},
			args:  []string{"build", "public", "--base-url", hostileBase}, code: 1,
			want: "netlify.toml:2: nesting deeper than 100 (limits.nesting); the file is not read"},
		{name: "vercel.json too large",
			files: map[string]string{"vercel.json": "{\"x\": \"" + strings.Repeat("a", 4<<20) + "\"}", "public/index.html": page},
			args:  []string{"build", "public", "--base-url", hostileBase}, code: 1,
			want: "vercel.json: larger than 4194304 bytes (limits.settings_bytes); the file is not read"},
		{name: "sitemap.yaml nested",
			files: map[string]string{"sitemap.yaml": "root: public\nx: " + strings.Repeat("[", 200) + "\n", "public/index.html": page},
			args:  []string{"build", "--base-url", hostileBase}, code: 2,
			want: "sitemap.yaml:2: nesting deeper than 100 (limits.nesting)"},
		{name: "TOML front matter of nested inline tables",
			files: map[string]string{"site/a.md": "+++\ntitle = 'a'\nx = " + inline + "\n+++\nbody\n"},
			args:  []string{"build", "--mode", "content", "site", "--base-url", hostileBase, "--out", "out"},
			want:  "site/a.md:3: warning: nesting deeper than 100 (limits.nesting)"},
		{name: "TOML front matter of [[[[",
			files: map[string]string{"site/a.md": "+++\nx = " + strings.Repeat("[", 1<<20-100) + "\n+++\nbody\n"},
			args:  []string{"build", "--mode", "content", "site", "--base-url", hostileBase, "--out", "out"},
			want:  "site/a.md:2: warning: nesting deeper than 100 (limits.nesting)"},
		{name: "YAML front matter nested",
			files: map[string]string{"site/a.md": "---\nx:\n" + strings.Repeat("- ", 200) + "a\n---\nbody\n"},
			args:  []string{"build", "--mode", "content", "site", "--base-url", hostileBase, "--out", "out"},
			want:  "site/a.md:3: warning: nesting deeper than 100 (limits.nesting)"},
		{name: "astro.config.mjs of 20 MB",
			files: map[string]string{"package.json": `{"dependencies": {"astro": "4.0.0"}}`, "dist/index.html": page,
				"astro.config.mjs": "export default {site: 'https://example.com/blog/', x: " + strings.Repeat("{a:", 20<<20/3) + "1}\n"},
			args: []string{"build"}, code: 2,
			want: "astro.config.mjs: detect: larger than 4194304 bytes (limits.settings_bytes)"},
		{name: "astro.config.mjs of nested {a:",
			files: map[string]string{"package.json": `{"dependencies": {"astro": "4.0.0"}}`, "dist/index.html": page,
				"astro.config.mjs": "export default {site: 'https://example.com/blog/',\nx: " + strings.Repeat("{a:", 4<<20/3-100) + "1}\n"},
			args: []string{"build"}, code: 2,
			want: "astro.config.mjs:2: detect: nesting deeper than 100 (limits.nesting)"},
		{name: "astro.config.mjs of nested {a:, DIR given",
			files: map[string]string{"package.json": `{"dependencies": {"astro": "4.0.0"}}`, "dist/index.html": page,
				"astro.config.mjs": "export default {site: 'https://example.com/blog/',\nx: " + strings.Repeat("{a:", 4<<20/3-100) + "1}\n"},
			args: []string{"build", "dist", "--base-url", hostileBase},
			want: "astro.config.mjs:2: warning: nesting deeper than 100 (limits.nesting); the generator's settings are not used"},
		{name: "pelicanconf.py of [[[[",
			files: map[string]string{"pelicanconf.py": "SITEURL = 'https://example.com/blog/'\nX = " + strings.Repeat("[", 2_000_000) + "\n", "output/index.html": page},
			args:  []string{"build"}, code: 2,
			want: "pelicanconf.py:2: detect: nesting deeper than 100 (limits.nesting)"},
		{name: "pelicanconf.py of [[[[, DIR given",
			files: map[string]string{"pelicanconf.py": "SITEURL = 'https://example.com/blog/'\nX = " + strings.Repeat("[", 2_000_000) + "\n", "output/index.html": page},
			args:  []string{"build", "output", "--base-url", hostileBase},
			want:  "pelicanconf.py:2: warning: nesting deeper than 100 (limits.nesting); the generator's settings are not used"},
		{name: "Sphinx's conf.py of ((((",
			files: map[string]string{"conf.py": "project = 'x'\nhtml_baseurl = 'https://example.com/blog/'\nX = " + strings.Repeat("(", 3_000_000) + "\n", "_build/html/index.html": page},
			args:  []string{"build"}, code: 2,
			want: "conf.py:3: detect: nesting deeper than 100 (limits.nesting)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tt.files {
				writeHostile(t, dir, content, name)
			}
			code, _, stderr := runHostile(t, dir, tt.args...)
			if code != tt.code || !slices.Contains(strings.Split(stderr, "\n"), tt.want) {
				t.Fatalf("exit %d, want %d; stderr:\n%.2000s\nwant the line %q", code, tt.code, stderr, tt.want)
			}
		})
	}
}
