// Command corpuscmp compares, for one project of the corpus (bench/corpus.sh),
// the sitemaps sitemapgen wrote with the generator's own and with the dates
// the generator's own rules give:
//
//	corpuscmp [flags]
//
// It prints one row of the corpus table (Markdown) on standard output and
// every difference, one a line, into the --details file:
//
//	missing URL                        a listable page we leave out
//	extra URL                          a URL we list that is no page of the
//	                                   generator's
//	lastmod URL truth=T (from) ours=O  a date that is not the generator's
//	stamp URL ours=O                   a date after the last commit: a build's
//	                                   or a checkout's time, never a lastmod
//
// The listable pages are the URLs of the generator's sitemaps (--gen, a
// folder of them), less those --drop matches (what the generator lists that
// is no page, by judgement), or the lines of --ref when the generator writes
// no sitemap. --pages matches URLs we list that the generator leaves out and
// that are pages all the same (judged; counted in the notes, not as extras).
//
// The truth of a page's date (--truth, sources in order, the first that knows
// answers): "sitemap", the generator's sitemap's lastmod (Hugo, VitePress,
// jekyll-sitemap, Eleventy's: each the generator's rules); "html:REGEXP", the
// last match's first group in the built page (Docusaurus' dateModified,
// the Astro starter's <time>; a day written out, "February 1, 2026", is
// read as front matter's forms are); "git:DIR", the last commit's author date of
// the page's source under DIR, or its committer date, or the committer date
// of its last change with renames followed and a pure rename no change, as
// sitemapgen's git source dates it (MkDocs, Sphinx: no rule of the
// generator's dates a page, so its history does, by any of these). A page
// built from includes (--includes) dates by the newest of its files.
// "frontmatter:DIR" (or "frontmatter:PREFIX=DIR", the URLs under PREFIX
// having their sources in DIR), the date the page's source under DIR gives itself
// (updated, lastmod, modified…, else date), for the Markdown blogs whose
// generator writes no sitemap (Gatsby, Next.js) and whose layouts show that
// date. "none:REGEXP" says, by judgement, that the URLs it matches have no true
// date, whatever the sources after it say. A date after the last commit is never a truth: it is
// the time of a build or of a checkout.
//
// A true date that is a day alone is that day in the zone it is written in:
// --truth-zone names it (an IANA name, Asia/Taipei, the zone of a Pelican
// site's TIMEZONE whose theme prints an article's day), and our date is then
// read in that zone alone. Without it the day is read in our date's own zone
// or in UTC.
package main

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	name, generator, repo, commit string
	gen, ref, ours, site, project string
	base                          string
	truth                         string
	drop, pages, includes         string
	details, notes                string
	head                          time.Time
	zone                          *time.Location // of a day-alone truth; nil: unknown
}

