package host

// Redirect rules. A sitemap must list only final URLs, so a URL that the
// host answers with a redirect is worth a warning. The rules come from the
// same host configuration files as the headers, and are read as the hosts
// document them:
//
//   - Netlify, _redirects and netlify.toml
//     (https://docs.netlify.com/routing/redirects/ and
//     https://docs.netlify.com/routing/redirects/redirect-options/): a line
//     is "from [query] to [status][!] [conditions]", "#" starts a comment;
//     the status defaults to 301 and "!" (force = true in netlify.toml)
//     forces the rule; "*" at the end of from is the splat, ":name" a
//     path segment, both filled in "to" (":splat", ":name"); a from that
//     is a full URL limits the rule to that host. How the line splits, and
//     that "to" may be left out of a "/path/* 200" rule, follow Netlify's
//     own parser (netlify/build, packages/redirect-parser/src/line_parser.js
//     and normalize.js). Redirect options say a rule cannot add or remove a
//     trailing slash, as Netlify normalizes it before the rules run: a from
//     matches the path with or without its trailing slash. The rules of
//     _redirects come before those of netlify.toml, the first matching rule
//     answers, and with shadowing a file that exists wins over a matching
//     rule that is not forced, even a forced one further down (Netlify's
//     answer in https://answers.netlify.com/t/processing-order-of-redirects-toml/2552;
//     shadowing: https://docs.netlify.com/platform/request-chain: "redirects
//     behave as fallbacks").
//   - Cloudflare Pages, _redirects
//     (https://developers.cloudflare.com/pages/configuration/redirects/):
//     "[source] [destination] [code?]", the topmost matching rule applies,
//     and "redirects are always followed, regardless of whether or not an
//     asset matches": call LoadRedirects with shadowing false. Where
//     Cloudflare differs from Netlify this package follows Netlify:
//     Cloudflare's code defaults to 302, not 301 ("code number (default:
//     302)", https://developers.cloudflare.com/workers/static-assets/redirects/;
//     either is a redirect, only Redirect.Status differs); its rules match the path as
//     written, where Netlify's match it with or without a trailing slash;
//     its splat may stand anywhere in the source; it asks for static rules
//     before dynamic ones, where Netlify applies the first matching rule,
//     whatever it is.
//   - Vercel, the redirects of vercel.json
//     (https://vercel.com/docs/projects/project-configuration#redirects,
//     https://vercel.com/docs/routing): {source, destination, permanent,
//     statusCode, has, missing}; permanent true is 308, false 307, and
//     neither 308; statusCode is for "instead of permanent, but not both",
//     and when both are given Vercel's converter uses permanent
//     (vercel/vercel, packages/routing-utils/src/superstatic.ts,
//     convertRedirects). Redirects run before the file system, so a file
//     never shadows them, whatever shadowing says. The first matching
//     redirect answers; source is a path-to-regexp pattern (pathToRegexp),
//     and its named parameters fill ":name" in destination.
//
// A rule this package cannot evaluate with certainty (a condition on the
// visitor's country, language, role or cookies, on query parameters, on
// request headers with Vercel's has or missing; a pattern Go's regexp
// cannot express; a status that is not a number) is reported and ignored.
//
// Matching rules that answer with something other than a redirect (a 200
// rewrite or proxy, a 404) still answer: the rules after them do not apply
// to that URL.
//
// A Netlify rule with status 404 serves its target as the error page of
// the paths it matches ("/de/* /de/404 404": a missing page under /de/
// gets /de/404's content with status 404). That target is the host's
// error page, as 404.html is: [Redirects.ErrorPage] names it (package
// mapping lists it all the same when it is the home page or looks like
// no error page: the host serves it at its own URL too). Cloudflare
// Pages takes no such status (its rules redirect, or rewrite with 200;
// its error page is the nearest 404.html), nor do Vercel's redirects.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Redirects are a site's host redirect rules, file by file in the order read.
type Redirects struct {
	lim   limits.Limits // on the files read
	rules []redirectRule
	once  sync.Once
	index *ruleIndex // made by the first Match
	// errorPages are the rules that serve a page as the error page, by
	// the page's path (errorPagePath); made by the first ErrorPage.
	errorOnce  sync.Once
	errorPages map[string][]int
}

