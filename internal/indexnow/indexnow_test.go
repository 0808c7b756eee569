package indexnow

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

const testKey = "0123456789abcdef0123456789abcdef"

// answer is what the test server says to one request.
type answer struct {
	code       int
	body       string
	retryAfter string
}

// received is a request the test server got.
type received struct {
	method, path, contentType string
	body                      []byte
}

// server is a loopback IndexNow endpoint that gives its answers in turn,
// the last one again and again, and records the requests.
type server struct {
	*httptest.Server
	mu      sync.Mutex
	answers []answer
	got     []received
}

func newServer(t *testing.T, answers ...answer) *server {
	t.Helper()
	if len(answers) == 0 {
		answers = []answer{{code: 200}}
	}
	s := &server{answers: answers}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		s.got = append(s.got, received{r.Method, r.URL.Path, r.Header.Get("Content-Type"), body})
		a := s.answers[min(len(s.got), len(s.answers))-1]
		s.mu.Unlock()
		if a.retryAfter != "" {
			w.Header().Set("Retry-After", a.retryAfter)
		}
		w.WriteHeader(a.code)
		io.WriteString(w, a.body)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *server) requests() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.got)
}

func (s *server) payloads(t *testing.T) []Payload {
	t.Helper()
	var ps []Payload
	for i, r := range s.requests() {
		var p Payload
		dec := json.NewDecoder(bytes.NewReader(r.body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&p); err != nil {
			t.Fatalf("request %d: body is not an IndexNow payload: %v\n%s", i+1, err, r.body)
		}
		ps = append(ps, p)
	}
	return ps
}

// waits records the waits of a Client's Sleep.
type waits struct {
	mu sync.Mutex
	d  []time.Duration
}

func (w *waits) sleep(ctx context.Context, d time.Duration) error {
	w.mu.Lock()
	w.d = append(w.d, d)
	w.mu.Unlock()
	return ctx.Err()
}

func (w *waits) all() []time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.d)
}

// client is a Client of s that never waits: Backoff gives retry
// milliseconds, recorded by w.
func client(s *server, w *waits) *Client {
	return &Client{
		Endpoint: s.URL + "/indexnow",
		HTTP:     s.Client(),
		Host:     "example.com",
		Key:      testKey,
		Backoff:  func(retry int) time.Duration { return time.Duration(retry) * time.Millisecond },
		Sleep:    w.sleep,
	}
}

func urls(n int) []string {
	u := make([]string, n)
	for i := range u {
		u[i] = fmt.Sprintf("https://example.com/page/%d/", i)
	}
	return u
}

func TestValidKey(t *testing.T) {
	for _, k := range []string{"abcd1234", "A-b-C-d-", strings.Repeat("x", 128), testKey} {
		if err := ValidKey(k); err != nil {
			t.Errorf("ValidKey(%q) = %v", k, err)
		}
	}
	for k, want := range map[string]string{
		"":                       "empty",
		"abc1234":                "this one has 7",
		strings.Repeat("x", 129): "this one has 129",
		"abcd_1234":              `character 5 of this one is '_'`,
		"abcd 1234":              `character 5 of this one is ' '`,
		"abcdé1234":              `character 5 of this one is 'é'`,
		"abcd1234\n":             `character 9 of this one is '\n'`,
	} {
		err := ValidKey(k)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "8 to 128 characters") {
			t.Errorf("ValidKey(%q) = %v, want %q", k, err, want)
		}
	}
}