func run(args []string, stdout, stderr io.Writer) int {
	var o options
	var head, zone string
	fs := flag.NewFlagSet("corpuscmp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.name, "name", "", "the project's name in the table")
	fs.StringVar(&o.generator, "generator", "", "the generator")
	fs.StringVar(&o.repo, "repo", "", "owner/name of its repository")
	fs.StringVar(&o.commit, "commit", "", "the commit built")
	fs.StringVar(&o.gen, "gen", "", "folder of the generator's own sitemaps")
	fs.StringVar(&o.ref, "ref", "", "file of the listable URLs, one a line, when the generator writes no sitemap")
	fs.StringVar(&o.ours, "ours", "", "folder of the sitemaps sitemapgen wrote")
	fs.StringVar(&o.site, "site", "", "the built site (for html: truths)")
	fs.StringVar(&o.project, "project", ".", "the project folder (for git: truths)")
	fs.StringVar(&o.base, "base", "", "the base URL the site is served at (default: scheme and host of the first listable URL)")
	fs.StringVar(&o.truth, "truth", "sitemap", "where the true dates come from, first that knows: sitemap, html:REGEXP, git:DIR, frontmatter:DIR, none:REGEXP (space-separated)")
	fs.StringVar(&o.drop, "drop", "", "regexp: the generator's URLs that are no pages")
	fs.StringVar(&o.pages, "pages", "", "regexp: URLs we list that the generator leaves out but are pages")
	fs.StringVar(&o.includes, "includes", "", "pages built from several files, for git: truths: URLPATH=FILE,FILE ... (files relative to the project)")
	fs.StringVar(&o.details, "details", "", "write every difference into this file")
	fs.StringVar(&o.notes, "notes", "", "the notes column's text, before the counts")
	fs.StringVar(&zone, "truth-zone", "", "the zone (IANA name) a true date that is a day alone is written in (default: our date's own zone or UTC)")
	fs.StringVar(&head, "head", "", "the last commit's time (RFC 3339): later dates are stamps")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if (o.gen == "") == (o.ref == "") || o.ours == "" || head == "" {
		fmt.Fprintln(stderr, "corpuscmp: need --gen or --ref, --ours and --head")
		return 2
	}
	t, err := time.Parse(time.RFC3339, head)
	if err != nil {
		fmt.Fprintln(stderr, "corpuscmp: --head:", err)
		return 2
	}
	o.head = t
	if zone != "" {
		if o.zone, err = time.LoadLocation(zone); err != nil {
			fmt.Fprintln(stderr, "corpuscmp: --truth-zone:", err)
			return 2
		}
	}
	row, err := compare(o)
	if err != nil {
		fmt.Fprintln(stderr, "corpuscmp:", err)
		return 1
	}
	fmt.Fprintln(stdout, row)
	return 0
}

// entry is one <url> of a sitemap.
type entry struct{ loc, lastmod string }

// compare does the work of run and returns the table's row.
func compare(o options) (string, error) {
	ours, err := readDir(o.ours)
	if err != nil {
		return "", err
	}
	var gen map[string]string
	if o.gen != "" {
		gen, err = readDir(o.gen)
	} else {
		gen, err = readLines(o.ref)
	}
	if err != nil {
		return "", err
	}
	drop, err := optRegexp(o.drop)
	if err != nil {
		return "", err
	}
	pages, err := optRegexp(o.pages)
	if err != nil {
		return "", err
	}
	var t tally
	var ref []string
	for loc := range gen {
		if drop != nil && drop.MatchString(loc) {
			t.dropped++
			continue
		}
		ref = append(ref, loc)
	}
	sort.Strings(ref)
	if o.base == "" && len(ref) > 0 {
		if u, err := url.Parse(ref[0]); err == nil {
			o.base = u.Scheme + "://" + u.Host + "/"
		}
	}
	truths, err := newTruths(o)
	if err != nil {
		return "", err
	}
	isRef := t.judgeRef(o, truths, ref, ours, gen)
	t.judgeOurs(o, ours, isRef, pages)
	if o.details != "" {
		if err := os.WriteFile(o.details, t.det.Bytes(), 0o644); err != nil {
			return "", err
		}
	}
	return t.row(o, len(ref), len(ours)), nil
}

// A tally counts what compare finds, and keeps the details, one line a
// finding.
type tally struct {
	det     bytes.Buffer
	found   int // the generator's URLs that we list too
	agree   int // of those, the ones whose lastmod agrees with the truth
	dated   int // of those, the ones with a true date
	noTruth int // of those, the ones without a true date
	stamps  int // our URLs whose lastmod is a build's stamp
	extras  int // our URLs that the generator does not list
	judged  int // our URLs that the generator leaves out, judged pages
	dropped int // the generator's URLs judged no pages
}

// judgeRef checks each URL of ref, the generator's, against ours: is it
// listed, and does its lastmod agree with the truth? gen gives the
// generator's lastmod of each. judgeRef returns the URLs of ref as a
// set.
func (t *tally) judgeRef(o options, truths *truths, ref []string, ours, gen map[string]string) map[string]bool {
	isRef := map[string]bool{}
	for _, loc := range ref {
		isRef[loc] = true
		mine, ok := ours[loc]
		if !ok {
			fmt.Fprintf(&t.det, "missing %s\n", loc)
			continue
		}
		t.found++
		truth, alt, from := truths.of(loc, gen[loc])
		if truth == "" {
			t.noTruth++
		}
		switch {
		case truth == "" && (mine == "" || !o.stamp(mine)):
			// The generator's rules give the page no date. We agree
			// when we give none, or a date of our own that is not a
			// stamp.
			t.agree++
		case truth != "" && (o.sameTruth(truth, mine) || o.anySame(alt, mine)):
			t.agree++
			t.dated++
		default:
			if truth != "" {
				t.dated++
			}
			fmt.Fprintf(&t.det, "lastmod %s truth=%s (%s) ours=%s\n", loc, orNone(truth), from, orNone(mine))
		}
	}
	return isRef
}

// judgeOurs checks each of our URLs, in order: is its lastmod a stamp,
// and does the generator list it? A URL that the generator does not list
// is an extra, unless pages says it is a page that the generator leaves
// out.
func (t *tally) judgeOurs(o options, ours map[string]string, isRef map[string]bool, pages *regexp.Regexp) {
	var locs []string
	for loc := range ours {
		locs = append(locs, loc)
	}
	sort.Strings(locs)
	for _, loc := range locs {
		if o.stamp(ours[loc]) {
			t.stamps++
			fmt.Fprintf(&t.det, "stamp %s ours=%s\n", loc, ours[loc])
		}
		if isRef[loc] {
			continue
		}
		if pages != nil && pages.MatchString(loc) {
			t.judged++
			continue
		}
		t.extras++
		fmt.Fprintf(&t.det, "extra %s\n", loc)
	}
}

// row returns the table's row for the counts. refs is the number of the
// generator's URLs, and ours the number of ours.
func (t *tally) row(o options, refs, ours int) string {
	var notes []string
	if o.notes != "" {
		notes = append(notes, o.notes)
	}
	if t.dropped > 0 {
		notes = append(notes, fmt.Sprintf("%d generator URLs judged no pages", t.dropped))
	}
	if t.judged > 0 {
		notes = append(notes, fmt.Sprintf("%d URLs judged pages the generator leaves out", t.judged))
	}
	notes = append(notes, fmt.Sprintf("%d of %d with a true date", t.dated, t.found))
	if t.noTruth > 0 {
		notes = append(notes, fmt.Sprintf("%d without a true date", t.noTruth))
	}
	commit := o.commit
	if len(commit) > 10 {
		commit = commit[:10]
	}
	return fmt.Sprintf("| %s | %s | %s@%s | %d / %d | %s | %d | %s | %d | %s |",
		o.name, o.generator, o.repo, commit, refs, ours,
		percent(t.found, refs), t.extras, percent(t.agree, t.found), t.stamps, strings.Join(notes, "; "))
}

func percent(n, of int) string {
	if of == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f %%", 100*float64(n)/float64(of))
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func optRegexp(s string) (*regexp.Regexp, error) {
	if s == "" {
		return nil, nil
	}
	return regexp.Compile(s)
}

// readDir reads the <url> entries of every sitemap file in dir (an index's
// shards are files beside it: the index itself adds nothing).
func readDir(dir string) (map[string]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.xml"))
	if err != nil {
		return nil, err
	}
	urls := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var set struct {
			URLs []struct {
				Loc     string `xml:"loc"`
				Lastmod string `xml:"lastmod"`
			} `xml:"url"`
		}
		if err := xml.Unmarshal(data, &set); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		for _, u := range set.URLs {
			urls[homeSlash(strings.TrimSpace(u.Loc))] = strings.TrimSpace(u.Lastmod)
		}
	}
	return urls, nil
}

// homeSlash writes a site's home URL with its path "/": https://a.site
// and https://a.site/ are one URL (RFC 3986, 6.2.3), which a generator
// writes without the slash (Next.js's app/sitemap.ts).
func homeSlash(loc string) string {
	if u, err := url.Parse(loc); err == nil && u.Host != "" && u.Path == "" && u.RawQuery == "" && u.Fragment == "" {
		return loc + "/"
	}
	return loc
}

// readLines reads a list of URLs, one a line.
func readLines(file string) (map[string]string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	urls := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			urls[homeSlash(l)] = ""
		}
	}
	return urls, sc.Err()
}

