package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// A Setting is one setting of a command, declared once. It holds the
// flag that gives it, its key in sitemap.yaml, the environment variable
// that gives it, its type, default and check (its [Field]), and its help
// text. A table of settings gives a command's flag set ([Table.Parse]),
// the strict decoding of sitemap.yaml ([Parse]), the flag list of --help
// ([Table.Help]) and the precedence of the places a value comes from
// (flag > environment > file > detected > default, [Resolve]). To add a
// setting, add a row and use its value.
type Setting[V any] struct {
	// Flag is the flag's name without its dashes ("base-url"). It is ""
	// for a key of sitemap.yaml that has no flag.
	Flag string
	// Letter is the flag's one-letter name ("q" for -q), or "" for none.
	// Only the few flags typed by hand most often have one.
	Letter string
	// Arg names the flag's value in --help ("URL", "N"). It is "" for a
	// switch.
	Arg string
	// Key is the setting's key path in sitemap.yaml, with its parts
	// joined by "." ("max_urls", "skip.noindex"). It is "" for a flag that
	// has no key.
	Key string
	// Short is for a key below another ("feed.enabled"). It lets the key
	// above take the value alone: "feed: true" is "feed: {enabled: true}".
	Short bool
	// Env is an environment variable that gives the setting when the
	// command line does not. It outranks the file. It is "" for none.
	Env string
	// Help is what --help says of the flag, one string a line.
	Help []string
	// Only, when set, is the one command whose flags include this one
	// ("build", "watch"). It is "" for every command that reads the table.
	Only string
	// Path marks a path. A path given in sitemap.yaml is relative to the
	// file's folder, and must lead inside the project's tree
	// (project.Tree), unless a flag or the environment gives the setting.
	Path bool
	// FlagCheck, when set, checks a value the flag gave, beyond the
	// field's own check (an empty --changes names no file).
	FlagCheck func(*V) error
	// Hidden marks a flag that --help, the README and the JS API's
	// options leave out. A program passes it, not a person (the JS API's
	// --transform-fds).
	Hidden bool
	// Field is where the value goes, with its type, default and check.
	Field Field[V]
}

// A Table is the settings of a command, in the order --help lists their
// flags.
type Table[V any] []Setting[V]

// A Field is the value of a setting in a V, with its type, default and
// check. [Bool], [Int], [String], [Duration], [Number], [List] and
// [Mappings] make one.
type Field[V any] interface {
	// reset sets the default.
	reset(v *V)
	// set sets the value that the text of a flag or an environment
	// variable gives. again is set for a repeated flag, which a list adds
	// to.
	set(v *V, text string, again bool) error
	// decode sets the value that a node of sitemap.yaml gives. Its
	// errors are about key, the node's key path. It records in d the line
	// of each key it decodes below key.
	decode(v *V, n *yaml.Node, key string, d *decoding) error
	// check checks the value. An *ItemError names the item of a list,
	// and a *KeyError names a key below the setting's.
	check(v *V) error
	// copy copies the value from src to dst.
	copy(dst, src *V)
	// value returns the value, for comparisons.
	value(v *V) any
	// isBool reports a switch, which takes no value on the command line.
	isBool() bool
}

// errParse is what the flag package says about a value that does not
// parse. The fields say the same.
var errParse = errors.New("parse error")

// checked runs the check valid, if there is one, on x.
func checked[T any](valid func(T) error, x T) error {
	if valid == nil {
		return nil
	}
	return valid(x)
}

// Bool is a setting of true or false.
func Bool[V any](get func(*V) *bool, def bool) Field[V] {
	return &scalarField[V, bool]{get: get, def: def, parse: strconv.ParseBool, want: "true or false", isSwitch: true}
}

// Int is a setting of a whole number, checked by check when it is not
// nil.
func Int[V any](get func(*V) *int, def int, check func(int) error) Field[V] {
	return &scalarField[V, int]{get: get, def: def, valid: check, parse: parseInt, want: "a whole number"}
}

// String is a setting of text, checked by check when it is not nil.
func String[V any](get func(*V) *string, def string, check func(string) error) Field[V] {
	return &scalarField[V, string]{get: get, def: def, valid: check, parse: func(s string) (string, error) { return s, nil }, want: "a text value"}
}

