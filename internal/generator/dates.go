package generator

import (
	"cmp"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"
)

// DateStep is one step of the order in which a generator gives a page
// its last modification date: front matter keys, the last commit of the
// page's source, or the date in its file name.
type DateStep struct {
	// Keys are front matter keys (lower case; a nested one as
	// "last_update.date"), the first of which that holds a date answers.
	Keys []string
	// Git is the last commit that touched the page's source.
	Git bool
	// FileName is the date in the name of the page's source file
	// ([Dater]).
	FileName bool
}

// DateOrder is how a generator dates its pages, read from its
// configuration: the first of Steps that knows a page's date gives it.
type DateOrder struct {
	Steps []DateStep
	// From says what the order comes from, for --explain and
	// --verbose: "Hugo enableGitInfo, config/production/hugo.toml".
	From string
	// GitAuthor dates the git step by the author date of the source's
	// last commit, not its committer date.
	GitAuthor bool
	// GitRenames dates a file renamed without a change by the rename,
	// as a generator that asks git for the file's newest commit without
	// following it does (gitdates.Options.RenamesChange).
	GitRenames bool
}

// Keys returns the front matter keys of every step, in order: the keys
// front matter is read for; not nil, for an order of none.
func (o *DateOrder) Keys() []string {
	keys := []string{}
	for _, s := range o.Steps {
		keys = append(keys, s.Keys...)
	}
	return keys
}

// GitFirst reports whether git answers before any front matter key.
func (o *DateOrder) GitFirst() bool {
	for _, s := range o.Steps {
		switch {
		case s.Git:
			return true
		case len(s.Keys) > 0:
			return false
		}
	}
	return false
}

// Pick returns the index of the step that dates a page whose front
// matter date came from key (lower case; "" for none), with a git date
// or not, with a date in its file name or not; -1 when no step does.
func (o *DateOrder) Pick(key string, git, fileName bool) int {
	for i, s := range o.Steps {
		switch {
		case s.Git && git, s.FileName && fileName:
			return i
		case key != "":
			for _, k := range s.Keys {
				if k == key {
					return i
				}
			}
		}
	}
	return -1
}

// Describe is the order in words, for --verbose: "git, then front
// matter lastmod, modified, date".
func (o *DateOrder) Describe() string {
	var parts []string
	for _, s := range o.Steps {
		switch {
		case s.Git:
			parts = append(parts, "git")
		case s.FileName:
			parts = append(parts, "the file name's date")
		case len(s.Keys) > 0:
			if n := len(parts); n > 0 && strings.HasPrefix(parts[n-1], "front matter ") {
				parts[n-1] += ", " + strings.Join(s.Keys, ", ")
				continue
			}
			parts = append(parts, "front matter "+strings.Join(s.Keys, ", "))
		}
	}
	return strings.Join(parts, ", then ")
}

// Dated is implemented by presets whose generator's configuration says
// in what order it dates a page (Hugo's [frontmatter] and
// enableGitInfo).
type Dated interface {
	// LastModOrder returns the order; nil when the generator's default
	// is sitemapgen's.
	LastModOrder() *DateOrder
}

// Hugo's front matter date identifiers.
const (
	hugoGit         = ":git"
	hugoFileModTime = ":filemodtime"
	hugoFileName    = ":filename"
	hugoDefault     = ":default"
)

// hugoDefaultDates are Hugo's default [frontmatter] lists (Hugo 0.111,
// and since), lower-cased.
var hugoDefaultDates = map[string][]string{
	"date":        {"date", "publishdate", "pubdate", "published", "lastmod", "modified"},
	"lastmod":     {hugoGit, "lastmod", "modified", "date", "publishdate", "pubdate", "published"},
	"publishdate": {"publishdate", "pubdate", "published", "date"},
	"expirydate":  {"expirydate", "unpublishdate"},
}

// hugoDateAliases are the keys each of Hugo's date identifiers reads:
// lastmod is also modified; publishDate is also pubdate and published;
// expiryDate also unpublishdate.
var hugoDateAliases = map[string][]string{
	"lastmod":     {"lastmod", "modified"},
	"modified":    {"lastmod", "modified"},
	"publishdate": {"publishdate", "pubdate", "published"},
	"pubdate":     {"publishdate", "pubdate", "published"},
	"published":   {"publishdate", "pubdate", "published"},
	"expirydate":  {"expirydate", "unpublishdate"},
}

// hugoDates returns the [frontmatter] list of the date name ("lastmod"),
// lower-cased, with :default expanded.
func (h *Hugo) hugoDates(name string) []string {
	list, ok := h.FrontMatterDates[name]
	if !ok {
		return hugoDefaultDates[name]
	}
	var out []string
	for _, id := range list {
		if id == hugoDefault {
			out = append(out, hugoDefaultDates[name]...)
			continue
		}
		out = append(out, id)
	}
	return out
}

