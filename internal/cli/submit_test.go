package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/indexnow"
)

// The tests of sitemapgen submit run against loopback servers; none
// contacts the internet: submitRun points INDEXNOW_ENDPOINT at a closed
// loopback port unless a test gives its own endpoint.

const submitTestKey = "f6c5e4d3b2a1f6c5e4d3b2a1f6c5e4d3"

// submitAnswer is what a submitServer says to one request.
type submitAnswer struct {
	code       int
	body       string
	retryAfter string
}

// submitServer is a loopback IndexNow endpoint giving its answers in turn
// (the last one again and again) and recording the bodies it got.
type submitServer struct {
	*httptest.Server
	endpoint string
	mu       sync.Mutex
	answers  []submitAnswer
	bodies   [][]byte
	types    []string
}

func newSubmitServer(t *testing.T, answers ...submitAnswer) *submitServer {
	t.Helper()
	if len(answers) == 0 {
		answers = []submitAnswer{{code: 200}}
	}
	s := &submitServer{answers: answers}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		if r.Method != http.MethodPost || r.URL.Path != "/indexnow" {
			s.mu.Unlock()
			t.Errorf("request %s %s, want POST /indexnow", r.Method, r.URL.Path)
			w.WriteHeader(http.StatusNotFound)
			return
		}
		s.bodies = append(s.bodies, body)
		s.types = append(s.types, r.Header.Get("Content-Type"))
		a := s.answers[min(len(s.bodies), len(s.answers))-1]
		s.mu.Unlock()
		if a.retryAfter != "" {
			w.Header().Set("Retry-After", a.retryAfter)
		}
		w.WriteHeader(a.code)
		io.WriteString(w, a.body)
	}))
	s.endpoint = s.URL + "/indexnow"
	t.Cleanup(s.Close)
	return s
}

func (s *submitServer) received() [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.bodies)
}

func (s *submitServer) payloads(t *testing.T) []indexnow.Payload {
	t.Helper()
	var ps []indexnow.Payload
	for i, b := range s.received() {
		var p indexnow.Payload
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&p); err != nil {
			t.Fatalf("request %d: not an IndexNow body: %v\n%s", i+1, err, b)
		}
		ps = append(ps, p)
	}
	return ps
}

// submitResult is the outcome of one runSubmit.
type submitResult struct {
	code           int
	stdout, stderr string
	waits          []time.Duration
}

// submitRun runs "sitemapgen submit ARGS..." with env as the whole environment, recording
// the waits between retries instead of waiting.
func submitRun(t *testing.T, env map[string]string, args ...string) submitResult {
	t.Helper()
	var r submitResult
	var mu sync.Mutex
	old := submitSleep
	submitSleep = func(ctx context.Context, d time.Duration) error {
		mu.Lock()
		r.waits = append(r.waits, d)
		mu.Unlock()
		return ctx.Err()
	}
	defer func() { submitSleep = old }()
	getenv := func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		if k == "INDEXNOW_ENDPOINT" {
			return "http://127.0.0.1:1/indexnow" // never the real one
		}
		return ""
	}
	var stdout, stderr bytes.Buffer
	r.code = Main(context.Background(), append([]string{"submit"}, args...), &stdout, &stderr, getenv)
	r.stdout, r.stderr = stdout.String(), stderr.String()
	return r
}

// keyEnv is an environment with the test key.
func keyEnv() map[string]string { return map[string]string{"INDEXNOW_KEY": submitTestKey} }