// TestSubmitBatches: 25,001 URLs go in 3 requests of 10,000, 10,000 and
// 5,001, in order, each body complete.
func TestSubmitBatches(t *testing.T) {
	s := newServer(t)
	var w waits
	c := client(s, &w)
	all := urls(25001)
	res, err := c.Submit(context.Background(), all)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Result{Requests: 3, URLs: 25001, Attempts: 3}); res != want {
		t.Errorf("result %+v, want %+v", res, want)
	}
	reqs := s.requests()
	ps := s.payloads(t)
	if len(ps) != 3 {
		t.Fatalf("%d requests, want 3", len(ps))
	}
	var sent []string
	for i, p := range ps {
		if reqs[i].method != http.MethodPost || reqs[i].path != "/indexnow" || reqs[i].contentType != ContentType {
			t.Errorf("request %d: %s %s, Content-Type %q", i+1, reqs[i].method, reqs[i].path, reqs[i].contentType)
		}
		if p.Host != "example.com" || p.Key != testKey || p.KeyLocation != "https://example.com/"+testKey+".txt" {
			t.Errorf("request %d: host %q key %q keyLocation %q", i+1, p.Host, p.Key, p.KeyLocation)
		}
		if want := []int{10000, 10000, 5001}[i]; len(p.URLList) != want {
			t.Errorf("request %d: %d URLs, want %d", i+1, len(p.URLList), want)
		}
		sent = append(sent, p.URLList...)
	}
	if !slices.Equal(sent, all) {
		t.Error("the URLs sent are not the URLs given, in order")
	}
	if len(w.all()) != 0 {
		t.Errorf("waited %v without a retry", w.all())
	}
}

func TestSubmitBatchSize(t *testing.T) {
	s := newServer(t)
	c := client(s, &waits{})
	c.BatchSize = 3
	var log bytes.Buffer
	c.Log = &log
	if _, err := c.Submit(context.Background(), urls(7)); err != nil {
		t.Fatal(err)
	}
	var sizes []int
	for _, p := range s.payloads(t) {
		sizes = append(sizes, len(p.URLList))
	}
	if !slices.Equal(sizes, []int{3, 3, 1}) {
		t.Errorf("batches %v, want [3 3 1]", sizes)
	}
	if !strings.Contains(log.String(), "request 3 of 3: 1 URL accepted (200 OK)") {
		t.Errorf("log:\n%s", log.String())
	}
	for _, n := range []int{-1, MaxBatch + 1} {
		c.BatchSize = n
		if _, err := c.Submit(context.Background(), urls(1)); err == nil || !strings.Contains(err.Error(), "1 to 10000") {
			t.Errorf("BatchSize %d: %v", n, err)
		}
	}
	if len(s.requests()) != 3 {
		t.Errorf("%d requests, want 3 (a bad batch size sends nothing)", len(s.requests()))
	}
}

// TestSubmitRetries: 429 with Retry-After, then 503, then 200: accepted at
// the third attempt, after waiting what Retry-After says, then the backoff.
func TestSubmitRetries(t *testing.T) {
	s := newServer(t,
		answer{code: 429, body: "slow down", retryAfter: "7"},
		answer{code: 503, body: "busy"},
		answer{code: 200},
	)
	var w waits
	c := client(s, &w)
	var log bytes.Buffer
	c.Log = &log
	res, err := c.Submit(context.Background(), urls(2))
	if err != nil {
		t.Fatal(err)
	}
	if want := (Result{Requests: 1, URLs: 2, Attempts: 3}); res != want {
		t.Errorf("result %+v, want %+v", res, want)
	}
	if got, want := w.all(), []time.Duration{7 * time.Second, 2 * time.Millisecond}; !slices.Equal(got, want) {
		t.Errorf("waits %v, want %v", got, want)
	}
	reqs := s.requests()
	if len(reqs) != 3 || !bytes.Equal(reqs[0].body, reqs[2].body) || !bytes.Equal(reqs[1].body, reqs[2].body) {
		t.Errorf("%d requests; want 3 with the same body", len(reqs))
	}
	for _, want := range []string{
		"request 1 of 1: 429 Too Many Requests; retry 1 of 5 in 7s (Retry-After)",
		"request 1 of 1: 503 Service Unavailable; retry 2 of 5 in 2ms",
	} {
		if !strings.Contains(log.String(), want+"\n") {
			t.Errorf("log lacks %q:\n%s", want, log.String())
		}
	}
}

