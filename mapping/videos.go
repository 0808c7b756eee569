package mapping

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// MaxVideos is the most <video:video> entries of one URL: a page that
// describes more (a JSON-LD array of thousands, written by a template
// gone wrong) has its first MaxVideos listed, and a warning.
const MaxVideos = 100

// setVideos gives d the videos the page describes (Page.Structured) that
// a video sitemap may list, in document order. The descriptions of one
// video by JSON-LD, og:video and a <video> element (the same content or
// player URL) are one video, each value from the first that gives it in
// that order (og:title and og:description are the page's). A
// video is listed when it has a thumbnail, a title, a description and a
// content or player URL, its thumbnail and content on the site's host or
// one of Options.VideoHosts; one without is left out, with a warning that
// names it and what it lacks. A value that cannot be what the protocol
// wants (a duration that is not ISO 8601, or over eight hours; a date
// that does not parse) is left out of its entry, with a warning; a title
// or description over the protocol's length is cut, with a warning.
// d.VideoNotes says what became of each, for --explain.
func (m *Mapper) setVideos(d *Decision, found []htmlhead.Video, base *url.URL) {
	if len(found) == 0 {
		return
	}
	// JSON-LD describes the video itself; og:title and og:description
	// are the page's, a <video> says least: each value from the first of
	// them that gives it, the entries in the order the page shows them.
	byRank := slices.Clone(found)
	slices.SortStableFunc(byRank, func(a, b htmlhead.Video) int { return videoRank(a.From) - videoRank(b.From) })
	var cands []videoCand
	for _, v := range byRank {
		c := m.videoCand(v, base)
		if i := sameVideo(cands, c); i >= 0 {
			cands[i].merge(c)
			continue
		}
		cands = append(cands, c)
	}
	slices.SortStableFunc(cands, func(a, b videoCand) int { return a.line - b.line })
	over := 0
	for _, c := range cands {
		name := c.name()
		if missing := c.missing(); len(missing) > 0 {
			msg := fmt.Sprintf("%s is not in the video sitemap: it has no %s", name, strings.Join(missing, ", no "))
			d.LineWarnings = append(d.LineWarnings, LineWarning{c.line, msg})
			d.VideoNotes = append(d.VideoNotes, msg)
			continue
		}
		if len(d.URL.Videos) == MaxVideos {
			over++
			continue
		}
		for _, w := range c.warnings {
			d.LineWarnings = append(d.LineWarnings, LineWarning{c.line, name + ": " + w})
		}
		d.URL.Videos = append(d.URL.Videos, c.v)
		d.VideoNotes = append(d.VideoNotes, name+": listed")
	}
	if over > 0 {
		d.Warnings = append(d.Warnings, fmt.Sprintf("the page describes %d videos; the first %d are listed, the most sitemapgen lists for a URL", MaxVideos+over, MaxVideos))
	}
}

// videoRank orders the descriptions of one video: JSON-LD first.
func videoRank(from string) int {
	switch from {
	case "JSON-LD":
		return 0
	case "og:video":
		return 1
	}
	return 2
}

// videoCand is a video found, as its entry would be.
type videoCand struct {
	v    sitemap.Video
	line int      // the first line that describes it
	from []string // where it was described: "JSON-LD at line 12"
	// why explains the values left empty that were given: a thumbnail on
	// another host, by the missing value's name.
	why      map[string]string
	warnings []string
}

// name names the video in a message: its title, and where it was found.
func (c *videoCand) name() string {
	if c.v.Title != "" {
		return fmt.Sprintf("the video %q (%s)", diag.Excerpt(c.v.Title), strings.Join(c.from, ", "))
	}
	return "the video of " + strings.Join(c.from, ", ")
}

// missing names what the video lacks to be listed.
func (c *videoCand) missing() []string {
	var out []string
	need := func(ok bool, what string) {
		if !ok {
			if why := c.why[what]; why != "" {
				what += " (" + why + ")"
			}
			out = append(out, what)
		}
	}
	need(c.v.ThumbnailLoc != "", "thumbnail")
	need(c.v.Title != "", "title")
	need(c.v.Description != "", "description")
	need(c.v.ContentLoc != "" || c.v.PlayerLoc != "", "content or player URL")
	return out
}

