// Package conform holds the checks the generators' values are held to in
// their tests, whatever the generator: a preset made of others answers
// every rule they give ([Wraps]).
package conform

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
)

// Wraps checks that wrapper, a preset made of others (a Hugo site's of
// one preset a language's folder, Astro's of an integration's), answers
// every rule inner, one of them, gives: each field of inner's Rules that
// is set (a value, a function, a hook) is set in wrapper's, and equal
// where it is a value, but for the fields named in own (paths such as
// "Sources.Config", "Hooks.Folder"), which the wrapper says its own way;
// and for each of files, a path of wrapper's to the same file's path of
// inner's, the two give the file the same FileRules. A rule a wrapper
// forgets to take from what it wraps fails it, whatever the rule.
func Wraps(t *testing.T, wrapper, inner generator.Preset, files map[string]string, own ...string) {
	t.Helper()
	w, in := reflect.ValueOf(generator.RulesOf(wrapper)), reflect.ValueOf(generator.RulesOf(inner))
	var walk func(path string, w, in reflect.Value)
	walk = func(path string, w, in reflect.Value) {
		if slices.Contains(own, path) || in.IsZero() {
			return
		}
		switch in.Kind() {
		case reflect.Struct:
			for i := range in.NumField() {
				name := in.Type().Field(i).Name
				walk(strings.TrimPrefix(path+"."+name, "."), w.Field(i), in.Field(i))
			}
		case reflect.Func, reflect.Interface:
			if w.IsNil() {
				t.Errorf("%s: the wrapper does not give what it wraps gives", path)
			}
		default:
			if !reflect.DeepEqual(w.Interface(), in.Interface()) {
				t.Errorf("%s: the wrapper gives %v, what it wraps %v", path, w.Interface(), in.Interface())
			}
		}
	}
	walk("", w, in)
	for rel, innerRel := range files {
		got, want := fileRules(wrapper.FileRules(rel)), fileRules(inner.FileRules(innerRel))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("FileRules(%s) = %+v; what it wraps gives %s %+v", rel, got, innerRel, want)
		}
	}
}

// fileRules is f with its function a flag, to compare.
func fileRules(f generator.FileRules) any {
	return struct {
		generator.FileRules
		Meta bool
	}{func() generator.FileRules { f.Meta = nil; return f }(), f.Meta != nil}
}