// Redirect is a rule that answers a request with a redirect.
type Redirect struct {
	Where  string // "public/_redirects:3", "netlify.toml:12", "vercel.json:7"
	To     string // the target as the rule writes it, placeholders filled in when they can be ("/new/:splat" with splat known → "/new/a/b")
	Status int    // 301, 302, 303, 307 or 308
}

// The rules of a chain are one list in which the first matching rule
// answers: Netlify reads _redirects and netlify.toml as one list; Vercel
// reads vercel.json.
const (
	netlifyChain = iota
	vercelChain
	redirectChains
)

type redirectRule struct {
	chain    int
	where    diag.Pos
	from     string         // the paths it matches, as the rule writes them
	host     string         // "" for any host
	re       *regexp.Regexp // matches the path
	slash    bool           // the path matches with or without its trailing slash (Netlify)
	capture  *regexp.Regexp // re with a group per parameter, to fill in to; nil if there is none
	params   []string       // the name of each parameter, "" for an unnamed one
	groups   []int          // the submatch of each parameter in capture
	to       string
	status   int
	shadowed bool // a file the site serves wins over the rule
	// errorPage says the rule serves to as the error page: status 404,
	// rules run as Netlify runs them (shadowing), to a path of the site
	// with no placeholder.
	errorPage bool
}

// redirectSources are the files LoadRedirects reads in each folder, in the
// order their rules apply, and their parsers.
var redirectSources = []struct {
	name  string
	parse func(r *Redirects, f *hostFile, shadowing bool) []error
}{
	{"_redirects", func(r *Redirects, f *hostFile, shadowing bool) []error {
		return r.parseRedirectsFile(f.path, f.data, shadowing)
	}},
	{"netlify.toml", func(r *Redirects, f *hostFile, shadowing bool) []error {
		return r.parseNetlifyTOML(f.netlify(), shadowing)
	}},
	{"vercel.json", func(r *Redirects, f *hostFile, shadowing bool) []error {
		return r.parseVercelRedirects(f.path, f.data, shadowing)
	}},
}

// RedirectFiles returns the file names LoadRedirects reads in each folder
// ("_redirects", "netlify.toml", "vercel.json"): a change to one changes
// the rules.
func RedirectFiles() []string {
	names := make([]string, len(redirectSources))
	for i, f := range redirectSources {
		names[i] = f.name
	}
	return names
}

// LoadRedirects reads `_redirects` (Netlify, Cloudflare Pages),
// `netlify.toml` ([[redirects]] tables) and `vercel.json` (`redirects`) in
// each of dirs, skipping missing files and folders listed twice (compare
// absolute paths, as Load does). Rules that cannot be evaluated with
// certainty (conditions, country/language/role/cookie conditions,
// has/missing in Vercel, a pattern Go's regexp cannot express, a status
// that is not a number) are ignored with a warning naming file:line. error
// only for files that exist but cannot be read. Syntax errors come back as
// warnings with file:line (like Load).
//
// shadowing says a file the site serves wins over a rule that is not
// forced, as on Netlify. It applies to the rules of _redirects and
// netlify.toml; Cloudflare Pages applies _redirects before its files (call
// with false), and Vercel its redirects, whatever shadowing says.
func LoadRedirects(shadowing bool, lim limits.Limits, dirs ...string) (*Redirects, []error, error) {
	return NewSiteFiles(lim).Redirects(shadowing, dirs...)
}

// Redirects is [LoadRedirects] of the files s reads.
func (s *SiteFiles) Redirects(shadowing bool, dirs ...string) (*Redirects, []error, error) {
	r := &Redirects{lim: s.lim}
	var warnings []error
	count := func() int { return len(r.rules) }
	err := s.each(dirs, RedirectFiles(), count, func(i int, f *hostFile) {
		warnings = append(warnings, redirectSources[i].parse(r, f, shadowing)...)
	})
	if err != nil {
		return nil, warnings, err
	}
	return r, warnings, nil
}