func TestSubmitRetriesExhausted(t *testing.T) {
	s := newServer(t, answer{code: 503, body: "down for maintenance"})
	var w waits
	c := client(s, &w)
	c.MaxRetries = 2
	res, err := c.Submit(context.Background(), urls(3))
	var se *StatusError
	if !errors.As(err, &se) {
		t.Fatalf("error %v, want a *StatusError", err)
	}
	if se.Code != 503 || se.Attempts != 3 || se.Message != "down for maintenance" {
		t.Errorf("%+v", se)
	}
	for _, want := range []string{"answered 503 Service Unavailable to request 1 of 1 (after 3 attempts)", "server error", "the server said: down for maintenance"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if len(s.requests()) != 3 || res.Attempts != 3 || res.Requests != 0 || res.URLs != 0 {
		t.Errorf("%d requests, result %+v; want 3 attempts, nothing accepted", len(s.requests()), res)
	}
	if got := w.all(); !slices.Equal(got, []time.Duration{time.Millisecond, 2 * time.Millisecond}) {
		t.Errorf("waits %v", got)
	}

	// No retries at all.
	s2 := newServer(t, answer{code: 500})
	c2 := client(s2, &w)
	c2.MaxRetries = -1
	if _, err := c2.Submit(context.Background(), urls(1)); err == nil || len(s2.requests()) != 1 {
		t.Errorf("MaxRetries -1: %v after %d requests, want an error after 1", err, len(s2.requests()))
	}
}

func TestSubmitRetryAfterTooLong(t *testing.T) {
	s := newServer(t, answer{code: 429, retryAfter: "3600"})
	var w waits
	_, err := client(s, &w).Submit(context.Background(), urls(1))
	if err == nil || !strings.Contains(err.Error(), "it asks to wait 1h0m0s (Retry-After)") {
		t.Errorf("error %v", err)
	}
	if len(s.requests()) != 1 || len(w.all()) != 0 {
		t.Errorf("%d requests, waits %v; want 1 and none", len(s.requests()), w.all())
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	for h, want := range map[string]time.Duration{
		"0":                             0,
		" 12 ":                          12 * time.Second,
		"Thu, 02 Jan 2025 03:05:05 GMT": time.Minute,
		"Thu, 02 Jan 2025 03:00:00 GMT": 0,
		"99999999999999999":             24 * time.Hour,
	} {
		if d, ok := retryAfter(h, now); !ok || d != want {
			t.Errorf("retryAfter(%q) = %v, %v; want %v", h, d, ok, want)
		}
	}
	for _, h := range []string{"", "-3", "soon", "1.5"} {
		if d, ok := retryAfter(h, now); ok {
			t.Errorf("retryAfter(%q) = %v, want none", h, d)
		}
	}
}

func TestDefaultBackoff(t *testing.T) {
	var got []time.Duration
	for i := 1; i <= 9; i++ {
		got = append(got, DefaultBackoff(i))
	}
	want := []time.Duration{1, 2, 4, 8, 16, 32, 60, 60, 60}
	for i := range want {
		want[i] *= time.Second
	}
	if !slices.Equal(got, want) {
		t.Errorf("DefaultBackoff(1..9) = %v, want %v", got, want)
	}
}

// TestSubmitStops: a 4xx other than 429 stops at once, quoting the status,
// its IndexNow meaning and the server's message.
func TestSubmitStops(t *testing.T) {
	for _, tc := range []struct {
		code      int
		body      string
		want      []string
		wantShort string
	}{
		{403, `{"code":"UserForbiddedToAccessSite","message":"User is unauthorized to access the site."}`,
			[]string{"answered 403 Forbidden to request 1 of 1: the key is not valid (key file not found at keyLocation, or its content differs)",
				`the server said: {"code":"UserForbiddedToAccessSite","message":"User is unauthorized to access the site."}`}, ""},
		{422, "Key mismatch\n",
			[]string{"answered 422 Unprocessable Entity", "the URLs do not belong to host, or the key does not match the key file", "the server said: Key mismatch"}, "Key mismatch"},
		{400, "", []string{"answered 400 Bad Request", "bad request", "the server sent no message"}, ""},
		{404, "<h1>Not Found</h1>", []string{"404 Not Found", "there is no IndexNow endpoint at this URL", "<h1>Not Found</h1>"}, ""},
	} {
		s := newServer(t, answer{code: tc.code, body: tc.body})
		var w waits
		res, err := client(s, &w).Submit(context.Background(), urls(5))
		var se *StatusError
		if !errors.As(err, &se) || se.Code != tc.code {
			t.Errorf("%d: error %v", tc.code, err)
			continue
		}
		for _, want := range tc.want {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%d: error %q lacks %q", tc.code, err, want)
			}
		}
		if tc.wantShort != "" && se.Message != tc.wantShort {
			t.Errorf("%d: message %q, want %q", tc.code, se.Message, tc.wantShort)
		}
		if n := len(s.requests()); n != 1 || len(w.all()) != 0 || res.Attempts != 1 {
			t.Errorf("%d: %d requests, waits %v; want one request and no retry", tc.code, n, w.all())
		}
	}
}

// TestSubmitPartial: when a later batch fails, the result counts the
// batches accepted before it.
func TestSubmitPartial(t *testing.T) {
	s := newServer(t, answer{code: 200}, answer{code: 202}, answer{code: 422, body: "URL not of host"})
	c := client(s, &waits{})
	c.BatchSize = 2
	res, err := c.Submit(context.Background(), urls(6))
	var se *StatusError
	if !errors.As(err, &se) || se.Request != 3 || se.Requests != 3 {
		t.Fatalf("error %v, want request 3 of 3 failing", err)
	}
	if want := (Result{Requests: 2, URLs: 4, Attempts: 3, Pending: true}); res != want {
		t.Errorf("result %+v, want %+v", res, want)
	}
}

func TestSubmitPending(t *testing.T) {
	s := newServer(t, answer{code: 202})
	c := client(s, &waits{})
	var log bytes.Buffer
	c.Log = &log
	res, err := c.Submit(context.Background(), urls(1))
	if err != nil || !res.Pending {
		t.Fatalf("%+v, %v; want Pending", res, err)
	}
	want := "request 1 of 1: 202 Accepted: the URLs were received, but the key is not validated yet; the engines will fetch https://example.com/" + testKey + ".txt, which must hold the key\n"
	if log.String() != want {
		t.Errorf("log %q, want %q", log.String(), want)
	}
}

func TestMessage(t *testing.T) {
	long := "\x1b[31mred\x1b[0m\n\t  error:\r\n" + strings.Repeat("é", 400) + "\u202eevil"
	m := message(strings.NewReader(long))
	if strings.ContainsAny(m, "\x1b\n\r\t\u202e") || strings.Contains(m, "  ") {
		t.Errorf("control characters or runs of spaces left in %q", m)
	}
	if !strings.HasPrefix(m, "[31mred [0m error: é") || !strings.HasSuffix(m, "…") || len(m) > maxMessage+len("…") {
		t.Errorf("message %q (%d bytes)", m, len(m))
	}
	if m := message(strings.NewReader("  ok \n")); m != "ok" {
		t.Errorf("message %q, want ok", m)
	}
}

// TestDryRun: a dry run sends nothing and prints each request; the JSON
// printed is the body a real run sends.
func TestDryRun(t *testing.T) {
	s := newServer(t)
	c := client(s, &waits{})
	c.BatchSize = 2
	c.UserAgent = "sitemapgen-test"
	var out bytes.Buffer
	c.DryRun = &out
	list := []string{"https://example.com/a?x=1&y=<2>", "https://example.com/b", "https://example.com/c"}
	res, err := c.Submit(context.Background(), list)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(s.requests()); n != 0 {
		t.Fatalf("a dry run sent %d requests", n)
	}
	if want := (Result{Requests: 2, URLs: 3}); res != want {
		t.Errorf("result %+v, want %+v", res, want)
	}
	parts := strings.Split(out.String(), "\n\n# request ")
	if len(parts) != 2 {
		t.Fatalf("want 2 requests printed:\n%s", out.String())
	}
	head := "# request 1 of 2: 2 URLs\nPOST " + c.Endpoint + "\nContent-Type: application/json; charset=utf-8\nUser-Agent: sitemapgen-test\n\n{\n  \"host\": \"example.com\",\n"
	if !strings.HasPrefix(parts[0], head) || !strings.HasPrefix(parts[1], "2 of 2: 1 URL\nPOST ") {
		t.Errorf("printed:\n%s", out.String())
	}
	var printed [][]byte
	for _, p := range parts {
		i := strings.Index(p, "\n\n{")
		var compact bytes.Buffer
		if err := json.Compact(&compact, []byte(p[i+2:])); err != nil {
			t.Fatalf("printed body is not JSON: %v\n%s", err, p)
		}
		printed = append(printed, compact.Bytes())
	}

	c.DryRun = nil
	if _, err := c.Submit(context.Background(), list); err != nil {
		t.Fatal(err)
	}
	reqs := s.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	for i := range reqs {
		if !bytes.Equal(printed[i], reqs[i].body) {
			t.Errorf("request %d: printed %s\nsent %s", i+1, printed[i], reqs[i].body)
		}
	}
	if !bytes.Contains(reqs[0].body, []byte(`"https://example.com/a?x=1&y=<2>"`)) {
		t.Errorf("body escapes HTML: %s", reqs[0].body)
	}
}

func TestSubmitEmpty(t *testing.T) {
	s := newServer(t)
	var out bytes.Buffer
	c := client(s, &waits{})
	c.DryRun = &out
	for range 2 {
		res, err := c.Submit(context.Background(), nil)
		if err != nil || res != (Result{}) {
			t.Errorf("%+v, %v", res, err)
		}
		c.DryRun = nil
	}
	if len(s.requests()) != 0 || out.Len() != 0 {
		t.Errorf("%d requests, printed %q; want none", len(s.requests()), out.String())
	}
}

// TestCheck: URLs that cannot be submitted are refused, by name, before
// any request.
func TestCheck(t *testing.T) {
	s := newServer(t)
	c := client(s, &waits{})
	list := []string{
		"https://example.com/ok",
		"https://other.org/a",
		"ftp://example.com/b",
		"/relative",
		"https://user@example.com/c",
		"http://EXAMPLE.com:80/fine",
		"https://example.com:8443/port",
		"https://example.com:443/fine-too",
	}
	_, err := c.Submit(context.Background(), list)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		"5 URLs cannot be submitted for host example.com, so nothing was sent",
		"https://other.org/a (not on host example.com)",
		"ftp://example.com/b (not an absolute http or https URL)",
		"/relative (not an absolute http or https URL)",
		"https://xxxxx@example.com/c (has a user name)",
		"https://example.com:8443/port (not on host example.com)",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "fine") || strings.Contains(err.Error(), "/ok") {
		t.Errorf("error names good URLs: %v", err)
	}
	if len(s.requests()) != 0 {
		t.Errorf("%d requests sent", len(s.requests()))
	}
	many := []string{}
	for i := range 8 {
		many = append(many, fmt.Sprintf("https://other.org/%d", i))
	}
	if err := c.Check(many); err == nil || !strings.Contains(err.Error(), "; and 3 more") {
		t.Errorf("error %v, want 5 named and 3 more", err)
	}

	// A key file in a folder covers that folder.
	c.KeyLocation = "https://example.com/docs/" + testKey + ".txt"
	if err := c.Check([]string{"https://example.com/docs/a", "https://example.com/docs/"}); err != nil {
		t.Error(err)
	}
	err = c.Check([]string{"https://example.com/docs", "https://example.com/blog/x"})
	if err == nil || !strings.Contains(err.Error(), "2 URLs") || !strings.Contains(err.Error(), "outside /docs/, the folder of the key file") {
		t.Errorf("error %v", err)
	}
}

