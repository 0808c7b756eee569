package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/prcomment/prtest"
)

const (
	reportHead = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
`
	reportTail = "</urlset>\n"
)

// diffRun runs sitemapgen diff with args in the environment vars
// (NAME=value) and returns its exit status, standard output and standard
// error.
func diffRun(t *testing.T, vars []string, args ...string) (int, string, string) {
	t.Helper()
	env := map[string]string{}
	for _, v := range vars {
		k, val, _ := strings.Cut(v, "=")
		env[k] = val
	}
	var out, errs bytes.Buffer
	code := Main(context.Background(), append([]string{"diff"}, args...), &out, &errs, func(k string) string { return env[k] })
	return code, out.String(), errs.String()
}

// hostileSets writes an old and a new sitemap, and the new site's
// folder, whose URLs and values hold what could break out of a Markdown
// table cell or become HTML, a link or a mention: "|", backticks,
// <script>, @mention, a newline, a bidi control, and a redirect target
// with them. It returns the old sitemap, the new one and the site.
func hostileSets(t *testing.T) (string, string, string) {
	t.Helper()
	dir := t.TempDir()
	site := filepath.Join(dir, "site")
	writeFiles(t, dir, map[string]string{
		"old.xml": reportHead + `<url><loc>https://example.com/gone|x</loc></url>
<url><loc>https://example.com/moved</loc></url>
<url><loc>https://example.com/kept</loc></url>
<url><loc>https://example.com/p</loc><lastmod>2024-01-01</lastmod><priority>0.5</priority></url>
<url><loc>https://example.com/q</loc><lastmod>2024-01-01</lastmod></url>
` + reportTail,
		"new.xml": reportHead + `<url><loc>https://example.com/a|b</loc></url>
<url><loc>https://example.com/` + "``x`" + `</loc></url>
<url><loc>https://example.com/&lt;script&gt;alert(1)&lt;/script&gt;</loc></url>
<url><loc>https://example.com/@mention</loc></url>
<url><loc>https://example.com/line&#10;| injected | row |</loc></url>
<url><loc>https://example.com/bidi` + "\u202e" + `gnp.exe</loc></url>
<url><loc>https://example.com/p</loc><lastmod>2024-02-02</lastmod><priority>0.5|&lt;b&gt;</priority></url>
<url><loc>https://example.com/q</loc><lastmod>2024-03-03</lastmod></url>
` + reportTail,
		"site/_redirects": "/moved /to|<img/src=x>@admin 301\n",
		"site/kept.html":  `<meta name="robots" content="noindex">`,
	})
	return filepath.Join(dir, "old.xml"), filepath.Join(dir, "new.xml"), site
}

// The Markdown report: the counts, and each list's rows, every URL and
// value a code span that nothing in it can leave: "|", "`", "<", ">", a
// control character or a character that does not print are
// percent-encoded, so no row splits or ends, no HTML, link or mention is
// made.
func TestDiffReportMarkdown(t *testing.T) {
	old, new, site := hostileSets(t)
	code, out, errs := diffRun(t, nil, "--markdown", "--site", site, old, new)
	if code != 1 { // a URL gone with no redirect
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	wantOutputs(t, out,
		reportMarker+"\n### Sitemap changes\n",
		"| added | 6 |\n",
		"| removed, **no redirect** (a 404 for every link to them) | 1 |\n",
		"| moved (removed, a redirect answers) | 1 |\n",
		"| removed from the sitemap, still served | 1 |\n",
		"| lastmod changed | 2 |\n",
		"| other values changed | 1 |\n",
		"| `https://example.com/a%7Cb` |\n",
		"| `https://example.com/%60%60x%60` |\n",
		"| `https://example.com/%3Cscript%3Ealert(1)%3C/script%3E` |\n",
		"| `https://example.com/@mention` |\n",
		"| `https://example.com/line%0A%7C%20injected%20%7C%20row%20%7C` |\n",
		"| `https://example.com/bidi%E2%80%AEgnp.exe` |\n",
		"<details open><summary>Removed, no redirect (1)</summary>\n\n| URL |\n| --- |\n| `https://example.com/gone%7Cx` |\n",
		"| `https://example.com/moved` | `https://example.com/to%7C%3Cimg/src=x%3E@admin` |\n",
		"| `https://example.com/kept` |\n",
		"| `https://example.com/p` | lastmod `2024-01-01` → `2024-02-02`<br>priority `0.5` → `0.5%7C%3Cb%3E` |\n",
	)
	// q's lastmod alone changed: counted, not listed.
	if strings.Contains(out, "example.com/q") {
		t.Errorf("a lastmod change alone is listed:\n%s", out)
	}
	// Each line of a table has the cells of its head; nothing is HTML but
	// the report's own <details>, <summary> and <br>; a mention is only
	// ever inside a code span.
	cells := 0
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "|") {
			cells = 0
			continue
		}
		n := strings.Count(line, "|")
		if cells == 0 {
			cells = n
		} else if n != cells {
			t.Errorf("a row of %d cells in a table of %d: %q", n-1, cells-1, line)
		}
	}
	if tags := regexp.MustCompile(`<[a-z/][^>]*>`).FindAllString(out, -1); len(tags) > 0 {
		for _, tag := range tags {
			switch tag {
			case "<details>", "<details open>", "</details>", "<summary>", "</summary>", "<br>":
			default:
				t.Errorf("HTML %q in the report", tag)
			}
		}
	}
	for _, m := range regexp.MustCompile("[^`]*@[a-z]+").FindAllString(strings.Join(regexp.MustCompile("`[^`\n]*`").Split(out, -1), "\n"), -1) {
		t.Errorf("a mention outside a code span: %q", m)
	}
	// Without a site folder (two files), removed URLs are one count, not
	// judged.
	_, out, _ = diffRun(t, nil, "--markdown", old, new)
	wantOutputs(t, out, "| removed (redirects not checked: no site folder) | 3 |\n",
		"<details><summary>Removed (3)</summary>\n\n| URL |\n| --- |\n| `https://example.com/gone%7Cx` |\n| `https://example.com/kept` |\n| `https://example.com/moved` |\n")
	if strings.Contains(out, "no redirect") || strings.Contains(out, "| moved") {
		t.Errorf("removed URLs judged without a site:\n%s", out)
	}
	// Nothing changed: said in a line.
	_, out, _ = diffRun(t, nil, "--markdown", new, new)
	if out != reportMarker+"\n### Sitemap changes\n\nNo URL added, removed or changed.\n" {
		t.Errorf("no change:\n%s", out)
	}
	if code, _, errs := diffRun(t, nil, "--markdown", "--json", new, new); code != 2 || !strings.Contains(errs, "--json or --markdown") {
		t.Errorf("--markdown --json: exit %d\n%s", code, errs)
	}
}

