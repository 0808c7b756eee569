package frontmatter

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// fill sets every field reachable from v (a pointer's element) to a value
// that is not zero, different for each (n counts them), by reflection: a
// field added to Source later is filled too, and fails the round trip
// until AppendSource keeps it. Times take turns at the zones a kept time
// can be in.
func fill(t *testing.T, v reflect.Value, n *int, loc *time.Location) {
	t.Helper()
	*n++
	switch v.Type() {
	case reflect.TypeFor[time.Time]():
		zones := []*time.Location{time.UTC, loc, time.FixedZone("XST", -(3*3600 + 1800)), time.FixedZone("", 5*3600)}
		tm := time.Date(2020+*n, time.Month(1+*n%12), 1+*n%28, *n%24, *n%60, *n%60, *n*1000+7, zones[*n%len(zones)])
		v.Set(reflect.ValueOf(tm))
		return
	case reflect.TypeFor[sitemap.Priority]():
		p, err := sitemap.PriorityOf(float64(*n%1000+1) / 1000)
		if err != nil {
			t.Fatal(err)
		}
		v.Set(reflect.ValueOf(p))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d ü\x00", *n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(int64(*n) * -1000003)
	case reflect.Uint8:
		v.SetUint(uint64(1 + *n%7)) // a ChangeFreq
	case reflect.Struct:
		for i := range v.NumField() {
			if !v.Type().Field(i).IsExported() {
				t.Fatalf("%s.%s: unexported, not filled", v.Type(), v.Type().Field(i).Name)
			}
			fill(t, v.Field(i), n, loc)
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(t, v.Index(i), n, loc)
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		for range 2 {
			k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			fill(t, k, n, loc)
			fill(t, e, n, loc)
			v.SetMapIndex(k, e)
		}
	default:
		t.Fatalf("fill: a field of kind %s (%s): add it here, and to AppendSource", v.Kind(), v.Type())
	}
}

// sameKept reports where a and b differ, "" for nowhere: times by their
// instant and by how they print (zone name and offset), the rest as
// reflect.DeepEqual compares them.
func sameKept(a, b reflect.Value, where string) string {
	if a.Type() == reflect.TypeFor[time.Time]() {
		x, y := a.Interface().(time.Time), b.Interface().(time.Time)
		const layout = "2006-01-02T15:04:05.999999999 MST -0700"
		if !x.Equal(y) || x.Format(layout) != y.Format(layout) || x.String() != y.String() {
			return fmt.Sprintf("%s: %v, kept %v", where, x, y)
		}
		return ""
	}
	switch a.Kind() {
	case reflect.Struct:
		if a.Type() == reflect.TypeFor[sitemap.Priority]() {
			break
		}
		for i := range a.NumField() {
			if d := sameKept(a.Field(i), b.Field(i), where+"."+a.Type().Field(i).Name); d != "" {
				return d
			}
		}
		return ""
	case reflect.Slice:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return fmt.Sprintf("%s: %#v, kept %#v", where, a.Interface(), b.Interface())
		}
		for i := range a.Len() {
			if d := sameKept(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", where, i)); d != "" {
				return d
			}
		}
		return ""
	}
	if !reflect.DeepEqual(a.Interface(), b.Interface()) {
		return fmt.Sprintf("%s: %#v, kept %#v", where, a.Interface(), b.Interface())
	}
	return ""
}

// TestKeptSourceEveryField fills every field of a Source and keeps it:
// what DecodeSource gives back is the same, field by field.
func TestKeptSourceEveryField(t *testing.T) {
	loc, err := time.LoadLocation("America/New_York")
	if err != nil {
		loc = time.FixedZone("EST", -5*3600) // no zone database here
	}
	var s Source
	n := 0
	fill(t, reflect.ValueOf(&s).Elem(), &n, loc)
	b := AppendSource(nil, &s, loc)
	got, err := DecodeSource(b, loc)
	if err != nil {
		t.Fatal(err)
	}
	if d := sameKept(reflect.ValueOf(s), reflect.ValueOf(*got), "Source"); d != "" {
		t.Fatal(d)
	}
	// Each field is kept: a change of any byte but those of strings'
	// contents is noticed or read as another Source.
	if again := AppendSource(nil, got, loc); string(again) != string(b) {
		t.Fatal("kept twice, the bytes differ")
	}
	for i := range len(b) {
		if _, err := DecodeSource(b[:i], loc); err == nil {
			t.Fatalf("cut at %d of %d bytes: read", i, len(b))
		}
	}
	if _, err := DecodeSource(append(b, 0), loc); err == nil {
		t.Fatal("a byte past the end: read")
	}
}