// Duration is a setting of a duration ("200ms"), checked by check when
// it is not nil.
func Duration[V any](get func(*V) *time.Duration, def time.Duration, check func(time.Duration) error) Field[V] {
	return &scalarField[V, time.Duration]{get: get, def: def, valid: check, parse: time.ParseDuration, want: "a duration"}
}

// Number is a setting of a number that may be left out (nil).
func Number[V any](get func(*V) **float64) Field[V] {
	return &scalarField[V, *float64]{get: get, want: "a number", parse: func(s string) (*float64, error) {
		x, err := strconv.ParseFloat(s, 64)
		return &x, err
	}}
}

// CheckedNumber is a setting of a number that may be left out (nil),
// checked by check.
func CheckedNumber[V any](get func(*V) **float64, check func(*float64) error) Field[V] {
	f := Number(get).(*scalarField[V, *float64])
	f.valid = check
	return f
}

// parseInt parses a whole number as the flag package does: 10, 0x10, 0o10.
func parseInt(s string) (int, error) {
	n, err := strconv.ParseInt(s, 0, strconv.IntSize)
	return int(n), err
}

// scalarField is a setting of one value of type T.
type scalarField[V, T any] struct {
	get      func(*V) *T
	def      T
	valid    func(T) error           // the check; nil for none
	parse    func(string) (T, error) // a flag's or a variable's text
	want     string                  // what a file's value must be, in messages
	isSwitch bool                    // a flag without a value
}

func (f *scalarField[V, T]) reset(v *V)       { *f.get(v) = f.def }
func (f *scalarField[V, T]) copy(dst, src *V) { *f.get(dst) = *f.get(src) }
func (f *scalarField[V, T]) value(v *V) any   { return *f.get(v) }
func (f *scalarField[V, T]) isBool() bool     { return f.isSwitch }
func (f *scalarField[V, T]) check(v *V) error { return checked(f.valid, *f.get(v)) }

func (f *scalarField[V, T]) set(v *V, text string, _ bool) error {
	x, err := f.parse(text)
	if err != nil {
		return errParse
	}
	*f.get(v) = x
	return nil
}

// decode decodes a scalar of the file as yaml.v3 decodes a field of
// type T: a duration from "200ms", true from "yes".
func (f *scalarField[V, T]) decode(v *V, n *yaml.Node, key string, _ *decoding) error {
	return scalar(n, f.get(v), f.want, key)
}

// List is a setting of several texts. On the command line the flag is
// repeated, and each time adds one (--include a --include b). With
// split, the flag gives them all at once, separated by commas
// (--lastmod-sources a,b). Either way, the flags' list replaces the
// file's. check, when not nil, checks the whole list; its *ItemError
// names an item.
func List[V any](get func(*V) *[]string, def []string, split bool, check func([]string) error) Field[V] {
	return &listField[V]{get, def, split, check}
}

// An ItemError is a problem with one item of a list.
type ItemError struct {
	Index int
	Err   error
}

func (e *ItemError) Error() string { return e.Err.Error() }

// A KeyError is a problem with the value of a key below a setting's,
// such as rules[2].priority.
type KeyError struct {
	Key string
	Err error
}

func (e *KeyError) Error() string { return e.Key + ": " + e.Err.Error() }

// Each returns a check of a list that checks every item with check.
func Each(check func(string) error) func([]string) error {
	return func(list []string) error {
		for i, s := range list {
			if err := check(s); err != nil {
				return &ItemError{Index: i, Err: err}
			}
		}
		return nil
	}
}

type listField[V any] struct {
	get   func(*V) *[]string
	def   []string
	split bool
	valid func([]string) error
}

func (f *listField[V]) check(v *V) error { return checked(f.valid, *f.get(v)) }

func (f *listField[V]) reset(v *V)       { *f.get(v) = append([]string(nil), f.def...) }
func (f *listField[V]) copy(dst, src *V) { *f.get(dst) = append([]string(nil), *f.get(src)...) }
func (f *listField[V]) value(v *V) any   { return *f.get(v) }
func (f *listField[V]) isBool() bool     { return false }

