package robots

import (
	"bytes"
	"fmt"
	"strings"
)

// MaxLine is the longest line read, in bytes: Google's parser keeps
// 8 × 2083 − 1 bytes of a line and drops the rest.
const MaxLine = 8*2083 - 1

// Rule is one Allow or Disallow line.
type Rule struct {
	// Allow is true for an Allow line.
	Allow bool
	// Pattern is the value as written (comment and spaces cut).
	Pattern string
	// Line is its line number, from 1.
	Line int

	norm string // the pattern normalised
}

// String returns the rule as robots.txt writes it: "Disallow: /x/".
func (r Rule) String() string {
	if r.Allow {
		return "Allow: " + r.Pattern
	}
	return "Disallow: " + r.Pattern
}

// Group is the rules one crawler obeys.
type Group struct {
	rules []Rule
}

// Rules are a parsed robots.txt.
type Rules struct {
	star    *Group
	byAgent map[string]*Group // by lower-case product token
	key     strings.Builder
}

// Key identifies the rules: two files with one Key judge every path
// alike, by the same lines. Other lines (Sitemap:, comments) do not
// change it.
func (r *Rules) Key() string { return r.key.String() }

// Parse reads a robots.txt file. It never fails: see the package comment
// for what it makes of each line.
func Parse(data []byte) *Rules {
	r := &Rules{byAgent: map[string]*Group{}}
	data = skipBOM(data)
	var (
		agents    []*Group // the groups the current User-agent lines name
		afterRule bool     // a rule came after the last User-agent line
	)
	line := 0
	for len(data) > 0 {
		line++
		var text []byte
		text, data = nextLine(data)
		if len(text) > MaxLine {
			text = text[:MaxLine]
		}
		name, value, ok := record(text)
		if !ok {
			continue
		}
		if name == "user-agent" || name == "allow" || name == "disallow" {
			fmt.Fprintf(&r.key, "%d %s %s\n", line, name, value)
		}
		switch name {
		case "user-agent":
			if afterRule {
				agents, afterRule = agents[:0], false
			}
			agents = append(agents, r.group(value))
		case "allow", "disallow":
			if len(agents) == 0 {
				afterRule = true
				continue // outside any group
			}
			afterRule = true
			allow := name == "allow"
			rule := Rule{Allow: allow, Pattern: value, Line: line, norm: Normalize(value)}
			if rule.norm == "" {
				continue // matches nothing
			}
			seen := map[*Group]bool{}
			for _, g := range agents {
				if seen[g] {
					continue
				}
				seen[g] = true
				g.rules = append(g.rules, rule)
				if slash := strings.LastIndexByte(rule.norm, '/'); allow && slash >= 0 && strings.HasPrefix(rule.norm[slash+1:], "index.htm") {
					// Google: allowing a folder's index page allows the folder.
					dir := rule
					dir.norm = rule.norm[:slash+1] + "$"
					g.rules = append(g.rules, dir)
				}
			}
		}
	}
	return r
}

// group returns the group of the User-agent value v, made if new.
func (r *Rules) group(v string) *Group {
	if strings.HasPrefix(v, "*") && (len(v) == 1 || v[1] == ' ' || v[1] == '\t') {
		if r.star == nil {
			r.star = &Group{}
		}
		return r.star
	}
	token := strings.ToLower(productToken(v))
	g := r.byAgent[token]
	if g == nil {
		g = &Group{}
		r.byAgent[token] = g
	}
	return g
}

// productToken returns the start of v up to its first character that is
// not a letter, "-" or "_".
func productToken(v string) string {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_') {
			return v[:i]
		}
	}
	return v
}

// For returns the group the crawler whose product token is agent obeys:
// its own (compared without regard to case), else *'s, else nil
// (everything allowed). The second result says whether it is the
// crawler's own. agent should be [ValidAgent].
func (r *Rules) For(agent string) (*Group, bool) {
	if g, ok := r.byAgent[strings.ToLower(agent)]; ok && agent != "" {
		return g, true
	}
	return r.star, false
}

// ValidAgent reports whether agent is a product token a crawler may obey
// rules for: one or more letters, "-" and "_".
func ValidAgent(agent string) bool {
	return agent != "" && productToken(agent) == agent
}

// Allowed reports whether agent may fetch path (see [Group.Match]).
func (r *Rules) Allowed(agent, path string) bool {
	g, _ := r.For(agent)
	rule, ok := g.Match(path)
	return !ok || rule.Allow
}

// Empty reports whether the file has no rule for any crawler.
func (r *Rules) Empty() bool {
	if r.star != nil && len(r.star.rules) > 0 {
		return false
	}
	for _, g := range r.byAgent {
		if len(g.rules) > 0 {
			return false
		}
	}
	return true
}

// Match returns the rule of g that decides about path, the path and
// query of a URL as it is sent ("/a/b?c=d", percent-encoded; no
// fragment), and true; or false when no rule matches, which allows. A
// nil Group matches nothing. /robots.txt itself is always allowed.
func (g *Group) Match(path string) (Rule, bool) {
	if g == nil || len(g.rules) == 0 || path == "/robots.txt" {
		return Rule{}, false
	}
	if path == "" {
		path = "/"
	}
	if needsNormal(path) {
		path = Normalize(path)
	}
	best, found := -1, false
	var win Rule
	for i := range g.rules {
		r := &g.rules[i]
		n := len(r.norm)
		if n == 0 || n < best || n == best && !r.Allow || !match(r.norm, path) {
			continue
		}
		if n > best || r.Allow {
			best, win, found = n, *r, true
		}
	}
	return win, found
}