// The forms of W3C Datetime a sitemap's lastmod takes.
var layouts = []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00", "2006-01-02T15:04:05.999999999", "2006-01-02"}

func parseDate(s string) (time.Time, bool, error) {
	for _, l := range layouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, l == "2006-01-02", nil
		}
	}
	return time.Time{}, false, fmt.Errorf("not a W3C date: %q", s)
}

// sameDate says whether two lastmods name the same time: the same instant
// to the second, or, when one is a day alone, that day (in the other's own
// zone or in UTC).
func sameDate(a, b string) bool {
	ta, dayA, errA := parseDate(a)
	tb, dayB, errB := parseDate(b)
	if errA != nil || errB != nil {
		return a == b
	}
	switch {
	case dayA && dayB:
		return ta.Equal(tb)
	case dayA:
		return sameDay(ta, tb)
	case dayB:
		return sameDay(tb, ta)
	}
	return ta.Truncate(time.Second).Equal(tb.Truncate(time.Second))
}

// sameTruth says whether our lastmod is a true date: as sameDate, but a
// day-alone truth, when the recipe names the zone it is written in, is that
// day in that zone alone.
func (o options) sameTruth(truth, ours string) bool {
	if o.zone != nil {
		tt, dayT, errT := parseDate(truth)
		to, dayO, errO := parseDate(ours)
		if errT == nil && errO == nil && dayT && !dayO {
			return to.In(o.zone).Format(time.DateOnly) == tt.Format(time.DateOnly)
		}
	}
	return sameDate(truth, ours)
}

