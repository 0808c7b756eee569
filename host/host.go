// Package host reads what a hosting platform's configuration files say about
// serving a site's paths. Today that is the X-Robots-Tag response header, as
// set for paths in a `_headers` file (Netlify, Cloudflare Pages) or in the
// `headers` of `vercel.json`: a page served with X-Robots-Tag: noindex must
// not be in a sitemap, whatever its HTML says.
//
// A rule this package cannot evaluate with certainty (a Vercel rule with
// has or missing conditions, a pattern Go's regexp cannot express) is
// reported as a problem and ignored, so that it never drops a page.
package host

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// Rules are the X-Robots-Tag rules of a site's host configuration.
type Rules struct {
	noindex []rule
}

type rule struct {
	host  string // "" for any host
	re    *regexp.Regexp
	where string // file:line
	value string // the header value
}

// Load reads `_headers` and `vercel.json` in each folder of dirs (the site
// folder and the project folder, say), skipping files that do not exist
// and folders listed twice. Problems with a file (a line that does not
// parse, a rule it cannot evaluate) come back as warnings, each naming the
// file and line; the error is for files that exist but cannot be read.
func Load(dirs ...string) (*Rules, []error, error) {
	r := &Rules{}
	var warnings []error
	seen := map[string]bool{}
	for _, dir := range dirs {
		abs, err := filepath.Abs(dir)
		if err != nil || seen[abs] {
			continue
		}
		seen[abs] = true
		for _, f := range []struct {
			name  string
			parse func(path string, data []byte) []error
		}{{"_headers", r.parseHeaders}, {"vercel.json", r.parseVercel}} {
			path := filepath.Join(dir, f.name)
			data, err := os.ReadFile(path)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return nil, warnings, err
			}
			warnings = append(warnings, f.parse(path, data)...)
		}
	}
	return r, warnings, nil
}

// Len returns the number of noindex rules.
func (r *Rules) Len() int {
	if r == nil {
		return 0
	}
	return len(r.noindex)
}

// NoIndex reports the rule that serves the page at loc (an absolute URL)
// with X-Robots-Tag noindex, as `X-Robots-Tag "noindex" (public/_headers:3)`.
// A path matches with or without its trailing slash, as hosts serve both.
func (r *Rules) NoIndex(loc string) (string, bool) {
	if r == nil || len(r.noindex) == 0 {
		return "", false
	}
	u, err := url.Parse(loc)
	if err != nil {
		return "", false
	}
	p := u.Path
	if p == "" {
		p = "/"
	}
	other := strings.TrimSuffix(p, "/")
	if other == p {
		other = p + "/"
	}
	for _, ru := range r.noindex {
		if ru.host != "" && !strings.EqualFold(ru.host, u.Host) {
			continue
		}
		if ru.re.MatchString(p) || other != "" && ru.re.MatchString(other) {
			return fmt.Sprintf("X-Robots-Tag %q (%s)", ru.value, ru.where), true
		}
	}
	return "", false
}

// noIndexValue reports whether an X-Robots-Tag value says noindex to all
// crawlers or to Googlebot: "noindex", "none", "googlebot: noindex, nofollow".
func noIndexValue(v string) bool {
	v = strings.TrimSpace(v)
	if i := strings.IndexByte(v, ':'); i > 0 {
		agent := strings.ToLower(strings.TrimSpace(v[:i]))
		switch agent {
		case "unavailable_after", "max-snippet", "max-image-preview", "max-video-preview":
			// a directive with a value, not a user agent
		default:
			if agent != "googlebot" && agent != "robots" {
				return false
			}
			v = v[i+1:]
		}
	}
	for _, d := range strings.Split(v, ",") {
		if d = strings.ToLower(strings.TrimSpace(d)); d == "noindex" || d == "none" {
			return true
		}
	}
	return false
}

// parseHeaders reads a Netlify or Cloudflare Pages _headers file: a path
// pattern on a line of its own, then its headers indented as "Name: value".
func (r *Rules) parseHeaders(path string, data []byte) []error {
	var (
		warnings []error
		cur      *rule
		badPath  bool // the current path did not parse (and was reported)
		sc       = bufio.NewScanner(bytes.NewReader(data))
		line     = 0
	)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line++
		text := sc.Text()
		trimmed := strings.TrimSpace(text)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		where := fmt.Sprintf("%s:%d", path, line)
		if text[0] != ' ' && text[0] != '\t' {
			cur, badPath = nil, false
			host, re, err := netlifyPattern(trimmed)
			if err != nil {
				warnings = append(warnings, fmt.Errorf("%s: %v; its headers are ignored", where, err))
				badPath = true
				continue
			}
			cur = &rule{host: host, re: re}
			continue
		}
		name, value, ok := strings.Cut(trimmed, ":")
		if !ok {
			warnings = append(warnings, fmt.Errorf("%s: header line without a colon: %q", where, trimmed))
			continue
		}
		if cur == nil {
			if !badPath && strings.EqualFold(strings.TrimSpace(name), "X-Robots-Tag") {
				warnings = append(warnings, fmt.Errorf("%s: header without a path above it; ignored", where))
			}
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "X-Robots-Tag") && noIndexValue(value) {
			r.noindex = append(r.noindex, rule{host: cur.host, re: cur.re, where: where, value: strings.TrimSpace(value)})
		}
	}
	if err := sc.Err(); err != nil {
		warnings = append(warnings, fmt.Errorf("%s:%d: %v", path, line+1, err))
	}
	return warnings
}

