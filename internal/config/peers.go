package config

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/project"
)

// peers handles the options of the peer that an npm integration
// replaces (peer.Env: @astrojs/sitemap's changefreq given to
// sitemapgen/astro). It lays the settings they give under the flags,
// the environment and the file, as the project's values are. A setting
// applies only where none of those gives it, and is named as the
// integration's user gives the option. peers returns the warnings: each
// option sitemapgen does not honour, each value it does not take, and
// each setting given above an option with another value.
func (l *layers) peers(getenv func(string) string) ([]error, error) {
	tool, given, ctx, err := peer.Decode(getenv(peer.Env))
	if err != nil {
		return nil, err
	}
	runBy := getenv(RunByEnv)
	// The replacement also reads the variables that the replaced plugin
	// read (NETLIFY_PLUGIN_SITEMAP_BASEURL in sitemapgen/netlify).
	for _, in := range peer.Integrations() {
		if in.RunBy != runBy || tool != "" && tool != in.Tool {
			continue
		}
		if env := peer.FromEnv(in.Tool, given, getenv); len(env) > 0 {
			tool, given = in.Tool, append(given, env...)
		}
	}
	if tool == "" {
		return nil, nil
	}
	name := func(option string) string { return PeerOption(runBy, tool, option) }
	r := peer.Map(tool, given, ctx)
	var warnings []error
	for _, n := range r.Warnings() {
		warnings = append(warnings, errors.New(name(n.Option)+" "+n.Msg))
	}
	var tree *project.Tree
	for _, s := range r.Settings {
		origin := name(s.From)
		row := Settings.byKey(s.Key)
		if row == nil {
			warnings = append(warnings, fmt.Errorf("%s gives %s, which this sitemapgen has no setting of; not taken", origin, s.Key))
			continue
		}
		v, err := peerValue(s)
		if err != nil {
			warnings = append(warnings, fmt.Errorf("%s is not taken: %v", origin, err))
			continue
		}
		if from := l.from[s.Key]; from != "" {
			if !reflect.DeepEqual(row.Field.value(&l.v), row.Field.value(&v)) {
				warnings = append(warnings, fmt.Errorf("%s is not taken: %s gives %s, which wins", origin, from, s.Key))
			}
			continue
		}
		if sf, ok := row.Field.(*scalarField[Values, string]); ok && row.Path {
			// A path from the repository's files (netlify.toml's inputs,
			// astro.config's options) must stay in the project's tree.
			if tree == nil {
				t, err := project.TreeOf(".")
				if err != nil {
					return nil, err
				}
				tree = &t
			}
			p := *sf.get(&v)
			if err := tree.Check(p, diag.Pos{}, p, argOf(row)); err != nil {
				msg := err.Error()
				if d, ok := errors.AsType[*diag.Diagnostic](err); ok {
					msg = d.Msg
				}
				warnings = append(warnings, fmt.Errorf("%s is not taken: %s", origin, msg))
				continue
			}
		}
		row.Field.copy(&l.v, &v)
		l.from[s.Key] = origin
		l.peer[s.Key] = true
	}
	return warnings, nil
}

// peerValue returns the values with the setting s set. The value is
// decoded and checked as sitemap.yaml's key would be.
func peerValue(s peer.Setting) (Values, error) {
	var doc any = s.Value
	parts := strings.Split(s.Key, ".")
	for i := len(parts) - 1; i >= 0; i-- {
		doc = map[string]any{parts[i]: doc}
	}
	data, err := yaml.Marshal(doc)
	if err != nil {
		return Values{}, err
	}
	f, err := parse(s.Key, data)
	if err != nil {
		if d, ok := errors.AsType[*diag.Diagnostic](err); ok {
			return Values{}, errors.New(d.Msg)
		}
		return Values{}, err
	}
	return f.Values, nil
}

// PeerOption names a peer's option as the user of the tool runBy (a key
// of [RunBy]) gives it: sitemapgen({ filter }) in astro.config, or
// [plugins.inputs] changeFreq in netlify.toml. Otherwise it names the
// peer's own option ("@astrojs/sitemap's filter"). When options gave a
// setting together, it names each ("baseUrl, urlPrefix"). Its switch
// has a case for each peer's integration (peer.Def.RunBy), which the
// registry's TestRunByPeers checks.
func PeerOption(runBy string, tool peer.Tool, option string) string {
	if parts := strings.Split(option, ", "); len(parts) > 1 && slices.ContainsFunc(parts, func(o string) bool { return peer.IsEnvOption(tool, o) }) {
		for i, o := range parts {
			parts[i] = PeerOption(runBy, tool, o)
		}
		return strings.Join(parts, ", ")
	}
	if peer.IsEnvOption(tool, option) {
		return option + " in the environment"
	}
	switch runBy {
	case "netlify":
		return "[plugins.inputs] " + option
	case "astro", "docusaurus", "eleventy", "api":
		return RunBy[runBy](option, "")
	}
	return string(tool) + "'s " + option
}