// writeChanges writes a changes file of lines and returns its path.
func writeChanges(t *testing.T, lines ...string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "changes.txt")
	if err := os.WriteFile(name, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

func (r submitResult) want(t *testing.T, code int, stderr ...string) {
	t.Helper()
	if r.code != code {
		t.Errorf("exit status %d, want %d\nstderr:\n%s", r.code, code, r.stderr)
	}
	for _, s := range stderr {
		if !strings.Contains(r.stderr, s) {
			t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
		}
	}
}

// lastLine is the last line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// TestSubmitBatches: 25,001 added or changed URLs at the default batch
// size go in 3 requests of 10,000, 10,000 and 5,001, in order, with the
// removed URL left out and counted.
func TestSubmitBatches(t *testing.T) {
	srv := newSubmitServer(t)
	var lines, want []string
	for i := range 25001 {
		op := "+"
		if i == 12345 {
			op = "~"
		}
		u := fmt.Sprintf("https://example.com/p/%d/", i)
		lines = append(lines, op+" "+u)
		want = append(want, u)
		if i == 5 {
			lines = append(lines, "- https://example.com/gone/")
		}
	}
	changes := writeChanges(t, lines...)
	r := submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv.endpoint)
	r.want(t, 0)
	wantLine := "sitemapgen: submitted 25001 URLs (25000 added, 1 changed) to " + srv.endpoint + " in 3 requests; 1 removed URL left out (--include-removed submits them)"
	if got := lastLine(r.stderr); got != wantLine {
		t.Errorf("summary %q\nwant    %q", got, wantLine)
	}
	ps := srv.payloads(t)
	if len(ps) != 3 {
		t.Fatalf("%d requests, want 3", len(ps))
	}
	var sent []string
	for i, p := range ps {
		if p.Host != "example.com" {
			t.Errorf("request %d: host %q", i+1, p.Host)
		}
		if p.Key != submitTestKey {
			t.Errorf("request %d: key %q", i+1, p.Key)
		}
		if p.KeyLocation != "https://example.com/"+submitTestKey+".txt" {
			t.Errorf("request %d: keyLocation %q", i+1, p.KeyLocation)
		}
		if n := []int{10000, 10000, 5001}[i]; len(p.URLList) != n {
			t.Errorf("request %d: %d URLs, want %d", i+1, len(p.URLList), n)
		}
		if srv.types[i] != "application/json; charset=utf-8" {
			t.Errorf("request %d: Content-Type %q", i+1, srv.types[i])
		}
		sent = append(sent, p.URLList...)
	}
	if !slices.Equal(sent, want) {
		t.Error("the URLs sent are not the added and changed URLs of the file, in order")
	}
	if len(r.waits) != 0 {
		t.Errorf("waited %v", r.waits)
	}
}

// TestSubmitRetries: 429 with Retry-After: 7, then 503, then 200: the
// URLs are accepted at the third attempt, after 7s and then the 2s of the
// backoff.
func TestSubmitRetries(t *testing.T) {
	srv := newSubmitServer(t,
		submitAnswer{code: 429, body: "Too many requests", retryAfter: "7"},
		submitAnswer{code: 503, body: "busy"},
		submitAnswer{code: 200},
	)
	changes := writeChanges(t, "+ https://example.com/a", "~ https://example.com/b")
	r := submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv.endpoint)
	r.want(t, 0,
		"sitemapgen: request 1 of 1: 429 Too Many Requests; retry 1 of 5 in 7s (Retry-After)\n",
		"sitemapgen: request 1 of 1: 503 Service Unavailable; retry 2 of 5 in 2s\n",
	)
	if want := "sitemapgen: submitted 2 URLs (1 added, 1 changed) to " + srv.endpoint + " in 1 request"; lastLine(r.stderr) != want {
		t.Errorf("summary %q, want %q", lastLine(r.stderr), want)
	}
	if got := srv.received(); len(got) != 3 || !bytes.Equal(got[0], got[2]) {
		t.Errorf("%d requests, want 3 of one body", len(got))
	}
	if want := []time.Duration{7 * time.Second, 2 * time.Second}; !slices.Equal(r.waits, want) {
		t.Errorf("waits %v, want %v", r.waits, want)
	}
}

func TestSubmitRetriesExhausted(t *testing.T) {
	srv := newSubmitServer(t, submitAnswer{code: 503, body: "Service Unavailable: maintenance"})
	changes := writeChanges(t, "+ https://example.com/a")
	r := submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv.endpoint, "--retries", "2")
	r.want(t, 1, "sitemapgen: IndexNow endpoint "+srv.endpoint+" answered 503 Service Unavailable to request 1 of 1 (after 3 attempts)",
		"the server said: Service Unavailable: maintenance")
	if n := len(srv.received()); n != 3 {
		t.Errorf("%d requests, want 3", n)
	}
	if want := []time.Duration{time.Second, 2 * time.Second}; !slices.Equal(r.waits, want) {
		t.Errorf("waits %v, want %v", r.waits, want)
	}
	if strings.Contains(r.stderr, "submitted") {
		t.Errorf("a failure says submitted:\n%s", r.stderr)
	}

	// --retries 0: one attempt.
	srv2 := newSubmitServer(t, submitAnswer{code: 500})
	r = submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv2.endpoint, "--retries", "0")
	r.want(t, 1, "500 Internal Server Error")
	if n := len(srv2.received()); n != 1 || len(r.waits) != 0 {
		t.Errorf("--retries 0: %d requests, waits %v", n, r.waits)
	}
}

