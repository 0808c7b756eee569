package indexnow

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

const (
	// DefaultEndpoint is the shared IndexNow endpoint: a submission to it
	// reaches every engine that takes part.
	DefaultEndpoint = "https://api.indexnow.org/indexnow"
	// MaxBatch is the most URLs one request may carry.
	MaxBatch = 10000
	// DefaultMaxRetries is how often a 429 or 5xx answer is retried.
	DefaultMaxRetries = 5
	// MaxRetryAfter is the longest Retry-After that Submit waits for; a
	// server asking for more ends the submission.
	MaxRetryAfter = 5 * time.Minute
	// ContentType is the Content-Type of a submission.
	ContentType = "application/json; charset=utf-8"
)

// maxMessage bounds the server's message quoted in a StatusError.
const maxMessage = 500

// defaultHTTP is the client used when Client.HTTP is nil.
var defaultHTTP = &http.Client{Timeout: time.Minute}

// Client submits URLs to an IndexNow endpoint. Only Host and Key are
// required; the zero value of every other field means its default.
type Client struct {
	// Endpoint is the URL the submissions are POSTed to (default
	// DefaultEndpoint).
	Endpoint string
	// HTTP sends the requests (default: a client with a one-minute
	// timeout).
	HTTP *http.Client
	// Host is the site's host name, as in its URLs ("example.com"): every
	// URL submitted must be on it.
	Host string
	// Key is the IndexNow key (see ValidKey).
	Key string
	// KeyLocation is the URL of the key file, on Host (default: the root of
	// Host, SCHEME://HOST/KEY.txt, with the scheme of the first URL). A key
	// file in a folder covers only the URLs under that folder.
	KeyLocation string
	// BatchSize is the most URLs per request (default and at most
	// MaxBatch).
	BatchSize int
	// MaxRetries is how often a request answered 429 or 5xx, or that
	// failed to get an answer, is sent again (0: DefaultMaxRetries; less
	// than 0: never).
	MaxRetries int
	// Backoff is how long to wait before retry number retry (1, 2, ...),
	// when the answer has no Retry-After (default DefaultBackoff).
	Backoff func(retry int) time.Duration
	// Sleep waits d or until ctx is done (default: a timer). Tests replace
	// it to record the waits.
	Sleep func(ctx context.Context, d time.Duration) error
	// UserAgent is the User-Agent header (default: Go's).
	UserAgent string
	// Log, if set, receives progress lines, each in one Write: retries,
	// a 202 answer, and each accepted request when there are several.
	Log io.Writer
	// DryRun, if set, makes Submit write each request it would send to
	// DryRun (method, endpoint, headers, the JSON body indented) and send
	// nothing.
	DryRun io.Writer
}

// Payload is the JSON body of a submission.
type Payload struct {
	Host        string   `json:"host"`
	Key         string   `json:"key"`
	KeyLocation string   `json:"keyLocation"`
	URLList     []string `json:"urlList"`
}

// Result is what a submission achieved, also when it failed part way.
type Result struct {
	// Requests is how many batches the endpoint accepted (each one
	// request, retries aside); in a dry run, how many were printed.
	Requests int
	// URLs is how many URLs those batches held.
	URLs int
	// Attempts is how many HTTP requests were sent, retries included.
	Attempts int
	// Pending reports that some batch was answered 202 Accepted: the URLs
	// were received but the key is not validated yet.
	Pending bool
}

// StatusError is an answer that ended a submission: a 4xx other than 429
// at once, a 429 or 5xx once the retries are used up.
type StatusError struct {
	Endpoint string
	Code     int    // the HTTP status code
	Status   string // the status line's text, "403 Forbidden"
	// Message is the response body: trimmed, control characters made
	// spaces, runs of spaces made one, at most 500 bytes.
	Message  string
	Request  int // which request failed, from 1
	Requests int // of how many
	Attempts int // how many times that request was sent
	// RetryAfter is the wait the server asked for when it was longer
	// than MaxRetryAfter (and so not waited for); 0 otherwise.
	RetryAfter time.Duration
}