// The report is bounded: at most reportRows rows a list, the others
// counted, each value at most reportValueBytes, and rows no more once
// they fill reportBytes; so that, whatever the sets, it stays a comment
// GitHub takes (65,536 characters). Here values of "|", each written as
// three bytes, fill it.
func TestDiffReportBounded(t *testing.T) {
	dir := t.TempDir()
	long, bars := strings.Repeat("x", 5000), strings.Repeat("|", 5000)
	var a, b strings.Builder
	for i := range 50 {
		alts := ""
		for j := range 30 {
			alts += fmt.Sprintf(`<xhtml:link rel="alternate" hreflang="l%d" href="https://example.com/%d/%d%s"/>`, j, i, j, long[:100])
		}
		fmt.Fprintf(&a, "<url><loc>https://example.com/gone%d%s</loc></url>\n", i, long)
		fmt.Fprintf(&a, "<url><loc>https://example.com/moved%d%s</loc></url>\n", i, long)
		fmt.Fprintf(&a, "<url><loc>https://example.com/kept%d</loc></url>\n", i)
		fmt.Fprintf(&a, "<url><loc>https://example.com/same%d%s</loc><lastmod>%s</lastmod><changefreq>%s</changefreq><priority>%s</priority></url>\n", i, long, long, long, long)
		fmt.Fprintf(&b, "<url><loc>https://example.com/added%d%s</loc></url>\n", i, long)
		fmt.Fprintf(&b, "<url><loc>https://example.com/same%d%s</loc><lastmod>y%s</lastmod><changefreq>y%s</changefreq><priority>y%s</priority>%s</url>\n", i, long, bars, bars, bars, alts)
	}
	head := strings.Replace(reportHead, `0.9">`, `0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`, 1)
	var kept strings.Builder
	for i := range 50 {
		fmt.Fprintf(&kept, "site/kept%d.html\n", i)
	}
	writeFiles(t, dir, map[string]string{
		"old.xml":         head + a.String() + reportTail,
		"new.xml":         head + b.String() + reportTail,
		"site/_redirects": "/moved* /" + long + " 301\n",
	})
	for i := range 50 {
		writeFiles(t, dir, map[string]string{fmt.Sprintf("site/kept%d.html", i): "<title>kept</title>"})
	}
	code, out, errs := diffRun(t, nil, "--markdown", "--site", filepath.Join(dir, "site"), filepath.Join(dir, "old.xml"), filepath.Join(dir, "new.xml"))
	if code != 1 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	wantOutputs(t, out, "| added | 50 |", "| removed, **no redirect** (a 404 for every link to them) | 50 |",
		"| moved (removed, a redirect answers) | 50 |", "| removed from the sitemap, still served | 50 |", "| other values changed | 50 |",
		"\nand 30 more\n", "`… (5026 bytes)", "`y%7C%7C%7C")
	if n := len(regexp.MustCompile(`\nand \d+ more\n`).FindAllString(out, -1)); n != 5 {
		t.Errorf("%d lists say \"and N more\", want 5", n)
	}
	if n := len([]rune(out)); n > 65536-1000 {
		t.Errorf("the report is %d characters: a comment takes 65,536", n)
	}
}