func (f *listField[V]) set(v *V, text string, again bool) error {
	p := f.get(v)
	if f.split {
		*p = nil
		for s := range strings.SplitSeq(text, ",") {
			*p = append(*p, strings.TrimSpace(s))
		}
		return nil
	}
	if !again {
		*p = nil
	}
	*p = append(*p, text)
	return nil
}

func (f *listField[V]) decode(v *V, n *yaml.Node, key string, d *decoding) error {
	var list []string
	err := sequence(n, key, d, func(item *yaml.Node, ikey string) error {
		var s string
		err := scalar(item, &s, "a text value", ikey)
		list = append(list, s)
		return err
	})
	if err == nil {
		*f.get(v) = list
	}
	return err
}

// sequence calls item with each item of the list n, which is key's
// value, and with the item's key path ("include[2]"). It records the
// line of each item. A null item is left out and a null list is empty,
// as yaml.v3 decodes them.
func sequence(n *yaml.Node, key string, d *decoding, item func(n *yaml.Node, key string) error) error {
	n = unalias(n)
	if isNull(n) {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		return at(n, key, fmt.Errorf("want a list, got %s", got(n)))
	}
	i := 0
	for _, c := range n.Content {
		if isNull(unalias(c)) {
			continue
		}
		ikey := fmt.Sprintf("%s[%d]", key, i)
		d.lines[ikey] = c.Line
		i++
		if err := item(c, ikey); err != nil {
			return err
		}
	}
	return nil
}

// Mappings is a setting of a list of mappings. The table of its keys
// decodes each mapping into an E. check, when not nil, checks them all.
func Mappings[V, E any](get func(*V) *[]E, table Table[E], check func(v *V) error) Field[V] {
	return &mappingsField[V, E]{get, table, check}
}

type mappingsField[V, E any] struct {
	get   func(*V) *[]E
	table Table[E]
	valid func(v *V) error
}

func (f *mappingsField[V, E]) reset(v *V)       { *f.get(v) = nil }
func (f *mappingsField[V, E]) copy(dst, src *V) { *f.get(dst) = append([]E(nil), *f.get(src)...) }
func (f *mappingsField[V, E]) value(v *V) any   { return *f.get(v) }
func (f *mappingsField[V, E]) isBool() bool     { return false }

func (f *mappingsField[V, E]) set(*V, string, bool) error {
	return errors.New("not a command-line value")
}

func (f *mappingsField[V, E]) decode(v *V, n *yaml.Node, key string, d *decoding) error {
	if n := unalias(n); n.Kind == yaml.SequenceNode {
		// An entry left empty ("-" alone) is a mistake, not nothing,
		// because an entry has keys to give.
		for i, c := range n.Content {
			if isNull(unalias(c)) {
				return at(c, fmt.Sprintf("%s[%d]", key, i), errors.New("empty entry: give its keys, or remove the -"))
			}
		}
	}
	var list []E
	err := sequence(n, key, d, func(item *yaml.Node, ikey string) error {
		e := f.table.Defaults()
		err := f.table.decodeMapping(&e, item, "", ikey, d)
		list = append(list, e)
		return err
	})
	if err == nil {
		*f.get(v) = list
	}
	return err
}

// subKeys are the keys of the mappings. The suggestions for an unknown
// key use them.
func (f *mappingsField[V, E]) subKeys() []string { return f.table.leafKeys() }

func (f *mappingsField[V, E]) check(v *V) error { return checked(f.valid, v) }

// defaults sets every setting of the table to its default.
func (t Table[V]) defaults(v *V) {
	for i := range t {
		t[i].Field.reset(v)
	}
}

// Defaults returns a V with every setting of the table at its default.
func (t Table[V]) Defaults() V {
	var v V
	t.defaults(&v)
	return v
}

// flags returns the settings that give command a flag, leaving out the
// Hidden ones.
func (t Table[V]) flags(command string) []*Setting[V] {
	var out []*Setting[V]
	for i := range t {
		s := &t[i]
		if s.Flag != "" && !s.Hidden && (s.Only == "" || s.Only == command) {
			out = append(out, s)
		}
	}
	return out
}