// Len returns the number of redirect rules: rules with a redirect status,
// a file shadowing them or not.
func (r *Redirects) Len() int {
	n := 0
	if r != nil {
		for _, ru := range r.rules {
			if isRedirectStatus(ru.status) {
				n++
			}
		}
	}
	return n
}

// Match reports the first rule that would answer a GET of loc (an absolute
// URL the sitemap lists, served by a file of the site) with a redirect
// status. Rewrites (200), 404 rules, proxies to other hosts with 200 are
// not redirects.
func (r *Redirects) Match(loc string) (Redirect, bool) { return r.match(loc, true) }

// MatchGone is [Redirects.Match] for a URL no file of the site serves (a
// page a build removed): a rule that a file would shadow answers it too.
func (r *Redirects) MatchGone(loc string) (Redirect, bool) { return r.match(loc, false) }

func (r *Redirects) match(loc string, served bool) (Redirect, bool) {
	if r == nil || len(r.rules) == 0 { // not Len, which counts them all
		return Redirect{}, false
	}
	u, err := url.Parse(loc)
	if err != nil {
		return Redirect{}, false
	}
	p := u.Path
	if p == "" {
		p = "/"
	}
	other := strings.TrimSuffix(p, "/") // the path with or without its trailing slash
	if other == p {
		other = p + "/"
	}
	r.once.Do(func() {
		r.index = newRuleIndex(len(r.rules), func(i int) *regexp.Regexp { return r.rules[i].re })
	})
	var answered [redirectChains]bool
	for _, i := range r.index.candidates(nil, p, other) {
		ru := &r.rules[i]
		if answered[ru.chain] || ru.host != "" && !strings.EqualFold(ru.host, u.Host) {
			continue
		}
		matched := p
		if !ru.re.MatchString(p) {
			if !ru.slash || other == "" || !ru.re.MatchString(other) {
				continue
			}
			matched = other
		}
		answered[ru.chain] = true // the first matching rule answers, whatever it says
		if ru.shadowed && served || !isRedirectStatus(ru.status) {
			continue
		}
		return Redirect{Where: ru.where.String(), To: ru.target(matched), Status: ru.status}, true
	}
	return Redirect{}, false
}

// ErrorRule is a rule that serves a page as the host's error page.
type ErrorRule struct {
	Where string // "netlify.toml:40", "public/_redirects:3"
	From  string // the paths it answers, as the rule writes them: "/de/*"
}

// ErrorPages returns the number of rules that serve a page as the error
// page (see [Redirects.ErrorPage]).
func (r *Redirects) ErrorPages() int {
	n := 0
	if r != nil {
		for _, ru := range r.rules {
			if ru.errorPage {
				n++
			}
		}
	}
	return n
}

// ErrorPage reports the first rule that serves the page at loc (an
// absolute URL) as the host's error page: a Netlify rule with status 404
// whose to is loc's path ("/de/* /de/404 404" for
// https://example.org/de/404/). The two paths are compared as Netlify
// serves a file: with or without a trailing slash, index.html or .html.
// A rule limited to a host names the page on that host alone.
func (r *Redirects) ErrorPage(loc string) (ErrorRule, bool) {
	if r == nil || len(r.rules) == 0 {
		return ErrorRule{}, false
	}
	r.errorOnce.Do(func() {
		for i, ru := range r.rules {
			if ru.errorPage {
				if r.errorPages == nil {
					r.errorPages = map[string][]int{}
				}
				p := ru.to
				if dec, err := url.PathUnescape(p); err == nil {
					p = dec
				}
				p = errorPagePath(p)
				r.errorPages[p] = append(r.errorPages[p], i)
			}
		}
	})
	if r.errorPages == nil {
		return ErrorRule{}, false
	}
	u, err := url.Parse(loc)
	if err != nil {
		return ErrorRule{}, false
	}
	for _, i := range r.errorPages[errorPagePath(u.Path)] {
		ru := &r.rules[i]
		if ru.host == "" || strings.EqualFold(ru.host, u.Host) {
			return ErrorRule{Where: ru.where.String(), From: ru.from}, true
		}
	}
	return ErrorRule{}, false
}