// The runner's variables of a pull request's run, with the API at api.
func prVars(t *testing.T, api string) []string {
	event := filepath.Join(t.TempDir(), "event.json")
	if err := os.WriteFile(event, fmt.Appendf(nil, `{"action":"synchronize","number":%d,"pull_request":{"number":%[1]d,"title":"a | b @x"}}`, prtest.PR), 0o644); err != nil {
		t.Fatal(err)
	}
	return []string{"GITHUB_API_URL=" + api, "GITHUB_REPOSITORY=" + prtest.Repo, "GITHUB_EVENT_PATH=" + event,
		"GITHUB_EVENT_NAME=pull_request", "GITHUB_TOKEN=ghs_test"}
}

// --comment writes the report as one comment of the pull request and
// updates it at the next run: found by its marker among a bot's comments,
// past the first page of comments; a person's comment that starts with
// the marker is not touched. A 403 (a token that may not write) is said
// in the summary and on standard error, and fails nothing.
func TestDiffComment(t *testing.T) {
	old, new, site := hostileSets(t)
	g := prtest.New(t)
	// 150 comments, one of a person starting with the marker.
	for i := range 150 {
		body := fmt.Sprintf("comment %d", i)
		if i == 3 {
			body = reportMarker + " mine"
		}
		g.Add(body, "User")
	}
	summary := filepath.Join(t.TempDir(), "step_summary")
	vars := prVars(t, g.URL)
	code, out, errs := diffRun(t, vars, "--summary", summary, "--comment", "--site", site, old, new)
	if code != 1 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if !strings.Contains(errs, "sitemapgen: the report written on pull request #7: https://github.com/octo/site/pull/7#issuecomment-1150\n") {
		t.Errorf("stderr:\n%s", errs)
	}
	if !strings.Contains(out, "6 added, 3 removed (1 without a redirect), 2 changed\n") {
		t.Errorf("stdout is not diff's own lines:\n%s", out)
	}
	// diff's own lines: a URL's newline escaped, one line a URL.
	if !strings.Contains(out, "\n+ https://example.com/line\\n| injected | row |\n") {
		t.Errorf("a URL's newline is not escaped:\n%s", out)
	}
	data, err := os.ReadFile(summary)
	if err != nil {
		t.Fatal(err)
	}
	first, comments := string(data), g.Comments()
	if !strings.HasPrefix(first, reportMarker+"\n### Sitemap changes\n") || len(comments) != 151 || comments[150].Body+"\n" != first {
		t.Fatalf("the comment is not the summary's report:\n%s\n%d comments", first, len(comments))
	}
	if comments[3].Body != reportMarker+" mine" {
		t.Error("a person's comment was changed")
	}
	// The next run updates it: a URL more.
	os.WriteFile(new, bytes.Replace(must(os.ReadFile(new)), []byte("<url>"), []byte("<url><loc>https://example.com/more</loc></url>\n<url>"), 1), 0o644)
	g.Requests()
	diffRun(t, vars, "--summary", summary, "--comment", "--site", site, old, new)
	if comments = g.Comments(); len(comments) != 151 || !strings.Contains(comments[150].Body, "| added | 7 |") {
		t.Errorf("the comment is not updated: %d comments\n%s", len(comments), comments[150].Body)
	}
	requests, tokens := g.Requests()
	want := []string{"GET /repos/octo/site/issues/7/comments", "GET /repos/octo/site/issues/7/comments", "PATCH /repos/octo/site/issues/comments/1150"}
	if strings.Join(requests, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests:\n%s\nwant\n%s", strings.Join(requests, "\n"), strings.Join(want, "\n"))
	}
	for _, tok := range tokens {
		if tok != "Bearer ghs_test" {
			t.Errorf("Authorization %q", tok)
		}
	}
	if data, _ := os.ReadFile(summary); strings.Count(string(data), reportMarker) != 2 {
		t.Errorf("the summary does not hold both runs' reports:\n%s", data)
	}

	// A read-only token: 403. The summary says so, the status is diff's.
	g.Refuse(true)
	os.Remove(summary)
	code, _, errs = diffRun(t, vars, "--summary", summary, "--comment", "--site", site, old, new)
	if code != 1 {
		t.Errorf("exit %d on a 403, want diff's 1", code)
	}
	wantOutputs(t, errs, "sitemapgen: warning: the report is not written as a comment of pull request #7: GitHub answered PATCH /repos/octo/site/issues/comments/1150 with 403: Resource not accessible by integration; give the workflow permissions: pull-requests: write")
	data, _ = os.ReadFile(summary)
	wantOutputs(t, string(data), "| added | 7 |", "\n> This report is not a comment of the pull request: GitHub refused the workflow's token (403). Give the workflow `permissions: pull-requests: write`; a pull request from a fork gets a read-only token.\n")

	// Not a pull request's run: the summary alone.
	os.Remove(summary)
	push := filepath.Join(t.TempDir(), "push.json")
	os.WriteFile(push, []byte(`{"ref":"refs/heads/main"}`), 0o644)
	g.Requests()
	code, _, errs = diffRun(t, append(vars, "GITHUB_EVENT_PATH="+push, "GITHUB_EVENT_NAME=push"), "--summary", summary, "--comment", new, new)
	if requests, _ := g.Requests(); code != 0 || len(requests) != 0 {
		t.Errorf("exit %d, %d requests", code, len(requests))
	}
	wantOutputs(t, errs, `sitemapgen: no comment: the run is not for a pull request (GITHUB_EVENT_NAME "push")`)
	if data, _ := os.ReadFile(summary); !strings.Contains(string(data), "No URL added, removed or changed.") {
		t.Errorf("summary:\n%s", data)
	}
}

// The token goes to the API's host alone: a Link header's next page on
// another host is not followed.
func TestDiffCommentStaysOnTheAPIHost(t *testing.T) {
	_, new, _ := hostileSets(t)
	var elsewhere []string
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere = append(elsewhere, r.Header.Get("Authorization"))
		io.WriteString(w, "[]")
	}))
	defer other.Close()
	var posted int
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			posted++
			io.WriteString(w, `{"html_url":"https://github.com/octo/site/pull/7#issuecomment-1"}`)
			return
		}
		w.Header().Set("Link", `<`+other.URL+`/repos/octo/site/issues/7/comments?page=2>; rel="next"`)
		io.WriteString(w, "[]")
	}))
	defer api.Close()
	code, _, errs := diffRun(t, prVars(t, api.URL), "--comment", new, new)
	if code != 0 || posted != 1 || len(elsewhere) != 0 {
		t.Errorf("exit %d, %d posted, %d requests elsewhere (%q)\n%s", code, posted, len(elsewhere), elsewhere, errs)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func wantOutputs(t *testing.T, out string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(out, p) {
			t.Errorf("output lacks %q:\n%s", p, out)
		}
	}
}