// TestSubmitRefused: a 403, a 422 (key mismatch) and a 400 stop at once,
// after one request, quoting the status, its meaning and the message.
func TestSubmitRefused(t *testing.T) {
	for _, tc := range []struct {
		code int
		body string
		want []string
	}{
		{403, `{"code":"UserForbiddedToAccessSite","message":"User is unauthorized to access the site. Please verify the site using the key and try again."}` + "\n",
			[]string{"answered 403 Forbidden to request 1 of 1: the key is not valid (key file not found at keyLocation, or its content differs)",
				`the server said: {"code":"UserForbiddedToAccessSite","message":"User is unauthorized to access the site. Please verify the site using the key and try again."}` + "\n"}},
		{422, "Key mismatch: the key file content does not match the key",
			[]string{"answered 422 Unprocessable Entity to request 1 of 1: the URLs do not belong to host, or the key does not match the key file",
				"the server said: Key mismatch: the key file content does not match the key\n"}},
		{400, "Invalid format",
			[]string{"answered 400 Bad Request to request 1 of 1: bad request", "the server said: Invalid format\n"}},
	} {
		srv := newSubmitServer(t, submitAnswer{code: tc.code, body: tc.body})
		changes := writeChanges(t, "+ https://example.com/a", "+ https://example.com/b")
		r := submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv.endpoint)
		r.want(t, 1, tc.want...)
		if n := len(srv.received()); n != 1 || len(r.waits) != 0 {
			t.Errorf("%d: %d requests, waits %v; want 1 request, no retry", tc.code, n, r.waits)
		}
	}
}

// TestSubmitPartialFailure: batches accepted before a failure are counted.
func TestSubmitPartialFailure(t *testing.T) {
	srv := newSubmitServer(t, submitAnswer{code: 200}, submitAnswer{code: 403, body: "key not found"})
	changes := writeChanges(t, "+ https://example.com/1", "+ https://example.com/2", "+ https://example.com/3", "+ https://example.com/4", "+ https://example.com/5")
	r := submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv.endpoint, "--batch", "2")
	r.want(t, 1, "sitemapgen: request 1 of 3: 2 URLs accepted (200 OK)\n",
		"to request 2 of 3: the key is not valid", "the server said: key not found\n",
		"sitemapgen: 2 URLs in 1 request accepted before that; the other 3 were not submitted\n")
	if n := len(srv.received()); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}
}

func TestSubmitPending(t *testing.T) {
	srv := newSubmitServer(t, submitAnswer{code: 202})
	changes := writeChanges(t, "+ https://example.com/a")
	r := submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv.endpoint)
	r.want(t, 0, "sitemapgen: request 1 of 1: 202 Accepted: the URLs were received, but the key is not validated yet; the engines will fetch https://example.com/"+submitTestKey+".txt",
		"sitemapgen: submitted 1 URL (1 added, 0 changed)")
}

