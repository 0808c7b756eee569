package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/indexnow"
	"github.com/sitemapgen/sitemapgen/internal/postbuild"
)

// defaultChangesFile is where submit reads the changes by default.
const defaultChangesFile = ".sitemapgen/changes.txt"

// submitValues are submit's flags.
type submitValues struct {
	changes, baseURL, keyFrom, keyLocation, endpoint string
	includeRemoved, dryRun                           bool
	batch, retries                                   int
}

var submitFlags = config.Table[submitValues]{
	{Flag: "changes", Arg: "FILE", Help: []string{
		"the changes file the build wrote (default",
		".sitemapgen/changes.txt)"},
		Field: config.String(func(v *submitValues) *string { return &v.changes }, defaultChangesFile, nil)},
	{Flag: "base-url", Arg: "URL", Help: []string{
		"the URL the site is served at: it gives the host and",
		"the key location. Also SITEMAP_BASE_URL. Default: the",
		"build's, named on the changes file's first line"},
		Field: config.String(func(v *submitValues) *string { return &v.baseURL }, "", nil)},
	{Flag: "key-from", Arg: "FILE", Help: []string{
		"read the key from FILE (the site's KEY.txt will do;",
		"default: INDEXNOW_KEY)"},
		Field: config.String(func(v *submitValues) *string { return &v.keyFrom }, "", nil)},
	{Flag: "key-location", Arg: "URL", Help: []string{
		"where the site serves the key file (default",
		"BASE_URL/KEY.txt); on the site's host"},
		Field: config.String(func(v *submitValues) *string { return &v.keyLocation }, "", nil)},
	{Flag: "endpoint", Arg: "URL", Help: []string{
		"where to POST (default",
		"https://api.indexnow.org/indexnow, which shares with",
		"every engine; also INDEXNOW_ENDPOINT)"},
		Field: config.String(func(v *submitValues) *string { return &v.endpoint }, "", nil)},
	{Flag: "include-removed", Help: []string{
		"also submit the removed URLs: the engines then fetch",
		"them, find them gone (404 or 410) and drop them"},
		Field: config.Bool(func(v *submitValues) *bool { return &v.includeRemoved }, false)},
	{Flag: "dry-run", Help: []string{"print the requests on standard output; send nothing", "(no key needed: a placeholder stands for it)"},
		Field: config.Bool(func(v *submitValues) *bool { return &v.dryRun }, false)},
	{Flag: "batch", Arg: "N", Help: []string{"at most N URLs a request (default and most 10000)"},
		Field: config.Int(func(v *submitValues) *int { return &v.batch }, indexnow.MaxBatch, nil)},
	{Flag: "retries", Arg: "N", Help: []string{
		"retry a request answered 429 or 5xx, or unanswered,",
		"N times, waiting 1s, 2s, 4s ... or the server's",
		"Retry-After (default 5; 0: never)"},
		Field: config.Int(func(v *submitValues) *int { return &v.retries }, indexnow.DefaultMaxRetries, nil)},
}

