// Package pelican is Pelican, as sitemapgen knows it: a project is a
// pelicanconf.py (with publishconf.py for the production build), read as
// text for its literal assignments, never run. `pelican` writes output/
// (OUTPUT_PATH); SITEURL is the site's URL.
package pelican

import (
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/pyconf"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
)

// Generator is Pelican.
type Generator struct{}

var (
	_ generator.Generator = Generator{}
	_ generator.Router    = Generator{}
)

// Info returns Pelican's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "pelican", Title: "Pelican", PublishKey: "OUTPUT_PATH", BaseURLPlaces: []string{"SITEURL in publishconf.py (the production settings) or {file}"}}
}

// Detect finds a Pelican project: pelicanconf.py, and
// publishconf.py, which Pelican's quickstart writes for the production
// build (pelican -s publishconf.py) and which imports pelicanconf's
// settings. OUTPUT_PATH (default "output") is the publish folder; SITEURL
// of publishconf.py, else of pelicanconf.py, the base URL.
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	name, data, err := d.File("pelicanconf.py")
	if err != nil || name == "" {
		return nil, err
	}
	p := &generator.Detected{File: name, PublishDir: "output"}
	files := []pyFile{{name, pyconf.Assignments(data)}}
	pub, pdata, err := d.File("publishconf.py")
	if err != nil {
		return nil, err
	}
	if pub != "" {
		files = append([]pyFile{{pub, pyconf.Assignments(pdata)}}, files...) // its settings win
	}
	for _, f := range files {
		if v, ok := f.vals["OUTPUT_PATH"]; ok {
			if v.Literal && siteurl.CleanDir(v.Value) != "" {
				p.PublishDir = siteurl.CleanDir(v.Value)
			} else if !v.Literal {
				p.PublishDir = ""
				p.Notes = append(p.Notes, generator.Note(f.name, v.Line, "OUTPUT_PATH is not a literal string%s", siteurl.DirHint))
			}
			break
		}
	}
	for _, f := range files {
		v, ok := f.vals["SITEURL"]
		if !ok || v.Literal && v.Value == "" {
			continue // the development setting: relative URLs
		}
		switch {
		case v.Literal && siteurl.AbsHTTP(v.Value):
			p.BaseURL, p.BaseURLFrom = siteurl.WithSlash(v.Value), f.name+" SITEURL"
		case v.Literal:
			p.Notes = append(p.Notes, generator.Note(f.name, v.Line, "SITEURL %q is not an absolute http(s) URL%s", diag.URL(v.Value), siteurl.BaseURLHint))
		default:
			p.Notes = append(p.Notes, generator.Note(f.name, v.Line, "SITEURL is not a literal string%s", siteurl.BaseURLHint))
		}
		break
	}
	conf := confOf(files)
	if set := readSettings(conf); set.Unknown != "" {
		p.Notes = append(p.Notes, set.Unknown)
	}
	p.Own = conf
	return p, nil
}

// Routes returns the preset that joins the pages of p's build to the
// sources of its PATH; none when a setting it needs is not a literal.
func (Generator) Routes(p *generator.Detected) (generator.Preset, string) {
	c, ok := p.Own.(Conf)
	if !ok {
		return nil, ""
	}
	s := readSettings(c)
	if s.Unknown != "" {
		return nil, ""
	}
	return &Preset{s: s}, s.Path
}
