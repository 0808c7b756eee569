package frontmatter

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/varint"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// A kept Source: what a build keeps of a file's front matter for the next
// build to take without reading the file again (the pipeline's cache of
// front matter). [AppendSource] writes every field of a Source,
// [DecodeSource] reads it back, and [Options.Fingerprint] tells the
// options that read it, so that a Source is taken again only under the
// same ones.

// errKept is the error of bytes AppendSource did not write.
var errKept = errors.New("front matter kept")

// Kinds of time in a kept Source: its instant, and its zone as
// AppendLastMod and Time.String print it.
const (
	timeZero  = iota // the zero Time
	timeUTC          // in UTC
	timeOpts         // in Options.Location
	timeLocal        // in time.Local (time.Parse's, when its offset is the local zone's)
	timeFixed        // in a zone of its name and offset
)

// AppendSource appends s, every field of it, to b, as [DecodeSource]
// reads it back; loc is the Options.Location s was read with. A time
// in loc, in UTC or in time.Local is kept as in it; one in another
// zone, as in a fixed zone of that zone's name and offset at the time:
// it prints the same.
func AppendSource(b []byte, s *Source, loc *time.Location) []byte {
	str := func(v string) { b = binary.AppendUvarint(b, uint64(len(v))); b = append(b, v...) }
	num := func(v int) { b = binary.AppendVarint(b, int64(v)) }
	flag := func(v bool) {
		if v {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	length := func(n int, isNil bool) { // nil as 0, else 1 + its length
		if isNil {
			b = append(b, 0)
		} else {
			b = binary.AppendUvarint(b, uint64(n)+1)
		}
	}
	list := func(l []string) {
		length(len(l), l == nil)
		for _, v := range l {
			str(v)
		}
	}
	tm := func(t time.Time) { b = appendTime(b, t, loc) }
	str(s.Format)
	tm(s.Lastmod)
	str(s.LastmodKey)
	str(s.LastmodZone)
	tm(s.Date)
	str(s.DateWord)
	tm(s.PublishDate)
	tm(s.ExpiryDate)
	flag(s.Draft)
	str(s.DraftsIn)
	flag(s.Unpublished)
	flag(s.Headless)
	flag(s.Unlisted)
	str(s.URL)
	str(s.Permalink)
	flag(s.NoPermalink)
	str(s.Slug)
	str(s.ID)
	str(s.Title)
	str(s.TranslationKey)
	str(s.Lang)
	list(s.Aliases)
	list(s.Categories)
	list(s.Tags)
	length(len(s.Terms), s.Terms == nil)
	for _, k := range slices.Sorted(maps.Keys(s.Terms)) {
		str(k)
		list(s.Terms[k])
	}
	m := &s.Sitemap
	flag(m.Exclude)
	str(m.ExcludedBy)
	str(m.ExcludedWhy)
	str(m.Template)
	b = append(b, byte(m.ChangeFreq))
	if m.Priority.IsSet() {
		// Thousandths, 0 to 1000, as Priority holds it: 1 + them.
		b = binary.AppendUvarint(b, uint64(math.Round(m.Priority.Float()*1000))+1)
	} else {
		b = append(b, 0)
	}
	tm(m.Lastmod)
	num(s.Lines)
	length(len(s.Problems), s.Problems == nil)
	for _, p := range s.Problems {
		num(p.Line)
		str(p.Msg)
		flag(p.Dating)
	}
	return b
}

func appendTime(b []byte, t time.Time, loc *time.Location) []byte {
	var kind byte
	switch l := t.Location(); {
	case t == (time.Time{}):
		return append(b, timeZero)
	case l == time.UTC:
		kind = timeUTC
	case loc != nil && l == loc:
		kind = timeOpts
	case l == time.Local:
		kind = timeLocal
	default:
		kind = timeFixed
	}
	b = append(b, kind)
	b = binary.AppendVarint(b, t.Unix())
	b = binary.AppendUvarint(b, uint64(t.Nanosecond()))
	if kind == timeLocal || kind == timeFixed {
		name, off := t.Zone()
		b = binary.AppendUvarint(b, uint64(len(name)))
		b = append(b, name...)
		b = binary.AppendVarint(b, int64(off))
	}
	return b
}

// keptReader reads what AppendSource wrote. Its strings are of one copy
// of the bytes: one allocation a Source.
type keptReader struct {
	varint.StringReader
}

func (r *keptReader) int() int {
	v := r.Varint()
	if v != int64(int(v)) {
		r.Fail()
	}
	return int(v)
}

func (r *keptReader) flag() bool {
	switch r.Byte() {
	case 0:
		return false
	case 1:
		return true
	}
	r.Fail()
	return false
}

// count reads 1 + a count of things each at least one byte long (0 for
// nil).
func (r *keptReader) count() int { return r.Count(1, 1) }

func (r *keptReader) list() []string {
	n := r.count()
	if n == 0 {
		return nil
	}
	l := make([]string, n-1)
	for i := range l {
		l[i] = r.String()
	}
	return l
}

func (r *keptReader) time(loc *time.Location) time.Time {
	kind := r.Byte()
	if kind == timeZero {
		return time.Time{}
	}
	sec, nsec := r.Varint(), r.Uvarint()
	if nsec >= 1e9 || sec < -1<<62 || sec > 1<<62 {
		r.Fail()
		return time.Time{}
	}
	t := time.Unix(sec, int64(nsec))
	switch kind {
	case timeUTC:
		return t.UTC()
	case timeOpts:
		if loc == nil || loc == time.UTC {
			break
		}
		return t.In(loc)
	case timeLocal, timeFixed:
		name, off := r.String(), r.int()
		if off < -1<<20 || off > 1<<20 {
			break
		}
		if kind == timeLocal {
			// Local as time.Parse gives it: when its zone at that
			// time is the one kept, else a zone of that name and
			// offset.
			if l := t.In(time.Local); zoneIs(l, name, off) {
				return l
			}
		}
		return t.In(time.FixedZone(name, off))
	}
	r.Fail()
	return time.Time{}
}

func zoneIs(t time.Time, name string, off int) bool {
	n, o := t.Zone()
	return n == name && o == off
}

// DecodeSource reads back the Source [AppendSource] wrote in b, the
// whole of b, with loc the Options.Location it was read with. Bytes
// AppendSource did not write are an error, never a panic.
func DecodeSource(b []byte, loc *time.Location) (*Source, error) {
	r := &keptReader{*varint.NewStringReader(b)}
	s := new(Source)
	s.Format = r.String()
	s.Lastmod = r.time(loc)
	s.LastmodKey = r.String()
	s.LastmodZone = r.String()
	s.Date = r.time(loc)
	s.DateWord = r.String()
	s.PublishDate = r.time(loc)
	s.ExpiryDate = r.time(loc)
	s.Draft = r.flag()
	s.DraftsIn = r.String()
	s.Unpublished = r.flag()
	s.Headless = r.flag()
	s.Unlisted = r.flag()
	s.URL = r.String()
	s.Permalink = r.String()
	s.NoPermalink = r.flag()
	s.Slug = r.String()
	s.ID = r.String()
	s.Title = r.String()
	s.TranslationKey = r.String()
	s.Lang = r.String()
	s.Aliases = r.list()
	s.Categories = r.list()
	s.Tags = r.list()
	if n := r.count(); n > 0 {
		s.Terms = make(map[string][]string, n-1)
		for range n - 1 {
			k := r.String()
			if _, ok := s.Terms[k]; ok {
				r.Fail() // each key once
			}
			s.Terms[k] = r.list()
		}
	}
	m := &s.Sitemap
	m.Exclude = r.flag()
	m.ExcludedBy = r.String()
	m.ExcludedWhy = r.String()
	m.Template = r.String()
	if c := sitemap.ChangeFreq(r.Byte()); c.String() != "" || c == 0 {
		m.ChangeFreq = c
	} else {
		r.Fail()
	}
	if p := r.Uvarint(); p > 1001 {
		r.Fail()
	} else if p > 0 {
		m.Priority, _ = sitemap.PriorityOf(float64(p-1) / 1000)
	}
	m.Lastmod = r.time(loc)
	s.Lines = r.int()
	if n := r.count(); n > 0 {
		s.Problems = make([]Problem, n-1)
		for i := range s.Problems {
			s.Problems[i] = Problem{Line: r.int(), Msg: r.String(), Dating: r.flag()}
		}
	}
	if r.Err() != nil {
		return nil, fmt.Errorf("%w: %w", errKept, r.Err())
	}
	if r.Len() > 0 {
		return nil, fmt.Errorf("%w: %d bytes past its end", errKept, r.Len())
	}
	return s, nil
}

// Fingerprint returns the SHA-256 of o, every field of it: two Options
// of one fingerprint read a file alike, so a Source kept from one
// ([AppendSource]) is the other's. The zone is taken by its name (and
// LocationFrom); Defaults by their values, whatever the order of a map.
func (o Options) Fingerprint() [32]byte {
	b := make([]byte, 0, 256)
	b = append(b, "frontmatter.Options 1\x00"...)
	b = appendValue(b, o.Defaults)
	b = appendValue(b, o.Terms)
	b = appendValue(b, o.ID)
	b = appendValue(b, o.ExcludeKeys)
	b = appendValue(b, o.LastmodKeys)
	if o.Location == nil {
		b = append(b, 'n')
	} else {
		b = appendValue(b, o.Location.String())
	}
	b = appendValue(b, o.LocationFrom)
	b = appendValue(b, o.RubyTimestamps)
	b = appendValue(b, o.JavaScript)
	b = appendValue(b, o.MaxBytes)
	b = appendValue(b, o.MaxDepth)
	return sha256.Sum256(b)
}

// appendValue appends a stable encoding of v, a value of front matter
// defaults as a configuration file gives them: each kind tagged, each
// string and list with its length, a map's keys in order.
func appendValue(b []byte, v any) []byte {
	str := func(tag byte, s string) []byte {
		b = append(b, tag)
		b = binary.AppendUvarint(b, uint64(len(s)))
		return append(b, s...)
	}
	switch v := v.(type) {
	case nil:
		return append(b, 'n')
	case string:
		return str('s', v)
	case bool:
		if v {
			return append(b, 't')
		}
		return append(b, 'f')
	case int:
		return binary.AppendVarint(append(b, 'i'), int64(v))
	case int64:
		return binary.AppendVarint(append(b, 'I'), v)
	case uint64:
		return binary.AppendUvarint(append(b, 'u'), v)
	case float64:
		return binary.BigEndian.AppendUint64(append(b, 'd'), math.Float64bits(v))
	case time.Time:
		return str('T', v.Format(time.RFC3339Nano)+" "+v.Location().String())
	case []string:
		if v == nil {
			return append(b, 'N')
		}
		b = binary.AppendUvarint(append(b, 'L'), uint64(len(v)))
		for _, e := range v {
			b = str('s', e)
		}
		return b
	case []any:
		if v == nil {
			return append(b, 'N')
		}
		b = binary.AppendUvarint(append(b, 'a'), uint64(len(v)))
		for _, e := range v {
			b = appendValue(b, e)
		}
		return b
	case map[string]any:
		if v == nil {
			return append(b, 'M')
		}
		b = binary.AppendUvarint(append(b, 'm'), uint64(len(v)))
		for _, k := range slices.Sorted(maps.Keys(v)) {
			b = str('s', k)
			b = appendValue(b, v[k])
		}
		return b
	}
	// Another kind (map[any]any, a number of another size): as fmt
	// prints it, which sorts a map's keys.
	return str('?', fmt.Sprintf("%T %#v", v, v))
}