// TestKeptSourceEmpty keeps a Source read with no front matter and one
// with empty lists: nil stays nil, empty stays empty.
func TestKeptSourceEmpty(t *testing.T) {
	for _, s := range []*Source{
		{},
		{Aliases: []string{}, Terms: map[string][]string{"series": {}}, Problems: []Problem{}},
		{Lastmod: time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC), Date: time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.FixedZone("", -60))},
	} {
		got, err := DecodeSource(AppendSource(nil, s, nil), nil)
		if err != nil {
			t.Fatal(err)
		}
		if d := sameKept(reflect.ValueOf(*s), reflect.ValueOf(*got), "Source"); d != "" {
			t.Error(d)
		}
	}
}

// TestKeptSourceRead keeps Sources ReadSourceOptions read, in a zone of
// the options, and prints their lastmods as the writer does.
func TestKeptSourceRead(t *testing.T) {
	loc, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Skip("no zone database:", err)
	}
	opts := Options{Location: loc, LocationFrom: "hugo.toml timeZone", Terms: []string{"series"}}
	for _, file := range []string{
		"---\ntitle: A\ndate: 2024-05-06 10:00:00\nlastmod: 2024-07-01T10:00:00+02:00\nseries: [x, y]\nsitemap:\n  priority: 0.25\n  changefreq: weekly\n---\n",
		"---\nlastmod: 2024-07-01T10:00:00 PDT\nexpiryDate: 2024-01-01T00:00:00Z\ndraft: true\n---\n",
		"+++\ntitle = \"T\"\ndate = 2024-05-06T10:00:00-03:30\n+++\n",
		"---\ndate: [\n---\n",
	} {
		want, err := ReadSourceOptions(strings.NewReader(file), opts)
		if err != nil {
			t.Fatal(err)
		}
		got, err := DecodeSource(AppendSource(nil, want, loc), loc)
		if err != nil {
			t.Fatal(err)
		}
		if d := sameKept(reflect.ValueOf(*want), reflect.ValueOf(*got), "Source"); d != "" {
			t.Errorf("%q: %s", file, d)
		}
		for _, f := range []sitemap.DateFormat{sitemap.DateTime, sitemap.Date} {
			if w, g := sitemap.AppendLastMod(nil, want.Lastmod, f), sitemap.AppendLastMod(nil, got.Lastmod, f); string(w) != string(g) {
				t.Errorf("%q: lastmod %s, kept %s", file, w, g)
			}
		}
		if !reflect.DeepEqual(want, got) {
			t.Errorf("%q: kept %+v, want %+v", file, got, want)
		}
	}
}

// TestFingerprintEveryField changes each field of Options in turn: each
// changes the fingerprint; a map's order does not.
func TestFingerprintEveryField(t *testing.T) {
	base := Options{
		Defaults: map[string]any{"a": 1, "b": []any{"x", 2.5, true}, "c": map[string]any{"d": nil}}, Terms: []string{"series"},
		ID: true, ExcludeKeys: []string{"hidden"}, LastmodKeys: []string{"lastmod"}, Location: time.FixedZone("X", 3600),
		LocationFrom: "hugo.toml timeZone", RubyTimestamps: true, JavaScript: true, MaxBytes: 100, MaxDepth: 10,
	}
	fp := base.Fingerprint()
	v := reflect.ValueOf(base)
	for i := range v.NumField() {
		o := base
		f := reflect.ValueOf(&o).Elem().Field(i)
		f.Set(reflect.Zero(f.Type()))
		if o.Fingerprint() == fp {
			t.Errorf("Options.%s zero: the same fingerprint", v.Type().Field(i).Name)
		}
	}
	o := base
	o.Location = time.FixedZone("Y", 3600)
	if o.Fingerprint() == fp {
		t.Error("another zone: the same fingerprint")
	}
	o = base
	o.Defaults = map[string]any{"c": map[string]any{"d": nil}, "b": []any{"x", 2.5, true}, "a": 1}
	if o.Fingerprint() != fp {
		t.Error("the same defaults: another fingerprint")
	}
	o.Defaults = map[string]any{"c": map[string]any{"d": nil}, "b": []any{"x", 2.5, false}, "a": 1}
	if o.Fingerprint() == fp {
		t.Error("other defaults: the same fingerprint")
	}
}