var submitUsage = sync.OnceValue(func() string {
	return `sitemapgen submit tells search engines which URLs the last build added or
changed, with IndexNow: the site POSTs the URLs to one endpoint and the
engines taking part (Bing, Yandex, Seznam, Naver and others) share them, so
they crawl those pages soon instead of at their next visit. Google does not
use IndexNow: it reads sitemaps only (list them in robots.txt with --robots,
or in Search Console). The old sitemap "ping" URLs are gone: Google's answers
404 since 2023, Bing's 410.

Usage:
  sitemapgen submit [flags]

The URLs come from the changes file a build writes with --changes FILE, one
line a URL: "+ URL" added, "~ URL" changed, "- URL" removed. Added and
changed URLs are submitted; removed ones only with --include-removed. Pages a
build leaves out (excluded, noindex, drafts) are never in the file. Nothing
changed, nothing is sent.

The key proves the site is yours: 8 to 128 characters of a-z, A-Z, 0-9 and
- (make one with 'openssl rand -hex 16'). It is read from --key-from FILE,
else from the INDEXNOW_KEY environment variable (a CI secret). The site must
serve a file KEY.txt that holds just the key at the key location (default
BASE_URL/KEY.txt): 'sitemapgen build --key-file' writes it into the site.
Deploy first, then submit: the engines fetch the pages and the key file
(a first submission is answered 202 until they have). A key file in a
folder (https://example.org/docs/KEY.txt) covers only the URLs under it.

Examples:
  sitemapgen build --changes .sitemapgen/changes.txt --key-file public
  sitemapgen submit --dry-run           print the requests; send nothing
  sitemapgen submit                     after the deploy is live

  GitHub Actions, INDEXNOW_KEY a repository secret:
    - run: sitemapgen build --changes .sitemapgen/changes.txt --key-file
      env: { INDEXNOW_KEY: "${{ secrets.INDEXNOW_KEY }}" }
    - (the deploy step)
    - run: sitemapgen submit
      env: { INDEXNOW_KEY: "${{ secrets.INDEXNOW_KEY }}" }
  Netlify: set INDEXNOW_KEY in the site's environment variables, build with
  --changes and --key-file, and run 'sitemapgen submit' once the deploy is
  live (a build plugin's onSuccess event).

Flags:
` + submitFlags.Help("submit", 23) + `  -h, --help           print this help

Output: one summary line on standard error:
  sitemapgen: submitted 12 URLs (3 added, 9 changed) to ENDPOINT in 1 request

Exit status: 0 submitted (or a dry run, or nothing to submit), 1 the
submission failed (the server's answer and message are quoted: 403 the key
file is missing or differs, 422 URLs not on the host, 429 or 5xx after the
retries, no answer), 2 a usage or configuration error (no key, a bad key, no
changes file, a malformed one, a URL not on the site's host); nothing is
sent.
`
})

// submitSleep, when set, replaces the waits between retries (tests).
var submitSleep func(ctx context.Context, d time.Duration) error

// runSubmit runs "sitemapgen submit".
func runSubmit(ctx context.Context, e *env, args []string) error {
	line, err := parse(e, submitFlags, "sitemapgen submit", submitUsage, args)
	if line == nil {
		return err // --help, --version, or the command line is wrong
	}
	v := line.Values
	switch {
	case len(line.Args) > 0:
		err = fmt.Errorf("submit takes no arguments; got %s (the changes file is --changes FILE)", strings.Join(line.Args, " "))
	case v.changes == "":
		err = errors.New("--changes: no file given")
	case v.batch < 1 || v.batch > indexnow.MaxBatch:
		err = fmt.Errorf("--batch %d: a request carries 1 to %d URLs", v.batch, indexnow.MaxBatch)
	case v.retries < 0:
		err = fmt.Errorf("--retries %d: must be 0 or more", v.retries)
	}
	if err != nil {
		return badCommandLine("sitemapgen submit", err)
	}
	client, base, err := submitClient(&v, e)
	if err != nil {
		return usage(err)
	}
	cs, err := readChanges(v.changes)
	if err != nil {
		return err
	}
	order, last := latest(cs)
	var urls []string
	count := map[byte]int{}
	for _, u := range order {
		count[last[u]]++
		if last[u] != postbuild.Removed || v.includeRemoved {
			urls = append(urls, u)
		}
	}
	leftOut := ""
	if n := count[postbuild.Removed]; n > 0 && !v.includeRemoved {
		leftOut = fmt.Sprintf("; %s left out (--include-removed submits them)", plural(n, "removed URL"))
	}
	if len(urls) == 0 {
		say(e.stderr, false, "nothing to submit (no URL added or changed%s)", leftOut)
		return nil
	}
	if base == nil {
		if base, err = changesBase(v.changes, cs, order); err != nil {
			return usage(err)
		}
	}
	client.Host = base.Host
	client.KeyLocation = v.keyLocation
	if client.KeyLocation == "" {
		client.KeyLocation = base.String() + client.Key + ".txt"
	}
	if err := client.Check(urls); err != nil {
		return usage(err)
	}
	what := plural(len(urls), "URL") + fmt.Sprintf(" (%d added, %d changed", count[postbuild.Added], count[postbuild.Changed])
	if v.includeRemoved {
		what += fmt.Sprintf(", %d removed", count[postbuild.Removed])
	}
	what += ")"
	if v.dryRun {
		client.DryRun = e.stdout
	}
	res, err := client.Submit(ctx, urls)
	switch {
	case err != nil && res.Requests > 0:
		return fmt.Errorf("%w\nsitemapgen: %s in %s accepted before that; the other %d were not submitted", err, plural(res.URLs, "URL"), plural(res.Requests, "request"), len(urls)-res.URLs)
	case err != nil:
		return err
	case v.dryRun:
		say(e.stderr, false, "dry run: would submit %s to %s in %s%s; nothing sent", what, diag.URL(client.Endpoint), plural(res.Requests, "request"), leftOut)
	default:
		say(e.stderr, false, "submitted %s to %s in %s%s", what, diag.URL(client.Endpoint), plural(res.Requests, "request"), leftOut)
	}
	return nil
}

