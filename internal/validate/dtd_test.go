package validate

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// doctypes are DOCTYPE declarations, each written on line 2 of a
// sitemap, with their verdict: line is where a malformed one is
// reported, 0 for a well-formed one.
var doctypes = []struct {
	name, decl string
	line       int
}{
	{name: "name only", decl: `<!DOCTYPE urlset>`},
	{name: "system", decl: `<!DOCTYPE urlset SYSTEM "sitemap.dtd">`},
	{name: "public", decl: `<!DOCTYPE urlset PUBLIC "-//Example//DTD Sitemap 0.9//EN" 'https://example.com/sitemap.dtd'>`},
	{name: "empty subset", decl: `<!DOCTYPE urlset[ ]>`},
	{name: "every declaration", decl: `<!DOCTYPE urlset [
<!-- a comment,
  over lines -->
<?pi some text?>
<!ENTITY amp2 "a &amp; b &#38; c &#x26; d">
<!ENTITY ext SYSTEM "ext.xml">
<!ENTITY pic SYSTEM "pic.png" NDATA png>
<!ENTITY % decls "&#60;!ELEMENT loc (#PCDATA)>">
%decls;
<!ENTITY % outside SYSTEM "more.dtd">
<!NOTATION png PUBLIC "image/png">
<!NOTATION gif SYSTEM "image/gif">
<!ELEMENT urlset (url)+>
<!ELEMENT url (loc, lastmod?, (changefreq | priority)*)>
<!ELEMENT lastmod (#PCDATA)>
<!ELEMENT changefreq (#PCDATA | em)*>
<!ELEMENT priority EMPTY>
<!ELEMENT em ANY>
<!ATTLIST url
  id ID #IMPLIED
  kind (a | b-c | 1) "a"
  format NOTATION (png | gif) #REQUIRED
  lang CDATA #FIXED 'en &amp; de'>
]>`},
	{name: "broken entity value", decl: `<!DOCTYPE urlset [<!ENTITY x "a & b">]>`, line: 2},
	{name: "broken entity value on a later line", decl: "<!DOCTYPE urlset [\n<!ENTITY a \"ok\">\n<!-- c -->\n<!ENTITY b \"a &b\">\n]>", line: 5},
	{name: "percent in an entity value", decl: `<!DOCTYPE urlset [<!ENTITY x "100 %">]>`, line: 2},
	{name: "character reference to no character", decl: `<!DOCTYPE urlset [<!ENTITY x "&#1;">]>`, line: 2},
	{name: "character reference to a surrogate", decl: `<!DOCTYPE urlset [<!ENTITY x "&#xD800;">]>`, line: 2},
	{name: "entity without a name", decl: `<!DOCTYPE urlset [<!ENTITY "x">]>`, line: 2},
	{name: "entity without a value", decl: `<!DOCTYPE urlset [<!ENTITY x>]>`, line: 2},
	{name: "mixed content without )*", decl: `<!DOCTYPE urlset [<!ELEMENT urlset (#PCDATA|url)>]>`, line: 2},
	{name: "choice and sequence mixed", decl: `<!DOCTYPE urlset [<!ELEMENT urlset (a,b|c)>]>`, line: 2},
	{name: "lower-case declaration", decl: `<!DOCTYPE urlset [<!element urlset ANY>]>`, line: 2},
	{name: "< in a default value", decl: `<!DOCTYPE urlset [<!ATTLIST urlset a CDATA "x<y">]>`, line: 2},
	{name: "& in a default value", decl: `<!DOCTYPE urlset [<!ATTLIST urlset a CDATA "x&y">]>`, line: 2},
	{name: "unknown attribute type", decl: `<!DOCTYPE urlset [<!ATTLIST urlset a STRING #IMPLIED>]>`, line: 2},
	{name: "parameter entity not declared", decl: `<!DOCTYPE urlset [ %undeclared; ]>`, line: 2},
	{name: "parameter entity of no declarations", decl: `<!DOCTYPE urlset [<!ENTITY % p "x"> %p; ]>`, line: 2},
	{name: "parameter entity inside a declaration", decl: `<!DOCTYPE urlset [<!ENTITY % t "ANY"><!ELEMENT urlset %t;>]>`, line: 2},
	{name: "system identifier with a fragment", decl: `<!DOCTYPE urlset SYSTEM "sitemap.dtd#x">`},
	{name: "entity's system identifier with a fragment", decl: `<!DOCTYPE urlset [<!ENTITY e SYSTEM "e.xml#x">]>`, line: 2},
	{name: "public identifier with a brace", decl: `<!DOCTYPE urlset PUBLIC "a{b" "x.dtd">`, line: 2},
	{name: "XML declaration in the subset", decl: `<!DOCTYPE urlset [<?xml version="1.0"?>]>`, line: 2},
	{name: "text in the subset", decl: `<!DOCTYPE urlset [<!ELEMENT urlset ANY> x]>`, line: 2},
	{name: "subset not closed", decl: `<!DOCTYPE urlset [<!ELEMENT urlset ANY>>`, line: 2},
	{name: "a second name", decl: `<!DOCTYPE urlset urlset2>`, line: 2},
	{name: "a control character", decl: "<!DOCTYPE urlset [\x01]>", line: 2},
	{name: "two DOCTYPEs", decl: "<!DOCTYPE urlset>\n<!DOCTYPE urlset>", line: 3},
	{name: "a declaration outside a DOCTYPE", decl: `<!ENTITY x "y">`, line: 2},
}

