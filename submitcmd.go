package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/indexnow"
	"github.com/sitemapgen/sitemapgen/internal/postbuild"
)

const submitUsage = `sitemapgen submit tells search engines which URLs the last build added or
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
  --changes FILE       the changes file the build wrote (default
                       .sitemapgen/changes.txt)
  --base-url URL       the URL the site is served at: it gives the host and
                       the key location. Also SITEMAP_BASE_URL. Default: the
                       build's, named on the changes file's first line
  --key-from FILE      read the key from FILE (the site's KEY.txt will do;
                       default: INDEXNOW_KEY)
  --key-location URL   where the site serves the key file (default
                       BASE_URL/KEY.txt); on the site's host
  --endpoint URL       where to POST (default
                       https://api.indexnow.org/indexnow, which shares with
                       every engine; also INDEXNOW_ENDPOINT)
  --include-removed    also submit the removed URLs: the engines then fetch
                       them, find them gone (404 or 410) and drop them
  --dry-run            print the requests on standard output; send nothing
  --batch N            at most N URLs a request (default and most 10000)
  --retries N          retry a request answered 429 or 5xx, or unanswered,
                       N times, waiting 1s, 2s, 4s ... or the server's
                       Retry-After (default 5; 0: never)
  -h, --help           print this help

Output: one summary line on standard error:
  sitemapgen: submitted 12 URLs (3 added, 9 changed) to ENDPOINT in 1 request

Exit status: 0 submitted (or a dry run, or nothing to submit), 1 the
submission failed (the server's answer and message are quoted: 403 the key
file is missing or differs, 422 URLs not on the host, 429 or 5xx after the
retries, no answer), 2 a usage or configuration error (no key, a bad key, no
changes file, a malformed one, a URL not on the site's host); nothing is
sent.
`

// defaultChangesFile is where submit reads the changes by default.
const defaultChangesFile = ".sitemapgen/changes.txt"

// submitSleep, when set, replaces the waits between retries (tests).
var submitSleep func(ctx context.Context, d time.Duration) error