// errorPagePath returns the path p (decoded) in the one form every name
// of its file takes: without a trailing slash, index.html or .html
// ("/de/404/", "/de/404/index.html", "/de/404.html": "/de/404").
func errorPagePath(p string) string {
	p = strings.TrimSuffix(p, "/")
	for _, suffix := range []string{"/index.html", "/index.htm", ".html", ".htm"} {
		if q, ok := strings.CutSuffix(p, suffix); ok {
			return q
		}
	}
	return p
}

// isErrorTarget reports whether to, the target of a rule with status
// 404, is a page of the site that the rule serves whatever the path
// asked: a path with no placeholder (":splat", ":name") and no query.
func isErrorTarget(to string) bool {
	return strings.HasPrefix(to, "/") && !strings.ContainsAny(to, ":?#")
}

func isRedirectStatus(status int) bool {
	switch status {
	case 301, 302, 303, 307, 308:
		return true
	}
	return false
}

// target returns the rule's to with the parameters that path gives filled
// in.
func (ru *redirectRule) target(path string) string {
	if ru.capture == nil {
		return ru.to
	}
	m := ru.capture.FindStringSubmatch(path)
	if m == nil {
		return ru.to
	}
	values := map[string]string{}
	for i, name := range ru.params {
		if name != "" && ru.groups[i] > 0 {
			values[name] = m[ru.groups[i]]
		}
	}
	return fillPlaceholders(ru.to, values, ru.chain == vercelChain)
}

// fillPlaceholders replaces each ":name" of to that values knows. In a
// Vercel destination ":name*" and ":name+" are the parameter too, and an
// empty ":name*" takes the "/" before it along, as path-to-regexp's compile
// does.
func fillPlaceholders(to string, values map[string]string, vercel bool) string {
	var b []byte
	for i := 0; i < len(to); {
		if to[i] == ':' && i+1 < len(to) && isNameChar(to[i+1]) {
			j := i + 1
			for j < len(to) && isNameChar(to[j]) {
				j++
			}
			if v, ok := values[to[i+1:j]]; ok {
				if vercel && j < len(to) && (to[j] == '*' || to[j] == '+') {
					if v == "" && to[j] == '*' && len(b) > 0 && b[len(b)-1] == '/' {
						b = b[:len(b)-1]
					}
					j++
				}
				b = append(b, v...)
				i = j
				continue
			}
		}
		b = append(b, to[i])
		i++
	}
	return string(b)
}

// parseRedirectsFile reads a _redirects file (Netlify, Cloudflare Pages).
func (r *Redirects) parseRedirectsFile(path string, data []byte, shadowing bool) []error {
	var warnings []error
	for line, text := range lines(data) {
		fields := strings.Fields(text)
		for i, f := range fields { // a comment ends the line
			if strings.HasPrefix(f, "#") {
				fields = fields[:i]
				break
			}
		}
		if len(fields) == 0 {
			continue
		}
		where := diag.Pos{File: path, Line: line}
		ru, err := parseRedirectLine(where, fields, shadowing)
		if err != nil {
			warnings = append(warnings, where.Errorf("%v", err))
			continue
		}
		r.rules = append(r.rules, ru)
	}
	return warnings
}