// match reports whether the normalised pattern matches path: a prefix of
// it, or all of it when the pattern ends in $.
func match(pattern, path string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	// The literal start, before any *, must be the path's.
	star := strings.IndexByte(pattern, '*')
	if star < 0 {
		if anchored {
			return pattern == path
		}
		return strings.HasPrefix(path, pattern)
	}
	if !strings.HasPrefix(path, pattern[:star]) {
		return false
	}
	p, s := pattern[star:], path[star:]
	// Glob matching with one backtrack point: the last *.
	pi, si, backP, backS := 0, 0, -1, 0
	for {
		if pi == len(p) {
			if !anchored || si == len(s) {
				return true
			}
		} else if p[pi] == '*' {
			backP, backS = pi, si
			pi++
			continue
		} else if si < len(s) && p[pi] == s[si] {
			pi++
			si++
			continue
		}
		if backP < 0 || backS >= len(s) {
			return false
		}
		backS++
		pi, si = backP+1, backS
	}
}

// needsNormal reports whether Normalize would change s.
func needsNormal(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return true
		}
		if c == '%' && i+2 < len(s) {
			h, l := s[i+1], s[i+2]
			if isHex(h) && isHex(l) && (unreserved(unhex(h)<<4|unhex(l)) || isLowerHex(h) || isLowerHex(l)) {
				return true
			}
		}
	}
	return false
}

// Normalize returns s percent-encoded as robots.txt paths are compared:
// octets outside ASCII encoded, escapes of unreserved characters decoded,
// the hex digits of the other escapes upper case.
func Normalize(s string) string {
	if !needsNormal(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			v := unhex(s[i+1])<<4 | unhex(s[i+2])
			if unreserved(v) {
				b.WriteByte(v)
			} else {
				b.WriteByte('%')
				b.WriteByte(hex[v>>4])
				b.WriteByte(hex[v&15])
			}
			i += 2
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func isLowerHex(c byte) bool { return 'a' <= c && c <= 'f' }

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// unreserved reports whether RFC 3986 calls c unreserved. * and $ are
// not, so that %2A and %24 stay literal.
func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// skipBOM drops a UTF-8 byte order mark, or the start of one, from data.
func skipBOM(data []byte) []byte {
	bom := []byte{0xEF, 0xBB, 0xBF}
	for len(bom) > 0 && len(data) > 0 && data[0] == bom[0] {
		data, bom = data[1:], bom[1:]
	}
	return data
}

// nextLine splits off data's first line, ended by LF, CR or CR LF.
func nextLine(data []byte) (line, rest []byte) {
	i := bytes.IndexAny(data, "\r\n")
	if i < 0 {
		return data, nil
	}
	line, rest = data[:i], data[i+1:]
	if data[i] == '\r' && len(rest) > 0 && rest[0] == '\n' {
		rest = rest[1:]
	}
	return line, rest
}

// record splits a line into its lower-case name (user-agent, allow,
// disallow, or another) and value, without the comment and the spaces
// around; ok is false for a line without a record.
func record(line []byte) (name, value string, ok bool) {
	if i := bytes.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return "", "", false
	}
	k, v, found := bytes.Cut(line, []byte(":"))
	if !found {
		// Google: "disallow /" means what it says, when the value is one word.
		i := bytes.IndexAny(line, " \t")
		if i < 0 {
			return "", "", false
		}
		k, v = line[:i], bytes.TrimSpace(line[i:])
		if bytes.ContainsAny(v, " \t") {
			return "", "", false
		}
	}
	k, v = bytes.TrimSpace(k), bytes.TrimSpace(v)
	switch key := strings.ToLower(string(k)); key {
	case "user-agent", "useragent", "user agent", "user_agent":
		name = "user-agent"
	case "allow":
		name = "allow"
	case "disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw":
		name = "disallow"
	default:
		name = key
	}
	return name, string(v), true
}

// PathOf returns the path and query of url, as [Group.Match] takes them:
// what follows the scheme and host, up to a fragment; "/" when there is
// none. A url without a scheme is a host and a path ("example.com/a"), as
// Google's parser reads it.
func PathOf(url string) string {
	start := 0
	if strings.HasPrefix(url, "//") {
		start = 2
	}
	early := indexAny(url, "/?;", start)
	proto := strings.Index(url[start:], "://")
	if proto >= 0 {
		proto += start
	}
	switch {
	case proto < 0 || early >= 0 && early < proto:
		proto = start
	default:
		proto += 3
	}
	p := indexAny(url, "/?;", proto)
	if p < 0 {
		return "/"
	}
	end := len(url)
	if h := strings.IndexByte(url[start:], '#'); h >= 0 {
		if h+start < p {
			return "/"
		}
		end = h + start
	}
	if url[p] != '/' {
		return "/" + url[p:end]
	}
	return url[p:end]
}

// indexAny is strings.IndexAny of s[from:], as an index into s.
func indexAny(s, chars string, from int) int {
	if from > len(s) {
		return -1
	}
	i := strings.IndexAny(s[from:], chars)
	if i < 0 {
		return -1
	}
	return i + from
}