// LastModOrder returns the order in which Hugo gives a page its
// .Lastmod, which its sitemap writes: the [frontmatter] lastmod list
// (default :git, lastmod, modified, date, publishDate, pubDate,
// published), each key with its aliases (lastmod is also modified).
// :git answers only with enableGitInfo. :fileModTime, the source
// file's modification time, is read as git: in a checkout every file's
// time is the checkout's, and the last commit of the file is the time
// its text last changed. :filename is the date in the file's name
// (2023-01-02-title.md). Hugo 0.111 does not fall back to date when the
// list ends without one: neither does the order.
//
// Its git step is the author date of the source's last commit, a file
// renamed without a change dated by the rename: GitInfo's AuthorDate,
// taken from the last commit whose files name the path. It is so in a
// join and in content mode alike.
//
// The order is worked out once: h's settings must not change after.
func (h *Hugo) LastModOrder() *DateOrder {
	h.orderOnce.Do(func() { h.order = h.lastModOrder() })
	return h.order
}

func (h *Hugo) lastModOrder() *DateOrder {
	o := &DateOrder{GitAuthor: true, GitRenames: true}
	var from []string
	seen := map[string]bool{}
	git := false
	for _, id := range h.hugoDates("lastmod") {
		switch id {
		case hugoGit:
			if !h.EnableGitInfo || git {
				continue
			}
			git = true
			o.Steps = append(o.Steps, DateStep{Git: true})
			from = append(from, "Hugo enableGitInfo, "+h.EnableGitInfoFrom)
		case hugoFileModTime:
			if git {
				continue
			}
			git = true
			o.Steps = append(o.Steps, DateStep{Git: true})
			from = append(from, "Hugo :fileModTime read as git, "+h.FrontMatterFrom)
		case hugoFileName:
			o.Steps = append(o.Steps, DateStep{FileName: true})
		default:
			keys := hugoDateAliases[id]
			if keys == nil {
				keys = []string{id}
			}
			var step DateStep
			for _, k := range keys {
				if !seen[k] {
					seen[k] = true
					step.Keys = append(step.Keys, k)
				}
			}
			if len(step.Keys) > 0 {
				o.Steps = append(o.Steps, step)
			}
		}
	}
	if _, ok := h.FrontMatterDates["lastmod"]; ok && h.FrontMatterFrom != "" {
		from = append(from, "Hugo [frontmatter] lastmod, "+h.FrontMatterFrom)
	}
	if len(from) == 0 {
		from = append(from, "Hugo's default [frontmatter] lastmod")
	}
	o.From = strings.Join(from, "; ")
	return o
}

// hugoFileNameRE is the name Hugo's :filename reads a date from: the
// date, a hyphen, and the rest, which becomes the slug.
var hugoFileNameRE = regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2})-(.+)$`)

// fileNameDate returns the date and the slug Hugo's :filename reads
// from a page's base name (a bundle's folder name, a file's name without
// its extension), when the [frontmatter] date list names :filename.
func (h *Hugo) fileNameDate(base string) (time.Time, string, bool) {
	if !slices.Contains(h.hugoDates("date"), hugoFileName) {
		return time.Time{}, "", false
	}
	m := hugoFileNameRE.FindStringSubmatch(base)
	if m == nil {
		return time.Time{}, "", false
	}
	d, err := time.Parse(time.DateOnly, m[1])
	if err != nil {
		return time.Time{}, "", false
	}
	return d, m[2], true
}

// fileNameFirst reports whether :filename comes before the key date in
// the [frontmatter] date list.
func (h *Hugo) fileNameFirst() bool {
	for _, id := range h.hugoDates("date") {
		switch id {
		case hugoFileName:
			return true
		case "date":
			return false
		}
	}
	return false
}

// FileDate returns the date Hugo's :filename reads in the name of the
// file at rel (relative to the content folder), when its [frontmatter]
// lastmod or date list names :filename: midnight in the timeZone of the
// file's language ([Hugo.Zone]).
func (h *Hugo) FileDate(rel string) (time.Time, bool) {
	if !slices.Contains(h.hugoDates("lastmod"), hugoFileName) && !slices.Contains(h.hugoDates("date"), hugoFileName) {
		return time.Time{}, false
	}
	dir, file := path.Split(rel)
	base, _ := splitExt(file)
	if base == "index" || base == "_index" {
		base = path.Base(strings.TrimSuffix(dir, "/"))
	}
	m := hugoFileNameRE.FindStringSubmatch(base)
	if m == nil {
		return time.Time{}, false
	}
	loc, _ := h.Zone(rel)
	d, err := time.ParseInLocation(time.DateOnly, m[1], cmp.Or(loc, time.UTC))
	return d, err == nil
}

// LastModOrder returns the order of the site's configuration, the same
// in every language's folder.
func (hl *HugoLanguages) LastModOrder() *DateOrder {
	if h := hl.Site(); h != nil {
		return h.LastModOrder()
	}
	return nil
}