// sameVideo returns the index of the candidate of cands that is c's
// video (the same content or player URL), or -1.
func sameVideo(cands []videoCand, c videoCand) int {
	for i, o := range cands {
		if c.v.ContentLoc != "" && (c.v.ContentLoc == o.v.ContentLoc || c.v.ContentLoc == o.v.PlayerLoc) ||
			c.v.PlayerLoc != "" && (c.v.PlayerLoc == o.v.PlayerLoc || c.v.PlayerLoc == o.v.ContentLoc) {
			return i
		}
	}
	return -1
}

// merge fills c's empty values from o's, another description of the same
// video found after it.
func (c *videoCand) merge(o videoCand) {
	fill := func(dst *string, src string) {
		if *dst == "" {
			*dst = src
		}
	}
	fill(&c.v.ThumbnailLoc, o.v.ThumbnailLoc)
	fill(&c.v.Title, o.v.Title)
	fill(&c.v.Description, o.v.Description)
	fill(&c.v.ContentLoc, o.v.ContentLoc)
	fill(&c.v.PlayerLoc, o.v.PlayerLoc)
	if c.v.Duration == 0 {
		c.v.Duration = o.v.Duration
	}
	if c.v.PublicationDate.IsZero() {
		c.v.PublicationDate = o.v.PublicationDate
	}
	if c.v.ExpirationDate.IsZero() {
		c.v.ExpirationDate = o.v.ExpirationDate
	}
	for _, f := range []struct{ dst, src *sitemap.Flag }{
		{&c.v.FamilyFriendly, &o.v.FamilyFriendly}, {&c.v.RequiresSubscription, &o.v.RequiresSubscription}, {&c.v.Live, &o.v.Live},
	} {
		if *f.dst == sitemap.FlagUnset {
			*f.dst = *f.src
		}
	}
	c.from = append(c.from, o.from...)
	c.line = min(c.line, o.line)
	for k, v := range o.why {
		if c.why == nil {
			c.why = make(map[string]string)
		}
		if c.why[k] == "" {
			c.why[k] = v
		}
	}
	c.warnings = append(c.warnings, o.warnings...)
}

// videoCand makes the entry of one description of a video.
func (m *Mapper) videoCand(v htmlhead.Video, base *url.URL) videoCand {
	c := videoCand{from: []string{fmt.Sprintf("%s at line %d", v.From, v.Line)}, line: v.Line}
	warn := func(format string, args ...any) { c.warnings = append(c.warnings, fmt.Sprintf(format, args...)) }
	why := func(what, reason string) {
		if c.why == nil {
			c.why = make(map[string]string)
		}
		c.why[what] = reason
	}
	// loc resolves a URL of the video; hosts says it must be the site's
	// or of Options.VideoHosts.
	loc := func(raw, what string, hosts bool) string {
		if raw == "" {
			return ""
		}
		u, err := NormalizeURL(raw, base)
		if err != nil {
			why(what, fmt.Sprintf("%q: %v", diag.URL(raw), err))
			return ""
		}
		u = m.OnDevServer(u)
		if err := sitemap.CheckLoc(u); err != nil {
			why(what, fmt.Sprintf("%.60q: %v", raw, err))
			return ""
		}
		if hosts && !m.videoAllowed(u) {
			why(what, u+" is on another host than the base URL; videos.hosts lists the others allowed")
			return ""
		}
		return u
	}
	c.v.ThumbnailLoc = loc(v.Thumbnail, "thumbnail", true)
	c.v.ContentLoc = loc(v.ContentURL, "content or player URL", true)
	c.v.PlayerLoc = loc(v.EmbedURL, "content or player URL", false)
	if c.v.ContentLoc != "" || c.v.PlayerLoc != "" {
		delete(c.why, "content or player URL")
	}
	c.v.Title = cut(v.Name, sitemap.MaxVideoTitle, "title", warn)
	c.v.Description = cut(v.Description, sitemap.MaxVideoDescription, "description", warn)
	if v.Duration != "" {
		secs, ok := ISODuration(v.Duration)
		switch {
		case !ok:
			warn("duration %q is not an ISO 8601 duration (PT1M30S); left out", diag.Excerpt(v.Duration))
		case secs < 1 || secs > sitemap.MaxVideoDuration:
			warn("duration %q is %d seconds, outside 1 to %d (eight hours); left out", diag.Excerpt(v.Duration), secs, sitemap.MaxVideoDuration)
		default:
			c.v.Duration = secs
		}
	}
	date := func(raw, what string) time.Time {
		if raw == "" {
			return time.Time{}
		}
		d, ok := frontmatter.ParseDate(raw)
		if !ok {
			warn("%s %q is not a date; left out", what, diag.Excerpt(raw))
		}
		return d
	}
	c.v.PublicationDate = date(v.UploadDate, "uploadDate")
	c.v.ExpirationDate = date(v.Expires, "expires")
	flag := func(raw, what string, invert bool) sitemap.Flag {
		if raw == "" {
			return sitemap.FlagUnset
		}
		b, ok := parseBool(raw)
		if !ok {
			warn("%s %q is neither true nor false; left out", what, diag.Excerpt(raw))
			return sitemap.FlagUnset
		}
		if b != invert {
			return sitemap.FlagYes
		}
		return sitemap.FlagNo
	}
	c.v.FamilyFriendly = flag(v.FamilyFriendly, "isFamilyFriendly", false)
	c.v.RequiresSubscription = flag(v.AccessibleForFree, "isAccessibleForFree", true)
	c.v.Live = flag(v.Live, "isLiveBroadcast", false)
	return c
}

