package frontmatter

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/uniq"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// The values Source takes from the decoded keys, each converted from
// whatever type the file gave it, or reported as a Problem.

// lastmodKeys are the keys Lastmod may come from, in order.
// updatedDate and pubDate are the Astro blog template's; publishedDate
// is many a Next.js blog's, publishedAt the Next.js portfolio starter's.
var lastmodKeys = []string{"lastmod", "last_modified_at", "modified", "updated", "updateddate", "date", "publishdate", "pubdate", "publisheddate", "publishedat"}

// LastmodKeys returns the keys Source.Lastmod comes from by default, in
// order, lower-cased: a new slice.
func LastmodKeys() []string { return slices.Clone(lastmodKeys) }

// apply sets the Source from the front matter's keys.
func (p *sourceParse) apply(fs fields) {
	for _, d := range p.defaults {
		if _, set := fs.get(d.name); !set {
			fs = append(fs, d)
		}
	}
	s := p.src
	s.Date = p.date(fs, "date")
	if f, ok := fs.get("date"); ok {
		if w, ok := f.val.(string); ok && fileDateWord(w) {
			s.DateWord = w
		}
	}
	s.PublishDate = p.date(fs, "publishdate", "pubdate")
	s.ExpiryDate = p.date(fs, "expirydate", "unpublishdate")
	keys := lastmodKeys
	if p.lastmodKeys != nil {
		keys = p.lastmodKeys
	}
	for _, name := range keys {
		if f, ok := fs.getPath(name); ok {
			if t, zoned, ok := p.dateZoned(f); ok {
				s.Lastmod, s.LastmodKey = t, f.key
				if !zoned && p.loc != nil {
					s.LastmodZone = p.loc.String() + " (" + p.locFrom + ")"
				}
				break
			}
		}
	}
	if f, ok := fs.get("published"); ok && f.val != nil {
		if b, ok := toBool(f.val); ok {
			s.Unpublished = !b
		} else if t, _, ok := p.toDate(f); ok {
			if s.PublishDate.IsZero() {
				s.PublishDate = t
			}
		} else {
			p.problem(p.lineOf(f), "%s: %s is not true, false or a date", f.key, describe(f.val))
		}
	}
	s.Draft = p.flag(fs, "draft")
	s.Headless = p.flag(fs, "headless")
	for _, name := range []string{"build", "_build"} {
		if f, ok := fs.get(name); ok {
			s.Headless = p.render(f) || s.Headless
			s.Unlisted = p.unlisted(f)
			break
		}
	}
	s.URL = p.urlPath(fs, "url")
	if f, ok := fs.get("permalink"); ok && f.val == false {
		s.NoPermalink = true // Eleventy: no page is written
	} else {
		s.Permalink = p.urlPath(fs, "permalink")
	}
	s.Slug = p.text(fs, "slug")
	if p.known["id"] {
		s.ID = p.text(fs, "id")
	}
	s.Title = p.text(fs, "title")
	s.TranslationKey = p.text(fs, "translationkey")
	if f, ok := fs.get("lang"); ok {
		// Read where a plugin reads it (jekyll-polyglot), which gives
		// another shape no meaning: not a problem of the page's.
		if t, ok := toText(f); ok {
			s.Lang = strings.TrimSpace(t)
		}
	}
	s.Aliases = p.list(fs, false, "aliases", "redirect_from")
	s.Categories = p.list(fs, true, "categories", "category")
	s.Tags = p.list(fs, false, "tags")
	for _, t := range p.terms {
		if _, ok := fs.get(t); ok {
			if s.Terms == nil {
				s.Terms = map[string][]string{}
			}
			s.Terms[t] = p.list(fs, false, t)
		}
	}
	p.sitemap(fs)
	for _, k := range p.excludeKeys {
		if f, ok := fs.get(k); ok && f.val != nil && !s.Sitemap.Exclude {
			b, ok := toYes(f.val)
			if !ok {
				p.problem(p.lineOf(f), "%s: %s is not true or false", f.key, describe(f.val))
			}
			if b {
				s.Sitemap.Exclude, s.Sitemap.ExcludedBy = true, f.key
			}
		}
	}
}

// date returns the first of the keys names that holds a date.
func (p *sourceParse) date(fs fields, names ...string) time.Time {
	for _, name := range names {
		if f, ok := fs.get(name); ok {
			if t, ok := p.dateOf(f); ok {
				return t
			}
		}
	}
	return time.Time{}
}

// dateOf returns f's date. A value that is not a date is a problem; an
// empty one says nothing.
func (p *sourceParse) dateOf(f field) (time.Time, bool) {
	t, _, ok := p.dateZoned(f)
	return t, ok
}