// submitClient makes the IndexNow client from submit's flags and the
// environment: the endpoint, the key, the batches and the retries. It
// also returns the base URL when the flag or SITEMAP_BASE_URL gives it,
// and nil otherwise. Its errors are usage errors.
func submitClient(v *submitValues, e *env) (*indexnow.Client, *url.URL, error) {
	getenv := e.getenv
	endpoint := v.endpoint
	if endpoint == "" {
		endpoint = strings.TrimSpace(getenv("INDEXNOW_ENDPOINT"))
	}
	if endpoint == "" {
		endpoint = indexnow.DefaultEndpoint
	}
	if u, err := url.Parse(endpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, nil, fmt.Errorf("endpoint %q is not an http or https URL (--endpoint, INDEXNOW_ENDPOINT)", diag.URL(endpoint))
	}
	var base *url.URL
	baseURL := v.baseURL
	if baseURL == "" {
		baseURL = strings.TrimSpace(getenv(config.BaseURLEnv))
	}
	if baseURL != "" {
		var err error
		if base, err = parseSubmitBase(baseURL); err != nil {
			return nil, nil, fmt.Errorf("base URL %q: %w", diag.URL(baseURL), err)
		}
	}
	key, err := submitKey(v.keyFrom, getenv, v.dryRun, warnTo(e.stderr))
	if err != nil {
		return nil, nil, err
	}
	client := &indexnow.Client{
		Endpoint:   endpoint,
		Key:        key,
		BatchSize:  v.batch,
		MaxRetries: v.retries,
		Sleep:      submitSleep,
		UserAgent:  "sitemapgen (+https://github.com/sitemapgen/sitemapgen)",
		Log:        prefixLines{e.stderr, diag.Program + ": "},
	}
	if v.retries == 0 {
		client.MaxRetries = -1
	}
	return client, base, nil
}

// maxChangesBytes bounds the read of a changes file. It allows for a
// million builds' changes of a large site's pages.
var maxChangesBytes int64 = 1 << 30

// maxKeyFileBytes bounds the read of a key file, which holds one key of
// at most indexnow.MaxKeyLen characters.
const maxKeyFileBytes = 4 << 10

// readChanges reads the changes file at path, which the user named (or
// which is the default). It reads only a regular file, and no more than
// maxChangesBytes of it. A missing or malformed file is a usage error.
// A file that cannot be read, or is too large, is a failure.
func readChanges(path string) (*postbuild.ChangesFile, error) {
	f, err := fsx.OpenNamed(path, maxChangesBytes, "a changes file's bound")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, usage(&diag.Diagnostic{File: path, Msg: fmt.Sprintf("no changes file; build with --changes %s first (each build writes there the URLs it added, changed and removed)", path)})
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	cs, err := postbuild.ParseChanges(f, path)
	if err != nil {
		var pe *fs.PathError
		if d, ok := errors.AsType[*diag.Diagnostic](err); ok && errors.Is(err, fsx.ErrTooLarge) {
			return nil, d
		}
		if errors.As(err, &pe) {
			return nil, err
		}
		return nil, usage(err)
	}
	return cs, nil
}

// latest returns each URL of cs once, in the order first met, with its
// last operation. A file that gathers several builds says last what
// happened last.
func latest(cs *postbuild.ChangesFile) (order []string, last map[string]byte) {
	last = map[string]byte{}
	for _, c := range cs.Changes {
		if _, ok := last[c.URL]; !ok {
			order = append(order, c.URL)
		}
		last[c.URL] = c.Op
	}
	return order, last
}

// changesBase is the site's base URL when no flag gives it. It is the
// build's, from the changes file's "# base_url:" line, else the root of
// the one host that all the URLs are on.
func changesBase(path string, cs *postbuild.ChangesFile, urls []string) (*url.URL, error) {
	if cs.BaseURL != "" {
		base, err := parseSubmitBase(cs.BaseURL)
		if err != nil {
			return nil, &diag.Diagnostic{File: path, Line: 1, Msg: fmt.Sprintf("base_url %q: %v", diag.URL(cs.BaseURL), err)}
		}
		return base, nil
	}
	hosts := submitHosts(urls)
	if len(hosts) != 1 {
		return nil, fmt.Errorf("the URLs of %s are on %d hosts (%s): give --base-url, the URL the site is served at", path, len(hosts), strings.Join(hosts[:min(len(hosts), 5)], ", "))
	}
	return rootOf(urls, hosts[0]), nil
}

