package jekyll

import (
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/zone"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// zone returns the site's timezone, for every file. Without timezone,
// Jekyll reads dates in the zone of the machine that builds the site,
// which need not be the one sitemapgen runs on: they are read as UTC,
// the zone of most CI machines, and setting timezone makes them certain.
// (URLPath, which must find the day Jekyll wrote a post's folder under
// on this machine, takes this machine's zone then.)
func (j *Preset) zone() (*time.Location, string) {
	if j.Timezone == "" {
		return nil, ""
	}
	loc, err := zone.Load(j.Timezone)
	if err != nil {
		return nil, ""
	}
	return loc, j.configName() + " timezone"
}

// zoneWarnings says whether timezone names an unknown zone. Ruby would
// take it as UTC (the C library's rule for a TZ it cannot read).
func (j *Preset) zoneWarnings() []error {
	if j.Timezone == "" {
		return nil
	}
	if _, err := zone.Load(j.Timezone); err != nil {
		return []error{j.zoneWarning("timezone", j.Timezone)}
	}
	return nil
}

// configName is the configuration file's name, _config.yml by default.
func (j *Preset) configName() string {
	if j.File == "" {
		return "_config.yml"
	}
	return j.File
}

// zoneWarning is the warning about the unknown zone name set by key in
// j's configuration file, at its line.
func (j *Preset) zoneWarning(key, name string) error {
	file := j.configName()
	line := 0
	if j.dir != "" {
		data, _ := j.limits.ReadFile(j.dir, file, "", limits.Text)
		line = conffile.KeyLine(data, key)
	}
	return &diag.Diagnostic{File: file, Line: line, Msg: zone.Unknown(key, name)}
}
