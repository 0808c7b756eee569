package generator

import (
	"bytes"
	"cmp"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/limits"
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

// CollectionOf returns the collection of the Jekyll source at rel
// (relative to the site's source): "posts" for a post (DIR/_posts/…),
// a collection's label for its documents (collections_dir/_LABEL/…), ""
// for a page or a static file.
func (j *Jekyll) CollectionOf(rel string) string {
	in := rel
	if j.CollectionsDir != "" {
		var ok bool
		if in, ok = strings.CutPrefix(rel, j.CollectionsDir+"/"); !ok {
			return ""
		}
	}
	els := strings.Split(in, "/")
	if label, ok := strings.CutPrefix(els[0], "_"); ok && len(els) > 1 {
		if _, known := j.Collections[label]; known && label != "posts" {
			return label
		}
	}
	if slices.Contains(els[:len(els)-1], "_posts") {
		return "posts"
	}
	return ""
}

// lastModifiedAtGem is the Jekyll plugin that dates pages by git.
const lastModifiedAtGem = "jekyll-last-modified-at"

// gemGroupRE finds the blocks of a Gemfile's jekyll_plugins group, whose
// gems Jekyll requires (through Bundler) without a plugins: list naming
// them.
var gemGroupRE = regexp.MustCompile(`(?ms)^[ \t]*group\b[^\n]*:jekyll_plugins\b[^\n]*\bdo\b(.*?)^[ \t]*end\b`)

// gemfilePlugin says whether the Gemfile in dir puts gem in the
// jekyll_plugins group, in a group block or with group: on its line:
// "GEM in the Gemfile's jekyll_plugins group", else "". A Gemfile that
// cannot be read within lim asks for nothing.
func gemfilePlugin(dir, gem string, lim limits.Limits) string {
	data, err := lim.ReadFile(dir, "Gemfile", "Gemfile", limits.Text)
	if err != nil {
		return ""
	}
	line := regexp.MustCompile(`(?m)^[ \t]*gem[ \t(]+["']` + regexp.QuoteMeta(gem) + `["']([^\n]*)`)
	found := false
	for _, m := range gemGroupRE.FindAllSubmatch(data, -1) {
		found = found || line.Match(m[1])
	}
	for _, m := range line.FindAllSubmatch(data, -1) {
		found = found || bytes.Contains(m[1], []byte(":jekyll_plugins"))
	}
	if !found {
		return ""
	}
	return gem + " in the Gemfile's jekyll_plugins group"
}

// LastModOrder returns the order in which jekyll-sitemap dates a page
// when jekyll-last-modified-at is on (its page.last_modified_at, else
// page.date): the plugin sets last_modified_at to the last commit of the
// page's source (its committer date; a rename is a change) before a
// document's front matter is read, so that a document's own
// last_modified_at wins, then git; date, then the post's file name date,
// only for a file git does not know (the plugin dates it by its
// modification time, a checkout's, which is passed over). nil without the plugin: sitemapgen's default order,
// front matter last_modified_at then date, is jekyll-sitemap's.
//
// A page (not a document) is read before the plugin runs, so the plugin
// overwrites its front matter last_modified_at; the order keeps the
// front matter's, as the site's author wrote it.
func (j *Jekyll) LastModOrder() *DateOrder { return j.order }

func (j *Jekyll) lastModOrder() *DateOrder {
	if j.LastModPlugin == "" {
		return nil
	}
	return &DateOrder{
		Steps:      []DateStep{{Keys: []string{"last_modified_at"}}, {Git: true}, {Keys: []string{"date"}}, {FileName: true}},
		From:       j.LastModPlugin,
		GitRenames: true, // git log -n 1 -- PATH
	}
}