// dateZoned is dateOf, also reporting whether the value gave its zone.
func (p *sourceParse) dateZoned(f field) (t time.Time, zoned, ok bool) {
	if f.val == nil || f.val == "" {
		return time.Time{}, false, false
	}
	if s, ok := f.val.(string); ok && fileDateWord(s) {
		return time.Time{}, false, false
	}
	if _, flag := f.val.(bool); flag && !slices.Contains(lastmodKeys, strings.ToLower(f.key)) {
		// A generator's own key that is a date or a switch (Starlight's
		// lastUpdated: true): no date, and nothing wrong.
		return time.Time{}, false, false
	}
	t, zoned, ok = p.toDate(f)
	if !ok {
		advice := ""
		if s, isText := f.val.(string); isText {
			advice = DateAdvice(s)
		}
		pr := Problem{Line: p.lineOf(f), Msg: fmt.Sprintf("%s: %s is not a date%s", f.key, describe(f.val), advice), Dating: p.dates(f)}
		if !slices.Contains(p.src.Problems, pr) {
			p.src.Problems = append(p.src.Problems, pr)
		}
	}
	return t, zoned, ok
}

// dates reports whether f's key may date the page: one of the lastmod
// keys (Options.LastmodKeys, else the default list), or sitemap.lastmod.
func (p *sourceParse) dates(f field) bool {
	keys := lastmodKeys
	if p.lastmodKeys != nil {
		keys = p.lastmodKeys
	}
	key := strings.ToLower(f.key)
	return key == "sitemap.lastmod" || slices.ContainsFunc(keys, func(k string) bool { return strings.EqualFold(k, key) })
}

// toDate returns f's value as a date, one without a zone read in
// Options.Location; with Options.RubyTimestamps, a YAML timestamp as
// Ruby's YAML reads it, and a string as Ruby's Time.parse reads it
// (rubyTime).
func (p *sourceParse) toDate(f field) (t time.Time, zoned, ok bool) {
	raw := strings.TrimSpace(f.raw)
	if p.rubyTimestamps && f.plain && rubyTimestampRE().MatchString(raw) {
		// Ruby's YAML makes a Time of it, in UTC without a zone; Jekyll
		// converts that instant to the site's zone.
		t, _, ok = toDate(f.val, nil)
		return t, true, ok
	}
	if str, isStr := f.val.(string); p.rubyTimestamps && isStr {
		// Jekyll reads a string with Ruby's Time.parse.
		switch t, zoned, v := rubyTime(str, p.loc); v {
		case rubyRead:
			return t, zoned, true
		case rubyRefused:
			return time.Time{}, false, false
		}
	}
	t, zoned, ok = toDate(f.val, p.loc)
	if tm, isTime := f.val.(time.Time); ok && isTime && raw != "" && !yamlZonedRE().MatchString(raw) {
		// yaml.v3 reads a timestamp without a zone (2024-05-06,
		// 2024-05-06 10:00:00) as UTC.
		t, zoned = inZone(tm, p.loc), false
	}
	return t, zoned, ok
}

// yamlZonedRE matches a YAML timestamp that gives its zone: a time
// followed by Z or an offset.
var yamlZonedRE = lazyre.MustCompile(`\d:\d\d(?:\.\d*)?[ \t]*(?:[Zz]|[-+]\d{1,2}(?::?\d\d)?)$`)

// rubyTimestampRE is the form of YAML 1.1's timestamp with a time, as
// Ruby's YAML readers (Psych, SafeYAML) match it: a date, T or white
// space, a time with seconds, a fraction, a zone. Without a time it is a
// Date, which Jekyll reads in the site's zone.
var rubyTimestampRE = lazyre.MustCompile(`^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|[ \t]+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d{1,2}(?::?\d\d)?))?$`)

// fileDateWord reports whether s is a value of an Eleventy date that
// names a date of the file, not a date: not a problem, and no date.
func fileDateWord(s string) bool {
	switch s {
	case "Last Modified", "Created", "git Last Modified", "git Created":
		return true
	}
	return false
}

// toDate returns v as a date: a YAML timestamp or TOML date, or a string
// that ParseDate reads. A date without a zone (TOML's local dates and
// date-times too) is read in loc, nil for UTC; zoned reports whether v
// gave its zone.
func toDate(v any, loc *time.Location) (t time.Time, zoned, ok bool) {
	switch v := v.(type) {
	case string:
		return ParseDateIn(v, loc)
	case time.Time:
		zoned = true
		switch v.Location().String() {
		case "time-local":
			return time.Time{}, false, false
		case "date-local", "datetime-local":
			v = time.Date(v.Year(), v.Month(), v.Day(), v.Hour(), v.Minute(), v.Second(), v.Nanosecond(), time.UTC)
			v, zoned = inZone(v, loc), false
		}
		if y := v.Year(); y < 1 || y > 9999 {
			return time.Time{}, false, false
		}
		return v, zoned, true
	}
	return time.Time{}, false, false
}

