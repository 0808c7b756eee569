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
		name, source, text, want string // want: name=count, sorted
	}{
		{"markdown", "a.md", "Hello, I am [the author](/about/). ![me](/img/me.png \"me\")", "about=1 me=1"},
		{"reference", "a.md", "See [setup].\n\n[setup]: /docs/setup/#top\n", "setup=1"},
		{"html", "a.html", `<p><a href="/blog/my-post/">one</a> <a class=x href='../setup.html'>two</a> <a href=/a/index.html>three</a></p>`, "a=1 my-post=1 setup=1"},
		{"jsx", "a.mdx", `<Link href="/about">About</Link> <a href={'/contact'}>c</a> <a href={` + "`/posts/${slug}`" + `}>p</a>`, "about=1 contact=1"},
		{"template", "a.njk", `<a href="{{ '/about/' | url }}">a</a> <a href="{{ site.baseurl }}/setup/">s</a>`, "about=1 setup=1"},
		{"hugo ref", "_index.md", `[setup]({{< ref "posts/setup.md" >}}) and {{< relref "/docs/Install" >}}`, "install=1 setup=1"},
		{"jekyll", "index.md", "[a]({% link _posts/2024-05-01-hello.md %}) and {% post_url 2010-07-21-name %}", "hello=1 name=1"},
		{"pelican", "a.md", "[my post]({filename}/2024/my-post.md)", "my-post=1"},
		{"rst", "a.rst", "See `the setup <setup.html>`_ and the guide_.\n\n.. _guide: https://example.com/guide/\n", "guide=1 setup=1"},
		{"org and asciidoc", "a.org", "[[file:about.org][About]] link:/contact/[Contact]", "about=1 contact=1"},
		{"autolink", "a.md", "<https://example.com/about/>", "about=1"},
		{"twice", "a.md", "[a](/about/) and [again](/about/#me)", "about=2"},
		{"words are no links", "a.md", "Using Helm: see using_helm and https://example.com/about/ for setup.", ""},
		{"front matter", "a.md", "---\ntitle: Introduction\naliases: [\"/docs/using_helm/\"]\nlink: \"[x](/x/)\"\n---\n# Intro\n", ""},
		{"toml front matter", "a.md", "+++\naliases = [\"/docs/using_helm/\"]\ndescription = \"<a href='/x/'>\"\n+++\n[Quickstart](quickstart/)\n", "quickstart=1"},
		{"front matter never closed", "a.md", "---\n[a](/a/)\n", "a=1"},
		{"no page", "a.md", "[top](#top) [up](../) [home](/)", ""},
		// Each use of a reference's label is a link of the page; its
		// definition is none (review 2 of issue 86: a label used twice
		// counted once).
		{"reference used twice", "_index.md", "I am [the author][me]. Ask [the author][me].\n\n[me]: /about/\n", "about=2"},
		{"reference forms", "a.md", "[me][] and [Me] and [x][ME] and [![logo][img]][me]\n\n[me]: /about/ \"Me\"\n[img]: /logo.png\n", "about=4"},
		{"reference not used", "a.md", "Text.\n\n[me]: /about/\n", ""},
		{"footnote", "a.md", "Text[^about].\n\n[^about]: about the text\n", ""},
		{"reference to an autolink", "a.md", "[a][x]\n\n[x]: <https://example.com/about/>\n", "about=1"},
		{"inline link and a label", "a.md", "[me](/contact/) [me]\n\n[me]: /about/\n", "about=1 contact=1"},
		{"rst references", "a.rst", "See guide_, `the guide`_, `Guide`_ and snake_case_ but not guide__.\n\n.. _guide: /guide/\n.. _`the guide`: /guide/\n", "guide=3"},
		// Code and comments show no link (review 2 of issue 86: a
		// fenced block's link took an entry out).
		{"fenced code", "_index.md", "```md\n[the first post](/posts/first/)\n```\n[b](/b/)\n", "b=1"},
		{"tilde fence", "a.md", "~~~~\n~~~\n[x](/x/)\n~~~~\n[y](/y/)\n", "y=1"},
		{"fence never closed", "a.md", "[y](/y/)\n```\n[x](/x/)\n", "y=1"},
		{"indented code", "a.md", "Text.\n\n    [x](/x/)\n\n[y](/y/)\n", "y=1"},
		{"indented in a list", "a.md", "- item\n\n    [x](/x/)\n", "x=1"},
		{"indented paragraph line", "a.md", "Text\n    [x](/x/)\n", "x=1"},
		{"code spans", "a.md", "Write `[x](/x/)` or ``[y](/y/)`` but [z](/z/).", "z=1"},
		{"a backtick alone", "a.md", "a ` b [x](/x/)", "x=1"},
		{"html comments", "a.md", "<!-- [x](/x/) -->\n<!-- <a href=\"/y/\"> -->[z](/z/)<!-- [w](/w/)", "z=1"},
		{"html comment in html", "a.html", "<!-- <a href=\"/x/\">x</a> --><a href=\"/y/\">y</a>", "y=1"},
		{"no code in html", "a.html", "<p>`<a href=\"/x/\">x</a>`</p>\n\n    <a href=\"/y/\">y</a>", "x=1 y=1"},
		{"rst literals", "a.rst", "Example::\n\n    `x <x.html>`_\n\nSee ``y <y.html>`_`` and `z <z.html>`_.\n", "z=1"},
		{"rst code directive", "a.rst", ".. code-block:: rst\n   :linenos:\n\n   `x <x.html>`_\n\n`y <y.html>`_\n", "y=1"},
		{"rst note", "a.rst", ".. note::\n\n   `x <x.html>`_\n", "x=1"},
		{"hugo named relref", "_index.md", `{{< relref path="docs/install.md" >}} and {{< button text="Go" link="/contact/" >}}`, "contact=1 install=1"},
		{"hugo relref in an href", "_index.html", `<a href="{{< relref path="about.md" >}}">me</a> <a href="{{< relref "docs/setup.md" >}}">s</a>`, "about=1 setup=1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for name, n := range sourceLinks(tc.source, []byte(tc.text)) {
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
// name it gives is a page's name (pageName gives it back for a file of
// that name) found in the text, counted at least once.
func FuzzSourceLinks(f *testing.F) {
	for _, s := range []string{
		"---\ntitle: x\n---\n[a](/a/) <a href=\"/b/\">", "+++\n+++\n{{< ref \"c.md\" >}}",
		"[x]: /y/\n`t <z.html>`_", `<a href="{{ '/about/' | url }}">`, "{% post_url 2010-07-21-name %}",
		"I am [me][a] and [a].\n\n[a]: /about/\n", "```\n[x](/x/)\n```\n\n    [y](/y/)\n`[z](/z/)` <!-- [w](/w/) -->",
		"See g_ and `g`_.\n\n.. _g: /g/\n\nCode::\n\n  ``x``\n", `{{< relref path="a.md" >}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		defer fuzzbound.Check(t)()
		names := sourceLinks("a.md", text)
		for name, n := range sourceLinks("a.rst", text) {
			names[name] += n
		}
		lower := bytes.ToLower(text)
		for _, name := range slices.Sorted(maps.Keys(names)) {
			if names[name] < 1 || pageName(name+".html") != name || !bytes.Contains(lower, []byte(name)) {
				t.Fatalf("sourceLinks(%q): %q counted %d", text, name, names[name])
			}
		}
	})
}