func TestCheckSettings(t *testing.T) {
	for _, tc := range []struct {
		c    Client
		want string
	}{
		{Client{Host: "example.com", Key: "short"}, "8 to 128 characters"},
		{Client{Host: "", Key: testKey}, "not a host name"},
		{Client{Host: "https://example.com/", Key: testKey}, "not a host name"},
		{Client{Host: "example.com", Key: testKey, Endpoint: "api.indexnow.org/indexnow"}, "not an http or https URL"},
		{Client{Host: "example.com", Key: testKey, KeyLocation: "https://other.org/k.txt"}, "not on host example.com"},
		{Client{Host: "example.com", Key: testKey, KeyLocation: "/k.txt"}, "not an http or https URL"},
	} {
		if err := tc.c.Check(nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.c, err, tc.want)
		}
	}
	// The default key location takes the URLs' scheme.
	s := newServer(t)
	c := client(s, &waits{})
	if _, err := c.Submit(context.Background(), []string{"http://example.com/a"}); err != nil {
		t.Fatal(err)
	}
	if p := s.payloads(t); len(p) != 1 || p[0].KeyLocation != "http://example.com/"+testKey+".txt" {
		t.Errorf("payloads %+v", p)
	}
}

// TestSubmitNoAnswer: a request that gets no answer is retried, and fails
// naming the endpoint once the retries are used up.
func TestSubmitNoAnswer(t *testing.T) {
	s := newServer(t)
	s.Close() // nothing listens there any more
	var w waits
	c := client(s, &w)
	c.MaxRetries = 1
	_, err := c.Submit(context.Background(), urls(1))
	if err == nil || !strings.Contains(err.Error(), "request 1 of 1 to "+c.Endpoint+" got no answer (2 attempts): ") {
		t.Errorf("error %v", err)
	}
	if len(w.all()) != 1 {
		t.Errorf("waits %v, want one", w.all())
	}
}