// toBool returns v as a boolean: true, false, or those words as strings.
func toBool(v any) (b, ok bool) {
	switch v := v.(type) {
	case bool:
		return v, true
	case string:
		switch s := strings.TrimSpace(v); {
		case strings.EqualFold(s, "true"):
			return true, true
		case strings.EqualFold(s, "false"):
			return false, true
		}
	}
	return false, false
}

// flag returns the boolean key name; anything but true or false is a
// problem.
func (p *sourceParse) flag(fs fields, name string) bool {
	f, ok := fs.get(name)
	if !ok || f.val == nil {
		return false
	}
	b, ok := toBool(f.val)
	if !ok {
		p.problem(p.lineOf(f), "%s: %s is not true or false", f.key, describe(f.val))
	}
	return b
}

// render reports whether Hugo's build options f say the page is not
// rendered: render: never, or false.
func (p *sourceParse) render(f field) bool {
	fs, ok := f.val.(fields)
	if !ok {
		if f.val != nil {
			p.problem(p.lineOf(f), "%s: %s is not a mapping", f.key, describe(f.val))
		}
		return false
	}
	return p.buildOff(fs, "render", []string{"never"}, []string{"always", "link"})
}

// unlisted reports whether Hugo's build options f say the page is in no
// collection of the site's: list: never, false, or local (in its
// section's pages only, not the site's, which its sitemap lists).
func (p *sourceParse) unlisted(f field) bool {
	fs, ok := f.val.(fields)
	if !ok {
		return false // render says what is wrong
	}
	return p.buildOff(fs, "list", []string{"never", "local"}, []string{"always"})
}

// buildOff reports whether the build option name of fs is false, or one
// of the words off (not one of on, which are the others it may be).
func (p *sourceParse) buildOff(fs fields, name string, off, on []string) bool {
	r, ok := fs.get(name)
	if !ok || r.val == nil {
		return false
	}
	if b, ok := toBool(r.val); ok {
		return !b
	}
	if s, ok := r.val.(string); ok {
		switch s = strings.ToLower(strings.TrimSpace(s)); {
		case slices.Contains(off, s):
			return true
		case slices.Contains(on, s):
			return false
		}
	}
	words := append(slices.Clone(on), off...)
	slices.Sort(words)
	p.problem(p.lineOf(r), "%s: %s is not %s or %s", r.key, describe(r.val), strings.Join(words[:len(words)-1], ", "), words[len(words)-1])
	return false
}

// text returns the key name as text: a string, or a number or boolean as
// written. A list or mapping is a problem.
func (p *sourceParse) text(fs fields, name string) string {
	f, ok := fs.get(name)
	if !ok {
		return ""
	}
	s, ok := toText(f)
	if !ok {
		p.problem(p.lineOf(f), "%s: %s is not text", f.key, describe(f.val))
	}
	return strings.TrimSpace(s)
}

// urlPath returns the key name as text, as text does. A value that
// cannot be a path on the site (see CheckURLPath) is a problem, and is
// kept: the preset that reads the key refuses it.
func (p *sourceParse) urlPath(fs fields, name string) string {
	s := p.text(fs, name)
	if s == "" {
		return ""
	}
	if err := CheckURLPath(s); err != nil {
		f, _ := fs.get(name)
		p.problem(p.lineOf(f), "%s: %s %v; no page is listed at it", f.key, describe(s), err)
	}
	return s
}

// toText returns f's value as text.
func toText(f field) (string, bool) {
	switch v := f.val.(type) {
	case nil:
		return "", true
	case string:
		return v, true
	case fields, map[string]any, map[any]any, []any, []map[string]any:
		return "", false
	}
	if f.raw != "" {
		return f.raw, true
	}
	switch v := f.val.(type) {
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64), true
	case time.Time:
		return v.Format(time.RFC3339), true
	default:
		return fmt.Sprint(v), true
	}
}

// list returns the keys names as one list of text without repeats. A key
// holds a list, or a single value; with split, the first key's string is
// split at white space, as Jekyll does for categories.
func (p *sourceParse) list(fs fields, split bool, names ...string) []string {
	var out uniq.List // a list of tags may hold thousands
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			out.Add(s)
		}
	}
	for i, name := range names {
		f, ok := fs.get(name)
		if !ok {
			continue
		}
		items, isList := f.val.([]any)
		if !isList {
			s, ok := toText(f)
			switch {
			case !ok:
				p.problem(p.lineOf(f), "%s: %s is neither a list nor text", f.key, describe(f.val))
			case split && i == 0:
				for _, w := range strings.Fields(s) {
					add(w)
				}
			default:
				add(s)
			}
			continue
		}
		for _, item := range items {
			s, ok := toText(field{val: item})
			if !ok {
				p.problem(p.lineOf(f), "%s: an item of the list is %s, not text", f.key, describe(item))
				continue
			}
			add(s)
		}
	}
	return out.Items()
}

