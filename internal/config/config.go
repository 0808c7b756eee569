// Package config reads sitemap.yaml and merges it with command-line flags and
// the environment into the options of a build.
//
// # Precedence
//
// For every setting, a flag wins over the environment (SITEMAP_BASE_URL),
// which wins over the file, which wins over the defaults of [Defaults]. A
// list given by a flag (--include, --exclude) replaces the file's list.
//
// # Errors
//
// Decoding is strict: an unknown key, a value of the wrong type or outside
// its range, or an invalid glob is an [*Error] that names the file and line.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/hashstate"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/internal/postbuild"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
)

// DefaultFile is the configuration file read from the working directory
// when no --config is given.
const DefaultFile = "sitemap.yaml"

// BaseURLEnv is the environment variable that gives the base URL.
const BaseURLEnv = "SITEMAP_BASE_URL"

// File is the content of sitemap.yaml. Its keys are documented in
// sitemap.yaml.example at the repository's root.
type File struct {
	BaseURL        string   `yaml:"base_url"`
	Root           string   `yaml:"root"`
	Out            string   `yaml:"out"`
	Include        []string `yaml:"include"`
	Exclude        []string `yaml:"exclude"`
	Gzip           bool     `yaml:"gzip"`
	Text           bool     `yaml:"text"`
	Robots         bool     `yaml:"robots"`
	MaxURLs        int      `yaml:"max_urls"`
	MaxBytes       int      `yaml:"max_bytes"`
	DryRun         bool     `yaml:"dry_run"`
	Quiet          bool     `yaml:"quiet"`
	Verbose        bool     `yaml:"verbose"`
	CleanURLs      bool     `yaml:"clean_urls"`
	TrailingSlash  bool     `yaml:"trailing_slash"`
	FollowSymlinks bool     `yaml:"follow_symlinks"`
	LastModFormat  string   `yaml:"lastmod_format"`
	LastMod        LastMod  `yaml:"lastmod"`
	Head           Head     `yaml:"head"`
	Skip           Skip     `yaml:"skip"`
	Rules          []Rule   `yaml:"rules"`
	Mode           string   `yaml:"mode"`
	Source         string   `yaml:"source"`
	Preset         string   `yaml:"preset"`
	Drafts         bool     `yaml:"drafts"`
	Future         bool     `yaml:"future"`
	Strict         bool     `yaml:"strict"`
	State          string   `yaml:"state"`
	Host           string   `yaml:"host"`
	Previews       string   `yaml:"previews"`
	Changes        string   `yaml:"changes"`
	KeyFile        bool     `yaml:"key_file"`
	Feed           Feed     `yaml:"feed"`

	rules  []mapping.Rule   // Rules, converted by validate
	ignore []*regexp.Regexp // LastMod.Ignore, compiled by validate
	keys   map[string]pos   // the keys the file sets, and where

	slashEverywhere bool // the platform's clean URLs end with a slash
}

// The values of host: which platform's URL style and redirects to follow.
// "" (auto) takes the platform from the build environment, else from its
// files in the project folder.
var Hosts = []string{"auto", "netlify", "vercel", "cloudflare-pages", "github-pages", "none"}

// The values of previews: the base URL of a preview deploy (Netlify
// deploy previews and branch deploys, Vercel previews).
const (
	// PreviewsProduction lists the production URLs, so that a preview's
	// sitemap is the one production will have (the default).
	PreviewsProduction = "production-url"
	// PreviewsOwn lists the preview's own URLs.
	PreviewsOwn = "own-url"
	// PreviewsSkip writes no sitemap in a preview.
	PreviewsSkip = "skip"
)

// The values of mode.
const (
	// ModeOutput walks the built site in root.
	ModeOutput = "output"
	// ModeContent walks the source files in root (Markdown, HTML with
	// front matter) and gives each the URL its preset does.
	ModeContent = "content"
)

// Presets are the values of preset: the generators whose URLs sitemapgen
// can compute from source files.
var Presets = []string{"hugo", "jekyll", "plain"}

// Skip switches the inclusion policy's parts.
type Skip struct {
	// ErrorPages leaves out 404.html, 500.html, 404/index.html and the like.
	ErrorPages bool `yaml:"error_pages"`
	// NoIndex leaves out pages whose head says noindex.
	NoIndex bool `yaml:"noindex"`
	// Redirects leaves out meta refresh redirect stubs.
	Redirects bool `yaml:"redirects"`
	// NonCanonical leaves out pages whose canonical URL is elsewhere.
	NonCanonical bool `yaml:"non_canonical"`
	// XRobotsTag honours X-Robots-Tag: noindex in _headers and vercel.json.
	XRobotsTag bool `yaml:"x_robots_tag"`
}

