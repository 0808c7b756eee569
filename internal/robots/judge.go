package robots

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// Crawlers are the crawlers a site's URLs are judged for: the two search
// engines whose consoles report "blocked by robots.txt", and any other.
var Crawlers = []string{"Googlebot", "Bingbot", "*"}

// MaxBytes is the most bytes of a robots.txt read by default: Google
// reads 500 KiB and ignores the rest.
const MaxBytes = 500 << 10

// Governs reports whether the robots.txt in dir, the folder served at
// baseURL, governs anything: crawlers read robots.txt at a host's root
// only, so a site under a base URL with a path has none of its own.
func Governs(dir, baseURL string) bool {
	u, err := url.Parse(baseURL)
	return dir != "" && err == nil && (u.Path == "/" || u.Path == "")
}

// LimitKey is the setting that bounds the bytes of robots.txt read.
const LimitKey = "limits.robots_bytes"

// ReadFile reads and parses the robots.txt in the folder dir, at most max
// bytes of it: [Load] and [File.Rules] in one call, for a caller that
// needs the rules alone.
func ReadFile(dir string, max int) (*Rules, error) {
	return Load(dir, max).Rules()
}

// Judge says whether robots.txt disallows a path for any of a set of
// crawlers, each judged by its own group, else by *'s.
type Judge struct {
	key    string
	groups []judged // distinct, in the order of the crawlers
	// disallows says a group has a Disallow rule that matches a path:
	// without one, the usual "Allow: /" or "Disallow:", nothing is
	// blocked, and Blocked says so without a look at the path.
	disallows bool
}

// judged is a group and the crawlers that obey it.
type judged struct {
	agents []string
	g      *Group
}

// NewJudge returns the Judge of r for agents ("*" for any other
// crawler), or nil when r has no rule for any of them.
func NewJudge(r *Rules, agents ...string) *Judge {
	if r == nil {
		return nil
	}
	j := &Judge{key: r.Key()}
	for _, agent := range agents {
		var g *Group
		if agent == "*" {
			g = r.star
		} else {
			g, _ = r.For(agent)
		}
		if g == nil || len(g.rules) == 0 {
			continue
		}
		i := 0
		for i < len(j.groups) && j.groups[i].g != g {
			i++
		}
		if i == len(j.groups) {
			j.groups = append(j.groups, judged{g: g})
			for _, r := range g.rules {
				j.disallows = j.disallows || !r.Allow && r.norm != ""
			}
		}
		j.groups[i].agents = append(j.groups[i].agents, agent)
	}
	if len(j.groups) == 0 {
		return nil
	}
	return j
}

// Key is the Key of the rules j judges by; "" for a nil Judge.
func (j *Judge) Key() string {
	if j == nil {
		return ""
	}
	return j.key
}

// Disallows reports whether a Disallow rule of j's groups can match a
// path: false when Blocked is false for all of them (only Allow lines,
// or empty Disallow lines), so that a caller can skip making the paths.
func (j *Judge) Disallows() bool { return j.disallows }

// Blocked reports whether path (as [Group.Match] takes it) is disallowed
// for one of the crawlers. It allocates nothing unless the path holds an
// escape to normalise.
func (j *Judge) Blocked(path string) bool {
	if !j.disallows {
		return false
	}
	for _, g := range j.groups {
		if r, ok := g.g.Match(path); ok && !r.Allow {
			return true
		}
	}
	return false
}

// Block is a rule that disallows a path, and the crawlers it binds.
type Block struct {
	Rule   Rule
	Agents []string
}

// Why returns the rules that disallow path, each once, with the crawlers
// each binds.
func (j *Judge) Why(path string) []Block {
	var out []Block
	for _, g := range j.groups {
		r, ok := g.g.Match(path)
		if !ok || r.Allow {
			continue
		}
		i := 0
		for i < len(out) && out[i].Rule.Line != r.Line {
			i++
		}
		if i == len(out) {
			out = append(out, Block{Rule: r})
		}
		out[i].Agents = append(out[i].Agents, g.agents...)
	}
	return out
}

// Blocks says it for a warning: "robots.txt line 3 (Disallow: /x/) blocks
// it for Googlebot, Bingbot and *", clauses joined by "; ".
func Blocks(blocks []Block) string {
	parts := make([]string, len(blocks))
	for i, b := range blocks {
		parts[i] = fmt.Sprintf("robots.txt line %d (%s) blocks it for %s", b.Rule.Line, diag.Excerpt(b.Rule.String()), andList(b.Agents))
	}
	return strings.Join(parts, "; ")
}

// Because says it in short, for a reason: "Disallow: /x/ at line 3, for
// Googlebot, Bingbot and *".
func Because(blocks []Block) string {
	parts := make([]string, len(blocks))
	for i, b := range blocks {
		parts[i] = fmt.Sprintf("%s at line %d, for %s", diag.Excerpt(b.Rule.String()), b.Rule.Line, andList(b.Agents))
	}
	return strings.Join(parts, "; ")
}

// andList joins "a", "a and b", "a, b and c".
func andList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// A SitemapLine is a Sitemap: line of a robots.txt: its value, the
// comment after "#" and the spaces around cut, and its line.
type SitemapLine struct {
	URL  string
	Line int
}

// Sitemaps returns the Sitemap: lines of the robots.txt data, in order,
// its lines read as [Parse] reads them.
func Sitemaps(data []byte) []SitemapLine {
	var lines []SitemapLine
	data = skipBOM(data)
	for n := 1; len(data) > 0; n++ {
		var text []byte
		text, data = nextLine(data)
		if u, ok := SitemapOf(text); ok {
			lines = append(lines, SitemapLine{URL: u, Line: n})
		}
	}
	return lines
}

// SitemapOf returns the value of line when it is a Sitemap: line, read
// as [Parse] reads a line (its line end, a byte order mark before it,
// the comment after "#" and the spaces around cut).
func SitemapOf(line []byte) (string, bool) {
	line = bytes.TrimRight(skipBOM(line), "\r\n")
	if len(line) > MaxLine {
		line = line[:MaxLine]
	}
	name, value, ok := record(line)
	return value, ok && name == "sitemap"
}

// ReadPrefix reads the robots.txt in the folder r through the one door,
// its first max bytes, as crawlers read no more of it: past them, what
// came before, with no error, and cut true. A missing file is an
// fs.ErrNotExist error.
func ReadPrefix(r *fsx.Root, max int64) (data []byte, cut bool, err error) {
	f, err := r.Open("robots.txt", max, LimitKey)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	data, err = io.ReadAll(f)
	if errors.Is(err, fsx.ErrTooLarge) {
		return data, true, nil
	}
	return data, false, err
}
