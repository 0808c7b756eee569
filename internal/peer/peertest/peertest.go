// Package peertest is the suite every peer.Def runs: [Conform] checks
// that a peer has every part (its rows, init's steps, its section of
// docs/migrating.md with a row an option and the road its steps take)
// and that no option vanishes without a word; [Map] runs a peer's table
// of cases. The registry runs Conform on every peer it lists; a peer's
// folder runs Map on its own cases.
package peertest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// A Case is what a peer's options given give.
type Case struct {
	Name  string
	Given []peer.Given
	Ctx   peer.Context
	// Want are the settings, their Line and Parts left out.
	Want []peer.Setting
	// Warn are each a part of a warning, in order.
	Warn []string
	// Robots is Result.RobotsTxt, HeadLink Result.HeadLink.
	Robots, HeadLink string
}

// Map maps each case's options by d, and fails t where the settings,
// the warnings, the robots.txt or the head link are not the case's.
func Map(t *testing.T, d *peer.Def, cases []Case) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			r := d.Map(tc.Given, tc.Ctx)
			var got []peer.Setting
			for _, s := range r.Settings {
				s.Line, s.Parts = 0, nil
				got = append(got, s)
			}
			if !reflect.DeepEqual(got, tc.Want) {
				t.Errorf("settings:\n%#v\nwant\n%#v", got, tc.Want)
			}
			if r.RobotsTxt != tc.Robots {
				t.Errorf("robots.txt %q, want %q", r.RobotsTxt, tc.Robots)
			}
			if r.HeadLink != tc.HeadLink {
				t.Errorf("HeadLink %q, want %q", r.HeadLink, tc.HeadLink)
			}
			warnings := r.Warnings()
			if len(warnings) != len(tc.Warn) {
				t.Fatalf("warnings %+v, want %d", warnings, len(tc.Warn))
			}
			for i, w := range tc.Warn {
				if !strings.Contains(warnings[i].Msg, w) {
					t.Errorf("warning %d: %q, want it to say %q", i, warnings[i].Msg, w)
				}
			}
		})
	}
}

// Rows fails t where d lacks a row of an option of documented (the
// options the peer's documentation lists, issue 53) or has a row of
// another.
func Rows(t *testing.T, d *peer.Def, documented []string) {
	t.Helper()
	for _, n := range documented {
		if d.Lookup(n) == nil {
			t.Errorf("%s has no row", n)
		}
	}
	if len(d.Options) != len(documented) {
		t.Errorf("%d rows, %d options documented", len(d.Options), len(documented))
	}
}

// values are values of every type an option may be given.
var values = []any{"weekly", 0.5, float64(100), true, false, nil, []any{"/a/**"}, []any{1.0}, map[string]any{"a": "b"}, peer.Func{}, peer.Date{Text: "2024-01-01T00:00:00Z"}, peer.Expr{Text: "process.env.X"}, peer.Unread{}}

// Conform returns what d lacks, or does wrong, as errors: a row without
// Does or Map, of another Tool or twice; an option that, of some value,
// gives neither a setting nor a note; no road for init's steps; a
// section of migrating.md (the text of docs/migrating.md) that is not
// there, lacks a row of an option, or whose "Switch:" line does not say
// the road of d's steps first.
func Conform(d *peer.Def, migrating string) []error {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: "+format, append([]any{d.Tool}, args...)...))
	}
	seen := map[string]bool{}
	for _, o := range d.Options {
		if seen[o.Name] {
			bad("%s has two rows", o.Name)
		}
		seen[o.Name] = true
		if o.Tool != d.Tool || o.Does == "" || o.Map == nil {
			bad("the row of %s lacks its Tool, Does or Map", o.Name)
		}
		for _, v := range values {
			r := d.Map([]peer.Given{{Name: o.Name, Value: v}}, peer.Context{Publish: "public"})
			if len(r.Settings) == 0 && len(r.Notes) == 0 {
				bad("%s = %#v: no setting, no note", o.Name, v)
			}
			for _, n := range r.Notes {
				if n.Option == "" || n.Msg == "" || strings.HasSuffix(n.Msg, ".") || n.Msg != strings.TrimSpace(n.Msg) {
					bad("%s = %#v: note %+v", o.Name, v, n)
				}
			}
		}
	}
	s := d.Steps
	road := s.Via
	if road == "" {
		road = "sitemapgen " + s.Where
	}
	if s.Via == "" && s.Where == "" {
		bad("no road for init's steps (Steps.Via or Steps.Where)")
	}
	if strings.HasPrefix(s.Via, "sitemapgen/") && s.Integrate == nil {
		bad("the road through %s has no Steps.Integrate", s.Via)
	}
	body, ok := Section(migrating, d.Tool)
	if !ok {
		bad("docs/migrating.md has no section")
		return errs
	}
	for _, o := range d.Options {
		if !hasRow(body, o.Name) {
			bad("docs/migrating.md has no row for %s", o.Name)
		}
	}
	if first, ok := FirstRoad(body); !ok {
		bad("docs/migrating.md's section has no Switch: line")
	} else if !strings.Contains(first, road) {
		bad("docs/migrating.md's first road does not say %q: %s", road, first)
	}
	return errs
}

// Section returns the body of migrating's section of tool: the "## "
// heading that names it.
func Section(migrating string, tool peer.Tool) (string, bool) {
	for _, part := range strings.Split(migrating, "\n## ")[1:] {
		heading, body, _ := strings.Cut(part, "\n")
		if strings.Contains(heading, string(tool)) {
			return body, true
		}
	}
	return "", false
}

// hasRow reports whether body has a table row whose first cell names
// the option name (`name`).
func hasRow(body, name string) bool {
	for _, line := range strings.Split(body, "\n") {
		if first, _, ok := strings.Cut(strings.TrimPrefix(line, "| "), " | "); ok && strings.HasPrefix(line, "| ") && strings.Contains(first, "`"+name+"`") {
			return true
		}
	}
	return false
}

// FirstRoad returns the first road of a section's "Switch:" line: the
// line up to where another road begins, its backquotes taken off.
func FirstRoad(body string) (string, bool) {
	_, line, ok := strings.Cut(body, "Switch:")
	if !ok {
		return "", false
	}
	line, _, _ = strings.Cut(line, "\n\n")
	line = strings.ReplaceAll(strings.ReplaceAll(line, "\n", " "), "`", "")
	for _, or := range []string{"; or ", ". Or ", " or run "} {
		line, _, _ = strings.Cut(line, or)
	}
	return line, true
}

// Migrating returns the text of docs/migrating.md, found from the
// working folder up to the module's root (go.mod).
func Migrating() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			data, err := os.ReadFile(filepath.Join(dir, "docs", "migrating.md"))
			return string(data), err
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("no go.mod above the working folder")
		}
		dir = up
	}
}