// Feed configures the Atom feed of the most recently modified URLs.
type Feed struct {
	Enabled bool   `yaml:"enabled"`
	Limit   int    `yaml:"limit"`
	Title   string `yaml:"title"`
}

// Head configures reading each HTML page's head.
type Head struct {
	Read     bool `yaml:"read"`
	MaxBytes int  `yaml:"max_bytes"`
}

// LastMod configures where lastmod comes from.
type LastMod struct {
	// Sources are tried in order; the first that knows a page's date wins.
	Sources []string `yaml:"sources"`
	// Ignore lists regular expressions whose matches do not count as a
	// change of a page's content for the hash source.
	Ignore []string `yaml:"ignore"`
}

// Rule is one entry of rules: the first whose glob matches a file's path
// relative to the site folder sets its changefreq and priority.
type Rule struct {
	Match      string   `yaml:"match"`
	ChangeFreq string   `yaml:"changefreq"`
	Priority   *float64 `yaml:"priority"`
}

// Sets reports whether the file gives key (a key path such as
// "clean_urls" or "skip.noindex"), and on which line.
func (f *File) Sets(key string) (line int, ok bool) {
	p, ok := f.keys[key]
	return p.line, ok
}

// Defaults returns the settings used for every key the file leaves out.
func Defaults() File {
	return File{
		Include:       append([]string(nil), walker.DefaultInclude...),
		MaxURLs:       sitemap.MaxURLs,
		MaxBytes:      sitemap.DefaultMaxBytes,
		TrailingSlash: true,
		LastModFormat: "datetime",
		LastMod:       LastMod{Sources: []string{"frontmatter", "meta", "git", "hash", "mtime"}},
		Mode:          ModeOutput,
		Head:          Head{Read: true, MaxBytes: htmlhead.DefaultHeadLimit},
		Skip:          Skip{ErrorPages: true, NoIndex: true, Redirects: true, NonCanonical: true, XRobotsTag: true},
	}
}

// Error is a configuration problem, located in a file when it comes from
// one.
type Error struct {
	File string // "" when the value came from a flag or the environment
	Line int    // 0 when unknown
	Msg  string
}

