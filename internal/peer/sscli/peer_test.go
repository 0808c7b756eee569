package sscli_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/peertest"
	"github.com/sitemapgen/sitemapgen/internal/peer/sscli"
)

// documented are static-sitemap-cli's options, as its README lists them
// (version 2's, and version 1's -m, -t, -s, -o): each has a row (issue 53).
var documented = []string{"base", "BASEURL", "root", "ignore", "changefreq", "priority", "robots", "concurrent", "clean", "slash", "format", "stdout", "verbose", "match", "text", "save", "output-dir", "follow-noindex"}

func TestPeerRows(t *testing.T) { peertest.Rows(t, sscli.Peer, documented) }

func fp(f float64) *float64 { return &f }

// TestStaticSitemapCLI: the command line of a package.json script, its
// pairs made rules in reverse (its last match wins, sitemapgen's first),
// a pair of every page every URL's value.
func TestStaticSitemapCLI(t *testing.T) {
	var cases []peertest.Case
	for _, tc := range []struct {
		name string
		args string
		// stdout is the file the script redirects --stdout to.
		stdout string
		want   []peer.Setting
		warn   []string
	}{
		{name: "version 2", args: "-b https://example.com -r dist -c **/*,weekly events/**,daily -p blog/**,0.8 -i 404.html drafts/**",
			want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "base"}, {Key: "root", Value: "dist", From: "root"}, {Key: "exclude", Value: []string{"404.html", "drafts/**"}, From: "ignore"},
				{Key: "changefreq", Value: "weekly", From: "changefreq"}, {Key: "rules", Value: []peer.Rule{{Match: "events/**", ChangeFreq: "daily"}, {Match: "blog/**", Priority: fp(0.8)}}, From: "changefreq, priority"}, {Key: "text", Value: true, From: "format"},
				{Key: "clean_urls", Value: true, From: "clean"}, {Key: "trailing_slash", Value: false, From: "clean"}},
			warn: []string{"are made rules, and the first rule that matches a page gives both"}},
		{name: "the last pair wins", args: "-b https://example.com -c a/**,daily -c a/b/**,monthly --format xml --no-clean",
			want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "base"}, {Key: "clean_urls", Value: false, From: "clean"}, {Key: "rules", Value: []peer.Rule{{Match: "a/b/**", ChangeFreq: "monthly"}, {Match: "a/**", ChangeFreq: "daily"}}, From: "changefreq"}}},
		{name: "a glob of both", args: "-b https://example.com --slash -c blog/**,daily -p blog/**,0.9 --stdout",
			want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "base"}, {Key: "clean_urls", Value: true, From: "slash"}, {Key: "trailing_slash", Value: true, From: "slash"}, {Key: "rules", Value: []peer.Rule{{Match: "blog/**", ChangeFreq: "daily", Priority: fp(0.9)}}, From: "changefreq, priority"}},
			warn: []string{"adds a slash to every URL"}},
		{name: "pairs a later one overrides", args: "-b https://example.com -p a/**,0.2 **/*,0.5 --format both --no-clean",
			want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "base"}, {Key: "text", Value: true, From: "format"}, {Key: "clean_urls", Value: false, From: "clean"}, {Key: "priority", Value: 0.5, From: "priority"}},
			warn: []string{"has \"**/*,0.5\" last, which matches every page"}},
		// A -c of every page makes no rule: the -p pairs' rules alone,
		// nothing to merge.
		{name: "every page's changefreq, pairs of priority", args: "-b https://example.com -f xml -c **,weekly -p blog/**,0.6",
			want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "base"}, {Key: "changefreq", Value: "weekly", From: "changefreq"}, {Key: "rules", Value: []peer.Rule{{Match: "blog/**", Priority: fp(0.6)}}, From: "priority"},
				{Key: "clean_urls", Value: true, From: "clean"}, {Key: "trailing_slash", Value: false, From: "clean"}}},
		{name: "version 1", args: "https://example.com -r public -m **/*.html -m !secret/** -p foo/**=0.1 -s -n",
			want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "BASEURL"}, {Key: "root", Value: "public", From: "root"}, {Key: "include", Value: []string{"**/*.html"}, From: "match"}, {Key: "exclude", Value: []string{"secret/**"}, From: "match"}, {Key: "clean_urls", Value: false, From: "clean"}, {Key: "rules", Value: []peer.Rule{{Match: "foo/**", Priority: fp(0.1)}}, From: "priority"}}},
		// Version 2's short flags: -f is --format, -o --stdout (version
		// 1's -o DIR is --output-dir, whose command has no -b).
		{name: "version 2's -f and -o", args: "-b https://example.com -r site -f xml -o -c **,monthly",
			want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "base"}, {Key: "root", Value: "site", From: "root"}, {Key: "changefreq", Value: "monthly", From: "changefreq"},
				{Key: "clean_urls", Value: true, From: "clean"}, {Key: "trailing_slash", Value: false, From: "clean"}}},
		// -o redirected by the script (the file the generator's reading
		// gives as its value, issue 68): the sitemap's name, in the site
		// folder or out of it; a text one's name is sitemap.txt.
		{name: "-o to a file of the site folder", args: "-b https://example.com -r site -f xml -o", stdout: "site/map.xml",
			want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "base"}, {Key: "root", Value: "site", From: "root"}, {Key: "filename", Value: "map.xml", From: "stdout"},
				{Key: "clean_urls", Value: true, From: "clean"}, {Key: "trailing_slash", Value: false, From: "clean"}}},
		{name: "-o to a folder of the site folder", args: "-b https://example.com -r ./site -o -f xml", stdout: "./site/maps/map.xml",
			want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "base"}, {Key: "root", Value: "site", From: "root"}, {Key: "filename", Value: "map.xml", From: "stdout"},
				{Key: "clean_urls", Value: true, From: "clean"}, {Key: "trailing_slash", Value: false, From: "clean"}},
			warn: []string{"puts the sitemap in the folder maps"}},
		{name: "-o to a file out of the site folder", args: "-b https://example.com -r site -f xml -o", stdout: "public/seo/sitemap.xml",
			want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "base"}, {Key: "root", Value: "site", From: "root"}, {Key: "out", Value: "public/seo", From: "stdout"}, {Key: "filename", Value: "sitemap.xml", From: "stdout"},
				{Key: "clean_urls", Value: true, From: "clean"}, {Key: "trailing_slash", Value: false, From: "clean"}}},
		{name: "-o, text", args: "-b https://example.com -f txt -o", stdout: "urls.txt",
			want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "base"}, {Key: "text", Value: true, From: "format, stdout"}, {Key: "clean_urls", Value: true, From: "clean"}, {Key: "trailing_slash", Value: false, From: "clean"}},
			warn: []string{"is written to urls.txt by the script; sitemapgen's text sitemap is sitemap.txt"}},
		{name: "version 1's -o", args: "https://example.com -o public/sitemaps",
			want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "BASEURL"}, {Key: "out", Value: "public/sitemaps", From: "output-dir"}}},
		{name: "a bad pair", args: "-b https://example.com -c blog/**,often --no-clean --format xml",
			want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "base"}, {Key: "clean_urls", Value: false, From: "clean"}},
			warn: []string{`"blog/**,often": changefreq "often" is not one of`}},
	} {
		given := sscli.Args(strings.Fields(tc.args), 3)
		for i := range given {
			if given[i].Name == "stdout" && tc.stdout != "" {
				given[i].Value = tc.stdout
			}
		}
		// The settings' places are TestSSCLIPlaces'.
		cases = append(cases, peertest.Case{Name: tc.name, Given: given, Want: tc.want, Warn: tc.warn})
	}
	peertest.Map(t, sscli.Peer, cases)
}

