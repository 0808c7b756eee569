package hugo

import (
	"cmp"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

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
func (h *Preset) hugoDates(name string) []string {
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
// join and in content mode alike. Without a git step (no enableGitInfo),
// git is sitemapgen's own fallback, which follows a rename as it does
// for any generator.
//
// The order is worked out once: h's settings must not change after.
func (h *Preset) LastModOrder() *generator.DateOrder {
	h.orderOnce.Do(func() { h.order = h.lastModOrder() })
	return h.order
}

func (h *Preset) lastModOrder() *generator.DateOrder {
	o := &generator.DateOrder{GitAuthor: true}
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
			o.Steps = append(o.Steps, generator.DateStep{Git: true})
			from = append(from, "Hugo enableGitInfo, "+h.EnableGitInfoFrom)
		case hugoFileModTime:
			if git {
				continue
			}
			git = true
			o.Steps = append(o.Steps, generator.DateStep{Git: true})
			from = append(from, "Hugo :fileModTime read as git, "+h.FrontMatterFrom)
		case hugoFileName:
			o.Steps = append(o.Steps, generator.DateStep{FileName: true})
		default:
			keys := hugoDateAliases[id]
			if keys == nil {
				keys = []string{id}
			}
			var step generator.DateStep
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
	o.GitRenames = git // GitInfo dates a file by its rename; our fallback follows it
	return o
}

// hugoFileNameRE is the name Hugo's :filename reads a date from: the
// date, a hyphen, and the rest, which becomes the slug.
var hugoFileNameRE = lazyre.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2})-(.+)$`)

// fileNameDate returns the date and the slug Hugo's :filename reads
// from a page's base name (a bundle's folder name, a file's name without
// its extension), when the [frontmatter] date list names :filename.
func (h *Preset) fileNameDate(base string) (time.Time, string, bool) {
	if !slices.Contains(h.hugoDates("date"), hugoFileName) {
		return time.Time{}, "", false
	}
	m := hugoFileNameRE().FindStringSubmatch(base)
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
func (h *Preset) fileNameFirst() bool {
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

// fileDate returns the date Hugo's :filename reads in the name of the
// file at rel (relative to the content folder), when its [frontmatter]
// lastmod or date list names :filename: midnight in loc, the timeZone of
// the file's language; zero for none.
func (h *Preset) fileDate(rel string, loc *time.Location) time.Time {
	if !slices.Contains(h.hugoDates("lastmod"), hugoFileName) && !slices.Contains(h.hugoDates("date"), hugoFileName) {
		return time.Time{}
	}
	dir, file := path.Split(rel)
	base, _ := srcpath.SplitExt(file)
	if base == "index" || base == "_index" {
		base = path.Base(strings.TrimSuffix(dir, "/"))
	}
	m := hugoFileNameRE().FindStringSubmatch(base)
	if m == nil {
		return time.Time{}
	}
	d, _ := time.ParseInLocation(time.DateOnly, m[1], cmp.Or(loc, time.UTC))
	return d
}
