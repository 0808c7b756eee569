// Package serverbuild holds what the readers of server builds share
// (Next.js's manifests, Astro's, SvelteKit's, Nuxt's router): the warning
// of a route rendered on demand, which no file of the build shows.
package serverbuild

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// OnDemand is the warning, at the build's record file, of a route it
// renders on demand with no page prerendered: what names it (its route,
// with its component where the record gives one); dynamic says it has
// parameters (a route of one URL is rendered on each request).
func OnDemand(file, what string, dynamic bool) *diag.Diagnostic {
	msg := what + " is rendered on each request, not prerendered: it has no page to read, and is not listed"
	if dynamic {
		msg = what + " is rendered on demand and has no page prerendered: the sitemap lists no URL of it"
	}
	return &diag.Diagnostic{File: file, Msg: msg, Hint: "give its URLs in a file named by --extra-urls"}
}

// Matched is what [Prerendered] found of a server build's routes.
type Matched struct {
	Some []bool // by route: a prerendered path matches its pattern
	// Unknown says, by route, that its pattern was not tried on every
	// path it could match, past MaxWork: whether it is rendered on
	// demand is not known (nor named). unknown counts them.
	Unknown []bool
	unknown int
	// long counts the routes of Unknown whose pattern is longer than
	// MaxRouteBytes, and first is the first of them.
	long  int
	first string
	tries int // the patterns tried on a path, for a test of the cost
}

// OnDemand says that no prerendered path matches route i, tried on
// every path it could match.
func (m *Matched) OnDemand(i int) bool { return !m.Some[i] && !m.Unknown[i] }

// Warning is the warning, at the build's record file, of the routes
// Unknown; nil when there are none.
func (m *Matched) Warning(file string) *diag.Diagnostic {
	if m.unknown == 0 {
		return nil
	}
	var says []string
	if m.long > 0 {
		says = append(says, fmt.Sprintf("%d of its routes have a pattern longer than %d bytes, the most one may be (the first: %s), and were not matched against the pages prerendered", m.long, MaxRouteBytes, diag.Excerpt(m.first)))
	}
	if n := m.unknown - m.long; n > 0 {
		says = append(says, fmt.Sprintf("%d of its routes were not matched against every page prerendered, past the work a build gives it (their patterns tried on the pages' paths)", n))
	}
	return &diag.Diagnostic{File: file, Msg: strings.Join(says, "; ") + ": those of them rendered on demand are not named"}
}

// MaxRouteBytes is the longest pattern of a route that is tried. A
// route's pattern is compiled to a program of its own, which costs
// hundreds of bytes of memory a byte of the pattern (a route of 3.9 MB
// cost 1.2 GB); a router's patterns are a few hundred bytes long.
const MaxRouteBytes = 4096

// MaxWork bounds the work of [Prerendered]: the bytes of the paths
// looked at, and for each pattern tried on a path the product of their
// lengths (a match costs at most about that). A second or so; a real
// build's routes take a small part of it, each tried only on the paths
// under its literal prefix, or that hold the literal it must match.
const MaxWork = 1 << 29

// Prerendered says, of each route's pattern (a regular expression's
// source, in Go's syntax), whether one of paths, the URL paths of the
// pages the build prerendered, matches it. A pattern anchored at ^ is
// looked for only among the paths that begin with the literal it begins
// with (the run of them in order): a route of one URL among one or two,
// a dynamic route among the paths below its folder; and tried only on
// those that hold a literal every match holds (/about of
// /[[lang]]/about's). Past [MaxWork], the routes left are Unknown. A
// pattern Go's regexp does not take, and one with a counted repetition
// (x{1000}: no router writes one, and it costs its count in memory and
// time), match none; a pattern given twice is tried once. A pattern
// longer than [MaxRouteBytes] is not tried: its route is Unknown.
func Prerendered(patterns, paths []string) *Matched {
	return prerendered(patterns, paths, MaxWork)
}

func prerendered(patterns, paths []string, maxWork int) *Matched {
	m := &Matched{Some: make([]bool, len(patterns)), Unknown: make([]bool, len(patterns))}
	sorted := slices.Compact(slices.Sorted(slices.Values(paths)))
	seen := map[string]bool{}
	work := 0
	for i, src := range patterns {
		if some, ok := seen[src]; ok {
			m.Some[i] = some
			continue
		}
		if len(src) > MaxRouteBytes {
			if m.long == 0 {
				m.first = src
			}
			m.Unknown[i] = true
			m.unknown++
			m.long++
			continue
		}
		if work > maxWork {
			m.Unknown[i] = true
			m.unknown++
			continue
		}
		if r := compile(src); r.re != nil {
			// The paths that begin with prefix, from where it would be.
			j, _ := slices.BinarySearch(sorted, r.prefix)
			for _, p := range sorted[j:] {
				if !strings.HasPrefix(p, r.prefix) {
					break
				}
				if work += len(p) + 1; !strings.Contains(p, r.holds) {
					continue
				}
				m.tries++
				if work += (len(src) + 1) * (len(p) + 1); work > maxWork {
					m.Unknown[i] = true
					m.unknown++
					break
				}
				if r.re.MatchString(p) {
					m.Some[i] = true
					break
				}
			}
		}
		if work <= maxWork {
			seen[src] = m.Some[i]
		}
	}
	return m
}

// route is a route's pattern, compiled, and what every path it matches
// holds: it begins with prefix ("" unless it is anchored at ^), and
// holds holds.
type route struct {
	re            *regexp.Regexp
	prefix, holds string
}

// compile returns the route of the pattern src; none (re nil) for a
// source Go does not take or with a counted repetition. The literals it
// knows are those of the pattern's own sequence: what is under a group,
// an option or a repetition is none, nor one that folds case.
func compile(src string) route {
	tree, err := syntax.Parse(src, syntax.Perl)
	if err != nil || counted(tree) {
		return route{}
	}
	re, err := regexp.Compile(src)
	if err != nil {
		return route{re: nil}
	}
	r := route{re: re}
	subs := []*syntax.Regexp{tree}
	if tree.Op == syntax.OpConcat {
		subs = tree.Sub
	}
	var prefix []rune
	if len(subs) > 0 && subs[0].Op == syntax.OpBeginText {
		for subs = subs[1:]; len(subs) > 0 && literal(subs[0]); subs = subs[1:] {
			prefix = append(prefix, subs[0].Rune...)
		}
	}
	// U+FFFD matches a byte that is no UTF-8 too: a literal ends
	// before it.
	cut := func(rs []rune) string {
		if i := slices.Index(rs, utf8.RuneError); i >= 0 {
			rs = rs[:i]
		}
		return string(rs)
	}
	r.prefix = cut(prefix)
	for _, s := range subs {
		if lit := cut(s.Rune); literal(s) && len(lit) > len(r.holds) {
			r.holds = lit
		}
	}
	return r
}

// literal says whether re is a literal that does not fold case.
func literal(re *syntax.Regexp) bool {
	return re.Op == syntax.OpLiteral && re.Flags&syntax.FoldCase == 0
}

// counted says whether re has a counted repetition, {n} or {n,m}.
func counted(re *syntax.Regexp) bool {
	return re.Op == syntax.OpRepeat || slices.ContainsFunc(re.Sub, counted)
}