// TestSSCLIPlaces: the rules static-sitemap-cli's pairs make are
// credited to the place of each option that gave them: .ssclirc's line
// for its changefreq, the script's for its -p (issue 98, item 8: every
// rule was credited to the script's line, package.json's, even those of
// .ssclirc alone).
func TestSSCLIPlaces(t *testing.T) {
	script := sscli.Args(strings.Fields("-b https://example.com -r site -f xml -p blog/**,0.6"), 5)
	rc := []peer.Given{{Name: "changefreq", Value: []any{"docs/**,daily"}, Line: 3, File: ".ssclirc"}}
	for _, tc := range []struct {
		name  string
		given []peer.Given
		want  peer.Setting
	}{
		{name: ".ssclirc alone", given: append(sscli.Args(strings.Fields("-b https://example.com -f xml"), 5), rc...),
			want: peer.Setting{Key: "rules", Value: []peer.Rule{{Match: "docs/**", ChangeFreq: "daily"}}, From: "changefreq", Line: 3, File: ".ssclirc"}},
		{name: ".ssclirc and the script", given: append(slices.Clone(script), rc...),
			want: peer.Setting{Key: "rules", Value: []peer.Rule{{Match: "docs/**", ChangeFreq: "daily"}, {Match: "blog/**", Priority: fp(0.6)}}, From: "changefreq, priority", Line: 3, File: ".ssclirc",
				Parts: []peer.Given{{Name: "changefreq", Line: 3, File: ".ssclirc"}, {Name: "priority", Line: 5}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := sscli.Peer.Map(tc.given, peer.Context{})
			i := slices.IndexFunc(r.Settings, func(s peer.Setting) bool { return s.Key == "rules" })
			if i < 0 {
				t.Fatalf("no rules: %+v", r.Settings)
			}
			if got := r.Settings[i]; !reflect.DeepEqual(got, tc.want) {
				t.Errorf("rules:\n%#v\nwant\n%#v", got, tc.want)
			}
		})
	}
}