func sameDay(day, t time.Time) bool {
	d := day.Format(time.DateOnly)
	return t.Format(time.DateOnly) == d || t.UTC().Format(time.DateOnly) == d
}

// stamp says whether a lastmod is later than the last commit: no source's
// history holds such a date, so it is the time of a build or of a checkout.
// A day alone is a stamp when it is after the last commit's day.
func (o options) stamp(lastmod string) bool {
	if lastmod == "" {
		return false
	}
	t, day, err := parseDate(lastmod)
	if err != nil {
		return false
	}
	if day {
		return t.Format(time.DateOnly) > o.head.UTC().Format(time.DateOnly) && t.Format(time.DateOnly) > o.head.Format(time.DateOnly)
	}
	return t.After(o.head.Add(time.Second))
}

// truths answers a page's true date from the sources of --truth in order.
type truths struct {
	o       options
	sources []func(loc, genLastmod string) (date string, alt []string)
	names   []string
}

func newTruths(o options) (*truths, error) {
	t := &truths{o: o}
	for _, s := range strings.Fields(o.truth) {
		kind, arg, _ := strings.Cut(s, ":")
		switch kind {
		case "none":
			re, err := regexp.Compile(arg)
			if err != nil {
				return nil, err
			}
			t.add(s, func(loc, _ string) (string, []string) {
				if re.MatchString(loc) {
					return "none", nil
				}
				return "", nil
			})
		case "sitemap":
			t.add(s, func(_, g string) (string, []string) { return g, nil })
		case "html":
			re, err := regexp.Compile(arg)
			if err != nil {
				return nil, err
			}
			t.add("html", func(loc, _ string) (string, []string) { return t.html(loc, re), nil })
		case "git":
			dates, err := gitDates(o.project, arg)
			if err != nil {
				return nil, err
			}
			dir := arg
			includes := map[string][]string{}
			for _, inc := range strings.Fields(o.includes) {
				page, files, _ := strings.Cut(inc, "=")
				includes[page] = strings.Split(files, ",")
			}
			t.add(s, func(loc, _ string) (string, []string) {
				if files, ok := includes[t.urlPath(loc)]; ok {
					return newestDates(o.project, files)
				}
				return sourceDates(o.project, dates, dir, t.urlPath(loc))
			})
		case "frontmatter":
			// DIR, or PREFIX=DIR: the URLs under PREFIX (a route's folder,
			// blog/) have their sources in DIR.
			dir := arg
			prefix, d, routed := strings.Cut(arg, "=")
			if routed {
				dir = d
			}
			t.add(s, func(loc, _ string) (string, []string) {
				p := t.urlPath(loc)
				if routed {
					var ok bool
					if p, ok = strings.CutPrefix(p, prefix); !ok {
						return "", nil
					}
				}
				file := sourceFile(o.project, dir, p)
				if file == "" {
					return "", nil
				}
				return frontMatterDate(o.project, file), nil
			})
		default:
			return nil, fmt.Errorf("--truth: unknown source %q", s)
		}
	}
	return t, nil
}

func (t *truths) add(name string, f func(loc, genLastmod string) (date string, alt []string)) {
	t.names = append(t.names, name)
	t.sources = append(t.sources, f)
}

