package generator

import (
	"strings"

	"github.com/BurntSushi/toml"
)

// zola is Detect's check for a Zola project: a config.toml whose
// base_url, the one setting Zola requires, is set, and which sets no Hugo
// baseURL (Hugo reads a config.toml too). The publish folder is
// output_dir (default "public"); pages are folders, linked with a slash.
// Zola is not in Debian's packages: its projects are recognised from
// their configuration, as Zola documents it.
func (d *Dir) zola() (*Project, error) {
	name, data, err := d.firstFile("config.toml")
	if err != nil || name == "" {
		return nil, err
	}
	cfg, ok := zolaConfig(data)
	if !ok {
		return nil, nil
	}
	p := &Project{Generator: "zola", Title: "Zola", File: name, PublishDir: "public", TrailingSlash: "always"}
	if out, ok := cfg["output_dir"].(string); ok && cleanDir(out) != "" {
		p.PublishDir = cleanDir(out)
	}
	switch u, _ := cfg["base_url"].(string); {
	case absHTTP(u):
		p.BaseURL, p.BaseURLFrom = withSlash(u), name+" base_url"
	default:
		p.Notes = append(p.Notes, noteAt(name, 0, "base_url %q is not an absolute http(s) URL%s", u, baseURLHint))
	}
	return p, nil
}

// zolaOnly reports whether the project's only Hugo-like configuration is
// Zola's config.toml: no hugo.* file, no config/ folder.
func (d *Dir) zolaOnly() bool {
	_, data, err := d.firstFile("config.toml")
	if err != nil || data == nil {
		return false
	}
	if _, ok := zolaConfig(data); !ok {
		return false
	}
	other, _, err := d.firstFile("hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config/_default/hugo.toml", "config/_default/config.toml")
	return err == nil && other == ""
}

// zolaConfig decodes a config.toml that is Zola's: it sets base_url, and
// no key Hugo takes for its base URL (baseURL in any case).
func zolaConfig(data []byte) (map[string]any, bool) {
	var cfg map[string]any
	if _, err := toml.Decode(string(data), &cfg); err != nil {
		return nil, false // Hugo's check reports a file that does not parse
	}
	if _, ok := cfg["base_url"]; !ok {
		return nil, false
	}
	for k := range cfg {
		if strings.EqualFold(k, "baseurl") {
			return nil, false
		}
	}
	return cfg, true
}