func TestSubmitCanceled(t *testing.T) {
	s := newServer(t, answer{code: 503})
	ctx, cancel := context.WithCancel(context.Background())
	c := client(s, &waits{})
	c.Sleep = func(ctx context.Context, d time.Duration) error {
		cancel()
		return ctx.Err()
	}
	_, err := c.Submit(ctx, urls(1))
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "interrupted") {
		t.Errorf("error %v", err)
	}
	if n := len(s.requests()); n != 1 {
		t.Errorf("%d requests after the cancel, want 1", n)
	}
	// The default Sleep returns when ctx is done.
	start := time.Now()
	if err := sleepCtx(ctx, time.Hour); !errors.Is(err, context.Canceled) || time.Since(start) > time.Minute {
		t.Errorf("sleepCtx: %v", err)
	}
}

// A 307 or 308 to another host (here another loopback port) is not
// followed: the key and the URLs never reach it, and the error names it.
// One within the endpoint's host is followed.
func TestSubmitRedirect(t *testing.T) {
	for _, code := range []int{http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		other := newServer(t)
		first := httptest.NewServer(http.RedirectHandler(other.URL+"/indexnow", code))
		t.Cleanup(first.Close)
		var w waits
		c := client(other, &w)
		c.Endpoint = first.URL + "/indexnow"
		res, err := c.Submit(context.Background(), urls(2))
		want := fmt.Sprintf("request 1 of 1 to %s/indexnow: answered %d, a redirect to another host, %s/indexnow: not followed", first.URL, code, other.URL)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%d: error %v, want %q", code, err, want)
		}
		if res.URLs != 0 || len(other.requests()) != 0 || len(w.all()) != 0 {
			t.Errorf("%d: %d URLs submitted, %d requests to the other host, waits %v; want none", code, res.URLs, len(other.requests()), w.all())
		}
	}

	s := newServer(t)
	mux := http.NewServeMux()
	mux.Handle("/old", http.RedirectHandler("/indexnow", http.StatusPermanentRedirect))
	mux.Handle("/indexnow", s.Config.Handler)
	same := httptest.NewServer(mux)
	t.Cleanup(same.Close)
	c := client(s, &waits{})
	c.Endpoint = same.URL + "/old"
	if _, err := c.Submit(context.Background(), urls(2)); err != nil || len(s.payloads(t)) != 1 {
		t.Errorf("a redirect within the host: %v, %d requests; want it followed", err, len(s.requests()))
	}
}