// TestSubmitDryRun: nothing reaches the server, and the JSON printed is
// the body a real run sends.
func TestSubmitDryRun(t *testing.T) {
	srv := newSubmitServer(t)
	changes := writeChanges(t, "+ https://example.com/a?x=1&y=2", "~ https://example.com/b", "- https://example.com/c")
	r := submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv.endpoint, "--dry-run")
	r.want(t, 0, "sitemapgen: dry run: would submit 2 URLs (1 added, 1 changed) to "+srv.endpoint+" in 1 request; 1 removed URL left out (--include-removed submits them); nothing sent\n")
	if n := len(srv.received()); n != 0 {
		t.Fatalf("a dry run sent %d requests", n)
	}
	head := "# request 1 of 1: 2 URLs\nPOST " + srv.endpoint + "\nContent-Type: application/json; charset=utf-8\n"
	if !strings.HasPrefix(r.stdout, head) {
		t.Errorf("stdout:\n%s\nwant it to start\n%s", r.stdout, head)
	}
	i := strings.Index(r.stdout, "\n\n{")
	if i < 0 {
		t.Fatalf("no JSON body in\n%s", r.stdout)
	}
	var printed bytes.Buffer
	if err := json.Compact(&printed, []byte(r.stdout[i+2:])); err != nil {
		t.Fatalf("printed body: %v\n%s", err, r.stdout)
	}
	if !strings.Contains(r.stdout, "\n  \"urlList\": [\n    \"https://example.com/a?x=1&y=2\",\n") {
		t.Errorf("the body is not printed indented:\n%s", r.stdout)
	}

	r = submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv.endpoint)
	r.want(t, 0)
	got := srv.received()
	if len(got) != 1 || !bytes.Equal(got[0], printed.Bytes()) {
		t.Errorf("sent %q\nprinted %q", got, printed.Bytes())
	}
}

// TestSubmitNothing: a change set with no added or changed URL sends
// nothing and exits 0.
func TestSubmitNothing(t *testing.T) {
	srv := newSubmitServer(t)
	for _, tc := range []struct {
		lines []string
		want  string
	}{
		{nil, "sitemapgen: nothing to submit (no URL added or changed)\n"},
		{[]string{"# no change"}, "sitemapgen: nothing to submit (no URL added or changed)\n"},
		{[]string{"- https://example.com/a", "- https://example.com/b"}, "sitemapgen: nothing to submit (no URL added or changed; 2 removed URLs left out (--include-removed submits them))\n"},
	} {
		changes := writeChanges(t, tc.lines...)
		for _, dry := range []string{"--dry-run=false", "--dry-run"} {
			r := submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv.endpoint, dry)
			r.want(t, 0)
			if r.stderr != tc.want || r.stdout != "" {
				t.Errorf("%q %s: stderr %q stdout %q, want %q", tc.lines, dry, r.stderr, r.stdout, tc.want)
			}
		}
	}
	if n := len(srv.received()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

// TestSubmitRemoved: removed URLs are left out unless --include-removed.
func TestSubmitRemoved(t *testing.T) {
	srv := newSubmitServer(t)
	changes := writeChanges(t, "+ https://example.com/new", "- https://example.com/old", "~ https://example.com/changed",
		"+ https://example.com/new") // a URL twice is sent once
	r := submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv.endpoint)
	r.want(t, 0, "submitted 2 URLs (1 added, 1 changed) to "+srv.endpoint+" in 1 request; 1 removed URL left out (--include-removed submits them)\n")
	r = submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv.endpoint, "--include-removed")
	r.want(t, 0, "submitted 3 URLs (1 added, 1 changed, 1 removed) to "+srv.endpoint+" in 1 request\n")
	ps := srv.payloads(t)
	if len(ps) != 2 {
		t.Fatalf("%d requests, want 2", len(ps))
	}
	if want := []string{"https://example.com/new", "https://example.com/changed"}; !slices.Equal(ps[0].URLList, want) {
		t.Errorf("without --include-removed: %q, want %q", ps[0].URLList, want)
	}
	if want := []string{"https://example.com/new", "https://example.com/old", "https://example.com/changed"}; !slices.Equal(ps[1].URLList, want) {
		t.Errorf("with --include-removed: %q, want %q", ps[1].URLList, want)
	}
}