// netlifyPattern compiles a _headers path: "*" matches anything, ":name" one
// path segment; a full URL limits the rule to its host.
func netlifyPattern(p string) (string, *regexp.Regexp, error) {
	host := ""
	if i := strings.Index(p, "://"); i >= 0 {
		u, err := url.Parse(p)
		if err != nil || u.Host == "" {
			return "", nil, fmt.Errorf("path %q is not a URL path", p)
		}
		host, p = u.Host, u.Path
	}
	if !strings.HasPrefix(p, "/") {
		return "", nil, fmt.Errorf("path %q does not start with /", p)
	}
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '*':
			b.WriteString(".*")
		case c == ':' && i+1 < len(p) && isNameChar(p[i+1]) && (i == 0 || p[i-1] == '/'):
			for i+1 < len(p) && isNameChar(p[i+1]) {
				i++
			}
			b.WriteString("[^/]+")
		default:
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	return host, re, err
}

func isNameChar(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// parseVercel reads the headers of vercel.json.
func (r *Rules) parseVercel(path string, data []byte) []error {
	var cfg struct {
		Headers []struct {
			Source  string `json:"source"`
			Headers []struct {
				Key   string `json:"key"`
				Value string `json:"value"`
			} `json:"headers"`
			Has     json.RawMessage `json:"has"`
			Missing json.RawMessage `json:"missing"`
		} `json:"headers"`
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		return []error{fmt.Errorf("%s: %v; its headers are ignored", jsonPos(path, data, err), err)}
	}
	var warnings []error
	lines := headerLines(data)
	for i, h := range cfg.Headers {
		where := path
		if i < len(lines) {
			where = fmt.Sprintf("%s:%d", path, lines[i])
		}
		for _, kv := range h.Headers {
			if !strings.EqualFold(kv.Key, "X-Robots-Tag") || !noIndexValue(kv.Value) {
				continue
			}
			if len(h.Has) > 0 || len(h.Missing) > 0 {
				warnings = append(warnings, fmt.Errorf("%s: X-Robots-Tag rule for %q depends on the request (has/missing); ignored", where, h.Source))
				continue
			}
			re, err := pathToRegexp(h.Source)
			if err != nil {
				warnings = append(warnings, fmt.Errorf("%s: source %q: %v; the rule is ignored", where, h.Source, err))
				continue
			}
			r.noindex = append(r.noindex, rule{re: re, where: where, value: kv.Value})
		}
	}
	return warnings
}

// pathToRegexp compiles a Vercel source pattern as path-to-regexp (v6) does
// with its defaults: ":name" matches a segment, ":name*" zero or more,
// ":name+" one or more, ":name?" an optional one, "(re)" a regular
// expression; a "/" before a parameter belongs to it; matching ignores case
// and allows a trailing slash.
func pathToRegexp(src string) (*regexp.Regexp, error) {
	const segment = `[^/#?]+?`
	var b strings.Builder
	lit := ""
	flush := func() {
		b.WriteString(regexp.QuoteMeta(lit))
		lit = ""
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src):
			lit += src[i+1 : i+2]
			i += 2
		case c == ':' || c == '(':
			pattern := segment
			if c == ':' {
				j := i + 1
				for j < len(src) && isNameChar(src[j]) {
					j++
				}
				if j == i+1 {
					return nil, errors.New("parameter without a name")
				}
				i = j
			}
			if i < len(src) && src[i] == '(' {
				depth, j := 0, i
				for ; j < len(src); j++ {
					if src[j] == '\\' {
						j++
						continue
					}
					if src[j] == '(' {
						depth++
					} else if src[j] == ')' {
						if depth--; depth == 0 {
							break
						}
					}
				}
				if j >= len(src) {
					return nil, errors.New("unbalanced parenthesis")
				}
				pattern = src[i+1 : j]
				i = j + 1
			}
			prefix := ""
			if strings.HasSuffix(lit, "/") {
				lit, prefix = lit[:len(lit)-1], "/"
			}
			flush()
			mod := byte(0)
			if i < len(src) && (src[i] == '?' || src[i] == '*' || src[i] == '+') {
				mod = src[i]
				i++
			}
			p, group := regexp.QuoteMeta(prefix), "(?:"+pattern+")"
			switch mod {
			case 0:
				b.WriteString(p + group)
			case '?':
				b.WriteString("(?:" + p + group + ")?")
			case '*':
				b.WriteString("(?:" + p + group + "(?:" + p + group + ")*)?")
			case '+':
				b.WriteString(p + group + "(?:" + p + group + ")*")
			}
		case c == '{' || c == '}' || c == '*' || c == '+' || c == '?':
			return nil, fmt.Errorf("%q at offset %d is not supported", c, i)
		default:
			lit += src[i : i+1]
			i++
		}
	}
	flush()
	re, err := regexp.Compile("(?i)^" + b.String() + "[/#?]?$")
	if err != nil {
		return nil, fmt.Errorf("not a pattern Go can match (%v)", err)
	}
	return re, nil
}

// headerLines returns the line of each entry of vercel.json's top-level
// "headers" array, in order.
func headerLines(data []byte) []int {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var lines []int
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return lines
		}
		if key != "headers" {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return lines
			}
			continue
		}
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			return lines
		}
		for dec.More() {
			off := int(dec.InputOffset())
			for off < len(data) && strings.IndexByte(" \t\r\n,", data[off]) >= 0 {
				off++
			}
			lines = append(lines, 1+bytes.Count(data[:off], []byte("\n")))
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return lines
			}
		}
		return lines
	}
	return lines
}

// jsonPos names the file and line of a JSON syntax error.
func jsonPos(path string, data []byte, err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) && se.Offset <= int64(len(data)) {
		return fmt.Sprintf("%s:%d", path, 1+bytes.Count(data[:se.Offset], []byte("\n")))
	}
	return path
}