func (e *Error) Error() string {
	switch {
	case e.File == "":
		return e.Msg
	case e.Line == 0:
		return e.File + ": " + e.Msg
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// Load reads and validates the configuration file at path. An empty file
// (or one of comments only) gives the Defaults.
func Load(path string) (*File, error) {
	data, err := fsx.ReadFile(path)
	if err != nil {
		return nil, &Error{File: path, Msg: unwrapPathError(err).Error()}
	}
	return Parse(path, data)
}

// Parse decodes and validates configuration data; name is used in errors.
func Parse(name string, data []byte) (*File, error) {
	f := Defaults()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	err := dec.Decode(&f)
	if errors.Is(err, io.EOF) {
		return &f, nil
	}
	var root yaml.Node
	_ = yaml.Unmarshal(data, &root) // for line numbers; errors come from Decode
	lines := map[string]pos{}
	keyLines(&root, "", lines)
	if err != nil {
		return nil, yamlError(name, err, lines)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		return nil, &Error{File: name, Line: extra.Line, Msg: "more than one YAML document; sitemap.yaml holds one"}
	}
	if err := f.validate(); err != nil {
		var ve *valueError
		if errors.As(err, &ve) {
			return nil, &Error{File: name, Line: lines[ve.key].line, Msg: ve.Error()}
		}
		return nil, &Error{File: name, Msg: err.Error()}
	}
	f.keys = lines
	return &f, nil
}

// valueError is a bad value under a key path such as "rules[2].priority".
type valueError struct {
	key string
	err error
}

func (e *valueError) Error() string { return e.key + ": " + e.err.Error() }

func bad(key string, format string, args ...any) error {
	return &valueError{key: key, err: fmt.Errorf(format, args...)}
}

// validate checks every value the types alone do not.
func (f *File) validate() error {
	if f.BaseURL != "" {
		if _, err := mapping.ParseBaseURL(f.BaseURL); err != nil {
			return &valueError{key: "base_url", err: err}
		}
	}
	for _, l := range []struct {
		key  string
		list []string
	}{{"include", f.Include}, {"exclude", f.Exclude}} {
		for i, p := range l.list {
			if err := walker.ValidatePattern(p); err != nil {
				return &valueError{key: fmt.Sprintf("%s[%d]", l.key, i), err: err}
			}
		}
	}
	if err := checkMaxURLs(f.MaxURLs); err != nil {
		return &valueError{key: "max_urls", err: err}
	}
	if err := checkMaxBytes(f.MaxBytes); err != nil {
		return &valueError{key: "max_bytes", err: err}
	}
	if _, err := sitemap.ParseDateFormat(f.LastModFormat); err != nil {
		return &valueError{key: "lastmod_format", err: err}
	}
	if err := checkLastModSources(f.LastMod.Sources); err != nil {
		var ve *valueError
		if errors.As(err, &ve) {
			ve.key = "lastmod.sources" + ve.key
			return ve
		}
		return &valueError{key: "lastmod.sources", err: err}
	}
	ignore, err := hashstate.Compile(f.LastMod.Ignore)
	if err != nil {
		return &valueError{key: "lastmod.ignore", err: err}
	}
	f.ignore = ignore
	if f.Head.MaxBytes < 1024 || f.Head.MaxBytes > 16<<20 {
		return bad("head.max_bytes", "%d is outside 1024–16777216", f.Head.MaxBytes)
	}
	if f.Quiet && f.Verbose {
		return bad("verbose", "quiet and verbose are both set")
	}
	if err := checkMode(f.Mode); err != nil {
		return &valueError{key: "mode", err: err}
	}
	if err := checkPreset(f.Preset); err != nil {
		return &valueError{key: "preset", err: err}
	}
	if err := checkHost(f.Host); err != nil {
		return &valueError{key: "host", err: err}
	}
	if err := checkPreviews(f.Previews); err != nil {
		return &valueError{key: "previews", err: err}
	}
	if f.Feed.Limit < 0 || f.Feed.Limit > postbuild.MaxFeedLimit {
		return &valueError{key: "feed.limit", err: fmt.Errorf("limit %d is outside 0–%d (0: %d)", f.Feed.Limit, postbuild.MaxFeedLimit, postbuild.DefaultFeedLimit)}
	}
	f.rules = nil
	for i, r := range f.Rules {
		mr, err := r.rule()
		if err != nil {
			var ve *valueError
			if errors.As(err, &ve) {
				ve.key = fmt.Sprintf("rules[%d]%s", i, ve.key)
				return ve
			}
			return err
		}
		f.rules = append(f.rules, mr)
	}
	return nil
}

// rule converts r; errors carry key suffixes such as ".priority".
func (r Rule) rule() (mapping.Rule, error) {
	var out mapping.Rule
	if r.Match == "" {
		return out, bad("", "rule has no match glob")
	}
	if err := walker.ValidatePattern(r.Match); err != nil {
		return out, &valueError{key: ".match", err: err}
	}
	out.Match = r.Match
	if r.ChangeFreq != "" {
		cf, err := sitemap.ParseChangeFreq(r.ChangeFreq)
		if err != nil {
			return out, &valueError{key: ".changefreq", err: err}
		}
		out.ChangeFreq = cf
	}
	if r.Priority != nil {
		p, err := sitemap.PriorityOf(*r.Priority)
		if err != nil {
			return out, &valueError{key: ".priority", err: err}
		}
		out.Priority = p
	}
	return out, nil
}

// checkLastModSources checks a lastmod source list; errors carry the
// index as a key suffix ("[2]").
func checkLastModSources(list []string) error {
	if len(list) == 0 {
		return errors.New("no lastmod source; give at least one, or [none]")
	}
	seen := map[string]bool{}
	for i, s := range list {
		if _, err := mapping.ParseLastModSource(s); err != nil {
			return &valueError{key: fmt.Sprintf("[%d]", i), err: err}
		}
		if seen[s] {
			return &valueError{key: fmt.Sprintf("[%d]", i), err: fmt.Errorf("lastmod source %q is listed twice", s)}
		}
		seen[s] = true
	}
	return nil
}

func checkMode(m string) error {
	if m != ModeOutput && m != ModeContent {
		return fmt.Errorf("%q is not one of output, content", m)
	}
	return nil
}

func checkPreset(p string) error {
	if p != "" && !slices.Contains(Presets, p) {
		return fmt.Errorf("%q is not one of %s", p, strings.Join(Presets, ", "))
	}
	return nil
}

func checkHost(h string) error {
	if h != "" && !slices.Contains(Hosts, h) {
		return fmt.Errorf("%q is not one of %s", h, strings.Join(Hosts, ", "))
	}
	return nil
}

func checkPreviews(p string) error {
	switch p {
	case "", PreviewsProduction, PreviewsOwn, PreviewsSkip:
		return nil
	}
	return fmt.Errorf("%q is not one of %s, %s, %s", p, PreviewsProduction, PreviewsOwn, PreviewsSkip)
}

func checkMaxURLs(n int) error {
	if n < 1 || n > sitemap.MaxURLs {
		return fmt.Errorf("%d is outside 1–%d", n, sitemap.MaxURLs)
	}
	return nil
}

func checkMaxBytes(n int) error {
	if n < 1 || n > sitemap.MaxBytes {
		return fmt.Errorf("%d is outside 1–%d", n, sitemap.MaxBytes)
	}
	return nil
}

// pos is where a key's value starts, and what kind of node it is.
type pos struct {
	line int
	kind yaml.Kind
}

// keyLines records, for every key path under n ("max_urls",
// "include[1]", "rules[0].priority"; "" for the document), where its value
// starts.
func keyLines(n *yaml.Node, prefix string, lines map[string]pos) {
	if n.Kind == yaml.DocumentNode {
		for _, c := range n.Content {
			keyLines(c, prefix, lines)
		}
		return
	}
	if _, seen := lines[prefix]; !seen {
		lines[prefix] = pos{n.Line, n.Kind}
	}
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			key := n.Content[i].Value
			if prefix != "" {
				key = prefix + "." + key
			}
			keyLines(n.Content[i+1], key, lines)
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			keyLines(c, fmt.Sprintf("%s[%d]", prefix, i), lines)
		}
	}
}