// hidden returns the settings of command whose flags are Hidden.
func (t Table[V]) hidden(command string) []*Setting[V] {
	var out []*Setting[V]
	for i := range t {
		if s := &t[i]; s.Flag != "" && s.Hidden && (s.Only == "" || s.Only == command) {
			out = append(out, s)
		}
	}
	return out
}

// Only returns the settings that belong to command alone (Setting.Only).
func (t Table[V]) Only(command string) Table[V] {
	var out Table[V]
	for _, s := range t {
		if s.Only == command {
			out = append(out, s)
		}
	}
	return out
}

// Help returns the list of command's flags for --help. Each flag comes
// with its value's name, then its help from column column on, a line
// each. In a table with keys, a flag without a key is marked †. A flag
// whose key is not its name spelled with _ for - names its key.
func (t Table[V]) Help(command string, column int) string {
	keyed := slices.ContainsFunc(t, func(s Setting[V]) bool { return s.Key != "" })
	var b strings.Builder
	for _, s := range t.flags(command) {
		name := "--" + s.Flag
		if s.Letter != "" {
			name = "-" + s.Letter + ", " + name
		}
		if s.Arg != "" {
			name += " " + s.Arg
		}
		help := s.Help
		if key := s.shownKey(); keyed && key == "" {
			name += " †"
		} else if keyed && key != strings.ReplaceAll(s.Flag, "-", "_") {
			help = append(help[:len(help):len(help)], "(sitemap.yaml: "+key+")")
		}
		fits := utf8.RuneCountInString(name) <= column-3
		if !fits {
			// Too long to leave a space before the column, so it gets a
			// line of its own.
			fmt.Fprintf(&b, "  %s\n", name)
		}
		for i, line := range help {
			if i == 0 && fits {
				fmt.Fprintf(&b, "  %-*s%s\n", column-2, name, line)
			} else {
				fmt.Fprintf(&b, "%*s%s\n", column, "", line)
			}
		}
	}
	return b.String()
}

// shownKey is the key that gives s in sitemap.yaml. For a setting that
// the key above it takes alone, it is that key.
func (s *Setting[V]) shownKey() string {
	if i := strings.LastIndexByte(s.Key, '.'); s.Short && i >= 0 {
		return s.Key[:i]
	}
	return s.Key
}

// A Line is a command line parsed by a table. It holds the values of
// the flags it gives, which flags those are, and its other arguments.
type Line[V any] struct {
	// Values holds the flags' values. The other values are the
	// defaults.
	Values V
	// Args are the arguments that are not flags, in order.
	Args  []string
	given []*Setting[V]
	table Table[V]
}

// Given reports whether the command line gives the flag named name. A
// name that is not a flag's is a mistake in the program, so Given
// panics.
func (l *Line[V]) Given(name string) bool {
	for _, s := range l.given {
		if s.Flag == name {
			return true
		}
	}
	if !l.table.hasFlag(name) {
		panic("config: no flag " + name)
	}
	return false
}

// hasFlag reports whether a setting of the table has the flag name.
func (t Table[V]) hasFlag(name string) bool {
	return slices.ContainsFunc(t, func(s Setting[V]) bool { return s.Flag == name })
}

// ErrVersion is what [Table.Parse] returns for --version, which every
// command line takes. The caller prints the version.
var ErrVersion = errors.New("version requested")