// parseRedirectLine reads the fields of a _redirects line,
// "from [query] to [status][!] [conditions]", as Netlify's parser splits
// them: "to" is the first field after from that starts with "/", "http://"
// or "https://", and is left out in "/path/* 200".
func parseRedirectLine(where diag.Pos, fields []string, shadowing bool) (redirectRule, error) {
	from, parts := fields[0], fields[1:]
	if len(parts) == 0 {
		return redirectRule{}, fmt.Errorf("no destination after %q; the rule is ignored", diag.Excerpt(from))
	}
	var to string
	var query, rest []string
	if _, _, ok := parseStatusField(parts[0]); ok {
		rest = parts
	} else {
		k := 0
		for k < len(parts) && !strings.HasPrefix(parts[k], "/") && !hasHTTPScheme(parts[k]) {
			k++
		}
		if k == len(parts) {
			return redirectRule{}, fmt.Errorf(`the destination of %q does not start with "/", "http://" or "https://"; the rule is ignored`, diag.Excerpt(from))
		}
		query, to, rest = parts[:k], parts[k], parts[k+1:]
	}
	status, force := 301, false
	if len(rest) > 0 {
		var ok bool
		if status, force, ok = parseStatusField(rest[0]); !ok {
			return redirectRule{}, fmt.Errorf("status %q is not a number; the rule is ignored", diag.Excerpt(rest[0]))
		}
		rest = rest[1:]
	}
	var conditions []string
	for _, c := range rest {
		// Sign signs what a proxy rule sends: no condition on the request.
		if key, _, _ := strings.Cut(c, "="); !strings.EqualFold(key, "Sign") {
			conditions = append(conditions, c)
		}
	}
	if len(conditions) > 0 {
		return redirectRule{}, fmt.Errorf("the rule for %q depends on the request (%s); ignored", diag.Excerpt(from), diag.Excerpt(strings.Join(conditions, " ")))
	}
	if len(query) > 0 {
		return redirectRule{}, fmt.Errorf("the rule for %q matches query parameters (%s); ignored", diag.Excerpt(from), diag.Excerpt(strings.Join(query, " ")))
	}
	if to == "" {
		if !strings.HasSuffix(from, "/*") || status < 200 || status > 299 {
			return redirectRule{}, fmt.Errorf("no destination after %q; the rule is ignored", diag.Excerpt(from))
		}
		to = strings.TrimSuffix(from, "*") + ":splat"
	}
	ru, err := netlifyRule(from, to, status, force, shadowing)
	ru.where = where
	return ru, err
}

// parseStatusField reads a status field of _redirects: "301", "200!".
func parseStatusField(f string) (status int, force bool, ok bool) {
	digits, force := strings.CutSuffix(f, "!")
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, false, false
	}
	status, err := strconv.Atoi(digits)
	return status, force, err == nil
}

