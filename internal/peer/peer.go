package peer

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// A Tool is a peer: the plugin, generator or program whose options are
// mapped, by the name its users know it by.
type Tool string

// Integrations returns the peers an npm integration replaces (Def.RunBy),
// in the order of Defs: each integration takes its peer's option names,
// with the peer's meaning where sitemapgen has a flag of the same name
// (npm/sitemapgen/lib/peers.js, generated from the Defs by the
// registry's TestNPMPeers).
func Integrations() []*Def {
	var out []*Def
	for _, d := range Defs() {
		if d.RunBy != "" {
			out = append(out, d)
		}
	}
	return out
}

// Func is the value of an option that is a function (filter, serialize).
// Returns, when not nil, are the strings it returns, when that is all it
// does: an array of literals (next-sitemap's additionalPaths returning
// [await config.transform(config, '/shop')], read by
// jsconfig.Reader.Returned).
type Func struct{ Returns []string }

// Leaves is the value of a function option that only leaves items out
// by tests of their URL with literal strings, read as data (VitePress's
// transformItems filtering item.url): Tests say each, as --explain says
// it ("item.url includes \"migration\"").
type Leaves struct{ Tests []string }

// Hooked is the value of an option that is a function the integration
// runs itself as the per-URL hook (transform), with the plugin's meaning:
// Astro's filter and serialize, Docusaurus' createSitemapItems.
type Hooked struct{}

// Date is the value of an option that is a JavaScript Date (Astro's
// lastmod: new Date()), as its toISOString gives it.
type Date struct{ Text string }

// Expr is the value of an option a static reading cannot take: an
// expression that is no literal (process.env.CHANGEFREQ, a variable), as
// written.
type Expr struct{ Text string }

// Unread is the value of an entry of a peer's options that names no
// option a static reading knows: a spread (...shared) or a computed key
// ([name]: value), its Given's Name the entry as written.
type Unread struct{}

// Undecoded is the value of an option of a settings file whose value
// does not decode (a YAML tag its value does not hold to, a key that is
// no scalar): Why says why, bounded. It is not taken, and said.
type Undecoded struct{ Why string }

// A Given is an option as the peer's user gave it.
type Given struct {
	// Name is the option's name as the peer spells it ("changeFreq").
	Name string
	// Value is its value (see the package's doc comment).
	Value any
	// Line is the line of the configuration file that gives it, 0 when
	// it came from elsewhere (an integration's options).
	Line int
	// File is the file that gives it when it is not its Config's
	// (static-sitemap-cli's .ssclirc beside its package.json script);
	// "" for the Config's.
	File string
}

// A Config is a peer's options as the project's file gives them, read
// by sitemapgen init (never run): the plugin's call in astro.config, a
// preset's sitemap: { … }, a [[plugins]] table of netlify.toml, a
// package.json script's command line.
type Config struct {
	Tool Tool
	// File is the file that gives them, relative to the project folder,
	// with "/" separators; Line the line where the tool is named, 0 for
	// none.
	File string
	Line int
	// Options are the options given, in the order written.
	Options []Given
	// Notes are what the reading could not take: "file:line: …".
	Notes []string
	// NamedIn are the files that name the tool, where turning it off
	// takes an edit (jekyll-sitemap in _config.yml's plugins, in the
	// Gemfile): the steps name those, and no other.
	NamedIn []string
	// Alone names the list of File that names the tool and nothing else
	// ("plugins"), where removing the tool leaves an empty key the
	// generator refuses (Jekyll: "'plugins' should be set as an array"):
	// the step removes the key. "" for none.
	Alone string
}

// Context is what the mapping of some options needs to know of the
// project.
type Context struct {
	// Publish is the site folder, relative to the project folder, with
	// "/" separators ("public"); "" when not known. Netlify's exclude
	// names files from the project folder.
	Publish string
	// BasePath is the path of the site's base URL ("/docs/"), "" or "/"
	// for none: Docusaurus' ignorePatterns may include it.
	BasePath string
	// Server says the site is what a server build prerendered (Next.js
	// without a static export): a route's page is app/ROUTE.html or
	// pages/ROUTE.html in Publish, and the sitemaps go into Out.
	Server bool
	// Out is the folder the sitemaps go into when it is not Publish,
	// relative to the project folder ("public"); "" for Publish.
	Out string
	// Sitemaps are the names of the XML files at the top of Publish as
	// the survey found them (sitemap-index.xml, sitemap-0.xml …), read
	// for a peer whose build empties the folder (next-sitemap's static
	// export, @astrojs/sitemap, gatsby-plugin-sitemap): its index, and
	// the parts of it that its users may have submitted, whose names
	// are not known once the peer is gone. nil when not read (an
	// integration's build, which runs after the generator's: a peer's
	// files are gone by then), empty when read and none is there.
	Sitemaps []string
	// FolderBuilds are the folders of Publish ("en/", "fr/") that hold a
	// build of the generator's each, whose canonical links lack the
	// folder: Sphinx's languages built from one html_baseurl
	// (generator.Detected.FolderBuilds). sitemapgen lists their pages
	// in their folders.
	FolderBuilds []string
}