// of returns the first true date a source knows, other dates that are as
// true (git's committer date beside its author date), and the source's name;
// a stamp is no truth.
func (t *truths) of(loc, genLastmod string) (date string, alt []string, from string) {
	for i, f := range t.sources {
		d, a := f(loc, genLastmod)
		if d == "none" {
			return "", nil, t.names[i]
		}
		if d != "" && !t.o.stamp(d) {
			return d, a, t.names[i]
		}
	}
	return "", nil, "no source"
}

// anySame says whether one of the true dates is the same as d.
func (o options) anySame(dates []string, d string) bool {
	for _, a := range dates {
		if o.sameTruth(a, d) {
			return true
		}
	}
	return false
}

// urlPath is a URL's path under the base, unescaped, without its leading
// slash.
func (t *truths) urlPath(loc string) string {
	p := strings.TrimPrefix(loc, t.o.base)
	if u, err := url.PathUnescape(p); err == nil {
		p = u
	}
	return strings.TrimPrefix(p, "/")
}

// html reads the built page of loc and returns the last match of re's first
// group.
func (t *truths) html(loc string, re *regexp.Regexp) string {
	p := t.urlPath(loc)
	var candidates []string
	switch {
	case p == "" || strings.HasSuffix(p, "/"):
		candidates = []string{p + "index.html"}
	case path.Ext(p) == ".html" || path.Ext(p) == ".htm":
		candidates = []string{p}
	default:
		candidates = []string{p + ".html", p + "/index.html"}
	}
	for _, c := range candidates {
		data, err := os.ReadFile(filepath.Join(t.o.site, filepath.FromSlash(c)))
		if err != nil {
			continue
		}
		m := re.FindAllSubmatch(data, -1)
		if len(m) == 0 || len(m[len(m)-1]) < 2 {
			return ""
		}
		d := string(m[len(m)-1][1])
		if _, _, err := parseDate(d); err != nil {
			// A day a layout writes out (February 1, 2026) is read in
			// the forms front matter gives it.
			if day := normalDate(d); day != "" {
				return day
			}
		}
		return d
	}
	return ""
}

// gitDates returns the last commit's author and committer dates of each
// file under dir (paths relative to the project folder), from one git log.
func gitDates(project, dir string) (map[string][2]string, error) {
	cmd := exec.Command("git", "log", "--relative", "--name-only", "--no-renames", "--format=%x00%aI %cI", "--", dir)
	cmd.Dir = project
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git log in %s: %v", project, err)
	}
	dates := map[string][2]string{}
	var date [2]string
	for _, l := range strings.Split(string(out), "\n") {
		switch {
		case strings.HasPrefix(l, "\x00"):
			date[0], date[1], _ = strings.Cut(l[1:], " ")
		case l != "":
			if _, ok := dates[l]; !ok {
				dates[l] = date
			}
		}
	}
	return dates, nil
}

// The extensions of source files, in the order a page's source is looked for.
var sourceExts = []string{".md", ".markdown", ".rst", ".txt", ".mdx", ".html", ".njk", ".astro", ".ipynb"}

// sourceDates finds the source of a URL path under dir (sourceFile) and
// returns its git dates: the author's, then the committer's and that of its
// last change of content (renames followed). A file history does not know
// (untracked) has none.
func sourceDates(project string, dates map[string][2]string, dir, p string) (string, []string) {
	file := sourceFile(project, dir, p)
	d, ok := dates[file]
	if file == "" || !ok {
		return "", nil
	}
	return d[0], []string{d[1], contentDate(project, file)}
}

// sourceFile finds the source of a URL path under dir as the generators
// name their sources (NAME.EXT, NAME/index.EXT, NAME/README.md, Eleventy's
// NAME/LAST.EXT; a file of the work tree) and returns its path relative to
// the project, or "".
func sourceFile(project, dir, p string) string {
	p = strings.TrimSuffix(strings.TrimSuffix(p, "index.html"), "/")
	if e := path.Ext(p); e == ".html" || e == ".htm" {
		p = strings.TrimSuffix(p, e) // not the dot of a name (3.16-announcement)
	}
	var stems []string
	if p == "" {
		stems = []string{"index", "README"}
	} else {
		stems = []string{p, p + "/index", p + "/README", p + "/" + path.Base(p)}
	}
	for _, s := range stems {
		for _, e := range sourceExts {
			file := path.Join(dir, s+e)
			if fi, err := fsx.Stat(project, file); err == nil && fi.Mode().IsRegular() {
				return file
			}
		}
	}
	return ""
}