// TestSubmitOtherHost: a URL that is not on the site's host is refused,
// by name, before any request.
func TestSubmitOtherHost(t *testing.T) {
	srv := newSubmitServer(t)
	changes := writeChanges(t, "+ https://example.com/a", "+ https://other.org/b", "~ /relative")
	r := submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv.endpoint, "--base-url", "https://example.com/")
	r.want(t, 2, "sitemapgen: 2 URLs cannot be submitted for host example.com, so nothing was sent: https://other.org/b (not on host example.com); /relative (not an absolute http or https URL)\n")

	// Without a base URL, the URLs must share a host.
	r = submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv.endpoint)
	r.want(t, 2, "sitemapgen: the URLs of "+changes+" are on 2 hosts (example.com, other.org): give --base-url")

	// A URL outside the base URL's folder is outside the key file's.
	changes = writeChanges(t, "+ https://example.com/docs/a", "+ https://example.com/blog/b")
	r = submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv.endpoint, "--base-url", "https://example.com/docs")
	r.want(t, 2, "https://example.com/blog/b (outside /docs/, the folder of the key file https://example.com/docs/"+submitTestKey+".txt")
	if n := len(srv.received()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

// TestSubmitKeySources: the key comes from --key-from (trimmed), else from
// INDEXNOW_KEY; the key location from --key-location, else the base URL;
// the endpoint from --endpoint, else INDEXNOW_ENDPOINT.
func TestSubmitKeySources(t *testing.T) {
	srv := newSubmitServer(t)
	changes := writeChanges(t, "+ https://example.com/docs/a", "+ http://example.com/docs/b")
	keyFile := filepath.Join(t.TempDir(), "key.txt")
	fileKey := "Key-From-File-0001"
	if err := os.WriteFile(keyFile, []byte("  "+fileKey+"\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"INDEXNOW_KEY": " " + submitTestKey + "\n", "INDEXNOW_ENDPOINT": srv.endpoint}

	submitRun(t, env, "--changes", changes).want(t, 0, "to "+srv.endpoint+" in 1 request")
	submitRun(t, env, "--changes", changes, "--key-from", keyFile, "--base-url", "https://EXAMPLE.com/docs/").want(t, 0)
	submitRun(t, env, "--changes", changes, "--key-location", "https://example.com/docs/indexnow.txt").want(t, 0)
	env["SITEMAP_BASE_URL"] = "https://example.com/docs/"
	submitRun(t, env, "--changes", changes).want(t, 0)

	ps := srv.payloads(t)
	if len(ps) != 4 {
		t.Fatalf("%d requests, want 4", len(ps))
	}
	for i, want := range []indexnow.Payload{
		{Host: "example.com", Key: submitTestKey, KeyLocation: "https://example.com/" + submitTestKey + ".txt"},
		{Host: "example.com", Key: fileKey, KeyLocation: "https://example.com/docs/" + fileKey + ".txt"},
		{Host: "example.com", Key: submitTestKey, KeyLocation: "https://example.com/docs/indexnow.txt"},
		{Host: "example.com", Key: submitTestKey, KeyLocation: "https://example.com/docs/" + submitTestKey + ".txt"},
	} {
		p := ps[i]
		if p.Host != want.Host || p.Key != want.Key || p.KeyLocation != want.KeyLocation || len(p.URLList) != 2 {
			t.Errorf("request %d: %+v, want %+v", i+1, p, want)
		}
	}
}

// TestSubmitBadKeys: no key, or one that is not an IndexNow key, is a
// configuration error, and nothing is sent.
func TestSubmitBadKeys(t *testing.T) {
	srv := newSubmitServer(t)
	changes := writeChanges(t, "+ https://example.com/a")
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bad := write("bad.txt", "not_a_valid_key\n")
	empty := write("empty.txt", "\n")
	huge := write("huge.txt", strings.Repeat("a", 1<<20))
	fifo := filepath.Join(dir, "fifo.txt")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		env  map[string]string
		args []string
		want string
	}{
		{nil, nil, "sitemapgen: no IndexNow key: set INDEXNOW_KEY (in CI, from a secret) or give --key-from FILE"},
		{map[string]string{"INDEXNOW_KEY": "  "}, nil, "no IndexNow key: set INDEXNOW_KEY"},
		{map[string]string{"INDEXNOW_KEY": "short"}, nil, "sitemapgen: INDEXNOW_KEY: an IndexNow key is 8 to 128 characters of a-z, A-Z, 0-9 and -; this one has 5"},
		{map[string]string{"INDEXNOW_KEY": strings.Repeat("a", 129)}, nil, "this one has 129"},
		{keyEnv(), []string{"--key-from", bad}, "sitemapgen: --key-from " + bad + ": an IndexNow key is 8 to 128 characters of a-z, A-Z, 0-9 and -; character 4 of this one is '_'"},
		{keyEnv(), []string{"--key-from", empty}, "the file is empty"},
		{keyEnv(), []string{"--key-from", filepath.Join(dir, "missing.txt")}, "sitemapgen: --key-from: open "},
		// Read to a bound: a key file is a line.
		{keyEnv(), []string{"--key-from", huge}, huge + ": larger than 4096 bytes (a key file holds one key)"},
		{keyEnv(), []string{"--key-from", fifo}, "not a regular file (a FIFO)"},
	} {
		r := submitRun(t, tc.env, append([]string{"--changes", changes, "--endpoint", srv.endpoint}, tc.args...)...)
		r.want(t, 2, tc.want)
		if strings.Contains(r.stderr, "not_a_valid_key") {
			t.Errorf("the key is repeated: %s", r.stderr)
		}
	}
	if n := len(srv.received()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

// TestSubmitChangesFile: a malformed changes file names file:line, a
// missing one says to build with --changes.
func TestSubmitChangesFile(t *testing.T) {
	srv := newSubmitServer(t)
	changes := writeChanges(t, "# sitemapgen changes", "+ https://example.com/a", "* https://example.com/b")
	r := submitRun(t, keyEnv(), "--changes", changes, "--endpoint", srv.endpoint)
	r.want(t, 2, changes+`:3: want "+ URL" (added), "~ URL" (changed) or "- URL" (removed); got "* https://example.com/b"`)

	missing := filepath.Join(t.TempDir(), "none.txt")
	r = submitRun(t, keyEnv(), "--changes", missing, "--endpoint", srv.endpoint)
	r.want(t, 2, missing+": no changes file; build with --changes "+missing+" first")

	t.Chdir(t.TempDir())
	r = submitRun(t, keyEnv(), "--endpoint", srv.endpoint)
	r.want(t, 2, ".sitemapgen/changes.txt: no changes file; build with --changes .sitemapgen/changes.txt first")
	if err := os.Mkdir(".sitemapgen", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(".sitemapgen/changes.txt", []byte("~ https://example.com/x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = submitRun(t, keyEnv(), "--endpoint", srv.endpoint)
	r.want(t, 0, "submitted 1 URL (0 added, 1 changed)")
	if n := len(srv.received()); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}

	// A changes file is read to a bound, and only a regular one.
	old := maxChangesBytes
	maxChangesBytes = 64
	t.Cleanup(func() { maxChangesBytes = old })
	big := writeChanges(t, "+ https://example.com/a", "+ https://example.com/b", "+ https://example.com/c")
	r = submitRun(t, keyEnv(), "--changes", big, "--endpoint", srv.endpoint)
	r.want(t, 1, big+": larger than 64 bytes")
	fifo := filepath.Join(t.TempDir(), "fifo.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	r = submitRun(t, keyEnv(), "--changes", fifo, "--endpoint", srv.endpoint)
	r.want(t, 1, "not a regular file (a FIFO)")
	if n := len(srv.received()); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

// The base URL named on the changes file's first line gives the key's
// location, under a path: a GitHub Pages project site.
func TestSubmitBaseURLFromFile(t *testing.T) {
	srv := newSubmitServer(t)
	path := writeChanges(t, "# base_url: https://user.github.io/repo/", "+ https://user.github.io/repo/a/")
	env := map[string]string{"INDEXNOW_KEY": submitTestKey, "INDEXNOW_ENDPOINT": srv.endpoint}
	r := submitRun(t, env, "--changes", path)
	r.want(t, 0)
	ps := srv.payloads(t)
	if len(ps) != 1 || ps[0].KeyLocation != "https://user.github.io/repo/"+submitTestKey+".txt" || ps[0].Host != "user.github.io" {
		t.Fatalf("payloads %+v", ps)
	}
	// --base-url wins.
	r = submitRun(t, env, "--changes", path, "--base-url", "https://user.github.io/")
	r.want(t, 0)
	if ps := srv.payloads(t); len(ps) != 2 || ps[1].KeyLocation != "https://user.github.io/"+submitTestKey+".txt" {
		t.Fatalf("payloads %+v", ps)
	}
}
