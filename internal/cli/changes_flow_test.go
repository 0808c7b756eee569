package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestChangesSubmitFlow runs what a CI job runs, three times: a build that
// writes the changes file and the key file, then submit to a loopback
// IndexNow endpoint. The endpoint gets exactly the URLs added and changed,
// never the removed or excluded ones, and nothing when nothing changed.
func TestChangesSubmitFlow(t *testing.T) {
	dir := t.TempDir()
	site := filepath.Join(dir, "site")
	changesFile := filepath.Join(dir, ".sitemapgen", "changes.txt")
	setPage := func(name, body string, mtime time.Time) {
		t.Helper()
		path := filepath.Join(site, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	day := func(d int) time.Time { return time.Date(2024, 3, d, 9, 0, 0, 0, time.UTC) }
	srv := newSubmitServer(t)
	env := map[string]string{"INDEXNOW_KEY": submitTestKey, "INDEXNOW_ENDPOINT": srv.endpoint}
	getenv := func(k string) string { return env[k] }
	round := func(wantSent []string) {
		t.Helper()
		var stderr bytes.Buffer
		code := Main(context.Background(), []string{site, "--base-url", "https://example.com/", "--changes", changesFile, "--key-file", "--lastmod-sources", "mtime"}, &bytes.Buffer{}, &stderr, getenv)
		if code != 0 {
			t.Fatalf("build: exit %d\n%s", code, stderr.String())
		}
		if key, err := os.ReadFile(filepath.Join(site, submitTestKey+".txt")); err != nil || string(key) != submitTestKey+"\n" {
			t.Fatalf("key file: %q, %v", key, err)
		}
		before := len(srv.received())
		r := submitRun(t, env, "--changes", changesFile, "--base-url", "https://example.com/")
		if r.code != 0 {
			t.Fatalf("submit: exit %d\n%s", r.code, r.stderr)
		}
		ps := srv.payloads(t)[before:]
		if len(wantSent) == 0 {
			if len(ps) != 0 {
				t.Fatalf("nothing changed, yet %d requests", len(ps))
			}
			return
		}
		if len(ps) != 1 {
			t.Fatalf("%d requests, want 1", len(ps))
		}
		p := ps[0]
		if p.Host != "example.com" || p.Key != submitTestKey || p.KeyLocation != "https://example.com/"+submitTestKey+".txt" {
			t.Errorf("payload host %q key %q keyLocation %q", p.Host, p.Key, p.KeyLocation)
		}
		got := slices.Clone(p.URLList)
		slices.Sort(got)
		if !slices.Equal(got, wantSent) {
			t.Errorf("sent %q, want %q", got, wantSent)
		}
	}

	// 1: a new site: every URL.
	setPage("index.html", "<title>home</title>", day(1))
	setPage("a.html", "<title>a</title>", day(1))
	setPage("b/index.html", "<title>b</title>", day(1))
	round([]string{"https://example.com/", "https://example.com/a.html", "https://example.com/b/"})

	// 2: a edited, b removed, c added, a noindex page added.
	setPage("a.html", "<title>a</title><p>edited", day(2))
	if err := os.RemoveAll(filepath.Join(site, "b")); err != nil {
		t.Fatal(err)
	}
	setPage("c.html", "<title>c</title>", day(2))
	setPage("private.html", `<title>p</title><meta name="robots" content="noindex">`, day(2))
	round([]string{"https://example.com/a.html", "https://example.com/c.html"})

	// 3: nothing changed.
	round(nil)
}
