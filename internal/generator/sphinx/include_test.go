package sphinx

import (
	"slices"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
)

func TestIncludes(t *testing.T) {
	rst := []byte(`Title
=====

.. include:: ../CHANGELOG.md
   :parser: myst_parser.sphinx_

  .. literalinclude::   /examples/run.sh  
.. include:: <isonum.txt>
.. include:: snippet.inc
.. image:: not-an-include.png
.. include::
` + "```{include} not-rst.md\n```\n")
	got := Preset{}.Includes("guide/changes.rst", "guide/changes.rst", rst)
	want := []generator.Include{{Path: "CHANGELOG.md"}, {Path: "examples/run.sh", Literal: true}, {Path: "guide/snippet.inc"}}
	if !slices.Equal(got, want) {
		t.Errorf("rst: %+v, want %+v", got, want)
	}
	md := []byte("# Changes\n\n```{include} ../../CHANGELOG.md\n:relative-docs: docs/\n```\n\n:::{literalinclude} /conf.py\n:::\n\n~~~~{include} part.md\n~~~~\n.. include:: not-myst.rst\n")
	got = Preset{}.Includes("a/b/changes.md", "a/b/changes.md", md)
	want = []generator.Include{{Path: "CHANGELOG.md"}, {Path: "conf.py", Literal: true}, {Path: "a/b/part.md"}}
	if !slices.Equal(got, want) {
		t.Errorf("MyST: %+v, want %+v", got, want)
	}
	// A file included is read by its kind; its paths are the document's.
	got = Preset{}.Includes("a/doc.rst", "x/part.rst", []byte(".. include:: more.rst\n.. include:: ../../../up.rst\n"))
	want = []generator.Include{{Path: "a/more.rst"}, {Path: "../../up.rst"}}
	if !slices.Equal(got, want) {
		t.Errorf("nested: %+v, want %+v", got, want)
	}
}