// A Setting is a setting of sitemapgen's that an option gives.
type Setting struct {
	// Key is its key in sitemap.yaml ("changefreq", "index.extra").
	Key string
	// Value is its value as sitemap.yaml gives it: a string, bool, int,
	// float64, []string, or []Rule for rules.
	Value any
	// From names the option that gave it ("changefreq", "-c").
	From string
	// Line is the option's line, and File its file, as its Given's.
	Line int
	File string
	// Parts are the options that gave it together, each at its place,
	// where more than one did (static-sitemap-cli's rules, from
	// .ssclirc's changefreq and the script's -p); nil where one did.
	Parts []Given
}

// Rule is an entry of rules, as sitemap.yaml writes it.
type Rule struct {
	Match      string   `yaml:"match"`
	ChangeFreq string   `yaml:"changefreq,omitempty"`
	Priority   *float64 `yaml:"priority,omitempty"`
}

// Locale is an entry of the locales setting: the pages in Folder (""
// for those in no locale's folder) are in the language Lang.
type Locale struct {
	Folder string `yaml:"folder,omitempty"`
	Lang   string `yaml:"lang"`
}

// A Note is what an option comes to when it gives no setting, or not the
// whole of its meaning.
type Note struct {
	// Option names the option ("filter"), Line and File are its Given's.
	Option string
	Line   int
	File   string
	// Msg says what sitemapgen does instead and what to do, lowercase, no
	// final period. Flags it names (--exclude) are the settings' flags,
	// which a tool that runs sitemapgen renders in its own words.
	Msg string
	// Honoured is true when sitemapgen does what the option asked without
	// a setting (it reads the peer's configuration at every run, or does
	// it always): a note for init's comments, no warning.
	Honoured bool
}

// Result is what [Map] makes of a peer's options.
type Result struct {
	Settings []Setting
	Notes    []Note
	// HeadLink names the option with which the peer put a <link
	// rel="sitemap"> into every page's head (gatsby-plugin-sitemap's
	// createLinkInHead, true by default; hexo-generator-sitemap's rel);
	// "" for none. sitemapgen edits no page: init carries the link by a
	// file the generator's own head API reads, and makes the option's
	// note say what it did.
	HeadLink string
	// RobotsTxt is the robots.txt of the site's own that carries the
	// rules and Sitemap: lines the peer wrote into its robots.txt and
	// sitemapgen does not write (next-sitemap's robotsTxtOptions'
	// policies, the sitemaps no index of ours can list), as the peer
	// wrote them; "" for none. init writes it where the site has none
	// (RobotsNote's note says so).
	RobotsTxt string
}

// Warnings are the notes of options not honoured.
func (r *Result) Warnings() []Note {
	var out []Note
	for _, n := range r.Notes {
		if !n.Honoured {
			out = append(out, n)
		}
	}
	return out
}

// An Option is a row of a peer's Def: one option of the peer and what
// sitemapgen does with it.
type Option struct {
	Tool Tool
	// Name is the option's name as the peer spells it.
	Name string
	// Does says in a few words what sitemapgen does with it, for the
	// docs (docs/migrating.md) and --help of init.
	Does string
	// Map maps its value: it sets settings and adds notes through m.
	Map func(m *Mapper, v any)
}

// Own reports whether the integration that replaces o's peer has an
// option of o's name with the same meaning, its own
// (@netlify/plugin-sitemap's baseUrl is sitemapgen/netlify's input): the
// integration passes it as its own, and init maps it by o.
func (o *Option) Own() bool {
	d := Find(o.Tool)
	return d != nil && slices.Contains(d.Own, o.Name)
}

// Lookup returns the row of tool's option name, nil when the tool has no
// such option.
func Lookup(tool Tool, name string) *Option {
	if d := Find(tool); d != nil {
		return d.Lookup(name)
	}
	return nil
}

// Names returns the names of tool's options, in the order of its rows.
func Names(tool Tool) []string {
	if d := Find(tool); d != nil {
		return d.Names()
	}
	return nil
}

// Names returns the names of d's options, in the order of its rows.
func (d *Def) Names() []string {
	var out []string
	for _, o := range d.Options {
		out = append(out, o.Name)
	}
	return out
}