func hasHTTPScheme(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// netlifyRule compiles a Netlify rule. from is matched as netlifyPattern
// compiles a _headers path; a splat ends it. Paths in Netlify's rules are
// URL-encoded ("/authors/c%C3%A9line"), so from is decoded to match the
// decoded path of a URL.
func netlifyRule(from, to string, status int, force, shadowing bool) (redirectRule, error) {
	if i := strings.IndexByte(from, '*'); i >= 0 && i != len(from)-1 {
		return redirectRule{}, fmt.Errorf("%q has a splat (*) that does not end it; the rule is ignored", diag.Excerpt(from))
	}
	p := from
	if !strings.Contains(p, "://") {
		if dec, err := url.PathUnescape(p); err == nil {
			p = dec
		}
	}
	host, re, err := netlifyPattern(p)
	if err != nil {
		return redirectRule{}, fmt.Errorf("%v; the rule is ignored", err)
	}
	if host != "" {
		u, _ := url.Parse(p) // it parsed in netlifyPattern
		p = u.Path
	}
	ru := redirectRule{
		chain:     netlifyChain,
		from:      from,
		host:      host,
		re:        re,
		slash:     true,
		to:        to,
		status:    status,
		shadowed:  shadowing && !force,
		errorPage: status == 404 && shadowing && isErrorTarget(to),
	}
	ru.capture, ru.params, ru.groups = netlifyCaptures(p)
	return ru, nil
}

// netlifyCaptures compiles a Netlify path as netlifyPattern does, with a
// group for the splat ("splat") and each ":name".
func netlifyCaptures(p string) (*regexp.Regexp, []string, []int) {
	if !strings.ContainsAny(p, "*:") {
		return nil, nil, nil
	}
	var (
		b     strings.Builder
		names []string
	)
	b.WriteString("^")
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '*':
			b.WriteString("(.*)")
			names = append(names, "splat")
		case c == ':' && i+1 < len(p) && isNameChar(p[i+1]) && (i == 0 || p[i-1] == '/'):
			j := i + 1
			for j < len(p) && isNameChar(p[j]) {
				j++
			}
			b.WriteString("([^/]+)")
			names = append(names, p[i+1:j])
			i = j - 1
		default:
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil || len(names) == 0 {
		return nil, nil, nil
	}
	groups := make([]int, len(names))
	for i := range groups {
		groups[i] = i + 1
	}
	return re, names, groups
}

// netlifyTOMLRedirect is a [[redirects]] table of netlify.toml, with the
// older names Netlify still reads (origin, destination, params, parameters).
type netlifyTOMLRedirect struct {
	From        string         `toml:"from"`
	Origin      string         `toml:"origin"`
	To          string         `toml:"to"`
	Destination string         `toml:"destination"`
	Status      any            `toml:"status"`
	Force       bool           `toml:"force"`
	Query       map[string]any `toml:"query"`
	Params      map[string]any `toml:"params"`
	Parameters  map[string]any `toml:"parameters"`
	Conditions  map[string]any `toml:"conditions"`
	// headers (sent to a proxied site) and signed do not condition the rule.
}

// parseNetlifyTOML reads the [[redirects]] of netlify.toml.
func (r *Redirects) parseNetlifyTOML(n *netlifyTOML, shadowing bool) []error {
	const then = "its redirects are ignored"
	if n.problem != nil {
		return errorList(n.rulesProblem())
	}
	var entries []toml.Primitive
	if _, err := n.table("redirects", &entries, then); err != nil {
		return []error{err}
	}
	var warnings []error
	lines := tomlArrayLines(n.data, "redirects", len(entries))
	for i, prim := range entries {
		where := diag.Pos{File: n.path}
		if i < len(lines) {
			where.Line = lines[i]
		}
		ru, err := tomlRedirectRule(n.md, prim, shadowing)
		if err != nil {
			warnings = append(warnings, where.Errorf("%v", err))
			continue
		}
		ru.where = where
		r.rules = append(r.rules, ru)
	}
	return warnings
}

func tomlRedirectRule(md toml.MetaData, prim toml.Primitive, shadowing bool) (redirectRule, error) {
	var e netlifyTOMLRedirect
	if err := md.PrimitiveDecode(prim, &e); err != nil {
		msg := err.Error()
		if m := tomlErrorLine().FindStringSubmatch(msg); m != nil {
			msg = msg[len(m[0]):]
		}
		return redirectRule{}, fmt.Errorf("[[redirects]]: %s; the rule is ignored", diag.DecoderMessage(msg))
	}
	from := firstSet(e.From, e.Origin)
	if from == "" {
		return redirectRule{}, errors.New("[[redirects]] without from; ignored")
	}
	status := 301
	switch s := e.Status.(type) {
	case nil:
	case int64:
		status = int(s)
	case float64:
		if s != float64(int(s)) {
			return redirectRule{}, fmt.Errorf("status %v is not a whole number; the rule is ignored", s)
		}
		status = int(s)
	case string: // Netlify reads "301" too
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return redirectRule{}, fmt.Errorf("status %q is not a number; the rule is ignored", diag.Excerpt(s))
		}
		status = n
	default:
		return redirectRule{}, fmt.Errorf("status %s is not a number; the rule is ignored", diag.Excerpt(fmt.Sprint(s)))
	}
	if len(e.Conditions) > 0 {
		return redirectRule{}, fmt.Errorf("the rule for %q depends on the request (conditions %s); ignored", diag.Excerpt(from), diag.Excerpt(tomlPairs(e.Conditions)))
	}
	for _, q := range []map[string]any{e.Query, e.Params, e.Parameters} {
		if len(q) > 0 {
			return redirectRule{}, fmt.Errorf("the rule for %q matches query parameters (%s); ignored", diag.Excerpt(from), diag.Excerpt(tomlPairs(q)))
		}
	}
	to := firstSet(e.To, e.Destination)
	if to == "" {
		if !strings.HasSuffix(from, "/*") || status < 200 || status > 299 {
			return redirectRule{}, fmt.Errorf("the rule for %q has no to; ignored", diag.Excerpt(from))
		}
		to = strings.TrimSuffix(from, "*") + ":splat"
	}
	return netlifyRule(from, to, status, e.Force, shadowing)
}