// Parse parses the arguments of command. It takes flags before, between
// and after the other arguments, as GNU tools do: a flag given twice
// keeps its last value, and a list's flag adds each value. "--" ends the
// flags. Each flag's value is checked as its setting says. Parse returns
// flag.ErrHelp for -h and --help, and ErrVersion for --version. Any
// other error means the command line is wrong: a flag that does not
// exist, or a value that does not parse or fails its check. The error
// names the flag as it was typed. For a flag that does not exist, it
// also names the flag it may be a typo of.
func (t Table[V]) Parse(command string, args []string) (*Line[V], error) {
	l := &Line[V]{table: t}
	t.defaults(&l.Values)
	fs := flag.NewFlagSet(command, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var names []string
	for _, s := range append(t.flags(command), t.hidden(command)...) {
		v := &flagValue[V]{s: s, l: l}
		fs.Var(v, s.Flag, "")
		if s.Letter != "" {
			fs.Var(v, s.Letter, "") // the same value: one flag, two names
		}
		if !s.Hidden {
			names = append(names, s.Flag)
		}
	}
	version := fs.Bool("version", false, "")
	names = append(names, "help", "version")
	typed := map[string]string{} // each flag's name as it was typed
	var flags []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			l.Args = append(l.Args, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			l.Args = append(l.Args, a)
			continue
		}
		flags = append(flags, a)
		spelled, _, hasValue := strings.Cut(a, "=")
		name := strings.TrimLeft(spelled, "-")
		typed[name] = spelled
		f := fs.Lookup(name)
		switch {
		case f == nil && name != "h" && name != "help" && name != "" && len(spelled)-len(name) <= 2:
			return nil, unknownFlag(spelled, name, names)
		case f == nil || hasValue || f.Name == "version":
			continue // Parse reports a bad one, or takes the value given
		}
		if f.Value.(*flagValue[V]).s.Field.isBool() {
			continue
		}
		// The next argument is the flag's value, whatever it looks
		// like.
		if i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	if err := fs.Parse(flags); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, errors.New(asTyped(err.Error(), typed))
	}
	if *version {
		return nil, ErrVersion
	}
	// Each flag's value must pass its checks, whatever else gives the
	// setting a value.
	for _, s := range l.given {
		err := s.Field.check(&l.Values)
		if err == nil && s.FlagCheck != nil {
			err = s.FlagCheck(&l.Values)
		}
		if err != nil {
			var ie *ItemError
			if errors.As(err, &ie) {
				err = ie.Err // an index means nothing on a command line
			}
			return nil, fmt.Errorf("--%s: %w", s.Flag, err)
		}
	}
	return l, nil
}

// unknownFlag is the error for a flag whose name is none of names. It
// spells the flag as it was typed. It names the flag it may be a typo
// of, if one is close. For a letter (-v), it names the flags that begin
// with it, up to three.
func unknownFlag(spelled, name string, names []string) error {
	msg := "flag provided but not defined: " + spelled
	var close []string
	if len(name) == 1 {
		for _, n := range names {
			if len(n) > 1 && n[0] == name[0] {
				close = append(close, "--"+n)
			}
		}
	} else if s := Suggest(name, names); s != "" {
		close = append(close, "--"+s)
	}
	if n := len(close); n > 0 && n <= 3 {
		msg += " (did you mean " + strings.Join(close[:n-1], ", ")
		if n > 1 {
			msg += " or "
		}
		msg += close[n-1] + "?)"
	}
	return errors.New(msg)
}

// flagInMessage finds the flag that a message of the flag package
// names: "flag needs an argument: -name", "invalid value "x" for flag
// -name: ...".
var flagInMessage = lazyre.MustCompile(`(?:flag |for |argument: )-([^\s:=]+)`)

// asTyped spells the flag that a message of the flag package names as
// it was typed (typed holds that, by name), or as --help teaches it.
func asTyped(msg string, typed map[string]string) string {
	m := flagInMessage().FindAllStringSubmatchIndex(msg, -1)
	if m == nil {
		return msg
	}
	last := m[len(m)-1] // after the value the message quotes
	name := msg[last[2]:last[3]]
	spelled := typed[name]
	if spelled == "" {
		spelled = "--" + name
	}
	return msg[:last[2]-1] + spelled + msg[last[3]:]
}

// flagValue is a setting's flag in a flag.FlagSet.
type flagValue[V any] struct {
	s    *Setting[V]
	l    *Line[V]
	seen bool
}

func (f *flagValue[V]) String() string { return "" }

func (f *flagValue[V]) IsBoolFlag() bool { return f.s.Field.isBool() }

func (f *flagValue[V]) Set(text string) error {
	if err := f.s.Field.set(&f.l.Values, text, f.seen); err != nil {
		return err
	}
	if !f.seen {
		f.seen = true
		f.l.given = append(f.l.given, f.s)
	}
	return nil
}
