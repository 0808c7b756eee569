package generator

// Pelican, whose configuration is a Python file: read as text for
// literal assignments, never run.

import (
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/pyconf"
)

// pelican is Detect's check for a Pelican project: pelicanconf.py, and
// publishconf.py, which Pelican's quickstart writes for the production
// build (pelican -s publishconf.py) and which imports pelicanconf's
// settings. OUTPUT_PATH (default "output") is the publish folder; SITEURL
// of publishconf.py, else of pelicanconf.py, the base URL.
func (d *Dir) pelican() (*Project, error) {
	name, data, err := d.firstFile("pelicanconf.py")
	if err != nil || name == "" {
		return nil, err
	}
	p := &Project{Generator: "pelican", Title: "Pelican", File: name, PublishDir: "output"}
	type pyFile struct {
		name string
		vals map[string]pyconf.Value
	}
	files := []pyFile{{name, pyconf.Assignments(data)}}
	pub, pdata, err := d.firstFile("publishconf.py")
	if err != nil {
		return nil, err
	}
	if pub != "" {
		files = append([]pyFile{{pub, pyconf.Assignments(pdata)}}, files...) // its settings win
	}
	for _, f := range files {
		if v, ok := f.vals["OUTPUT_PATH"]; ok {
			if v.Literal && cleanDir(v.Value) != "" {
				p.PublishDir = cleanDir(v.Value)
			} else if !v.Literal {
				p.PublishDir = ""
				p.Notes = append(p.Notes, noteAt(f.name, v.Line, "OUTPUT_PATH is not a literal string%s", dirHint))
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
		case v.Literal && absHTTP(v.Value):
			p.BaseURL, p.BaseURLFrom = withSlash(v.Value), f.name+" SITEURL"
		case v.Literal:
			p.Notes = append(p.Notes, noteAt(f.name, v.Line, "SITEURL %q is not an absolute http(s) URL%s", v.Value, baseURLHint))
		default:
			p.Notes = append(p.Notes, noteAt(f.name, v.Line, "SITEURL is not a literal string%s", baseURLHint))
		}
		break
	}
	return p, nil
}