// parseSubmitBase checks a base URL and gives it a final "/". Its error
// does not quote the URL: the caller quotes it, as diag.URL shows it.
func parseSubmitBase(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	switch {
	case err != nil:
		if ue, ok := err.(*url.Error); ok {
			err = ue.Err // without the URL it names whole
		}
		return nil, err
	case (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
		return nil, errors.New("not an absolute http or https URL")
	case u.User != nil || u.RawQuery != "" || u.Fragment != "":
		return nil, errors.New("a base URL has no user name, query or fragment")
	}
	u.Host = submitHost(u)
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
		if u.RawPath != "" {
			u.RawPath += "/"
		}
	}
	return u, nil
}

// submitKey reads the key from the file keyFrom, else INDEXNOW_KEY. A dry
// run without a valid key takes a placeholder, after a warning.
func submitKey(keyFrom string, getenv func(string) string, dryRun bool, warn func(error)) (string, error) {
	from, key := indexnow.KeyEnv, ""
	if keyFrom != "" {
		b, err := fsx.ReadNamed(keyFrom, maxKeyFileBytes, "a key file holds one key")
		if d, ok := errors.AsType[*diag.Diagnostic](err); ok {
			return "", d // names the file
		}
		if err != nil {
			return "", fmt.Errorf("--key-from: %w", err)
		}
		key, from = strings.TrimSpace(string(b)), "--key-from "+keyFrom
		if key == "" {
			return "", fmt.Errorf("--key-from %s: the file is empty; it should hold the IndexNow key", keyFrom)
		}
	} else {
		key = strings.TrimSpace(getenv(indexnow.KeyEnv))
	}
	var err error
	if key == "" {
		err = errors.New("no IndexNow key: set INDEXNOW_KEY (in CI, from a secret) or give --key-from FILE; the site must serve the same key as KEY.txt ('sitemapgen build --key-file' writes it)")
	} else if kerr := indexnow.ValidKey(key); kerr != nil {
		err = fmt.Errorf("%s: %w", from, kerr)
	}
	switch {
	case err == nil:
		return key, nil
	case !dryRun:
		return "", err
	}
	// A dry run sends nothing. It shows the requests with a placeholder,
	// and says what a submission would refuse.
	warn(fmt.Errorf("%w; the dry run shows the requests with %s", err, placeholderKey))
	return placeholderKey, nil
}

// placeholderKey stands for the key in a dry run without a valid one.
const placeholderKey = "YOUR-INDEXNOW-KEY"

// submitHosts lists the hosts of the absolute http(s) URLs, sorted.
func submitHosts(urls []string) []string {
	seen := map[string]bool{}
	for _, s := range urls {
		u, err := url.Parse(s)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			continue // Check names it
		}
		seen[submitHost(u)] = true
	}
	hosts := make([]string, 0, len(seen))
	for h := range seen {
		hosts = append(hosts, h)
	}
	slices.Sort(hosts)
	return hosts
}

// submitHost is u's host, lowercased, without its scheme's default port.
func submitHost(u *url.URL) string {
	h := strings.ToLower(u.Host)
	switch strings.ToLower(u.Scheme) {
	case "https":
		h = strings.TrimSuffix(h, ":443")
	case "http":
		h = strings.TrimSuffix(h, ":80")
	}
	return h
}

// rootOf is the root URL of host, with the scheme of its first URL.
func rootOf(urls []string, host string) *url.URL {
	scheme := "https"
	for _, s := range urls {
		if u, err := url.Parse(s); err == nil && u.Host != "" && submitHost(u) == host {
			scheme = strings.ToLower(u.Scheme)
			break
		}
	}
	return &url.URL{Scheme: scheme, Host: host, Path: "/"}
}

// prefixLines writes each line written to it to w, with a prefix. Each
// Write is one line.
type prefixLines struct {
	w      io.Writer
	prefix string
}

func (p prefixLines) Write(b []byte) (int, error) {
	if _, err := io.WriteString(p.w, p.prefix+string(b)); err != nil {
		return 0, err
	}
	return len(b), nil
}