var (
	lineRE      = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)
	notFoundRE  = regexp.MustCompile(`^field (\S+) not found in type (\S+)$`)
	unmarshalRE = regexp.MustCompile("^cannot unmarshal !!(\\w+) (?:`(.*)` )?into (\\S+)$")
)

// yamlError turns a yaml.v3 error into an *Error with file and line, and a
// message that says what to write instead.
func yamlError(name string, err error, lines map[string]pos) error {
	msgs := []string{err.Error()}
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	}
	// Report the first problem; the user fixes and runs again.
	m := lineRE.FindStringSubmatch(msgs[0])
	if m == nil {
		return &Error{File: name, Msg: strings.TrimPrefix(msgs[0], "yaml: ")}
	}
	line, _ := strconv.Atoi(m[1])
	msg := m[2]
	if nf := notFoundRE.FindStringSubmatch(msg); nf != nil {
		msg = fmt.Sprintf("unknown key %q", nf[1])
		if s := suggest(nf[1]); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
	} else if um := unmarshalRE.FindStringSubmatch(msg); um != nil {
		want := describeGoType(um[3])
		got := "a " + yamlKind(um[1])
		if um[2] != "" {
			got = strconv.Quote(um[2])
		}
		msg = fmt.Sprintf("want %s, got %s", want, got)
		if key := keyAt(lines, line, um[1]); key != "" {
			msg = key + ": " + msg
		}
	}
	return &Error{File: name, Line: line, Msg: msg}
}

// keyAt returns the key whose value of YAML tag (str, int, map, seq ...)
// starts at line: the deepest, when several do.
func keyAt(lines map[string]pos, line int, tag string) string {
	kind := yaml.ScalarNode
	switch tag {
	case "map":
		kind = yaml.MappingNode
	case "seq":
		kind = yaml.SequenceNode
	}
	best, found := "", false
	for k, p := range lines {
		if p.line == line && p.kind == kind && (!found || len(k) > len(best)) {
			best, found = k, true
		}
	}
	return best
}

func describeGoType(t string) string {
	t = strings.TrimPrefix(t, "*")
	switch {
	case t == "int":
		return "a whole number"
	case t == "float64":
		return "a number"
	case t == "bool":
		return "true or false"
	case t == "string":
		return "a text value"
	case strings.HasPrefix(t, "[]"):
		return "a list"
	}
	return "a mapping of keys"
}

func yamlKind(tag string) string {
	switch tag {
	case "seq":
		return "list"
	case "map":
		return "mapping"
	}
	return tag
}

// suggest returns the known key closest to key, if it is close.
func suggest(key string) string {
	best, bestD := "", 3
	for _, k := range knownKeys() {
		if d := editDistance(key, k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

func knownKeys() []string {
	var keys []string
	for _, t := range []reflect.Type{reflect.TypeFor[File](), reflect.TypeFor[Skip](), reflect.TypeFor[Rule](), reflect.TypeFor[Head](), reflect.TypeFor[LastMod]()} {
		for i := 0; i < t.NumField(); i++ {
			keys = append(keys, strings.Split(t.Field(i).Tag.Get("yaml"), ",")[0])
		}
	}
	return keys
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// relTo resolves a path from the file at cfgPath relative to that file's
// folder.
func relTo(cfgPath, p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(filepath.Dir(cfgPath), p)
}
