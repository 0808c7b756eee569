package config

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var updateNPM = flag.Bool("update-npm", false, "rewrite npm/sitemapgen/lib/flags.js from the table")

// The npm package's table of options (npm/sitemapgen/lib/flags.js) is
// build's flags, each under its name in camelCase, with how it is given.
// It is generated: go test ./internal/config -run TestNPMFlags -update-npm.
func TestNPMFlags(t *testing.T) {
	path := filepath.Join("..", "..", "npm", "sitemapgen", "lib", "flags.js")
	var b strings.Builder
	b.WriteString("// Generated from internal/config/settings.go by TestNPMFlags; do not edit.\n")
	b.WriteString("// go test ./internal/config -run TestNPMFlags -update-npm\n\n")
	b.WriteString("// flags maps each option of the API to build's flag and how it is given:\n")
	b.WriteString("// bool (--flag, --flag=false), value (--flag=V), list (repeated), split\n")
	b.WriteString("// (one flag, the values joined with commas).\n")
	b.WriteString("export const flags = {\n")
	for _, s := range Settings.flags(BuildCommand) {
		if slices.Contains(notInAPI, s.Flag) {
			continue
		}
		kind := "value"
		switch f := s.Field.(type) {
		case *listField[Values]:
			kind = map[bool]string{true: "split", false: "list"}[f.split]
		default:
			if f.isBool() {
				kind = "bool"
			}
		}
		fmt.Fprintf(&b, "  %s: [%q, %q],\n", Camel(s.Flag), s.Flag, kind)
	}
	b.WriteString("};\n")
	if *updateNPM {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != b.String() {
		t.Errorf("%s is not the table's; run go test ./internal/config -run TestNPMFlags -update-npm. Want:\n%s", path, b.String())
	}
}