func (e *StatusError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "IndexNow endpoint %s answered %s to request %d of %d", e.Endpoint, e.Status, e.Request, e.Requests)
	if e.Attempts > 1 {
		fmt.Fprintf(&b, " (after %d attempts)", e.Attempts)
	}
	if m := Meaning(e.Code); m != "" {
		b.WriteString(": " + m)
	}
	if e.RetryAfter > 0 {
		fmt.Fprintf(&b, "; it asks to wait %v (Retry-After), more than the %v a submission waits", e.RetryAfter, MaxRetryAfter)
	}
	if e.Message != "" {
		b.WriteString("; the server said: " + e.Message)
	} else {
		b.WriteString("; the server sent no message")
	}
	return b.String()
}

// Meaning says what an IndexNow endpoint means by an HTTP status code, or
// "" for codes the protocol gives no meaning.
func Meaning(code int) string {
	switch {
	case code == http.StatusOK:
		return "the URLs were received"
	case code == http.StatusAccepted:
		return "the URLs were received; key validation pending (the engine has not fetched the key file yet)"
	case code == http.StatusBadRequest:
		return "bad request (the body is not in the format the protocol defines)"
	case code == http.StatusForbidden:
		return "the key is not valid (key file not found at keyLocation, or its content differs)"
	case code == http.StatusUnprocessableEntity:
		return "the URLs do not belong to host, or the key does not match the key file"
	case code == http.StatusTooManyRequests:
		return "too many requests (the engine suspects spam); submit less often"
	case code == http.StatusNotFound || code == http.StatusMethodNotAllowed:
		return "there is no IndexNow endpoint at this URL"
	case code >= 500 && code <= 599:
		return "the endpoint failed (a server error)"
	}
	return ""
}

// DefaultBackoff waits 1s before the first retry, then twice as long each
// time, at most a minute.
func DefaultBackoff(retry int) time.Duration {
	if retry < 1 {
		retry = 1
	}
	if retry > 7 {
		return time.Minute
	}
	return min(time.Second<<(retry-1), time.Minute)
}

// redactKey returns a server's message with the key, which a server may
// quote back from the request, replaced.
func redactKey(msg, key string) string {
	if key == "" {
		return msg
	}
	return strings.ReplaceAll(msg, key, "[the key]")
}

// settings are a Client's fields with the defaults filled in, checked.
type settings struct {
	endpoint, host, key, keyLocation string
	shown                            string // the endpoint as messages show it: diag.URL's
	keyDir                           string // the key file's folder, "/docs/"
	batch, retries                   int
}

// resolve fills in the defaults and checks the fields; first is the first
// URL to submit, whose scheme the default keyLocation takes.
func (c *Client) resolve(first string) (*settings, error) {
	s := &settings{
		endpoint: c.Endpoint, host: strings.ToLower(c.Host), key: c.Key,
		keyLocation: c.KeyLocation, batch: c.BatchSize, retries: c.MaxRetries,
	}
	if s.endpoint == "" {
		s.endpoint = DefaultEndpoint
	}
	s.shown = diag.URL(s.endpoint)
	if u, err := url.Parse(s.endpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("endpoint %q is not an http or https URL", s.shown)
	}
	if s.host == "" || strings.ContainsAny(s.host, "/ @?#") {
		return nil, fmt.Errorf("host %q is not a host name (example.com)", c.Host)
	}
	if err := ValidKey(s.key); err != nil {
		return nil, err
	}
	if s.keyLocation == "" {
		scheme := "https"
		if u, err := url.Parse(first); err == nil && strings.EqualFold(u.Scheme, "http") {
			scheme = "http"
		}
		s.keyLocation = scheme + "://" + s.host + "/" + s.key + ".txt"
	}
	u, err := url.Parse(s.keyLocation)
	switch {
	case err != nil || !u.IsAbs() || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
		return nil, fmt.Errorf("keyLocation %q is not an http or https URL", diag.URL(s.keyLocation))
	case u.User != nil:
		return nil, fmt.Errorf("keyLocation %s has a user name: the engines fetch the key file as anyone does", diag.URL(s.keyLocation))
	case hostOf(u) != s.host:
		return nil, fmt.Errorf("keyLocation %s is not on host %s: the key file must be on the site's host", diag.URL(s.keyLocation), s.host)
	}
	p := u.EscapedPath()
	s.keyDir = p[:strings.LastIndex(p, "/")+1]
	if s.keyDir == "" {
		s.keyDir = "/"
	}
	switch {
	case s.batch == 0:
		s.batch = MaxBatch
	case s.batch < 0 || s.batch > MaxBatch:
		return nil, fmt.Errorf("batch size %d: a request carries 1 to %d URLs", s.batch, MaxBatch)
	}
	switch {
	case s.retries == 0:
		s.retries = DefaultMaxRetries
	case s.retries < 0:
		s.retries = 0
	}
	return s, nil
}