// doctypeSitemap is a sitemap with decl on its line 2.
func doctypeSitemap(decl string) string {
	return head + decl + "\n" + strings.TrimPrefix(urlset("<url><loc>https://example.com/</loc></url>"), head)
}

// encoding/xml hands a DOCTYPE out unread: validate reads it by XML's
// grammar, and a malformed one is not well-formed XML, at its line.
func TestDoctype(t *testing.T) {
	for _, tt := range doctypes {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"a.xml": doctypeSitemap(tt.decl)})
			problems, _, err := Check([]string{filepath.Join(dir, "a.xml")}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.line == 0 && len(problems) > 0:
				t.Errorf("well-formed, but:\n%s", strings.Join(strs(problems), "\n"))
			case tt.line != 0 && (len(problems) != 1 || problems[0].Kind != KindXML || problems[0].Line != tt.line):
				t.Errorf("want one xml problem at line %d, got:\n%s", tt.line, strings.Join(strs(problems), "\n"))
			}
		})
	}
	t.Chdir(t.TempDir())
	writeFiles(t, ".", map[string]string{
		"a.xml": doctypeSitemap(`<!DOCTYPE urlset [<!ENTITY x "a & b">]>`),
		"b.xml": strings.Replace(doctypeSitemap(""), "<url>", "<url><!DOCTYPE urlset>", 1),
	})
	problems, _, err := Check([]string{"a.xml", "b.xml"}, Options{})
	want := `a.xml:2: xml: not well-formed XML: in the DOCTYPE declaration, "&" in the value of entity x begins no reference (&name; or &#number;): write &amp; for an ampersand
b.xml:4: xml: not well-formed XML: a declaration (<!DOCTYPE) inside or after the root element: it may stand only before it`
	if got := strings.Join(strs(problems), "\n"); err != nil || got != want {
		t.Errorf("got:\n%s\nwant:\n%s (%v)", got, want, err)
	}
}

// A content model nested past the depth limit stops the reading, as
// elements nested so deep do.
func TestDoctypeDepth(t *testing.T) {
	dir := t.TempDir()
	decl := "<!DOCTYPE urlset [<!ELEMENT urlset " + strings.Repeat("(", 100) + "url" + strings.Repeat(")", 100) + ">]>"
	writeFiles(t, dir, map[string]string{"a.xml": doctypeSitemap(decl)})
	problems, _, err := Check([]string{filepath.Join(dir, "a.xml")}, Options{})
	if err != nil || len(problems) != 1 || problems[0].Kind != KindLimit || problems[0].Msg != "a content model of the DOCTYPE nested more than 64 deep; stopped reading here" {
		t.Errorf("%v\n%s", err, strings.Join(strs(problems), "\n"))
	}
}

// Each DOCTYPE's verdict is xmllint's, which reads DTDs as libxml2 does.
func TestDoctypeAgreesWithXmllint(t *testing.T) {
	xmllint := testtool.Program(t, "xmllint", "apt-get install libxml2-utils")
	dir := t.TempDir()
	for _, tt := range doctypes {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-")+".xml")
			if err := os.WriteFile(p, []byte(doctypeSitemap(tt.decl)), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(xmllint, "--noout", "--nonet", p).CombinedOutput()
			if wellFormed := err == nil; wellFormed != (tt.line == 0) {
				t.Errorf("xmllint: well-formed %v, validate %v\n%s", wellFormed, tt.line == 0, out)
			}
		})
	}
}
