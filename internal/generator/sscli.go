package generator

import (
	"path"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsconf"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// ssclircs are where static-sitemap-cli 2 looks for its settings, after
// package.json's "sscli" key, in order (cosmiconfig's search places for
// the name sscli, in the working directory alone): the first that holds
// any is read, and its options override the command line's.
var ssclircs = []string{
	".ssclirc", ".ssclirc.json", ".ssclirc.yaml", ".ssclirc.yml",
	".ssclirc.js", ".ssclirc.ts", ".ssclirc.cjs", ".ssclirc.mjs",
	".config/ssclirc", ".config/ssclirc.json", ".config/ssclirc.yaml", ".config/ssclirc.yml",
	".config/ssclirc.js", ".config/ssclirc.ts", ".config/ssclirc.cjs", ".config/ssclirc.mjs",
	"sscli.config.js", "sscli.config.ts", "sscli.config.cjs", "sscli.config.mjs",
}

// ssclirc reads static-sitemap-cli's settings file: package.json's
// "sscli" object, else the first of ssclircs that holds settings. It
// returns the file, the line where its settings start, and its options,
// each with the file and its line; file is "" when there is none. A
// JavaScript file's exported object is read as literals (never run); a
// file that does not parse is a note.
func (d *Dir) ssclirc() (file string, line int, opts []peer.Given, notes []string) {
	if _, data, _ := d.firstFile("package.json"); data != nil {
		if line, opts := yamlObject(data, "sscli"); line > 0 {
			return "package.json", line, withFile(opts, "package.json"), nil
		}
	}
	for _, name := range ssclircs {
		n, data, err := d.firstFile(name)
		if err != nil || n == "" || len(strings.TrimSpace(string(data))) == 0 {
			continue
		}
		switch path.Ext(name) {
		case ".js", ".ts", ".cjs", ".mjs":
			r := jsconfig.NewReader(n, data, d.lim)
			return n, 1, withFile(jsconf.Options(r, ""), n), r.Notes()
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(data, &doc); err != nil {
			return n, 1, nil, []string{conffile.YAMLError(n, err).Error() + "; its settings are not read"}
		}
		return n, 1, withFile(mappingOptions(&doc), n), nil
	}
	return "", 0, nil, nil
}

// yamlObject returns the line of the top-level key of the JSON or YAML
// document data, and the members of its object as options; 0 when the
// document has no such key holding an object.
func yamlObject(data []byte, key string) (int, []peer.Given) {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return 0, nil
	}
	top := doc.Content[0]
	for i := 0; i+1 < len(top.Content); i += 2 {
		if top.Content[i].Value == key && top.Content[i+1].Kind == yaml.MappingNode {
			return top.Content[i].Line, mappingOptions(top.Content[i+1])
		}
	}
	return 0, nil
}

// mappingOptions returns the members of the mapping n (or of the
// document n holds) as options, each at its key's line. A member whose
// value does not decode (a tag its value does not hold to, a key that is
// no scalar) is one too, its value peer.Undecoded, which init warns of
// at its line: no option vanishes unsaid.
func mappingOptions(n *yaml.Node) []peer.Given {
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	if n.Kind != yaml.MappingNode {
		return nil
	}
	var out []peer.Given
	for i := 0; i+1 < len(n.Content); i += 2 {
		var v any
		var val any
		if err := n.Content[i+1].Decode(&v); err != nil {
			val = peer.Undecoded{Why: diag.DecoderMessage(strings.TrimPrefix(err.Error(), "yaml: "))}
		} else {
			val = jsconf.PeerValue(conffile.Normalize(v))
		}
		out = append(out, peer.Given{Name: n.Content[i].Value, Value: val, Line: n.Content[i].Line})
	}
	return out
}

// withFile returns opts, each given in file.
func withFile(opts []peer.Given, file string) []peer.Given {
	for i := range opts {
		opts[i].File = file
	}
	return opts
}

// withSSCLIrc returns the options of a static-sitemap-cli command line,
// given with those of its settings file, rc, which override them
// (static-sitemap-cli spreads the file's over the command line's).
func withSSCLIrc(args, rc []peer.Given) []peer.Given {
	var out []peer.Given
	for _, a := range args {
		overridden := false
		for _, o := range rc {
			overridden = overridden || o.Name == a.Name
		}
		if !overridden {
			out = append(out, a)
		}
	}
	return append(out, rc...)
}