// hostOf is u's host, lowercased, without the scheme's default port.
func hostOf(u *url.URL) string {
	h := strings.ToLower(u.Host)
	switch {
	case u.Scheme == "https" && strings.HasSuffix(h, ":443"):
		h = strings.TrimSuffix(h, ":443")
	case u.Scheme == "http" && strings.HasSuffix(h, ":80"):
		h = strings.TrimSuffix(h, ":80")
	}
	return h
}

// problem says why raw cannot be submitted, or "".
func (s *settings) problem(raw string) string {
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return "not a URL"
	case !u.IsAbs() || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
		return "not an absolute http or https URL"
	case u.User != nil:
		return "has a user name"
	case hostOf(u) != s.host:
		return "not on host " + s.host
	}
	p := u.EscapedPath()
	if p == "" {
		p = "/"
	}
	if !strings.HasPrefix(p, s.keyDir) {
		return "outside " + s.keyDir + ", the folder of the key file " + diag.URL(s.keyLocation) + " (a key file covers the URLs under its folder)"
	}
	return ""
}

// check refuses the URLs that cannot be submitted, naming them.
func (s *settings) check(urls []string) error {
	const shown = 5
	var bad []string
	n := 0
	for _, u := range urls {
		if why := s.problem(u); why != "" {
			n++
			if len(bad) < shown {
				bad = append(bad, diag.URL(u)+" ("+why+")")
			}
		}
	}
	if n == 0 {
		return nil
	}
	more := ""
	if n > shown {
		more = fmt.Sprintf("; and %d more", n-shown)
	}
	what := "1 URL cannot"
	if n > 1 {
		what = fmt.Sprintf("%d URLs cannot", n)
	}
	return fmt.Errorf("%s be submitted for host %s, so nothing was sent: %s%s", what, s.host, strings.Join(bad, "; "), more)
}

// Check reports whether Submit would accept c's fields and urls, without
// sending anything: the endpoint, host, key and key location are valid,
// and every URL is an absolute http or https URL on Host under the key
// file's folder. The error names the URLs refused.
func (c *Client) Check(urls []string) error {
	first := ""
	if len(urls) > 0 {
		first = urls[0]
	}
	s, err := c.resolve(first)
	if err != nil {
		return err
	}
	return s.check(urls)
}