// firstSet returns the first of a and b that is not empty.
func firstSet(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// tomlPairs writes a table of netlify.toml as "a = 1, b = [x]".
func tomlPairs(m map[string]any) string {
	var pairs []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		pairs = append(pairs, fmt.Sprintf("%s = %v", k, m[k]))
	}
	return strings.Join(pairs, ", ")
}

// vercelRedirect is an entry of the redirects of vercel.json.
type vercelRedirect struct {
	Source      string          `json:"source"`
	Destination string          `json:"destination"`
	Permanent   *bool           `json:"permanent"`
	StatusCode  json.RawMessage `json:"statusCode"`
	Has         json.RawMessage `json:"has"`
	Missing     json.RawMessage `json:"missing"`
}

// parseVercelRedirects reads the redirects of vercel.json.
func (r *Redirects) parseVercelRedirects(path string, data []byte, _ bool) []error {
	var cfg struct {
		Redirects []json.RawMessage `json:"redirects"`
	}
	if errs := bounded(r.lim, path, data, "its redirects are ignored"); errs != nil {
		return errs
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		where := jsonPos(path, data, err)
		var te *json.UnmarshalTypeError
		if where.Line == 0 && errors.As(err, &te) && te.Offset <= int64(len(data)) {
			where.Line = 1 + bytes.Count(data[:te.Offset], []byte("\n"))
		}
		return []error{where.Errorf("%v; its redirects are ignored", err)}
	}
	var warnings []error
	lines := jsonArrayLines(data, "redirects")
	for i, raw := range cfg.Redirects {
		where := diag.Pos{File: path}
		if i < len(lines) {
			where.Line = lines[i]
		}
		ru, warning, err := vercelRule(raw)
		if warning != nil {
			warnings = append(warnings, where.Errorf("%v", warning))
		}
		if err != nil {
			warnings = append(warnings, where.Errorf("%v", err))
			continue
		}
		ru.where = where
		r.rules = append(r.rules, ru)
	}
	return warnings
}

// vercelRule compiles a redirect of vercel.json. warning is for a rule
// that is kept nevertheless, err for one that is not.
func vercelRule(raw json.RawMessage) (ru redirectRule, warning, err error) {
	var e vercelRedirect
	if err := json.Unmarshal(raw, &e); err != nil {
		return ru, nil, fmt.Errorf("redirect: %v; ignored", err)
	}
	if err := patternTooLong(e.Source); err != nil {
		return ru, nil, fmt.Errorf("redirect: %v; ignored", err)
	}
	if jsonSays(e.Has) || jsonSays(e.Missing) {
		return ru, nil, fmt.Errorf("the redirect for %q depends on the request (has/missing); ignored", diag.Excerpt(e.Source))
	}
	if strings.Contains(e.Source, "://") {
		return ru, nil, fmt.Errorf("the redirect for %q names a host in its source; ignored", diag.Excerpt(e.Source))
	}
	if e.Destination == "" {
		return ru, nil, fmt.Errorf("the redirect for %q has no destination; ignored", diag.Excerpt(e.Source))
	}
	status := 308
	code := jsonSays(e.StatusCode)
	if code {
		if err := json.Unmarshal(e.StatusCode, &status); err != nil {
			return ru, nil, fmt.Errorf("statusCode %s of the redirect for %q is not a number; ignored", diag.Excerpt(string(e.StatusCode)), diag.Excerpt(e.Source))
		}
	}
	if e.Permanent != nil {
		if code {
			warning = fmt.Errorf("the redirect for %q has both permanent and statusCode, which Vercel documents as one or the other; Vercel uses permanent", diag.Excerpt(e.Source))
		}
		status = 307
		if *e.Permanent {
			status = 308
		}
	}
	re, err := pathToRegexp(e.Source)
	if err != nil {
		return ru, warning, fmt.Errorf("source %q: %v; the rule is ignored", diag.Excerpt(e.Source), err)
	}
	ru = redirectRule{chain: vercelChain, re: re, to: e.Destination, status: status}
	ru.capture, ru.params, ru.groups = vercelCaptures(e.Source)
	return ru, warning, nil
}