// cut returns s cut to at most max characters, with a warning when it was
// longer.
func cut(s string, max int, what string, warn func(string, ...any)) string {
	n := utf8.RuneCountInString(s)
	if n <= max {
		return s
	}
	i := 0
	for range max {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	warn("%s is %d characters, over the %d a video sitemap takes; cut", what, n, max)
	return strings.TrimSpace(s[:i])
}

// parseBool reads a JSON-LD boolean as pages write it: true and false,
// as JSON or as strings, in any case, and schema.org's URLs of them.
func parseBool(s string) (bool, bool) {
	s = strings.TrimSpace(strings.ToLower(s))
	s = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(s, "https://schema.org/"), "http://schema.org/"), "schema:")
	switch s {
	case "true", "yes":
		return true, true
	case "false", "no":
		return false, true
	}
	return false, false
}

// videoAllowed reports whether a video's thumbnail or content at u may be
// listed: under the base URL or on a host of Options.VideoHosts.
func (m *Mapper) videoAllowed(u string) bool { return m.onHosts(u, m.opts.VideoHosts) }

// ISODuration returns the seconds of an ISO 8601 duration as schema.org
// writes a video's (PT1M30S, PT2H, P1DT2H, PT90.5S: a fraction rounds to
// the nearest second). Years and months, whose length varies, and weeks
// are not a video's; they do not parse.
func ISODuration(s string) (int, bool) {
	s = strings.TrimSpace(s)
	rest, ok := strings.CutPrefix(s, "P")
	if !ok || rest == "" {
		return 0, false
	}
	total, inTime, any := 0.0, false, false
	for rest != "" {
		if rest[0] == 'T' {
			if inTime {
				return 0, false
			}
			inTime, rest = true, rest[1:]
			if rest == "" {
				return 0, false
			}
			continue
		}
		i := 0
		for i < len(rest) && (rest[i] >= '0' && rest[i] <= '9' || rest[i] == '.' || rest[i] == ',') {
			i++
		}
		if i == 0 || i == len(rest) {
			return 0, false
		}
		n, err := strconv.ParseFloat(strings.Replace(rest[:i], ",", ".", 1), 64)
		if err != nil || n < 0 || n > 1e9 {
			return 0, false
		}
		unit := rest[i]
		rest = rest[i+1:]
		switch {
		case !inTime && unit == 'D':
			total += n * 86400
		case inTime && unit == 'H':
			total += n * 3600
		case inTime && unit == 'M':
			total += n * 60
		case inTime && unit == 'S':
			total += n
		default:
			return 0, false
		}
		any = true
	}
	if !any {
		return 0, false
	}
	return int(total + 0.5), true
}