// Submit POSTs urls to the endpoint in batches of at most BatchSize, in
// order, one request at a time; with DryRun set it prints the requests
// instead. It sends nothing when Check fails or urls is empty.
//
// A 200 or 202 answer (any 2xx) accepts a batch; 202 means the key is not
// validated yet (Result.Pending). A 429 or 5xx answer, or no answer, is
// retried up to MaxRetries times, after the Retry-After the answer gives
// (in seconds or as a date) or else after Backoff. Any other answer ends the
// submission with a *StatusError quoting the server's message. The Result
// says how many batches and URLs were accepted before an error.
func (c *Client) Submit(ctx context.Context, urls []string) (Result, error) {
	var res Result
	if err := c.Check(urls); err != nil {
		return res, err
	}
	if len(urls) == 0 {
		return res, nil
	}
	s, _ := c.resolve(urls[0])
	total := (len(urls) + s.batch - 1) / s.batch
	for n := 1; n <= total; n++ {
		list := urls[(n-1)*s.batch : min(n*s.batch, len(urls))]
		p := Payload{Host: s.host, Key: s.key, KeyLocation: s.keyLocation, URLList: list}
		if c.DryRun != nil {
			if err := c.print(s, p, n, total); err != nil {
				return res, err
			}
			res.Requests++
			res.URLs += len(list)
			continue
		}
		body, err := encode(p, false)
		if err != nil {
			return res, err
		}
		code, status, attempts, err := c.send(ctx, s, body, n, total)
		res.Attempts += attempts
		if err != nil {
			return res, err
		}
		res.Requests++
		res.URLs += len(list)
		if code == http.StatusAccepted && !res.Pending {
			res.Pending = true
			c.logf("request %d of %d: %s: the URLs were received, but the key is not validated yet; the engines will fetch %s, which must hold the key", n, total, status, s.keyLocation)
		}
		if total > 1 {
			c.logf("request %d of %d: %s accepted (%s)", n, total, countURLs(len(list)), status)
		}
	}
	return res, nil
}

// encode is p as JSON, without HTML escapes; indented for people.
func encode(p Payload, indent bool) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if indent {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(p); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// print writes the request of batch n of total to c.DryRun.
func (c *Client) print(s *settings, p Payload, n, total int) error {
	body, err := encode(p, true)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if n > 1 {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "# request %d of %d: %s\n", n, total, countURLs(len(p.URLList)))
	fmt.Fprintf(&b, "POST %s\nContent-Type: %s\n", s.shown, ContentType)
	if c.UserAgent != "" {
		fmt.Fprintf(&b, "User-Agent: %s\n", c.UserAgent)
	}
	b.WriteString("\n")
	b.Write(body)
	b.WriteString("\n")
	_, err = c.DryRun.Write(b.Bytes())
	return err
}

// send POSTs body, retrying as Submit says. It returns the code and status
// of the accepting answer and how many requests it sent.
func (c *Client) send(ctx context.Context, s *settings, body []byte, n, total int) (code int, status string, attempts int, err error) {
	client := sameHostOnly(c.HTTP)
	for attempt := 1; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.endpoint, bytes.NewReader(body))
		if err != nil {
			return 0, "", attempt - 1, err
		}
		req.Header.Set("Content-Type", ContentType)
		if c.UserAgent != "" {
			req.Header.Set("User-Agent", c.UserAgent)
		}
		resp, err := client.Do(req)
		err = withoutURL(err)
		var (
			why       string
			wait      time.Duration
			fromAfter bool
		)
		var rerr *RedirectError
		if errors.As(err, &rerr) {
			return 0, "", attempt, fmt.Errorf("request %d of %d to %s: %w", n, total, s.shown, rerr)
		}
		if err != nil {
			if ctx.Err() != nil {
				return 0, "", attempt, fmt.Errorf("request %d of %d to %s interrupted: %w", n, total, s.shown, ctx.Err())
			}
			if attempt > s.retries {
				return 0, "", attempt, fmt.Errorf("request %d of %d to %s got no answer (%s): %w", n, total, s.shown, countWord(attempt, "attempt"), err)
			}
			why = err.Error()
		} else {
			msg := redactKey(message(resp.Body), s.key)
			resp.Body.Close()
			status := resp.Status
			if status == "" || !strings.HasPrefix(status, strconv.Itoa(resp.StatusCode)) {
				status = fmt.Sprintf("%d %s", resp.StatusCode, http.StatusText(resp.StatusCode))
			}
			if resp.StatusCode >= 200 && resp.StatusCode <= 299 {
				return resp.StatusCode, status, attempt, nil
			}
			serr := &StatusError{
				Endpoint: s.shown, Code: resp.StatusCode, Status: status, Message: msg,
				Request: n, Requests: total, Attempts: attempt,
			}
			if resp.StatusCode != http.StatusTooManyRequests && (resp.StatusCode < 500 || resp.StatusCode > 599) {
				return 0, "", attempt, serr
			}
			if attempt > s.retries {
				return 0, "", attempt, serr
			}
			wait, fromAfter = retryAfter(resp.Header.Get("Retry-After"), time.Now())
			if fromAfter && wait > MaxRetryAfter {
				serr.RetryAfter = wait
				return 0, "", attempt, serr
			}
			why = status
		}
		if !fromAfter {
			wait = DefaultBackoff(attempt)
			if c.Backoff != nil {
				wait = c.Backoff(attempt)
			}
		}
		note := ""
		if fromAfter {
			note = " (Retry-After)"
		}
		c.logf("request %d of %d: %s; retry %d of %d in %v%s", n, total, why, attempt, s.retries, wait, note)
		sleep := c.Sleep
		if sleep == nil {
			sleep = sleepCtx
		}
		if err := sleep(ctx, wait); err != nil {
			return 0, "", attempt, fmt.Errorf("request %d of %d to %s interrupted: %w", n, total, s.shown, err)
		}
	}
}

