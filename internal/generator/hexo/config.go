package hexo

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"
)

// Config is what sitemapgen reads of a Hexo site's _config.yml: the keys
// that place its pages and date them, with Hexo 8's defaults
// (hexo/dist/hexo/default_config.js) for those it does not set. Hexo
// merges _config.yml with _config.THEME.yml and --config files; those
// hold a theme's options, not these keys, and are not read.
type Config struct {
	// File is the configuration's name, "_config.yml"; "" for none
	// (a project found by its package.json: Hexo's defaults).
	File string
	// URL is url, the site's full base URL with its sub-path
	// ("https://example.com/blog"); Root is root ("/blog/"), the path
	// links are written under.
	URL, Root string
	// URLLine is the line of url, 0 when it is not set.
	URLLine int
	// Permalink is permalink, the rule of a post's path
	// (":year/:month/:day/:title/"); Defaults are permalink_defaults,
	// the values of placeholders a post lacks.
	Permalink string
	Defaults  map[string]string
	// TrailingIndex and TrailingHTML are pretty_urls.trailing_index and
	// trailing_html (both true by default): false links
	// NAME/index.html as NAME/, and NAME.html as NAME.
	TrailingIndex, TrailingHTML bool
	// SourceDir and PublicDir are source_dir and public_dir.
	SourceDir, PublicDir string
	// NewPostName is new_post_name (":title.md"): the name a post's
	// file is read back by, for its slug and a date.
	NewPostName string
	// Timezone is timezone: the zone front matter dates are wall-clock
	// in; "" for the building machine's.
	Timezone     string
	TimezoneLine int
	// UpdatedOption is updated_option: "mtime" (the default), "date" or
	// "empty": what a page's updated is without front matter updated.
	UpdatedOption string
	// RenderDrafts is render_drafts: _drafts/ published too.
	RenderDrafts bool
	// SkipRender, Include and Exclude are skip_render, include and
	// exclude: globs of source files (relative to SourceDir) copied as
	// they are, or taken though hidden, or left out.
	SkipRender, Include, Exclude []string
	// PostAssetFolder is post_asset_folder: a permalink that ends in
	// neither "/" nor ".html" gets a "/".
	PostAssetFolder bool
	// DefaultCategory is default_category, :category of a post
	// without one; CategoryMap is category_map, a category's slug by
	// its name; FilenameCase is filename_case (1 lower, 2 upper case for
	// the categories' slugs).
	DefaultCategory string
	CategoryMap     map[string]string
	FilenameCase    int
	// SitemapPaths are hexo-generator-sitemap's files, its sitemap.path
	// (sitemap.xml and sitemap.txt by default), and SitemapLine the line
	// of its sitemap: block (0 for none).
	SitemapPaths []string
	SitemapLine  int
	// Sitemap are the options of the sitemap: block, in the order
	// written.
	Sitemap []Option
	// Theme is theme: the theme's name ("fluid").
	Theme string
	// HideFrom, for a site on the theme Fluid (theme: fluid, the theme in
	// node_modules/hexo-theme-fluid or themes/fluid), is that folder:
	// Fluid leaves a post whose front matter says hide: true out of its
	// lists and of the posts Hexo's generators see, hexo-generator-sitemap
	// among them, and still builds its page (its scripts/filters/
	// post-filter.js, since 1.7.3); "" for another theme.
	HideFrom string
	// Notes are what the reading could not take: "file:line: …".
	Notes []string
}

// Option is an option of a block of the configuration, as written.
type Option struct {
	Name  string
	Value any
	Line  int
}

// Defaults returns the Config of a site whose _config.yml sets nothing:
// Hexo's defaults, a new value each time.
func Defaults() *Config {
	return &Config{
		URL: "http://example.com", Root: "/", Permalink: ":year/:month/:day/:title/",
		TrailingIndex: true, TrailingHTML: true, SourceDir: "source", PublicDir: "public",
		NewPostName: ":title.md", UpdatedOption: "mtime", DefaultCategory: "uncategorized",
		SitemapPaths: []string{"sitemap.xml", "sitemap.txt"},
	}
}

// hexoKeys are keys of _config.yml that Hexo reads and Jekyll does not:
// one of them makes a _config.yml Hexo's.
var hexoKeys = []string{"public_dir", "source_dir", "new_post_name", "permalink_defaults", "pretty_urls", "updated_option", "render_drafts", "post_asset_folder", "skip_render", "default_layout"}

// parseConfig reads a _config.yml named name. ok reports whether it sets
// a key only Hexo reads ([hexoKeys]). A file that does not parse is the
// error, at its line, and so is one whose mapping gives a key twice,
// which Hexo refuses too (ok then says whether it is Hexo's).
func parseConfig(name string, data []byte) (c *Config, ok bool, err error) {
	c = Defaults()
	c.File = name
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, false, yamlError(name, err)
	}
	if len(doc.Content) == 0 {
		return c, false, nil
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return nil, false, &diag.Diagnostic{File: name, Line: top.Line, Msg: "the file is not a mapping of keys to values"}
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		for _, h := range hexoKeys {
			ok = ok || k.Value == h
		}
		c.set(k.Value, v)
	}
	if again, first := conffile.RepeatedKey(top); again != nil {
		// Hexo's YAML reader (js-yaml) stops on it.
		return nil, ok, &diag.Diagnostic{File: name, Line: again.Line, Msg: fmt.Sprintf("%s is given again (first at line %d): Hexo stops on it (duplicated mapping key)", diag.Excerpt(again.Value), first.Line)}
	}
	return c, ok, nil
}