// sitemap sets the Source's Sitemap from the key sitemap.
func (p *sourceParse) sitemap(fs fields) {
	f, ok := fs.get("sitemap")
	if !ok || f.val == nil {
		return
	}
	s := &p.src.Sitemap
	sub, ok := f.val.(fields)
	if !ok {
		if b, ok := toYes(f.val); ok {
			s.Exclude = !b
		} else {
			p.problem(p.lineOf(f), "%s: %s is neither false nor a mapping", f.key, describe(f.val))
		}
		return
	}
	for _, name := range []string{"exclude", "disable"} {
		if f, ok := sub.get(name); ok && f.val != nil {
			b, ok := toYes(f.val)
			if !ok {
				p.problem(p.lineOf(f), "%s: %s is not true or false", f.key, describe(f.val))
			}
			s.Exclude = s.Exclude || b
		}
	}
	if f, ok := sub.get("changefreq"); ok && f.val != nil {
		str, _ := f.val.(string)
		c, err := sitemap.ParseChangeFreq(strings.ToLower(strings.TrimSpace(str)))
		if err != nil {
			p.problem(p.lineOf(f), "%s: %s is not one of %s", f.key, describe(f.val), strings.Join(sitemap.ChangeFreqNames, ", "))
		}
		s.ChangeFreq = c
	}
	if f, ok := sub.get("priority"); ok && f.val != nil {
		var pr sitemap.Priority
		var err error
		if x, ok := toFloat(f.val); ok {
			pr, err = sitemap.PriorityOf(x)
		} else if str, ok := f.val.(string); ok {
			pr, err = sitemap.ParsePriority(strings.TrimSpace(str))
		} else {
			err = errors.New("not a number")
		}
		if err != nil {
			p.problem(p.lineOf(f), "%s: %s is not a number from 0.0 to 1.0", f.key, describe(f.val))
		}
		s.Priority = pr
	}
	if f, ok := sub.get("lastmod"); ok {
		s.Lastmod, _ = p.dateOf(f)
	}
}

// toYes returns v as a boolean, as toBool does, also taking "yes" and "no".
func toYes(v any) (b, ok bool) {
	if s, ok := v.(string); ok {
		switch s = strings.TrimSpace(s); {
		case strings.EqualFold(s, "yes"):
			return true, true
		case strings.EqualFold(s, "no"):
			return false, true
		}
	}
	return toBool(v)
}

// toFloat returns v as a number.
func toFloat(v any) (float64, bool) {
	switch v := v.(type) {
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	case uint64:
		return float64(v), true
	case float64:
		return v, true
	}
	return 0, false
}

// describe returns a value for a problem's message: a string quoted (and
// cut short when long), a number as it is, or what kind of value it is.
func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "an empty value"
	case string:
		if len(v) > 60 {
			cut := 57
			for cut > 0 && !utf8.RuneStart(v[cut]) {
				cut--
			}
			v = v[:cut] + "…"
		}
		return strconv.Quote(v)
	case fields, map[string]any, map[any]any:
		return "a mapping"
	case []any, []map[string]any:
		return "a list"
	case time.Time:
		switch v.Location().String() {
		case "time-local":
			return v.Format(time.TimeOnly)
		case "date-local":
			return v.Format(time.DateOnly)
		case "datetime-local":
			return v.Format("2006-01-02T15:04:05.999999999")
		}
		return v.Format(time.RFC3339Nano)
	}
	return fmt.Sprint(v)
}

// defaultFields makes fields of defaults' keys that are in known, in the
// order of their names; a mapping under a key Source reads the inside of
// becomes nested fields.
func defaultFields(defaults map[string]any, parent string, known map[string]bool) fields {
	names := make([]string, 0, len(defaults))
	for k := range defaults {
		names = append(names, k)
	}
	slices.Sort(names)
	var fs fields
	for _, k := range names {
		f := field{key: parent + k, name: strings.ToLower(k), val: defaults[k]}
		if !known[f.name] {
			continue
		}
		if m, ok := f.val.(map[string]any); ok && parent == "" && nested(f.name) {
			f.val = defaultFields(m, f.key+".", nestedKeys)
		}
		if str, ok := f.val.(string); ok {
			f.raw = str
		}
		fs = append(fs, f)
	}
	return fs
}