// Map maps the options given to tool: each by its row, in the order
// given; an option the tool does not have is a note. A setting given
// twice keeps its last value, but a list (exclude, include, rules,
// index.extra), which gathers the items of each.
//
// A value that holds a control character or a line break (a string of
// it, at any depth: diag.NeedsQuote) is not taken, and said: init
// carries values into robots.txt and sitemap.yaml, where a line break
// would add lines of the project's choosing (issue 89). Its option is
// then as if not given, to the options that read it too.
func Map(tool Tool, given []Given, ctx Context) Result {
	d := Find(tool)
	if d == nil {
		d = &Def{Tool: tool}
	}
	return d.Map(given, ctx)
}

// Map maps the options given to d, as [Map] says.
func (d *Def) Map(given []Given, ctx Context) Result {
	tool := d.Tool
	m := &Mapper{tool: tool, ctx: ctx}
	var refused []string
	for _, g := range given {
		if bad, ok := unsafeText(g.Value); ok && !slices.Contains(d.FreeText, g.Name) {
			refused = append(refused, bad)
			continue
		}
		refused = append(refused, "")
		m.all = append(m.all, g)
	}
	for i, g := range given {
		if diag.NeedsQuote(g.Name) {
			g.Name = diag.Excerpt(g.Name)
		}
		m.at = g
		if refused[i] != "" {
			m.Warn("holds a control character or a line break (%s); not taken", Describe(refused[i]))
			continue
		}
		m.given = append(m.given, g.Name)
		if _, ok := g.Value.(Unread); ok {
			m.Warn("may give any option of %s, and is not read: write each option by its name, or its setting in sitemap.yaml", tool)
			continue
		}
		if u, ok := g.Value.(Undecoded); ok {
			m.Warn("is not read (%s); not taken", u.Why)
			continue
		}
		o := d.Lookup(g.Name)
		if o == nil {
			m.Warn("is not an option of %s; not taken", tool)
			continue
		}
		o.Map(m, g.Value)
	}
	if d.Finish != nil {
		d.Finish(m)
	}
	return m.r
}

// unsafeText returns the first string of v, at any depth (a list's
// items, an object's keys and values, the strings a function returns),
// that holds a control character or a line break; ok is false when none
// does.
func unsafeText(v any) (bad string, ok bool) {
	check := func(s string) bool {
		if diag.NeedsQuote(s) {
			bad, ok = s, true
		}
		return ok
	}
	switch v := v.(type) {
	case string:
		check(v)
	case Date:
		check(v.Text)
	case Func:
		for _, s := range v.Returns {
			if check(s) {
				break
			}
		}
	case Leaves:
		for _, s := range v.Tests {
			if check(s) {
				break
			}
		}
	case []any:
		for _, x := range v {
			if bad, ok = unsafeText(x); ok {
				break
			}
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			if check(k) {
				break
			}
			if bad, ok = unsafeText(v[k]); ok {
				break
			}
		}
	}
	return bad, ok
}

// A Mapper is what a row's Map gives its option's mapping to.
type Mapper struct {
	tool  Tool
	ctx   Context
	at    Given    // the option being mapped
	given []string // the names of the options mapped so far
	all   []Given  // every option given
	r     Result
	// local is the Def's own state while its options are mapped.
	local any
}

// WasGiven reports whether the option name was given, for a Finish.
func (m *Mapper) WasGiven(name string) bool { return slices.Contains(m.given, name) }

// At makes name the option the next settings and notes are of, for a
// Finish that maps a default the peer had when name was not given.
func (m *Mapper) At(name string) { m.at = Given{Name: name} }

// AtGiven makes g the option the next settings and notes are of, at its
// line and file, for a Finish.
func (m *Mapper) AtGiven(g Given) { m.at = g }

// Setting returns the value of the setting key set so far, nil for
// none, for a Finish.
func (m *Mapper) Setting(key string) any { return m.setting(key) }

// Replace replaces the value of the setting key set so far by value,
// the option being mapped named among those that gave it, for a Finish
// that amends a setting (a rule of Rspress' home); nothing when key is
// not set.
func (m *Mapper) Replace(key string, value any) {
	for i := range m.r.Settings {
		if s := &m.r.Settings[i]; s.Key == key {
			s.Value, s.From = value, joinFrom(s.From, m.at.Name)
		}
	}
}

// Local returns the state the Def's mappings keep until every option
// is read (static-sitemap-cli's pairs, for its Finish), made by make at
// its first use in this mapping.
func (m *Mapper) Local(make func() any) any {
	if m.local == nil {
		m.local = make()
	}
	return m.local
}