// RedirectError is an answer that redirects a submission to another host:
// Submit does not follow it, so the key and the URLs go only to the
// endpoint given.
type RedirectError struct {
	Code int    // the redirect's status: 301, 302, 303, 307, 308
	To   string // where it points
}

func (e *RedirectError) Error() string {
	return fmt.Sprintf("answered %d, a redirect to another host, %s: not followed (give that endpoint with --endpoint if it is the one meant)", e.Code, diag.URL(e.To))
}

// withoutURL returns the error of a request without the URL the HTTP
// client names in it (a *url.Error's, whose user name it keeps): the
// messages name the endpoint as diag.URL shows it.
func withoutURL(err error) error {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err
	}
	return err
}

// sameHostOnly returns a copy of client (default: defaultHTTP) that follows
// redirects only within the host (and port) of the first request, with the
// client's own policy; one to another host, or from https to http, is a
// [*RedirectError].
func sameHostOnly(client *http.Client) *http.Client {
	if client == nil {
		client = defaultHTTP
	}
	cl := *client
	cl.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if !strings.EqualFold(req.URL.Host, via[0].URL.Host) || req.URL.Scheme == "http" && via[0].URL.Scheme == "https" {
			code := 0
			if req.Response != nil {
				code = req.Response.StatusCode
			}
			return &RedirectError{Code: code, To: req.URL.String()}
		}
		if client.CheckRedirect != nil {
			return client.CheckRedirect(req, via)
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
	return &cl
}

// retryAfter reads a Retry-After header: seconds, or an HTTP date.
func retryAfter(h string, now time.Time) (time.Duration, bool) {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(h, 10, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		if secs > int64(24*time.Hour/time.Second) {
			secs = int64(24 * time.Hour / time.Second)
		}
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(h); err == nil {
		return max(t.Sub(now), 0).Round(time.Second), true
	}
	return 0, false
}

// message reads the start of a response body as a one-line message of at
// most maxMessage bytes, and drains a little more so that the connection
// can be reused.
func message(r io.Reader) string {
	raw, _ := io.ReadAll(io.LimitReader(r, 8<<10))
	_, _ = io.Copy(io.Discard, io.LimitReader(r, 64<<10))
	s := strings.ToValidUTF8(string(raw), "\uFFFD")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > maxMessage {
		cut := maxMessage
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// countURLs is "1 URL", "2 URLs".
func countURLs(n int) string { return countWord(n, "URL") }

// countWord is "1 word", "2 words".
func countWord(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func (c *Client) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format+"\n", args...)
	}
}
