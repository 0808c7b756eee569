package generator

import (
	"strings"
)

// DateStep is one step of the order in which a generator gives a page
// its last modification date: front matter keys, the last commit of the
// page's source, or the date in its file name.
type DateStep struct {
	// Keys are front matter keys (lower case; a nested one as
	// "last_update.date"), the first of which that holds a date answers.
	Keys []string
	// Git is the last commit that touched the page's source.
	Git bool
	// FileName is the date in the name of the page's source file
	// ([FileRules].FileDate).
	FileName bool
}

// DateOrder is how a generator dates its pages, read from its
// configuration: the first of Steps that knows a page's date gives it.
type DateOrder struct {
	Steps []DateStep
	// From says what the order comes from, for --explain and
	// --verbose: "Hugo enableGitInfo, config/production/hugo.toml".
	From string
	// GitAuthor dates the git step by the author date of the source's
	// last commit, not its committer date.
	GitAuthor bool
	// GitRenames dates a file renamed without a change by the rename,
	// as a generator that asks git for the file's newest commit without
	// following it does (gitdates.Options.RenamesChange).
	GitRenames bool
}

// Keys returns the front matter keys of every step, in order: the keys
// front matter is read for; not nil, for an order of none.
func (o *DateOrder) Keys() []string {
	keys := []string{}
	for _, s := range o.Steps {
		keys = append(keys, s.Keys...)
	}
	return keys
}

// GitFirst reports whether git answers before any front matter key.
func (o *DateOrder) GitFirst() bool {
	for _, s := range o.Steps {
		switch {
		case s.Git:
			return true
		case len(s.Keys) > 0:
			return false
		}
	}
	return false
}

// Pick returns the index of the step that dates a page whose front
// matter date came from key (lower case; "" for none), with a git date
// or not, with a date in its file name or not; -1 when no step does.
func (o *DateOrder) Pick(key string, git, fileName bool) int {
	for i, s := range o.Steps {
		switch {
		case s.Git && git, s.FileName && fileName:
			return i
		case key != "":
			for _, k := range s.Keys {
				if k == key {
					return i
				}
			}
		}
	}
	return -1
}

// Describe is the order in words, for --verbose: "git, then front
// matter lastmod, modified, date".
func (o *DateOrder) Describe() string {
	var parts []string
	for _, s := range o.Steps {
		switch {
		case s.Git:
			parts = append(parts, "git")
		case s.FileName:
			parts = append(parts, "the file name's date")
		case len(s.Keys) > 0:
			if n := len(parts); n > 0 && strings.HasPrefix(parts[n-1], "front matter ") {
				parts[n-1] += ", " + strings.Join(s.Keys, ", ")
				continue
			}
			parts = append(parts, "front matter "+strings.Join(s.Keys, ", "))
		}
	}
	return strings.Join(parts, ", then ")
}