// jsonSays reports whether a JSON value is there and says something: not
// null, not an empty array.
func jsonSays(raw json.RawMessage) bool {
	s := string(bytes.TrimSpace(raw))
	if s == "" || s == "null" {
		return false
	}
	var list []json.RawMessage
	return json.Unmarshal(raw, &list) != nil || len(list) > 0
}

// vercelCaptures compiles a Vercel source that pathToRegexp compiled, with
// a group around each parameter: it rewrites the source so that each
// parameter has its pattern written out, in a named group, and a
// repetition ("*", "+") inside that group, so that the group holds all of
// it ("a/b" for :path* on "/docs/a/b", as path-to-regexp gives it), then
// compiles that with pathToRegexp. The rewritten source matches what the
// original does.
func vercelCaptures(src string) (*regexp.Regexp, []string, []int) {
	const segment = `[^/#?]+?`
	var (
		b     strings.Builder
		names []string
		slash bool // the literal text since the last parameter ends with "/"
	)
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src):
			b.WriteString(src[i : i+2])
			slash = src[i+1] == '/'
			i += 2
		case c == ':' || c == '(':
			name := ""
			if c == ':' {
				j := i + 1
				for j < len(src) && isNameChar(src[j]) {
					j++
				}
				if j == i+1 {
					return nil, nil, nil
				}
				name, i = src[i+1:j], j
			}
			pattern := segment
			if i < len(src) && src[i] == '(' {
				j := closingParenAt(src, i)
				if j < 0 {
					return nil, nil, nil
				}
				pattern, i = src[i+1:j], j+1
			}
			mod := byte(0)
			if i < len(src) && (src[i] == '?' || src[i] == '*' || src[i] == '+') {
				mod = src[i]
				i++
			}
			group := fmt.Sprintf("(?P<p%d>", len(names))
			names = append(names, name)
			switch mod {
			case '*', '+':
				sep := ""
				if slash {
					sep = "/"
				}
				b.WriteString("(" + group + "(?:" + pattern + ")(?:" + sep + "(?:" + pattern + "))*))")
				if mod == '*' {
					b.WriteByte('?')
				}
			default:
				b.WriteString("(" + group + pattern + "))")
				if mod == '?' {
					b.WriteByte('?')
				}
			}
			slash = false
		default:
			b.WriteByte(c)
			slash = c == '/'
			i++
		}
	}
	// The source itself is within maxProgram: its rewrite, each
	// parameter's pattern written at most twice and a group around it,
	// is within twice that and a little.
	re, err := pathToRegexpWithin(b.String(), 2*maxProgram+maxPattern)
	if err != nil || len(names) == 0 {
		return nil, nil, nil
	}
	groups := make([]int, len(names))
	for i := range names {
		groups[i] = re.SubexpIndex(fmt.Sprintf("p%d", i))
	}
	return re, names, groups
}

// closingParenAt returns the index of the ")" that closes the "(" at
// src[i], counting as pathToRegexp does, or -1.
func closingParenAt(src string, i int) int {
	depth := 0
	for j := i; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}
