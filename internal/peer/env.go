package peer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// Env is the environment variable through which an npm integration that
// replaces a peer passes the options of the peer's it was given: a JSON
// object, {"tool": "@astrojs/sitemap", "options": {…}, "publishDir":
// "dist", "basePath": "/"}, each option's value as JSON gives it, a
// function as {"$function": true} (one the integration runs itself as
// the per-URL hook as {"$hook": true}), a Date as {"$date": "ISO 8601"}
// (npm/sitemapgen/lib/host.js). Beside internal/project's
// SITEMAPGEN_HOST_PROJECT, it is no setting of the user's.
const Env = "SITEMAPGEN_PEER_OPTIONS"

// envValue is Env's object.
type envValue struct {
	Tool       Tool            `json:"tool"`
	Options    json.RawMessage `json:"options"`
	PublishDir string          `json:"publishDir"`
	BasePath   string          `json:"basePath"`
}

// Decode reads Env's value s: the peer, the options given in the order
// given, and the context of their mapping. An empty s is no peer.
func Decode(s string) (Tool, []Given, Context, error) {
	if s == "" {
		return "", nil, Context{}, nil
	}
	d := json.NewDecoder(bytes.NewReader([]byte(s)))
	d.DisallowUnknownFields()
	var e envValue
	if err := d.Decode(&e); err != nil {
		return "", nil, Context{}, fmt.Errorf("%s: %w", Env, err)
	}
	if Find(e.Tool) == nil {
		return "", nil, Context{}, fmt.Errorf("%s: tool %q is none of sitemapgen's peers", Env, e.Tool)
	}
	given, err := options(e.Options)
	if err != nil {
		return "", nil, Context{}, fmt.Errorf("%s: options: %w", Env, err)
	}
	return e.Tool, given, Context{Publish: e.PublishDir, BasePath: e.BasePath}, nil
}

// options decodes a JSON object's members in their order.
func options(raw json.RawMessage) ([]Given, error) {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return nil, nil
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("want an object")
	}
	var out []Given
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return nil, err
		}
		var v any
		if err := d.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, Given{Name: t.(string), Value: markers(v)})
	}
	return out, nil
}

// markers turns the JSON markers of what JSON cannot carry into Func,
// Date and Expr, in v and what it holds.
func markers(v any) any {
	switch v := v.(type) {
	case map[string]any:
		if len(v) == 1 {
			for k, x := range v {
				s, _ := x.(string)
				switch k {
				case "$function":
					return Func{}
				case "$hook":
					return Hooked{}
				case "$date":
					return Date{Text: s}
				case "$expr":
					return Expr{Text: s}
				}
			}
		}
		for k, x := range v {
			v[k] = markers(x)
		}
	case []any:
		for i, x := range v {
			v[i] = markers(x)
		}
	}
	return v
}

// An EnvOption is an option of a peer's that its plugin read from the
// build's environment (Def.Env): the variable Var, below the input
// Input, which wins where given.
type EnvOption struct{ Var, Input string }

// FromEnv returns the options of tool's that its plugin read from the
// environment (through getenv), each when set and its input is not among
// given (which wins, as it did in the plugin). Their names are the
// variables' ([IsEnvOption]).
func FromEnv(tool Tool, given []Given, getenv func(string) string) []Given {
	var out []Given
	for _, e := range envOptions(tool) {
		v := getenv(e.Var)
		if v == "" || slices.ContainsFunc(given, func(g Given) bool { return g.Name == e.Input }) {
			continue
		}
		out = append(out, Given{Name: e.Var, Value: v})
	}
	return out
}

// IsEnvOption reports whether the option name of tool's is a variable of
// the environment its plugin read, not an input ([FromEnv]).
func IsEnvOption(tool Tool, name string) bool {
	return slices.ContainsFunc(envOptions(tool), func(e EnvOption) bool { return e.Var == name })
}

// envOptions are tool's Def.Env, nil for no peer.
func envOptions(tool Tool) []EnvOption {
	if d := Find(tool); d != nil {
		return d.Env
	}
	return nil
}