// The front matter keys of a page's last change, then of its date, in the
// order they answer (Hexo's updated, Hugo's lastmod, jekyll-last-modified-at's,
// Pelican's modified, the Astro starter's updatedDate; then date, pubDate,
// and the publishedDate or publishedAt of Next.js blogs whose own code reads
// them).
var (
	updatedKeys = []string{"updated", "lastmod", "last_modified_at", "modified", "updateddate", "updated_at"}
	dateKeys    = []string{"date", "pubdate", "published", "publishdate", "publisheddate", "publishedat"}
)

// frontMatterDate returns the date a page's source gives itself: its YAML
// front matter (between "---" lines) or, without one, its opening
// "Key: value" lines (Pelican's Markdown metadata) or ":key: value" fields
// (reStructuredText). A date with a time but no zone, or written as
// JavaScript's Date reads it ("Jul 08 2022"), is the day alone: its zone is
// the generator's, not the file's.
//
// The file is read through the door, inside project (a link out of it
// refused), within the bound sitemapgen reads a source's front matter in.
func frontMatterDate(project, file string) string {
	data, err := fsx.ReadFile(project, file, limits.Limits{}.Or().FrontMatterBytes, "limits.front_matter_bytes")
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	if len(lines) > 0 && strings.TrimSpace(lines[0]) == "---" {
		lines = lines[1:]
	}
	fields := map[string]string{}
	for _, l := range lines {
		if strings.TrimSpace(l) == "---" || (strings.TrimSpace(l) == "" && len(fields) > 0) {
			break
		}
		k, v, ok := strings.Cut(strings.TrimPrefix(l, ":"), ":")
		if !ok || strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t") {
			continue
		}
		k = strings.ToLower(strings.TrimSpace(k))
		if _, seen := fields[k]; !seen {
			fields[k] = strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	for _, keys := range [][]string{updatedKeys, dateKeys} {
		for _, k := range keys {
			if d := normalDate(fields[k]); d != "" {
				return d
			}
		}
	}
	return ""
}

// normalDate writes a front matter date as W3C Datetime: an instant when it
// has a zone, else the day alone; "" when it is no date.
func normalDate(s string) string {
	if s == "" {
		return ""
	}
	for _, l := range []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00", "2006-01-02 15:04:05Z07:00", "2006-01-02 15:04:05 -0700", "2006-01-02 15:04:05 Z07:00"} {
		if t, err := time.Parse(l, s); err == nil {
			return t.Format(time.RFC3339)
		}
	}
	for _, l := range []string{"2006-01-02", "2006-1-2", "2006-01-02 15:04", "2006-1-2 15:04", "2006-01-02 15:04:05", "2006-01-02T15:04:05", "2006-01-02T15:04", "2006/01/02", "2006/1/2 15:04", "2006/01/02 15:04:05",
		"Jan 02 2006", "Jan 2 2006", "Jan 2, 2006", "January 2, 2006", "January 2 2006", "2 January 2006", "02 Jan 2006", "2 Jan 2006", "Mon Jan 02 2006"} {
		if t, err := time.Parse(l, s); err == nil {
			return t.Format(time.DateOnly)
		}
	}
	return ""
}

// newestDates returns the author and committer dates of the newest commit
// that touched one of files.
func newestDates(project string, files []string) (string, []string) {
	cmd := exec.Command("git", append([]string{"log", "-1", "--no-merges", "--format=%aI %cI", "--"}, files...)...)
	cmd.Dir = project
	out, err := cmd.Output()
	if err != nil {
		return "", nil
	}
	a, c, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	return a, []string{c}
}

// contentDate is the committer date of the last commit that changed file's
// content, its renames followed: a pure rename (R100) is no change.
func contentDate(project, file string) string {
	cmd := exec.Command("git", "log", "--follow", "--no-merges", "--name-status", "--format=%x00%cI", "--", file)
	cmd.Dir = project
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	var date string
	for _, l := range strings.Split(string(out), "\n") {
		switch {
		case strings.HasPrefix(l, "\x00"):
			date = l[1:]
		case l != "" && !strings.HasPrefix(l, "R100"):
			return date
		}
	}
	return ""
}