// TestSecretsRedacted: the user information of an endpoint URL (a
// password, or a token given as its user name) and the key, when a
// server's error reply quotes the request back, are in no message, no
// StatusError field and no dry run; the request itself still carries
// both. So is a key location's or a URL's user information (issue 99).
func TestSecretsRedacted(t *testing.T) {
	s := newServer(t, answer{code: 422, body: `{"message":"key ` + testKey + ` does not match"}`})
	var w waits
	c := client(s, &w)
	u, _ := url.Parse(s.URL)
	for _, userinfo := range []string{"robot:s3cret-pass", "s3cret-pass"} {
		c.Endpoint = "http://" + userinfo + "@" + u.Host + "/indexnow"
		c.DryRun, c.MaxRetries = nil, 0
		_, err := c.Submit(context.Background(), urls(1))
		var se *StatusError
		if !errors.As(err, &se) {
			t.Fatalf("error %v, want a *StatusError", err)
		}
		for _, shown := range []string{err.Error(), se.Endpoint, se.Message} {
			if strings.Contains(shown, "s3cret-pass") || strings.Contains(shown, testKey) || strings.Contains(shown, "robot") {
				t.Errorf("a secret is shown: %s", shown)
			}
		}
		if !strings.Contains(err.Error(), "//xxxxx@") || !strings.Contains(se.Message, "[the key]") {
			t.Errorf("the redaction is not said: %s", err)
		}

		// No answer at all: the transport's error names the endpoint too,
		// in the error and in the line of each retry.
		var log strings.Builder
		c.Endpoint = "http://" + userinfo + "@127.0.0.1:1/indexnow"
		c.MaxRetries, c.Log = 1, &log
		if _, err := c.Submit(context.Background(), urls(1)); err == nil || strings.Contains(err.Error()+log.String(), "s3cret-pass") {
			t.Errorf("no answer: %v\n%s", err, log.String())
		}
		c.Log = nil

		// The dry run shows the request, its endpoint's user information
		// hidden.
		var dry strings.Builder
		c.DryRun = &dry
		if _, err := c.Submit(context.Background(), urls(1)); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(dry.String(), "s3cret-pass") || !strings.Contains(dry.String(), "POST http://xxxxx@127.0.0.1:1/indexnow") {
			t.Errorf("dry run:\n%s", dry.String())
		}
	}
	if p := s.payloads(t); len(p) != 2 || p[0].Key != testKey {
		t.Errorf("the request's key: %+v", p)
	}

	// A key location or a URL with user information is refused, and
	// the refusal hides it.
	c.DryRun = &strings.Builder{}
	for _, tc := range []struct{ keyLocation, url string }{
		{keyLocation: "https://robot:s3cret-pass@example.com/k.txt"},
		{keyLocation: "https://robot:s3cret-pass@example.com:99x/k.txt"},
		{url: "https://robot:s3cret-pass@example.com/a"},
		{url: "https://robot:s3cret-pass@example.com:99x/a"},
	} {
		c.KeyLocation = tc.keyLocation
		list := urls(1)
		if tc.url != "" {
			list = []string{tc.url}
		}
		if _, err := c.Submit(context.Background(), list); err == nil || strings.Contains(err.Error(), "s3cret-pass") {
			t.Errorf("%+v: %v", tc, err)
		}
	}
}