// set takes the key k's value v.
func (c *Config) set(k string, v *yaml.Node) {
	switch k {
	case "url":
		c.str(k, v, &c.URL)
		c.URLLine = v.Line
	case "root":
		c.str(k, v, &c.Root)
	case "permalink":
		c.str(k, v, &c.Permalink)
	case "source_dir":
		c.str(k, v, &c.SourceDir)
	case "public_dir":
		c.str(k, v, &c.PublicDir)
	case "new_post_name":
		c.str(k, v, &c.NewPostName)
	case "timezone":
		c.str(k, v, &c.Timezone)
		c.TimezoneLine = v.Line
	case "updated_option":
		c.str(k, v, &c.UpdatedOption)
	case "theme":
		c.str(k, v, &c.Theme)
	case "default_category":
		c.str(k, v, &c.DefaultCategory)
	case "render_drafts":
		c.flag(v, &c.RenderDrafts)
	case "post_asset_folder":
		c.flag(v, &c.PostAssetFolder)
	case "filename_case":
		if n, err := strconv.Atoi(v.Value); err == nil && v.Kind == yaml.ScalarNode {
			c.FilenameCase = n
		}
	case "skip_render":
		c.SkipRender = c.list(v)
	case "include":
		c.Include = c.list(v)
	case "exclude":
		c.Exclude = c.list(v)
	case "permalink_defaults":
		c.Defaults = c.strMap(v)
	case "category_map":
		c.CategoryMap = c.strMap(v)
	case "pretty_urls":
		for i := 0; v.Kind == yaml.MappingNode && i+1 < len(v.Content); i += 2 {
			switch v.Content[i].Value {
			case "trailing_index":
				c.flag(v.Content[i+1], &c.TrailingIndex)
			case "trailing_html":
				c.flag(v.Content[i+1], &c.TrailingHTML)
			}
		}
	case "sitemap":
		c.SitemapLine = v.Line
		for i := 0; v.Kind == yaml.MappingNode && i+1 < len(v.Content); i += 2 {
			name, val := v.Content[i].Value, v.Content[i+1]
			var decoded any
			if err := val.Decode(&decoded); err != nil {
				continue
			}
			c.Sitemap = append(c.Sitemap, Option{Name: name, Value: decoded, Line: v.Content[i].Line})
			if name == "path" {
				if paths := c.list(val); len(paths) > 0 {
					c.SitemapPaths = paths
				}
			}
		}
	}
}

// str takes a scalar into s; null leaves the default, another kind is a
// note.
func (c *Config) str(k string, v *yaml.Node, s *string) {
	switch {
	case v.Kind == yaml.ScalarNode && v.Tag == "!!null":
	case v.Kind == yaml.ScalarNode:
		*s = v.Value
	default:
		c.note(v.Line, "%s is not a string: Hexo's default %q is taken", k, *s)
	}
}

// flag takes a boolean into b.
func (c *Config) flag(v *yaml.Node, b *bool) {
	if v.Kind == yaml.ScalarNode {
		if x, err := strconv.ParseBool(v.Value); err == nil {
			*b = x
		}
	}
}

// list takes a string or a list of strings.
func (c *Config) list(v *yaml.Node) []string {
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag == "!!null" || v.Value == "" {
			return nil
		}
		return []string{v.Value}
	case yaml.SequenceNode:
		var out []string
		for _, e := range v.Content {
			if e.Kind == yaml.ScalarNode && e.Value != "" {
				out = append(out, e.Value)
			}
		}
		return out
	}
	return nil
}

// strMap takes a mapping of scalars.
func (c *Config) strMap(v *yaml.Node) map[string]string {
	if v.Kind != yaml.MappingNode {
		return nil
	}
	m := map[string]string{}
	for i := 0; i+1 < len(v.Content); i += 2 {
		if val := v.Content[i+1]; val.Kind == yaml.ScalarNode && val.Tag != "!!null" {
			m[v.Content[i].Value] = val.Value
		}
	}
	return m
}

// note adds a note at line of the configuration.
func (c *Config) note(line int, format string, args ...any) {
	c.Notes = append(c.Notes, diag.Pos{File: c.File, Line: line}.Errorf(format, args...).Error())
}

// yamlError makes yaml.v3's error name the file and the line.
func yamlError(name string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, after, ok := strings.Cut(rest, ": "); ok {
			if l, err := strconv.Atoi(n); err == nil {
				line, msg = l, after
			}
		}
	}
	return &diag.Diagnostic{File: name, Line: line, Msg: msg, Err: err}
}