// runSubmit runs "sitemapgen submit".
func runSubmit(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	fset := flag.NewFlagSet("sitemapgen submit", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	var (
		changesFile, baseURL, keyFrom, keyLocation, endpoint string
		includeRemoved, dryRun                               bool
		batch, retries                                       int
	)
	fset.StringVar(&changesFile, "changes", defaultChangesFile, "")
	fset.StringVar(&baseURL, "base-url", "", "")
	fset.StringVar(&keyFrom, "key-from", "", "")
	fset.StringVar(&keyLocation, "key-location", "", "")
	fset.StringVar(&endpoint, "endpoint", "", "")
	fset.BoolVar(&includeRemoved, "include-removed", false, "")
	fset.BoolVar(&dryRun, "dry-run", false, "")
	fset.IntVar(&batch, "batch", indexnow.MaxBatch, "")
	fset.IntVar(&retries, "retries", indexnow.DefaultMaxRetries, "")
	pos, err := parseInterspersed(fset, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, submitUsage)
		return exitOK
	}
	switch {
	case err != nil:
	case len(pos) > 0:
		err = fmt.Errorf("submit takes no arguments; got %s (the changes file is --changes FILE)", strings.Join(pos, " "))
	case changesFile == "":
		err = errors.New("--changes: no file given")
	case batch < 1 || batch > indexnow.MaxBatch:
		err = fmt.Errorf("--batch %d: a request carries 1 to %d URLs", batch, indexnow.MaxBatch)
	case retries < 0:
		err = fmt.Errorf("--retries %d: must be 0 or more", retries)
	}
	if err != nil {
		fmt.Fprintf(stderr, "sitemapgen: %v\nRun 'sitemapgen submit --help' for usage.\n", err)
		return exitUsage
	}
	fail := func(code int, format string, args ...any) int {
		fmt.Fprintf(stderr, "sitemapgen: "+format+"\n", args...)
		return code
	}

	if endpoint == "" {
		endpoint = strings.TrimSpace(getenv("INDEXNOW_ENDPOINT"))
	}
	if endpoint == "" {
		endpoint = indexnow.DefaultEndpoint
	}
	if u, err := url.Parse(endpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fail(exitUsage, "endpoint %q is not an http or https URL (--endpoint, INDEXNOW_ENDPOINT)", endpoint)
	}
	var base *url.URL
	if baseURL == "" {
		baseURL = strings.TrimSpace(getenv("SITEMAP_BASE_URL"))
	}
	if baseURL != "" {
		if base, err = parseSubmitBase(baseURL); err != nil {
			return fail(exitUsage, "base URL %q: %v", baseURL, err)
		}
	}
	key, code, msg := submitKey(keyFrom, getenv)
	if msg != "" {
		return fail(code, "%s", msg)
	}

	f, err := fsx.Open(changesFile)
	if errors.Is(err, fs.ErrNotExist) {
		return fail(exitUsage, "%s: no changes file; build with --changes %s first (each build writes there the URLs it added, changed and removed)", changesFile, changesFile)
	}
	if err != nil {
		return fail(exitFailed, "%v", err)
	}
	cs, err := postbuild.ParseChanges(f, changesFile)
	f.Close()
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return fail(exitFailed, "%v", err)
		}
		return fail(exitUsage, "%v", err)
	}

	// Each URL once, with its last operation (a file that gathers several
	// builds says last what happened last).
	var order []string
	last := map[string]byte{}
	for _, c := range cs.Changes {
		if _, ok := last[c.URL]; !ok {
			order = append(order, c.URL)
		}
		last[c.URL] = c.Op
	}
	var urls []string
	count := map[byte]int{}
	for _, u := range order {
		count[last[u]]++
		if last[u] != postbuild.Removed || includeRemoved {
			urls = append(urls, u)
		}
	}
	leftOut := ""
	if n := count[postbuild.Removed]; n > 0 && !includeRemoved {
		leftOut = fmt.Sprintf("; %s left out (--include-removed submits them)", plural(n, "removed URL"))
	}
	if len(urls) == 0 {
		fmt.Fprintf(stderr, "sitemapgen: nothing to submit (no URL added or changed%s)\n", leftOut)
		return exitOK
	}

	if base == nil && cs.BaseURL != "" {
		// The build's, from the file's "# base_url:" line.
		if base, err = parseSubmitBase(cs.BaseURL); err != nil {
			return fail(exitUsage, "%s: base_url %q: %v", changesFile, cs.BaseURL, err)
		}
	}
	if base == nil {
		hosts := submitHosts(order)
		if len(hosts) != 1 {
			return fail(exitUsage, "the URLs of %s are on %d hosts (%s): give --base-url, the URL the site is served at", changesFile, len(hosts), strings.Join(hosts[:min(len(hosts), 5)], ", "))
		}
		base = rootOf(order, hosts[0])
	}
	if keyLocation == "" {
		keyLocation = base.String() + key + ".txt"
	}
	client := &indexnow.Client{
		Endpoint:    endpoint,
		Host:        base.Host,
		Key:         key,
		KeyLocation: keyLocation,
		BatchSize:   batch,
		MaxRetries:  retries,
		Sleep:       submitSleep,
		UserAgent:   "sitemapgen (+https://github.com/sitemapgen/sitemapgen)",
		Log:         prefixLines{stderr, "sitemapgen: "},
	}
	if retries == 0 {
		client.MaxRetries = -1
	}
	if err := client.Check(urls); err != nil {
		return fail(exitUsage, "%v", err)
	}
	what := plural(len(urls), "URL") + fmt.Sprintf(" (%d added, %d changed", count[postbuild.Added], count[postbuild.Changed])
	if includeRemoved {
		what += fmt.Sprintf(", %d removed", count[postbuild.Removed])
	}
	what += ")"
	if dryRun {
		client.DryRun = stdout
		res, err := client.Submit(ctx, urls)
		if err != nil {
			return fail(exitFailed, "%v", err)
		}
		fmt.Fprintf(stderr, "sitemapgen: dry run: would submit %s to %s in %s%s; nothing sent\n", what, endpoint, plural(res.Requests, "request"), leftOut)
		return exitOK
	}
	res, err := client.Submit(ctx, urls)
	if err != nil {
		fmt.Fprintf(stderr, "sitemapgen: %v\n", err)
		if res.Requests > 0 {
			fmt.Fprintf(stderr, "sitemapgen: %s in %s accepted before that; the other %d were not submitted\n", plural(res.URLs, "URL"), plural(res.Requests, "request"), len(urls)-res.URLs)
		}
		return exitFailed
	}
	fmt.Fprintf(stderr, "sitemapgen: submitted %s to %s in %s%s\n", what, endpoint, plural(res.Requests, "request"), leftOut)
	return exitOK
}

// parseSubmitBase checks a base URL and gives it a final "/".
func parseSubmitBase(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	switch {
	case err != nil:
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

// submitKey reads the key from the file keyFrom, else INDEXNOW_KEY. When
// msg is not "", the command ends with it and code.
func submitKey(keyFrom string, getenv func(string) string) (key string, code int, msg string) {
	from := "INDEXNOW_KEY"
	if keyFrom != "" {
		b, err := fsx.ReadFile(keyFrom)
		if err != nil {
			return "", exitUsage, fmt.Sprintf("--key-from: %v", err)
		}
		key, from = strings.TrimSpace(string(b)), "--key-from "+keyFrom
		if key == "" {
			return "", exitUsage, fmt.Sprintf("--key-from %s: the file is empty; it should hold the IndexNow key", keyFrom)
		}
	} else {
		key = strings.TrimSpace(getenv("INDEXNOW_KEY"))
	}
	if key == "" {
		return "", exitUsage, "no IndexNow key: set INDEXNOW_KEY (in CI, from a secret) or give --key-from FILE; the site must serve the same key as KEY.txt ('sitemapgen build --key-file' writes it)"
	}
	if err := indexnow.ValidKey(key); err != nil {
		return "", exitUsage, fmt.Sprintf("%s: %v", from, err)
	}
	return key, exitOK, ""
}

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

// prefixLines writes each line written to it, prefixed, to w; each Write
// is one line.
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
