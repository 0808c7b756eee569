package pipeline

import (
	"bytes"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
)

// TestSourceLinks: the links a source's text writes, counted by the name
// of the page each leads to, in the markups and templates sources are
// written in; not a word of its prose, nor a value of its front matter
// (helm.sh's docs/intro/_index.md: aliases: ["/docs/using_helm/"];
// issue 86).
func TestSourceLinks(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string // want: name=count, sorted
	}{
		{"markdown", "Hello, I am [the author](/about/). ![me](/img/me.png \"me\")", "about=1 me=1"},
		{"reference", "See [setup].\n\n[setup]: /docs/setup/#top\n", "setup=1"},
		{"html", `<p><a href="/blog/my-post/">one</a> <a class=x href='../setup.html'>two</a> <a href=/a/index.html>three</a></p>`, "a=1 my-post=1 setup=1"},
		{"jsx", `<Link href="/about">About</Link> <a href={'/contact'}>c</a> <a href={` + "`/posts/${slug}`" + `}>p</a>`, "about=1 contact=1"},
		{"template", `<a href="{{ '/about/' | url }}">a</a> <a href="{{ site.baseurl }}/setup/">s</a>`, "about=1 setup=1"},
		{"hugo ref", `[setup]({{< ref "posts/setup.md" >}}) and {{< relref "/docs/Install" >}}`, "install=1 setup=1"},
		{"jekyll", "[a]({% link _posts/2024-05-01-hello.md %}) and {% post_url 2010-07-21-name %}", "hello=1 name=1"},
		{"pelican", "[my post]({filename}/2024/my-post.md)", "my-post=1"},
		{"rst", "See `the setup <setup.html>`_.\n\n.. _guide: https://example.com/guide/\n", "guide=1 setup=1"},
		{"org and asciidoc", "[[file:about.org][About]] link:/contact/[Contact]", "about=1 contact=1"},
		{"autolink", "<https://example.com/about/>", "about=1"},
		{"twice", "[a](/about/) and [again](/about/#me)", "about=2"},
		{"words are no links", "Using Helm: see using_helm and https://example.com/about/ for setup.", ""},
		{"front matter", "---\ntitle: Introduction\naliases: [\"/docs/using_helm/\"]\nlink: \"[x](/x/)\"\n---\n# Intro\n", ""},
		{"toml front matter", "+++\naliases = [\"/docs/using_helm/\"]\ndescription = \"<a href='/x/'>\"\n+++\n[Quickstart](quickstart/)\n", "quickstart=1"},
		{"front matter never closed", "---\n[a](/a/)\n", "a=1"},
		{"no page", "[top](#top) [up](../) [home](/)", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for name, n := range sourceLinks([]byte(tc.text)) {
				got = append(got, name+"="+strconv.Itoa(n))
			}
			slices.Sort(got)
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("sourceLinks = %q, want %q", g, tc.want)
			}
		})
	}
}

// FuzzSourceLinks: sourceLinks takes any text without a panic, and each
// name it gives is a page's name (pageName gives it back) found in the
// text, counted at least once.
func FuzzSourceLinks(f *testing.F) {
	for _, s := range []string{
		"---\ntitle: x\n---\n[a](/a/) <a href=\"/b/\">", "+++\n+++\n{{< ref \"c.md\" >}}",
		"[x]: /y/\n`t <z.html>`_", `<a href="{{ '/about/' | url }}">`, "{% post_url 2010-07-21-name %}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		defer fuzzbound.Check(t)()
		names := sourceLinks(text)
		lower := bytes.ToLower(text)
		for _, name := range slices.Sorted(maps.Keys(names)) {
			if names[name] < 1 || pageName(name) != name || !bytes.Contains(lower, []byte(name)) {
				t.Fatalf("sourceLinks(%q): %q counted %d", text, name, names[name])
			}
		}
	})
}
