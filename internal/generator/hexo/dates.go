package hexo

// How Hexo dates a page, and what sitemapgen writes of it.
//
// Hexo (plugins/processor/post.js, asset.js) gives each post and page a
// date, front matter date, else (a post) the date new_post_name reads in
// its file's name, else the file's birth time (a page: its ctime); and an
// updated, front matter updated, else by updated_option: "mtime" (the
// default) the file's modification time, "date" the date, "empty" none.
// hexo-generator-sitemap writes updated, else date, as a day. A
// checkout's file times are the checkout's: where Hexo takes one,
// sitemapgen takes the source's last commit, the time its text last
// changed. The home, archive, tag and category pages, which the plugin
// dates by the build's day, are dated by the pages they show (the
// pipeline's rule for list pages), or not at all.
//
// Front matter dates without a zone are wall-clock in timezone, or in the
// building machine's zone when timezone is "" (read here as UTC, the zone
// of most CI machines: setting timezone makes them certain).

import (
	"strconv"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/zone"
)

var _ generator.Preset = (*Routes)(nil)

// lastModOrder returns Hexo's order: front matter updated; then, with
// updated_option mtime (the default), the source's last commit in place
// of its file time, then date (and the file name's date); with date or
// empty, date (which the sitemap plugin writes then), then git in place
// of the file's birth time.
func (r *Routes) lastModOrder() *generator.DateOrder {
	from := "Hexo updated_option: " + r.c.UpdatedOption
	if r.c.File != "" {
		from += ", " + r.c.File
	}
	updated, date := generator.DateStep{Keys: []string{"updated"}}, generator.DateStep{Keys: []string{"date"}}
	git, name := generator.DateStep{Git: true}, generator.DateStep{FileName: true}
	if r.c.UpdatedOption == "date" || r.c.UpdatedOption == "empty" {
		return &generator.DateOrder{Steps: []generator.DateStep{updated, date, name, git}, From: from}
	}
	return &generator.DateOrder{Steps: []generator.DateStep{updated, git, date, name}, From: from + " (the file's time read as git)"}
}

// zone returns timezone's zone, in which Hexo reads a front matter date
// without one; nil without timezone, or for a zone the IANA database
// does not know (Hexo's build fails on it).
func (r *Routes) zone() *time.Location {
	if r.c.Timezone == "" {
		return nil
	}
	loc, err := zone.Load(r.c.Timezone)
	if err != nil {
		return nil
	}
	return loc
}

// zoneWarnings says whether timezone names a zone that is not known.
func (r *Routes) zoneWarnings() []error {
	if r.c.Timezone == "" || r.zone() != nil {
		return nil
	}
	return []error{&diag.Diagnostic{File: r.c.File, Line: r.c.TimezoneLine, Msg: "timezone: " + strconv.Quote(r.c.Timezone) + " is not a time zone of the IANA database; dates without a zone are read as UTC"}}
}

// fileDate returns the date new_post_name reads in the name of the post
// at rel (relative to source_dir): its :year, :month (or :i_month) and
// :day (or :i_day), midnight in loc, timezone's (UTC without).
func (r *Routes) fileDate(rel string, loc *time.Location) (time.Time, bool) {
	sub, ok := r.post(rel)
	if !ok {
		return time.Time{}, false
	}
	info := r.fileName(sub)
	num := func(keys ...string) int {
		for _, k := range keys {
			if n, err := strconv.Atoi(info[k]); err == nil {
				return n
			}
		}
		return 0
	}
	y, m, d := num("year"), num("month", "i_month"), num("day", "i_day")
	if y == 0 || m < 1 || m > 12 || d < 1 || d > 31 {
		return time.Time{}, false
	}
	if loc == nil {
		loc = time.UTC
	}
	return time.Date(y, time.Month(m), d, 0, 0, 0, 0, loc), true
}