// Credit credits the setting key to parts, the options that gave it
// together, each at its place (static-sitemap-cli's rules, from
// .ssclirc's changefreq and the script's -p): its From is the option
// being mapped's name, its Parts parts.
func (m *Mapper) Credit(key string, parts []Given) {
	for i := range m.r.Settings {
		if s := &m.r.Settings[i]; s.Key == key {
			s.From, s.Parts = m.at.Name, parts
		}
	}
}

// Current returns the option being mapped.
func (m *Mapper) Current() Given { return m.at }

// Said returns how many settings and notes the mapping has made so far.
func (m *Mapper) Said() int { return len(m.r.Notes) + len(m.r.Settings) }

// RobotsTxt returns the site's own robots.txt set so far
// (Result.RobotsTxt), "" for none.
func (m *Mapper) RobotsTxt() string { return m.r.RobotsTxt }

// SetRobotsTxt sets the site's own robots.txt (Result.RobotsTxt), the
// lines of the peer's robots.txt that --robots does not write.
func (m *Mapper) SetRobotsTxt(text string) { m.r.RobotsTxt = text }

// All returns every option given, in the order given, for a Finish.
func (m *Mapper) All() []Given { return m.all }

// Context is the project's, as given to Map.
func (m *Mapper) Context() Context { return m.ctx }

// Other returns the value of the option name, given with the one being
// mapped; nil when it is not given.
func (m *Mapper) Other(name string) any {
	for _, g := range m.all {
		if g.Name == name {
			return g.Value
		}
	}
	return nil
}

// Set sets the setting key to value; a list's items are added to those
// set before. A URL with user information (a token in
// https://user:TOKEN@host/) is not set: no setting takes one, and init
// would write it into sitemap.yaml. A note says so, and hides it.
func (m *Mapper) Set(key string, value any) {
	if value = m.withoutUserInfo(key, value); value == nil {
		return
	}
	for i := range m.r.Settings {
		s := &m.r.Settings[i]
		if s.Key != key {
			continue
		}
		switch old := s.Value.(type) {
		case []string:
			s.Value = append(old, value.([]string)...)
		case []Rule:
			s.Value = append(old, value.([]Rule)...)
		default:
			s.Value = value
		}
		s.From, s.Line, s.File = joinFrom(s.From, m.at.Name), m.at.Line, m.at.File
		return
	}
	m.r.Settings = append(m.r.Settings, Setting{Key: key, Value: value, From: m.at.Name, Line: m.at.Line, File: m.at.File})
}

// urlKeys are the settings whose values are URLs.
var urlKeys = []string{"base_url", "xsl", "extra_urls_inline", "index.extra"}

// withoutUserInfo returns value, a value of the setting key, without the
// URLs that have user information, each said in a note; nil when none
// is left.
func (m *Mapper) withoutUserInfo(key string, value any) any {
	if !slices.Contains(urlKeys, key) {
		return value
	}
	refuse := func(u string) bool {
		if !diag.HasUserInfo(u) {
			return false
		}
		m.Warn("gives %s, with a user name or password, which a public URL has not; not taken", diag.URL(u))
		return true
	}
	switch v := value.(type) {
	case string:
		if refuse(v) {
			return nil
		}
	case []string:
		kept := slices.DeleteFunc(slices.Clone(v), refuse)
		if len(kept) == 0 {
			return nil
		}
		return kept
	}
	return value
}

// joinFrom names the options that gave a setting.
func joinFrom(from, name string) string {
	if slices.Contains(strings.Split(from, ", "), name) {
		return from
	}
	return from + ", " + name
}

// Warn adds a note of the option being mapped, which is not (wholly)
// honoured: msg says why, and what to do.
func (m *Mapper) Warn(format string, args ...any) {
	m.r.Notes = append(m.r.Notes, Note{Option: m.at.Name, Line: m.at.Line, File: m.at.File, Msg: diag.Escape(fmt.Sprintf(format, args...))})
}

// Honoured adds a note of the option being mapped, which sitemapgen
// honours without a setting.
func (m *Mapper) Honoured(format string, args ...any) {
	m.r.Notes = append(m.r.Notes, Note{Option: m.at.Name, Line: m.at.Line, File: m.at.File, Msg: diag.Escape(fmt.Sprintf(format, args...)), Honoured: true})
}

// short is an expression's text, shortened for a message.
func short(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:59]) + "…"
	}
	return s
}

// Describe is a value as a message shows it.
func Describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		return fmt.Sprintf("%q", short(v))
	case Func, Hooked, Leaves:
		return "a function"
	case Date:
		return "a Date"
	case Expr:
		return short(v.Text)
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprint(v)
}
